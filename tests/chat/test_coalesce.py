"""Edits coalesced per message, and a platform's 429 waited out, never dropped."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import Any

from adapters.coalesce import Coalescer, RetryAfter


def test_edits_in_a_burst_go_out_as_the_latest_content() -> None:
    sent: list[tuple[Hashable, Any]] = []

    async def send(key: Hashable, content: Any) -> None:
        sent.append((key, content))

    async def go() -> None:
        c = Coalescer(send, interval=0.05)
        for n in range(10):
            c.submit("m1", n)
        c.submit("m2", "x")
        await c.drain()

    asyncio.run(go())
    assert sorted(sent, key=str) == [("m1", 9), ("m2", "x")]


def test_a_rate_limit_is_waited_out_and_the_edit_sent() -> None:
    sent: list[Any] = []
    limited = [True]

    async def send(key: Hashable, content: Any) -> None:
        if limited[0]:
            limited[0] = False
            raise RetryAfter(0.01)
        sent.append(content)

    async def go() -> Coalescer:
        c = Coalescer(send, interval=0.0)
        c.submit("m", "table")
        await c.drain()
        return c

    c = asyncio.run(go())
    assert sent == ["table"] and c.waited == [0.01]
