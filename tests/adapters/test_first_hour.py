"""The first hour, as a new user plays it: ``killbutton play`` in a real process deals every
game and mix with its default options, and ``--game`` gives the same table as ``--setup``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adapters.console.play import Options
from adapters.console.run import _settings

Run = subprocess.CompletedProcess[str]
# you pick razz if you have the button at dealer's choice, then check or fold every turn
STDIN = "choose razz\n" + "checkfold\n" * 40

EVERY_GAME = (
    "holdem",
    "holdem pl",
    "holdem fl",
    "omaha",
    "o8",
    "stud",
    "stud8",
    "razz",
    "jacks",
    "a5",
    "27",
    "27td",
    "horse",
    "hose",
    "hoe",
    "roe",
    "mix holdem,27td,razz",
    "horse choice",
)


def _argv(db: Path | str, *args: str) -> list[str]:
    """``killbutton play --db DB ARGS...`` run by this interpreter."""
    return [sys.executable, "-m", "bot.app.cli", "play", "--db", str(db), *args]


def _play(tmp_path: Path, *args: str, stdin: str = STDIN) -> Run:
    """``killbutton play`` in its own process, fed ``stdin``."""
    command = _argv(tmp_path / "t.db", *args)
    return subprocess.run(  # noqa: S603 - our own command line
        command, input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize("words", EVERY_GAME)
def test_every_game_and_mix_deals_a_hand_from_its_default_setup(tmp_path: Path, words: str) -> None:
    """Everyone sits with the table's default buy-in, the host's start deals, and the hand
    plays to its end (a pot won, or in jacks or better nobody opening) with you checking or
    folding."""
    run = _play(tmp_path, "--setup", words, "--name", "Me", "--seed", "7", "--hands", "1")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    out = run.stdout
    assert "buy in for" not in out
    assert out.count(" sits in seat ") == 4
    assert "── New hand: " in out
    assert any(word in out for word in (" wins ", " split ", "No one opened")), out
    assert out.rstrip().endswith("carries on where you stopped.")


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("jacks", "jacks"),
        ("deuce_to_seven_triple", "27td"),
        ("deuce_to_seven_single", "27"),
        ("stud", "stud"),
        ("omaha", "omaha"),
        ("ace_to_five", "a5"),
    ],
)
def test_game_and_setup_give_a_game_the_same_defaults(game: str, words: str) -> None:
    """``--game X`` and ``--setup X`` set up the same table: structure, stakes, buy-in."""
    assert _settings(Options(game=game)) == _settings(Options(setup=words))


def test_a_buy_in_out_of_range_says_the_range_and_what_to_type(tmp_path: Path) -> None:
    """Your own buy-in outside the table's range stops the command before anything is
    made, with the range and what to give instead."""
    run = _play(tmp_path, "--name", "Me", "--buy-in", "5000", stdin="quit\n")
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "killbutton: --buy-in 5000 is outside this table's range, 40 to 200: give one in "
        "it, or leave it out to buy in for 200"
    )
    assert " sits in seat " not in run.stdout  # nothing was made of a mistyped start


def test_version_names_the_installed_release() -> None:
    """``killbutton --version`` answers with the version pyproject.toml gives."""
    run = subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, "-m", "bot.app.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0
    assert run.stdout.strip() == "killbutton 0.1.0"


def test_the_console_starts_without_the_chart_library() -> None:
    """The chart library (and numpy under it) is imported only when a chart is drawn, so
    ``killbutton play`` starts small and fast."""
    code = (
        "import sys, bot.app.cli, adapters.console.play, adapters.console.run\n"
        "import bot.chat.presenter, bot.chat.core\n"
        "print(sorted(m for m in ('matplotlib', 'numpy') if m in sys.modules))"
    )
    run = subprocess.run(  # noqa: S603 - our own interpreter
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "[]"


def _until(process: subprocess.Popen[bytes], marker: bytes, seconds: float = 30) -> bytes:
    """Read the process's output until ``marker`` shows (or it ends, or time runs out)."""
    import os
    import select
    import time

    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
    return seen


def test_one_ctrl_c_leaves_cleanly_and_the_table_is_kept(tmp_path: Path) -> None:
    """One Ctrl-C at the prompt ends the console at once with the table saved: exit status
    0, the goodbye said, and the next run carries on at the same hand."""
    import signal

    command = _argv(tmp_path / "t.db", "--name", "Me", "--seed", "3")
    process = subprocess.Popen(  # noqa: S603 - our own command line
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    seen = _until(process, b"> ")
    assert b"Your turn" in seen
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err.decode()
    assert b"Traceback" not in err
    assert b"the table is saved" in seen + out
    again = _play(tmp_path, "--name", "Me", stdin="quit\n")
    assert "Your cards:" in again.stdout  # the hand in play, shown again on resuming
    assert "── New hand" not in again.stdout.split("Your cards:")[0]


def test_an_empty_line_does_nothing_and_a_paused_game_says_so(tmp_path: Path) -> None:
    """An empty line asks nothing (no "type a command" error); a game the host paused
    says it is paused and that 'start' deals again, and 'status' shows it."""
    run = _play(tmp_path, "--name", "Me", "--seed", "3", stdin="\n\npause\nfold\nstatus\nquit\n")
    assert "type a command" not in run.stdout
    assert "The game is paused: type 'start' to deal the next hand" in run.stdout
    assert "The game is paused now: the host's 'start' deals again" in run.stdout


def test_a_terminal_without_suit_symbols_gets_letters(tmp_path: Path) -> None:
    """An ASCII terminal is shown cards in letters (A♠ as As) and rules' section signs as
    #, and a symbol typed into it is refused like any word, not a traceback."""
    import os

    command = _argv(tmp_path / "t.db", "--name", "Me", "--seed", "3", "--hands", "1")
    run = subprocess.run(  # noqa: S603 - our own command line
        command,
        input="Q♥\nrules\n" + "checkfold\n" * 10,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "  (you) Your cards: As 7h" in run.stdout
    assert "-- New hand: No-Limit Hold'em 1/2 | deck commitment" in run.stdout
    assert "buy-in 40 to 200 (000 NL #16)" in run.stdout


def test_a_seat_left_under_another_name_sits_out_with_its_chips(tmp_path: Path) -> None:
    """Coming back under another name: the earlier name's seat is never played by the
    computer players; it is said to sit out, its chips stay its own."""
    _play(tmp_path, "--name", "Tess", "--seed", "1", stdin="quit\n")
    run = _play(
        tmp_path,
        "--name",
        "Uma",
        "--seed",
        "2",
        "--bots",
        "2",
        stdin="fold\n" * 6 + "status\nquit\n",
    )
    assert "Tess's seat 1 keeps its chips and sits out while you play as Uma" in run.stdout
    assert "'killbutton play --name \"Tess\"' plays it" in run.stdout
    assert "Tess raises" not in run.stdout and "Tess bets" not in run.stdout
    status = run.stdout[run.stdout.rindex("1. Tess") :].splitlines()[0]
    assert status.startswith("1. Tess 200")


async def test_busted_computer_players_buy_in_again(tmp_path: Path) -> None:
    """A computer player left with no chips buys in again at the table's default, so the
    game goes on for you; one with chips is left alone."""
    import io

    from adapters.console.play import _rebuy_busted, person
    from adapters.console.run import _open, play_script

    db = str(tmp_path / "t.db")
    script = [
        "alice: sit 200",
        "bob: sit 200",
        "deck: As Ad 7h 2c 9c 8d 3s Th Jd",
        "alice: pause",
        "alice: start",
        "alice: allin",
        "bob: allin",
        "bob: runs 1",
    ]
    options = Options(db=db, lines=script, seed=3, setup="holdem nl 1/2")
    assert await play_script(options, io.StringIO()) == 0

    session = await _open(Options(db=db), io.StringIO(), None)
    try:
        bought = await _rebuy_busted(session, [person("bob"), person("alice")], 200)
        stacks = {s.name: s.stack for s in session.facts().seats}
    finally:
        await session.close()
    assert bought and stacks == {"alice": 400, "bob": 200}


def test_a_draw_prompt_shows_the_hand_being_drawn_to(tmp_path: Path) -> None:
    """At your draw the console shows your cards right above the prompt; 'help' lists the
    chat commands, stud's words among them."""
    run = _play(
        tmp_path,
        "--setup",
        "27td",
        "--name",
        "Me",
        "--seed",
        "4",
        stdin="help\n" + "call\ncheck\npat\n" * 3 + "quit\n",
    )
    lines = run.stdout.splitlines()
    draws = [i for i, line in enumerate(lines) if line.startswith("Your turn: draw")]
    assert draws, run.stdout
    assert all(lines[i - 1].startswith("  (you) Your cards: ") for i in draws)
    assert any("stud: bringin · complete to N" in line for line in lines)


@pytest.mark.parametrize("where", ["missing/x.db", "."])
def test_a_database_path_that_cannot_be_one_is_one_clear_line(tmp_path: Path, where: str) -> None:
    """``--db`` in a folder that does not exist, or naming a folder: one line saying why,
    exit status 2, no traceback from a worker thread."""
    command = _argv(tmp_path / where, "--name", "Me")
    run = subprocess.run(  # noqa: S603 - our own command line
        command, input="quit\n", capture_output=True, text=True, timeout=60, check=False
    )
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("killbutton: cannot open")


def test_the_pick_prompt_of_dealers_choice_takes_any_command(tmp_path: Path) -> None:
    """Asked to pick the round's game, you may still type any command: 'status' shows the
    table, 'pause' pauses it (a bare game name still picks); nothing is read as a game
    that is not one."""
    run = _play(
        tmp_path,
        "--setup",
        "horse choice",
        "--name",
        "Me",
        "--seed",
        "7",
        stdin="status\npause\nrazz\ncheckfold\n" + "checkfold\n" * 30,
    )
    assert run.returncode == 0, run.stderr
    assert "is not played here" not in run.stdout
    assert "the host pauses the game after this hand" in run.stdout
    assert "Me chooses Razz for this round" in run.stdout


@pytest.mark.parametrize(
    ("flag", "value", "said"),
    [
        ("--bots", "100", "--bots: 100 is not a whole number from 1 to 99"),
        ("--bots", "0", "--bots: 0 is not a whole number from 1 to 99"),
        ("--hands", "-1", "--hands: -1 is not a whole number from 0"),
    ],
)
def test_a_number_out_of_range_on_the_command_line_is_refused_with_the_range(
    tmp_path: Path, flag: str, value: str, said: str
) -> None:
    """A count the console cannot use is refused with what it takes, not bent to fit."""
    run = _play(tmp_path, flag, value, stdin="quit\n")
    assert run.returncode == 2
    assert said in run.stderr
