"""The table's own steps in words: typed events, players by id, told with display names."""

from __future__ import annotations

from bot.engine import tableevents as te
from bot.words.render import render

DISPLAY = {"slack:U01AB": "Abe", "slack:U01ABC": "Bea"}


def _line(event: te.TableEvent) -> str:
    message = render(event, (), DISPLAY)
    assert message is not None
    return message.text


def test_000_nl_15_the_clock_called_names_both_players_whatever_their_ids() -> None:
    called = te.ClockCalled("slack:U01AB", "slack:U01ABC", 25)
    assert _line(called) == "Abe puts the clock on Bea: 25 seconds to act (000 NL §15)"


def test_000_kill_6_a_kill_owed_elsewhere_names_the_channel_as_the_platform_shows_it() -> None:
    owed = te.KillOwedElsewhere("slack:U01ABC", 20, "C42", mention=True)
    assert _line(owed) == (
        "Bea owes a kill of 20 at <#C42>: dealt into no game until it is posted (000 kill §6)"
    )
    console = te.KillOwedElsewhere("slack:U01ABC", 20, "poker-2", mention=False)
    assert "at poker-2:" in _line(console)


def test_a_kill_not_dealt_says_the_rules_refusal_with_display_names() -> None:
    refused = te.KillNotDealt("{killer} is not dealt into this hand", (("killer", "slack:U01ABC"),))
    assert _line(refused) == "no kill this hand: Bea is not dealt into this hand"
    assert _line(te.DealFailed("")) == (
        "the next hand cannot be dealt (an error on our side, logged): the game is paused, "
        "'start' resumes"
    )


def test_a_player_the_table_has_no_name_for_is_named_by_his_id() -> None:
    assert _line(te.Seated("console:zed", 3, 500)) == "console:zed sits in seat 3 with 500"
