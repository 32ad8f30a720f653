"""SQLite storage through aiosqlite: the only place with SQL.

One file (``killbutton.db`` by default), WAL mode, foreign keys on, a busy timeout, and the
numbered migrations of :mod:`storage.schema` applied at start-up. Every committed action is
one write, all or nothing: the command, its events and the table's new state together, so a
crash leaves either all of it or none (writes queued together share a transaction, their
rows batched, and fail one by one: :mod:`storage.writes`). The write-ahead log is copied
back into the file by a :class:`storage.checkpoint.Checkpointer` thread, not inside a
commit.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from . import jsontext
from .books import Books
from .checkpoint import WAL_LIMIT_BYTES, Checkpointer
from .errors import ChangedElsewhere, StorageError
from .records import (
    EventRow,
    SessionSwitched,
    StateWrite,
    StoredTable,
    Write,
)
from .requests import Requests
from .schema import MIGRATIONS
from .statements import (
    ACTION_INSERT,
    BULK,
    EVENT_INSERT,
    state_statements,
    statements_for,
)
from .thread import on_thread
from .writes import NoRowChanged, WriteQueue

# aiosqlite logs every call it runs, with its parameters, at DEBUG; the rows hold players'
# hidden cards and the deck, so its log stays at INFO and above whatever the process's level
logging.getLogger("aiosqlite").setLevel(logging.INFO)

DEFAULT_PATH = "killbutton.db"


def default_path() -> str:
    """``$KILLBUTTON_DB`` if set, else ``killbutton.db`` in the working directory."""
    return os.environ.get("KILLBUTTON_DB") or DEFAULT_PATH


async def configure(conn: aiosqlite.Connection, busy_timeout_ms: int) -> bool:
    """Set a new connection up as :meth:`Database.open` does (the benchmark's raw rate uses
    the same): WAL, ``synchronous=NORMAL``, foreign keys, the busy timeout, and in WAL mode
    no automatic checkpoint (a :class:`Checkpointer` must run beside it). Returns whether
    the database is in WAL mode (an in-memory one is not).

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


class Database:
    """An open database.

    Use :meth:`open` (an async constructor) and :meth:`close`.
    """

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self.broken: list[tuple[str, str]] = []
        self.checkpointer: Checkpointer | None = None
        self.writes = WriteQueue(conn, bulk=BULK)
        self.books = Books(self._rows)
        self.requests = Requests(self._rows, self.writes)
        # (platform, name) of players as last written: most commands come from a player
        # already stored under the same name, and rewriting his row cost a page per commit.
        self._players: dict[str, tuple[str, str]] = {}
        # One connection serves every table, so its transactions must not interleave: each
        # transaction (and each read) is one function on aiosqlite's one thread, which runs
        # them in the order queued, one at a time. Writes that queue while one transaction
        # commits are committed together in the next (storage.writes, group commit).

    @classmethod
    async def open(
        cls, path: str | None = None, busy_timeout_ms: int = 5000, checkpoint_every: float = 1.0
    ) -> Database:
        """Open (creating if needed) and migrate the database.

        Args:
            path: the file; None for :func:`default_path`; ``":memory:"`` for tests.
            busy_timeout_ms: how long to wait on a lock before failing.
            checkpoint_every: seconds between background WAL checkpoints (a file only).
        Raises:
            StorageError: the file cannot be opened, or was written by a newer version.
        """
        target = path or default_path()
        problem = _unusable(target)
        if problem is not None:  # said before a connection thread is started for nothing
            raise StorageError(f"cannot open the database {target}: {problem}")
        try:
            conn = await aiosqlite.connect(target, isolation_level=None)
        except (aiosqlite.Error, OSError) as exc:
            raise StorageError(f"cannot open the database {target}: {exc}") from exc
        db = cls(conn, target)
        try:
            wal = await configure(conn, busy_timeout_ms)
            await db._migrate()
            if wal:
                db.checkpointer = Checkpointer(target, checkpoint_every, busy_timeout_ms)
                db.checkpointer.start()
        except (aiosqlite.Error, OSError, StorageError) as exc:
            await conn.close()  # a half-open connection would keep the process alive
            if isinstance(exc, StorageError):
                raise
            raise StorageError(f"cannot use the database {target}: {exc}") from exc
        return db

    async def close(self) -> None:
        """Stop the checkpoints and close the connection (which checkpoints the rest)."""
        if self.checkpointer is not None:
            self.checkpointer.stop()
        await self._conn.close()

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
                await self._rollback()
                raise StorageError(f"migration {number + 1} failed: {exc}") from exc

    async def _rollback(self) -> None:
        with contextlib.suppress(aiosqlite.Error):
            await self._conn.execute("ROLLBACK")

    async def _write(
        self,
        statements: Iterable[tuple[str, Sequence[Any]]],
        must_change: int = -1,
        key: str | None = None,
    ) -> None:
        """Run statements in one transaction; all or nothing.

        The whole transaction is one call on aiosqlite's thread: a hand-off per statement
        cost more than the SQL itself, and nothing else can run on the connection midway.
        Writes queued meanwhile by other tables may share the transaction, and still
        succeed or fail on their own (:class:`storage.writes.WriteQueue`); this one returns
        once it committed.

        Args:
            statements: (sql, parameters) pairs.
            must_change: the index of a statement that must change a row (the table's
                versioned update); if it changes none, everything is rolled back.
            key: the table the write is for (see :meth:`storage.writes.WriteQueue.write`).
        Raises:
            StorageError: the database refused (nothing was written), or the statement at
                ``must_change`` changed no row ("changed elsewhere").
        """
        try:
            await self.writes.write(list(statements), must_change, key)
        except NoRowChanged as exc:
            raise ChangedElsewhere(str(exc)) from exc
        except (aiosqlite.Error, ValueError, TypeError, OverflowError) as exc:
            # OverflowError: an integer past SQLite's 64 bits
            raise StorageError(f"the database refused the change: {exc}") from exc

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return await on_thread(self._conn, _fetch, sql, params)
        except (aiosqlite.Error, ValueError) as exc:
            raise StorageError(f"the database could not be read: {exc}") from exc

    # ------------------------------------------------------------------ players, tables

    @staticmethod
    def _player(player_id: str, platform: str, name: str) -> tuple[str, Sequence[Any]]:
        return (
            "INSERT INTO players (id, platform, display_name) VALUES (?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET display_name = excluded.display_name",
            (player_id, platform, name),
        )

    async def create_table(
        self,
        table: StoredTable,
        platform: str,
        host_name: str,
        game: str,
        kill_game: bool,
    ) -> None:
        """Store a new table (and its server and host) with its first session, at once.

        Raises:
            StorageError: a table already plays in that channel, or the write failed.
        """
        now = time.time()
        await self._write(
            [
                (
                    "INSERT OR IGNORE INTO servers (id, platform) VALUES (?, ?)",
                    (table.server_id, platform),
                ),
                self._player(table.host_id, platform, host_name),
                (
                    "INSERT INTO poker_tables (id, server_id, channel, host_id, game, kill_game,"
                    " settings, state, session_id, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.id,
                        table.server_id,
                        table.channel,
                        table.host_id,
                        game,
                        int(kill_game),
                        jsontext.dumps(table.settings),
                        jsontext.dumps(table.state),
                        table.session_id,
                        now,
                    ),
                ),
                (
                    "INSERT INTO table_versions (table_id, version, live) VALUES (?, ?, NULL)",
                    (table.id, table.version),
                ),
                ("INSERT INTO sessions (table_id, started_at) VALUES (?, ?)", (table.id, now)),
                (
                    "UPDATE poker_tables SET session_id = (SELECT max(id) FROM sessions"
                    " WHERE table_id = ?) WHERE id = ?",
                    (table.id, table.id),
                ),
            ]
        )

    async def load_tables(self) -> list[StoredTable]:
        """Every stored table, for restoring at start-up.

        Raises:
            StorageError: the database cannot be read. A row whose JSON is corrupt is
                skipped and reported by :attr:`broken`.
        """
        rows = await self._rows(
            "SELECT p.id, p.server_id, p.channel, p.host_id, p.settings, p.state, v.version,"
            " p.session_id, v.live FROM poker_tables p JOIN table_versions v ON v.table_id = p.id"
        )
        moves: dict[str, list[tuple[int, str]]] = {}
        for table_id, seq, record in await self._rows(
            "SELECT table_id, seq, record FROM hand_moves ORDER BY table_id, seq"
        ):
            moves.setdefault(table_id, []).append((seq, record))
        tables: list[StoredTable] = []
        self.broken = []
        for row in rows:
            try:
                tables.append(
                    StoredTable(
                        row[0],
                        row[1],
                        row[2],
                        row[3],
                        jsontext.loads(row[4]),
                        _state(row[5], row[8], moves.get(row[0], ())),
                        int(row[6]),
                        row[7],
                    )
                )
            except (TypeError, ValueError, KeyError) as exc:
                self.broken.append((row[0], str(exc)))
        return tables

    async def load_table(self, table_id: str) -> StoredTable | None:
        """One stored table (None if missing or unreadable)."""
        for table in await self.load_tables():
            if table.id == table_id:
                return table
        return None

    async def session_of(self, table_id: str) -> int | None:
        """The table's current session id."""
        rows = await self._rows("SELECT session_id FROM poker_tables WHERE id = ?", (table_id,))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def table_in_channel(self, server_id: str, channel: str) -> str | None:
        """The id of the table playing in a channel, if any."""
        rows = await self._rows(
            "SELECT id FROM poker_tables WHERE server_id = ? AND channel = ?", (server_id, channel)
        )
        return str(rows[0][0]) if rows else None

    # ------------------------------------------------------------------ the hot path

    async def commit(
        self,
        table_id: str,
        version: int,
        state: StateWrite | dict[str, Any] | str,
        command: dict[str, Any],
        player: tuple[str, str, str] | None,
        request_id: str | None,
        hand_number: int | None,
        events: Sequence[EventRow],
        extra: Sequence[Write] = (),
    ) -> None:
        """Commit one action: the command, its events and the table's new state, at once.

        Args:
            table_id: the table.
            version: the table's new version (the previous plus one).
            state: what changed of the table's state (:class:`StateWrite`), or the whole
                new state, as data or as JSON text already encoded.
            command: the command as received.
            player: (player id, platform, display name) of who sent it, or None.
            request_id: the platform's interaction or request id (retries are refused).
            hand_number: the hand it belongs to, if any.
            events: what happened.
            extra: further records for the same transaction (ledger, hands, audit).
        Raises:
            StorageError: the write failed (nothing was written), including a request id
                already applied.
        """
        now = time.time()
        statements: list[tuple[str, Sequence[Any]]] = []
        named = player is not None and self._players.get(player[0]) != player[1:]
        if player is not None and named:
            statements.append(self._player(*player))
        must_change = len(statements)
        statements += state_statements(table_id, version, state)
        statements.append(
            (
                ACTION_INSERT,
                (
                    table_id,
                    version,
                    hand_number,
                    player[0] if player else None,
                    jsontext.dumps(command),
                    request_id,
                    now,
                ),
            )
        )
        for row in events:
            statements.append(
                (
                    EVENT_INSERT,
                    (table_id, version, hand_number, row.audience, jsontext.dumps(row.event)),
                )
            )
        for write in extra:
            statements += statements_for(write)
        await self._write(statements, must_change=must_change, key=table_id)
        if player is not None and named:
            self._players[player[0]] = (player[1], player[2])

    # ------------------------------------------------------------------ sessions, ledger

    async def next_session(self, table_id: str, end: int | None) -> SessionSwitched:
        """The switch to a new session (a night of play) of a table, closing session
        ``end``, for a commit to carry: the switch is stored with the move that ends the
        night, or not at all.

        Two tables that end a night at once may be given the same id; the second commit
        then fails on the sessions' key and changes nothing ("try again").

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows("SELECT coalesce(max(id), 0) + 1 FROM sessions")
        return SessionSwitched(table_id, end, int(rows[0][0]))

    async def end_session(self, session_id: int) -> None:
        """Close a session."""
        await self._write(
            [("UPDATE sessions SET ended_at = ? WHERE id = ?", (time.time(), session_id))]
        )

    async def save_table_message(self, table_id: str, hand: int, ref: str) -> None:
        """Remember where a table's hand is shown: ``ref`` is the platform's reference to
        the table message of hand ``hand`` (a Discord message id, Slack's channel and
        timestamp), replacing the table's previous one.

        Raises:
            StorageError: the write was refused.
        """
        await self.writes.write(
            [
                (
                    "INSERT INTO table_messages (table_id, hand, ref) VALUES (?, ?, ?) "
                    "ON CONFLICT (table_id) DO UPDATE SET hand = excluded.hand, "
                    "ref = excluded.ref",
                    (table_id, hand, ref),
                )
            ]
        )

    async def table_messages(self) -> dict[str, tuple[int, str]]:
        """Every table's remembered table message: table id -> (hand, platform ref).

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows("SELECT table_id, hand, ref FROM table_messages")
        return {str(t): (int(h), str(r)) for t, h, r in rows}


# ---------------------------------------------------------------------- stored state


def _state(base: str, live: str | None, moves: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """A table's state as stored: the base, the service's fields laid over it, the hand's
    moves since the base appended to its actions.

    Raises:
        ValueError, KeyError, TypeError: corrupt JSON, or moves with no hand to follow or
            a gap in their numbers.
    """
    state: dict[str, Any] = jsontext.loads(base)
    if live is not None:
        state.update(jsontext.loads(live))
    if moves:
        actions = state["table"]["current"]["actions"]
        for seq, record in moves:
            if seq != len(actions):
                raise ValueError(f"stored move {seq} does not follow move {len(actions) - 1}")
            actions.append(jsontext.loads(record))
    return state


# ---------------------------------------------------------------------- on the database thread


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
