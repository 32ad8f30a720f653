"""A refusal in words: the players it names by display name, the rest as the engine said."""

from __future__ import annotations

from bot.engine.errors import IllegalAction, NotYourTurn
from bot.words.refusals import refusal


def test_000_nl_7_a_refusal_names_each_player_by_display_name_never_by_a_prefix() -> None:
    error = NotYourTurn("it is not your turn: {to_act} is to act", to_act="slack:U01ABC")
    display = {"slack:U01AB": "Abe", "slack:U01ABC": "Bea"}
    assert str(error) == "it is not your turn: slack:U01ABC is to act"
    assert refusal(error, display) == "it is not your turn: Bea is to act"
    assert refusal(error, {}) == "it is not your turn: slack:U01ABC is to act"


def test_a_refusal_naming_no_player_reads_as_the_engine_wrote_it_braces_and_all() -> None:
    error = IllegalAction("a saved action cannot be read: {'kind': 'x'}")
    assert refusal(error, {"x": "Abe"}) == "a saved action cannot be read: {'kind': 'x'}"
