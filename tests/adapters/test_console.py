"""The console adapter: scripts, what each player and the channel see, and continuing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from adapters.console.play import ConsoleStop, Options
from adapters.console.run import play_interactive, play_script

SCRIPT = """
# three friends
alice: sit 200
bob: sit 200
carol: sit 200
deck: As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd
alice: start
alice: raise 6
bob: call
carol: raise abc
carol: fold
"""


async def _run(db: Path | str, lines: str, as_json: bool = False) -> str:
    out = io.StringIO()
    options = Options(db=str(db), lines=lines.splitlines(), json=as_json, seed=1)
    assert await play_script(options, out) == 0
    return out.getvalue()


async def test_script_shows_each_player_his_own_cards_and_the_channel_none(tmp_path: Path) -> None:
    """Hole cards go only to their owner; the channel sees actions; bad input is answered
    privately with what is accepted, and changes nothing."""
    text = await _run(tmp_path / "t.db", SCRIPT)
    lines = text.splitlines()
    assert "  [to bob] Your cards: A♠ K♦" in lines
    assert "  [to carol] Your cards: 7♥ 2♣" in lines
    assert "  [to alice] Your cards: Q♠ Q♥" in lines
    public = [line for line in lines if not line.startswith("  [to ")]
    for card in ("A♠", "K♦", "7♥", "2♣", "Q♠", "Q♥"):
        assert not any(card in line for line in public), card
    assert "alice raises to 6" in lines and "bob calls 5" in lines
    # RULES.md: a word that is not an amount is refused with the whole legal choice
    assert (
        "  [to carol] 'abc' is not an amount: you may fold, call 4 or raise to 10 to 200 "
        "(all-in)" in lines
    )
    assert "carol folds" in lines
    assert "Flop: 9♣ 8♦ 3♠" in lines


async def test_a_second_script_continues_the_same_table(backend_target: str) -> None:
    """With the same --db (a SQLite file or a PostgreSQL database) a second script
    carries on from where the first stopped, and --json ends with the table's public
    state (no hidden card in it)."""
    db = backend_target
    await _run(db, SCRIPT)
    text = await _run(db, "bob: check\nalice: bet 10\nbob: call\n", as_json=True)
    assert text.splitlines()[0] == "bob checks"
    state = json.loads(text[text.index("{") :])
    hand = state["hand"]
    assert hand["board"] == ["9c", "8d", "3s", "Th"]
    assert hand["pot"] == 34 and hand["to_act"] == "bob"
    assert "As" not in text[text.index("{") :] and "Qs" not in text[text.index("{") :]


async def test_not_your_turn_names_the_player_to_act(tmp_path: Path) -> None:
    """The one who is not to act gets a clear "not your turn" naming who is."""
    text = await _run(tmp_path / "t.db", SCRIPT + "alice: check\n")
    assert "  [to alice] it is not your turn: bob is to act" in text.splitlines()


async def test_interactive_play_with_computer_players(tmp_path: Path) -> None:
    """`killbutton play`: you and computer players; your cards only to you; quitting saves."""
    answers = iter(["fold", "fold", "fold", "quit"])
    out = io.StringIO()
    options = Options(db=str(tmp_path / "t.db"), name="Me", bots=2, seed=5)
    await play_interactive(options, lambda prompt: next(answers), out)
    text = out.getvalue()
    assert "Me sits in seat 1 with 200" in text
    assert "  (you) Your cards:" in text
    assert "Bot Ada" in text and "Bot Bix" in text
    assert "table is saved" in text


async def test_another_player_of_the_same_file_is_played_not_crashed_on(tmp_path: Path) -> None:
    """A second person (or a run with fewer bots) on the same table: the console plays the
    players it does not control with the bots' strategy instead of failing."""
    db = str(tmp_path / "t.db")
    first = iter(["quit"])
    await play_interactive(
        Options(db=db, name="Tess", seed=1), lambda p: next(first), io.StringIO()
    )
    answers = iter(["check", "check", "check", "quit"])
    out = io.StringIO()
    await play_interactive(Options(db=db, name="Uma", bots=1, seed=2), lambda p: next(answers), out)
    assert "table is saved" in out.getvalue()


def test_a_database_that_is_not_one_is_a_clear_error(tmp_path: Path) -> None:
    """A corrupt file gives a clear error and the process ends (no hang, no traceback)."""
    from adapters.console.run import run

    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not a database" * 200)
    assert run(Options(db=str(bad), lines=[], script=None, name="x")) == 2


def test_huge_amounts_are_refused_not_crashed_on() -> None:
    """An amount of thousands of digits is refused with the accepted forms."""
    import pytest

    from bot.words.commands import ParseError, parse

    with pytest.raises(ParseError, match="not an amount"):
        parse("raise " + "9" * 5000)


def test_setup_words_make_the_table_and_bad_ones_are_refused(tmp_path: Path) -> None:
    """`--setup` takes the same words as chat's `new`: a kill game from the console."""
    from adapters.console.run import _settings

    settings = _settings(Options(setup="omaha pl 1/2 kill straddle"))
    assert settings.kill is not None and settings.config.rules.straddle_allowed
    import pytest

    from bot.engine.errors import ConfigError

    with pytest.raises(ConfigError, match="not a table option"):
        _settings(Options(setup="dance"))


async def test_rabbit_shows_the_channel_the_board_a_folded_hand_would_have_dealt(
    tmp_path: Path,
) -> None:
    """Rabbit hunting in the console: a hand won before the flop, then 'rabbit' shows
    everyone the five board cards it would have dealt, as not played; no hole card."""
    lines = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\n"
        "deck: As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd\nalice: start\nalice: pause\n"
        "alice: fold\nbob: fold\ncarol: rabbit\n"
    )
    text = await _run(tmp_path / "t.db", lines)
    hunt = [line for line in text.splitlines() if line.startswith("rabbit hunt")]
    assert hunt == [
        "rabbit hunt, hand 1, not played: 9♣ 8♦ 3♠ 10♥ J♦; they match the shuffle committed"
        " before the deal ('verify' checks the rest)"
    ]


def test_a_name_or_table_too_long_is_refused_with_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A name or table name past 64 characters is refused before anything opens, the same
    on every database (PostgreSQL indexes a name whole and cannot take one of thousands)."""
    from bot.app.cli import main

    for option in ("--name", "--table"):
        with pytest.raises(SystemExit) as stopped:
            main(["play", option, "x" * 65])
        assert stopped.value.code == 2
        assert "a name is at most 64 characters, this one has 65" in capsys.readouterr().err


@pytest.mark.parametrize("saved", range(12, 19))
async def test_a_computer_player_s_move_that_cannot_be_saved_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: int
) -> None:
    """The database stops taking writes mid-hand: when a computer player's move is the
    first not saved, the console stops saying the table could not be saved (the game is
    kept up to the last move saved), never with the refusal of a move no one chose; when
    it is yours, you are told so."""
    from storage import StorageError
    from storage.db import Database

    commit = Database.commit
    calls = 0

    async def failing(self: Database, *args: object, **kwargs: object) -> None:
        nonlocal calls
        calls += 1
        if calls > saved:
            raise StorageError("the database refused the change: disk full")
        await commit(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Database, "commit", failing)
    answers = iter(["call", "check", "check", "check", "quit"] * 4)
    options = Options(db=str(tmp_path / "t.db"), name="Me", bots=3, seed=5)
    out = io.StringIO()
    try:
        await play_interactive(options, lambda prompt: next(answers), out)
    except ConsoleStop as exc:  # a computer player's move: the console stops, saying why
        assert "could not be saved" in str(exc)
    else:  # your own move: you are told, and may quit
        assert "could not be saved" in out.getvalue()


async def test_stats_are_read_off_the_hands_stored(tmp_path: Path) -> None:
    """``stats`` and ``stats NAME`` in the console: counted from the stored hands, this
    session and all time by game, answered to the asker alone; an unknown name is refused
    with who is seated."""
    lines = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\n"
        "deck: As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd\nalice: start\nalice: pause\n"
        "alice: raise 6\nbob: raise 18\ncarol: fold\nalice: call\n"
        "bob: bet 20\nalice: call\nbob: check\nalice: check\nbob: check\nalice: check\n"
        "carol: stats bob\ndan: stats\ncarol: stats nobody\n"
    )
    text = await _run(tmp_path / "t.db", lines)
    told = [line for line in text.splitlines() if line.startswith("  [to carol] ")]
    stats = [line.removeprefix("  [to carol] ") for line in told[-4:-1]]
    assert stats == [
        "bob's statistics, from the hands stored:",
        "this session: 1 hand · VPIP 100% · PFR 100% · 3-bet 100% (of 1) · went to showdown"
        " 100% · won at showdown 0% · net -38 · biggest pot won 0",
        "all time, No-Limit Hold'em 1/2: 1 hand · VPIP 100% · PFR 100% · 3-bet 100% (of 1)"
        " · went to showdown 100% · won at showdown 0% · net -38 · biggest pot won 0",
    ]
    assert told[-1].startswith("  [to carol] no player called nobody here: seated are 1. alice")
    assert not any(
        "statistics" in line for line in text.splitlines() if not line.startswith("  [to ")
    )
    assert "  [to dan] dan has no finished hand on this server yet" in text.splitlines()


async def test_ledger_csv_is_written_beside_you_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ledger csv`` in the console: the file is written in the working folder and the
    table is told where."""
    monkeypatch.chdir(tmp_path)
    text = await _run(tmp_path / "t.db", "alice: sit 200\nbob: sit 150\nalice: ledger csv\n")
    (saved,) = [line for line in text.splitlines() if "saved as" in line]
    name = saved.rsplit("saved as ", 1)[1]
    rows = (tmp_path / name).read_text().splitlines()
    assert rows[0] == "time_utc,player,player_id,kind,chips,note"
    assert [r.split(",")[1:5] for r in rows[1:]] == [
        ["alice", "console:alice", "buy_in", "200"],
        ["bob", "console:bob", "buy_in", "150"],
    ]


async def test_a_ledger_csv_that_cannot_be_written_is_said_and_the_table_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ledger csv`` where the file cannot be written (a folder of its name is in the
    way): the table is told it was not saved and why, and the next line is played."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ledger-table-session-1.csv").mkdir()
    text = await _run(
        tmp_path / "t.db", "alice: sit 200\nbob: sit 150\nalice: ledger csv\ncarol: sit 100\n"
    )
    (said,) = [line for line in text.splitlines() if "ledger-table-session-1.csv" in line]
    assert ": not saved as ledger-table-session-1.csv: Is a directory" in said
    assert "carol sits in seat 3 with 100" in text.splitlines()


async def test_a_double_board_bomb_pot_is_played_across_a_restart(tmp_path: Path) -> None:
    """The host's 'set bomb double on' and 'bomb 10': everyone antes 10, the flop comes
    at once on two boards, the hand is saved mid-flop and played on by a second run,
    and each board takes half the pot; the folded hand's cards never reach the channel."""
    first = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\n"
        "alice: set bomb double on\nalice: bomb 10\n"
        "deck: As Ah Ks Kh 2c 7d Kd 5c 9s Ad 6c 8s 3h 3d 4h 4d\n"
        "alice: start\nalice: pause\nbob: check\n"
    )
    text = await _run(tmp_path / "t.db", first)
    lines = text.splitlines()
    assert (
        "BOMB POT: everyone antes 10, no betting before the flop, two boards, each for half "
        "of every pot" in lines
    )
    assert "Flop (board 1): K♦ 5♣ 9♠" in lines and "Flop (board 2): A♦ 6♣ 8♠" in lines
    rest = (
        "carol: check\nalice: bet 20\nbob: call\ncarol: call\n"
        + "bob: check\ncarol: check\nalice: check\n" * 2
    )
    text = await _run(tmp_path / "t.db", rest)
    lines = text.splitlines()
    assert (
        "carol wins 45: the main pot on board 1 with three of a kind, kings (K♠ K♥ K♦ 9♠ 5♣)"
        in lines
    )
    assert (
        "bob wins 45: the main pot on board 2 with three of a kind, aces (A♠ A♥ A♦ 8♠ 6♣)" in lines
    )
    public = [line for line in lines if not line.startswith("  [to ")]
    assert not any("2♣" in line or "7♦" in line for line in public)


async def test_the_seven_deuce_bounty_is_in_the_result_the_ledger_and_the_books(
    tmp_path: Path,
) -> None:
    """'set 72 5': alice wins the main pot with 7-2 (the hand saved and played on by a
    second run), shows it and collects 5 from each; the ledger lists the bounty, and the
    session's results count it once, in the stacks."""
    first = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\nalice: set 72 abc\nalice: set 72 5\n"
        "deck: Ks Kh As Ah 7h 2c\nalice: start\nalice: pause\nalice: raise 20\n"
    )
    lines = (await _run(tmp_path / "t.db", first)).splitlines()
    assert (
        "  [to alice] set 72 N: the 7-2 game's bounty, 1 to 200 chips from each other player "
        "dealt in; set 72 off ends it" in lines
    )
    rest = "bob: fold\ncarol: fold\nalice: ledger\nalice: end\n"
    lines = (await _run(tmp_path / "t.db", rest)).splitlines()
    assert "alice shows 7♥ 2♣ and collects the 7-2 bounty: 10 (bob 5, carol 5)" in lines
    ledger = [line for line in lines if "bounty" in line and line.startswith("  [to alice]")]
    assert ledger == [
        "  [to alice] alice: bounty 10",
        "  [to alice] bob: bounty -5",
        "  [to alice] carol: bounty -5",
    ]
    assert any(line.startswith("alice: +13") for line in lines)  # 3 from the pot, 10 bounty
    assert any(line.startswith("bob: -6") for line in lines)
    assert any(line.startswith("carol: -7") for line in lines)


async def test_the_time_bank_runs_before_the_timer_acts_and_shows_on_the_table(
    tmp_path: Path,
) -> None:
    """'set timebank 20 add 5 every 2': alice's 30 seconds run out, her 20-second bank
    runs (on the table message too, counting down the seconds left), and only when it is
    spent does the timer fold her."""
    lines = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\nalice: set timebank 20 add 5 every 2\n"
        "alice: start\nwait 31\nalice: status\nwait 18\nalice: status\nwait 2\n"
    )
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    assert "time bank: 20s each when the time to act runs out, 5s back every 2 hands" in said
    ran = said.index("alice's time bank runs: 20 seconds to act")
    shown = said.index("  [to alice] ⏳ alice is on the time bank: 19s left")
    second = said.index("  [to alice] ⏳ alice is on the time bank: 1s left", shown + 1)
    assert ran < shown < second < said.index("alice's time ran out") < said.index("alice folds")


async def test_history_in_pokerstars_format_is_the_askers_own_view(tmp_path: Path) -> None:
    """'history 1 pokerstars' and 'history session stars': PokerStars' text, to the asker
    alone, with his own cards and no one else's; a bad word is refused with the forms."""
    lines = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\ndeck: Ks Kh As Ah 7h 2c\n"
        "alice: start\nalice: pause\nalice: raise 20\nbob: fold\ncarol: fold\n"
        "alice: history 1 pokerstars\nbob: history session stars\nalice: history 2 phh stars\n"
    )
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    mine = [line[len("  [to alice] ") :] for line in said if line.startswith("  [to alice] ")]
    mine = mine[next(i for i, line in enumerate(mine) if line.startswith("PokerStars")) :]
    assert mine[0].startswith("PokerStars Hand #") and ": Hold'em No Limit (1/2) - " in mine[0]
    assert "Dealt to alice [7h 2c]" in mine and "alice: raises 18 to 20" in mine
    bobs = [line for line in said if line.startswith("  [to bob] ")]
    assert "  [to bob] Dealt to bob [Ks Kh]" in bobs
    assert not any("7h" in line or "As" in line for line in bobs)
    public = [line for line in said if not line.startswith("  [to ")]
    assert not any("Dealt to" in line for line in public)
    assert mine[-1].startswith("history [HAND NUMBER|last N|session] [phh|pokerstars]: ")


async def test_a_session_in_pokerstars_format_reads_as_one_file(tmp_path: Path) -> None:
    """'history session pokerstars' over three hands: one file that pokerkit's PokerStars
    parser reads as three hands (two blank lines between them)."""
    import warnings

    from pokerkit import HandHistory as PokerkitHistory

    lines = "alice: sit 200\nbob: sit 200\nalice: start\nalice: fold\nbob: fold\nalice: pause\n"
    lines += "alice: fold\nalice: history session pokerstars\n"
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    mine = [line[len("  [to alice] ") :] for line in said if line.startswith("  [to alice] ")]
    text = "\n".join(mine[next(i for i, x in enumerate(mine) if x.startswith("PokerStars")) :])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hands = list(PokerkitHistory.from_pokerstars(text, error_status=True))
    assert len(hands) == 3


async def test_set_72_takes_1_to_the_buy_in_and_only_where_holdem_is_dealt(tmp_path: Path) -> None:
    said = (
        await _run(tmp_path / "t.db", "alice: sit 200\nalice: set 72 0\nalice: set 72 off\n")
    ).splitlines()
    assert (
        "  [to alice] set 72 N: the 7-2 game's bounty, 1 to 200 chips from each other player "
        "dealt in; set 72 off ends it" in said
    )
    assert "the 7-2 game is off" in said
    out = io.StringIO()
    options = Options(
        db=str(tmp_path / "s.db"), lines=["alice: sit 200", "alice: set 72 5"], setup="razz", seed=1
    )
    assert await play_script(options, out) == 0
    assert (
        "  [to alice] the 7-2 game is played in hold'em: this table deals none"
        in out.getvalue().splitlines()
    )


async def test_set_bomb_takes_the_ante_as_a_bet_is_written(tmp_path: Path) -> None:
    lines = "alice: sit 200\nalice: set bomb 0.1k every 5\nalice: set bomb 2.5x\n"
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    assert "bomb pots: a bomb pot of 100 each after every 5 hands" in said
    assert any(
        line.startswith("  [to alice] a bomb pot's ante is 1 to 200 chips, not '2.5x'")
        for line in said
    )


BOMB_TWO_BOARDS = (
    "alice: sit 200\nbob: sit 200\ncarol: sit 200\n"
    "alice: set bomb double on\nalice: bomb 10\n"
    "deck: As Ah Ks Kh 2c 7d {flop} 5c 9s Ad 6c 8s 3h 3d 4h 4d\n"
    "alice: start\nalice: pause\n"
)


async def test_results_a_pot_won_by_folds_is_won_not_on_board_1(tmp_path: Path) -> None:
    """A double-board bomb pot whose flop bet no one calls: bob wins the pot, whole, on
    neither board (no board decided it)."""
    lines = BOMB_TWO_BOARDS.format(flop="Kd") + "bob: bet 20\ncarol: fold\nalice: fold\n"
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    assert "bob wins 30: the main pot" in said
    assert not any("board 1" in line for line in said if "wins" in line)


async def test_results_a_player_who_takes_both_boards_is_said_to_with_each_boards_hand(
    tmp_path: Path,
) -> None:
    """Bob's aces win on both boards: one line says he takes the pot on both, with the
    hand of each board."""
    lines = BOMB_TWO_BOARDS.format(flop="Qd") + "bob: check\ncarol: check\nalice: check\n" * 3
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    assert (
        "bob wins 30: the main pot on both boards: board 1 with pair of aces (A♠ A♥ Q♦ 9♠ 5♣);"
        " board 2 with three of a kind, aces (A♠ A♥ A♦ 8♠ 6♣)" in said
    )
    assert [line for line in said if " wins " in line] == [said[-1]]


RUN_TWICE = (
    "alice: sit 200\nbob: sit 200\ndeck: As Ah Ks Kh 2c 7d 9s 3h 4d 5c 6c {card} Jh 2d\n"
    "alice: start\nalice: pause\nalice: all-in\nbob: call\nalice: twice\nbob: twice\n"
)


async def test_results_a_player_who_takes_both_runs_is_said_to_with_each_runs_hand(
    tmp_path: Path,
) -> None:
    """Bob's aces hold on both runs: one line, the whole pot on both runs, with each run's
    hand; never a first run told as if the board were dealt once."""
    said = (await _run(tmp_path / "t.db", RUN_TWICE.format(card="8d"))).splitlines()
    assert [line for line in said if " wins " in line] == [
        "bob wins 400: the main pot on both runs: run 1 with pair of aces (A♠ A♥ 9♠ 7♦ 4♦);"
        " run 2 with pair of aces (A♠ A♥ J♥ 8♦ 6♣)"
    ]


async def test_results_runs_won_by_different_players_each_name_their_run(tmp_path: Path) -> None:
    """Bob wins the first run and alice the second (a king): each line names its run, the
    first included."""
    said = (await _run(tmp_path / "t.db", RUN_TWICE.format(card="Kd"))).splitlines()
    assert [line for line in said if " wins " in line] == [
        "bob wins 200: the main pot on run 1 with pair of aces (A♠ A♥ 9♠ 7♦ 4♦)",
        "alice wins 200: the main pot on run 2 with three of a kind, kings (K♠ K♥ K♦ J♥ 6♣)",
    ]


async def test_stats_a_seven_deuce_claim_after_folds_is_no_showdown_at_the_table(
    tmp_path: Path,
) -> None:
    """Bob folds to alice's flop bet and she shows seven-deuce for the bounty: her stats
    count the flop seen, and no showdown gone to or won."""
    lines = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\nalice: set 72 5\n"
        "deck: Ks Kh As Ah 7h 2c 9c 8d 3s\nalice: start\nalice: pause\nalice: raise 6\n"
        "bob: call\ncarol: fold\nbob: check\nalice: bet 10\nbob: fold\nalice: stats\n"
    )
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    assert "alice shows 7♥ 2♣ and collects the 7-2 bounty: 10 (bob 5, carol 5)" in said
    (tonight,) = [line for line in said if line.startswith("  [to alice] this session: ")]
    assert " · went to showdown 0% · won at showdown - · " in tonight


async def test_biggest_pot_won_is_his_own_take_not_a_side_pot_he_could_not_win(
    tmp_path: Path,
) -> None:
    """Alice, all-in for 40, wins the main pot of 120; bob wins the side pot of 320 she had
    no part in. Her biggest pot won is 120, in 'stats' and in the results at 'end'; bob's
    is his 320."""
    lines = (
        "alice: sit 40\nbob: sit 200\ncarol: sit 200\nalice: set runs off\n"
        "deck: Ks Kh Qs Qh As Ah 9c 8d 3s Th 4d\nalice: start\nalice: pause\n"
        "alice: all-in\nbob: raise 200\ncarol: call\nalice: stats\nbob: stats\nalice: end\n"
    )
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    assert "bob wins 320: the side pot 1 with pair of kings (K♠ K♥ 10♥ 9♣ 8♦)" in said
    alice = [line for line in said if line.startswith("  [to alice] this session: ")]
    bob = [line for line in said if line.startswith("  [to bob] this session: ")]
    assert alice[0].endswith(" · net +80 · biggest pot won 120")
    assert bob[0].endswith(" · net +120 · biggest pot won 320")
    assert "alice: +80; 1 hand, 1 pot won, biggest pot 120" in said
    assert "bob: +120; 1 hand, 1 pot won, biggest pot 320" in said
    assert "carol: -200; 1 hand, no pot won" in said


async def test_biggest_pot_won_counts_each_runs_winner_his_runs_share(tmp_path: Path) -> None:
    """Run twice, bob takes the first run and alice the second: each won 200 from the pot,
    his run's share, though neither came out ahead."""
    lines = RUN_TWICE.format(card="Kd") + "alice: stats\nbob: stats\nalice: end\n"
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    for name in ("alice", "bob"):
        (stats,) = [line for line in said if line.startswith(f"  [to {name}] this session: ")]
        assert stats.endswith(" · net +0 · biggest pot won 200")
        assert f"{name}: +0; 1 hand, 1 pot won, biggest pot 200" in said


async def test_history_and_verify_take_the_same_hand_number_in_the_console(
    tmp_path: Path,
) -> None:
    """'history 1' after two hands is hand 1, as 'verify 1' is; 'history last 2' is the
    last two, newest first."""
    lines = (
        "alice: sit 200\nbob: sit 200\nalice: start\nalice: fold\nalice: pause\nbob: fold\n"
        "alice: history 1\nalice: verify 1\nalice: history last 2\n"
    )
    said = (await _run(tmp_path / "t.db", lines)).splitlines()
    heads = [line for line in said if line.startswith("  [to alice] Hand ")]
    assert [h.split(" · ")[0] for h in heads] == [
        "  [to alice] Hand 1",
        "  [to alice] Hand 2",
        "  [to alice] Hand 1",
    ]
    assert any(line.startswith("  [to alice] hand 1: commitment ") for line in said)


async def test_002_choice_alone_in_setup_is_dealers_choice_of_every_game(tmp_path: Path) -> None:
    """``--setup choice`` was refused (it asked for a mix): the first round's button picks
    from every game the bot deals, and the game he picks is dealt."""
    out = io.StringIO()
    lines = ["alice: sit 80", "bob: sit 80", "alice: start", "alice: choose razz"]
    options = Options(db=str(tmp_path / "t.db"), lines=lines, setup="choice", seed=1)
    assert await play_script(options, out) == 0
    said = out.getvalue().splitlines()
    assert (
        "dealer's choice: alice picks this round's game: choose holdem, omaha, omaha_hilo, "
        "stud, stud_hilo, razz, jacks, ace_to_five, deuce_to_seven_single, "
        "deuce_to_seven_triple" in said
    )
    assert "alice chooses Razz for this round" in said
    assert any(line.startswith("── New hand: Limit Razz 2/4") for line in said)
