"""A tournament at one table (a sit & go): levels from the next hand, busts and places,
rebuys, away players blinded off, late entrants (RULES.md "Tournaments")."""

from __future__ import annotations

import random

import pytest

from bot.engine.actions import AllIn, Call, Check, Fold
from bot.engine.blindlevels import Level, Schedule
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.events import Posted
from bot.engine.levelclock import LevelUp
from bot.engine.table import Table, TableSettings
from bot.engine.tournament import FINISHED, Tournament, TournamentRules
from bot.engine.tourneytable import TournamentTable

LEVELS = Schedule(
    (Level(10, 20, minutes=10), Level(20, 40, minutes=10), Level(50, 100, minutes=10))
)
SETTINGS = TableSettings(
    GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20)),
    seats=6,
    min_buy_in=400,
    max_buy_in=2000,
)


def _sit_and_go(names: str = "abc", **rules: object) -> TournamentTable:
    t = Tournament(TournamentRules(buy_in=1000, stack=1500, schedule=LEVELS, seats=6, **rules))  # type: ignore[arg-type]
    for name in names:
        t.register(name)
    table = TournamentTable(t, settings=SETTINGS)
    table.seat_entries({n: n.upper() for n in names}, random.Random(2))
    t.start(0.0)
    return table


def _deck(seed: int = 1) -> list[str]:
    return list(Deck(rng=random.Random(seed)).order)


def _blinds(events: list[object]) -> list[int]:
    return sorted(e.amount for e in events if isinstance(e, Posted) and e.kind.endswith("blind"))


def _all_in_until_over(table: TournamentTable) -> None:
    hand = table.table.hand
    assert hand is not None
    while not hand.is_complete:
        legal = hand.legal_actions()
        player = hand.names[legal.player]
        table.act(player, AllIn if legal.can_raise else Call)


def test_tournament_seats_are_drawn_with_the_starting_stack() -> None:
    table = _sit_and_go("abcd")
    seats = table.table.seating.seats
    assert sorted(seat.player_id for seat in seats.values()) == list("abcd")
    assert {seat.stack for seat in seats.values()} == {1500}


def test_tda_2024_r23_a_new_level_applies_from_the_next_hand() -> None:
    table = _sit_and_go()
    _, _, events = table.deal(_deck(), now=590.0)
    assert _blinds(events) == [10, 20]
    # the level changes while the hand is in play: the hand keeps its stakes
    assert table.tournament.clock_due(600.0) == [LevelUp(2, LEVELS.levels[1])]
    hand = table.table.hand
    assert hand is not None and hand.config.stakes.big_blind == 20
    while not hand.is_complete:
        legal = hand.legal_actions()
        table.act(hand.names[legal.player], Check if legal.can_check else Call)
    table.finish()
    _, _, events = table.deal(_deck(2), now=605.0)
    assert _blinds(events) == [20, 40]


def test_tournament_no_hand_is_dealt_on_a_break() -> None:
    t = Tournament(TournamentRules(buy_in=0, stack=1500, schedule=Schedule(LEVELS.levels, 1, 5)))
    for name in "ab":
        t.register(name)
    table = TournamentTable(t, settings=SETTINGS)
    table.seat_entries({}, random.Random(1))
    t.start(0.0)
    changes, _, events = table.deal(_deck(), now=600.0)
    assert events == [] and table.tournament.level_clock.on_break
    assert table.why_not_deal() == "the tournament is on a break after level 1"
    _, _, events = table.deal(_deck(), now=900.0)
    assert _blinds(events) == [20, 40]


def test_finishing_places_a_player_with_no_chips_is_out_with_his_place() -> None:
    table = _sit_and_go("ab")
    table.deal(_deck(5), now=1.0)
    _all_in_until_over(table)
    end = table.finish()
    assert [f.place for f in end.finishes] == [1, 2]
    assert table.tournament.status == FINISHED
    prizes = {e.id: e.prize for e in table.tournament.entries}
    assert sorted(prizes.values()) == [0, 2000]


def test_tda_2024_r27_a_busted_player_may_rebuy_before_the_next_deal_or_is_out() -> None:
    table = _sit_and_go("ab", rebuy_levels=2)
    table.deal(_deck(5), now=1.0)
    _all_in_until_over(table)
    end = table.finish()
    assert end.finishes == () and len(end.offers) == 1
    loser = end.offers[0]
    assert table.rebuy(loser).chips == 1500
    assert table.table.seating.seat_of(loser).stack == 1500  # type: ignore[union-attr]
    _, finishes, events = table.deal(_deck(6), now=2.0)
    assert finishes == () and events
    assert table.tournament.pool == 3000


def test_tda_2024_r27_a_rebuy_not_taken_before_the_deal_is_out() -> None:
    table = _sit_and_go("abc", rebuy_levels=2)
    table.deal(_deck(5), now=1.0)
    _all_in_until_over(table)
    end = table.finish()
    out = set(end.offers)
    _, finishes, _ = table.deal(_deck(6), now=2.0)
    assert {f.entry for f in finishes if f.place > 1} == out
    assert all(table.table.seating.seat_of(p) is None for p in out)


def test_tda_2024_r71_a_an_away_player_is_dealt_in_and_blinded_off() -> None:
    table = _sit_and_go("abc")
    table.set_away("a", True)
    for k in range(3):
        _, _, events = table.deal(_deck(k), now=float(k))
        hand = table.table.hand
        assert hand is not None and "a" in hand.names
        while not hand.is_complete:
            moved = table.play_away()
            if moved is None:
                legal = hand.legal_actions()
                table.act(hand.names[legal.player], Check if legal.can_check else Call)
        table.finish()
        seat = table.table.seating.seat_of("a")
        assert seat is not None and seat.status.value == "active"
    assert table.table.seating.seat_of("a").stack < 1500  # type: ignore[union-attr]


def test_tda_2024_r71_a_time_outs_make_a_player_away_never_sat_out() -> None:
    table = _sit_and_go("abc")
    for k in range(4):
        table.deal(_deck(k), now=float(k))
        hand = table.table.hand
        assert hand is not None
        while not hand.is_complete:
            legal = hand.legal_actions()
            player = hand.names[legal.player]
            if player == "b" and "b" not in table.away:
                table.time_out("b")
            elif table.play_away() is None:
                table.act(player, Check if legal.can_check else Call)
        table.finish()
    assert "b" in table.away
    assert table.table.seating.seat_of("b").status.value == "active"  # type: ignore[union-attr]


def test_tournament_a_bounty_goes_to_who_won_the_last_chips() -> None:
    table = _sit_and_go("ab", bounty=200)
    table.deal(_deck(5), now=1.0)
    _all_in_until_over(table)
    table.finish()
    winner = next(e for e in table.tournament.entries if e.place == 1)
    assert winner.bounties == 400  # the loser's and his own


def test_tda_2024_r8_a_a_late_entrant_is_seated_and_dealt_in() -> None:
    table = _sit_and_go("ab", late_until=2)
    table.deal(_deck(1), now=1.0)
    hand = table.table.hand
    assert hand is not None
    while not hand.is_complete:
        legal = hand.legal_actions()
        table.act(hand.names[legal.player], Check if legal.can_check else Call)
    table.finish()
    bought = table.tournament.register("c")
    table.seat_late("c", "C", bought.chips, random.Random(3))
    dealt = []
    for k in range(3):
        table.deal(_deck(k + 2), now=2.0 + k)
        hand = table.table.hand
        assert hand is not None
        dealt.append("c" in hand.names)
        while not hand.is_complete:
            legal = hand.legal_actions()
            table.act(hand.names[legal.player], Check if legal.can_check else Call)
        table.finish()
    assert dealt[-1] and dealt.count(False) <= 1


def test_tournament_refuses_a_rebuy_during_a_hand() -> None:
    table = _sit_and_go("ab", rebuy_levels=2)
    table.deal(_deck(1), now=1.0)
    with pytest.raises(IllegalAction, match="between hands"):
        table.rebuy("a")
    hand = table.table.hand
    assert hand is not None
    table.act(hand.names[hand.legal_actions().player], Fold)


def test_tournament_table_is_stored_and_restored_with_its_busts_and_away_players() -> None:
    table = _sit_and_go("abc", rebuy_levels=2)
    table.deal(_deck(5), now=1.0)
    _all_in_until_over(table)
    table.finish()
    seated = next(iter(table.table.seating.seats.values())).player_id
    table.set_away(seated, True)
    data = table.to_dict()
    restored = TournamentTable.from_dict(
        Tournament.from_dict(table.tournament.to_dict()),
        Table.from_dict(table.table.to_dict()),
        data,
    )
    assert restored.to_dict() == data and restored.busts == table.busts
    assert restored.away == {seated}


def test_tournament_deal_asked_during_a_hand_that_puts_a_player_out_is_offered_unaccepted() -> None:
    """Two of three ask for a chip chop during a hand and the third goes out in it: the
    deal they asked for was among three, so the one among the two left is offered with
    its new amounts and no one's acceptance, not made unseen (RULES.md "Tournaments",
    deals)."""
    table = _sit_and_go()
    seats = {seat.player_id: seat for seat in table.table.seating.seats.values()}
    seats["a"].stack, seats["b"].stack, seats["c"].stack = 2000, 2000, 500
    table.deal(_deck(2), now=1.0)
    assert table.ask_deal("a", "chop", 1.0) is None  # asked during the hand
    assert table.ask_deal("b", "chop", 1.0) is None
    hand = table.table.hand
    assert hand is not None
    while not hand.is_complete:  # c all in, a calls, b folds: c is out
        legal = hand.legal_actions()
        player = hand.names[legal.player]
        moves = {"c": AllIn if legal.can_raise else Call, "a": Call if legal.call_amount else Check}
        table.act(player, moves.get(player, Fold if legal.call_amount else Check))
    end = table.finish(now=2.0)
    assert [finish.entry for finish in end.finishes] == ["c"]
    offer = table.offer_asked(2.0)
    assert offer is not None and not offer.agreed
    assert offer.accepted == ()
    assert set(offer.players.values()) == {"a", "b"}
    assert sum(offer.amounts.values()) == sum(table.tournament.unpaid())


def test_tournament_a_restart_keeps_a_deal_on_offer_for_the_seconds_it_had_left() -> None:
    """Saved with a deal on offer and restored an hour later: the offer stands for the
    time it had left when saved, as the level does (RULES.md "Tournaments", the clock)."""
    from bot.service.state import tourney_from, tourney_state

    table = _sit_and_go("ab")
    table.tournament.level_clock.read(10.0)
    offer = table.ask_deal("a", "chop", 10.0)
    assert offer is not None and offer.until == 130.0
    data = tourney_state(table, "t")
    restored = tourney_from(data, Table.from_dict(table.table.to_dict()), restarted_at=3610.0)
    assert restored.offer is not None and restored.offer.until == 3730.0
    assert restored.why_not_deal(3700.0) is not None  # still on offer
    assert restored.tournament.level_clock.time_left(3610.0) == pytest.approx(590.0)


def _lobby_at(names: str, start_at: float) -> TournamentTable:
    t = Tournament(TournamentRules(buy_in=1000, stack=1500, schedule=LEVELS, seats=6))
    for name in names:
        t.register(name)
    table = TournamentTable(t, settings=SETTINGS)
    table.start_at, table.starts_full = start_at, False
    return table


def test_tournament_start_at_a_time_wakes_the_table_and_starts_with_two_entries() -> None:
    """A start at a time is the table's wake while the lobby is open; when it comes with
    two entries or more the tournament starts (RULES.md "Tournaments", the start)."""
    table = _lobby_at("ab", 5000.0)
    assert table.wake_at() == 5000.0
    assert table.timed_start(4999.0) is None  # not yet
    assert table.timed_start(5000.0) is True
    assert not table.start_missed


def test_tournament_start_at_a_time_with_fewer_than_two_does_not_start_and_wakes_no_more() -> None:
    """The time come with one entry, nothing starts: the start is missed (the lobby says
    so, the host may still start it) and the table is no longer woken for it."""
    table = _lobby_at("a", 5000.0)
    assert table.timed_start(5001.0) is False
    assert table.start_missed and table.wake_at() is None
    assert table.timed_start(5002.0) is None  # said once
    table.tournament.register("b")
    assert table.timed_start(5003.0) is None  # a late second entry waits for the host


def test_tournament_start_at_a_time_is_stored_and_old_state_without_it_loads() -> None:
    """The start's moment (epoch seconds) and whether it was missed are saved with the
    table; a table saved before there was a start at a time loads with none."""
    table = _lobby_at("a", 5000.0)
    data = table.to_dict()
    restored = TournamentTable.from_dict(table.tournament, table.table, data)
    assert (restored.start_at, restored.start_missed, restored.starts_full) == (
        5000.0,
        False,
        False,
    )
    old = {k: v for k, v in data.items() if k not in ("start_at", "start_missed")}
    legacy = TournamentTable.from_dict(table.tournament, table.table, old)
    assert legacy.start_at is None and legacy.wake_at() is None


def test_tournament_a_hold_stops_the_clock_and_keeps_a_deal_on_offer_for_its_seconds() -> None:
    """The table held at 10 s (the platform cannot show it) with a deal on offer: the level
    clock stops with its time left and, started again ten minutes later, the level and
    the offer have the seconds they had (TDA 2024 R23, RULES.md "Tournaments", the clock)."""
    table = _sit_and_go("ab")
    offer = table.ask_deal("a", "chop", 10.0)
    assert offer is not None and offer.until == 130.0
    assert table.hold("invite the bot", 10.0)
    assert not table.hold("invite the bot", 20.0)  # held once
    assert table.tournament.level_clock.time_left(610.0) == pytest.approx(590.0)
    assert table.start_again(610.0)
    assert table.table.held is None and table.table.running
    assert offer.until == 730.0
    assert table.why_not_deal(700.0) is not None  # the deal is still on offer
    assert table.tournament.level_clock.time_left(620.0) == pytest.approx(580.0)
    assert not table.start_again(620.0)  # running already: nothing changed
