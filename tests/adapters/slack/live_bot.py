"""``killbutton run slack`` as real processes for the tests: started against the mock Web
API (:mod:`slack_mock`) in HTTP mode or Socket Mode, on a SQLite file or a shared
PostgreSQL database; their stdout read line by line, their stderr kept in a file."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from slack_mock import SECRET, MockSlack

WAIT = 15.0  # seconds any one step may take before the test fails
STOPPED_WITHIN = 8.0  # seconds from a stop signal to the end of the process
BOT_TOKEN, APP_TOKEN = "xoxb-test", "xapp-test"


def command() -> list[str]:
    """The installed ``killbutton`` beside this Python, else the same entry point."""
    script = shutil.which("killbutton", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "bot.app.cli"]


def env(**extra: str) -> dict[str, str]:
    """This process's environment without any Slack setting, and ``extra``."""
    kept = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    return {**kept, **extra}


def free_port() -> int:
    """A port of 127.0.0.1 no one listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def until(check: object, what: str) -> None:
    """Poll ``check()`` until true, failing after ``WAIT`` seconds."""
    assert callable(check)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not check():
        assert loop.time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.05)


@dataclass
class Bot:
    """A ``killbutton run slack`` process: its stdout is read line by line, its stderr
    goes to a file (read at the end, so a chatty log can never fill a pipe)."""

    process: asyncio.subprocess.Process
    stderr: Path
    db: Path
    port: int

    async def line(self) -> str:
        """The next line on stdout."""
        assert self.process.stdout is not None
        return (await asyncio.wait_for(self.process.stdout.readline(), WAIT)).decode()

    async def stop(self, signum: int = signal.SIGTERM) -> int:
        """Send ``signum``; the exit status, failing unless it comes in ``STOPPED_WITHIN``."""
        if self.process.returncode is None:
            self.process.send_signal(signum)
        return await asyncio.wait_for(self.process.wait(), STOPPED_WITHIN)

    async def kill(self) -> None:
        """End it whatever state it is in (a failed test's clean-up)."""
        if self.process.returncode is None:
            self.process.kill()
            await asyncio.wait_for(self.process.wait(), WAIT)

    def errors(self) -> str:
        """Everything it wrote on stderr."""
        return self.stderr.read_text(errors="replace")


async def start_bot(mock: MockSlack, folder: Path, socket_mode: bool, db: str | None = None) -> Bot:
    """Start the bot against ``mock``: Socket Mode, or HTTP mode on a free port; on
    ``db`` (a file or a URL), else ``k.db`` in ``folder`` (which keeps its stderr)."""
    port = free_port()
    settings = env(SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_API_URL=mock.url)
    settings.update(
        {"SLACK_APP_TOKEN": APP_TOKEN} if socket_mode else {"SLACK_SIGNING_SECRET": SECRET}
    )
    folder.mkdir(parents=True, exist_ok=True)
    target, stderr = db or str(folder / "k.db"), folder / "stderr.txt"
    args = ["run", "slack", "--host", "127.0.0.1", "--port", str(port), "--db", target]
    with stderr.open("wb") as errors:
        process = await asyncio.create_subprocess_exec(
            *command(), *args, env=settings, stdout=asyncio.subprocess.PIPE, stderr=errors
        )
    return Bot(process, stderr, Path(target), port)
