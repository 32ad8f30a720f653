"""``killbutton run slack`` as a real process: HTTP mode against the mock Web API on
loopback, signed slash commands to its port, a clean stop; and a clear error without
tokens."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
from slack_mock import SECRET, MockSlack, run, signed_headers, slash_body

WAIT = 15.0  # seconds any one step may take before the test fails


def _command() -> list[str]:
    """The installed ``killbutton`` beside this Python, else the same entry point."""
    script = shutil.which("killbutton", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "bot.cli"]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    return {**env, **extra}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _until(check: object, what: str) -> None:
    """Poll ``check()`` until true, failing after ``WAIT`` seconds."""
    assert callable(check)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not check():
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.05)


def test_run_slack_serves_signed_slash_commands_over_http(tmp_path: Path) -> None:
    """The process listens on --port, answers signed /poker requests, and its replies and
    table messages reach the Web API at SLACK_API_URL; SIGTERM stops it with status 0."""

    async def main() -> None:
        mock = MockSlack()
        url = await mock.start()
        port = _free_port()
        env = _env(SLACK_BOT_TOKEN="xoxb-test", SLACK_SIGNING_SECRET=SECRET, SLACK_API_URL=url)
        args = ["run", "slack", "--host", "127.0.0.1", "--port", str(port)]
        process = await asyncio.create_subprocess_exec(
            *_command(),
            *args,
            "--db",
            str(tmp_path / "k.db"),
            env=env,
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
            await _until(lambda: len(mock.of("chat.postEphemeral")) >= 1, "the reply")
            await _until(lambda: len(mock.of("chat.update")) >= 1, "the table's edit")
            reply = mock.of("chat.postEphemeral")[0]
            assert reply["user"] == "UANN" and reply["text"].startswith("Table open (T1/C1)")
            tables = [b for b in mock.of("chat.postMessage") if b.get("blocks")]
            assert len(tables) == 1 and tables[0]["channel"] == "C1"
            await _until(lambda: len(mock.of("chat.postMessage")) >= 3, "the sit lines")
            lines = [b.get("text", "") for b in mock.of("chat.postMessage")]
            assert "Ubob sits in seat 2 with 200" in lines
            assert "the host starts the game" not in lines  # the badly signed start
        finally:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
            status = await asyncio.wait_for(process.wait(), WAIT)
            await mock.stop()
        assert status == 0

    run(main)


def test_run_slack_without_tokens_says_what_is_missing() -> None:
    """No SLACK_BOT_TOKEN, or no signing secret nor app token: exit 2, one clear line,
    no traceback."""
    for extra in ({}, {"SLACK_BOT_TOKEN": "xoxb-test"}):
        done = subprocess.run(
            [*_command(), "run", "slack"],
            env=_env(**extra),
            capture_output=True,
            text=True,
            timeout=WAIT,
            check=False,
        )
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        missing = "SLACK_SIGNING_SECRET" if extra else "SLACK_BOT_TOKEN"
        assert done.stderr.startswith(f"killbutton run slack: {missing}")
