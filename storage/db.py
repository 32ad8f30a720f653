"""The database: the only place with SQL, over either backend.

SQLite through aiosqlite (:mod:`storage.sqlite`, one file, ``killbutton.db`` by default) is
the embedded backend; PostgreSQL through asyncpg (:mod:`storage.postgres`), named by a
``postgresql://`` URL, serves a bot that outgrows one machine. Both run the same SQL and
the same numbered migrations of :mod:`storage.schema`. Every committed action is one
write, all or nothing: the command, its events and the table's new state together, so a
crash leaves either all of it or none.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from typing import Any

from . import jsontext
from .backend import Backend, Writer
from .books import Books
from .checkpoint import Checkpointer
from .errors import ChangedElsewhere, StorageError, StorageFull
from .pgstep import TableStep
from .records import (
    EventRow,
    SessionSwitched,
    StateWrite,
    StoredTable,
    TableDue,
    Write,
)
from .requests import Requests
from .statements import (
    state_write,
    statements_for,
    table_statements,
)
from .tournaments import Tournaments
from .writes import REFUSED, NoRowChanged, is_full

DEFAULT_PATH = "killbutton.db"
_TABLE_JOIN = "poker_tables p JOIN table_versions v ON v.table_id = p.id"
_TABLE_SELECT = (
    "SELECT p.id, p.server_id, p.channel, p.host_id, p.settings, p.state, v.version,"
    f" p.session_id, v.live FROM {_TABLE_JOIN}"
)
_ONE = " WHERE p.id = ?"
# the tables start-up restores when it does not restore them all (Database.load_tables)
_NEEDED = (
    " WHERE v.due IS NOT NULL OR p.kill_game = 1 OR p.tournament_id IN"
    " (SELECT id FROM tournaments WHERE status IN ('registering', 'running'))"
)
READ_TRIES = 5  # reads of one table another process keeps moving, before giving up


def default_path() -> str:
    """``$KILLBUTTON_DB`` if set (a file, or a ``postgresql://`` URL), else
    ``killbutton.db`` in the working directory."""
    return os.environ.get("KILLBUTTON_DB") or DEFAULT_PATH


class Database:
    """An open database.

    Use :meth:`open` (an async constructor) and :meth:`close`.

    Attributes:
        path: the file or URL it was opened from (a URL's password left out).
        writes: the backend's writer; books: the books read; requests: request ids;
            tournaments: tournaments, their money and league seasons.
        checkpointer: SQLite's background checkpoints (None for PostgreSQL or memory).
        broken: (table id, why) of the rows :meth:`load_tables` could not read.
        shared: several bot processes may serve its tables at once (PostgreSQL): a process
            must check a table is current before acting on it, and find the tables due a
            step of their own here rather than in its memory.
    """

    def __init__(self, backend: Backend, path: str) -> None:
        self.backend = backend
        self.path = path
        self.broken: list[tuple[str, str]] = []
        self.checkpointer: Checkpointer | None = backend.checkpointer
        self.writes: Writer = backend.writes
        # a writer that takes a table's common step as one statement (PostgreSQL's)
        self._step: Callable[[TableStep], Awaitable[None]] | None = getattr(
            backend.writes, "step", None
        )
        self.shared = backend.shared
        self.books = Books(self._rows)
        self.requests = Requests(self._rows, self.writes)
        self.tournaments = Tournaments(self._rows, self._write)
        # (platform, name) of players as last written: most commands come from a player
        # already stored under the same name, and rewriting his row cost a page per commit.
        self._players: dict[str, tuple[str, str]] = {}

    @classmethod
    async def open(
        cls,
        path: str | None = None,
        busy_timeout_ms: int = 5000,
        checkpoint_every: float = 1.0,
        statement_timeout: float | None = None,
        max_connections: int = 10,
    ) -> Database:
        """Open (creating if needed) and migrate the database.

        Args:
            path: a SQLite file, ``":memory:"`` for tests, or a PostgreSQL URL
                (``postgresql://user@host:port/dbname``); None for :func:`default_path`.
            busy_timeout_ms: SQLite: how long to wait on a lock before failing.
            checkpoint_every: SQLite: seconds between background WAL checkpoints.
            statement_timeout: PostgreSQL: seconds a statement may take before the server
                cancels it (None: :data:`storage.postgres.STATEMENT_TIMEOUT`).
            max_connections: PostgreSQL: the pool's most connections; moves beyond them
                wait for one.
        Raises:
            StorageError: the database cannot be opened or reached, or was written by a
                newer version.
        """
        target = path or default_path()
        from .postgres import STATEMENT_TIMEOUT, PostgresBackend, is_url, without_password

        if is_url(target):
            timeout = STATEMENT_TIMEOUT if statement_timeout is None else statement_timeout
            served = await PostgresBackend.open(target, max_connections, timeout)
            return cls(served, without_password(target))
        from .sqlite import SqliteBackend

        backend = await SqliteBackend.open(target, busy_timeout_ms, checkpoint_every)
        return cls(backend, target)

    async def close(self) -> None:
        """Close the backend (for SQLite, its checkpoints stopped first)."""
        await self.backend.close()

    async def _write(
        self,
        statements: Iterable[tuple[str, Sequence[Any]]],
        must_change: int = -1,
        key: str | None = None,
    ) -> None:
        """Run statements in one transaction; all or nothing.

        With SQLite the whole transaction is one call on aiosqlite's thread, and writes
        queued meanwhile by other tables may share it, still succeeding or failing on their
        own (:class:`storage.writes.WriteQueue`); this one returns once it committed.

        Args:
            statements: (sql, parameters) pairs.
            must_change: the index of a statement that must change a row (the table's
                versioned update); if it changes none, everything is rolled back.
            key: the table the write is for (see :meth:`storage.writes.WriteQueue.write`).
        Raises:
            StorageError: the database refused (nothing was written), or the statement at
                ``must_change`` changed no row (:class:`ChangedElsewhere`).
        """
        with _refusals():
            await self.writes.write(list(statements), must_change, key)

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self.backend.rows(sql, params)

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
                *await self._first_session(table.id, now),
            ]
        )

    async def _first_session(self, table_id: str, now: float) -> list[tuple[str, Sequence[Any]]]:
        """The statements that open a new table's first session: numbered by the backend's
        counter where it has one, else one past the highest inside the write itself, so
        tables opened at once never take the same number."""
        if self.backend.session_sequence is None:
            return [
                (
                    "INSERT INTO sessions (id, table_id, started_at)"
                    " SELECT coalesce(max(id), 0) + 1, ?, ? FROM sessions",
                    (table_id, now),
                ),
                (
                    "UPDATE poker_tables SET session_id = (SELECT max(id) FROM sessions"
                    " WHERE table_id = ?) WHERE id = ?",
                    (table_id, table_id),
                ),
            ]
        session = await self._session_id()
        return [
            (
                "INSERT INTO sessions (id, table_id, started_at) VALUES (?, ?, ?)",
                (session, table_id, now),
            ),
            ("UPDATE poker_tables SET session_id = ? WHERE id = ?", (session, table_id)),
        ]

    async def load_tables(self, beyond: int | None = None) -> list[StoredTable]:
        """The stored tables to restore at start-up: every one, or, when more than
        ``beyond`` are stored, only those that need this process before anyone speaks at
        them: a step of their own due (a turn timer, a deal owed, a tournament's clock:
        :class:`storage.records.TableDue`), a kill game (a kill owed follows a player
        between a server's kill tables), or a tournament not over. The others are read
        when a request comes for them (:meth:`load_table`).

        Raises:
            StorageError: the database cannot be read. A row whose JSON is corrupt is
                skipped and reported by :attr:`broken`.
        """
        self.broken = []
        if beyond is not None and await self.table_count() > beyond:
            return await self._tables(_NEEDED, (), self.broken)
        return await self._tables("", (), self.broken)

    async def table_count(self) -> int:
        """How many tables are stored.

        Raises:
            StorageError: the database cannot be read.
        """
        rows = await self._rows("SELECT count(*) FROM poker_tables")
        return int(rows[0][0])

    async def load_table(self, table_id: str) -> StoredTable | None:
        """One stored table as last committed (None if missing or unreadable), read alone:
        a table not held in memory, or one another process sharing the database moved on.

        Raises:
            StorageError: the database cannot be read.
        """
        for _ in range(READ_TRIES):
            tables = await self._tables(_ONE, (table_id,), [])
            if not tables:
                return None
            # the table and its moves are two reads: a move committed between them shows
            # as a version past the one read, and the table is read again
            if await self.version_of(table_id) == tables[0].version:
                return tables[0]
        raise StorageError(f"table {table_id} kept moving while it was read: try again")

    async def _tables(
        self, where: str, params: Sequence[Any], broken: list[tuple[str, str]]
    ) -> list[StoredTable]:
        """The stored tables ``where`` selects (a condition on ``p``, the tables, and
        ``v``, their versions), each with its hand's moves laid over it; a row that
        cannot be read goes to ``broken`` as (table id, why)."""
        rows = await self._rows(_TABLE_SELECT + where, params)
        if where == _ONE:
            moves_where = " WHERE m.table_id = ?"
        elif where:
            moves_where = f" WHERE m.table_id IN (SELECT p.id FROM {_TABLE_JOIN}{where})"
        else:
            moves_where = ""
        moves: dict[str, list[tuple[int, str]]] = {}
        for table_id, seq, record in await self._rows(
            "SELECT m.table_id, m.seq, m.record FROM hand_moves m"
            + moves_where
            + " ORDER BY m.table_id, m.seq",
            params,
        ):
            moves.setdefault(table_id, []).append((seq, record))
        tables: list[StoredTable] = []
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
                broken.append((row[0], str(exc)))
        return tables

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

    async def version_of(self, table_id: str) -> int | None:
        """The table's committed version (None: no such table), to tell whether a copy in
        memory is current.

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows(
            "SELECT version FROM table_versions WHERE table_id = ?", (table_id,)
        )
        return int(rows[0][0]) if rows else None

    async def kill_tables(self, server_id: str) -> list[str]:
        """The ids of a server's tables that play kills (000 kill §13: a kill game).

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows(
            "SELECT id FROM poker_tables WHERE server_id = ? AND kill_game = 1 ORDER BY id",
            (server_id,),
        )
        return [str(table_id) for (table_id,) in rows]

    async def due_tables(self, now: float) -> list[tuple[str, int]]:
        """The tables due a step of their own at ``now`` (seconds since the epoch): (table
        id, committed version), soonest first.

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows(
            "SELECT table_id, version FROM table_versions WHERE due <= ? ORDER BY due", (now,)
        )
        return [(str(t), int(v)) for t, v in rows]

    async def claim_due(self, table_id: str, version: int, now: float, until: float) -> bool:
        """Take the table's due step for this process: its due time moves to ``until``, so
        no other process takes it meanwhile, and if this one dies before its step is
        committed another takes it then. True for exactly one of the processes that try
        at once; False when another took it first, or the table moved past ``version``.

        Raises:
            StorageError: the database refused the write.
        """
        try:
            await self._write(
                [
                    (
                        "UPDATE table_versions SET due = ? WHERE table_id = ? AND version = ?"
                        " AND due <= ?",
                        (until, table_id, version, now),
                    )
                ],
                must_change=0,
            )
        except ChangedElsewhere:
            return False
        return True

    async def set_due(self, table_id: str, due: float | None) -> None:
        """Say when the table is next due a step of its own (None: not until a move).

        Raises:
            StorageError: the database refused the write.
        """
        await self._write(statements_for(TableDue(table_id, due)))

    async def set_dues(self, dues: Sequence[TableDue]) -> None:
        """Say when each of several tables is next due a step of its own, in one write (a
        restart's: what start-up restores next time follows from them).

        Raises:
            StorageError: the database refused the write.
        """
        await self._write(s for due in dues for s in statements_for(due))

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
        named = player is not None and self._players.get(player[0]) != player[1:]
        step = _one_step(
            table_id,
            version,
            state,
            command,
            player,
            named,
            request_id,
            hand_number,
            events,
            extra,
            now,
        )
        if step is not None and self._step is not None:
            with _refusals():
                await self._step(step)
            if player is not None and named:
                self._players[player[0]] = (player[1], player[2])
            return
        statements: list[tuple[str, Sequence[Any]]] = []
        if player is not None and named:
            statements.append(self._player(*player))
        must_change = len(statements)
        statements += table_statements(
            table_id,
            version,
            state,
            command,
            player[0] if player else None,
            request_id,
            hand_number,
            events,
            now,
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

        On SQLite, two tables that end a night at once may be given the same id; the second
        commit then fails on the sessions' key and changes nothing ("try again").

        Raises:
            StorageError: the database could not be read.
        """
        return SessionSwitched(table_id, end, await self._session_id())

    async def _session_id(self) -> int:
        """A number for a new session: from the backend's own counter where it has one
        (PostgreSQL's sequence: processes that open sessions at once get different
        numbers), else one past the highest.

        Raises:
            StorageError: the database could not be read.
        """
        sql = self.backend.session_sequence or "SELECT coalesce(max(id), 0) + 1 FROM sessions"
        rows = await self._rows(sql)
        return int(rows[0][0])

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
        await self._write(
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


@contextlib.contextmanager
def _refusals() -> Iterator[None]:
    """A backend's write failing, as storage's errors: the versioned update changing no
    row is :class:`ChangedElsewhere`, a full disk :class:`StorageFull`, any other refusal
    :class:`StorageError` (nothing was written in any case)."""
    try:
        yield
    except NoRowChanged as exc:
        raise ChangedElsewhere(str(exc)) from exc
    except REFUSED as exc:
        if is_full(exc):
            raise StorageFull(f"the database has no room to write: {exc}") from exc
        # OverflowError: an integer past SQLite's 64 bits
        raise StorageError(f"the database refused the change: {exc}") from exc


def _one_step(  # noqa: PLR0913 - Database.commit's arguments
    table_id: str,
    version: int,
    state: StateWrite | dict[str, Any] | str,
    command: dict[str, Any],
    player: tuple[str, str, str] | None,
    named: bool,
    request_id: str | None,
    hand_number: int | None,
    events: Sequence[EventRow],
    extra: Sequence[Write],
    at: float,
) -> TableStep | None:
    """A commit as one table's common step (:mod:`storage.pgstep`), or None when it
    carries more than the table's own due time (a hand begun or ended, the ledger, another
    table...), which the general path writes."""
    dues = [w for w in extra if isinstance(w, TableDue) and w.table_id == table_id]
    if len(dues) != len(extra) or len(dues) > 1:
        return None
    state = state_write(state)
    return TableStep(
        table_id,
        version,
        state.live,
        state.base,
        tuple(state.moves),
        hand_number,
        player,
        named,
        jsontext.dumps(command),
        request_id,
        at,
        tuple((row.audience, jsontext.dumps(row.event)) for row in events),
        bool(dues),
        dues[0].due if dues else None,
    )


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
