"""Amounts and counts are read exactly or refused with what is accepted, and a refusal
changes nothing: no comma dropped, no decimal cut, no minus sign read as a separator, no
stray word taken for something else."""

from __future__ import annotations

import pytest

from bot.words.commands import ParseError, parse, parse_amount
from tests.chat.fakes import Pipeline


@pytest.mark.parametrize(
    "text",
    ["4,0", "40,5", "1,00", ",100", "100,", "2.0000001", "1.0000001k", "1.9999999", "0.5", "--5"],
)
def test_an_amount_is_read_exactly_or_refused(text: str) -> None:
    """RULES.md "Money": chips are integers; an amount that is not exactly whole chips is
    refused, never rounded, truncated or read with its commas dropped."""
    with pytest.raises(ParseError, match="amount|whole number"):
        parse_amount(text)


@pytest.mark.parametrize(
    ("text", "chips"),
    [("40", 40), ("1,000", 1000), ("12,345,678", 12_345_678), ("2.5k", 2500), ("2.0", 2)],
)
def test_thousands_commas_and_exact_decimals_are_read(text: str, chips: int) -> None:
    """The forms players write: commas grouping thousands, a k or m suffix, a decimal that
    comes to whole chips."""
    assert parse_amount(text) == chips


@pytest.mark.parametrize(
    "text",
    [
        "history abc",
        "history -3",
        "history 0",
        "history last 0",
        "history last 21",
        "history 2 3",
        "history last 2 3",
        "history 2 last",
        "history session 2",
        "fold now",
        "call 5 please",
        "call five",
        "all-in 200",
        "raise 40 50",
        "pat 7h",
        "sit 200 0",
        "start now",
        "leaderboard holdem omaha",
    ],
)
def test_a_command_with_words_it_does_not_take_is_refused(text: str) -> None:
    """A command is acted on as typed or not at all: extra or unreadable words are refused
    with how the command is written, never read as something else."""
    with pytest.raises(ParseError):
        parse(text)


async def _seated(p: Pipeline) -> None:
    """A 1/2 no-limit table, buy-ins 40 to 400, with Ann (the host) and Bob seated for 200."""
    assert (await p.say("Ann", "new holdem nl 1/2 buyin 40-400")).ok
    for name in ("Ann", "Bob"):
        assert (await p.say(name, "sit 200")).ok


def _stacks(p: Pipeline) -> dict[str, int]:
    seats = p.service.tables["g/c"].table.seating.seats.values()
    return {s.name: s.stack for s in seats}


async def test_a_comma_in_a_buy_in_or_an_adjustment_changes_nothing(pipeline: Pipeline) -> None:
    """``sit 40,5`` and ``adjust bob 40,5`` are refused (they were read as 405), with the
    forms accepted; stacks and seats stay as they were."""
    await _seated(pipeline)
    reply = await pipeline.say("Cat", "sit 40,5")
    assert not reply.ok and "'40,5' is not an amount" in reply.text
    reply = await pipeline.say("Ann", "adjust bob 40,5 comp")
    assert not reply.ok and "whole chips like 40" in reply.text
    assert _stacks(pipeline) == {"Ann": 200, "Bob": 200}


async def test_a_minus_sign_is_not_a_range_separator(pipeline: Pipeline) -> None:
    """``set buyin -5 400`` is refused (it set 5 to 400); ``set buyin 50-400`` is read."""
    await _seated(pipeline)
    reply = await pipeline.say("Ann", "set buyin -5 400")
    assert not reply.ok and "set buyin MIN MAX" in reply.text
    settings = pipeline.service.tables["g/c"].table.settings
    assert (settings.min_buy_in, settings.max_buy_in) == (40, 400)
    assert (await pipeline.say("Ann", "set buyin 50-400")).ok
    settings = pipeline.service.tables["g/c"].table.settings
    assert (settings.min_buy_in, settings.max_buy_in) == (50, 400)


async def test_a_stray_comma_opens_no_table(pipeline: Pipeline) -> None:
    """``new holdem nl ,`` opened a default table in silence: it is refused, and no table
    plays in the channel."""
    reply = await pipeline.say("Ann", "new holdem nl ,")
    assert not reply.ok and "comma" in reply.text
    assert "g/c" not in pipeline.service.tables


async def test_history_and_verify_refuse_what_they_cannot_read(pipeline: Pipeline) -> None:
    """``history abc``, ``history -3``, ``history last 0`` and ``verify 4 0`` answered as
    if asked something else (the last hand); each is refused with how the command is
    written."""
    await _seated(pipeline)
    for text in ("history abc", "history -3", "history last 0"):
        reply = await pipeline.say("Ann", text)
        assert not reply.ok, text
        assert "history [HAND NUMBER|last N|session] [phh|pokerstars]" in reply.text, text
    for text in ("verify 4 0", "verify 0", "verify x"):
        reply = await pipeline.say("Ann", text)
        assert not reply.ok and "verify [HAND NUMBER]" in reply.text, text


@pytest.mark.parametrize(
    ("words", "refusal"),
    [
        ("new value 100=1 o8 fl", None),  # o8 is the game, not a currency sign
        ("new value 100=5", "value CHIPS=1"),
        ("new timer 1", "5 to 600 seconds"),
        ("new timer 1m", "5 to 600 seconds"),
        ("new holdem omaha", "sets the game a second time"),
        ("new nl pl", "sets the structure a second time"),
        ("new 1/2 3/6", "sets the stakes a second time"),
        ("new seats 6 seats 9", "a second time"),
        ("new minutes 5", "for a mix"),
        ("new holdem nl 1/2 buyin 1,000-5,000", None),
    ],
)
def test_a_table_is_set_up_from_words_read_once_and_exactly(
    words: str, refusal: str | None
) -> None:
    """``new`` refuses what ``set`` refuses (a timer under 5 seconds), a word given twice
    (the last one silently won), an option without its game (minutes without a mix), and
    no longer takes a game's name for a currency sign."""
    from bot.words.tablesetup import parse_table_setup

    if refusal is None:
        settings = parse_table_setup(words)
        assert settings.currency == ""
        if "o8" in words:
            assert settings.config.game.value == "omaha_hilo"
        if "buyin" in words:
            assert (settings.min_buy_in, settings.max_buy_in) == (1000, 5000)
        return
    with pytest.raises(ParseError, match=refusal):
        parse_table_setup(words)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("raise to 40", ("raise", 40, ())),
        ("bet to 1k", ("bet", 1000, ())),
        ("all in", ("allin", None, ())),
        ("draw 10h 2c", ("draw", None, ("Th", "2c"))),
        ("stand pat", ("draw", None, ())),
    ],
)
def test_what_players_say_at_the_table_is_read(
    text: str, read: tuple[str, int | None, tuple[str, ...]]
) -> None:
    """The table's own words: "raise to 40", "all in", a ten written as it is shown (10h)."""
    command = parse(text)
    assert (command.kind, command.amount, command.cards) == read  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["raise 0,100", "raise 000,100", "draw", "discard", "raise to"])
def test_a_move_that_could_be_a_slip_is_refused(text: str) -> None:
    """A draw naming no card stood pat without a word (it cannot be taken back): it is
    refused with how to stand pat; a comma group after a zero is no amount."""
    with pytest.raises(ParseError):
        parse(text)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("draw Q♥ 10♠", ("draw", None, ("Qh", "Ts"))),
        ("draw q♡ t♤", ("draw", None, ("Qh", "Ts"))),
        ("draw qh TH 7D", ("draw", None, ("Qh", "Th", "7d"))),
        ("draw 10h", ("draw", None, ("Th",))),
        ("complete to 20", ("complete", 20, ())),
        ("complete 20", ("complete", 20, ())),
        ("call 15", ("call", 15, ())),
        ("twice", ("runs", 2, ())),
        ("once", ("runs", 1, ())),
    ],
)
def test_cards_and_amounts_are_read_as_they_are_shown(
    text: str, read: tuple[str, int | None, tuple[str, ...]]
) -> None:
    """Cards typed as the table shows them (Q♥, 10h) or as written (Th), in any case; stud's
    completion said "complete to N"; a call naming its amount."""
    command = parse(text)
    assert (command.kind, command.amount, command.cards) == read  # type: ignore[attr-defined]


async def test_host_commands_take_quoted_names_and_seat_numbers(pipeline: Pipeline) -> None:
    """``adjust "Bo Di" 10 comp`` adjusts the player whose name has a space; ``kick 2``
    kicks seat 2; a name that is no one lists the seats with their numbers and says how to
    name a player; nothing changes on a refusal."""
    assert (await pipeline.say("Ann", "new holdem nl 1/2")).ok
    for name in ("Ann", "Bo Di", "Cy"):
        assert (await pipeline.say(name, "sit 200")).ok
    assert (await pipeline.say("Ann", 'adjust "Bo Di" 10 comp')).ok
    assert _stacks(pipeline) == {"Ann": 200, "Bo Di": 210, "Cy": 200}
    reply = await pipeline.say("Ann", "adjust Bo 10 comp")
    assert not reply.ok
    assert "seated are 1. Ann, 2. Bo Di, 3. Cy (name a player or his seat number" in reply.text
    reply = await pipeline.say("Ann", 'adjust "Bo Di 10 comp')
    assert not reply.ok and "a quote is not closed" in reply.text
    assert _stacks(pipeline) == {"Ann": 200, "Bo Di": 210, "Cy": 200}
    assert (await pipeline.say("Ann", "kick 3")).ok
    assert _stacks(pipeline) == {"Ann": 200, "Bo Di": 210}


async def _ledger(p: Pipeline) -> list[tuple[str, str, int]]:
    live = p.service.tables["g/c"]
    return await p.service.db.books.ledger(live.id, live.session_id)


ADJUST_SPLIT = (
    "adjust NAME AMOUNT REASON: an amount is one word, with no space in it ('4 0' is two): "
    "whole chips like 40, 1k or 2.5k; e.g. 'adjust bob -50 miscount', and a reason that "
    "starts with a number in double quotes: 'adjust bob 50 \"2 rebuys\"'"
)


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("adjust bob 4 0 reason", "4 0"),
        ("adjust bob 1 000 recount", "1 000"),
        ("adjust bob -5 0 comp", "-5 0"),
        ("adjust bob +1 000 comp", "+1 000"),
        ("adjust bob 2.5 k comp", "2.5 k"),
        ("adjust bob 1 ,000 comp", "1 ,000"),
        ("adjust bob - 50 comp", "- 50"),
        ('adjust "bob" 4 0 reason', "4 0"),
    ],
)
async def test_adjust_an_amount_split_by_a_space_is_refused_with_the_usage(
    pipeline: Pipeline, text: str, typed: str
) -> None:
    """``adjust bob 4 0 reason`` adjusted Bob by 4 with the reason "0 reason": an amount
    written with a space in it is refused with the command's usage and an example, and
    neither a stack nor the ledger changes."""
    await _seated(pipeline)
    before = await _ledger(pipeline)
    reply = await pipeline.say("Ann", text)
    assert not reply.ok
    assert reply.text == ADJUST_SPLIT.replace("'4 0'", repr(typed))
    assert _stacks(pipeline) == {"Ann": 200, "Bob": 200}
    assert await _ledger(pipeline) == before


async def test_adjust_a_reason_that_starts_with_a_number_is_taken_in_quotes(
    pipeline: Pipeline,
) -> None:
    """The form the refusal gives works: a quoted reason may start with a number."""
    await _seated(pipeline)
    assert (await pipeline.say("Ann", 'adjust bob 50 "2 rebuys"')).ok
    assert _stacks(pipeline) == {"Ann": 200, "Bob": 250}
    live = pipeline.service.tables["g/c"]
    entries = await pipeline.service.db.books.ledger_entries(live.id, live.session_id)
    assert entries[-1][1:] == ("test:bob", "adjust", 50, "2 rebuys")


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("adjust bob x comp", "'x' is not an amount: use whole chips like 40, 1k or 2.5k"),
        ("adjust bob 4,0 comp", "'4,0' is not an amount: use whole chips like 40, 1k or 2.5k"),
        ("adjust bob --5 comp", "'--5' is not an amount: one sign at most, like -50 or +50"),
    ],
)
async def test_adjust_an_amount_it_cannot_read_is_refused_with_the_usage(
    pipeline: Pipeline, text: str, refusal: str
) -> None:
    """Every refusal of the words of ``adjust`` starts with how it is written."""
    await _seated(pipeline)
    reply = await pipeline.say("Ann", text)
    assert not reply.ok
    assert reply.text == f"adjust NAME AMOUNT REASON: {refusal}; e.g. 'adjust bob -50 miscount'"
    assert _stacks(pipeline) == {"Ann": 200, "Bob": 200}


async def test_set_takes_chips_in_every_form_a_bet_takes(pipeline: Pipeline) -> None:
    """``set 72 1k`` was refused while ``set bomb 1k`` was read: every option counted in
    chips (the 7-2 bounty, the bomb ante, the confirmation size, the buy-in range) reads
    1k, 2.5k and 1,000 as a bet does."""
    await _seated(pipeline)
    live = pipeline.service.tables["g/c"]
    assert (await pipeline.say("Ann", "set buyin 1k 5k")).ok
    assert (live.table.settings.min_buy_in, live.table.settings.max_buy_in) == (1000, 5000)
    assert (await pipeline.say("Ann", "set buyin 100-2.5k")).ok
    assert (live.table.settings.min_buy_in, live.table.settings.max_buy_in) == (100, 2500)
    reply = await pipeline.say("Ann", "set 72 1k")
    assert reply.ok and live.table.settings.seven_deuce == 1000
    assert (await pipeline.say("Ann", "set 72 1,500")).ok
    assert live.table.settings.seven_deuce == 1500
    assert (await pipeline.say("Ann", "set bomb 2.5k")).ok
    assert live.table.settings.bomb.ante == 2500
    assert (await pipeline.say("Ann", "set confirm 1k")).ok
    assert live.table.settings.confirm_over == 1000
    reply = await pipeline.say("Ann", "set 72 3k")
    assert not reply.ok and reply.text == (
        "set 72 N: the 7-2 game's bounty, 1 to 2500 chips from each other player dealt in; "
        "set 72 off ends it"
    )
    assert live.table.settings.seven_deuce == 1500


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("set turn 3", "set turn SECONDS: the turn timer is 5 to 600 seconds, not '3'"),
        ("set turn 1k", "set turn SECONDS: the turn timer is 5 to 600 seconds, not '1k'"),
        (
            "set timeouts 0",
            "set timeouts N: a player is sat out after 1 to 20 timeouts in a row, not '0'",
        ),
        (
            "set confirm x",
            "set confirm N: bets adding more than N chips ask for a click (0: all-ins only), "
            "not 'x'",
        ),
        ("set runs maybe", "set runs on|off: running it twice offered or not, not 'maybe'"),
        (
            "set pictures maybe",
            "set pictures on|off: showdowns with a picture or without, not 'maybe'",
        ),
    ],
)
async def test_set_refusals_name_the_form_and_the_range(
    pipeline: Pipeline, text: str, refusal: str
) -> None:
    """Every ``set`` refusal starts with how the option is written and names what it may
    be and the word refused; the settings stay as they were."""
    await _seated(pipeline)
    live = pipeline.service.tables["g/c"]
    before = live.table.settings
    reply = await pipeline.say("Ann", text)
    assert not reply.ok and reply.text == refusal
    assert live.table.settings == before


@pytest.mark.parametrize("text", ["set stakes 1/2 0", "set stakes 1 0/20", "set stakes 2-1 0"])
async def test_set_stakes_with_an_amount_split_by_a_space_is_refused(
    pipeline: Pipeline, text: str
) -> None:
    """``set stakes 1/2 0`` was read as 1/20 (every space dropped): an amount split by a
    space is refused with how stakes are written, and the stakes stay; a space around the
    slash is still read."""
    await _seated(pipeline)
    live = pipeline.service.tables["g/c"]
    before = live.table.settings
    reply = await pipeline.say("Ann", text)
    assert not reply.ok and "is not stakes: whole chips as the table shows them" in reply.text
    assert live.table.settings == before
    assert (await pipeline.say("Ann", "set stakes 2 / 4")).ok
    assert live.table.settings.config.stakes.big_blind == 4
