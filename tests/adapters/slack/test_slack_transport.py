"""The Slack transport when the network fails: a dropped connection, a reset or a timeout
on any Web API call never escapes as an exception; each failure is one log line naming
the channel and the kind of error, never the text that was being sent."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from slack_mock import CHANNEL, TABLE, Harness

from adapters.slack.transport import SlackTransport
from bot.words.tableview import TableView, table_view

SECRET_LINE = "Your cards: A♠ K♦"  # stands for any text that must not reach the log
METHODS = {
    "chat.postMessage",
    "chat.update",
    "chat.postEphemeral",
    "conversations.open",
    "files.getUploadURLExternal",
}


def _no_retry(h: Harness) -> None:
    """The client tries a dropped call once more after half a second or so, and fails the
    same way: once is enough here."""
    h.transport.client.retry_handlers = []


def _view(h: Harness) -> TableView:
    live = h.service.tables[TABLE]
    return table_view(TABLE, live.table, live.names or {})


async def _every_call(transport: SlackTransport, view: TableView) -> list[object]:
    """Each of the transport's deliveries once; what each returned."""
    recent = [SECRET_LINE]
    return [
        await transport.show_table(TABLE, view, recent),
        await transport.post(TABLE, SECRET_LINE),
        await transport.tell(TABLE, "slack:UANN", SECRET_LINE),
        await transport.turn(TABLE, "slack:UANN", view),
        await transport.post_image(TABLE, b"\x89PNG", SECRET_LINE),
        await transport.post_file(TABLE, b"a,b\n", "ledger.csv", SECRET_LINE),
    ]


def _transport_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "adapters.slack.transport"]


def _assert_logged_safely(caplog: pytest.LogCaptureFixture, kind: str) -> None:
    lines = _transport_lines(caplog)
    assert lines
    for record in lines:
        message = record.getMessage()
        assert record.exc_info is None and "\n" not in message
        assert kind in message
        assert CHANNEL in message or "UANN" in message
    assert SECRET_LINE not in caplog.text and "A♠" not in caplog.text
    assert "Traceback" not in caplog.text


async def test_dropped_connections_are_logged_and_never_raised(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """With every method's connection dropped: a new hand's table post, a line, a private
    line (DM and ephemeral both), a turn nudge and a picture each return normally (the
    private line says it was not delivered), one line each in the log."""
    caplog.set_level(logging.INFO)
    async with Harness() as h:
        await h.deal()
        await h.bot.settle()
        view = _view(h)
        _no_retry(h)
        h.transport.messages.clear()  # the next show_table posts a new message
        h.transport.nudged.clear()  # and the next turn nudges (once per decision)
        h.mock.dropped |= METHODS
        caplog.clear()
        results = await _every_call(h.transport, view)
        assert results == [None, None, False, None, None, None]
        _assert_logged_safely(caplog, "ServerDisconnectedError")
        assert len(_transport_lines(caplog)) == 7  # tell tries the DM, then ephemeral


async def test_a_dropped_edit_of_the_table_message_is_logged_by_the_transport(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The coalesced edit (chat.update) whose connection drops: one line from the
    transport naming the channel, nothing raised into the coalescer, and the next edit
    goes out once the network is back."""
    caplog.set_level(logging.INFO)
    async with Harness() as h:
        await h.deal()
        await h.bot.settle()
        view = _view(h)
        _no_retry(h)
        h.mock.dropped.add("chat.update")
        caplog.clear()
        await h.transport.show_table(TABLE, view, [SECRET_LINE])
        await h.transport.drain()
        (line,) = [r for r in caplog.records if r.name.startswith("adapters")]
        assert line.name == "adapters.slack.transport"
        _assert_logged_safely(caplog, "ServerDisconnectedError")
        h.mock.dropped.clear()
        edits = len(h.mock.of("chat.update"))
        await h.transport.show_table(TABLE, view, ["Ann calls 1"])
        await h.transport.drain()
        assert len(h.mock.of("chat.update")) == edits + 1


class _Failing:
    """A Web API client each of whose methods raises ``error`` (a timeout, a reset)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __getattr__(self, name: str) -> Callable[..., Awaitable[Any]]:
        async def call(**_: Any) -> Any:
            raise self.error

        return call


@pytest.mark.parametrize(
    "error",
    [TimeoutError(), ConnectionResetError("reset by peer"), OSError("network is down")],
    ids=["timeout", "reset", "oserror"],
)
async def test_timeouts_and_resets_are_logged_and_never_raised(
    caplog: pytest.LogCaptureFixture, error: BaseException
) -> None:
    """The same through a client whose every call times out or is reset."""
    caplog.set_level(logging.INFO)
    async with Harness() as h:
        await h.deal()
        await h.bot.settle()
        view = _view(h)
        transport = SlackTransport(_Failing(error), interval=0.01)  # type: ignore[arg-type]
        caplog.clear()
        assert await _every_call(transport, view) == [None, None, False, None, None, None]
        _assert_logged_safely(caplog, type(error).__name__)


async def test_a_deleted_table_message_is_posted_again_and_followed() -> None:
    """A moderator deletes the hand's table message: the next update finds it gone
    (``message_not_found``), so the table is posted again with its buttons, and later
    updates go to the new message."""
    from slack_mock import button, table_message

    async with Harness() as h:
        await h.deal()
        posts = [b for b in h.mock.of("chat.postMessage") if b.get("blocks")]
        first = posts[-1]["_ts"]
        h.mock.errors["chat.update"] = "message_not_found"
        await h.click(h.to_act(), button(table_message(h.mock), "Call"))
        del h.mock.errors["chat.update"]
        again = [b for b in h.mock.of("chat.postMessage") if b.get("blocks")]
        assert len(again) == len(posts) + 1 and again[-1]["_ts"] != first
        assert "calls" in str(again[-1]["blocks"])
        await h.click(h.to_act(), button(table_message(h.mock), "Check"))
        assert h.mock.of("chat.update")[-1]["ts"] == again[-1]["_ts"]


async def test_a_restarted_bot_updates_the_hands_table_message_where_it_is() -> None:
    """The table message's channel and timestamp are stored when it is posted; a bot
    started again takes them and updates that message for the hand in play rather than
    posting the hand again."""
    from slack_mock import button, table_message

    from adapters.runtime import keep_table_messages

    async with Harness() as h:
        transport = h.bot.transport
        await keep_table_messages(transport, h.service.db)
        await h.deal()
        ts = table_message(h.mock)["_ts"]
        assert (await h.service.db.table_messages())[TABLE] == (1, f"{CHANNEL} {ts}")
        transport.messages.clear()  # the restart: nothing known in memory
        await keep_table_messages(transport, h.service.db)
        posts = len([b for b in h.mock.of("chat.postMessage") if b.get("blocks")])
        await h.click(h.to_act(), button(table_message(h.mock), "Call"))
        assert len([b for b in h.mock.of("chat.postMessage") if b.get("blocks")]) == posts
        assert h.mock.of("chat.update")[-1]["ts"] == ts
