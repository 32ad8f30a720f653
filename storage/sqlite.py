"""The embedded backend: one SQLite file through aiosqlite.

WAL mode, foreign keys on, a busy timeout, and the numbered migrations of
:mod:`storage.schema` applied at start-up, their number kept in ``PRAGMA user_version``.
Writes are committed in groups on aiosqlite's one thread (:mod:`storage.writes`); the
write-ahead log is copied back into the file by a :class:`storage.checkpoint.Checkpointer`
thread, not inside a commit.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .checkpoint import WAL_LIMIT_BYTES, Checkpointer
from .errors import StorageError
from .schema import MIGRATIONS
from .statements import BULK
from .thread import on_thread
from .writes import WriteQueue

# aiosqlite logs every call it runs, with its parameters, at DEBUG; the rows hold players'
# hidden cards and the deck, so its log stays at INFO and above whatever the process's level
logging.getLogger("aiosqlite").setLevel(logging.INFO)


async def configure(conn: aiosqlite.Connection, busy_timeout_ms: int) -> bool:
    """Set a new connection up as :meth:`SqliteBackend.open` does (the benchmark's raw rate
    uses the same): WAL, ``synchronous=NORMAL``, foreign keys, the busy timeout, and in WAL
    mode no automatic checkpoint (a :class:`Checkpointer` must run beside it). Returns
    whether the database is in WAL mode (an in-memory one is not).

    Raises:
        aiosqlite.Error: the database refused a setting.
    """
    cursor = await conn.execute("PRAGMA journal_mode=WAL")
    mode = await cursor.fetchone()
    await conn.execute("PRAGMA synchronous=NORMAL")
    await conn.execute("PRAGMA foreign_keys=ON")
    await conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
    wal = mode is not None and str(mode[0]).lower() == "wal"
    if wal:
        # Checkpoints run on the Checkpointer's thread, not inside a commit; the log is cut
        # back to this size whenever it starts over.
        await conn.execute("PRAGMA wal_autocheckpoint=0")
        await conn.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES // 4}")
    return wal


class SqliteBackend:
    """An open SQLite file: its reader (:meth:`rows`), its write queue (:attr:`writes`,
    group commit) and its checkpoints.

    Use :meth:`open` (an async constructor) and :meth:`close`. One connection serves every
    table, so its transactions must not interleave: each transaction (and each read) is
    one function on aiosqlite's one thread, which runs them in the order queued, one at a
    time. Writes that queue while one transaction commits are committed together in the
    next.
    """

    shared: bool = False  # one bot process serves a file
    session_sequence: str | None = None  # numbered one past the highest, in the write

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self.writes = WriteQueue(conn, bulk=BULK)
        self.checkpointer: Checkpointer | None = None

    @classmethod
    async def open(
        cls, target: str, busy_timeout_ms: int = 5000, checkpoint_every: float = 1.0
    ) -> SqliteBackend:
        """Open (creating if needed) and migrate the file ``target`` (``":memory:"`` for
        tests).

        Raises:
            StorageError: the file cannot be opened, or was written by a newer version.
        """
        problem = _unusable(target)
        if problem is not None:  # said before a connection thread is started for nothing
            raise StorageError(f"cannot open the database {target}: {problem}")
        try:
            conn = await aiosqlite.connect(target, isolation_level=None)
        except (aiosqlite.Error, OSError) as exc:
            raise StorageError(f"cannot open the database {target}: {exc}") from exc
        backend = cls(conn)
        try:
            wal = await configure(conn, busy_timeout_ms)
            await backend._migrate()
            if wal:
                backend.checkpointer = Checkpointer(target, checkpoint_every, busy_timeout_ms)
                backend.checkpointer.start()
        except (aiosqlite.Error, OSError, StorageError) as exc:
            await conn.close()  # a half-open connection would keep the process alive
            if isinstance(exc, StorageError):
                raise
            raise StorageError(f"cannot use the database {target}: {exc}") from exc
        return backend

    async def copied(self) -> None:
        """Nothing to move on: a new session is numbered one past the highest."""

    async def close(self) -> None:
        """Stop the checkpoints and close the connection (which checkpoints the rest)."""
        if self.checkpointer is not None:
            self.checkpointer.stop()
        await self._conn.close()

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of one query, as tuples.

        Raises:
            StorageError: the database could not be read.
        """
        try:
            return await on_thread(self._conn, _fetch, sql, params)
        except (aiosqlite.Error, ValueError) as exc:
            raise StorageError(f"the database could not be read: {exc}") from exc

    async def _migrate(self) -> None:
        cursor = await self._conn.execute("PRAGMA user_version")
        row = await cursor.fetchone()
        version = int(row[0]) if row else 0
        if version > len(MIGRATIONS):
            raise StorageError(
                f"the database is at version {version}, newer than this bot ({len(MIGRATIONS)})"
            )
        for number in range(version, len(MIGRATIONS)):
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                for statement in MIGRATIONS[number]:
                    await self._conn.execute(statement)
                await self._conn.execute(f"PRAGMA user_version={number + 1}")
                await self._conn.execute("COMMIT")
            except aiosqlite.Error as exc:
                with contextlib.suppress(aiosqlite.Error):
                    await self._conn.execute("ROLLBACK")
                raise StorageError(f"migration {number + 1} failed: {exc}") from exc


def _fetch(raw: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Run on aiosqlite's thread: every row of one query, as tuples."""
    return [tuple(row) for row in raw.execute(sql, params).fetchall()]


def _unusable(target: str) -> str | None:
    """Why ``target`` cannot be a database file (a folder, or in a folder that does not
    exist), or None; ``:memory:`` and URIs are left to SQLite."""
    if target == ":memory:" or target.startswith("file:"):
        return None
    place = Path(target)
    if place.is_dir():
        return "that is a folder, not a file"
    if not place.parent.is_dir():
        return f"the folder {place.parent} does not exist"
    return None
