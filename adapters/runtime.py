"""What every chat bot process does around its platform: open the database, restore the
tables, wire the presenter and run the turn timers; and read its tokens from the
environment, with a clear message when one is missing."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from dataclasses import dataclass

from bot.chat import ChatCore
from bot.presenter import Presenter, Transport
from bot.service import TableService
from storage.db import Database


class MissingConfig(Exception):  # noqa: N818 - what the user sees
    """A token or setting the bot cannot start without; the message says which and where
    to get it."""


def require_env(names: Sequence[str], why: str) -> dict[str, str]:
    """The environment variables ``names``, all set and non-empty.

    Raises:
        MissingConfig: naming every missing variable and ``why`` it is needed.
    """
    missing = [n for n in names if not os.environ.get(n, "").strip()]
    if missing:
        raise MissingConfig(f"{' and '.join(missing)} not set: {why}")
    return {n: os.environ[n].strip() for n in names}


@dataclass
class Runtime:
    """A running bot's pieces: the service, the presenter and the command router."""

    service: TableService
    presenter: Presenter
    core: ChatCore
    timers: asyncio.Task[None] | None = None

    async def close(self) -> None:
        """Stop the timers and close the database."""
        if self.timers is not None:
            self.timers.cancel()
        await self.service.db.close()


async def start(transport: Transport, db_path: str | None, timers: bool = True) -> Runtime:
    """Open the database (``db_path``, else ``$KILLBUTTON_DB``, else ``killbutton.db``),
    restore every table with its hand in progress, and start the turn timers.

    Raises:
        StorageError: the database cannot be opened.
    """
    db = await Database.open(db_path)
    service = TableService(db)  # the OS CSPRNG shuffles in play
    presenter = Presenter(service, transport)
    service.publish = presenter.publish
    await service.restore()
    runtime = Runtime(service, presenter, ChatCore(service, presenter))
    if timers:
        runtime.timers = asyncio.get_running_loop().create_task(service.run_timers())
    return runtime
