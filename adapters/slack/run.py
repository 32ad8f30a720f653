"""``killbutton run slack``: the bot in HTTP mode (Slack posts to ``/slack/events``, every
request signed, its signature and shape checked before Bolt sees it: :mod:`.gate`) or in
Socket Mode (the bot dials out; no public address needed).

Environment: ``SLACK_BOT_TOKEN`` always; with ``SLACK_APP_TOKEN`` Socket Mode, else with
``SLACK_SIGNING_SECRET`` HTTP mode on ``--host``/``--port``. ``SLACK_API_URL`` points the
Web API client at another base URL (a test server).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys

from aiohttp import web
from slack_sdk.web.async_client import AsyncWebClient

from adapters.runtime import MissingConfig, require_env, start
from storage.db import StorageError

from .app import SlackBot
from .transport import SlackTransport

log = logging.getLogger(__name__)

PATH = "/slack/events"
TOKEN_HELP = "the bot token (xoxb-…) from your Slack app's OAuth & Permissions page"
MODE_HELP = (
    "set SLACK_SIGNING_SECRET (Basic Information > Signing Secret) for HTTP mode, or "
    "SLACK_APP_TOKEN (an xapp-… token with connections:write) for Socket Mode"
)


def _client(token: str) -> AsyncWebClient:
    base = os.environ.get("SLACK_API_URL", "").strip()
    if not base:
        return AsyncWebClient(token=token)
    return AsyncWebClient(token=token, base_url=base.rstrip("/") + "/")


async def _serve(db_path: str | None, host: str, port: int, env: dict[str, str]) -> int:
    client = _client(env["SLACK_BOT_TOKEN"])
    transport = SlackTransport(client)
    runtime = await start(transport, db_path)
    app_token = env.get("SLACK_APP_TOKEN")
    bot = SlackBot(
        runtime.core, transport, client, None if app_token else env["SLACK_SIGNING_SECRET"]
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        if app_token:
            from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

            handler = AsyncSocketModeHandler(bot.app, app_token)
            await handler.connect_async()
            print("killbutton: connected to Slack in Socket Mode", flush=True)
            await stop.wait()
            await handler.close_async()
        else:
            runner = web.AppRunner(bot.web_app(PATH))
            await runner.setup()
            try:
                await web.TCPSite(runner, host, port).start()
                print(f"killbutton: listening on http://{host}:{port}{PATH}", flush=True)
                await stop.wait()
            finally:
                await runner.cleanup()
        await bot.settle()
    finally:
        await runtime.close()
    return 0


def run_slack(db_path: str | None, host: str, port: int) -> int:
    """Run the Slack bot until SIGINT or SIGTERM; returns the exit status.

    Raises:
        MissingConfig: no bot token, or neither a signing secret nor an app token.
    """
    env = require_env(["SLACK_BOT_TOKEN"], TOKEN_HELP)
    for name in ("SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET"):
        if os.environ.get(name, "").strip():
            env[name] = os.environ[name].strip()
    if "SLACK_APP_TOKEN" not in env and "SLACK_SIGNING_SECRET" not in env:
        raise MissingConfig(f"SLACK_SIGNING_SECRET and SLACK_APP_TOKEN not set: {MODE_HELP}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        return asyncio.run(_serve(db_path, host, port, env))
    except (StorageError, OSError) as exc:
        print(f"killbutton run slack: {exc}", file=sys.stderr)
        return 2
