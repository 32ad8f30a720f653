"""``new`` and ``set`` read stakes with one grammar and build them in one place
(:mod:`bot.engine.tablesettings`): the same words make the same stakes or are refused
alike, and a buy-in range the host never named follows the stakes (000 NL §16)."""

from __future__ import annotations

import pytest

from bot.engine.errors import IllegalAction
from bot.engine.regame import changed_settings
from bot.words.commands import ParseError
from bot.words.tablesetup import parse_table_setup, stakes_in_digits


@pytest.mark.parametrize(
    ("game", "stakes"),
    [
        ("holdem", "2/5"),
        ("holdem fl", "10/20"),
        ("holdem fl", "3/6"),
        ("holdem", "2-10"),
        ("holdem", "1-4-8-8"),
        ("omaha", "1k/2k"),
        ("stud", "10/20"),
        ("jacks", "6/12"),
        ("horse", "4/8"),
    ],
)
def test_000_nl_16_new_and_set_make_the_same_stakes_of_the_same_words(
    game: str, stakes: str
) -> None:
    """The stakes ``new GAME STAKES`` deals are the ones ``set stakes STAKES`` gives a table
    of that game, and so is the buy-in range the stakes give (20 to 100 big blinds)."""
    made = parse_table_setup(f"new {game} {stakes}")
    base = parse_table_setup(f"new {game}")
    changed = changed_settings(base, "stakes", stakes_in_digits(stakes))
    assert changed.config == made.config
    assert (changed.min_buy_in, changed.max_buy_in) == (made.min_buy_in, made.max_buy_in)


@pytest.mark.parametrize(
    ("game", "stakes", "refusal"),
    [
        ("holdem", "2/1", "small blind may not be larger"),
        ("holdem fl", "2/1", "small bet may not be larger"),
        ("holdem", "1/2/3", "not stakes"),
        ("holdem", "a/b", "not stakes"),
        ("holdem", "1/abc", "'abc' is not an amount"),
        ("holdem spread", "1/2", "spread limit stakes are MIN-MAX"),
        ("stud", "1/2", "bring-in below the completion"),
    ],
)
def test_000_nl_16_new_and_set_refuse_the_same_stakes(game: str, stakes: str, refusal: str) -> None:
    """``new ... 2/1`` and ``set stakes 2/1`` are refused alike (limit 2/1 made a table
    whose small bet was over its big bet), with the forms stakes take."""
    with pytest.raises(ParseError, match=refusal):
        parse_table_setup(f"new {game} {stakes}")
    base = parse_table_setup(f"new {game}")
    with pytest.raises(IllegalAction, match=refusal):
        changed_settings(base, "stakes", stakes_in_digits(stakes))


def test_000_nl_16_a_buy_in_never_named_follows_the_stakes_and_a_named_one_stays() -> None:
    """000 NL §16: ``new`` with no buy-in named deals 20 to 100 big blinds; ``set stakes``,
    ``set game`` and ``set structure`` move such a range with the stakes, as ``new`` would
    have set it, and leave a range the host named."""
    derived = parse_table_setup("new")
    assert (derived.min_buy_in, derived.max_buy_in) == (40, 200)
    bigger = changed_settings(derived, "stakes", "5/10")
    assert (bigger.min_buy_in, bigger.max_buy_in) == (200, 1000)
    stud = changed_settings(bigger, "game", "stud")
    made = parse_table_setup("new stud 10/20")
    assert stud.config.stakes.fixed_big == 20
    assert (stud.min_buy_in, stud.max_buy_in) == (made.min_buy_in, made.max_buy_in) == (400, 2000)
    named = parse_table_setup("new buyin 50-400")
    kept = changed_settings(named, "stakes", "5/10")
    assert (kept.min_buy_in, kept.max_buy_in) == (50, 400)
    assert kept.config.stakes.big_blind == 10
