"""The SQL of every write: the hot path's statements (and their batched forms for a group
commit), and the statements each write record of :mod:`storage.records` stands for.

SQLite's dialect, with ``?`` parameters; JSON columns hold text from :mod:`storage.jsontext`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from . import jsontext
from .records import (
    AuditEntry,
    EventRow,
    GameChanged,
    HandBegun,
    HandCredited,
    HandFinished,
    LedgerEntry,
    SessionSwitched,
    StateWrite,
    TableDue,
    TableWrite,
    TournamentSaved,
    Write,
)
from .tournaments import tournament_statements
from .writes import ONE_ROW, Batch, Statements

ACTION_INSERT = (
    "INSERT INTO actions (table_id, version, hand_number, player_id, command, request_id, at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
EVENT_INSERT = (
    "INSERT INTO events (table_id, version, hand_number, audience, event) VALUES (?, ?, ?, ?, ?)"
)
MOVE_INSERT = "INSERT INTO hand_moves (table_id, seq, record) VALUES (?, ?, ?)"
MOVES_DELETE = "DELETE FROM hand_moves WHERE table_id = ?"
VERSION_UPDATE = (
    "UPDATE table_versions SET live = ?, version = ? WHERE table_id = ? AND version = ?"
)
RABBIT_UPDATE = "UPDATE hands SET rabbit = ? WHERE table_id = ? AND number = ?"
DUE_UPDATE = "UPDATE table_versions SET due = ? WHERE table_id = ?"
STATE_UPDATE = "UPDATE poker_tables SET state = ? WHERE id = ?"
HAND_INSERT = (
    "INSERT INTO hands (table_id, number, session_id, game, commitment, players, started_at,"
    " tournament_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
HAND_END = (
    "UPDATE hands SET phh = ?, openings = ?, results = ?, biggest_pot = ?, killed_by = ?,"
    " ended_at = ?, took = ? WHERE table_id = ? AND number = ?"
)
REQUEST_CLAIM = (
    "INSERT INTO requests_seen (request_id, at) VALUES (?, ?) ON CONFLICT (request_id) DO NOTHING"
)
REQUESTS_PRUNE = "DELETE FROM requests_seen WHERE at < ?"
# Slack refuses a signature more than five minutes old, so an id is only ever replayed
# within five minutes of its first delivery; twice that leaves room for clock drift.
REQUESTS_KEPT_SECONDS = 600.0
PRUNE_EVERY_SECONDS = 60.0  # old ids go in one delete a minute, not one per claim


def _column(index: int, row: str = "value") -> str:
    return f"json_extract({row}, '$[{index}]')"


def _insert_rows(sql: str) -> str:
    """A single-row ``INSERT ... VALUES (?, ...)`` as an insert of every row of a JSON
    array given as its one parameter."""
    head, _, values = sql.partition(" VALUES ")
    columns = ", ".join(_column(i) for i in range(values.count("?")))
    return f"{head} SELECT {columns} FROM json_each(?)"


# The statements of every commit: a group commit runs each one's rows from all its writes
# as one statement (:func:`storage.writes._batched`).
BULK = {
    ACTION_INSERT: Batch("actions", _insert_rows(ACTION_INSERT)),
    EVENT_INSERT: Batch("events", _insert_rows(EVENT_INSERT)),
    MOVE_INSERT: Batch("hand_moves", _insert_rows(MOVE_INSERT)),
    MOVES_DELETE: Batch(
        "hand_moves",
        f"DELETE FROM hand_moves WHERE table_id IN (SELECT {_column(0)} FROM json_each(?))",
    ),
    VERSION_UPDATE: Batch(
        "table_versions",
        f"UPDATE table_versions SET live = {_column(0, 'j.value')},"
        f" version = {_column(1, 'j.value')} FROM json_each(?) AS j"
        f" WHERE table_versions.table_id = {_column(2, 'j.value')}"
        f" AND table_versions.version = {_column(3, 'j.value')}",
        every_row=True,
    ),
    STATE_UPDATE: Batch(
        "poker_tables",
        f"UPDATE poker_tables SET state = {_column(0, 'j.value')} FROM json_each(?) AS j"
        f" WHERE poker_tables.id = {_column(1, 'j.value')}",
        every_row=True,
    ),
    HAND_INSERT: Batch("hands", _insert_rows(HAND_INSERT)),
    HAND_END: Batch(
        "hands",
        "UPDATE hands SET "
        + ", ".join(
            f"{name} = {_column(i, 'j.value')}"
            for i, name in enumerate(
                ("phh", "openings", "results", "biggest_pot", "killed_by", "ended_at", "took")
            )
        )
        + f" FROM json_each(?) AS j WHERE hands.table_id = {_column(7, 'j.value')}"
        f" AND hands.number = {_column(8, 'j.value')}",
    ),
}


def state_write(state: StateWrite | dict[str, Any] | str) -> StateWrite:
    """``state`` as what a commit stores of it: a whole state (data or JSON text) is the
    base, with no fields of the service's apart."""
    if isinstance(state, StateWrite):
        return state
    return StateWrite(state if isinstance(state, str) else jsontext.dumps(state), None)


def state_statements(
    table_id: str, version: int, state: StateWrite | dict[str, Any] | str
) -> list[tuple[str, Sequence[Any]]]:
    """The statements that store ``state`` at ``version``; the first is the versioned
    update, which must change one row."""
    state = state_write(state)
    statements: list[tuple[str, Sequence[Any]]] = [
        (VERSION_UPDATE, (state.live, version, table_id, version - 1))
    ]
    if state.base is not None:
        statements += [
            (STATE_UPDATE, (state.base, table_id)),
            (MOVES_DELETE, (table_id,)),
        ]
    statements += [(MOVE_INSERT, (table_id, seq, text)) for seq, text in state.moves]
    return statements


def table_statements(
    table_id: str,
    version: int,
    state: StateWrite | dict[str, Any] | str,
    command: dict[str, Any],
    player_id: str | None,
    request_id: str | None,
    hand_number: int | None,
    events: Sequence[EventRow],
    at: float,
) -> Statements:
    """The statements of one table's step: its state at ``version`` (the first statement,
    the versioned update, which must change one row: :func:`state_statements`), the
    command as an action row and its events."""
    statements = state_statements(table_id, version, state)
    statements.append(
        (
            ACTION_INSERT,
            (table_id, version, hand_number, player_id, jsontext.dumps(command), request_id, at),
        )
    )
    statements += [
        (EVENT_INSERT, (table_id, version, hand_number, row.audience, jsontext.dumps(row.event)))
        for row in events
    ]
    return statements


def statements_for(write: Write) -> Statements:
    """The statements one write record stands for, in order, to run in the transaction of
    the commit that carries it.

    Raises:
        TypeError: ``write`` is not a write record.
    """
    if isinstance(write, LedgerEntry):
        return [
            (
                "INSERT INTO ledger (table_id, session_id, player_id, kind, amount, note, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    write.table_id,
                    write.session_id,
                    write.player_id,
                    write.kind,
                    write.amount,
                    write.note,
                    write.at,
                ),
            )
        ]
    if isinstance(write, AuditEntry):
        return [
            (
                "INSERT INTO audit (table_id, actor_id, what, detail, at) VALUES (?, ?, ?, ?, ?)",
                (write.table_id, write.actor, write.what, jsontext.dumps(write.detail), write.at),
            )
        ]
    if isinstance(write, GameChanged):
        return [("UPDATE poker_tables SET game = ? WHERE id = ?", (write.game, write.table_id))]
    if isinstance(write, HandBegun):
        return [
            (
                HAND_INSERT,
                (
                    write.table_id,
                    write.number,
                    write.session_id,
                    write.game,
                    write.commitment,
                    jsontext.dumps(list(write.players)),
                    write.at,
                    write.tournament_id,
                ),
            )
        ]
    if isinstance(write, HandFinished):
        ended: Statements = [
            (
                HAND_END,
                (
                    write.phh,
                    jsontext.dumps(list(write.openings)),
                    jsontext.dumps(dict(write.results)),
                    write.biggest_pot,
                    write.killed_by,
                    write.at,
                    jsontext.dumps(dict(write.took)),
                    write.table_id,
                    write.number,
                ),
            )
        ]
        if write.rabbit:
            ended.append(
                (RABBIT_UPDATE, (jsontext.dumps(list(write.rabbit)), write.table_id, write.number))
            )
        return ended
    if isinstance(write, HandCredited):
        return [
            (
                "UPDATE hands SET results = ?, players = ? WHERE table_id = ? AND number = ?",
                (
                    jsontext.dumps(dict(write.results)),
                    jsontext.dumps(list(write.players)),
                    write.table_id,
                    write.number,
                ),
            )
        ]
    if isinstance(write, SessionSwitched):
        statements: Statements = []
        if write.ended is not None:
            statements.append(
                ("UPDATE sessions SET ended_at = ? WHERE id = ?", (write.at, write.ended))
            )
        return [
            *statements,
            (
                "INSERT INTO sessions (id, table_id, started_at) VALUES (?, ?, ?)",
                (write.new, write.table_id, write.at),
            ),
            ("UPDATE poker_tables SET session_id = ? WHERE id = ?", (write.new, write.table_id)),
        ]
    if isinstance(write, TableDue):
        return [(DUE_UPDATE, (write.due, write.table_id))]
    if isinstance(write, TableWrite):
        (sql, params), *rest = table_statements(
            write.table_id,
            write.version,
            write.state,
            write.command,
            None,
            None,
            write.hand_number,
            write.events,
            time.time(),
        )
        return [(ONE_ROW + sql, params), *rest]
    if isinstance(write, TournamentSaved):
        return tournament_statements(write)
    raise TypeError(f"not a write record: {type(write).__name__}")
