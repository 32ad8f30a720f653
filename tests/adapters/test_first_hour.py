"""The first hour, as a new user plays it: ``killbutton play`` in a real process deals every
game and mix with its default options, and ``--game`` gives the same table as ``--setup``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adapters.console import Options, _settings

Run = subprocess.CompletedProcess[str]
# you pick razz if you have the button at dealer's choice, then check or fold every turn
STDIN = "choose razz\n" + "checkfold\n" * 40

EVERY_GAME = (
    "holdem", "holdem pl", "holdem fl", "omaha", "o8", "stud", "stud8", "razz", "jacks",
    "a5", "27", "27td", "horse", "hose", "hoe", "roe", "mix holdem,27td,razz", "horse choice",
)


def _play(tmp_path: Path, *args: str, stdin: str = STDIN) -> Run:
    """``killbutton play`` in its own process, fed ``stdin``."""
    command = [sys.executable, "-m", "bot.cli", "play", "--db", str(tmp_path / "t.db"), *args]
    return subprocess.run(  # noqa: S603 - our own command line
        command, input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize("words", EVERY_GAME)
def test_every_game_and_mix_deals_a_hand_from_its_default_setup(
    tmp_path: Path, words: str
) -> None:
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
    """Your own buy-in outside the table's range is refused with the range and the command
    that works; the computer players still sit with the default."""
    run = _play(tmp_path, "--name", "Me", "--buy-in", "5000", stdin="quit\n")
    assert "Me: buy in for between 40 and 200 chips: e.g. 'sit 200'" in run.stdout
    assert run.stdout.count(" sits in seat ") == 3


def test_version_names_the_installed_release() -> None:
    """``killbutton --version`` answers with the version pyproject.toml gives."""
    run = subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, "-m", "bot.cli", "--version"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0
    assert run.stdout.strip() == "killbutton 0.1.0"


def test_the_console_starts_without_the_chart_library() -> None:
    """The chart library (and numpy under it) is imported only when a chart is drawn, so
    ``killbutton play`` starts small and fast."""
    code = (
        "import sys, bot.cli, adapters.console, bot.presenter, bot.chat\n"
        "print(sorted(m for m in ('matplotlib', 'numpy') if m in sys.modules))"
    )
    run = subprocess.run(  # noqa: S603 - our own interpreter
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "[]"
