"""How the bot process uses Python's garbage collector, so its pauses stay short.

Play makes no reference cycles (every hand's objects are freed as they go), yet the
collector's full collections walked every table and every lookup table imported for the
showdown: 100 ms and more with 200 tables, stalling whichever actions waited. Objects that
survive a collection are moved out of its reach (``gc.freeze``), at start-up and then
every :data:`EVERY` seconds, so a collection only walks what was made since; objects moved
out are still freed when no longer referenced (only a cycle among them would be kept).
"""

from __future__ import annotations

import asyncio
import gc

EVERY = 10.0  # seconds; each settle walks only what was made since the last (a few ms)


def settle() -> None:
    """Collect everything not yet moved out of the collector's reach, then move out what
    survived (``gc.collect()``, ``gc.freeze()``). Call it once tables are restored."""
    gc.collect()
    gc.freeze()


async def keep_settled(every: float = EVERY) -> None:
    """:func:`settle` every ``every`` seconds, forever (a background task of the bot)."""
    while True:
        await asyncio.sleep(every)
        settle()
