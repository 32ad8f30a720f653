"""Work on the database connection's own thread: the one place aiosqlite's private
interface is used (its ``_execute`` queue and the ``sqlite3`` connection behind it), so
whole transactions run as one call on that thread, with nothing else between their
statements. A new aiosqlite that changes it is met here alone."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar, cast

import aiosqlite

T = TypeVar("T")


async def on_thread(conn: aiosqlite.Connection, work: Callable[..., T], *args: Any) -> T:
    """``work(raw, *args)`` on ``conn``'s thread, ``raw`` being its ``sqlite3``
    connection; returns what ``work`` returns.

    Raises:
        Whatever ``work`` raises (``sqlite3.Error`` and the like), on the caller's side.
    """

    def call() -> T:
        raw: sqlite3.Connection = conn._conn  # noqa: SLF001 - see the module
        return work(raw, *args)

    result = await conn._execute(call)  # type: ignore[no-untyped-call]  # noqa: SLF001
    return cast(T, result)
