"""Random sit & go tournaments played to the end at one table: entrants late, re-entries,
rebuys, the add-on, away players and deals. After every hand the tournament's chips are
all on the table, the pool is what was paid in, and the prizes paid are the pool
(RULES.md "Tournaments")."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.actions import AllIn, Call, Check, Fold, Raise
from bot.engine.blindlevels import PRESETS
from bot.engine.cards import Deck
from bot.engine.chop import deal
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.table import TableSettings
from bot.engine.tournament import FINISHED, Tournament, TournamentRules
from bot.engine.tourneytable import TournamentTable

GAMES = (
    GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20)),
    GameConfig(Game.OMAHA, Structure.POT_LIMIT, Stakes(10, 20)),
    GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(10, 20, small_bet=20, big_bet=40)),
)


def _move(rng: random.Random, hand: object) -> object:
    legal = hand.legal_actions()  # type: ignore[attr-defined]
    roll = rng.random()
    if legal.can_check and roll < 0.5:
        return Check
    if legal.can_fold and roll < 0.3:
        return Fold
    if legal.can_raise and roll < 0.55:
        if roll < 0.4 and legal.max_raise_to == legal.all_in_to:
            return AllIn
        to = legal.max_raise_to if roll < 0.45 else legal.min_raise_to
        return lambda i: Raise(i, to)
    return Check if legal.can_check else Call


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_tournament_random_sit_and_gos_conserve_chips_and_pay_the_pool(seed: int) -> None:
    rng = random.Random(seed)
    seats = rng.randint(2, 9)
    buy_in = rng.choice((0, 500, 2000))
    rules = TournamentRules(
        buy_in=buy_in,
        stack=1500,
        schedule=PRESETS["turbo"].schedule(),
        seats=seats,
        late_until=rng.randint(0, 3),
        rebuy_levels=rng.randint(0, 3),
        add_on=rng.random() < 0.5,
        re_entries=rng.randint(0, 1),
        bounty=rng.choice((0, 100)) if buy_in else 0,
    )
    t = Tournament(rules)
    names = [f"p{i}" for i in range(seats)]
    first = rng.randint(2, seats)
    paid = 0
    for name in names[:first]:
        paid += t.register(name).money
    table = TournamentTable(
        t, settings=TableSettings(rng.choice(GAMES), seats=seats, min_buy_in=40, max_buy_in=200)
    )
    table.seat_entries({}, rng)
    t.start(0.0)
    now = 0.0
    for _ in range(3000):
        if t.status == FINISHED:
            break
        now += rng.choice((10.0, 30.0, 60.0))
        # between hands: late entries, re-entries, rebuys, the add-on, going away
        who = rng.choice(names)
        try:
            roll = rng.random()
            if roll < 0.05:
                bought = t.register(who)
                table.seat_late(who, who, bought.chips, rng)
                paid += bought.money
            elif roll < 0.08:
                bought = t.re_enter(who)
                table.seat_late(who, who, bought.chips, rng)
                paid += bought.money
            elif roll < 0.15:
                paid += table.rebuy(who).money
            elif roll < 0.2:
                paid += table.add_on(who).money
            elif roll < 0.25:
                table.set_away(who, rng.random() < 0.5)
        except IllegalAction:
            pass
        for offered in [b.player for b in table.busts]:
            if rng.random() < 0.5:
                with contextlib.suppress(IllegalAction):
                    paid += table.rebuy(offered).money
        alive = [e.id for e in t.alive]
        dealt = any(e.dealt for e in t.entries)
        if (
            len(alive) >= 2
            and t.pool_final()
            and rng.random() < 0.01
            and not table.busts
            and not dealt
        ):
            stacks = [table.table.seating.seat_of(t.entry(e).player).stack for e in alive]  # type: ignore[union-attr]
            offer = deal(rng.choice(("icm", "chop")), stacks, t.unpaid())
            t.agree_deal(dict(zip(alive, offer, strict=True)))
        if table.why_not_deal() is not None and not table.busts:
            if t.level_clock.on_break:
                t.clock_due(now)
            continue
        _, _, events = table.deal(list(Deck(rng=rng).order), now)
        hand = table.table.hand
        if not events or hand is None:
            continue
        while not hand.is_complete:
            if table.play_away() is None:
                legal = hand.legal_actions()
                table.act(hand.names[legal.player], _move(rng, hand))  # type: ignore[arg-type]
        table.finish()
        on_table = sum(seat.stack for seat in table.table.seating.seats.values())
        assert on_table == t.chips, "every tournament chip is on the table"
        assert paid == t.pool + rules.bounty * len(t.entries), "the pool is what was paid in"
    assert t.status == FINISHED, "a sit & go ends"
    assert sum(e.prize for e in t.entries) == t.pool
    assert sum(e.bounties for e in t.entries) == rules.bounty * len(t.entries)
    places = sorted(e.place for e in t.entries)
    assert places[0] == 1 and len(places) == len(t.entries)
