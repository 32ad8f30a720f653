"""``killbutton run slack`` as a real process: HTTP mode against the mock Web API on
loopback, signed slash commands to its port; Socket Mode over the mock's websocket; each
token checked with Slack before anything is served; a clean stop on SIGTERM or Ctrl-C at
any moment; and a clear error without tokens or with a refused one."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from pathlib import Path
from urllib.parse import parse_qsl

import aiohttp
import pytest
from live_bot import (
    APP_TOKEN,
    BOT_TOKEN,
    WAIT,
    Bot,
    command,
    env,
    free_port,
    start_bot,
    until,
)
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_mock import SECRET, Harness, MockSlack, signed_headers, slash_body

from adapters.slack import run as slack_run


async def test_run_slack_serves_signed_slash_commands_over_http(tmp_path: Path) -> None:
    """The process listens on --port, answers signed /poker requests, and its replies and
    table messages reach the Web API at SLACK_API_URL; SIGTERM stops it with status 0."""
    mock = MockSlack()
    url = await mock.start()
    port = free_port()
    settings = env(SLACK_BOT_TOKEN="xoxb-test", SLACK_SIGNING_SECRET=SECRET, SLACK_API_URL=url)
    args = ["run", "slack", "--host", "127.0.0.1", "--port", str(port)]
    process = await asyncio.create_subprocess_exec(
        *command(),
        *args,
        "--db",
        str(tmp_path / "k.db"),
        env=settings,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        ready = await asyncio.wait_for(process.stdout.readline(), WAIT)
        assert f"listening on http://127.0.0.1:{port}/slack/events" in ready.decode()
        events = f"http://127.0.0.1:{port}/slack/events"
        async with aiohttp.ClientSession() as session:
            for n, (user, text) in enumerate(
                [("UANN", "new holdem nl 1/2"), ("UANN", "sit 200"), ("UBOB", "sit 200")]
            ):
                body = slash_body(user, text, f"trig-{n}", mock.root + "response/1")
                async with session.post(events, data=body, headers=signed_headers(body)) as r:
                    assert r.status == 200
            body = slash_body("UANN", "start", "trig-9", mock.root + "response/1")
            bad = signed_headers(body, secret="wrong")
            async with session.post(events, data=body, headers=bad) as r:
                assert r.status == 401
        await until(lambda: len(mock.of("chat.postEphemeral")) >= 1, "the reply")
        await until(lambda: len(mock.of("chat.update")) >= 1, "the table's edit")
        reply = mock.of("chat.postEphemeral")[0]
        assert reply["user"] == "UANN" and reply["text"].startswith("Table open (T1/C1)")
        tables = [b for b in mock.of("chat.postMessage") if b.get("blocks")]
        assert len(tables) == 1 and tables[0]["channel"] == "C1"
        await until(lambda: len(mock.of("chat.postMessage")) >= 3, "the sit lines")
        lines = [b.get("text", "") for b in mock.of("chat.postMessage")]
        assert "Ubob sits in seat 2 with 200" in lines
        assert "the host starts the game" not in lines  # the badly signed start
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        status = await asyncio.wait_for(process.wait(), WAIT)
        await mock.stop()
    assert status == 0


def test_run_slack_without_tokens_says_what_is_missing() -> None:
    """No SLACK_BOT_TOKEN, or no signing secret nor app token: exit 2, one clear line,
    no traceback."""
    for extra in ({}, {"SLACK_BOT_TOKEN": "xoxb-test"}):
        done = subprocess.run(
            [*command(), "run", "slack"],
            env=env(**extra),
            capture_output=True,
            text=True,
            timeout=WAIT,
            check=False,
        )
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        missing = "SLACK_SIGNING_SECRET" if extra else "SLACK_BOT_TOKEN"
        assert done.stderr.startswith(f"killbutton run slack: {missing}")


def _assert_no_traceback(bot: Bot) -> None:
    errors = bot.errors()
    assert "Traceback" not in errors, errors
    assert "Task was destroyed" not in errors and "Unclosed" not in errors, errors


async def _refused_start(mock: MockSlack, tmp_path: Path, socket_mode: bool) -> list[str]:
    """Start the bot, expect it to give up at once: its stderr lines."""
    bot = await start_bot(mock, tmp_path, socket_mode)
    try:
        status = await asyncio.wait_for(bot.process.wait(), WAIT)
    finally:
        await bot.kill()
    lines = bot.errors().splitlines()
    assert status == 2, lines
    assert len(lines) == 1, lines
    assert lines[0].startswith("killbutton run slack: "), lines
    assert not bot.db.exists()  # checked before the database was opened
    return lines


@pytest.mark.parametrize(
    ("socket_mode", "method", "error", "token"),
    [
        (False, "auth.test", "invalid_auth", "SLACK_BOT_TOKEN"),
        (True, "auth.test", "token_revoked", "SLACK_BOT_TOKEN"),
        (True, "apps.connections.open", "invalid_auth", "SLACK_APP_TOKEN"),
        (True, "apps.connections.open", "not_allowed_token_type", "SLACK_APP_TOKEN"),
    ],
    ids=["http-bot-token", "socket-bot-token", "socket-app-token", "socket-app-token-type"],
)
async def test_a_refused_token_ends_the_start_with_one_line_naming_it(
    tmp_path: Path, socket_mode: bool, method: str, error: str, token: str
) -> None:
    """Slack refuses a token at start-up: exit status 2 at once, one line on stderr naming
    the token and Slack's error code, no traceback, no retry, nothing opened or posted."""
    mock = MockSlack()
    await mock.start()
    mock.errors[method] = error
    try:
        (line,) = await _refused_start(mock, tmp_path, socket_mode)
    finally:
        await mock.stop()
    assert token in line and f"({error})" in line, line
    assert len(mock.of(method)) == 1  # refused once is enough: no retry
    assert {c.method for c in mock.calls} <= {"auth.test", "apps.connections.open"}


async def test_a_token_that_is_no_bots_ends_the_start(tmp_path: Path) -> None:
    """A user token (``auth.test`` names no bot) given as SLACK_BOT_TOKEN: status 2, one
    line saying it is not a bot token."""
    mock = MockSlack()
    await mock.start()
    mock.overrides["auth.test"] = {"bot_id": None}
    try:
        (line,) = await _refused_start(mock, tmp_path, socket_mode=False)
    finally:
        await mock.stop()
    assert "SLACK_BOT_TOKEN is not a bot token" in line


async def test_a_slack_that_cannot_be_reached_ends_the_start(tmp_path: Path) -> None:
    """Nothing listens at SLACK_API_URL: status 2, one line saying Slack cannot be reached
    to check SLACK_BOT_TOKEN, with the network's error."""
    mock = MockSlack()
    await mock.start()
    mock.url = f"http://127.0.0.1:{free_port()}/api/"  # a port nobody listens on
    try:
        (line,) = await _refused_start(mock, tmp_path, socket_mode=False)
    finally:
        await mock.stop()
    assert "cannot reach Slack to check SLACK_BOT_TOKEN (ClientConnectorError)" in line


async def test_http_mode_checks_the_bot_token_before_it_listens(tmp_path: Path) -> None:
    """HTTP mode: ``auth.test`` with the bot token is the first call, made before the
    process says it listens."""
    mock = MockSlack()
    await mock.start()
    bot = await start_bot(mock, tmp_path, socket_mode=False)
    try:
        assert "listening on" in await bot.line()
        assert [(c.method, c.token) for c in mock.calls][:1] == [("auth.test", BOT_TOKEN)]
        assert await bot.stop() == 0
    finally:
        await bot.kill()
        await mock.stop()
    _assert_no_traceback(bot)


@pytest.mark.parametrize(
    ("socket_mode", "method", "answered", "signum"),
    [
        (False, "auth.test", 0, signal.SIGTERM),
        (True, "auth.test", 0, signal.SIGINT),
        (True, "apps.connections.open", 0, signal.SIGTERM),
        (True, "apps.connections.open", 1, signal.SIGTERM),
    ],
    ids=["http-auth-sigterm", "socket-auth-ctrl-c", "socket-check-sigterm", "socket-connect"],
)
async def test_a_stop_while_slack_is_slow_to_answer_at_start_up_exits_at_once(
    tmp_path: Path, socket_mode: bool, method: str, answered: int, signum: int
) -> None:
    """Slack takes a minute to answer a start-up call (a token check, or the Socket Mode
    client's own ``apps.connections.open`` once the check passed); SIGTERM or Ctrl-C
    meanwhile ends the process within seconds with status 0, no traceback."""
    mock = MockSlack()
    await mock.start()
    mock.slow[method] = 60.0
    mock.slow_after[method] = answered
    bot = await start_bot(mock, tmp_path, socket_mode)
    try:
        await until(lambda: len(mock.of(method)) > answered, f"the bot to call {method}")
        assert await bot.stop(signum) == 0
    finally:
        await bot.kill()
        await mock.stop()
    _assert_no_traceback(bot)
    assert bot.db.exists() == bool(answered)  # opened only once the checks passed
    assert "Failed to connect" not in bot.errors()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
async def test_a_stop_while_a_reply_is_stuck_in_slack_exits_within_seconds(
    tmp_path: Path, signum: int
) -> None:
    """A signed ``/poker new`` is taken and its reply (chat.postEphemeral) hangs in a slow
    Slack; SIGTERM or Ctrl-C then ends the process within seconds with status 0 and no
    traceback, and the table it opened was kept in the database."""
    mock = MockSlack()
    await mock.start()
    mock.slow["chat.postEphemeral"] = 60.0
    bot = await start_bot(mock, tmp_path, socket_mode=False)
    try:
        assert "listening on" in await bot.line()
        events = f"http://127.0.0.1:{bot.port}/slack/events"
        body = slash_body("UANN", "new holdem nl 1/2", "trig-1", mock.root + "response/1")
        async with (
            aiohttp.ClientSession() as session,
            session.post(events, data=body, headers=signed_headers(body)) as response,
        ):
            assert response.status == 200
        await until(lambda: mock.of("chat.postEphemeral"), "the reply to be under way")
        assert await bot.stop(signum) == 0
    finally:
        await bot.kill()
        await mock.stop()
    _assert_no_traceback(bot)
    assert bot.db.exists()
    import sqlite3

    with sqlite3.connect(bot.db) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master")]
        assert tables  # the file is whole and readable after the stop


async def test_socket_mode_checks_both_tokens_serves_envelopes_and_stops_on_ctrl_c(
    tmp_path: Path,
) -> None:
    """Socket Mode against the mock: ``auth.test`` with the bot token, then
    ``apps.connections.open`` with the app token, before it says it is connected; a slash
    command carried over the websocket is acknowledged and answered through the Web API;
    Ctrl-C closes the connection and ends the process with status 0, no traceback."""
    mock = MockSlack()
    await mock.start()
    bot = await start_bot(mock, tmp_path, socket_mode=True)
    try:
        assert "connected to Slack in Socket Mode" in await bot.line()
        first = [(c.method, c.token) for c in mock.calls][:2]
        assert first == [("auth.test", BOT_TOKEN), ("apps.connections.open", APP_TOKEN)]
        assert len(mock.sockets) == 1
        command = dict(
            parse_qsl(slash_body("UANN", "new holdem nl 1/2", "trig-s1", mock.root + "r/1"))
        )
        await mock.envelope("slash_commands", command, "env-1")
        await until(lambda: any(a.get("envelope_id") == "env-1" for a in mock.acks), "ack")
        await until(lambda: mock.of("chat.postEphemeral"), "the reply")
        reply = mock.of("chat.postEphemeral")[0]
        assert reply["user"] == "UANN" and reply["text"].startswith("Table open (T1/C1)")
        assert await bot.stop(signal.SIGINT) == 0
        await until(lambda: not mock.sockets, "the websocket to close")
    finally:
        await bot.kill()
        await mock.stop()
    _assert_no_traceback(bot)


async def test_stopping_drops_stuck_slack_calls_then_cancels_what_still_hangs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stop's last steps, with the grace shortened: a reply stuck in chat.postEphemeral
    is dropped after the grace (one log line, no exception); its fallback through the
    slash command's response_url, stuck too, is cancelled after the last wait; the stop
    is done in about the two waits and the table is intact."""
    monkeypatch.setattr(slack_run, "GRACE", 0.3)
    monkeypatch.setattr(slack_run, "LAST", 0.3)
    async with Harness() as h:
        await h.deal()
        h.mock.slow["chat.postEphemeral"] = 60.0
        h.mock.slow["response_url"] = 60.0
        body = slash_body("UANN", "status", "trig-stuck", h.mock.root + "response/1")
        await h.bot.app.async_dispatch(AsyncBoltRequest(body=body, headers=signed_headers(body)))
        await until(lambda: h.mock.of("chat.postEphemeral"), "the reply to be under way")
        loop = asyncio.get_running_loop()
        began = loop.time()
        client = h.transport.client
        assert isinstance(client, slack_run.StoppableClient)
        await slack_run.finish(h.bot, h.service, client)
        assert loop.time() - began < 2.0
        assert h.mock.of("response_url")  # the fallback was tried, and then cancelled
        assert not h.bot.tasks and client.calls == set()
        assert h.service.tables  # the table is as it was
