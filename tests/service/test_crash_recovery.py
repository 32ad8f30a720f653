"""Crash recovery: the service is SIGKILLed at random points of many hands and restarted.

The service runs in a real subprocess, is killed with SIGKILL at random points of many
hands and restarted; the restored state equals the state before the kill, with no chip
created or lost.

``crash_driver.py`` plays random legal moves on a database file and reports every
committed action (version and a digest of the committed state) on stdout. This test reads
a random number of those lines, kills the driver (right after a line, or after a short
random sleep, so the kill lands anywhere: in the engine, in the middle of a SQLite
transaction, or while the line is being written), restores the database with a fresh
:class:`TableService` in this process and checks:

* the restored version is the last one reported, or the one after it (committed, but
  killed before its line was written);
* the restored state's digest is the one reported for that version;
* chips are conserved: the seats' stacks, the hand in play's stacks and pot (and a pot
  carried to the next deal) add up to the ledger's buy-ins and top-ups less cash-outs.

Then the next driver continues the same game on the same file, across all the kills.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pytest

from bot.service.tables import Live, TableService
from storage.db import Database

DRIVER = Path(__file__).with_name("crash_driver.py")
ROOT = Path(__file__).resolve().parents[2]
TABLE_ID = "srv/crash"
KILLS = 25
SEED = 20240611
LINE_TIMEOUT = 30.0  # seconds to wait for one line (a busy machine, pokerkit's import)
LEDGER_SIGN = {"buy_in": 1, "top_up": 1, "adjust": 1, "cash_out": -1}


def _pump(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Every line the driver writes, as it comes; None at the end of the stream."""
    for raw in iter(stream.readline, b""):
        lines.put(raw)
    lines.put(None)


@dataclass
class Server:
    """``crash_driver.py --serve``: imports once, then forks one service process a run."""

    proc: subprocess.Popen[bytes]
    stderr: Path
    lines: queue.Queue[bytes | None] = field(default_factory=queue.Queue)
    pid: int | None = None  # the service process now running

    @classmethod
    def start(cls, db: Path, stderr: Path) -> Server:
        with stderr.open("wb") as err:
            proc = subprocess.Popen(
                [sys.executable, str(DRIVER), str(db), "--serve"],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
            )
        server = cls(proc, stderr)
        assert proc.stdout is not None
        threading.Thread(target=_pump, args=(proc.stdout, server.lines), daemon=True).start()
        return server

    def _failure(self, what: str) -> AssertionError:
        return AssertionError(f"{what}:\n" + self.stderr.read_text(errors="replace")[-3000:])

    def _get(self, timeout: float = LINE_TIMEOUT) -> bytes:
        try:
            raw = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise self._failure(f"the driver wrote nothing for {timeout}s") from None
        if raw is None:
            raise self._failure("the driver's stdout closed")
        return raw

    def run(self, seed: int) -> None:
        """Start a service process and wait for its pid."""
        assert self.proc.stdin is not None and self.pid is None
        self.proc.stdin.write(f"{seed}\n".encode())
        self.proc.stdin.flush()
        self.pid = int(json.loads(self._get())["pid"])

    def report(self) -> bytes:
        """The running service's next report, failing if it died or went silent."""
        raw = self._get()
        if raw.strip() and b'"exited"' in raw:
            self.pid = None
            raise self._failure(f"the service stopped by itself: {raw!r}")
        return raw

    def kill(self) -> list[bytes]:
        """SIGKILL the service process; returns everything it wrote that was not read yet
        (the server says when it is dead, after all of it)."""
        assert self.pid is not None
        os.kill(self.pid, signal.SIGKILL)
        rest: list[bytes] = []
        while True:
            raw = self._get(timeout=10)
            if b'"exited"' in raw:
                break
            rest.append(raw)
        status = json.loads(raw.strip().splitlines()[-1])
        assert status == {"exited": self.pid, "status": -signal.SIGKILL}, status
        self.pid = None
        return rest

    def stop(self) -> None:
        if self.pid is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                stream.close()


def digest(live: Live) -> str:
    text = json.dumps(live.state(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def chips_at(live: Live) -> int:
    """Every chip at the table: each seat's stack, except that a player in the hand in
    play has his chips in the hand's stacks and pot; plus a pot carried to the next deal."""
    table = live.table
    hand = table.hand
    in_hand = set(hand.names) if hand is not None else set()
    total = sum(s.stack for s in table.seating.seats.values() if s.player_id not in in_hand)
    if hand is not None:
        total += sum(hand.stacks) + hand.pot_total()
    return total + table.carried


@dataclass(frozen=True)
class Restored:
    version: int
    digest: str
    chips: int
    bought: int
    hand_number: int
    phase: str | None


async def _restore(path: Path) -> Restored | None:
    db = await Database.open(str(path))
    try:
        service = TableService(db)
        await service.restore()
        assert service.broken == [], service.broken
        live = service.tables.get(TABLE_ID)
        if live is None:
            return None
        rows = await db.books.ledger(live.id, live.session_id)
        bought = sum(LEDGER_SIGN[kind] * amount for _, kind, amount in rows)
        hand = live.table.hand
        return Restored(
            live.version,
            digest(live),
            chips_at(live),
            bought,
            live.table.hand_number,
            hand.phase.value if hand is not None else None,
        )
    finally:
        await db.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL and fork are POSIX")
def test_sigkill_at_random_points_restores_the_committed_state(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    db = tmp_path / "crash.db"
    digests: dict[int, str] = {}  # every version reported, across all runs
    floor = -1  # the last version known to be committed (-1: no table yet)
    last: Restored | None = None
    stats: dict[str, Any] = {"kills": 0, "reports": 0, "one_past": 0, "partial": 0}
    phases: dict[str, int] = {}
    started = time.monotonic()
    server = Server.start(db, tmp_path / "driver.err")
    try:
        for kill in range(KILLS):
            server.run(kill)
            # The first kills land during set-up (opening, migrating, creating the table,
            # seating); later ones after up to 120 actions.
            count = rng.randint(0, 3) if kill < 2 else rng.randint(1, 120)
            raw_lines = [server.report() for _ in range(count)]
            mode = rng.choice(("now", "now", "sleep", "sleep", "spin"))
            if count == 0:
                time.sleep(rng.uniform(0.0, 0.3))
            elif mode == "sleep":
                time.sleep(rng.uniform(0.0, 0.02))
            elif mode == "spin":
                until = time.perf_counter() + rng.uniform(0.0, 0.002)
                while time.perf_counter() < until:
                    pass
            raw_lines += server.kill()

            reported: list[dict[str, Any]] = []
            for raw in raw_lines:
                if not raw.strip():
                    continue
                try:
                    reported.append(json.loads(raw))
                except ValueError:
                    stats["partial"] += 1  # killed while writing it: not a report
            for number, line in enumerate(reported):
                version = line["v"]
                if number == 0:
                    assert line["cmd"] == "ready"
                    assert version == max(floor, 0), (version, floor)
                else:
                    assert version == reported[number - 1]["v"] + 1, "a version was skipped"
                assert line["chips"] == line["in"], f"chips not conserved at {line}"
                if version in digests:
                    assert digests[version] == line["d"], f"version {version} changed"
                digests[version] = line["d"]
                floor = max(floor, version)
            stats["reports"] += len(reported)

            # the test drives the server with blocking reads and sleeps, so it stays sync;
            # each restore runs on a new loop, as a restarted bot would
            restored = last = asyncio.run(_restore(db))
            if restored is None:
                assert not digests, "the table was reported and then lost"
            else:
                assert restored.version in (floor, floor + 1), (restored.version, floor)
                if restored.version in digests:
                    assert restored.digest == digests[restored.version], (
                        f"version {restored.version} restored differently from what was committed"
                    )
                else:
                    # committed, but killed before its line was written: nothing to compare
                    # the state with, but the chips must still add up
                    stats["one_past"] += 1
                assert restored.chips == restored.bought, (
                    f"{restored.chips} chips at the table, {restored.bought} bought in"
                )
                floor = restored.version
                phase = restored.phase or "between hands"
                phases[phase] = phases.get(phase, 0) + 1
            stats["kills"] += 1
    finally:
        server.stop()

    assert last is not None and last.chips == last.bought
    stats.update(hands=last.hand_number, phases=phases)
    stats["seconds"] = round(time.monotonic() - started, 1)
    print(f"\ncrash recovery: {json.dumps(stats, sort_keys=True)}")
    assert stats["kills"] == KILLS
    assert last.hand_number >= 10, "too few hands were played to mean much"
