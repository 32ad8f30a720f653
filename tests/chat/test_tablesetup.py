"""`new ...`: the host's words read into table settings, with rulebook defaults."""

from __future__ import annotations

import pytest

from bot.engine.config import Game, Structure
from bot.engine.kills import KillSize
from bot.words.commands import ParseError
from bot.words.tablesetup import describe_settings, parse_table_setup


def test_defaults_are_no_limit_holdem_with_a_20_to_100_big_blind_buy_in() -> None:
    """000 NL §16: a buy-in range; 000 NL §15: a time to act."""
    settings = parse_table_setup("new")
    config = settings.config
    assert (config.game, config.structure) == (Game.HOLDEM, Structure.NO_LIMIT)
    assert (config.stakes.small_blind, config.stakes.big_blind) == (1, 2)
    assert (settings.min_buy_in, settings.max_buy_in, settings.turn_seconds) == (40, 200, 30)
    assert settings.kill is None and settings.seats == 9


def test_limit_stakes_are_the_small_and_big_bet_with_blinds_below() -> None:
    """Fixed limit 4/8: blinds 2/4, small bet 4, big bet 8 (002)."""
    stakes = parse_table_setup("new holdem fl 4/8").config.stakes
    assert (stakes.small_blind, stakes.big_blind, stakes.small_bet, stakes.big_bet) == (2, 4, 4, 8)


def test_stud_takes_an_ante_and_bring_in_and_no_blinds() -> None:
    """RULES.md "Games of rounds": stud's ante and bring-in from the small bet."""
    stakes = parse_table_setup("new stud 10/20 ante 2").config.stakes
    assert (stakes.small_blind, stakes.big_blind, stakes.ante) == (0, 0, 2)
    assert stakes.bring_in == 3
    with pytest.raises(ParseError, match="fixed or spread limit"):
        parse_table_setup("new stud nl 10/20")


def test_a_mix_kill_and_house_options() -> None:
    """HORSE by rounds; a half kill with the killer acting last (002, 003); straddles
    (000 NL §14); an optional chip value."""
    settings = parse_table_setup("new horse 4/8 kill half last value 100=1 $ straddle runs off")
    assert settings.mix[0] is Game.HOLDEM and len(settings.mix) == 5
    assert settings.kill is not None
    assert (settings.kill.size, settings.kill.killer_acts) == (KillSize.HALF, "last")
    assert settings.config.rules.straddle_allowed and not settings.offer_runs
    assert (settings.chips_per_unit, settings.currency) == (100, "$")
    lines = describe_settings(settings)
    assert any("half kill" in line for line in lines)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("new dance", "not a table option"),
        ("new 1/abc", "not an amount"),
        ("new buyin 500-100", "minimum <= maximum"),
        ("new seats 12", "2 to 10 seats"),
        ("new holdem horse", "sets the game a second time"),
        ("new runs maybe", "runs on or runs off"),
    ],
)
def test_words_that_make_no_table_are_refused_with_what_is_accepted(
    words: str, message: str
) -> None:
    with pytest.raises(ParseError, match=message):
        parse_table_setup(words)


LIMIT_GAMES = (
    "holdem fl",
    "omaha fl",
    "o8",
    "jacks",
    "a5",
    "27 fl",
    "27td",
    "stud",
    "stud8",
    "razz",
    "horse",
    "hose",
    "hoe",
    "roe",
)


@pytest.mark.parametrize("words", LIMIT_GAMES)
def test_limit_games_default_to_2_4_with_a_small_blind_half_the_big(words: str) -> None:
    """Limit games are dealt as cardrooms deal them: at 2/4 the blinds are 1 and 2 (half the
    small bet and the small bet, 002), and stud's bring-in is below the completion (RULES.md
    "Games of rounds"); the buy-in range covers the console's default buy-in."""
    settings = parse_table_setup(words)
    stakes = settings.config.stakes
    assert (stakes.small_bet, stakes.big_bet) == (2, 4)
    if stakes.big_blind:
        assert (stakes.small_blind, stakes.big_blind) == (1, 2)
    if settings.config.game in (Game.STUD, Game.STUD_HILO, Game.RAZZ):
        assert 0 < stakes.bring_in_amount < stakes.small_bet
    assert settings.min_buy_in <= settings.default_buy_in <= settings.max_buy_in


def test_limit_small_blind_is_half_the_small_bet_rounded_up() -> None:
    """RULES.md "Money": a fraction the rules derive is rounded up to the bet unit, so
    limit 3/6 has blinds 2/3, and limit 1/2 blinds of 1 and 1."""
    three = parse_table_setup("holdem fl 3/6").config.stakes
    assert (three.small_blind, three.big_blind) == (2, 3)
    one = parse_table_setup("holdem fl 1/2").config.stakes
    assert (one.small_blind, one.big_blind) == (1, 1)


@pytest.mark.parametrize("words", ["stud 1/2", "razz 1/2", "horse 1/2"])
def test_stud_stakes_without_a_bring_in_below_the_completion_are_refused(words: str) -> None:
    """A bring-in of three tenths of a small bet of 1 rounds up to the whole small bet: no
    bring-in is left below the completion, so the table is refused with stakes that work."""
    with pytest.raises(ParseError, match="bring-in below the completion.*2/4"):
        parse_table_setup(words)


def test_002_choice_alone_is_dealers_choice_of_every_game() -> None:
    """``new choice`` asked for a mix ("minutes and choice are for a mix"): alone it is
    dealer's choice of every game the bot deals, at limit as a mix is dealt, six seats as
    the draw games deal; at no-limit or pot-limit, of every game but the stud games, which
    are played limit (002). Choice of one game is refused, saying what choice is."""
    settings = parse_table_setup("new choice")
    assert settings.dealer_choice and settings.mix == tuple(Game)
    assert settings.config.structure is Structure.FIXED_LIMIT
    assert (settings.config.stakes.small_bet, settings.config.stakes.big_bet) == (2, 4)
    assert settings.seats == 6
    for words in ("new choice nl 1/2", "new pl choice"):
        big_bet = parse_table_setup(words)
        assert big_bet.dealer_choice and big_bet.mix == (
            Game.HOLDEM,
            Game.OMAHA,
            Game.OMAHA_HILO,
            Game.JACKS,
            Game.ACE_TO_FIVE,
            Game.DEUCE_SINGLE,
            Game.DEUCE_TRIPLE,
        )
    assert parse_table_setup("new horse choice").mix == parse_table_setup("new horse").mix
    with pytest.raises(ParseError) as refused:
        parse_table_setup("new razz choice")
    assert str(refused.value) == (
        "choice is dealer's choice of a mix ('new horse choice') or, alone, of every game "
        "('new choice'): not of one game"
    )
