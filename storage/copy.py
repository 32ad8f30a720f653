"""A whole database copied to another, of either backend, and the copy checked: how a host
who outgrows one machine's SQLite file moves to PostgreSQL and loses nothing (every table,
hand in progress, ledger, hand history and shuffle proof).

The rows go in one transaction, all or nothing, parents before children. Rows numbered by
the database itself (actions, events, ledger lines, audit lines) are inserted in their
order and numbered afresh by the target, since nothing refers to those numbers and a
number given by hand would leave PostgreSQL's own counter behind it; every other column is
copied as it is. The check reads both databases back, table by table in the same order,
and compares every row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import StorageError

if TYPE_CHECKING:
    from .db import Database


@dataclass(frozen=True)
class Copied:
    """How one table of the schema is copied: its name, the columns copied, the order
    rows are read in, and whether the target numbers the rows itself (an ``id`` left
    out)."""

    name: str
    columns: tuple[str, ...]
    order: str
    numbered: bool = False


# Every table of the schema, parents before children (a test holds this to the schema).
TABLES: tuple[Copied, ...] = (
    Copied("servers", ("id", "platform", "name"), "id"),
    Copied("players", ("id", "platform", "display_name"), "id"),
    Copied(
        "tournaments",
        (
            "id",
            "server_id",
            "channel",
            "host_id",
            "status",
            "state",
            "currency",
            "version",
            "created_at",
            "ended_at",
        ),
        "id",
    ),
    Copied(
        "poker_tables",
        (
            "id",
            "server_id",
            "channel",
            "host_id",
            "game",
            "kill_game",
            "settings",
            "state",
            "session_id",
            "created_at",
            "tournament_id",
        ),
        "id",
    ),
    Copied("sessions", ("id", "table_id", "started_at", "ended_at"), "id"),
    Copied("table_versions", ("table_id", "version", "live", "due"), "table_id"),
    Copied(
        "hands",
        (
            "table_id",
            "number",
            "session_id",
            "game",
            "commitment",
            "openings",
            "phh",
            "players",
            "results",
            "biggest_pot",
            "killed_by",
            "started_at",
            "ended_at",
            "rabbit",
            "took",
            "tournament_id",
        ),
        "table_id, number",
    ),
    Copied("hand_moves", ("table_id", "seq", "record"), "table_id, seq"),
    Copied(
        "actions",
        ("table_id", "version", "hand_number", "player_id", "command", "request_id", "at"),
        "id",
        numbered=True,
    ),
    Copied(
        "events", ("table_id", "version", "hand_number", "audience", "event"), "id", numbered=True
    ),
    Copied(
        "ledger",
        ("table_id", "session_id", "player_id", "kind", "amount", "note", "at"),
        "id",
        numbered=True,
    ),
    Copied("audit", ("table_id", "actor_id", "what", "detail", "at"), "id", numbered=True),
    Copied("requests_seen", ("request_id", "at"), "request_id"),
    Copied("table_messages", ("table_id", "hand", "ref"), "table_id"),
    Copied(
        "tournament_money",
        ("tournament_id", "player_id", "entry", "kind", "amount", "at"),
        "id",
        numbered=True,
    ),
    Copied(
        "league_seasons",
        ("server_id", "number", "points", "closed", "started_at", "ended_at"),
        "server_id, number",
    ),
    Copied(
        "league_results",
        (
            "server_id",
            "season",
            "tournament_id",
            "player_id",
            "place",
            "tied",
            "entries",
            "prize",
            "points",
            "at",
        ),
        "server_id, season, tournament_id, player_id",
    ),
)


async def _read(db: Database, table: Copied) -> list[tuple[Any, ...]]:
    columns = ", ".join(table.columns)
    return await db._rows(f"SELECT {columns} FROM {table.name} ORDER BY {table.order}")


async def copy_database(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of ``source`` into ``target`` (an empty database, migrated), then
    check the copy row by row.

    Stop the bots using ``source`` first: the rows are read table by table, so a move
    committed meanwhile could be half in the copy (the check would then find it).

    Args:
        source: the database copied (either backend).
        target: the database written: it must hold no table yet.
    Returns:
        Table name -> rows copied, for every table of the schema.
    Raises:
        StorageError: ``target`` already holds tables; a database refused (nothing of the
            copy kept in ``target``); or the check found a row that differs.
    """
    held = int((await target._rows("SELECT count(*) FROM poker_tables"))[0][0])
    if held:
        tables = "1 table" if held == 1 else f"{held} tables"
        raise StorageError(
            f"{target.path} is not empty (it holds {tables}): copy into an empty database"
        )
    statements: list[tuple[str, Sequence[Any]]] = []
    counts: dict[str, int] = {}
    for table in TABLES:
        rows = await _read(source, table)
        counts[table.name] = len(rows)
        marks = ", ".join("?" * len(table.columns))
        sql = f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES ({marks})"
        statements += [(sql, row) for row in rows]
    await target._write(statements)
    await target.backend.copied()  # PostgreSQL's counters past the numbers copied in
    for table in TABLES:
        theirs, ours = await _read(source, table), await _read(target, table)
        if theirs != ours:
            differ = next(
                (i for i, (a, b) in enumerate(zip(theirs, ours, strict=False)) if a != b),
                min(len(theirs), len(ours)),
            )
            raise StorageError(
                f"the copy differs from {source.path} in {table.name}, row {differ + 1}"
                f" ({len(theirs)} rows there, {len(ours)} here)"
            )
    return counts
