"""A table saved as plain data and read back: microseconds per call.

Method. A six-seat no-limit hold'em table with a kill, a mix-free rotation, six players
and a hand in play a few moves in (the state the service saves after every action) is
timed through :meth:`bot.engine.table.Table.to_dict` (what each commit pays),
``json.dumps`` of that, and :meth:`bot.engine.table.Table.from_dict` (what a restore pays,
the hand replayed); then each saved part on its own (the settings, the seats, the kill
button, the clock, the time banks, the bomb pot and time bank rules, a kill offer, a
rotation), ``to_dict`` and ``from_dict``. Each figure is the best of ``--repeat`` runs of
``--number`` calls, the collector off. The output names the build (pure or compiled).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import timeit
from collections.abc import Callable
from typing import Any

from bot.engine.actions import Call, Raise
from bot.engine.bombpot import BombRules
from bot.engine.cards import Deck
from bot.engine.killoffer import KillOffer
from bot.engine.kills import KillButton
from bot.engine.rotation import Rotation
from bot.engine.seating import Seating
from bot.engine.table import Table
from bot.engine.tableclock import TableClock
from bot.engine.tablesettings import TableSettings
from bot.engine.timebank import TimeBankRules, TimeBanks
from bot.words.tablesetup import parse_table_setup


def _table() -> Table:
    """A table mid-hand: six players, two moves made."""
    table = Table(parse_table_setup("new holdem nl 1/2 seats 6 kill"))
    for seat in range(1, 7):
        table.seating.sit(f"p{seat}", f"Player {seat}", 150 + seat, seat)
    table.banks = TimeBanks({f"p{seat}": 30 for seat in range(1, 7)})
    table.start_hand(Deck(rng=random.Random(7)).order)
    hand = table.hand
    assert hand is not None and hand.to_act is not None
    table.act(hand.names[hand.to_act], lambda i: Raise(i, 6))
    assert hand.to_act is not None
    table.act(hand.names[hand.to_act], Call)
    return table


def _time(call: Callable[[], Any], number: int, repeat: int) -> float:
    """The best of ``repeat`` runs of ``number`` calls, in microseconds a call."""
    return min(timeit.repeat(call, number=number, repeat=repeat)) / number * 1e6


def main(argv: list[str] | None = None) -> int:
    """Print the figures; exits 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=20_000, help="calls a run (20,000)")
    parser.add_argument("--repeat", type=int, default=7, help="runs, the best kept (7)")
    args = parser.parse_args(argv)
    compiled = not Table.__module__ or not hasattr(sys.modules[Table.__module__], "__file__")
    compiled = compiled or str(sys.modules[Table.__module__].__file__).endswith((".so", ".pyd"))
    print(f"build: {'compiled' if compiled else 'pure'}")
    table = _table()
    data = table.to_dict()
    text = json.dumps(data)
    kills = table.kills
    assert kills is not None
    parts: list[tuple[str, Any, Callable[[Any], Any]]] = [
        ("TableSettings", table.settings, TableSettings.from_dict),
        ("Seating", table.seating, Seating.from_dict),
        ("KillButton", kills.button, KillButton.from_dict),
        ("TableClock", table.clock, TableClock.from_dict),
        ("TimeBanks", table.banks, TimeBanks.from_dict),
        ("BombRules", BombRules(5, 10, True), BombRules.from_dict),
        ("TimeBankRules", TimeBankRules(30, 5, 10), TimeBankRules.from_dict),
        ("KillOffer", KillOffer("p1", "a leg up", 12.5), KillOffer.from_dict),
        (
            "Rotation",
            Rotation.from_dict({"games": ["holdem", "omaha", "razz"], "index": 1}),
            Rotation.from_dict,
        ),
    ]
    n, r = args.number, args.repeat
    gc.disable()
    rows = [
        ("Table.to_dict, mid-hand", _time(table.to_dict, n, r)),
        ("json.dumps of it", _time(lambda: json.dumps(data), n // 4 or 1, r)),
        (
            "Table.from_dict (hand replayed)",
            _time(lambda: Table.from_dict(json.loads(text)), n // 20 or 1, r),
        ),
    ]
    for name, record, read in parts:
        saved = record.to_dict()
        rows.append((f"{name}.to_dict", _time(record.to_dict, n, r)))
        rows.append((f"{name}.from_dict", _time(lambda read=read, saved=saved: read(saved), n, r)))
    gc.enable()
    width = max(len(name) for name, _ in rows)
    for name, us in rows:
        print(f"{name:<{width}}  {us:8.2f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
