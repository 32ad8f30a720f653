"""What :class:`storage.db.Database` needs of a backend, SQLite's or PostgreSQL's: a reader,
a writer and a way to close; the SQL they are given is SQLite's dialect with ``?``
parameters (:mod:`storage.dialect` turns it for PostgreSQL)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

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
    """An open database of either kind."""

    @property
    def writes(self) -> Writer:
        """Its writer."""

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of one query, as tuples (raises StorageError when it cannot)."""

    async def close(self) -> None:
        """Close it."""
