"""Edits coalesced per message, and a platform's 429 waited out, never dropped."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from adapters.coalesce import Coalescer, RetryAfter


async def test_edits_in_a_burst_go_out_as_the_latest_content() -> None:
    sent: list[tuple[Hashable, Any]] = []

    async def send(key: Hashable, content: Any) -> None:
        sent.append((key, content))

    c = Coalescer(send, interval=0.05)
    for n in range(10):
        c.submit("m1", n)
    c.submit("m2", "x")
    await c.drain()
    assert sorted(sent, key=str) == [("m1", 9), ("m2", "x")]


async def test_a_rate_limit_is_waited_out_and_the_edit_sent() -> None:
    sent: list[Any] = []
    limited = [True]

    async def send(key: Hashable, content: Any) -> None:
        if limited[0]:
            limited[0] = False
            raise RetryAfter(0.01)
        sent.append(content)

    c = Coalescer(send, interval=0.0)
    c.submit("m", "table")
    await c.drain()
    assert sent == ["table"] and c.waited == [0.01]
