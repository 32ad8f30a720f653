"""Group commit: the writes queued while one transaction commits go in the next one together.

Each write (one action's command, events and state, say) is all or nothing on its own. A
group runs as one transaction in which the rows that many writes give the same statement
(every action's insert into ``actions``, say) run as one statement (:func:`_batched`); if
anything in it fails, it is rolled back and run again with each write in a savepoint of
its own, so only a failing write fails (:func:`_one_by_one`). No writer is answered before
the transaction holding its write has committed. A write that finds the connection idle is
committed on its own at once, so under light load nothing waits; under heavy load the
writes queued behind a commit share the next one, which saves a ``BEGIN``/``COMMIT``, a
hand-off to aiosqlite's thread and most statements each.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import aiosqlite

from . import jsontext
from .thread import on_thread

Statements = list[tuple[str, Sequence[Any]]]
# With 200 tables saturated: 8 and 32 about the same when each write ran its own
# statements; with rows batched, 64 a little better than 32 and about as good as 128.
MAX_GROUP = 64
# Rows one multi-row insert takes (:func:`_coalesced`): far below SQLite's 999 parameters.
MAX_ROWS = 64


# What running a statement raises for the statement or its values (a constraint, a
# string SQLite cannot hold, an integer past 64 bits) rather than for the connection.
REFUSED = (sqlite3.Error, ValueError, TypeError, OverflowError)


# A statement whose text starts so must change exactly one row, wherever it stands in a
# write (another table's versioned update carried by one commit); the mark is an SQL
# comment, so both backends run the text as it is.
ONE_ROW = "/* one row */ "


def must_change_one(sql: str) -> bool:
    """Whether ``sql`` is marked :data:`ONE_ROW`."""
    return sql.startswith(ONE_ROW)


def is_full(exc: BaseException) -> bool:
    """Whether SQLite refused a write for want of room (SQLITE_FULL: the disk is full, or
    the file reached its page limit)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return (
        isinstance(exc, sqlite3.Error) and code is not None and code & 0xFF == sqlite3.SQLITE_FULL
    )


class NoRowChanged(sqlite3.Error):
    """The statement that had to change a row changed none (another process moved the
    table on); only that write is rolled back."""


class WriteQueue:
    """Writes on one aiosqlite connection, committed in groups; see the module.

    Args:
        conn: the open connection (``isolation_level=None``: we begin and commit).
        max_group: the most writes in one transaction; the rest wait for the next, so the
            event loop prepares them while this one commits.
    Attributes:
        transactions: transactions committed or tried so far; writes: writes in them;
        statements: their statements; held: the seconds the writes took, summed, each
            from being queued to its transaction's end (for the benchmark).
    """

    def __init__(
        self,
        conn: aiosqlite.Connection,
        max_group: int = MAX_GROUP,
        bulk: Mapping[str, Batch] | None = None,
    ) -> None:
        self._conn = conn
        self.max_group = max_group
        self.bulk = dict(bulk or {})
        self._pending: list[tuple[Statements, int, str | None, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._leading = False  # a writer is committing its own write (see write())
        self.transactions = 0
        self.writes = 0
        self.statements = 0
        self.held = 0.0

    async def write(
        self, statements: Statements, must_change: int = -1, key: str | None = None
    ) -> None:
        """Commit ``statements`` all or nothing, possibly in one transaction with others.

        Args:
            statements: (sql, parameters) pairs.
            must_change: the index of a statement that must change exactly one row.
            key: what the write changes (a table id): writes with the same key never share
                a transaction, so the rows of different writes held back together
                (:func:`_batched`) never touch the same rows. A write without a key has
                none of its rows held back.
        Raises:
            NoRowChanged: that statement changed no row (nothing of this write kept).
            sqlite3.Error, ValueError: the database refused (nothing of this write kept).
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((statements, must_change, key, future))
        start = time.perf_counter()
        try:
            if self._flusher is None and not self._leading:
                # The connection is idle, so the queue holds this write alone: commit it
                # from here rather than from a flushing task, two hand-offs between tasks
                # fewer; writes queued meanwhile go to the task.
                self._leading = True
                try:
                    await self._commit(self._group())
                finally:
                    self._leading = False
                    if self._pending and self._flusher is None:
                        self._flusher = asyncio.ensure_future(self._flush())
            await future
        finally:
            self.held += time.perf_counter() - start
            self.statements += len(statements)

    async def _flush(self) -> None:
        try:
            while self._pending:
                await self._commit(self._group())
        finally:
            self._flusher = None

    async def _commit(
        self, group: list[tuple[Statements, int, str | None, asyncio.Future[None]]]
    ) -> None:
        """One transaction of ``group`` on aiosqlite's thread; answers each writer."""
        work = [(statements, must, key) for statements, must, key, _ in group]
        try:
            results = await on_thread(self._conn, _transactions, work, self.bulk)
        except Exception as exc:  # whatever failed, every writer gets an answer
            results = [exc] * len(group)
        self.transactions += 1
        self.writes += len(group)
        for (_, _, _, future), error in zip(group, results, strict=True):
            if future.done():
                continue  # its writer was cancelled; the write stands
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(error)

    def _group(self) -> list[tuple[Statements, int, str | None, asyncio.Future[None]]]:
        """The next transaction's writes, taken from the queue in order: up to
        :attr:`max_group`, ending before a key already in it."""
        keys: set[str] = set()
        size = 0
        for _, _, key, _ in self._pending[: self.max_group]:
            if key is not None:
                if key in keys:
                    break
                keys.add(key)
            size += 1
        group = self._pending[:size]
        del self._pending[:size]
        return group


def _run(raw: sqlite3.Connection, statements: Statements, must_change: int) -> None:
    """One write's statements in order, consecutive rows of one insert as one statement
    (:func:`_coalesced`).

    Raises:
        NoRowChanged: the ``must_change`` statement changed no row.
        sqlite3.Error, ValueError, TypeError, OverflowError: a statement failed.
    """
    for sql, params, must in _coalesced(statements, must_change):
        cursor = raw.execute(sql, params)
        if (must or must_change_one(sql)) and cursor.rowcount != 1:
            raise NoRowChanged("the table was changed elsewhere: try again")


_ONE_ROW = re.compile(r"^(INSERT INTO [^;]+? VALUES )(\((?:\?, )*\?\))$")


@lru_cache(maxsize=256)
def _many_rows(sql: str, rows: int) -> str | None:
    """``sql`` as an insert of ``rows`` rows, or None if it is not a plain one-row
    ``INSERT INTO ... VALUES (?, ...)``."""
    match = _ONE_ROW.match(sql)
    if match is None:
        return None
    return match.group(1) + ", ".join([match.group(2)] * rows)


def _coalesced(
    statements: Statements, must_change: int
) -> Iterator[tuple[str, Sequence[Any], bool]]:
    """``(sql, parameters, is the must_change statement)`` to run for ``statements``: a
    run of consecutive identical one-row inserts (an action's events) becomes one insert of
    up to :data:`MAX_ROWS` rows, in the same order.

    Why: each statement takes the interpreter's lock back from the event loop, and a write
    that ends a hand or deals one stores some ten events.
    """
    index = 0
    while index < len(statements):
        sql, params = statements[index]
        end = index + 1
        if index != must_change:
            while (
                end < len(statements)
                and end - index < MAX_ROWS
                and end != must_change
                and statements[end][0] == sql
            ):
                end += 1
        many = _many_rows(sql, end - index) if end - index > 1 else None
        if many is None:
            yield sql, params, index == must_change
            index += 1
            continue
        yield many, [value for _, row in statements[index:end] for value in row], False
        index = end


def _transactions(
    raw: sqlite3.Connection,
    work: Sequence[tuple[Statements, int, str | None]],
    bulk: Mapping[str, Batch],
) -> list[BaseException | None]:
    """Run on aiosqlite's thread: the group as one transaction with its rows batched
    (:func:`_batched`); if anything in it fails, rolled back and run again one write at a
    time (:func:`_one_by_one`), so only the failing writes fail."""
    # A write alone runs its statements as they are (its events as one insert): holding its
    # rows back would only add the JSON round trip.
    try:
        if len(work) == 1:
            raw.execute("BEGIN IMMEDIATE")
            _run(raw, *work[0][:2])
            raw.execute("COMMIT")
        else:
            _batched(raw, work, bulk)
        return [None] * len(work)
    except REFUSED:
        if raw.in_transaction:
            raw.execute("ROLLBACK")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            raw.execute("ROLLBACK")
        raise
    return _one_by_one(raw, work)


@dataclass(frozen=True)
class Batch:
    """How the rows of one statement held back from many writes run as one statement.

    Attributes:
        table: the table the statement writes; its held rows run before any later
            statement whose text names it.
        many: the statement for all the rows at once. Its one parameter is the rows as a
            JSON array of arrays, each in the single-row statement's parameter order: it
            reads them with ``json_each(?)``, column ``i`` of a row being
            ``json_extract(value, '$[i]')``.
        every_row: each row must change exactly one row (a versioned update): the
            statement's row count must equal its rows.
    """

    table: str
    many: str
    every_row: bool = False


def _batched(
    raw: sqlite3.Connection,
    work: Sequence[tuple[Statements, int, str | None]],
    bulk: Mapping[str, Batch],
) -> None:
    """``BEGIN IMMEDIATE``, every write's statements in order, ``COMMIT``; but the rows of
    a keyed write's statements named in ``bulk`` are held back and run together, one
    statement for all the rows of each, before any later statement that names their
    table (or another of the same write's held statements on that table), and at the end.
    Writes in one group have distinct keys (:meth:`WriteQueue._group`), so rows held from
    different writes never touch the same rows.

    Why: every statement takes the interpreter's lock back from the event loop, and while
    the loop is busy each of those waits for it; a group of 32 writes was some 240
    statements, and is about ten now.

    Raises:
        NoRowChanged: a write's ``must_change`` statement changed no row.
        sqlite3.Error, ValueError, TypeError: a statement failed, or a held row's values
            are not JSON. The transaction is left open.
    """
    held: dict[str, list[Sequence[Any]]] = {}
    raw.execute("BEGIN IMMEDIATE")
    for statements, must_change, key in work:
        mine: set[str] = set()  # the statements this write held back
        for index, (sql, params) in enumerate(statements):
            batch = bulk.get(sql) if key is not None else None
            if batch is not None and _has_nul(params):
                batch = None  # json_extract cuts a string at a NUL: this row runs as it is
            if batch is not None and (index != must_change or batch.every_row):
                for earlier in [h for h in mine if h != sql and bulk[h].table == batch.table]:
                    _run_held(raw, held.pop(earlier), bulk[earlier])
                    mine.discard(earlier)
                held.setdefault(sql, []).append(params)
                mine.add(sql)
                continue
            for waiting in [h for h in held if bulk[h].table in sql]:
                _run_held(raw, held.pop(waiting), bulk[waiting])
            cursor = raw.execute(sql, params)
            if (index == must_change or must_change_one(sql)) and cursor.rowcount != 1:
                raise NoRowChanged("the table was changed elsewhere: try again")
    for sql, rows in held.items():
        _run_held(raw, rows, bulk[sql])
    raw.execute("COMMIT")


def _has_nul(params: Sequence[Any]) -> bool:
    return any(isinstance(value, str) and "\x00" in value for value in params)


def _run_held(raw: sqlite3.Connection, rows: list[Sequence[Any]], batch: Batch) -> None:
    cursor = raw.execute(batch.many, (jsontext.dumps(rows),))
    if batch.every_row and cursor.rowcount != len(rows):
        raise NoRowChanged("a table was changed elsewhere: try again")


def _one_by_one(
    raw: sqlite3.Connection, work: Sequence[tuple[Statements, int, str | None]]
) -> list[BaseException | None]:
    """``BEGIN IMMEDIATE``, each write in a savepoint (a failed one rolled back to it),
    ``COMMIT``. Returns each write's error or None; raises (after ``ROLLBACK``) when the
    transaction as a whole fails, which fails every write in it."""
    results: list[BaseException | None] = []
    raw.execute("BEGIN IMMEDIATE")
    try:
        for statements, must_change, _ in work:
            raw.execute("SAVEPOINT write")
            try:
                _run(raw, statements, must_change)
                results.append(None)
            except REFUSED as exc:
                if not raw.in_transaction:
                    raise  # SQLite rolled the whole transaction back (disk full, I/O)
                raw.execute("ROLLBACK TO write")
                results.append(exc)
            raw.execute("RELEASE write")
        raw.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            raw.execute("ROLLBACK")
        raise
    return results
