"""Shared fixtures: where the test hand histories live (``tests/data/phh``), databases and
chat pipelines closed after each test, whether it passed or failed, and a database of each
backend: SQLite, and PostgreSQL when a server is named by ``KILLBUTTON_TEST_POSTGRES``."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


# A PostgreSQL server for the tests, as a URL to a database the tests may create others
# from (``postgresql://user@127.0.0.1:5432/postgres``); each test gets a database of its own.
POSTGRES_ENV = "KILLBUTTON_TEST_POSTGRES"
# Set (as CI sets it) to fail the PostgreSQL tests, rather than skip them, without a server.
REQUIRE_POSTGRES_ENV = "KILLBUTTON_REQUIRE_POSTGRES"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line at the end of a run that skipped the PostgreSQL tests, saying why."""
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if _NO_SERVER in str(getattr(report, "longrepr", ""))
    ]
    if skipped:
        terminalreporter.write_line(
            f"PostgreSQL: {len(skipped)} tests skipped, no server ({POSTGRES_ENV} is not set;"
            " .ci/run starts one)"
        )


_NO_SERVER = "no PostgreSQL server"


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database for this test, dropped after it.
    Skips the test when no server is named (fails it when one is required)."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        if os.environ.get(REQUIRE_POSTGRES_ENV):
            pytest.fail(f"{REQUIRE_POSTGRES_ENV} is set but {POSTGRES_ENV} names no server")
        pytest.skip(f"{_NO_SERVER} ({POSTGRES_ENV} is not set)")
    import asyncpg

    name = f"killbutton_test_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    head, _, _ = url.rpartition("/")
    try:
        yield f"{head}/{name}"
    finally:
        admin = await asyncpg.connect(url)
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a database of each backend is opened: a SQLite file in the test's folder, or
    a new PostgreSQL database (the PostgreSQL run is skipped without a server)."""
    if request.param == "sqlite":
        return str(tmp_path / "t.db")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def any_db(
    open_db: Callable[[str | Path], Awaitable[Database]], backend_target: str
) -> Database:
    """The test's database on each backend in turn, closed after the test."""
    return await open_db(backend_target)


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
