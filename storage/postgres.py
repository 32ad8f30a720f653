"""The backend for a bot that outgrows one machine: PostgreSQL through asyncpg.

The same statements and the same numbered migrations as SQLite's, read in PostgreSQL's
dialect (:mod:`storage.dialect`); the applied number is kept in a one-row table,
``schema_version``, and migrations run under an advisory lock, so processes that start
together migrate once. Each write is one transaction on a pooled connection: writes for
different tables run side by side, and a table's versioned update (the statement that must
change a row) decides between two processes that raced for the same move. When the
connection is lost as a write commits, the server is asked whether that transaction did,
so the answer a player gets matches what was stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from .dialect import postgres, postgres_ddl
from .errors import CommitUnknown, StorageError, StorageFull, Unstorable
from .pgstep import STEP_CALL, STEP_FUNCTION, STEP_STORED, STILL_RUNNING, TableStep
from .schema import MIGRATIONS
from .writes import NoRowChanged, Statements, must_change_one

if TYPE_CHECKING:
    import asyncpg

    from .checkpoint import Checkpointer

log = logging.getLogger(__name__)

URL_PREFIXES = ("postgresql://", "postgres://")
CHANGED_ELSEWHERE = "the table was changed elsewhere: try again"
# Seconds a statement may run before the server cancels it: a table held by a lock that
# is not let go refuses its moves honestly instead of hanging them.
STATEMENT_TIMEOUT = 30.0
# Asking whether a transaction whose connection was lost committed: how often, how apart.
SETTLE_TRIES, SETTLE_PAUSE = 20, 0.1
# any 64-bit number of our own: the lock every process takes to migrate
_MIGRATION_LOCK = 0x6B696C6C62746E
_VERSION_READ = "SELECT coalesce(max(version), 0) FROM schema_version"


def is_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://user@host:port/db``)
    rather than a SQLite file."""
    return target.startswith(URL_PREFIXES)


def database_url(url: str, name: str) -> str:
    """The URL of database ``name`` on the server ``url`` names, everything else kept:
    ``postgresql://u@h:5432/postgres`` gives ``postgresql://u@h:5432/NAME``, and a socket's
    ``postgresql://u@/postgres?host=/run/pg`` gives ``postgresql://u@/NAME?host=/run/pg``.

    Raises:
        ValueError: ``url`` is no PostgreSQL URL.
    """
    if not is_url(url):
        raise ValueError(f"not a PostgreSQL URL: {url}")
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@contextlib.contextmanager
def _refusals(what: str) -> Iterator[None]:
    """Turn the database refusing or failing (the server's error, a lost connection, a
    value it cannot take) into :class:`StorageError` saying ``what`` failed; a defect of
    ours, and what is already storage's own, pass through."""
    import asyncpg

    try:
        yield
    except (StorageError, NoRowChanged):  # CommitUnknown is a StorageError too
        raise
    except asyncpg.DiskFullError as exc:
        raise StorageFull(f"{what}: the database has no room to write: {exc}") from exc
    except (
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
        asyncpg.InternalClientError,
        TimeoutError,
        OSError,
        ValueError,
        TypeError,
        OverflowError,
    ) as exc:
        raise StorageError(f"{what}: {exc}") from exc


class PostgresWrites:
    """Writes on a pool of connections, each one transaction, all or nothing.

    Attributes:
        transactions, writes, statements: counted as :class:`storage.writes.WriteQueue`
            counts them (here one write is one transaction).
        round_trips: the messages sent to the server that waited for its answer (a
            transaction's begin and commit, each statement or run of one insert's rows,
            a table's common step), for the benchmarks.
    """

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self.transactions = 0
        self.writes = 0
        self.statements = 0
        self.round_trips = 0

    async def write(
        self, statements: Statements, must_change: int = -1, key: str | None = None
    ) -> None:
        """Commit ``statements`` in one transaction.

        Args:
            statements: (sql, parameters) pairs in SQLite's dialect.
            must_change: the index of a statement that must change a row.
            key: what the write changes (kept for the same signature as SQLite's queue:
                here the database's row locks keep two writes of one table apart).
        Raises:
            NoRowChanged: that statement changed no row (nothing of this write kept).
            Unstorable: a text value holds a NUL (nothing sent).
            StorageError: the database refused or the connection failed (nothing kept).
            CommitUnknown: the connection was lost as the write committed and the server
                could not be asked whether it did.
        """
        for _, params in statements:
            _holdable(params)
        self.transactions += 1
        self.writes += 1
        self.statements += len(statements)
        with _refusals("the database refused the change"):
            conn = await self._pool.acquire()
        try:
            await self._transaction(conn, statements, must_change)
        finally:
            try:  # the write's outcome stands whatever becomes of the connection now
                await self._pool.release(conn)
            except Exception as exc:  # noqa: BLE001 - a connection lost after the answer
                log.warning("a database connection was lost after a write: %s", type(exc).__name__)

    async def step(self, step: TableStep) -> None:
        """Commit one table's common step as one statement, one round trip
        (:mod:`storage.pgstep`).

        Raises:
            NoRowChanged: the table is not at the version before ``step.version``
                (nothing written).
            Unstorable, StorageError, CommitUnknown: as :meth:`write`.
        """
        import asyncpg

        params = step.params()
        _holdable(params)
        for texts in (params[5], params[14]):
            _holdable(texts)
        self.transactions += 1
        self.writes += 1
        self.statements += 1
        self.round_trips += 1
        with _refusals("the database refused the change"):
            conn = await self._pool.acquire()
        try:
            pid = conn.get_server_pid()
            try:
                with _refusals("the database refused the change"):
                    stored = await conn.fetchval(STEP_CALL, *params)
            except StorageError as exc:
                cause = exc.__cause__
                if isinstance(cause, asyncpg.PostgresError) and not isinstance(
                    cause, (asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError)
                ):
                    raise  # the server refused the statement: it kept nothing
                # the connection went with the answer: the server knows what it kept
                await self._step_settled(pid, step, exc)
                return
            if not stored:
                raise NoRowChanged(CHANGED_ELSEWHERE)
        finally:
            try:  # the write's outcome stands whatever becomes of the connection now
                await self._pool.release(conn)
            except Exception as exc:  # noqa: BLE001 - a connection lost after the answer
                log.warning("a database connection was lost after a write: %s", type(exc).__name__)

    async def _step_settled(self, pid: int, step: TableStep, lost: Exception) -> None:
        """The connection of server process ``pid`` was lost as it ran ``step``: once
        that process no longer runs it, ask on another connection whether its action row
        is stored; return if it is.

        Raises:
            StorageError: it is not (nothing of the step was kept).
            CommitUnknown: the server cannot be asked, or kept running it.
        """
        for _ in range(SETTLE_TRIES):
            try:
                running = await self._pool.fetchval(STILL_RUNNING, pid)
                if not running:
                    ours = await self._pool.fetchval(
                        STEP_STORED, step.table_id, step.version, step.at
                    )
            except Exception as exc:  # noqa: BLE001 - the server is out of reach
                raise CommitUnknown(
                    f"the database did not say whether the change was saved: {exc}"
                ) from lost
            if not running:
                if ours:
                    return
                raise StorageError(f"the change was not saved: {lost}") from lost
            await asyncio.sleep(SETTLE_PAUSE)
        raise CommitUnknown("the database did not say whether the change was saved") from lost

    async def _transaction(
        self, conn: asyncpg.Connection, statements: Statements, must_change: int
    ) -> None:
        """One transaction on ``conn``. Its id is read on the way (returned by the statement
        that must change a row, else asked), so that when the connection is lost while the
        transaction commits, whether it did can be asked of the server on another
        connection (:meth:`_settled`) instead of guessed."""

        with _refusals("the database refused the change"):
            transaction = conn.transaction()
            await transaction.start()
            self.round_trips += 2  # its begin, and its commit below
            try:
                xid = None
                index = 0
                while index < len(statements):
                    sql, params = statements[index]
                    end = _run_of(statements, index, must_change)
                    if index == must_change:  # it says whether it changed a row, and the id
                        changed = await conn.fetch(
                            f"{postgres(sql)} RETURNING txid_current()", *params
                        )
                        if not changed:
                            raise NoRowChanged(CHANGED_ELSEWHERE)
                        xid = changed[0][0]
                    elif end - index > 1:  # the rows of one insert, in one round trip
                        await conn.executemany(postgres(sql), [p for _, p in statements[index:end]])
                    elif must_change_one(sql):
                        status = await conn.execute(postgres(sql), *params)
                        if status.rsplit(" ", 1)[-1] != "1":  # "UPDATE 1"
                            raise NoRowChanged(CHANGED_ELSEWHERE)
                    else:
                        await conn.execute(postgres(sql), *params)
                    index = end
                    self.round_trips += 1
                if xid is None:
                    xid = await conn.fetchval("SELECT txid_current()")
                    self.round_trips += 1
            except BaseException:
                with contextlib.suppress(Exception):
                    await transaction.rollback()
                raise
        try:
            await transaction.commit()
        except Exception as exc:  # noqa: BLE001 - refused or lost, the server says which
            await self._settled(int(xid), exc)

    async def _settled(self, xid: int, lost: Exception) -> None:
        """Committing transaction ``xid`` failed with ``lost`` (refused, or the connection
        lost with the answer): ask the server, on another connection, whether it committed;
        return if it did.

        Raises:
            StorageError: it did not (nothing of the write was kept).
            CommitUnknown: the server cannot be asked.
        """
        for _ in range(SETTLE_TRIES):
            try:
                status = await self._pool.fetchval("SELECT txid_status($1)", xid)
            except Exception as exc:  # noqa: BLE001 - the server is out of reach
                raise CommitUnknown(
                    f"the database did not say whether the change was saved: {exc}"
                ) from lost
            if status == "committed":
                return
            if status == "aborted":
                raise StorageError(f"the change was not saved: {lost}") from lost
            await asyncio.sleep(SETTLE_PAUSE)  # still in progress: the server is finishing it
        raise CommitUnknown("the database did not say whether the change was saved") from lost


class PostgresBackend:
    """An open PostgreSQL database: its reader (:meth:`rows`) and writes (:attr:`writes`).

    Use :meth:`open` (an async constructor) and :meth:`close`.
    """

    checkpointer: Checkpointer | None = None  # PostgreSQL checkpoints itself
    # every session is numbered from the sequence of its id column, never by hand
    session_sequence: str | None = "SELECT nextval(pg_get_serial_sequence('sessions', 'id'))"
    shared: bool = True  # any number of bot processes may serve one database

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self.writes = PostgresWrites(pool)

    @classmethod
    async def open(
        cls, url: str, max_connections: int = 10, statement_timeout: float = STATEMENT_TIMEOUT
    ) -> PostgresBackend:
        """Connect to ``url`` and migrate the database.

        Args:
            url: the database.
            max_connections: the pool's most connections; a burst beyond waits for one.
            statement_timeout: seconds a statement may take (waiting on a lock included)
                before the server cancels it and the write is refused, nothing kept.
        Raises:
            StorageError: the server cannot be reached or refuses, or the database was
                written by a newer version.
        """
        import asyncpg

        where = without_password(url)
        with _refusals(f"cannot open the database {where}"):
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=max_connections,
                server_settings={"statement_timeout": str(int(statement_timeout * 1000))},
            )
        backend = cls(pool)
        try:
            await backend._migrate()
        except BaseException:
            await pool.close()
            raise
        return backend

    async def copied(self) -> None:
        """After rows were copied in with their own numbers: the sessions' sequence moved
        past the highest, so the next session gets a new number.

        Raises:
            StorageError: the database refused.
        """
        with _refusals("the database refused the change"):
            await self._pool.execute(
                "SELECT setval(pg_get_serial_sequence('sessions', 'id'),"
                " (SELECT coalesce(max(id), 0) + 1 FROM sessions), false)"
            )

    async def close(self) -> None:
        """Close every connection of the pool."""
        await self._pool.close()

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of one query (SQLite's dialect), as tuples.

        Raises:
            StorageError: the database could not be read.
        """
        _holdable(params)
        with _refusals("the database could not be read"):
            records = await self._pool.fetch(postgres(sql), *params)
        return [tuple(record) for record in records]

    async def _migrate(self) -> None:
        with _refusals("migrating the database failed"):
            async with self._pool.acquire() as conn, conn.transaction():
                encoding = await conn.fetchval("SHOW server_encoding")
                if str(encoding).upper() not in ("UTF8", "UTF-8"):
                    raise StorageError(
                        f"the database keeps text as {encoding}, and names in chat need UTF8:"
                        " create it with createdb --encoding=UTF8 --template=template0"
                    )
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)"
                )
                version = int(
                    await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version")
                )
                if version > len(MIGRATIONS):
                    raise StorageError(
                        f"the database is at version {version}, newer than this bot"
                        f" ({len(MIGRATIONS)})"
                    )
                for number in range(version, len(MIGRATIONS)):
                    for statement in MIGRATIONS[number]:
                        await conn.execute(postgres_ddl(statement))
                await conn.execute(STEP_FUNCTION)
                await conn.execute("DELETE FROM schema_version")
                await conn.execute(
                    "INSERT INTO schema_version (version) VALUES ($1)",
                    max(version, len(MIGRATIONS)),
                )


def _run_of(statements: Statements, start: int, must_change: int) -> int:
    """Where the run of statements with the same text as ``start``'s ends (exclusive);
    the statement that must change a row runs alone, so its count can be read."""
    end = start + 1
    if start == must_change or must_change_one(statements[start][0]):
        return end
    sql = statements[start][0]
    while end < len(statements) and end != must_change and statements[end][0] == sql:
        end += 1
    return end


def _holdable(params: Sequence[Any]) -> None:
    """Refuse text PostgreSQL cannot hold before it is sent.

    Raises:
        Unstorable: a NUL character in a text value.
    """
    for value in params:
        if isinstance(value, str) and "\x00" in value:
            raise Unstorable("PostgreSQL cannot keep a NUL character in text")


def without_password(url: str) -> str:
    """``url`` with any password left out, for messages and logs."""
    head, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at:
        return url
    user = credentials.split(":", 1)[0]
    return f"{head}{sep}{user}@{place}"
