"""What the presenter asks of Slack: the table message (posted per hand, then edited through
the coalescer), channel lines, private lines by DM (else ephemeral in the table's channel)
and the turn nudge (ephemeral, once per decision).

Ids are the service's: ``table_id`` is ``team/channel``, ``player_id`` is ``slack:USER``.
A 429 (``ratelimited``) is waited out for ``Retry-After`` seconds, never dropped: by the
client (:class:`adapters.slack.client.RateLimitWait`), and for the table message's edits
by the coalescer, which then sends the latest content. Any other
failure to deliver (Slack refuses, the connection drops, resets or times out) is logged in
one line, with the channel or user and the kind of error but never the text (it may hold
cards), and nothing is raised: a lost message must not undo the move it reports.

Slack allows about one message a second per channel (``chat.postMessage``); a hand has a
decision every few seconds. So a hand costs the channel one new message and its edits,
plus a line for notices and results: a nudge is ephemeral (``chat.postEphemeral``, not
counted against the channel), never a post in the hand's thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import aiohttp
from slack_sdk.errors import SlackApiError, SlackClientError
from slack_sdk.web.async_client import AsyncWebClient

from adapters.coalesce import Coalescer, RetryAfter
from bot.chat.presenter import CannotPost
from bot.words.tableview import TableView

from .blocks import escape, table_blocks
from .client import seconds_to_wait

log = logging.getLogger(__name__)

# What a Web API call raises when it does not deliver: Slack refused it (SlackApiError, a
# SlackClientError), the client could not send it, or the network failed (aiohttp's errors;
# OSError holds ConnectionError and TimeoutError, asyncio's timeout included).
FAILURES = (SlackClientError, aiohttp.ClientError, OSError)
# Error codes that are Slack's trouble, not an answer about the request: tried again later.
SLACK_TROUBLE = frozenset(
    {"ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"}
)


def channel_of(table_id: str) -> str:
    """The Slack channel id of a table id ``team/channel``."""
    return table_id.split("/", 1)[1]


def user_of(player_id: str) -> str:
    """The Slack user id of a player id ``slack:USER``."""
    return player_id.split(":", 1)[1]


def retry_after(exc: SlackApiError) -> float | None:
    """Seconds Slack asked us to wait when ``exc`` is a 429, else None."""
    response = exc.response
    if response is None or response.status_code != 429:
        return None
    return seconds_to_wait(response.headers or {})


def failure(exc: BaseException) -> str:
    """What went wrong, for the log: Slack's error code (``channel_not_found``) for a
    refusal, else the exception's type name (``ServerDisconnectedError``); never its
    message, which may quote what was sent."""
    if isinstance(exc, SlackApiError):
        try:
            return str(exc.response["error"])
        except (KeyError, TypeError, ValueError):  # no JSON body to read the code from
            pass
    return type(exc).__name__


def refusal(exc: BaseException) -> str | None:
    """Slack's error code when ``exc`` is Slack answering no to the request itself (e.g.
    ``cannot_dm_bot``, ``not_in_channel``, ``invalid_auth``), else None: a network
    failure, a rate limit, a stop, or trouble on Slack's side (a 5xx, ``internal_error``)
    say nothing about the request."""
    if not isinstance(exc, SlackApiError) or exc.response is None:
        return None
    if exc.response.status_code >= 500:
        return None
    code = failure(exc)
    return None if code in SLACK_TROUBLE or code == type(exc).__name__ else code


@dataclass
class TableMessage:
    """The message showing a table's hand: where it is and what it last showed (None for
    one taken from the store after a restart, until it is next shown)."""

    hand: int
    channel: str
    ts: str
    view: TableView | None
    recent: tuple[str, ...]


class SlackTransport:
    """The presenter's :class:`bot.chat.presenter.Transport` for Slack.

    Args:
        client: the Web API client (its ``base_url`` may point at a test server).
        interval: seconds between two edits of one message (Slack allows about one a
            second per message).
    """

    def __init__(self, client: AsyncWebClient, interval: float = 1.0) -> None:
        self.client = client
        self.coalescer = Coalescer(self._edit, interval)
        self.messages: dict[str, TableMessage] = {}
        # stores a table's new message (table id, hand, "channel ts"), to edit it after a
        # restart; set by :func:`adapters.runtime.keep_table_messages`
        self.remember: Callable[[str, int, str], Awaitable[None]] | None = None
        self.locks: dict[str, asyncio.Lock] = {}
        self.dms: dict[str, str] = {}  # user id -> DM channel id
        # user id -> Slack's error code for his DM, while this process runs: his private
        # lines go ephemerally without asking Slack again, until dm_again finds them open
        self.no_dm: dict[str, str] = {}
        self.nudged: dict[str, tuple[int, int, str]] = {}  # table -> (hand, step, player)

    async def _edit(self, key: Hashable, content: Any) -> None:
        """The coalescer's send: update a table message; a rate limit raises RetryAfter. A
        message deleted meanwhile is posted again with this content, and followed."""
        channel, ts = cast(tuple[str, str], key)
        text, blocks = content
        try:
            await self.client.chat_update(channel=channel, ts=ts, text=text, blocks=blocks)
        except FAILURES as exc:
            seconds = retry_after(exc) if isinstance(exc, SlackApiError) else None
            if seconds is not None:
                raise RetryAfter(seconds) from exc  # the coalescer waits and sends again
            if refusal(exc) == "message_not_found":
                await self._post_again(channel, ts, text, blocks)
                return
            # the next change of the table edits the message again
            log.error("cannot update the table in %s: %s", channel, failure(exc))

    async def _post_again(self, channel: str, gone: str, text: str, blocks: Any) -> None:
        """Post the table message ``gone`` stood for, as it is now, and follow the new one
        (a moderator deleted it). A failure is logged: the next change tries again."""
        table_id = next(
            (t for t, m in self.messages.items() if m.channel == channel and m.ts == gone), None
        )
        if table_id is None:
            return  # an old hand's message: the hand in play has its own
        try:
            response = await self.client.chat_postMessage(channel=channel, text=text, blocks=blocks)
        except FAILURES as exc:
            log.error("cannot post the table in %s again: %s", channel, failure(exc))
            return
        current = self.messages.get(table_id)
        if current is None or current.ts != gone:
            return  # a newer hand's message came meanwhile: it stays the one followed
        current.ts = str(response["ts"])
        await self._keep(table_id)
        log.warning("the table message in %s was deleted: posted again", channel)

    async def show_table(self, table_id: str, view: TableView, recent: Sequence[str]) -> None:
        """Post a new message for a new hand (the old one loses its buttons), else edit the
        hand's message through the coalescer. A failure (e.g. the bot is not in the channel,
        or the connection dropped) is logged: the move stands and the next change tries
        again."""
        async with self.locks.setdefault(table_id, asyncio.Lock()):
            current = self.messages.get(table_id)
            text = escape(view.text())
            if current is not None and current.hand == view.hand_number:
                current.view, current.recent = view, tuple(recent)
                key = (current.channel, current.ts)
                self.coalescer.submit(key, (text, table_blocks(view, recent)))
                return
            channel = channel_of(table_id)
            try:
                response = await self.client.chat_postMessage(
                    channel=channel,
                    text=text,
                    blocks=table_blocks(view, recent),
                )
            except FAILURES as exc:
                _refused_channel(exc)
                log.error("cannot post the table in %s: %s", channel, failure(exc))
                return
            self.messages[table_id] = TableMessage(
                view.hand_number, channel, str(response["ts"]), view, tuple(recent)
            )
            await self._keep(table_id)
            if current is not None and current.view is not None:
                old = table_blocks(current.view, current.recent, over=True)
                key = (current.channel, current.ts)
                self.coalescer.submit(key, (escape(current.view.text()), old))

    def recall(self, stored: dict[str, tuple[int, str]]) -> None:
        """Take the table messages stored before a restart: table id -> (hand, "channel
        ts"); later changes of those hands edit them."""
        for table_id, (hand, ref) in stored.items():
            channel, _, ts = ref.partition(" ")
            if channel and ts:
                self.messages[table_id] = TableMessage(hand, channel, ts, None, ())

    async def _keep(self, table_id: str) -> None:
        """Store the table's newest message when a store is set (a failure is logged: the
        message is still followed in this process)."""
        message = self.messages.get(table_id)
        if self.remember is None or message is None:
            return
        try:
            await self.remember(table_id, message.hand, f"{message.channel} {message.ts}")
        except Exception as exc:  # noqa: BLE001 - the table is shown; only the note failed
            log.error("cannot store the table message of %s: %s", table_id, type(exc).__name__)

    async def post(self, table_id: str, text: str) -> None:
        """Post a line in the table's channel; a failure is logged (the move stands)."""
        await self._say(table_id, text=escape(text))

    async def tell(self, table_id: str, player_id: str, text: str) -> bool:
        """A private line: by DM (naming the table's channel), else as an ephemeral message
        in the table's channel; False when neither could be delivered.

        Slack's refusal of the player's DM (:func:`refusal` of ``conversations.open`` or
        ``chat.postMessage``, e.g. ``cannot_dm_bot``) is remembered for him while the
        process runs: his later lines go ephemerally at once, without asking Slack again;
        the first of them says why and how to get DMs back (:meth:`dm_again`). A network
        failure is not remembered: the next line tries the DM again.
        """
        user, channel = user_of(player_id), channel_of(table_id)
        body = escape(text)
        if user not in self.no_dm:
            if await self._dm(user, f"<#{channel}>: {body}"):
                return True
            if user in self.no_dm:  # refused just now: say so, once
                body = f"{no_dm_note(self.no_dm[user])}\n{body}"
        try:
            await self.client.chat_postEphemeral(channel=channel, user=user, text=body)
            return True
        except FAILURES as exc:
            log.warning("cannot reach %s privately in %s: %s", user, channel, failure(exc))
            return False

    async def _dm(self, user: str, line: str) -> bool:
        """Post ``line`` (mrkdwn) in the user's DM, opening it once; False when it did not
        go, Slack's refusal remembered in :attr:`no_dm`."""
        try:
            dm = self.dms.get(user)
            if dm is None:
                opened = await self.client.conversations_open(users=user)
                dm = self.dms[user] = str(opened["channel"]["id"])
            await self.client.chat_postMessage(channel=dm, text=line)
            return True
        except FAILURES as exc:
            code = refusal(exc)
            if code is None:
                log.info("no DM to %s (%s): trying an ephemeral message", user, failure(exc))
                return False
            self.no_dm[user] = code
            self.dms.pop(user, None)  # open it afresh when it is tried again
            log.info("no DM to %s (%s): his private lines go ephemerally from now on", user, code)
            return False

    async def dm_again(self, table_id: str, player_id: str) -> bool | None:
        """Try once more the DM of a player whose DMs failed (he asked for his cards: he
        may have opened them since). When it goes, a DM tells him his private lines come
        there again, and they do.

        Returns:
            None when his DMs had not failed (nothing is tried), else whether they work.
        """
        user = user_of(player_id)
        if user not in self.no_dm:
            return None
        del self.no_dm[user]
        line = (
            f"<#{channel_of(table_id)}>: direct messages work again: "
            "your cards and other private lines come here"
        )
        if await self._dm(user, line):
            log.info("DMs to %s work again", user)
            return True
        return False

    async def turn(self, table_id: str, player_id: str, view: TableView) -> None:
        """Tell the player it is his turn, with what he may do: an ephemeral message in the
        table's channel, seen by him only, once per decision (hand, step and player) however
        often it is asked. Nothing is posted in the channel or the hand's thread. A failure
        is logged."""
        decision = (view.hand_number, view.step, player_id)
        if self.nudged.get(table_id) == decision:
            return
        self.nudged[table_id] = decision
        user, channel = user_of(player_id), channel_of(table_id)
        legal = f": {escape(view.legal)}" if view.legal else ""
        text = f"Your turn in hand #{view.hand_number}{legal}"
        try:
            await self.client.chat_postEphemeral(channel=channel, user=user, text=text)
        except FAILURES as exc:
            _refused_channel(exc)  # the bot itself may no longer post here: hold the game
            log.warning("cannot nudge %s in %s: %s", user, channel, failure(exc))

    async def post_image(self, table_id: str, png: bytes, caption: str) -> None:
        """Upload a picture to the table's channel (``files:write``); a failure is logged."""
        await self.post_file(table_id, png, "stacks.png", caption)

    async def post_file(self, table_id: str, data: bytes, filename: str, caption: str) -> None:
        """Upload a file (a picture, a CSV ledger) to the table's channel (``files:write``);
        a failure is logged."""
        channel = channel_of(table_id)
        try:
            await self.client.files_upload_v2(
                channel=channel,
                file=data,
                filename=filename,
                title=caption,
                initial_comment=escape(caption),
            )
        except FAILURES as exc:
            log.error("cannot upload to %s: %s", channel, failure(exc))

    async def _say(self, table_id: str, **kwargs: Any) -> None:
        channel = channel_of(table_id)
        try:
            await self.client.chat_postMessage(channel=channel, **kwargs)
        except FAILURES as exc:  # a lost line must not undo the move it reports
            _refused_channel(exc)
            log.error("cannot post in %s: %s", channel, failure(exc))

    async def drain(self) -> None:
        """Wait until every queued edit has gone out (tests, shutdown)."""
        await self.coalescer.drain()


# Slack's answers when the bot may not post in a channel, and what the host does about it
CHANNEL_REFUSALS = {
    "not_in_channel": "invite the bot to this channel: type /invite @ followed by its name",
    "channel_not_found": "invite the bot to this channel (for a private channel: /invite "
    "@ followed by its name)",
    "is_archived": "the channel is archived: unarchive it or open the table in another one",
    "missing_scope": "add the chat:write scope to the Slack app and reinstall it",
    "restricted_action": "a workspace admin must allow the bot to post in this channel",
}


def _refused_channel(exc: BaseException) -> None:
    """Raise :class:`bot.chat.presenter.CannotPost` when ``exc`` is Slack refusing the bot's
    posts in a channel, saying what the host must do; else return.

    Raises:
        CannotPost: ``not_in_channel``, ``channel_not_found``, ``is_archived``,
            ``missing_scope`` or ``restricted_action``.
    """
    code = refusal(exc)
    if code in CHANNEL_REFUSALS:
        raise CannotPost(f"{CHANNEL_REFUSALS[code]} ({code})") from exc


def no_dm_note(code: str) -> str:
    """What a player whose DMs Slack refused (``code``) is told once, above the first of his
    private lines shown in the table's channel instead."""
    return (
        f"I cannot send you direct messages ({code}), so your private lines come here, "
        "seen only by you. Tap “My cards” (or /poker cards) to try direct messages again."
    )
