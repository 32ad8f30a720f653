"""How the bot process uses Python's garbage collector, so its pauses stay short.

Play makes no reference cycles (every hand's objects are freed as they go), yet the
collector's full collections walked every table and every lookup table imported for the
showdown (100 ms and more with 200 tables), and its young collections, started after every
700 objects kept, found some 10,000 there and took 3 to 20 ms, about once a second at 50
actions a second: each stalled whichever actions waited. So objects that survive a
collection are moved out of its reach (``gc.freeze``), at start-up and then every
:data:`EVERY` seconds or more, a collection then walking only what was made since, and a
young collection waits for :data:`YOUNG` objects, which that rate does not reach between
two settles. Objects moved out are still freed when no longer referenced (only a cycle
among them would be kept).

How often: a settle's pause is what was kept since the last, and an action that arrives
during it waits for it. Paced (50 actions a second) that grows with the interval: 1 to 11
ms every 2 s, 1 to 4 ms (the longest of a minute mostly 2.2 to 6.5 ms) every half second,
so settles are frequent and short. Under full load it is every table's newest state
whatever the interval (40 to 100 ms with 200 tables), so the next settle waits until the
pauses take at most :data:`SHARE` of the time (:func:`next_pause`). When full load ends,
the wait set by its last settle (up to 10 s) still runs, and the first settle after it
walks what those seconds kept (8 to 11 ms, paced).
"""

from __future__ import annotations

import asyncio
import gc
import time

EVERY = 0.5  # seconds between settles, at least
SHARE = 0.01  # of the time settles may take, at most
YOUNG = 10_000  # objects kept since the last collection that start a young collection


def settle() -> None:
    """Set the thresholds, collect everything not yet moved out of the collector's reach,
    then move out what survived (``gc.collect()``, ``gc.freeze()``). Call it once tables
    are restored."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
    gc.collect()
    gc.freeze()


def next_pause(took: float, every: float = EVERY, share: float = SHARE) -> float:
    """Seconds to wait before the next settle after one that took ``took`` seconds: at least
    ``every``, and long enough that settling takes at most ``share`` of the time."""
    return max(every, took / share)


async def keep_settled(every: float = EVERY, share: float = SHARE) -> None:
    """:func:`settle` every :func:`next_pause` seconds, forever (a background task of the
    bot)."""
    took = 0.0
    while True:
        await asyncio.sleep(next_pause(took, every, share))
        start = time.perf_counter()
        settle()
        took = time.perf_counter() - start
