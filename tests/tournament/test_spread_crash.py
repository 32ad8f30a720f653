"""A tournament over several tables SIGKILLed at random moments and restarted: the console
plays it in a real process (every table, computer players), is killed with SIGKILL, and
what a fresh service restores from the database has every entry still in at exactly one
table with the chips the books hold, however many moves between tables were under way;
the restarted console plays it on to one winner (RULES.md "Tournaments", several tables).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))

from support import FakeClock, open_service  # noqa: E402

from bot.engine.tournament import FINISHED  # noqa: E402
from storage.db import Database  # noqa: E402

WORDS = "turbo buyin 5 seats 3 tables 4"
HOME = "console/table"


def _console(db: Path, seed: int) -> subprocess.Popen[bytes]:
    argv = [sys.executable, "-m", "bot.app.cli", "play", "--db", str(db), "--name", "Me"]
    argv += ["--tournament", WORDS, "--bots", "11", "--autoplay", "--seed", str(seed)]
    return subprocess.Popen(  # noqa: S603 - our own command line
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


async def _restored(db_path: Path) -> tuple[str, int]:
    """What a fresh service restores: the tournament's status and the checks' count of
    entries in; raises AssertionError when a player is at two tables or none, or chips
    are not the books'."""
    db = await Database.open(str(db_path))
    try:
        service, _ = await open_service(db, FakeClock())
        assert not service.broken, service.broken
        live = service.tables.get(HOME)
        if live is None or live.spread is None:
            return "unborn", 0
        spread = live.spread
        books = spread.books
        seated: list[str] = []
        chips = 0
        for table in spread.lives.values():
            hand = table.table.hand
            in_hand = set(hand.names) if hand is not None and not hand.is_complete else set()
            if in_hand:
                assert hand is not None
                chips += sum(hand.stacks) + sum(hand.contributed)
            for seat in table.table.seating.seats.values():
                seated.append(seat.player_id)
                if seat.player_id not in in_hand:
                    chips += seat.stack
        assert len(seated) == len(set(seated)), f"a player at two tables: {sorted(seated)}"
        if books.status != "registering":
            assert chips == books.chips, (chips, books.chips)
            waiting = {b.player for t in spread.lives.values() for b in t.tourney.busts}  # type: ignore[union-attr]
            missing = {e.player for e in books.alive} - set(seated) - waiting
            assert not missing, f"entries in with no seat: {missing}"
        return books.status, len(books.alive)
    finally:
        await db.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
async def test_a_tournament_over_several_tables_sigkilled_mid_move_restores_each_player_once(
    tmp_path: Path,
) -> None:
    db_path = tmp_path / "night.db"
    rng = random.Random(5)
    status = "unborn"
    for run in range(12):
        proc = _console(db_path, run)
        try:
            proc.wait(timeout=rng.uniform(1.5, 3.5))
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        stderr = proc.stderr.read().decode() if proc.stderr else ""
        assert "Traceback" not in stderr, stderr
        status, _ = await _restored(db_path)
        if status == FINISHED:
            break
        time.sleep(0.05)
    proc = _console(db_path, 99)  # then played out, killed no more
    assert proc.wait(timeout=240) == 0
    status, left = await _restored(db_path)
    assert status == FINISHED and left == 1
