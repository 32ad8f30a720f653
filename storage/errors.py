"""What storage raises, by kind, so callers never read an error's text to tell them apart."""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database refused or failed (full disk, locked, corrupt row), in words; nothing
    of the write that raised it was kept."""


class ChangedElsewhere(StorageError):
    """A commit found the table at another version than the one it was built on: another
    process (or a write racing this one) moved the table on first. Nothing was written;
    reload the table and try again."""
