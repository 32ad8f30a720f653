"""How the bot process uses Python's garbage collector, so its pauses stay short.

Play makes no reference cycles (every hand's objects are freed as they go), yet the
collector's full collections walked every table and every lookup table imported for the
showdown (100 ms and more with 200 tables), and its young collections, started after every
700 objects kept, found some 10,000 there and took 3 to 20 ms, about once a second at 50
actions a second: each stalled whichever actions waited. So objects that survive a
collection are moved out of its reach (``gc.freeze``), at start-up and then every
:data:`EVERY` seconds, a collection then walking only what was made since (1 to 3 ms at that
rate), and a young collection waits for :data:`YOUNG` objects, which that rate does not
reach between two settles. Objects moved out are still freed when no longer referenced
(only a cycle among them would be kept).
"""

from __future__ import annotations

import asyncio
import gc

EVERY = 2.0  # seconds between settles
YOUNG = 10_000  # objects kept since the last collection that start a young collection


def settle() -> None:
    """Set the thresholds, collect everything not yet moved out of the collector's reach,
    then move out what survived (``gc.collect()``, ``gc.freeze()``). Call it once tables
    are restored."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
    gc.collect()
    gc.freeze()


async def keep_settled(every: float = EVERY) -> None:
    """:func:`settle` every ``every`` seconds, forever (a background task of the bot)."""
    while True:
        await asyncio.sleep(every)
        settle()
