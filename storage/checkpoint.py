"""Copying the write-ahead log back into the database file off the hot path.

SQLite's automatic checkpoint runs inside whichever commit fills the log to 1,000 pages, so
one action in a few hundred waited 10 to 40 ms for it (the copy and the database file's
fsync). :class:`Checkpointer` turns that off on the writing connection and checkpoints from
a second connection on a thread of its own instead, which never holds up a commit.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading

# PASSIVE never waits for the writer, so under unbroken writing it may never find the log
# wholly copied, and the log is only started over from its beginning when it is. Past this
# size a TRUNCATE checkpoint makes the writer wait once for the last few frames (the passive
# ones copied the rest) and empties the file, so the log stays bounded.
WAL_LIMIT_BYTES = 64 * 1024 * 1024
PASSES = 4  # back-to-back passive passes: each copies what the writer added meanwhile


class Checkpointer:
    """A daemon thread that checkpoints a WAL database every ``every`` seconds.

    Args:
        path: the database file (in WAL mode; its writing connection should run
            ``PRAGMA wal_autocheckpoint=0``).
        every: seconds between checkpoints.
        busy_timeout_ms: how long a TRUNCATE checkpoint may wait on the writer.
        wal_limit_bytes: the log size past which a TRUNCATE checkpoint is run.
    Errors of a checkpoint are kept in :attr:`last_error` (a later one may succeed); SQLite
    still checkpoints when the last connection closes.
    """

    def __init__(
        self,
        path: str,
        every: float = 1.0,
        busy_timeout_ms: int = 5000,
        wal_limit_bytes: int = WAL_LIMIT_BYTES,
    ) -> None:
        self.path = path
        self.every = every
        self.busy_timeout_ms = busy_timeout_ms
        self.wal_limit_bytes = wal_limit_bytes
        self.runs = 0
        self.truncations = 0
        self.last_error: str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="wal-checkpoint", daemon=True)

    def start(self) -> None:
        """Start the thread."""
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread and wait for it (at most one checkpoint's time)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _loop(self) -> None:
        conn: sqlite3.Connection | None = None
        try:
            while not self._stop.wait(self.every):
                if conn is None:
                    try:  # the writer no longer checkpoints: keep trying rather than stop
                        conn = sqlite3.connect(self.path, isolation_level=None)
                        conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
                    except sqlite3.Error as exc:
                        self.last_error, conn = str(exc), None
                        continue
                self.checkpoint(conn)
        finally:
            if conn is not None:
                conn.close()

    def checkpoint(self, conn: sqlite3.Connection) -> None:
        """One round on ``conn``: passive passes until the log is wholly copied (or
        :data:`PASSES`), then a TRUNCATE checkpoint if the log file is past the limit."""
        try:
            for _ in range(PASSES):
                _, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                if copied >= frames:
                    break
            self.runs += 1
            if self._wal_size() > self.wal_limit_bytes:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                self.truncations += 1
        except sqlite3.Error as exc:
            self.last_error = str(exc)

    def _wal_size(self) -> int:
        with contextlib.suppress(OSError):
            return os.path.getsize(self.path + "-wal")
        return 0
