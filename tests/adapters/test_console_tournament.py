"""A tournament in the console: a script moving the clock through levels and a break with
``wait N``, a restart in the middle of a level, and ``--tournament`` with computer
players played to the winner (RULES.md "A sit & go at its table")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from adapters.console.play import Options
from adapters.console.run import play_interactive, play_script

SCRIPT = """
ann: tournament new levels 10/20 20/40 40/80 minutes 2 break 1 every 1 seats 2 start now
ann: register
bob: register
ann: start
ann: sitout
bob: sitout
wait 121
wait 60
ann: status
"""


async def _run(db: Path, lines: str) -> str:
    out = io.StringIO()
    options = Options(db=str(db), lines=lines.strip().splitlines(), seed=2)
    assert await play_script(options, out) == 0
    return out.getvalue()


async def test_tournament_script_moves_the_clock_through_a_level_and_a_break(
    tmp_path: Path,
) -> None:
    """``wait`` moves the clock: the level's end brings the break, announced, and the
    break's end the next level; nothing is dealt on the break (TDA 2024 R23)."""
    text = await _run(tmp_path / "t.db", SCRIPT)
    assert "Tournament open" in text
    assert "Break: 1 minutes" in text or "Break: 1 minute" in text
    assert "Level 2: 20/40" in text
    assert text.index("Break:") < text.index("Level 2: 20/40")


async def test_tournament_script_restarted_mid_level_resumes_its_clock(tmp_path: Path) -> None:
    """A second script on the same file carries on the tournament: the level it was on,
    with the time it had left (RULES.md "A sit & go at its table")."""
    first = SCRIPT.split("wait 121")[0]
    await _run(tmp_path / "t.db", first + "wait 30\n")
    text = await _run(tmp_path / "t.db", "ann: status\n")
    assert "Level 1: 10/20" in text and "1:3" in text  # about 1:30 left of the 2 minutes


async def test_tournament_with_computer_players_is_played_to_its_winner(tmp_path: Path) -> None:
    """``--tournament`` with ``--autoplay``: the computer players and your seat register,
    the sit & go starts as its seats fill and is played to its winner."""
    out = io.StringIO()
    options = Options(
        db=str(tmp_path / "t.db"),
        name="Me",
        bots=3,
        seed=4,
        tournament="turbo buyin 5 seats 4",
        autoplay=True,
    )
    await play_interactive(options, lambda prompt: "quit", out)
    text = out.getvalue()
    assert text.count("registers") == 4
    assert "wins the tournament" in text and "Results: 1st" in text


async def test_deals_a_computer_player_accepts_an_icm_deal_you_offer(tmp_path: Path) -> None:
    """Heads-up against a computer player, you offer an ICM deal during a hand: it is
    offered as the hand ends, he accepts (an ICM deal pays each the worth of his chips)
    and the tournament is over by the deal (TOURNAMENT.md "Deals")."""
    answers = iter(["chop icm", "fold", "fold", "fold"])
    out = io.StringIO()
    options = Options(
        db=str(tmp_path / "t.db"), name="Me", bots=1, seed=3, tournament="turbo buyin 10 seats 2"
    )
    await play_interactive(options, lambda prompt: next(answers, "quit"), out)
    text = out.getvalue()
    assert "asks for a deal by ICM" in text
    assert "wins the tournament by a deal" in text


async def test_tournament_script_starts_at_its_time_when_the_wait_passes_it(
    tmp_path: Path,
) -> None:
    """``start in 2``: registered, nothing is dealt; ``wait`` past the time and the
    table's timer starts the tournament, level 1 dealt (RULES.md "Tournaments", the
    start)."""
    lines = """
ann: tournament new levels 10/20 20/40 minutes 10 seats 3 start in 2
ann: register
bob: register
wait 60
ann: status
wait 61
ann: status
"""
    text = await _run(tmp_path / "t.db", lines)
    came = text.index("The start time has come: the tournament starts now")
    assert "Starts at " in text[:came] and "(in 1 min)" in text[:came]
    assert "The tournament begins" not in text[:came]
    assert "The tournament begins" in text[came:]
    assert "posts big blind 20" in text[came:]  # level 1's first hand dealt


async def test_tournament_of_several_tables_in_the_console_plays_every_table_to_a_winner(
    tmp_path: Path,
) -> None:
    """``--tournament "... tables 3"`` with eight computer players: the entries drawn to
    three tables, every table played (its lines marked with its channel), players moved
    as tables break, the final table in the console's own channel, one winner."""
    out = io.StringIO()
    options = Options(
        db=str(tmp_path / "t.db"),
        name="Me",
        bots=8,
        seed=6,
        tournament="turbo buyin 5 seats 3 tables 3",
        autoplay=True,
    )
    await play_interactive(options, lambda prompt: "quit", out)
    text = out.getvalue()
    assert "The tournament begins over 3 tables" in text
    assert "[table-2] " in text and "[table-3] " in text
    assert "breaks: its players are drawn" in text
    assert text.count("wins the tournament") == 1 and "Results: 1st" in text


@pytest.mark.parametrize("seed", [4, 25])
async def test_tda_2024_rp_8_a_bust_from_a_hand_dealt_before_hand_for_hand_does_not_stall(
    tmp_path: Path, seed: int
) -> None:
    """At the bubble one table plays its hand-for-hand hand and waits; the other's hand,
    dealt before, puts a player out and leaves that table short: the round is over, the
    final table is drawn and the tournament is played to its winner (it stalled with
    three players at two tables, dealing nothing)."""
    out = io.StringIO()
    options = Options(
        db=str(tmp_path / "t.db"),
        name="Me",
        bots=8,
        seed=seed,
        tournament="turbo buyin 5 seats 3 tables 3",
        autoplay=True,
    )
    await play_interactive(options, lambda prompt: "quit", out)
    text = out.getvalue()
    assert "Hand-for-hand (TDA 2024 RP-8)" in text
    assert text.count("wins the tournament") == 1


async def test_a_script_s_line_goes_to_the_table_its_player_sits_at(tmp_path: Path) -> None:
    """In a tournament over several tables a script's line is sent to the table its player
    was drawn to, so players at every table can be played from one script."""
    script = tmp_path / "s.txt"
    lines = ["ann: tournament new turbo seats 2 tables 2 start now"]
    lines += [f"{name}: register" for name in ("ann", "bob", "cat", "dan")]
    lines += ["ann: start"] + [f"{name}: fold" for name in ("ann", "bob", "cat", "dan")]
    script.write_text("\n".join(lines) + "\n")
    out = io.StringIO()
    options = Options(db=str(tmp_path / "t.db"), lines=script.read_text().splitlines(), seed=3)
    await play_script(options, out)
    text = out.getvalue()
    assert "not in this hand" not in text and "not seated at this table" not in text
    assert text.count(" folds") >= 2
    assert "[table-2] " in text
