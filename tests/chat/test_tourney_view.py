"""A tournament's table message, read off real engine objects: its lobby, its level and
clock, breaks and the add-on, players out who may rebuy, a deal on offer, its end, and the
table-wide buttons anyone may click (RULES.md "A tournament's table message")."""

from __future__ import annotations

import random
import time

import pytest

from bot.engine import pretty
from bot.engine.actions import AllIn, Call, Check
from bot.engine.blindlevels import Level, Schedule
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.table import TableSettings
from bot.engine.tournament import Tournament, TournamentRules
from bot.engine.tourneytable import TournamentTable
from bot.words.tableview import TableView, table_view
from tests.chat.fakes import Pipeline

SETTINGS = TableSettings(
    GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20)),
    seats=6,
    min_buy_in=400,
    max_buy_in=2000,
    currency="$",
)
LEVELS = Schedule(
    (Level(10, 20, minutes=10), Level(20, 40, minutes=10), Level(50, 100, ante=10, minutes=10)),
    2,
    5,
)
NAMES = {"a": "Ann", "b": "Bob", "c": "Cy", "d": "Dee"}


def _lobby(players: str = "abc", **rules: object) -> TournamentTable:
    tournament = Tournament(
        TournamentRules(buy_in=2000, stack=1500, schedule=LEVELS, seats=6, **rules)  # type: ignore[arg-type]
    )
    for player in players:
        tournament.register(player)
    return TournamentTable(tournament, settings=SETTINGS)


def _started(players: str = "abc", **rules: object) -> TournamentTable:
    tourney = _lobby(players, **rules)
    tourney.seat_entries(NAMES, random.Random(2))
    tourney.tournament.start(0.0)
    return tourney


def _deck(seed: int = 1) -> list[str]:
    return list(Deck(rng=random.Random(seed)).order)


def _view(tourney: TournamentTable, now: float) -> TableView:
    return table_view("g/c", tourney.table, NAMES, now=now, tourney=tourney)


def _commands(view: TableView) -> list[str]:
    return [choice.command for choice in view.lobby]


def _play_out(tourney: TournamentTable, move: type = Call) -> None:
    hand = tourney.table.hand
    assert hand is not None
    while not hand.is_complete:
        legal = hand.legal_actions()
        player = hand.names[legal.player]
        if move is AllIn:
            tourney.act(player, AllIn if legal.can_raise else Call)
        else:
            tourney.act(player, Check if legal.can_check else Call)


def test_tournament_message_the_lobby_shows_entrants_buy_in_pool_payouts_and_seats_left() -> None:
    view = _view(_lobby("abc", fee=200), 0.0)
    assert view.tournament == (
        "Tournament lobby · buy-in $20.00 + $2.00 fee · 1500 chips · level 1: 10/20, 10 minutes",
        "Entrants (3): Ann, Bob, Cy",
        "Prize pool $60.00 · paid: 1st $60.00",
        "Starts when the 6 seats are taken, or when the host starts it · 3 seats left",
    )
    assert _commands(view) == ["register", "unregister"]
    assert [choice.label for choice in view.lobby] == ["Register", "Unregister"]
    text = view.text()
    assert "Entrants (3): Ann, Bob, Cy" in text
    assert text.endswith("Anyone may type: register · unregister")


def test_tournament_message_the_lobby_pays_more_places_as_entrants_come() -> None:
    tourney = _lobby("")
    assert _view(tourney, 0.0).tournament[1:3] == ("Entrants: none yet", "Prize pool $0.00")
    tournament = tourney.tournament
    for player in "abcdef":
        tournament.register(player)
    prizes = tournament.prizes()
    assert sum(prizes) == tournament.pool == 12000
    paid = ", ".join(
        f"{place} ${prize // 100}.{prize % 100:02d}"
        for place, prize in zip(("1st", "2nd", "3rd"), prizes, strict=False)
        if prize
    )
    view = _view(tourney, 0.0)
    assert view.tournament[2] == f"Prize pool $120.00 · paid: {paid}"
    assert view.tournament[3].endswith("0 seats left")


def test_tda_2024_r23_the_message_shows_the_level_its_time_left_and_what_comes_next() -> None:
    tourney = _started()
    tourney.deal(_deck(), now=10.0)
    view = _view(tourney, 100.0)
    assert view.tournament == (
        "Level 1: 10/20 · 8:20 left",
        "Next: level 2, 20/40 · break after level 2 (5 minutes)",
        "Players left: 3 of 3 · average stack 1500",
        "Prize pool $60.00 · paid: 1st $60.00",
    )
    assert view.lobby == ()  # no rebuys, no add-on, no deal: nothing table-wide to click
    assert _view(tourney, 599.2).tournament[0] == "Level 1: 10/20 · 0:01 left"
    # the level's end passes while the hand plays: the message says level 2 from then
    _play_out(tourney)
    tourney.finish()
    tourney.deal(_deck(2), now=605.0)
    assert _view(tourney, 605.0).tournament[:2] == (
        "Level 2: 20/40 · 9:55 left",
        "Next: level 3, 50/100 ante 10 · break after this level (5 minutes)",
    )


def test_tournament_message_a_level_of_hands_counts_the_hands_left() -> None:
    levels = Schedule((Level(10, 20, hands=3), Level(20, 40, hands=3)))
    tournament = Tournament(TournamentRules(buy_in=0, stack=1500, schedule=levels, seats=6))
    for player in "ab":
        tournament.register(player)
    tourney = TournamentTable(tournament, settings=SETTINGS)
    tourney.seat_entries(NAMES, random.Random(1))
    tournament.start(0.0)
    assert _view(tourney, 0.0).tournament[0] == "Level 1: 10/20 · 3 hands left"
    tourney.deal(_deck(), now=1.0)
    assert _view(tourney, 1.0).tournament[:2] == (
        "Level 1: 10/20 · 2 hands left",
        "Next: level 2, 20/40",
    )


def test_tournament_message_a_break_shows_its_time_left_and_the_add_on_open() -> None:
    tourney = _started("abc", rebuy_levels=2, add_on=True)
    tournament = tourney.tournament
    tourney.deal(_deck(), now=1.0)
    _play_out(tourney)
    tourney.finish(now=2.0)
    tourney.deal(_deck(2), now=600.0)  # level 2 from here on
    _play_out(tourney)
    tourney.finish(now=601.0)
    changes, _, events = tourney.deal(_deck(3), now=1200.0)
    assert events == [] and tournament.level_clock.on_break
    view = _view(tourney, 1230.0)
    assert view.tournament[:2] == (
        "Break after level 2: 4:30 left (the add-on is open)",
        "Next: level 3, 50/100 ante 10",
    )
    assert "add-on" not in " ".join(view.tournament[2:])
    # the break follows the last rebuy level: a rebuy is still open beside the add-on
    assert _commands(view) == ["rebuy", "addon"]
    assert [choice.label for choice in view.lobby] == ["Rebuy", "Add-on"]
    player = tourney.table.seating.seats[min(tourney.table.seating.seats)].player_id
    tourney.add_on(player)
    assert tournament.pool == 8000
    assert _view(tourney, 1230.0).tournament[3] == "Prize pool $80.00 · paid: 1st $80.00"


def test_tda_2024_r27_the_message_names_players_out_who_may_rebuy_and_until_when() -> None:
    tourney = _started("ab", rebuy_levels=2)
    tourney.deal(_deck(5), now=1.0)
    _play_out(tourney, AllIn)
    end = tourney.finish(now=10.0)
    (loser,) = end.offers
    view = _view(tourney, 15.0)
    assert view.tournament[-1] == (
        f"Out, may rebuy before the next deal ('rebuy'): 0:25 left: {NAMES[loser]}"
    )
    assert _commands(view) == ["rebuy"]
    tourney.rebuy(loser)
    after = _view(tourney, 16.0)
    assert not any(line.startswith("Out, may rebuy") for line in after.tournament)
    # both still hold a stack a rebuy is allowed at, between hands, in the rebuy levels
    assert _commands(after) == ["rebuy"]


def test_tda_2024_r8_a_late_registration_shows_its_end_and_offers_register_alone() -> None:
    tourney = _started("ab", late_until=2)
    view = _view(tourney, 5.0)
    assert "Late registration is open until the end of level 2" in view.tournament
    assert _commands(view) == ["register"]
    tourney.tournament.clock_due(1200.0)  # level 2 ends: late registration is over
    later = _view(tourney, 1200.0)
    assert not any("Late registration" in line for line in later.tournament)
    assert _commands(later) == []


def test_tournament_message_a_deal_on_offer_shows_the_amounts_and_who_accepted() -> None:
    tourney = _started("abc", shares=(700, 300))
    tourney.deal(_deck(), now=1.0)
    _play_out(tourney)
    tourney.finish(now=2.0)
    seated = [seat.player_id for seat in tourney.table.seating.seats.values()]
    offer = tourney.ask_deal(seated[0], "icm", now=3.0)
    assert offer is not None
    amounts = ", ".join(
        f"{NAMES[player]} ${money // 100}.{money % 100:02d}" for player, money in offer.by_player()
    )
    assert sum(money for _, money in offer.by_player()) == 6000
    view = _view(tourney, 4.0)
    assert view.tournament[-1] == (f"Deal on offer (ICM): {amounts} · accepted: {NAMES[seated[0]]}")
    assert _commands(view) == ["chop icm", "chop chips", "chop no"]
    assert [choice.label for choice in view.lobby] == ["Accept ICM", "Accept chop", "No deal"]
    tourney.turn_down_deal(seated[1])
    assert _commands(_view(tourney, 5.0)) == []


def test_tournament_message_the_end_shows_the_results_and_a_cancellation_says_so() -> None:
    tourney = _started("ab")
    tourney.deal(_deck(5), now=1.0)
    _play_out(tourney, AllIn)
    tourney.finish(now=2.0)
    tournament = tourney.tournament
    winner = next(entry.player for entry in tournament.entries if entry.place == 1)
    loser = next(entry.player for entry in tournament.entries if entry.place == 2)
    view = _view(tourney, 3.0)
    assert view.tournament == (
        "Tournament over. Results:",
        f"1st {NAMES[winner]} $40.00",
        f"2nd {NAMES[loser]}",
    )
    assert view.lobby == ()
    cancelled = _lobby("ab")
    cancelled.tournament.cancel()
    assert _view(cancelled, 0.0).tournament == ("Tournament cancelled: every entry was refunded",)
    assert _view(cancelled, 0.0).lobby == ()


def test_tournament_message_a_cash_table_has_no_tournament_part() -> None:
    tourney = _started()
    view = table_view("g/c", tourney.table, NAMES, now=0.0)
    assert view.tournament == () and view.lobby == ()
    assert "Level" not in view.text() and "Anyone may type" not in view.text()


def test_tournament_message_never_carries_a_hidden_card() -> None:
    """Mid-hand, at every street, the tournament's message (its text, its lines and its
    buttons) holds the board and nothing of anyone's hole cards."""
    tourney = _started("abcd", rebuy_levels=2)
    tourney.deal(_deck(7), now=1.0)
    hand = tourney.table.hand
    assert hand is not None
    while not hand.is_complete:
        hidden = {card for cards in hand.hole if cards for card in cards}
        view = _view(tourney, 2.0)
        words = "\n".join([view.text(), *view.tournament, *(c.label for c in view.lobby)])
        assert hidden and not any(pretty(card) in words for card in hidden)
        legal = hand.legal_actions()
        tourney.act(hand.names[legal.player], Check if legal.can_check else Call)


async def test_tournament_message_status_shows_the_tournament_and_its_buttons_as_words(
    pipeline: Pipeline,
) -> None:
    """``status`` (how the console shows the table, having no message to edit) reads the
    tournament's lines and lists its table-wide buttons as the words to type."""
    assert (await pipeline.say("Alice", "new holdem nl 1/2")).ok
    assert (await pipeline.say("Alice", "sit 200")).ok
    live = pipeline.service.tables["g/c"]
    tournament = Tournament(TournamentRules(buy_in=500, stack=200, schedule=LEVELS, seats=6))
    tournament.register("test:alice")
    live.tourney = TournamentTable(tournament, live.table)
    text = (await pipeline.say("Bob", "status")).text
    assert "Entrants (1): Alice" in text.splitlines()
    assert "Prize pool 5.00 · paid: 1st 5.00" in text.splitlines()
    assert "Anyone may type: register · unregister" in text.splitlines()


def test_tournament_message_the_lobby_shows_its_start_time_and_how_long_until_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A start at a time reads ``Starts at 21:30 (in 25 min)`` in the bot's local time;
    with ``full`` the seats filling is said too; a time that came with fewer than two
    entries says it waits for the host (RULES.md "Tournaments", the start)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        tourney = _lobby("a")
        tourney.starts_full = False
        tourney.start_at = 21 * 3600 + 30 * 60  # 21:30 UTC, 1 January 1970
        line = _view(tourney, tourney.start_at - 25 * 60).tournament[-1]
        assert line == "Starts at 21:30 (in 25 min) · 5 seats left"
        assert (
            _view(tourney, tourney.start_at - 125 * 60 + 30)
            .tournament[-1]
            .startswith("Starts at 21:30 (in 2 h 5 min)")
        )
        tourney.starts_full = True
        assert _view(tourney, tourney.start_at - 60).tournament[-1] == (
            "Starts at 21:30 (in 1 min), or when the 6 seats are taken · 5 seats left"
        )
        tourney.timed_start(tourney.start_at)
        assert _view(tourney, tourney.start_at).tournament[-1] == (
            "The start time 21:30 came with fewer than two entries: it starts when the host "
            "starts it · 5 seats left"
        )
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_tournament_message_the_lobby_of_start_now_waits_for_the_host() -> None:
    """``start now``: the lobby says the host starts it, not that its seats filling does."""
    tourney = _lobby("ab")
    tourney.starts_full = False
    assert _view(tourney, 0.0).tournament[-1] == (
        "Starts when the host starts it (two entries or more) · 4 seats left"
    )


def test_tournament_message_the_lobby_shows_the_host_s_payouts() -> None:
    """The host's own payout table is shown with the prizes it pays today, so a change
    reads at once; the standard table says nothing more (RULES.md "Tournaments")."""
    tourney = _lobby("abc")
    tourney.tournament.change_payouts((700, 300))
    assert _view(tourney, 0.0).tournament[2] == (
        "Prize pool $60.00 · paid: 1st $42.00, 2nd $18.00 · payouts 70%, 30%"
    )
    tourney.tournament.change_payouts((1000,))
    assert _view(tourney, 0.0).tournament[2] == (
        "Prize pool $60.00 · paid: 1st $60.00 · winner takes all"
    )
