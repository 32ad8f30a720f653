"""A 9-player sit & go on the turbo preset played by the engine from the first hand to the
winner, beside a cash game of the same number of hands at the same table.

Run as a whole process, one mode a run: ``--mode tournament`` plays the sit & go through
:class:`bot.engine.tourneytable.TournamentTable` (its level clock, busts and places) and
prints the hands dealt, the wall time and hands per second; ``--mode cash --hands N``
deals N hands of a cash game at a nine-seat :class:`bot.engine.table.Table` with the same
players' style, rebuying a player who runs out so nine stay seated. Time the two side by
side with any whole-process timer (``/usr/bin/time -v``); see benchmarks/README.md.

Every player plays the same simple style (a seeded generator): check when free, call a
small bet mostly and a big one now and then, raise now and then, go all-in once in a
hundred, so the sit & go ends in about ninety hands. This measures the engine's
tournament layer, not the chat or the service, which do not serve tournaments yet.
"""

from __future__ import annotations

import argparse
import random
import time

from bot.engine.actions import Action, AllIn, Call, Check, Fold, Raise
from bot.engine.blindlevels import PRESETS
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand
from bot.engine.table import Table, TableSettings
from bot.engine.tournament import FINISHED, Tournament, TournamentRules
from bot.engine.tourneytable import TournamentTable

PLAYERS = 9
SECONDS_A_HAND = 30.0  # the tournament clock moves this much a hand


def _move(hand: Hand, rng: random.Random) -> type[Action] | Action:
    """One move of the house style for the player to act."""
    legal = hand.legal_actions()
    roll = rng.random()
    if roll < 0.01 and legal.can_raise and legal.max_raise_to == legal.all_in_to:
        return AllIn(legal.player)
    if roll < 0.12 and legal.can_raise and legal.min_raise_to is not None:
        return Raise(legal.player, legal.min_raise_to)
    if legal.can_check:
        return Check(legal.player)
    big = legal.call_amount > 4 * hand.config.stakes.big_blind
    return Call(legal.player) if roll < (0.1 if big else 0.8) else Fold(legal.player)


def _play(table: Table, act: object, rng: random.Random) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        move = _move(hand, rng)
        player = hand.names[hand.legal_actions().player]
        act(player, lambda i, m=move: m)  # type: ignore[operator]


def tournament(seed: int) -> int:
    """Play the sit & go to its winner; returns the hands dealt."""
    rng = random.Random(seed)
    rules = TournamentRules(buy_in=1000, stack=1500, schedule=PRESETS["turbo"].schedule())
    t = Tournament(rules)
    for n in range(PLAYERS):
        t.register(f"p{n}")
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20))
    settings = TableSettings(config, seats=PLAYERS, min_buy_in=400, max_buy_in=2000)
    table = TournamentTable(t, settings=settings)
    table.seat_entries({}, rng)
    t.start(0.0)
    now, hands = 0.0, 0
    while t.status != FINISHED:
        now += SECONDS_A_HAND
        _, _, events = table.deal(list(Deck(rng=rng).order), now)
        if not events:
            continue
        hands += 1
        _play(table.table, table.act, rng)
        table.finish()
    return hands


def cash(seed: int, hands: int) -> int:
    """Deal ``hands`` hands of a nine-seat cash game; returns them."""
    rng = random.Random(seed)
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20))
    table = Table(
        TableSettings(config, seats=PLAYERS, min_buy_in=400, max_buy_in=2000, offer_runs=False)
    )
    for n in range(PLAYERS):
        table.seating.sit(f"p{n}", f"p{n}", 1500)
    for _ in range(hands):
        for seat in table.seating.seats.values():
            if seat.stack == 0:  # back to nine players with chips
                table.adjust(seat.player_id, 1500)
                table.sit_in(seat.player_id)
        table.start_hand(list(Deck(rng=rng).order))
        _play(table, table.act, rng)
        table.finish_hand()
    return hands


def main() -> None:
    """Run one mode and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("tournament", "cash"), default="tournament")
    parser.add_argument(
        "--hands", type=int, default=0, help="cash: hands to deal (0: as many as the sit & go)"
    )
    parser.add_argument("--seed", type=int, default=7, help="random seed (7)")
    args = parser.parse_args()
    hands = args.hands or (tournament(args.seed) if args.mode == "cash" else 0)
    started = time.perf_counter()
    dealt = tournament(args.seed) if args.mode == "tournament" else cash(args.seed, hands)
    wall = time.perf_counter() - started
    print(f"{args.mode}: {dealt} hands in {wall:.2f} s = {dealt / wall:,.0f} hands/s")


if __name__ == "__main__":
    main()
