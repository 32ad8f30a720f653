"""Slack's rate limits on the Web API calls the bot makes: a 429 is waited out for the
``Retry-After`` seconds it names and the same call sent again, never dropped; after three
429s in a row the call is given up (logged, nothing raised); a stop of the bot cuts a wait
short. An edit of the table message (the coalescer waits it out and sends the latest
content) and a name lookup (the payload's name serves at once) are left to their callers."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import pytest
from slack_mock import CHANNEL, TABLE, Harness

WAITING = "rate limited: waiting"
Delivery = Callable[[Harness], Awaitable[object]]


async def _line(h: Harness) -> object:
    return await h.transport.post(TABLE, "Ann sits in seat 1")


async def _private(h: Harness) -> object:
    return await h.transport.tell(TABLE, "slack:UANN", "Your cards: A♠ K♦")


async def _file(h: Harness) -> object:
    return await h.transport.post_file(TABLE, b"a,b\n", "ledger.csv", "the ledger")


DELIVERIES: list[tuple[str, Delivery]] = [
    ("chat.postMessage", _line),
    ("conversations.open", _private),
    ("files.getUploadURLExternal", _file),
    ("files.completeUploadExternal", _file),
]


def _waits(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith(WAITING)]


@pytest.mark.parametrize(("method", "deliver"), DELIVERIES, ids=[m for m, _ in DELIVERIES])
async def test_a_rate_limited_call_is_waited_out_and_sent_again(
    caplog: pytest.LogCaptureFixture, method: str, deliver: Delivery
) -> None:
    """The method answers 429 once with ``Retry-After: 0.25``: the wait logged is that
    long, the same call goes again and the delivery completes, nothing logged as lost."""
    caplog.set_level(logging.INFO)
    async with Harness() as h:
        h.mock.retry_after = "0.25"
        h.mock.limited.add(method)
        result = await deliver(h)
        first, again = ({k: v for k, v in c.items() if k != "_ts"} for c in h.mock.of(method))
        assert first == again
        assert _waits(caplog) == [f"{WAITING} 0.25 s"]
        assert result in (None, True)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        if method == "conversations.open":
            assert h.mock.of("chat.postMessage")[-1]["channel"] == "DUANN"


async def test_a_call_rate_limited_three_times_in_a_row_is_given_up_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """chat.postMessage answers 429 every time: two waits, three calls, then the line is
    logged as not posted (Slack's code, ``ratelimited``) and nothing is raised."""
    caplog.set_level(logging.INFO)
    async with Harness() as h:
        h.mock.retry_after = "0"
        h.mock.always_limited.add("chat.postMessage")
        await _line(h)
        assert len(h.mock.of("chat.postMessage")) == 3
        assert _waits(caplog) == [f"{WAITING} 0.00 s"] * 2
        assert f"cannot post in {CHANNEL}: ratelimited" in caplog.text


async def test_a_stop_cuts_a_long_rate_limit_wait_short(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A line whose call is told to wait a minute: the bot's stop ends the wait at once
    (well inside the test's own bound), the call is not sent again, and the line is
    logged as not posted."""
    caplog.set_level(logging.INFO)
    async with Harness() as h:
        h.mock.retry_after = "60"
        h.mock.limited.add("chat.postMessage")
        posting = asyncio.ensure_future(_line(h))
        while not _waits(caplog):
            await asyncio.sleep(0.01)
        h.transport.client.stop()  # type: ignore[attr-defined]
        await posting
        assert len(h.mock.of("chat.postMessage")) == 1
        assert _waits(caplog) == [f"{WAITING} 60.00 s"]
        assert f"cannot post in {CHANNEL}: Stopping" in caplog.text


async def test_a_rate_limited_name_lookup_is_not_waited_for() -> None:
    """users.info answers 429 asking for a minute: the command is answered without that
    wait (well inside the test's own bound) and users.info is not asked again for it;
    the name is looked up again for the next command."""
    async with Harness() as h:
        h.mock.retry_after = "60"
        h.mock.limited.add("users.info")
        await h.command("UANN", "new holdem nl 1/2")
        await h.command("UANN", "sit 200")
        assert len(h.mock.of("users.info")) == 2
        assert h.mock.of("chat.postEphemeral")[0]["text"].startswith("Table open")
