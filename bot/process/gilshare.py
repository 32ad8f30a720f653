"""How the bot process shares Python's interpreter lock between its event loop and
aiosqlite's database thread.

Every statement of a commit hands the lock to the database thread and back: SQLite runs
without it, then the thread needs it again to go on to the next statement. While the event
loop is busy (many tables acting at once) it keeps the lock until the switch interval
runs out, 5 ms by default, so a commit of ten statements could wait 50 ms and leave the
loop idle once every table was waiting on it. At 0.5 ms the loop still runs uninterrupted
for long stretches, and a commit waits a tenth as long; measured with 200 tables, turn
about, 0.50 to 0.62 times the raw commit rate against 0.47 to 0.49
(``benchmarks/bench_service.py``).
"""

from __future__ import annotations

import sys

SWITCH_INTERVAL = 0.0005  # seconds a busy thread keeps the lock while another waits


def share_with_database_thread(interval: float = SWITCH_INTERVAL) -> None:
    """Set the interpreter's switch interval (``sys.setswitchinterval``) to ``interval``
    seconds. Call it once at start-up."""
    sys.setswitchinterval(interval)
