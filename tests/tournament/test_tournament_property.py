"""Random tournaments' books: whatever entries, re-entries, rebuys, add-ons, busts and
deals come, the pool is what was paid in and the prizes paid are the pool
(RULES.md "Tournaments")."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.blindlevels import Level, Schedule
from bot.engine.chop import deal
from bot.engine.errors import IllegalAction
from bot.engine.tournament import FINISHED, Tournament, TournamentRules

SCHEDULE = Schedule(tuple(Level(10 * n, 20 * n, minutes=5) for n in range(1, 7)), 2, 5)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_tournament_random_nights_pay_out_exactly_what_was_paid_in(seed: int) -> None:
    rng = random.Random(seed)
    rules = TournamentRules(
        buy_in=rng.choice((500, 1000, 2000)),
        stack=1500,
        schedule=SCHEDULE,
        seats=rng.randint(2, 10),
        fee=rng.choice((0, 100)),
        late_until=rng.randint(0, 3),
        rebuy_levels=rng.randint(0, 3),
        rebuys_most=rng.randint(0, 2),
        add_on=rng.random() < 0.5,
        re_entries=rng.randint(0, 2),
        bounty=rng.choice((0, 100, 250)),
    )
    t = Tournament(rules)
    paid = fees = 0
    stacks: dict[str, int] = {}
    players = [f"p{i}" for i in range(12)]
    for name in players[: rng.randint(2, rules.seats)]:
        bought = t.register(name)
        paid += bought.money
        fees += rules.fee
        stacks[bought.entry] = bought.chips
    t.start(0.0)
    now = 0.0
    for _ in range(400):
        if t.status == FINISHED:
            break
        now += rng.choice((0.0, 30.0, 120.0))
        t.clock_due(now)
        # someone late, a re-entry, a rebuy or an add-on, when the rules allow it
        who = rng.choice(players)
        try:
            choice = rng.randrange(4)
            if choice == 0:
                bought = t.register(who)
            elif choice == 1:
                bought = t.re_enter(who)
            elif choice == 2:
                entry = t.current(who)
                if entry is None or entry.out:
                    continue
                bought = t.rebuy(entry.id, stacks[entry.id])
            else:
                entry = t.current(who)
                if entry is None:
                    continue
                bought = t.take_add_on(entry.id)
            paid += bought.money
            fees += rules.fee if bought.kind in ("buy-in", "re-entry") else 0
            stacks[bought.entry] = stacks.get(bought.entry, 0) + bought.chips
        except IllegalAction:
            pass
        alive = [e.id for e in t.alive]
        assert sum(stacks[e] for e in alive) == t.chips - sum(
            stacks[e.id] for e in t.entries if e.out
        )
        dealt = any(e.dealt for e in t.entries)
        if len(alive) >= 2 and rng.random() < 0.02 and t.pool_final() and not dealt:
            offer = deal("chop", [stacks[e] for e in alive], t.unpaid())
            t.agree_deal(dict(zip(alive, offer, strict=True)))
        # a hand: one player takes chips from one or two others, who may bust
        if len(alive) < 2:
            continue
        winner, *losers = rng.sample(alive, min(len(alive), rng.randint(2, 3)))
        start = dict(stacks)
        busted = []
        for loser in losers:
            lost = stacks[loser] if rng.random() < 0.4 else rng.randint(0, stacks[loser])
            stacks[loser] -= lost
            stacks[winner] += lost
            if not stacks[loser]:
                busted.append((loser, start[loser]))
        if busted:
            t.hand_over(busted, {loser: [winner] for loser, _ in busted})
            for loser, _ in busted:
                stacks.pop(loser)
                stacks[loser] = 0
    # what went in: the pool, the bounties on every entry and the fees
    assert paid == t.pool + rules.bounty * len(t.entries) + fees
    if t.status == FINISHED:
        assert sum(e.prize for e in t.entries) == t.pool
        assert sum(e.bounties for e in t.entries) == rules.bounty * len(t.entries)
        assert sorted(e.place for e in t.entries if e.tied == 1)[0] == 1
