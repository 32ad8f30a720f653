"""Platform request ids: what was committed under one, and the claim that takes one once.

Slack and Discord deliver a request again when an answer is late; a request id is taken
once, whatever came of it, in this process and in any other sharing the database.
"""

from __future__ import annotations

import time
from typing import Any

from . import jsontext
from .backend import Rows, Writer
from .errors import StorageError
from .statements import PRUNE_EVERY_SECONDS, REQUEST_CLAIM, REQUESTS_KEPT_SECONDS, REQUESTS_PRUNE
from .writes import REFUSED, NoRowChanged, Statements


class Requests:
    """The request ids of one database.

    Args:
        rows: runs a query (the database's reader).
        writes: the database's writer.
    """

    def __init__(self, rows: Rows, writes: Writer) -> None:
        self._rows = rows
        self.writes = writes
        self._pruned_at = float("-inf")  # when claim last deleted old ids

    async def command(self, request_id: str) -> tuple[str | None, dict[str, Any]] | None:
        """What was committed under a platform request id: (the sender's player id, or None
        for the table's own steps; the command as stored, JSON parsed), or None when no
        action carries that id.

        Raises:
            StorageError: the database could not be read, or the stored command is not
                JSON.
        """
        rows = await self._rows(
            "SELECT player_id, command FROM actions WHERE request_id = ?", (request_id,)
        )
        if not rows:
            return None
        player_id, command = rows[0]
        try:
            data = jsontext.loads(command)
        except ValueError as exc:
            raise StorageError(f"the command of request {request_id!r} is unreadable") from exc
        return (None if player_id is None else str(player_id)), data

    async def seen(self, request_id: str) -> bool:
        """Whether a platform request id was claimed (:meth:`claim`) or committed
        with a command (``actions``); nothing is written.

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows(
            "SELECT 1 FROM requests_seen WHERE request_id = ? "
            "UNION ALL SELECT 1 FROM actions WHERE request_id = ? LIMIT 1",
            (request_id, request_id),
        )
        return bool(rows)

    async def claim(self, request_id: str, now: float | None = None) -> bool:
        """Record a platform request id as seen; True the first time, False for every later
        claim while it is kept (at least :data:`REQUESTS_KEPT_SECONDS`).

        The rule: a request is taken once, whatever came of it, so a signed request sent
        again unchanged (a retry, or a copy replayed) is dropped, after a restart and in
        another process too. The id is inserted unless present, in one transaction, and
        the insert's changed-row count says which; claims racing for one id get one True.
        About once a minute a claim also deletes the ids older than the window.

        Args:
            request_id: the platform's request id (e.g. ``slack:`` and the trigger id).
            now: seconds since the epoch (the clock of every process sharing the file);
                None for the time now.
        Raises:
            StorageError: the database refused the write (nothing was recorded).
        """
        at = time.time() if now is None else now
        statements: Statements = [(REQUEST_CLAIM, (request_id, at))]
        pruned = self._pruned_at
        if at - pruned >= PRUNE_EVERY_SECONDS:
            self._pruned_at = at
            statements.append((REQUESTS_PRUNE, (at - REQUESTS_KEPT_SECONDS,)))
        try:
            await self.writes.write(statements, must_change=0)
        except NoRowChanged:
            # the id was there: the write, the delete with it, was rolled back
            self._pruned_at = pruned
            return False
        except StorageError:
            self._pruned_at = pruned
            raise
        except REFUSED as exc:
            self._pruned_at = pruned
            raise StorageError(f"the database refused the change: {exc}") from exc
        return True
