"""What whoever runs a big bot watches: a health check and Prometheus metrics on a port of
their own (``killbutton run ... --metrics-port N``), from the ``prometheus-client``
library.

``GET /healthz`` answers 200 ``ok`` while the bot's event loop keeps its metrics fresh
(it last did within :data:`STALE_SECONDS`), else 503; any other path is the metrics in
Prometheus's text format. The HTTP server runs on a thread of its own and reads only
figures the event loop wrote, never the tables themselves.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, make_wsgi_app

log = logging.getLogger(__name__)

# Seconds without the event loop refreshing the metrics before the health check fails.
STALE_SECONDS = 15.0
REFRESH_SECONDS = 1.0
# an answer's time, from a chat's request to its reply: most are milliseconds
ANSWER_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


@dataclass
class Figures:
    """What the event loop reads of the bot for the metrics, each call cheap and on the
    loop: tables in memory, the timers due (turn timers running, deals owed), the
    platform's refusals so far and the database retries so far (whole numbers)."""

    tables: Callable[[], int]
    timers: Callable[[], int]
    refusals: Callable[[], int]
    retries: Callable[[], int]


@dataclass
class Metrics:
    """The bot's metrics in a registry of their own.

    Attributes:
        registry: what the HTTP server exposes.
        refreshed_at: when the event loop last refreshed the figures (``time.monotonic``).
    """

    registry: CollectorRegistry = field(default_factory=CollectorRegistry)
    refreshed_at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.answers = Counter(
            "killbutton_answers",
            "Requests answered (moves and every other command), by outcome",
            ["outcome"],
            registry=self.registry,
        )
        self.answer_seconds = Histogram(
            "killbutton_answer_seconds",
            "Seconds from a request reaching the chat core to its answer",
            buckets=ANSWER_BUCKETS,
            registry=self.registry,
        )
        self.tables = Gauge(
            "killbutton_tables_in_memory", "Tables this process holds", registry=self.registry
        )
        self.timers = Gauge(
            "killbutton_timers_due",
            "Tables with a turn timer running or a deal owed in this process",
            registry=self.registry,
        )
        self.refusals = Gauge(
            "killbutton_platform_refusals",
            "Deliveries the chat platform refused or failed since start",
            registry=self.registry,
        )
        self.retries = Gauge(
            "killbutton_database_retries",
            "Commands decided again since start because another process moved the table on",
            registry=self.registry,
        )

    def observe(self, seconds: float, ok: bool) -> None:
        """Count one answer of ``seconds`` (refused when not ``ok``): the chat core's
        hook."""
        self.answers.labels("ok" if ok else "refused").inc()
        self.answer_seconds.observe(seconds)

    def refresh(self, figures: Figures) -> None:
        """Read the figures (on the event loop) into the gauges."""
        self.tables.set(figures.tables())
        self.timers.set(figures.timers())
        self.refusals.set(figures.refusals())
        self.retries.set(figures.retries())
        self.refreshed_at = time.monotonic()

    def healthy(self) -> bool:
        """Whether the event loop refreshed the figures lately."""
        return time.monotonic() - self.refreshed_at < STALE_SECONDS

    def app(self) -> Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]:
        """The WSGI application: ``/healthz``, else the metrics."""
        metrics = make_wsgi_app(self.registry)

        def app(environ: dict[str, Any], respond: Callable[..., Any]) -> Iterable[bytes]:
            if environ.get("PATH_INFO") == "/healthz":
                ok = self.healthy()
                respond(
                    "200 OK" if ok else "503 Service Unavailable", [("Content-Type", "text/plain")]
                )
                return [b"ok\n" if ok else b"stalled\n"]
            return metrics(environ, respond)  # type: ignore[no-any-return]

        return app


class _Quiet(WSGIRequestHandler):
    """A request handler that does not log every scrape."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        return


class _Threaded(ThreadingMixIn, WSGIServer):
    """One thread a request, so a slow scraper holds up no other."""

    daemon_threads = True


def serve(metrics: Metrics, port: int, host: str = "0.0.0.0") -> WSGIServer:
    """Serve ``metrics`` on ``host``:``port`` from a daemon thread; the server (its
    ``shutdown()`` stops it, ``server_port`` is the port bound, ``port`` 0 picks one).

    Raises:
        OSError: the port cannot be bound.
    """
    server = make_server(host, port, metrics.app(), server_class=_Threaded, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    log.info("metrics on http://%s:%d/metrics, health at /healthz", host, server.server_port)
    return server


async def keep_fresh(metrics: Metrics, figures: Figures, every: float = REFRESH_SECONDS) -> None:
    """Refresh the figures forever (a background task of the bot)."""
    while True:
        metrics.refresh(figures)
        await asyncio.sleep(every)
