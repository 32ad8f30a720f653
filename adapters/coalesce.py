"""Edits of a chat message, coalesced to stay inside the platform's rate limits.

A table message changes with every action; chat platforms allow a few edits per message
every few seconds. Each message keeps only its latest content: an edit waits until the
message's interval has passed, and whatever arrived meanwhile goes out as one edit. A
platform's "slow down" (HTTP 429) is waited out and the latest content sent again:
never dropped.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from bot.process.logsafe import described

log = logging.getLogger(__name__)


class RetryAfter(Exception):  # noqa: N818 - named for the HTTP header it carries
    """Raised by a send function when the platform answered 429.

    Args:
        seconds: how long the platform asked us to wait.
    """

    def __init__(self, seconds: float) -> None:
        super().__init__(f"rate limited: retry after {seconds:.2f} s")
        self.seconds = seconds


Send = Callable[[Hashable, Any], Awaitable[None]]


class Coalescer:
    """At most one send per key every ``interval`` seconds, always of the latest content.

    Args:
        send: ``send(key, content)`` does the platform call; raises :class:`RetryAfter`
            on a 429. Any other exception is logged and the content dropped (it is
            superseded by the next edit anyway).
        interval: seconds between two sends for the same key.
        clock: the loop's clock (for tests).
    """

    def __init__(
        self,
        send: Send,
        interval: float = 1.0,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.send = send
        self.interval = interval
        self.clock = clock
        self.latest: dict[Hashable, Any] = {}
        self.last_sent: dict[Hashable, float] = {}
        self.tasks: dict[Hashable, asyncio.Task[None]] = {}
        self.sent = 0
        self.waited: list[float] = []  # every 429 wait, for tests and logs

    def _now(self) -> float:
        return self.clock() if self.clock is not None else asyncio.get_running_loop().time()

    def submit(self, key: Hashable, content: Any) -> None:
        """Queue ``content`` as the message's next state; earlier unsent content is
        replaced."""
        self.latest[key] = content
        task = self.tasks.get(key)
        if task is None or task.done():
            self.tasks[key] = asyncio.get_running_loop().create_task(self._flush(key))

    async def _flush(self, key: Hashable) -> None:
        while key in self.latest:
            wait = self.last_sent.get(key, float("-inf")) + self.interval - self._now()
            if wait > 0:
                await asyncio.sleep(wait)
            content = self.latest.pop(key)
            try:
                await self.send(key, content)
                self.sent += 1
            except RetryAfter as exc:
                self.waited.append(exc.seconds)
                log.warning("rate limited on %r: waiting %.2f s", key, exc.seconds)
                self.latest.setdefault(key, content)  # newer content wins, else resend
                await asyncio.sleep(exc.seconds)
            except Exception as exc:  # noqa: BLE001 - one failed edit must not stop the table
                log.error("could not update %r: %s", key, described(exc))
            self.last_sent[key] = self._now()

    async def drain(self) -> None:
        """Wait until every queued edit has gone out (tests, shutdown)."""
        while any(not t.done() for t in self.tasks.values()):
            await asyncio.gather(*self.tasks.values(), return_exceptions=True)
