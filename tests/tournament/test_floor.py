"""A tournament over several tables: the draw, balancing, breaking, the final table and
hand-for-hand, and random tournaments of 30 to 200 entrants played to the end
(RULES.md "Tournaments", several tables)."""

from __future__ import annotations

import math
import os
import random
from contextlib import suppress

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.actions import AllIn, Call, Check, Fold
from bot.engine.balancing import tolerance_for, waits_for_button
from bot.engine.blindlevels import PRESETS
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.floor import Floor
from bot.engine.table import Table, TableSettings
from bot.engine.tournament import FINISHED, Tournament, TournamentRules
from bot.engine.tourneytable import TournamentTable

CONFIG = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20))
# the long run of the property test: KILLBUTTON_LONG_PROPERTIES=1
EXAMPLES = 200 if os.environ.get("KILLBUTTON_LONG_PROPERTIES") else 4
FIXED = not os.environ.get("KILLBUTTON_RANDOM_PROPERTIES")  # new examples each run when set


def _floor(entrants: int, seats: int, rng: random.Random, **rules: object) -> Floor:
    count = math.ceil(entrants / seats)
    schedule = PRESETS["turbo"].schedule()
    t = Tournament(
        TournamentRules(1000, 1500, schedule, seats=seats, tables=count, **rules)  # type: ignore[arg-type]
    )
    for n in range(entrants):
        t.register(f"p{n}")
    settings = TableSettings(CONFIG, seats=seats, min_buy_in=40, max_buy_in=200)
    tables = {f"t{k}": TournamentTable(t, settings=settings) for k in range(1, count + 1)}
    order = list(tables)
    rng.shuffle(order)
    floor = Floor(t, tables, order)
    floor.start({}, rng)
    t.start(0.0)
    return floor


def _deal(floor: Floor, tid: str, rng: random.Random, now: float) -> bool:
    """Deal at table ``tid``; True if a hand is now in play there."""
    table = floor.tables[tid]
    _, _, events = table.deal(list(Deck(rng=rng).order), now)
    if not events:
        return False
    floor.dealt(tid)
    return True


def _move(table: TournamentTable, rng: random.Random, aggressive: float) -> bool:
    """One move in the hand in play at ``table`` (an away player's turn played for him);
    True when the hand is over."""
    hand = table.table.hand
    assert hand is not None
    if hand.is_complete:
        return True
    if table.play_away() is None:
        legal = hand.legal_actions()
        roll = rng.random()
        if roll < aggressive and legal.can_raise and legal.max_raise_to == legal.all_in_to:
            move = AllIn
        elif legal.can_check:
            move = Check
        elif roll < 0.8:
            move = Call
        else:
            move = Fold
        table.act(hand.names[legal.player], move)
    return hand.is_complete


def _play_hand(
    floor: Floor, tid: str, rng: random.Random, now: float, aggressive: float = 0.6
) -> None:
    if not _deal(floor, tid, rng, now):
        return
    table = floor.tables[tid]
    while not _move(table, rng, aggressive):
        pass
    table.finish(hold=floor.hand_for_hand)


def test_tda_2024_r7_the_start_draws_every_entrant_to_balanced_tables() -> None:
    floor = _floor(20, 9, random.Random(1))
    assert sorted(floor.counts().values()) == [6, 7, 7]
    seated = [s.player_id for t in floor.tables.values() for s in t.table.seating.seats.values()]
    assert sorted(seated) == sorted(f"p{n}" for n in range(20))


def test_tda_2024_r11_a_a_table_two_short_gets_the_next_big_blind_of_the_fullest() -> None:
    rng = random.Random(2)
    floor = _floor(18, 9, rng)
    short = floor.tables["t2"]
    for player in [s.player_id for s in list(short.table.seating.seats.values())[:2]]:
        short.table.seating.leave(player)  # two gone from t2: 9 against 7
    giver = floor.tables["t1"].table.seating
    _play_hand(floor, "t1", rng, 1.0, aggressive=0.0)
    from bot.engine.balancing import next_big_blind

    due = next_big_blind(giver)
    end = floor.hand_ended("t1", rng)
    assert [(m.source, m.target, m.player, m.why) for m in end.moves] == [
        ("t1", "t2", due, "balance")
    ]
    assert sorted(floor.counts().values()) == [8, 8]


def test_tda_2024_rp_19_a_table_breaks_once_the_others_can_seat_its_players() -> None:
    rng = random.Random(3)
    floor = _floor(12, 6, rng)  # two tables of six
    first = floor.break_order[0]
    other = next(t for t in floor.tables if t != first)
    for player in [s.player_id for s in list(floor.tables[other].table.seating.seats.values())[:3]]:
        floor.tables[other].table.seating.leave(player)
    for player in [s.player_id for s in list(floor.tables[first].table.seating.seats.values())[:3]]:
        floor.tables[first].table.seating.leave(player)
    # 3 and 3 left: the final table of seven seats them all, drawn afresh
    end = floor.hand_ended(other, rng)
    assert len(floor.tables) == 1 and sum(floor.counts().values()) == 6
    assert {m.why for m in end.moves} == {"final"}


def test_tda_2024_rp_8_hand_for_hand_tables_wait_for_each_other() -> None:
    rng = random.Random(4)
    ten = (200, 150, 120, 100, 90, 80, 70, 70, 60, 60)
    floor = _floor(18, 9, rng, shares=ten)
    # eleven left, ten paid: the next one out is the last unpaid
    for tid, keep in (("t1", 6), ("t2", 5)):
        seats = list(floor.tables[tid].table.seating.seats.values())
        for seat in seats[keep:]:
            floor.tables[tid].table.seating.leave(seat.player_id)
    t = floor.tournament
    t.hand_over([(e.id, 1500) for e in t.entries if floor.table_of(e.player) is None])
    assert floor.hand_ended("t1", rng).hand_for_hand
    _play_hand(floor, "t1", rng, 1.0, aggressive=0.0)
    floor.hand_ended("t1", rng)
    assert floor.why_not_deal("t1") == (
        "hand-for-hand: this table waits for the other tables to finish their hand"
    )
    assert floor.why_not_deal("t2") is None
    _play_hand(floor, "t2", rng, 2.0, aggressive=0.0)
    floor.hand_ended("t2", rng)
    assert floor.why_not_deal("t1") is None and floor.hand_for_hand


def test_tda_2024_r10_a_a_player_moved_in_waits_only_while_two_others_can_be_dealt() -> None:
    # he arrived between the button and the small blind while the table played a hand
    # with two others; one went out in it: held, he would leave one player to deal to
    rng = random.Random(0)
    floor = _floor(6, 3, rng)
    arriving, giving = (floor.tables[t] for t in floor.tables)
    _play_hand(floor, next(iter(floor.tables)), rng, 1.0, aggressive=0.0)
    first, second, third = arriving.table.seating.seats.values()
    arriving.table.seating.leave(first.player_id)
    mover = next(iter(giving.table.seating.seats.values()))
    assert waits_for_button(arriving.table.seating, first.seat)
    arriving.seat_moved(giving.unseat(mover.player_id), first.seat, wait=True)
    arriving.table.seating.leave(second.player_id)  # out in the hand under way
    arriving.deal(list(Deck(rng=rng).order), 2.0)
    hand = arriving.table.hand
    assert hand is not None and sorted(hand.names) == sorted([mover.player_id, third.player_id])


def test_tournament_floor_is_stored_and_restored_mid_tournament() -> None:
    rng = random.Random(6)
    floor = _floor(40, 9, rng)
    for k in range(12):
        tid = rng.choice([t for t in floor.tables if floor.why_not_deal(t) is None])
        _play_hand(floor, tid, rng, float(k), aggressive=0.02)
        floor.hand_ended(tid, rng)
    assert floor.tournament.status == "running" and len(floor.tables) > 1
    tournament = Tournament.from_dict(floor.tournament.to_dict())
    tables = {
        tid: TournamentTable.from_dict(tournament, Table.from_dict(t.table.to_dict()), t.to_dict())
        for tid, t in floor.tables.items()
    }
    back = Floor.from_dict(tournament, tables, floor.to_dict())
    assert back.to_dict() == floor.to_dict()
    assert back.counts() == floor.counts()


def _chips(table: TournamentTable) -> int:
    """The chips at a table: its seats', those of a hand in play as the hand holds them."""
    hand = table.table.hand
    dealt = set(hand.names) if hand is not None else set()
    chips = sum(s.stack for s in table.table.seating.seats.values() if s.player_id not in dealt)
    if hand is not None:
        chips += sum(hand.starting)  # the hand's own tests count its chips move by move
    return chips


def _check(floor: Floor, seen: set[str]) -> None:
    t = floor.tournament
    seats = [s for table in floor.tables.values() for s in table.table.seating.seats.values()]
    assert sum(_chips(table) for table in floor.tables.values()) == t.chips, (
        "every chip is at a table"
    )
    players = [s.player_id for s in seats]
    assert len(players) == len(set(players)), "no one is seated twice"
    alive = {e.player for e in t.alive} - {bust.player for bust in floor.held}
    if t.status == "running":
        # a hand-for-hand round's players out are placed when every table has played it
        assert set(players) == alive, "everyone still in is seated, and only they"
    quiet = all(table.table.hand is None for table in floor.tables.values())
    if quiet and not floor.played and t.status == "running":
        counts = floor.counts().values()
        tolerance = tolerance_for(len(floor.tables), floor.tolerance)
        assert max(counts) - min(counts) <= tolerance, floor.counts()


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("KILLBUTTON_RANDOM_PROPERTIES"),
)
@given(entrants=st.integers(30, 200), seats=st.integers(6, 10), seed=st.integers(0, 2**32 - 1))
def test_tournament_random_multi_table_tournaments_conserve_chips_and_balance(
    entrants: int, seats: int, seed: int
) -> None:
    rng = random.Random(seed)
    floor = _floor(entrants, seats, rng, late_until=2, re_entries=1)
    t = floor.tournament
    paid = 1000 * entrants
    now = 0.0
    playing: list[str] = []  # tables with a hand in play: several at once, as in a server
    for _ in range(200_000):
        if t.status == FINISHED:
            break
        now += 0.5
        t.clock_due(now)
        if rng.random() < 0.005:  # someone late, or back for another entry
            who = f"p{rng.randrange(entrants + 20)}"
            try:
                bought, _ = floor.enter(who, who, rng)
                paid += bought.money
            except IllegalAction:
                pass
        if rng.random() < 0.005:
            tid = rng.choice(list(floor.tables))
            seated = list(floor.tables[tid].table.seating.seats.values())
            if seated:
                with suppress(IllegalAction):  # back when not away is refused
                    floor.tables[tid].set_away(rng.choice(seated).player_id, rng.random() < 0.7)
        ready = [tid for tid in floor.tables if floor.why_not_deal(tid) is None]
        if ready and (not playing or rng.random() < 0.3):
            tid = rng.choice(ready)
            if _deal(floor, tid, rng, now):
                playing.append(tid)
            continue
        if not playing:
            if t.level_clock.on_break:
                continue
            away = [x for x in floor.tables if floor.tables[x].away]
            if away:  # every player at a table away: one of them says 'back'
                table = floor.tables[rng.choice(away)]
                table.set_away(rng.choice(sorted(table.away)), False)
                continue
            raise AssertionError(
                f"no table can deal: {[floor.why_not_deal(x) for x in floor.tables]}"
            )
        tid = rng.choice(playing)
        if _move(floor.tables[tid], rng, 0.6):
            playing.remove(tid)
            floor.tables[tid].finish(hold=floor.hand_for_hand)
            floor.hand_ended(tid, rng)
            _check(floor, set())
    assert t.status == FINISHED, "the tournament ends"
    assert paid == t.pool
    assert sum(e.prize for e in t.entries) == t.pool
    assert sorted(e.place for e in t.entries)[0] == 1
