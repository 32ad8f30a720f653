"""The presenter's I/O on Discord: the table message (posted once per hand, then edited in
place through the coalescer), channel lines, private lines by direct message and a mention
when it is a player's turn.

A 429 (rate limited) is turned into :class:`adapters.coalesce.RetryAfter`, waited out and
sent again, never dropped. A private line's text is never logged: it may hold cards. The
presenter's texts are plain: they are escaped (:func:`adapters.discord.markup.plain`) so
the display names in them show as typed and never ping.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

import discord

from adapters.coalesce import Coalescer, RetryAfter
from bot.chat.presenter import CannotPost
from bot.words.tableview import TableView

from .buttons import table_buttons
from .embed import table_embed
from .ids import split_table, user_of
from .interactions import chunks
from .markup import plain

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.2  # seconds between edits of one message: Discord allows about 5 per 5 s
POST_ATTEMPTS = 5  # a post rate limited this many times in a row is given up (and logged)
T = TypeVar("T")


def retry_after(exc: discord.HTTPException) -> float | None:
    """Seconds to wait when ``exc`` is a 429, else None."""
    if isinstance(exc, discord.RateLimited):
        return exc.retry_after
    if exc.status != 429:
        return None
    headers = getattr(exc.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After", 1.0))
    except (TypeError, ValueError):
        return 1.0


# what a host gives the bot in a channel where Discord refuses its posts (403, 50013/50001)
MISSING_PERMISSIONS = (
    "give the bot View Channel, Send Messages, Embed Links, Attach Files and Read Message "
    "History in this channel (channel settings, Permissions)"
)


@dataclass
class Shown:
    """The table message of a hand: its hand number and message id."""

    hand: int
    message_id: int


THREAD_MINUTES: Literal[1440] = 1440  # a table's thread archives after a day unused


class DiscordTransport:
    """The :class:`bot.chat.presenter.Transport` of a Discord client.

    Args:
        client: the logged-in client (its REST methods are used; no gateway cache needed).
        edit_interval: seconds between two edits of one table message.
    """

    def __init__(self, client: discord.Client, edit_interval: float = EDIT_INTERVAL) -> None:
        self.client = client
        self.edits = Coalescer(self._edit, edit_interval)
        self.shown: dict[str, Shown] = {}  # table id -> its newest table message
        # stores a table's new message (table id, hand, message id), to edit it after a
        # restart; set by :func:`adapters.runtime.keep_table_messages`
        self.remember: Callable[[str, int, str], Awaitable[None]] | None = None
        self.pings: dict[str, int] = {}  # table id -> the last "your turn" message

    def recall(self, stored: dict[str, tuple[int, str]]) -> None:
        """Take the table messages stored before a restart: table id -> (hand, message
        id); later changes of those hands edit them."""
        for table_id, (hand, ref) in stored.items():
            if ref.isdigit():
                self.shown[table_id] = Shown(hand, int(ref))

    async def _keep(self, table_id: str, shown: Shown) -> None:
        """Note the table's newest message, and store it when a store is set (a failure
        is logged: the message is still followed in this process)."""
        self.shown[table_id] = shown
        if self.remember is None:
            return
        try:
            await self.remember(table_id, shown.hand, str(shown.message_id))
        except Exception as exc:  # noqa: BLE001 - the table is shown; only the note failed
            log.error("could not store the table message of %s: %s", table_id, type(exc).__name__)

    def _channel(self, table_id: str) -> discord.PartialMessageable:
        _, channel = split_table(table_id)
        return self.client.get_partial_messageable(channel, type=discord.ChannelType.text)

    async def _retrying(self, call: Callable[[], Awaitable[T]]) -> T:
        """``call()``, waiting out 429s (up to :data:`POST_ATTEMPTS` times)."""
        for attempt in range(1, POST_ATTEMPTS + 1):
            try:
                return await call()
            except discord.HTTPException as exc:
                wait = retry_after(exc)
                if wait is None or attempt == POST_ATTEMPTS:
                    raise
                log.warning("rate limited: waiting %.2f s", wait)
                await asyncio.sleep(wait)
        raise AssertionError("unreachable")

    async def show_table(self, table_id: str, view: TableView, recent: Sequence[str]) -> None:
        """Post the hand's table message, or queue an edit of it (coalesced). A failure is
        logged: the move is committed whatever the channel shows, and the next change
        posts again."""
        embed = table_embed(view, recent)
        buttons = table_buttons(view)
        shown = self.shown.get(table_id)
        if shown is not None and shown.hand == view.hand_number:
            self.edits.submit((table_id, shown.message_id), (embed, buttons))
            return
        try:
            message = await self._send_table(table_id, embed, buttons)
        except discord.Forbidden as exc:
            raise CannotPost(MISSING_PERMISSIONS) from exc
        except discord.HTTPException as exc:
            log.error("could not post the table message of %s: %s", table_id, exc.status)
            return
        await self._keep(table_id, Shown(view.hand_number, message.id))

    async def _edit(self, key: Hashable, content: Any) -> None:
        """The coalescer's send: edit a table message; a 429 raises RetryAfter. A message
        deleted meanwhile (a moderator's cleanup) is posted again with this content, and
        the table follows the new message."""
        table_id, message_id = cast(tuple[str, int], key)
        embed, buttons = content
        message = self._channel(table_id).get_partial_message(message_id)
        try:
            await message.edit(embed=embed, view=buttons)
        except discord.NotFound:
            await self._post_again(table_id, message_id, embed, buttons)
        except discord.HTTPException as exc:
            wait = retry_after(exc)
            if wait is None:
                raise
            raise RetryAfter(wait) from exc

    async def _send_table(
        self, table_id: str, embed: discord.Embed, buttons: discord.ui.View | None
    ) -> discord.Message:
        """Post a table message (waiting out rate limits); returns it.

        Raises:
            discord.HTTPException: the post was refused.
        """
        channel = self._channel(table_id)
        extra: dict[str, Any] = {"view": buttons} if buttons is not None else {}
        return await self._retrying(lambda: channel.send(embed=embed, **extra))

    async def _post_again(
        self, table_id: str, gone: int, embed: discord.Embed, buttons: discord.ui.View | None
    ) -> None:
        """Post the table message ``gone`` stood for, as it is now; later edits go to the
        new one. A failure is logged: the next change tries again."""
        shown = self.shown.get(table_id)
        if shown is None or shown.message_id != gone:
            return  # a newer hand already has its own message
        try:
            message = await self._send_table(table_id, embed, buttons)
        except discord.HTTPException as exc:
            self.shown.pop(table_id, None)  # the next change posts a table message afresh
            log.error("could not post the table message of %s again: %s", table_id, exc.status)
            return
        if self.shown.get(table_id) is not shown:
            return  # a newer hand's message came meanwhile: it stays the one followed
        await self._keep(table_id, Shown(shown.hand, message.id))
        log.warning("the table message of %s was deleted: posted again", table_id)

    async def open_channels(self, table_id: str, names: Sequence[str]) -> list[str]:
        """Open a public thread per name under the table's channel (a tournament's other
        tables); their ids.

        Raises:
            CannotPost: Discord refuses (no Create Public Threads), or the channel is no
                text channel.
        """
        _, channel_id = split_table(table_id)
        try:
            channel = await self.client.fetch_channel(channel_id)
            if not isinstance(channel, discord.TextChannel):
                raise CannotPost("threads open under a text channel")
            threads = [
                await channel.create_thread(
                    name=name,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_MINUTES,
                )
                for name in names
            ]
        except discord.HTTPException as exc:
            raise CannotPost(f"Discord refused the threads: {exc.status}") from exc
        return [str(thread.id) for thread in threads]

    async def post(self, table_id: str, text: str) -> None:
        """Post a line (or a long text in several messages) to the table's channel, shown
        as typed and with no mention pinging anyone. A failure is logged by table and
        status, without the text: the log names no card, public or not."""
        channel = self._channel(table_id)
        mentions = discord.AllowedMentions.none()
        try:
            for part in chunks(plain(text)):

                def send(part: str = part) -> Awaitable[discord.Message]:
                    return channel.send(part, allowed_mentions=mentions)

                await self._retrying(send)
        except discord.Forbidden as exc:
            raise CannotPost(MISSING_PERMISSIONS) from exc
        except discord.HTTPException as exc:
            log.error(
                "could not post to %s: %s (%d characters lost)", table_id, exc.status, len(text)
            )

    async def post_image(self, table_id: str, png: bytes, caption: str) -> None:
        """Post a PNG image (e.g. the session's stacks chart) with a caption.

        Raises:
            discord.HTTPException: it could not be posted.
        """
        await self.post_file(table_id, png, "chart.png", caption)

    async def post_file(self, table_id: str, data: bytes, filename: str, caption: str) -> None:
        """Post a file (a picture, a CSV ledger) with a caption to the table's channel.

        Raises:
            discord.HTTPException: it could not be posted.
        """
        channel = self._channel(table_id)

        async def send() -> discord.Message:
            attached = discord.File(io.BytesIO(data), filename=filename)
            mentions = discord.AllowedMentions.none()
            return await channel.send(
                plain(caption)[:2000], file=attached, allowed_mentions=mentions
            )

        await self._retrying(send)

    def _where(self, table_id: str) -> str:
        guild_id, channel_id = split_table(table_id)
        guild = self.client.get_guild(guild_id)
        name = guild.name if guild is not None else "your server"
        return f"{plain(name)} · <#{channel_id}>"

    async def tell(self, table_id: str, player_id: str, text: str) -> bool:
        """Send a private line by direct message, naming the server and channel, shown as
        typed and pinging no one (cut to one message of 2000 characters).

        Returns:
            False when it could not be delivered (DMs closed, not a Discord player).
        """
        user = user_of(player_id)
        if user is None:
            return False
        message = f"{self._where(table_id)}\n{plain(text)}"
        mentions = discord.AllowedMentions.none()
        try:
            dm = await self._retrying(lambda: self.client.create_dm(discord.Object(user)))
            await self._retrying(lambda: dm.send(message[:2000], allowed_mentions=mentions))
        except discord.Forbidden:
            log.info("direct messages closed for %s", player_id)
            return False
        except discord.HTTPException as exc:
            log.warning("direct message to %s failed: %s", player_id, exc.status)
            return False
        return True

    async def turn(self, table_id: str, player_id: str, view: TableView) -> None:
        """Mention the player to act in a short channel line (a mention notifies a phone;
        an edit does not), and delete the previous such line of the table. Only that
        player may be pinged; a player of another platform is named, escaped."""
        user = user_of(player_id)
        name = view.to_act_name() or "a player"
        who = f"<@{user}>" if user is not None else plain(name)
        legal = f": {plain(view.legal)}" if view.legal else ""
        text = f"{who}, your turn in hand #{view.hand_number}{legal}"
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(user)] if user else False
        )
        channel = self._channel(table_id)
        try:
            message = await self._retrying(lambda: channel.send(text, allowed_mentions=mentions))
        except discord.Forbidden as exc:  # the channel refuses us: no timer against him
            raise CannotPost(MISSING_PERMISSIONS) from exc
        except discord.HTTPException as exc:
            log.error("could not post the turn of %s: %s", table_id, exc.status)
            return
        previous = self.pings.get(table_id)
        self.pings[table_id] = message.id
        if previous is not None:
            try:
                await channel.get_partial_message(previous).delete()
            except discord.HTTPException as exc:  # an old ping left in the channel is harmless
                log.debug("could not delete a turn ping: %s", exc.status)
