"""What every chat bot process does around its platform: open the database, restore the
tables, wire the presenter, run the turn timers and keep the garbage collector's pauses
short (:mod:`bot.process.gcpolicy`); and read its tokens from the
environment, with a clear message when one is missing."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from dataclasses import dataclass
from wsgiref.simple_server import WSGIServer

from bot.chat.core import ChatCore
from bot.chat.presenter import Presenter, Transport
from bot.process import gcpolicy, gilshare, metrics
from bot.service.tables import TableService
from storage import Database


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
    collector: asyncio.Task[None] | None = None
    metrics: asyncio.Task[None] | None = None
    metrics_server: WSGIServer | None = None

    async def close(self) -> None:
        """Stop the timers, the collector's and the metrics' tasks and the metrics'
        server, and close the database."""
        for task in (self.timers, self.collector, self.metrics):
            if task is not None:
                task.cancel()
        if self.metrics_server is not None:
            await asyncio.to_thread(self.metrics_server.shutdown)
            self.metrics_server.server_close()
        await self.service.idle()
        await self.service.db.close()


async def keep_table_messages(transport: Transport, db: Database) -> None:
    """Give a transport that keeps its table messages (``recall`` and ``remember``) the
    ones stored, and the database to store new ones in: a restarted bot edits each hand's
    message where it is instead of posting the hand again.

    Raises:
        StorageError: the stored messages cannot be read.
    """
    recall = getattr(transport, "recall", None)
    if recall is None:
        return
    recall(await db.table_messages())
    transport.remember = db.save_table_message  # type: ignore[attr-defined]


async def start(
    transport: Transport,
    db_path: str | None,
    timers: bool = True,
    metrics_port: int | None = None,
) -> Runtime:
    """Open the database (``db_path``, else ``$KILLBUTTON_DB``, else ``killbutton.db``),
    restore the tables that need it with their hands in progress, start the turn timers,
    and move what was restored out of the garbage collector's reach
    (:mod:`bot.process.gcpolicy`), and shorten the interpreter's switch interval for the
    database thread (:mod:`bot.process.gilshare`). With ``metrics_port``, serve the health
    check and the metrics there (:mod:`bot.process.metrics`; 0 picks a free port).

    Raises:
        StorageError: the database cannot be opened.
        OSError: the metrics' port cannot be bound.
    """
    db = await Database.open(db_path)
    service = TableService(db)  # the OS CSPRNG shuffles in play
    presenter = Presenter(service, transport)
    service.publish = presenter.publish
    await service.restore()
    await keep_table_messages(transport, db)
    runtime = Runtime(service, presenter, ChatCore(service, presenter))
    loop = asyncio.get_running_loop()
    if timers:
        runtime.timers = loop.create_task(service.run_timers())
    gcpolicy.settle()
    gilshare.share_with_database_thread()
    runtime.collector = loop.create_task(gcpolicy.keep_settled())
    if metrics_port is not None:
        watch_metrics(runtime, metrics_port)
    return runtime


def watch_metrics(runtime: Runtime, port: int) -> None:
    """Serve ``runtime``'s health check and metrics on ``port`` and keep them fresh.

    Raises:
        OSError: the port cannot be bound.
    """
    service, presenter = runtime.service, runtime.presenter
    figures = metrics.Figures(
        tables=lambda: len(service.tables),
        timers=service.timers_running,
        refusals=lambda: presenter.failed,
        retries=lambda: service.retries,
    )
    watched = metrics.Metrics()
    watched.refresh(figures)
    runtime.metrics_server = metrics.serve(watched, port)
    runtime.core.observe = watched.observe
    runtime.metrics = asyncio.get_running_loop().create_task(metrics.keep_fresh(watched, figures))
