"""What :class:`storage.db.Database` needs of a backend, SQLite's or PostgreSQL's: a reader,
a writer and a way to close; the SQL they are given is SQLite's dialect with ``?``
parameters (:mod:`storage.dialect` turns it for PostgreSQL)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .checkpoint import Checkpointer

# Runs one query and returns its rows as tuples (raises StorageError when it cannot).
Rows = Callable[[str, Sequence[Any]], Awaitable[list[tuple[Any, ...]]]]


class Writer(Protocol):
    """Commits writes, each all or nothing."""

    async def write(
        self,
        statements: list[tuple[str, Sequence[Any]]],
        must_change: int = -1,
        key: str | None = None,
    ) -> None:
        """Commit ``statements`` ((sql, parameters) pairs) in one transaction.

        Raises:
            storage.writes.NoRowChanged: the statement at ``must_change`` changed no row.
            StorageError, or the backend's own refusal: nothing was kept.
        """


class Backend(Protocol):
    """An open database of either kind.

    Attributes:
        shared: several bot processes may serve its tables at once.
        session_sequence: the query that numbers a new session from the database's own
            counter, or None where sessions are numbered one past the highest.
        checkpointer: SQLite's background checkpoints (None where there are none).
    """

    shared: bool
    session_sequence: str | None
    checkpointer: Checkpointer | None

    @property
    def writes(self) -> Writer:
        """Its writer."""

    async def copied(self) -> None:
        """After rows were copied in with their own numbers: counters moved past them."""

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of one query, as tuples (raises StorageError when it cannot)."""

    async def close(self) -> None:
        """Close it."""
