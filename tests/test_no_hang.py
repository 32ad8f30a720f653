"""A test that fails with its database open must not keep the test run from ending."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
from storage.db import Database

KEPT = []  # as a fixture or a module would hold it


async def test_probe_fails_with_its_database_open(tmp_path):
    KEPT.append(await Database.open(str(tmp_path / "probe.db")))
    raise AssertionError("the probe fails before closing its database")
"""


def test_a_failure_with_a_database_open_still_ends_the_run(tmp_path: Path) -> None:
    """The probe, an async test on pytest-asyncio's loop, fails with aiosqlite's worker
    thread still running; the run reports the failure and ends with status 1 instead of
    waiting for that thread forever."""
    probe = tmp_path / "test_probe.py"
    probe.write_text(PROBE)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "tests.conftest",
        "-p",
        "no:cacheprovider",
        "-o",
        "asyncio_mode=auto",  # as pyproject.toml runs the tests: on pytest-asyncio's loop
        "-o",
        "asyncio_default_fixture_loop_scope=function",
        str(probe),
    ]
    run = subprocess.run(  # noqa: S603 - our own interpreter and a file we wrote
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 failed" in run.stdout
    assert "the probe fails before closing its database" in run.stdout  # run, not refused
