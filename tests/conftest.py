"""Shared fixtures: where the test hand histories live (``tests/data/phh``)."""

from __future__ import annotations

from pathlib import Path

import pytest

PHH_DIR = Path(__file__).resolve().parent / "data" / "phh"


@pytest.fixture(scope="session")
def phh_dir() -> Path:
    """The hand histories kept with the tests (see ``tests/data/phh/README.md``)."""
    assert PHH_DIR.is_dir(), f"{PHH_DIR} is missing from the checkout"
    return PHH_DIR


_STATUS: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Keep the run's exit status for :func:`pytest_unconfigure`."""
    _STATUS.append(int(exitstatus))


def pytest_unconfigure(config: pytest.Config) -> None:
    """A test that fails before closing its database leaves the database's worker thread
    running, and the process would wait for it forever after reporting: once every result
    is reported, leave with the run's status instead of waiting."""
    import os
    import sys
    import threading

    stuck = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if stuck and _STATUS:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_STATUS[-1])
