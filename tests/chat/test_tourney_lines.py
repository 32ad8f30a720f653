"""A tournament's own steps in words: each event of a tournament's table told in one line,
players by their display names, money in the table's currency, places as players say them."""

from __future__ import annotations

from bot.engine import tableevents as te
from bot.engine import tourneyevents as tv
from bot.words.render import render
from bot.words.tourneylines import ordinal, place_text

DISPLAY = {"d:1": "Ann", "d:2": "Bob", "d:3": "Cy", "d:4": "Dee"}


def _line(event: te.TableEvent, currency: str = "$") -> str:
    message = render(event, (), DISPLAY, currency)
    assert message is not None
    assert message.audience is None
    return message.text


def test_tournament_lines_places_read_as_players_say_them() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]
    assert place_text(2) == "2nd"
    assert place_text(2, 2) == "2nd-3rd (shared)"


def test_tournament_lines_an_entry_and_a_refund_name_the_player_and_the_money() -> None:
    assert _line(tv.Registered("d:1", 3, 6000)) == ("Ann registers: 3 entries, prize pool $60.00")
    assert _line(tv.Registered("d:2", 1, 2000), currency="") == (
        "Bob registers: 1 entry, prize pool 20.00"
    )
    assert _line(tv.Registered("d:3", 5, 10050, again=True, seat=4)) == (
        "Cy re-enters and takes seat 4: 5 entries, prize pool $100.50"
    )
    assert _line(tv.Unregistered("d:1", 2200, 2)) == (
        "Ann unregisters, refunded $22.00: 2 entries left"
    )
    assert _line(tv.Unregistered("d:4", 2200, 1, by_host=True), "€") == (
        "the host removes Dee, refunded €22.00: 1 entry left"
    )


def test_tda_2024_r7_the_start_tells_the_seat_draw_and_who_has_the_button() -> None:
    begins = tv.TournamentBegins((("d:2", 5), ("d:1", 2), ("d:3", 7)), 5, 10, 20, 0)
    assert _line(begins) == (
        "The tournament begins. Seats drawn at random (TDA 2024 R7): 2. Ann, 5. Bob, 7. Cy; "
        "Bob has the button (seat 5). Level 1: 10/20"
    )
    with_ante = tv.TournamentBegins((("d:1", 1), ("d:2", 2)), 1, 25, 50, 5)
    assert _line(with_ante).endswith("Ann has the button (seat 1). Level 1: 25/50 ante 5")


def test_tda_2024_r23_a_new_level_is_told_with_its_blinds_ante_and_length() -> None:
    assert _line(tv.LevelBegins(3, 50, 100, 100, 10, 0)) == ("Level 3: 50/100 ante 100, 10 minutes")
    assert _line(tv.LevelBegins(2, 15, 30, 0, 0, 12)) == "Level 2: 15/30, 12 hands"
    assert _line(tv.LevelBegins(9, 1, 2, 0, 1, 0)) == "Level 9: 1/2, 1 minute"


def test_tournament_lines_a_break_says_its_length_and_whether_the_add_on_is_open() -> None:
    assert _line(tv.BreakBegins(5, 4, add_on=True)) == "Break: 5 minutes (the add-on is open)"
    assert _line(tv.BreakBegins(10, 8)) == "Break: 10 minutes"


def test_tournament_lines_a_player_out_has_his_place_and_prize_ties_shared() -> None:
    assert _line(tv.PlayerOut("d:3", 5, 1, 0)) == "Cy is out in 5th"
    assert _line(tv.PlayerOut("d:2", 2, 1, 3000)) == "Bob is out in 2nd and wins $30.00"
    assert _line(tv.PlayerOut("d:4", 2, 2, 1501)) == (
        "Dee is out in 2nd-3rd (shared) and wins $15.01"
    )


def test_tournament_lines_rebuys_add_ons_and_an_away_player() -> None:
    assert _line(tv.RebuyOpen("d:1")) == (
        "Ann has no chips left: 'rebuy' before the next deal, or he is out"
    )
    assert _line(tv.ChipsBought("d:1", "rebuy", 1500, 2000, 1500)) == (
        "Ann rebuys: 1500 chips for $20.00, a stack of 1500"
    )
    assert _line(tv.ChipsBought("d:2", "add-on", 3000, 1000, 4250)) == (
        "Bob takes the add-on: 3000 chips for $10.00, a stack of 4250"
    )
    assert _line(tv.AwayChanged("d:3", True)) == (
        "Cy is away: dealt in and blinded off (TDA 2024 R71-A)"
    )
    assert _line(tv.AwayChanged("d:3", False)) == "Cy is back"


def test_tournament_lines_a_deal_offered_gives_each_amount_and_who_accepted() -> None:
    offered = tv.DealOffered("icm", (("d:1", 5125), ("d:2", 3875)), ("d:1",))
    assert _line(offered) == (
        "A deal is offered (ICM): Ann $51.25, Bob $38.75; accepted: Ann. "
        "'chop icm' accepts, 'chop no' turns it down"
    )
    chop = tv.DealOffered("chop", (("d:1", 4500), ("d:2", 4500)), ())
    assert _line(chop) == (
        "A deal is offered (chip chop): Ann $45.00, Bob $45.00; accepted: nobody yet. "
        "'chop chips' accepts, 'chop no' turns it down"
    )
    made = tv.DealOffered("chop", (("d:1", 4500), ("d:2", 4500)), ("d:2", "d:1"))
    assert _line(made) == "A deal is made (chip chop): Ann $45.00, Bob $45.00"
    assert _line(tv.DealTurnedDown("d:2")) == "Bob turns the deal down: play goes on"
    assert _line(tv.SeasonStarted(2, (10, 5))) == ("League season 2 starts: points by place 10, 5")
    assert _line(tv.DealAsked("d:2", "chop")) == (
        "Bob asks for a deal by chip count: it is offered when this hand is over"
    )


def test_tournament_lines_the_winner_with_the_results() -> None:
    won = tv.TournamentWon(
        "d:1",
        5000,
        (("d:1", 1, 1, 5000), ("d:2", 2, 2, 1500), ("d:4", 2, 2, 1500), ("d:3", 4, 1, 0)),
    )
    assert _line(won) == (
        "Ann wins the tournament and $50.00. Results: 1st Ann $50.00; "
        "2nd-3rd (shared) Bob $15.00; 2nd-3rd (shared) Dee $15.00; 4th Cy"
    )
    dealt = tv.TournamentWon("d:2", 4500, (("d:2", 1, 1, 4500), ("d:1", 2, 1, 4500)), True)
    assert _line(dealt).startswith("Bob wins the tournament by a deal and $45.00. Results:")


def test_tournament_lines_a_cancellation_and_a_full_table() -> None:
    cancelled = tv.TournamentCancelled((("d:1", 2200), ("d:2", 2200)))
    assert _line(cancelled) == (
        "The host cancels the tournament: every entry is refunded (Ann $22.00, Bob $22.00)"
    )
    assert _line(tv.TournamentCancelled(())) == (
        "The host cancels the tournament: nobody had registered"
    )
    assert _line(tv.TournamentFull()) == "Every seat is taken: the tournament starts now"


def test_tournament_lines_the_start_time_come_starts_it_or_waits_for_the_host() -> None:
    """The start's time come: the tournament starts, or with one entry it waits for the
    host, saying why (RULES.md "Tournaments", the start)."""
    assert _line(tv.StartTimeCame(3, True)) == (
        "The start time has come: the tournament starts now"
    )
    assert _line(tv.StartTimeCame(1, False)) == (
        "The start time has come with 1 entry: a tournament starts with two or more, so it "
        "waits for the host's 'start'"
    )


def test_tournament_lines_the_host_s_new_payouts_with_what_they_pay_today() -> None:
    """The host's change of the payouts: the new table, and its prizes from today's pool."""
    assert _line(tv.PayoutsChanged((700, 300), (4200, 1800))) == (
        "The host changes the payouts: 70%, 30% (today: 1st $42.00, 2nd $18.00)"
    )
    assert _line(tv.PayoutsChanged((1000,), (0,))) == (
        "The host changes the payouts: winner takes all"
    )
    assert _line(tv.PayoutsChanged((), (6000,))) == (
        "The host changes the payouts: the standard table by entries (today: 1st $60.00)"
    )


def test_tournament_lines_every_event_of_a_tournament_is_told() -> None:
    """No event of the tournament's table is left without words (a new one fails here)."""
    kinds = [
        value
        for value in vars(tv).values()
        if isinstance(value, type)
        and issubclass(value, te.TableEvent)
        and value is not te.TableEvent
    ]
    samples = {
        tv.Registered: tv.Registered("d:1", 1, 0),
        tv.Unregistered: tv.Unregistered("d:1", 0, 0),
        tv.TournamentBegins: tv.TournamentBegins((), 1, 1, 2, 0),
        tv.LevelBegins: tv.LevelBegins(1, 1, 2, 0, 5, 0),
        tv.BreakBegins: tv.BreakBegins(5, 1),
        tv.PlayerOut: tv.PlayerOut("d:1", 2, 1, 0),
        tv.RebuyOpen: tv.RebuyOpen("d:1"),
        tv.ChipsBought: tv.ChipsBought("d:1", "rebuy", 1, 1, 1),
        tv.AwayChanged: tv.AwayChanged("d:1", True),
        tv.DealOffered: tv.DealOffered("icm", (), ()),
        tv.DealTurnedDown: tv.DealTurnedDown("d:1"),
        tv.DealAsked: tv.DealAsked("d:1", "icm"),
        tv.TournamentWon: tv.TournamentWon("d:1", 0, ()),
        tv.TournamentCancelled: tv.TournamentCancelled(()),
        tv.TournamentFull: tv.TournamentFull(),
        tv.SeasonStarted: tv.SeasonStarted(2, (10, 5)),
        tv.StartTimeCame: tv.StartTimeCame(1, False),
        tv.PayoutsChanged: tv.PayoutsChanged((), ()),
        tv.TablesDrawn: tv.TablesDrawn(((1, ("d:1",)), (2, ("d:2",)))),
        tv.PlayerMoved: tv.PlayerMoved("d:1", 2, 1, 3, 1500, "balance"),
        tv.TableBroken: tv.TableBroken(2),
        tv.HandForHand: tv.HandForHand(True),
        tv.HandForHandWaits: tv.HandForHandWaits(1),
    }
    assert sorted(k.__name__ for k in kinds) == sorted(k.__name__ for k in samples)
    for kind in kinds:
        assert _line(samples[kind])


def test_tournament_lines_several_tables_moves_breaks_and_hand_for_hand() -> None:
    """A tournament over several tables told: the draw, a move with its reason and rule,
    a seat drawn at the start, the final table's redraw, a table broken, hand-for-hand."""
    assert _line(tv.PlayerMoved("d:1", 2, 1, 3, 1500, "balance")) == (
        "Ann moves from table 2 to table 1, seat 3, with 1,500 chips, to balance the tables"
        " (TDA 2024 R11-A)"
    )
    assert _line(tv.PlayerMoved("d:1", 0, 2, 4, 1500, "draw")) == (
        "Ann: table 2, seat 4, with 1,500 chips"
    )
    assert _line(tv.PlayerMoved("d:1", 1, 1, 2, 900, "final", True)) == (
        "Ann is drawn to seat 2 at the final table; he waits there for the button to pass"
    )
    assert _line(tv.TableBroken(3)) == (
        "Table 3 breaks: its players are drawn to seats at the other tables"
    )
    assert "TDA 2024 RP-8" in _line(tv.HandForHand(True))
    assert _line(tv.HandForHandWaits(2)) == (
        "Hand-for-hand: this table waits for 2 other tables to finish"
    )
