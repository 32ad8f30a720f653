"""Shared fixtures: where the test hand histories live (``tests/data/phh``), databases and
chat pipelines closed after each test, whether it passed or failed."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from storage.db import Database
    from tests.chat.fakes import Pipeline

PHH_DIR = Path(__file__).resolve().parent / "data" / "phh"


@pytest.fixture(scope="session")
def phh_dir() -> Path:
    """The hand histories kept with the tests (see ``tests/data/phh/README.md``)."""
    assert PHH_DIR.is_dir(), f"{PHH_DIR} is missing from the checkout"
    return PHH_DIR


@pytest.fixture
async def open_db() -> AsyncIterator[Callable[[str | Path], Awaitable[Database]]]:
    """Opens a database (a file, or ``":memory:"``) for the test; every one it opened is
    closed after the test (closing one the test closed itself does nothing)."""
    from storage.db import Database

    async with contextlib.AsyncExitStack() as opened:

        async def open_(path: str | Path) -> Database:
            db = await Database.open(str(path))
            opened.push_async_callback(db.close)
            return db

        yield open_


@pytest.fixture
async def db(open_db: Callable[[str | Path], Awaitable[Database]], tmp_path: Path) -> Database:
    """The test's database, ``t.db`` in its temporary directory, closed after the test."""
    return await open_db(tmp_path / "t.db")


@pytest.fixture
async def open_pipeline() -> AsyncIterator[Callable[..., Awaitable[Pipeline]]]:
    """Opens a chat pipeline on an in-memory database, its decks shuffled from ``seed``
    (7 unless given); after the test each one finishes what it started and is closed."""
    from tests.chat.fakes import pipeline

    async with contextlib.AsyncExitStack() as opened:

        async def open_(seed: int = 7) -> Pipeline:
            made = await pipeline(seed)
            opened.push_async_callback(made.close)
            return made

        yield open_


@pytest.fixture
async def pipeline(open_pipeline: Callable[..., Awaitable[Pipeline]]) -> Pipeline:
    """A chat pipeline on an in-memory database (seed 7), closed after the test."""
    return await open_pipeline()


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
