"""``tournament new``: the host's words read into a tournament's rules, or refused."""

from __future__ import annotations

import time
from datetime import datetime

import pytest

from bot.engine import Game, Structure
from bot.words.commands import ParseError
from bot.words.tourneysetup import HELP, parse_money, parse_tournament_setup


def test_tournament_setup_a_preset_with_a_buy_in_and_a_bounty() -> None:
    setup = parse_tournament_setup("tournament new turbo buyin 20 bounty 5")
    rules = setup.rules
    assert (rules.buy_in, rules.bounty, rules.stack) == (2000, 500, 1500)
    assert rules.schedule.level(1).minutes == 5
    assert rules.schedule.break_every == 0
    assert setup.settings.config.game is Game.HOLDEM
    assert setup.settings.config.structure is Structure.NO_LIMIT
    assert (setup.settings.config.stakes.small_blind, setup.settings.config.stakes.big_blind) == (
        10,
        20,
    )
    assert setup.start == "full"


def test_tournament_setup_levels_written_out_with_their_antes() -> None:
    setup = parse_tournament_setup(
        "new levels 10/20, 15/30, 25/50 ante 5, 50/100 bbante 100 minutes 12 stack 2k"
    )
    schedule = setup.rules.schedule
    assert [lv.blinds_text() for lv in schedule.levels] == [
        "10/20",
        "15/30",
        "25/50 ante 5",
        "50/100 bb ante 100",
    ]
    assert {lv.minutes for lv in schedule.levels} == {12}
    assert setup.rules.stack == 2000


def test_tournament_setup_rebuys_add_on_late_registration_and_payouts() -> None:
    rules = parse_tournament_setup(
        "omaha pl deep late 4 reentry 1 rebuys 3 max 2 addon 5000 payouts 60 40 start now"
    ).rules
    assert (rules.late_until, rules.re_entries, rules.rebuy_levels, rules.rebuys_most) == (
        4,
        1,
        3,
        2,
    )
    assert rules.add_on and rules.add_on_chips == 5000
    assert rules.shares == (600, 400)
    assert parse_tournament_setup("wta").rules.shares == (1000,)
    assert parse_tournament_setup("payouts winner takes all").rules.shares == (1000,)
    assert parse_tournament_setup("payouts standard turbo").rules.shares == ()


def test_tournament_setup_limit_games_step_their_limits_with_the_levels() -> None:
    setup = parse_tournament_setup("holdem fl hands 10 break 5 every 3")
    stakes = setup.settings.config.stakes
    assert (stakes.fixed_small, stakes.fixed_big) == (20, 40)
    assert setup.rules.schedule.level(1).hands == 10
    assert (setup.rules.schedule.break_every, setup.rules.schedule.break_minutes) == (3, 5)


@pytest.mark.parametrize(
    ("words", "why"),
    [
        ("buyin abc", "not an amount of money"),
        ("buyin -5", "not an amount of money"),
        ("late 0", "late takes 1 to 60"),
        ("payouts 50 30", "100%"),
        ("levels 20/10", "larger than its big blind"),
        ("holdem spread", "spread limit"),
        ("start tomorrow", "start now"),
        ("buyin 10 bounty 20", "part of the buy-in"),
        ("break 5", "break M every N"),
    ],
)
def test_tournament_setup_refuses_what_it_cannot_read(words: str, why: str) -> None:
    with pytest.raises(ParseError, match=why):
        parse_tournament_setup(words)


def test_tournament_setup_money_is_read_in_hundredths() -> None:
    assert parse_money("7.5") == 750
    assert parse_money("$20") == 2000
    with pytest.raises(ParseError):
        parse_money("1e9")


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("abc", "'abc' is not a tournament word"),
        ("turbo ante 5", "an ante is written with its level"),
        ("bbante 25", "an ante is written with its level"),
        ("nl holdem 5/10", "the blinds are the levels'"),
        ("kill", "a tournament has no kill"),
        ("straddle", "a tournament has no straddle"),
        ("runs on", "a tournament has no run it twice"),
    ],
)
def test_tournament_setup_refuses_a_cash_table_s_words_with_the_tournament_s_own(
    words: str, said: str
) -> None:
    """A word a tournament does not play (a cash table's option, its stakes, an ante
    outside its level) or does not know is refused, naming the tournament's words, never
    dropped in silence (RULES.md "Tournaments": what a tournament does not play)."""
    with pytest.raises(ParseError) as refused:
        parse_tournament_setup(f"tournament new {words}")
    text = str(refused.value)
    assert said in text
    assert "tournament new [GAME]" in text  # the words it does take
    assert "buyin MIN-MAX" not in text  # not a cash table's


def test_tournament_setup_refuses_a_bounty_with_no_amount() -> None:
    """``bounty`` alone is refused with the form it takes, not read as no bounty."""
    with pytest.raises(ParseError, match="bounty takes an amount of money"):
        parse_tournament_setup("tournament new buyin 20 bounty")


def test_tournament_setup_levels_read_alike_with_or_without_spaces_after_commas() -> None:
    """``levels 10/20,15/30,25/50`` reads as ``levels 10/20, 15/30, 25/50``: the commas
    part the levels however they are typed; a comma grouping thousands stays one amount."""
    spaced = parse_tournament_setup("levels 10/20, 15/30, 25/50 ante 5").rules.schedule
    tight = parse_tournament_setup("levels 10/20,15/30,25/50 ante 5").rules.schedule
    assert [lv.blinds_text() for lv in tight.levels] == ["10/20", "15/30", "25/50 ante 5"]
    assert tight.levels == spaced.levels
    thousands = parse_tournament_setup("levels 500/1,000,1,000/2,000 stack 20,000")
    assert [lv.blinds_text() for lv in thousands.rules.schedule.levels] == [
        "500/1000",
        "1000/2000",
    ]


@pytest.mark.parametrize(
    ("words", "named"),
    [
        ("buyin 20 buyin 30", "'buyin'"),
        ("buyin 20 buy-in 30", "'buyin' and 'buy-in' both set the buy-in"),
        ("stack 2000 turbo stack 3000", "'stack'"),
        ("late 2 late 4", "'late'"),
        ("payouts 50 30 20 wta", "'payouts' and 'wta' both set the payouts"),
        ("turbo deep", "'turbo' and 'deep' both set the preset"),
        ("levels 10/20 minutes 5 levels 20/40", "'levels'"),
        ("start now start full", "'start'"),
    ],
)
def test_tournament_setup_refuses_a_word_given_twice_naming_it(words: str, named: str) -> None:
    """A setup word given twice is refused naming the word, never read last-wins: the
    host meant one of them, and which is his to say."""
    with pytest.raises(ParseError) as refused:
        parse_tournament_setup(f"tournament new {words}")
    text = str(refused.value)
    assert named in text and ("is given twice" in text or "both set" in text)
    assert "tournament new [GAME]" not in text  # the word is known: its help is not needed


def test_tournament_start_at_a_clock_time_is_the_next_such_time_in_the_bot_s_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``start 21:30`` is the next 21:30 of the bot's local time (TZ): today if it is
    still to come, else tomorrow; ``start in 20`` is twenty minutes from now. Without
    ``full`` after it, the seats filling does not start it early."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        evening = datetime(2024, 7, 1, 20, 0).timestamp()  # 20:00 in Paris
        setup = parse_tournament_setup("tournament new turbo start 21:30")
        assert setup.start == "time" and not setup.start_full
        assert setup.start_moment(evening) == evening + 90 * 60
        late = datetime(2024, 7, 1, 22, 0).timestamp()
        assert setup.start_moment(late) == late + 23.5 * 3600  # tomorrow's 21:30
        soon = parse_tournament_setup("start in 20 full")
        assert soon.start == "time" and soon.start_full
        assert soon.start_moment(evening) == evening + 20 * 60
        assert parse_tournament_setup("start now").start_moment(evening) is None
        assert parse_tournament_setup("turbo").start_moment(evening) is None
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_tournament_help_lists_the_start_at_a_time() -> None:
    """``tournament help`` lists the start's words, a time's among them."""
    assert "start now | full (when the seats fill; the default) | 21:30" in HELP
    assert "in 20 (minutes)" in HELP and "'full' after it starts early" in HELP


@pytest.mark.parametrize(
    "words", ["start 25:00", "start 21:60", "start in 0", "start in 2000", "start in", "start"]
)
def test_tournament_start_at_a_time_refuses_a_time_that_is_none(words: str) -> None:
    """A clock time that is none, or minutes out of 1 to 1440, is refused with the start's
    words."""
    with pytest.raises(ParseError, match="start now, start full, start 21:30 or start in 20"):
        parse_tournament_setup(words)


def test_tournament_setup_reads_the_tables_channels_as_each_platform_writes_them() -> None:
    """The other tables' channels, named at setup, as Slack (``<#C123|name>``), Discord
    (``<#123>``) or a person (``#name``) writes them, in order; named with no ``tables``,
    refused with what to add."""
    setup = parse_tournament_setup("tournament new turbo seats 6 tables 4 <#C0ABC|t2> <#1234> #t-4")
    assert setup.channels == ("C0ABC", "1234", "t-4") and setup.rules.tables == 4
    with pytest.raises(ParseError, match="tables N"):
        parse_tournament_setup("tournament new turbo #t2")
