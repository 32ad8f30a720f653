"""A consistent copy of a live SQLite database, taken while the bot plays on it: SQLite's
online backup, which copies the database as it stood at one moment (every committed move
before it, none half-written), then the copy checked before it is kept.

PostgreSQL is backed up with its own ``pg_dump`` (the README shows how); ``killbutton db
copy`` puts either kind of copy back.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from pathlib import Path

from .errors import StorageError

# What a backup counts, to say what it holds.
COUNTED = ("poker_tables", "hands", "actions", "ledger", "tournaments")


def backup_sqlite(source: str | Path, target: str | Path) -> dict[str, int]:
    """Copy the SQLite database ``source`` to the new file ``target`` with SQLite's online
    backup (bots may go on writing to ``source`` meanwhile: the copy is the database at
    one moment), check the copy (SQLite's integrity check, and its schema version is the
    source's), and only then give it its name.

    Args:
        source: the live database file.
        target: the backup's file; it must not exist yet.
    Returns:
        Rows in the copy of each table of :data:`COUNTED`, and ``schema_version``.
    Raises:
        StorageError: ``source`` is no SQLite database, ``target`` exists or cannot be
            written, or the copy failed its check (nothing is left at ``target``).
    """
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise StorageError(f"there is no database file {source}")
    if target.exists():
        raise StorageError(f"{target} exists already: name a new file for the backup")
    partial = target.with_name(f".{target.name}.partial")
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=10)
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)  # one step: the whole database at one moment
                counts = _checked(src, dst)
            finally:
                dst.close()
        finally:
            src.close()
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise StorageError(f"the backup of {source} failed: {exc}") from exc
    except OSError as exc:
        raise StorageError(f"the backup could not be written to {target}: {exc}") from exc
    finally:
        with contextlib.suppress(OSError):
            partial.unlink()
    return counts


def _checked(src: sqlite3.Connection, dst: sqlite3.Connection) -> dict[str, int]:
    """The copy's counts, once it passes SQLite's integrity check and holds the source's
    schema version.

    Raises:
        StorageError: it does not.
    """
    (integrity,) = dst.execute("PRAGMA integrity_check").fetchone()
    if integrity != "ok":
        raise StorageError(f"the copy failed SQLite's integrity check: {integrity}")
    (theirs,) = src.execute("PRAGMA user_version").fetchone()
    (ours,) = dst.execute("PRAGMA user_version").fetchone()
    if ours != theirs:
        raise StorageError(f"the copy is at schema version {ours}, the database at {theirs}")
    tables = {row[0] for row in dst.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not ours or not set(COUNTED) <= tables:
        raise StorageError("the file is no database of this bot")
    counts = {"schema_version": int(ours)}
    for table in COUNTED:
        (rows,) = dst.execute(f"SELECT count(*) FROM {table}").fetchone()  # noqa: S608
        counts[table] = int(rows)
    return counts


async def backup(source: str | Path, target: str | Path) -> dict[str, int]:
    """:func:`backup_sqlite` off the event loop (a bot's loop goes on serving)."""
    return await asyncio.to_thread(backup_sqlite, source, target)
