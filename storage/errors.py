"""What storage raises, by kind, so callers never read an error's text to tell them apart."""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database refused or failed (full disk, locked, corrupt row), in words; nothing
    of the write that raised it was kept."""


class ChangedElsewhere(StorageError):
    """A commit found the table at another version than the one it was built on: another
    process (or a write racing this one) moved the table on first. Nothing was written;
    reload the table and try again."""


class CommitUnknown(StorageError):
    """The connection to the database was lost while a change committed, and the database
    could not be asked afterwards whether it did: the change may or may not be saved.
    Read the table again before acting on it."""


class Unstorable(StorageError):
    """A value the database cannot hold (PostgreSQL keeps no NUL character in text): the
    write, or the read looking for it, was not sent."""


class StorageFull(StorageError):
    """The database has no room to write (SQLite's file cannot grow: the disk is full;
    PostgreSQL's disk is full): nothing of the write was kept, and the same write
    succeeds once there is room again."""
