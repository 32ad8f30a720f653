"""A tournament of computer players over many tables, served by the table service from
the draw to the winner: every move committed to SQLite, the floor balancing and breaking
the tables, hand-for-hand at the bubble.

Run as a whole process: ``python benchmarks/bench_spread.py --entries 1000 --seats 9``
(tables: as many as the entries need) prints the hands dealt, the moves between tables,
the wall time, hands per second and the process's peak memory. Time it as a whole process
too (``/usr/bin/time -v``); see benchmarks/README.md. ``--cash N`` instead deals N hands at
one nine-seat cash table through the same service, the anchor to run beside it.

Every player plays one seeded style (all in now and then, check when free, call a small
bet mostly and a big one one time in eight); the level clock moves 2 seconds a round of
one move at every table (20 seconds a move at the cash table).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bot.engine import Game, GameConfig, Hand, Stakes, Structure, TableSettings
from bot.engine import tourneyevents as tv
from bot.engine.cards import Deck
from bot.engine.tournament import FINISHED
from bot.service.tables import Outgoing, Player, TableService
from bot.words.commands import parse
from bot.words.tourneysetup import parse_tournament_setup
from storage.db import Database


class Clock:
    """The service's clock, moved by the benchmark."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _move(rng: random.Random, hand: Hand) -> str:
    """One move of the house style: all in now and then, else check when free, call a
    small bet, and a big one (over four big blinds) one time in eight."""
    legal = hand.legal_actions()
    if legal.can_raise and rng.random() < 0.03:
        return "allin"
    if legal.can_check:
        return "check"
    big = legal.call_amount > 4 * hand.config.stakes.big_blind
    return "call" if rng.random() < (0.125 if big else 0.85) else "fold"


async def tournament(entries: int, seats: int, seed: int) -> tuple[int, int, float]:
    """Play it to the winner; returns (hands, moves between tables, seconds)."""
    rng = random.Random(seed)
    deck = random.Random(seed)
    clock = Clock()
    moved = 0
    hands = 0

    async def publish(out: Sequence[Outgoing], asker: str | None = None) -> None:
        nonlocal moved, hands
        for item in out:
            if isinstance(item.event, tv.PlayerMoved) and item.event.source and not item.audience:
                moved += 1
            elif type(item.event).__name__ == "HandStarted":
                hands += 1

    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(str(Path(folder) / "bench.db"))
        service = TableService(db, clock=clock, shuffle=lambda: Deck(rng=deck).order)
        service.publish = publish
        await service.restore()
        tables = -(-entries // seats)
        players = [Player(f"b:{n}", f"Bot {n}") for n in range(entries)]
        words = f"tournament new turbo buyin 5 seats {seats} tables {tables} start now"
        home = await service.create_tournament(
            "bench", "night", players[0], parse_tournament_setup(words)
        )
        started = time.perf_counter()
        for player in players:
            await service.handle(home, player, parse("register"))
        await service.handle(home, players[0], parse("start"))
        spread = service.tables[home].spread
        assert spread is not None
        by_id = {p.id: p for p in players}
        while spread.books.status != FINISHED:
            clock.now += 2  # a round of one move at every table
            acting = [
                live
                for live in spread.lives.values()
                if live.table.hand is not None
                and not live.table.hand.is_complete
                and live.table.hand.to_act is not None
            ]
            if not acting:
                await service.tick()
                await service.idle()
                continue
            for live in acting:
                hand = live.table.hand
                if hand is None or hand.is_complete or hand.to_act is None:
                    continue
                text = _move(rng, hand)
                player = by_id[hand.names[hand.to_act]]
                await service.handle(live.id, player, parse(text), confirmed=True)
        await service.idle()
        took = time.perf_counter() - started
        dealt = sum(live.table.hand_number for live in spread.lives.values())
        await db.close()
    return max(hands, dealt), moved, took


async def cash(hands_wanted: int, seed: int) -> tuple[int, int, float]:
    """Deal ``hands_wanted`` hands at one nine-seat cash table through the service."""
    rng = random.Random(seed)
    deck = random.Random(seed)
    clock = Clock()
    hands = 0

    async def publish(out: Sequence[Outgoing], asker: str | None = None) -> None:
        nonlocal hands
        hands += sum(1 for item in out if type(item.event).__name__ == "HandStarted")

    settings = TableSettings(
        GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20)),
        seats=9,
        min_buy_in=400,
        max_buy_in=2000,
        offer_runs=False,
    )
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(str(Path(folder) / "bench.db"))
        service = TableService(db, clock=clock, shuffle=lambda: Deck(rng=deck).order)
        service.publish = publish
        await service.restore()
        players = [Player(f"b:{n}", f"Bot {n}") for n in range(9)]
        table = await service.create_table("bench", "cash", players[0], settings)
        started = time.perf_counter()
        for player in players:
            await service.handle(table, player, parse("sit 1500"))
        await service.handle(table, players[0], parse("start"))
        by_id = {p.id: p for p in players}
        while hands < hands_wanted:
            clock.now += 20
            live = service.tables[table]
            hand = live.table.hand
            if hand is None or hand.is_complete or hand.to_act is None:
                for seat in list(live.table.seating.seats.values()):
                    if seat.stack == 0:
                        await service.handle(table, by_id[seat.player_id], parse("topup 1500"))
                await service.tick()
                await service.idle()
                continue
            text = _move(rng, hand)
            await service.handle(table, by_id[hand.names[hand.to_act]], parse(text), confirmed=True)
        took = time.perf_counter() - started
        await db.close()
    return hands, 0, took


def main() -> int:
    """Run one mode and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--cash", type=int, default=0, metavar="HANDS")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if args.cash:
        hands, moved, took = asyncio.run(cash(args.cash, args.seed))
    else:
        hands, moved, took = asyncio.run(tournament(args.entries, args.seats, args.seed))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"hands {hands} moves {moved} seconds {took:.2f} hands/s {hands / took:.1f}"
        f" peak {peak:.1f} MiB",
        file=sys.stdout,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
