"""The declarations of the commands (bot/words/commandset.py): every declared word is
read into its command, no word names two, and the help text lists every command."""

from __future__ import annotations

import pytest

from bot.words.commands import PLAY_WORDS, ParseError, Payouts, Play, parse
from bot.words.commandset import DECLARED, HELP, HELP_LINES, VERBS, Help, declared_of, verb_named

# what a verb that cannot stand alone is typed with, by the verb's name
SAMPLES = {
    "sit": "200",
    "topup": "100",
    "bet": "40",
    "raise": "40",
    "draw": "7h 2c",
    "runs": "2",
    "complete": "40",
    "choose": "razz",
    "kick": "bob",
    "adjust": "bob -50 miscount",
    "set": "turn 45",
    "chop": "icm",
    "remove": "bob",
    "payouts": "50 30 20",
}


def _typed(verb_name: str, word: str) -> str:
    return f"{word} {SAMPLES[verb_name]}" if verb_name in SAMPLES else word


def test_every_declared_word_parses_to_its_command() -> None:
    """Each word of each declared verb, typed alone (or with the sample a verb needs),
    is read into the declared command, with the fields the word gives."""
    for declared in DECLARED:
        for verb in declared.verbs:
            for word in verb.words:
                command = parse(_typed(verb.name, word))
                assert type(command) is declared.command, word
                for name, value in verb.fields:
                    assert getattr(command, name) == value, word


def test_a_verb_that_needs_more_words_says_so() -> None:
    """The samples are needed: each of those verbs typed alone is refused with what it
    takes (or, bet and raise, read as the minimum, the chat filling it in)."""
    for name in SAMPLES:
        try:
            command = parse(name)
        except ParseError:
            continue
        assert isinstance(command, Play) and command.amount is None, name


def test_no_word_names_two_commands() -> None:
    """Every declared word names one verb: the words counted over all verbs are as many
    as the words read."""
    words = [w for d in DECLARED for verb in d.verbs for w in verb.words]
    assert len(words) == len(set(words)) == len(VERBS)


def test_a_word_that_is_declared_nowhere_is_no_command() -> None:
    """A word no declaration has is refused, naming the commands to try."""
    with pytest.raises(ParseError, match="is not a command: try fold"):
        parse("shuffle")


def test_the_words_of_a_move_are_the_declared_moves() -> None:
    """PLAY_WORDS (a move's words, for a refusal with the legal choices) are the words of
    the declared moves but the answers once, twice and thrice."""
    moves = {w for verb in declared_of(Play).verbs for w in verb.words}
    assert set(PLAY_WORDS) == moves - {"once", "twice", "thrice"}
    assert PLAY_WORDS["pat"] == "draw" and PLAY_WORDS["open"] == "bet"
    assert "once" not in PLAY_WORDS and PLAY_WORDS["runs"] == "runs"


def test_help_lists_every_declared_command() -> None:
    """Every declared command but help itself has a verb on a line of the help text, with
    its entry; every verb the help lists is declared."""
    listed = {name for _, names, _ in HELP_LINES for name in names}
    for declared in DECLARED:
        names = {verb.name for verb in declared.verbs}
        if declared.command is not Help:
            assert names & listed, declared.command.__name__
    for name in listed:
        assert verb_named(name).entry in HELP


def test_help_reads_line_by_line_as_the_players_know_it() -> None:
    """The help's lines as players read them: its heading, the moves, the host's."""
    lines = HELP.splitlines()
    assert lines[0].startswith("Poker commands (in chat, after /poker;")
    assert "  fold · check · call · bet N · raise N · allin · draw CARDS · pat · runs 2" in lines
    assert "  stud: bringin · complete to N   cards as shown or typed: Q♥ 10h Th" in lines
    assert (
        "  host: start · pause · kick NAME · adjust NAME ±N REASON · void · set OPTION VALUE · end"
        in lines
    )
    assert lines[-1] == "Amounts: 40, 1k, 2.5k."
    assert len(lines) == 2 + len(HELP_LINES) + 1  # history's entry takes two lines


def test_payouts_reads_percent_by_place_winner_takes_all_or_the_standard_table() -> None:
    """The host's ``payouts`` reads as ``tournament new``'s payouts do: percent by place
    (in per mille), ``winner takes all`` (or ``wta``), or ``standard``; anything else is
    refused with the forms it takes."""
    assert parse("payouts 50 30 20") == Payouts((500, 300, 200))
    assert parse("payouts 62.5% 37.5%") == Payouts((625, 375))
    assert parse("payouts winner takes all") == parse("payouts wta") == Payouts((1000,))
    assert parse("payouts standard") == Payouts(())
    for typed in ("payouts", "payouts abc", "payouts 50 30 abc", "payouts winner"):
        with pytest.raises(ParseError, match="payouts 50 30 20"):
            parse(typed)
