"""``killbutton run slack``: the bot in HTTP mode (Slack posts to ``/slack/events``, every
request signed, its signature and shape checked before Bolt sees it: :mod:`.gate`) or in
Socket Mode (the bot dials out; no public address needed).

Environment: ``SLACK_BOT_TOKEN`` always; with ``SLACK_APP_TOKEN`` Socket Mode, else with
``SLACK_SIGNING_SECRET`` HTTP mode on ``--host``/``--port``. ``SLACK_API_URL`` points the
Web API client at another base URL (a test server).

Start: before the database is opened or anything served, Slack is asked whether the tokens
work: ``auth.test`` with the bot token (which must be a bot's), and in Socket Mode
``apps.connections.open`` with the app token. A refusal, or a Slack that cannot be reached,
ends the start with exit status 2 and one line naming the token (:class:`StartupFailed`).

Stop: SIGINT (Ctrl-C) or SIGTERM at any moment ends the process with status 0. During the
start, the Web API calls under way are dropped at once and nothing more starts. While
serving, no new request is taken and the work under way has ``GRACE`` seconds to finish;
then the Web API calls still under way are dropped, each logged in one line (a second
signal drops them at once). The database is closed last, whatever happened.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from dataclasses import dataclass

from aiohttp import web

from adapters.runtime import MissingConfig, require_env, start
from bot.process import logsetup
from bot.service.tables import TableService
from storage import StorageError

from .app import SlackBot
from .client import StoppableClient, Stopping, web_client
from .transport import FAILURES, SlackTransport, failure, refusal

log = logging.getLogger(__name__)

PATH = "/slack/events"
TOKEN_HELP = "the bot token (xoxb-…) from your Slack app's OAuth & Permissions page"
APP_TOKEN_HELP = (
    "an app-level token (xapp-…) with the connections:write scope, from your Slack app's "
    "Basic Information > App-Level Tokens"
)
MODE_HELP = (
    "set SLACK_SIGNING_SECRET (Basic Information > Signing Secret) for HTTP mode, or "
    "SLACK_APP_TOKEN (an xapp-… token with connections:write) for Socket Mode"
)
SIGNALS = (signal.SIGINT, signal.SIGTERM)
GRACE = 3.0  # seconds the work under way may take to finish once the bot is told to stop
LAST = 2.0  # seconds more once the Web API calls are dropped; what is left is cancelled


class StartupFailed(MissingConfig):
    """Slack refused a token at start-up, or could not be reached to check it; the message
    (one line) names the token and Slack's error code or the network's error."""


@dataclass(frozen=True)
class Identity:
    """Who the bot token says the bot is (``auth.test``): its workspace and ids."""

    team: str
    team_id: str
    user_id: str
    bot_id: str


def _refused(name: str, help_text: str, exc: BaseException) -> StartupFailed:
    code = refusal(exc)
    if code is not None:
        return StartupFailed(f"Slack refused {name} ({code}): {help_text}")
    return StartupFailed(
        f"cannot reach Slack to check {name} ({failure(exc)}): check the network "
        "(and SLACK_API_URL if set), then start again"
    )


async def check_tokens(client: StoppableClient, app_token: str | None) -> Identity:
    """Ask Slack whether the tokens work, before anything is served: ``auth.test`` with the
    bot token (``client``'s), then with ``app_token`` (Socket Mode) ``apps.connections.open``;
    the URL that one gives is not used (the Socket Mode client asks for its own).

    Returns:
        Who the bot is.
    Raises:
        StartupFailed: a token refused (named, with Slack's error code), a bot token that
            is not a bot's, or Slack not reachable.
        Stopping: the bot was told to stop meanwhile.
    """
    try:
        who = await client.auth_test()
    except Stopping:
        raise
    except FAILURES as exc:
        raise _refused("SLACK_BOT_TOKEN", TOKEN_HELP, exc) from None
    if not who.get("bot_id"):
        raise StartupFailed(
            f"SLACK_BOT_TOKEN is not a bot token (auth.test names no bot): {TOKEN_HELP}"
        )
    if app_token is not None:
        try:
            await client.apps_connections_open(app_token=app_token)
        except Stopping:
            raise
        except FAILURES as exc:
            raise _refused("SLACK_APP_TOKEN", APP_TOKEN_HELP, exc) from None
    return Identity(
        str(who.get("team") or ""),
        str(who.get("team_id") or ""),
        str(who.get("user_id") or ""),
        str(who["bot_id"]),
    )


class StopSignal:
    """SIGINT and SIGTERM for one run: the first sets :attr:`event`. While the bot starts
    it also drops the Web API calls under way at once; once :attr:`patient` (serving, or
    connecting in Socket Mode, an attempt the stop cancels instead of failing it inside
    the SDK), only a second signal does.

    Args:
        client: the bot's Web API client.
    """

    def __init__(self, client: StoppableClient) -> None:
        self.client = client
        self.event = asyncio.Event()
        self.patient = False

    def __call__(self) -> None:
        if self.event.is_set() or not self.patient:
            self.client.stop()
        self.event.set()

    @property
    def requested(self) -> bool:
        """Whether the bot was told to stop."""
        return self.event.is_set()


async def _http(bot: SlackBot, host: str, port: int, stop: StopSignal) -> None:
    """Serve ``POST PATH`` until told to stop; then take no new request and give those
    under way ``GRACE`` seconds."""
    runner = web.AppRunner(bot.web_app(PATH), shutdown_timeout=GRACE)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
        stop.patient = True
        print(f"killbutton: listening on http://{host}:{port}{PATH}", flush=True)
        await stop.event.wait()
    finally:
        await runner.cleanup()


async def _socket_mode(bot: SlackBot, app_token: str, stop: StopSignal) -> None:
    """Hold a Socket Mode connection until told to stop, then close it. A stop while it is
    still connecting ends the attempt."""
    from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

    handler = AsyncSocketModeHandler(bot.app, app_token)
    stop.patient = True
    try:
        connecting = asyncio.ensure_future(handler.connect_async())  # type: ignore[no-untyped-call]
        stopped = asyncio.ensure_future(stop.event.wait())
        try:
            await asyncio.wait({connecting, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
        if not connecting.done():
            connecting.cancel()
            await asyncio.gather(connecting, return_exceptions=True)
            return
        connecting.result()
        print("killbutton: connected to Slack in Socket Mode", flush=True)
        await stop.event.wait()
    finally:
        await handler.close_async()  # type: ignore[no-untyped-call]


async def finish(bot: SlackBot, service: TableService, client: StoppableClient) -> None:
    """Let the requests, edits and deliveries under way finish: ``GRACE`` seconds, then the
    Web API calls still under way are dropped and ``LAST`` seconds more, then whatever is
    left of the bot's own work is cancelled, and if even that hangs (another client's
    call: a ``response_url``), every other task of the loop, so that the database is
    always closed and the process ends. Raises nothing."""

    async def quiet() -> None:
        await bot.settle()
        await service.idle()
        await bot.settle()

    work = asyncio.ensure_future(quiet())
    done, _ = await asyncio.wait({work}, timeout=GRACE)
    if not done:
        log.warning("stopping: Slack calls still under way after %.0f s are dropped", GRACE)
        client.stop()
        done, _ = await asyncio.wait({work}, timeout=LAST)
    if not done:
        log.warning("stopping: the requests still under way are cancelled")
        for task in (*bot.tasks, *bot.transport.coalescer.tasks.values()):
            task.cancel()
        work.cancel()
        done, _ = await asyncio.wait({work}, timeout=LAST)
    if not done:
        log.warning("stopping: the work still under way is cancelled")
        this = asyncio.current_task()
        for task in asyncio.all_tasks():
            if task is not this:
                task.cancel()
        await asyncio.wait({work}, timeout=LAST)
    if work.done() and not work.cancelled() and work.exception() is not None:
        log.error("stopping: %s", failure(work.exception()))  # type: ignore[arg-type]


async def _serve(
    db_path: str | None,
    host: str,
    port: int,
    env: dict[str, str],
    metrics_port: int | None = None,
    log_json: bool = False,
) -> int:
    client = web_client(env["SLACK_BOT_TOKEN"])
    app_token = env.get("SLACK_APP_TOKEN")
    stop = StopSignal(client)
    loop = asyncio.get_running_loop()
    for signum in SIGNALS:
        loop.add_signal_handler(signum, stop)
    try:
        try:
            identity = await check_tokens(client, app_token)
        except Stopping:
            return 0
        if stop.requested:
            return 0
        # from here on the process logs; a failed check above said it all in one line
        logsetup.configure(json_lines=log_json)
        log.info(
            "Slack knows the bot as %s (bot %s) in %s (%s)",
            identity.user_id,
            identity.bot_id,
            identity.team,
            identity.team_id,
        )
        transport = SlackTransport(client)
        runtime = await start(transport, db_path, metrics_port=metrics_port)
        try:
            secret = None if app_token else env["SLACK_SIGNING_SECRET"]
            bot = SlackBot(runtime.core, transport, client, secret)
            if not stop.requested:
                if app_token:
                    await _socket_mode(bot, app_token, stop)
                else:
                    await _http(bot, host, port, stop)
            await finish(bot, runtime.service, client)
        finally:
            await runtime.close()
    finally:
        for signum in SIGNALS:
            loop.remove_signal_handler(signum)
        # the loop's last moments: the bot is stopping anyway, another SIGTERM changes nothing
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    return 0


class _StoppedEarly(Exception):  # noqa: N818 - a stop, not an error
    """SIGTERM before the event loop took the signals over."""


def _stop_early(signum: int, frame: object) -> None:
    raise _StoppedEarly()


def run_slack(
    db_path: str | None,
    host: str,
    port: int,
    metrics_port: int | None = None,
    log_json: bool = False,
) -> int:
    """Run the Slack bot until SIGINT or SIGTERM; returns the exit status (0 when stopped,
    2 when the database cannot be opened or the HTTP port, or the metrics' port, cannot be
    bound). ``metrics_port``: where to serve the health check and metrics; ``log_json``:
    every log line as a JSON object (:mod:`bot.process.logsetup`).

    Raises:
        MissingConfig: no bot token, or neither a signing secret nor an app token.
        StartupFailed: Slack refused a token, or could not be reached to check it.
    """
    env = require_env(["SLACK_BOT_TOKEN"], TOKEN_HELP)
    for name in ("SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET"):
        if os.environ.get(name, "").strip():
            env[name] = os.environ[name].strip()
    if "SLACK_APP_TOKEN" not in env and "SLACK_SIGNING_SECRET" not in env:
        raise MissingConfig(f"SLACK_SIGNING_SECRET and SLACK_APP_TOKEN not set: {MODE_HELP}")
    previous = signal.signal(signal.SIGTERM, _stop_early)
    try:
        return asyncio.run(_serve(db_path, host, port, env, metrics_port, log_json))
    except (KeyboardInterrupt, _StoppedEarly):
        return 0  # Ctrl-C or SIGTERM outside the loop's own handling: a stop all the same
    except (StorageError, OSError) as exc:
        print(f"killbutton run slack: {exc}", file=sys.stderr)
        return 2
    finally:
        signal.signal(signal.SIGTERM, previous)
