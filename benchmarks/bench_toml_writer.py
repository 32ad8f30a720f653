"""Writing a hand history as TOML, on the path of every hand's end (the table stores each
finished hand's PHH): our writer (:func:`bot.phh.notation.dumps_phh`) against ``tomli-w``,
the kept library that could replace it.

Both write the same hands (the PHH files kept in ``tests/data/phh``) from the same
:meth:`~bot.phh.notation.HandHistory.to_dict`; before timing, each text must read back,
with :mod:`tomllib`, to the same fields. Then each writer runs over every hand, the two in
turn, best of ``--repeat``, the garbage collector off. Last, how many of tomli-w's texts
our fast reader (:mod:`bot.phh.tomlsubset`, which every replay and every ``stats`` read
goes through) still reads without falling back to :mod:`tomllib`.

tomli-w also writes what TOML cannot hold and our writer refuses (an integer past 64 bits,
a lone surrogate, which no UTF-8 store takes): replacing our writer would keep those
checks as a walk over every value besides.

Run ``python benchmarks/bench_toml_writer.py`` after ``pip install tomli-w`` (it is no
dependency of the bot).
"""

from __future__ import annotations

import argparse
import gc
import glob
import sys
import time
import tomllib
from collections.abc import Callable
from importlib.metadata import version

from bot.phh import tomlsubset
from bot.phh.notation import HandHistory, dumps_phh, load_path


def _hands(folder: str) -> list[HandHistory]:
    files = sorted(glob.glob(f"{folder}/**/*.phh", recursive=True))
    return [hh for path in files for _, hh in load_path(path)]


def _best(write: Callable[[HandHistory], str], hands: list[HandHistory], repeat: int) -> float:
    """The best time of ``repeat`` passes over ``hands``, in microseconds a hand."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in hands:
            write(hand)
        best = min(best, time.perf_counter() - start)
    return best / len(hands) * 1e6


def main() -> int:
    """Time both writers and print one line each, then the reader's coverage."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", default="tests/data/phh", help="PHH files to write")
    parser.add_argument("--repeat", type=int, default=7, help="passes; the best is kept")
    args = parser.parse_args()
    try:
        import tomli_w
    except ImportError:
        print("pip install tomli-w first", file=sys.stderr)
        return 2
    hands = _hands(args.folder)

    def library(hand: HandHistory) -> str:
        return tomli_w.dumps(hand.to_dict())

    for hand in hands:
        if tomllib.loads(library(hand)) != tomllib.loads(dumps_phh(hand)):
            print("the two texts differ for a hand", file=sys.stderr)
            return 1
    gc.disable()
    ours, theirs = 0.0, 0.0
    for _ in range(2):  # in turn, so that a drift of the machine falls on both
        ours = _best(dumps_phh, hands, args.repeat)
        theirs = _best(library, hands, args.repeat)
    gc.enable()
    fast = sum(tomlsubset.loads(library(hand)) is not None for hand in hands)
    print(f"{len(hands)} hands, tomli-w {version('tomli-w')}")
    print(f"dumps_phh  {ours:8.1f} us a hand")
    print(f"tomli-w    {theirs:8.1f} us a hand  ({theirs / ours:.2f}x)")
    print(f"tomli-w's texts the fast reader takes: {fast} of {len(hands)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
