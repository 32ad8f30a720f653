"""The anchor of the whole-process replay comparison: pokerkit replays hand histories.

For every ``.phh`` file under the paths given (searched deeply, in sorted order), it loads
the file with ``pokerkit.HandHistory.load``, walks every state pokerkit's own iterator
builds, and prints one JSON line per hand (the file, the hand's finishing stacks and
whether they match the file's), as ``killbutton replay --json`` does for ours. It exists
only to be timed as a whole process beside ``killbutton replay --json`` (see
``benchmarks/README.md``); it is not a test.

    python benchmarks/pokerkit_replay.py PATH...
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pokerkit


def _paths(args: list[str]) -> list[Path]:
    found: list[Path] = []
    for arg in args:
        place = Path(arg)
        found += sorted(place.rglob("*.phh")) if place.is_dir() else [place]
    return found


def main(argv: list[str]) -> int:
    """Replay every file; exit 0 when every hand ends on its file's finishing stacks."""
    bad = 0
    out = sys.stdout
    for path in _paths(argv):
        with path.open("rb") as fp:
            history = pokerkit.HandHistory.load(fp)
        last = None
        for last in history:  # noqa: B007 - every state is built; the last is the result
            pass
        stacks = [int(s) for s in last.stacks] if last is not None else []
        expected = history.finishing_stacks
        match = expected is None or [int(s) for s in expected] == stacks
        bad += not match
        out.write(json.dumps({"path": str(path), "stacks": stacks, "match": match}) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
