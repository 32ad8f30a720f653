"""From what the service publishes to what a chat shows, the same for every platform.

The service hands over events after each commit; the presenter renders them and decides
where each goes: a private line to its one player (his cards), the hand's table message
(edited in place), a short result when the hand ends, a plain line for table notices,
and a nudge to the player whose turn it now is. The platform's transport does the I/O.
A hidden card can only reach ``Transport.tell``: every public text is built from events
that carry no hidden card and from :func:`bot.words.tableview.table_view`.

Everything shown was committed first, so each delivery stands on its own: a private line,
the channel post, the table message and the turn nudge are sent in that order, and one the
platform refuses or drops is logged (and, if the table should have seen it, kept in
:attr:`Presenter.failures`) while the others still go out. Nothing here raises into the
service: a lost message never unsays the move it reports. When the platform refuses the
bot's posts in the channel altogether, that comes back as the answer
(:class:`~bot.service.state.ChannelRefused`), and the service holds the table.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, runtime_checkable

from bot.chat.chart import level_chart_png, stack_chart_png, stack_series
from bot.chat.picture import ShownHand, showdown_png
from bot.engine import events as ev
from bot.engine import tourneyevents as tv
from bot.engine.tableevents import TableEvent
from bot.process.logsafe import described
from bot.service.state import (
    Attachment,
    ChannelRefused,
    Live,
    ShowdownPicture,
    TableHeld,
    TableShown,
)
from bot.service.tables import Notice, Outgoing, TableService
from bot.service.tourneychart import tournament_series
from bot.service.tourneystats import tournament_number
from bot.words.render import PotResult, render, results_together
from bot.words.tabletext import held_text, no_direct_messages
from bot.words.tableview import TableView
from bot.words.tourneylines import CHART_CAPTION, chart_level, chart_title, place_text

log = logging.getLogger(__name__)

RECENT_LINES = 6  # the hand's last public lines shown under the table message
FAILURES_KEPT = 20  # lost deliveries remembered per table, newest last

# Events whose lines make up the result posted when a hand ends.
RESULT_EVENTS = (
    ev.Shown,
    ev.Mucked,
    ev.PotAwarded,
    PotResult,
    ev.UncalledReturned,
    ev.PassedOut,
)


def _tournament_over(item: Outgoing) -> bool:
    """Whether the item tells the channel that the tournament at its table is over."""
    return item.audience is None and isinstance(item.event, tv.TournamentWon)


def _currency(live: Live | None) -> str:
    """The money sign a table's lines write a tournament's money with ("" for none)."""
    return live.table.settings.currency if live is not None else ""


def told_together(outgoing: Sequence[Outgoing]) -> list[Outgoing]:
    """A committed batch as it is told: each hand's awards as its result lines, every run
    and board said (:func:`bot.words.render.results_together`); the rest as it is."""
    told = results_together([item.event for item in outgoing])
    return [
        item if event is item.event else replace(item, event=event)
        for item, event in ((outgoing[i], event) for i, event in told)
    ]


class Transport(Protocol):
    """What a platform adapter does for the presenter; ids are the service's.

    ``table_id`` is ``server/channel``; ``player_id`` is ``platform:user``.
    """

    async def show_table(self, table_id: str, view: TableView, recent: Sequence[str]) -> None:
        """Post the hand's table message, or edit it in place (coalescing edits)."""

    async def post(self, table_id: str, text: str) -> None:
        """Post a line to the table's channel."""

    async def tell(self, table_id: str, player_id: str, text: str) -> bool:
        """Send a private line to one player; False when it could not be delivered
        (e.g. his DMs are closed). Raising counts as not delivered."""

    async def turn(self, table_id: str, player_id: str, view: TableView) -> None:
        """Let a player know it is his turn in a way that notifies his phone."""

    async def post_image(self, table_id: str, png: bytes, caption: str) -> None:
        """Post a picture (PNG bytes) with a caption to the table's channel."""

    async def post_file(self, table_id: str, data: bytes, filename: str, caption: str) -> None:
        """Post a file (a CSV ledger, say) with a caption to the table's channel."""


@runtime_checkable
class Lines(Protocol):
    """A transport whose surface is one line after another (a terminal): it has no table
    message to edit, no phone to nudge and no pictures, and it is handed every line of a
    batch as it is told, public and private in the batch's order, instead of the
    channel's post, the table message and the private lines each gathered apart."""

    async def say(self, table_id: str, text: str, reader: str | None, name: str) -> None:
        """Show one line: the channel's (``reader`` None) or one player's private line
        (``reader`` his player id, ``name`` the name the table knows him by)."""


@runtime_checkable
class OpensChannels(Protocol):
    """A transport that can open channels of its own for a table (Discord's threads under
    a channel), for a tournament's other tables."""

    async def open_channels(self, table_id: str, names: Sequence[str]) -> list[str]:
        """Open one channel per name under ``table_id``'s channel; their ids, in order.

        Raises:
            CannotPost: the platform refuses (the bot may not open them there).
        """


class CannotPost(Exception):  # noqa: N818 - a platform's answer, not a program error
    """The platform refuses the bot's posts in a table's channel (Discord 403 Missing
    Permissions, Slack ``not_in_channel``). Its message says what the host must do, e.g.
    "give the bot Send Messages and Embed Links in #poker" or "type /invite @bot"."""


@dataclass(frozen=True)
class Failure:
    """A delivery the table should have seen and the platform did not take.

    Attributes:
        what: ``channel post``, ``table message``, ``turn nudge``, ``chart``, ``file``,
            ``picture`` or ``line`` (on a surface of lines).
        error: the exception's type name (its message is left out: it may quote the line).
    """

    what: str
    error: str


@dataclass
class _TableState:
    hand_number: int = 0
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_LINES))
    to_act: tuple[int, str | None] = (0, None)


class Presenter:
    """Renders the service's output for one platform.

    Args:
        service: the table service (read to build table views).
        transport: the platform's I/O.
    """

    def __init__(self, service: TableService, transport: Transport) -> None:
        self.service = service
        self.transport = transport
        self.tables: dict[str, _TableState] = {}
        # (table id, player id) whose DMs failed there: told once per table of "My cards"
        self.undelivered: set[tuple[str, str]] = set()
        # table id -> the newest deliveries the table missed, for an adapter to surface
        self.failures: dict[str, deque[Failure]] = {}
        self.failed = 0  # deliveries failed since start, every table
        # table id -> what the host must do, the channel having refused the bot since the
        # table's last answer (see :meth:`_refusal`)
        self._refused: dict[str, str] = {}

    async def publish(
        self, outgoing: Sequence[Outgoing], asker: str | None = None
    ) -> ChannelRefused | None:
        """The service's publisher: show one committed batch: each private line, then one
        post per table for its notices and result, then the table message and the nudge.
        The notices for the batch's ``asker`` (the player whose command it commits) are
        left out: they come back in his command's reply (an ephemeral message), not by
        direct message.

        Each delivery is independent: one that fails is logged and the rest still go out,
        in order. Raises nothing (the batch is committed whatever the platform does).

        Returns:
            The channel's refusal when the platform refused the bot's posts there (the
            service then holds the table), else None.
        """
        if isinstance(self.transport, Lines):
            await self._said(self.transport, outgoing, asker)
            return self._refusal(dict.fromkeys(item.table_id for item in outgoing))
        posts: dict[str, list[str]] = {}
        pictures: list[Outgoing] = []  # posted after the result they picture
        private: dict[str, list[Outgoing]] = {}  # player id -> his lines, in order
        shown: dict[str, TableView] = {}  # table id -> the table as committed
        for item in told_together(outgoing):
            if isinstance(item.event, TableShown):
                shown[item.table_id] = item.event.view
                posts.setdefault(item.table_id, [])
                continue
            if isinstance(item.event, ShowdownPicture):
                pictures.append(item)
                continue
            if isinstance(item.event, Attachment):
                event = item.event
                await self._deliver(
                    item.table_id,
                    "file",
                    self.transport.post_file(
                        item.table_id, event.data, event.filename, event.caption
                    ),
                )
                continue
            if isinstance(item.event, TableHeld) and item.audience is not None:
                await self._held(item.table_id, item.audience, item.event.why)
                continue
            own = item.audience is not None and item.audience == asker
            if own and isinstance(item.event, (Notice, TableEvent)):
                continue  # the command's reply carries it
            posts.setdefault(item.table_id, [])
            if item.audience is not None:
                private.setdefault(item.audience, []).append(item)
                continue
            await self._shown_safely(item, posts[item.table_id])
        # each player's lines in order, the players side by side: a deal's nine hands of
        # cards take one platform call's time, not nine
        await asyncio.gather(*(self._lines_of(items, posts) for items in private.values()))
        for table_id, lines in posts.items():
            if lines:
                await self._deliver(
                    table_id, "channel post", self.transport.post(table_id, "\n".join(lines))
                )
            await self._refresh(table_id, shown.get(table_id))
        for item in pictures:
            await self._picture(item.table_id, item.event)  # type: ignore[arg-type]
        for table_id in dict.fromkeys(o.table_id for o in outgoing if _tournament_over(o)):
            await self.tournament_chart(table_id)  # after the results that close it
        return self._refusal(dict.fromkeys(item.table_id for item in outgoing))

    async def _said(self, lines: Lines, outgoing: Sequence[Outgoing], asker: str | None) -> None:
        """:meth:`publish` for a surface of lines: each line said in the batch's order
        (the asker's notices left for his reply, as in chat); a file is posted where it
        falls; pictures are left out."""
        for item in told_together(outgoing):
            event = item.event
            if isinstance(event, (TableShown, ShowdownPicture)):
                continue
            if isinstance(event, Attachment):
                call = self.transport.post_file(
                    item.table_id, event.data, event.filename, event.caption
                )
                await self._deliver(item.table_id, "file", call)
                continue
            if isinstance(event, TableHeld) and item.audience is not None:
                await self._held(item.table_id, item.audience, event.why)
                continue
            own = item.audience is not None and item.audience == asker
            if own and isinstance(event, (Notice, TableEvent)):
                continue  # the command's reply carries it
            live = self.service.tables.get(item.table_id)
            display = dict(live.names or {}) if live is not None else {}
            try:
                message = render(event, item.names, display, _currency(live))
                if message is None:
                    continue
                reader = item.audience
                name = display.get(reader, reader) if reader is not None else ""
                await lines.say(item.table_id, message.text, reader, name)
            except Exception as exc:  # noqa: BLE001 - one line's fault spares the others
                self._failed(item.table_id, "line", exc)

    async def _picture(self, table_id: str, event: ShowdownPicture) -> None:
        """Draw a showdown's picture off the event loop and post it; a failure is the
        host's to see, as any delivery's, and the text result stands."""
        try:
            hands = [ShownHand(*hand) for hand in event.hands]
            png = await asyncio.to_thread(showdown_png, event.title, event.boards, hands)
        except Exception as exc:  # noqa: BLE001 - a picture never holds up the table
            log.error(
                "table %s: a showdown picture could not be drawn: %s", table_id, described(exc)
            )
            return
        caption = event.title.split(" · ")[0] + ": the showdown"
        name = event.title.split(" · ")[0].replace("Hand #", "hand-") + ".png"
        await self._deliver(
            table_id, "picture", self.transport.post_file(table_id, png, name, caption)
        )

    async def _lines_of(self, items: list[Outgoing], posts: dict[str, list[str]]) -> None:
        """One player's private lines of a batch, one after another."""
        for item in items:
            await self._shown_safely(item, posts.setdefault(item.table_id, []))

    async def _shown_safely(self, item: Outgoing, posts: list[str]) -> None:
        """Show one item; a fault is logged by table and event type and spares the rest."""
        try:
            await self._one(item, posts)
        except Exception as exc:  # noqa: BLE001 - one event's fault spares the others
            log.error(
                "table %s: a %s could not be shown: %s",
                item.table_id,
                type(item.event).__name__,
                described(exc),
            )

    async def _deliver(self, table_id: str, what: str, call: Awaitable[None]) -> bool:
        """Await one delivery the whole table should see; False when it failed, which is
        logged and kept in :attr:`failures`. When the bot may not post in the channel at
        all, that is kept for the table's answer (:meth:`_refusal`)."""
        try:
            await call
        except CannotPost as exc:
            self._failed(table_id, what, exc)
            self._refused.setdefault(table_id, str(exc))
            return False
        except Exception as exc:  # noqa: BLE001 - the platform's fault spares the others
            self._failed(table_id, what, exc)
            return False
        return True

    def _refusal(self, table_ids: Iterable[str]) -> ChannelRefused | None:
        """The answer for these tables: the first refusal of the bot's posts met at one of
        them since their last answer, or None; they are answered so."""
        refused = [self._refused.pop(t) for t in table_ids if t in self._refused]
        return ChannelRefused(refused[0]) if refused else None

    async def _held(self, table_id: str, host_id: str, what_to_do: str) -> None:
        """The channel refuses the bot and the service has held the game (no deal, no turn
        timer, until the host's ``start``): tell the host privately what to do."""
        delivered = await self._tell(table_id, host_id, held_text(what_to_do))
        if not delivered:
            log.error("table %s: the host could not be told that the channel refuses us", table_id)

    def _failed(self, table_id: str, what: str, exc: BaseException) -> None:
        """Log a delivery that failed, by table, kind and error type only (the text may
        hold a player's cards), and keep it for the table."""
        log.error("table %s: the %s was not delivered: %s", table_id, what, described(exc))
        kept = self.failures.setdefault(table_id, deque(maxlen=FAILURES_KEPT))
        kept.append(Failure(what, type(exc).__name__))
        self.failed += 1

    async def _tell(self, table_id: str, player_id: str, text: str) -> bool:
        """A private line; False when the transport could not deliver it or raised (the
        player is then pointed to "My cards", as for closed DMs)."""
        try:
            return await self.transport.tell(table_id, player_id, text)
        except Exception as exc:  # noqa: BLE001 - one player's DM spares the others
            log.warning(
                "table %s: a private line to %s was not delivered: %s",
                table_id,
                player_id,
                described(exc),
            )
            return False

    async def _one(self, item: Outgoing, posts: list[str]) -> None:
        state = self.tables.setdefault(item.table_id, _TableState())
        live = self.service.tables.get(item.table_id)
        display = dict(live.names or {}) if live is not None else {}
        message = render(item.event, item.names, display, _currency(live))
        if message is None:
            return
        if item.audience is not None:
            delivered = await self._tell(item.table_id, item.audience, message.text)
            hinted = (item.table_id, item.audience)
            if not delivered and hinted not in self.undelivered:
                self.undelivered.add(hinted)
                posts.append(no_direct_messages(display.get(item.audience, "a player")))
            return
        event = item.event
        if isinstance(event, ev.HandStarted):
            state.recent.clear()
        state.recent.append(message.text)
        if isinstance(event, (Notice, TableEvent, ev.MixGame, *RESULT_EVENTS)):
            posts.append(message.text)

    async def open_channels(self, table_id: str, names: Sequence[str]) -> list[str] | None:
        """Channels opened for a tournament's other tables under ``table_id``'s (their
        ids), or None where the platform cannot or will not (the host names them then)."""
        transport = self.transport
        if not isinstance(transport, OpensChannels):
            return None
        try:
            return await transport.open_channels(table_id, names)
        except CannotPost as exc:
            log.warning("channels not opened under %s: %s", table_id, exc)
            return None

    async def refresh(self, table_id: str, view: TableView | None = None) -> ChannelRefused | None:
        """Show the table message (``view``: the table as a batch committed it; None: as
        it stands now), and nudge the player to act (once per decision, even if showing the
        message failed). Raises nothing: a failure is logged and kept in
        :attr:`failures`.

        Returns:
            The channel's refusal when the platform refused the bot's posts there (the
            caller holds the table: :meth:`bot.service.tables.TableService.hold`), else
            None.
        """
        await self._refresh(table_id, view)
        return self._refusal((table_id,))

    async def _refresh(self, table_id: str, view: TableView | None) -> None:
        """:meth:`refresh`, its refusal kept for the caller's answer."""
        live = self.service.tables.get(table_id)
        if live is None:
            return
        state = self.tables.setdefault(table_id, _TableState())
        try:
            view = view if view is not None else self.view(table_id)
        except Exception as exc:  # noqa: BLE001 - the table is committed: log, never unsay
            self._failed(table_id, "table message", exc)
            return
        state.hand_number = view.hand_number
        recent = tuple(state.recent)
        await self._deliver(
            table_id, "table message", self.transport.show_table(table_id, view, recent)
        )
        turn = (view.hand_number, view.to_act)
        if view.to_act is not None and turn != state.to_act:
            await self._deliver(
                table_id, "turn nudge", self.transport.turn(table_id, view.to_act, view)
            )
        state.to_act = turn

    async def session_chart(self, table_id: str, session_id: int) -> ChannelRefused | None:
        """Post the chart of every player's stack over a session to the table's channel.
        Raises nothing: the session has ended whatever the channel shows; a failure is
        logged and kept in :attr:`failures`.

        Returns:
            The channel's refusal, as :meth:`refresh` answers it, else None.
        """
        live = self.service.tables.get(table_id)
        if isinstance(self.transport, Lines):
            return None  # a surface of lines shows no pictures
        try:
            series = stack_series(await self.service.db.books.session_timeline(session_id))
            if live is None or not series:
                return None
            title = f"{live.channel}: session {session_id}"
            png = stack_chart_png(series, live.names or {}, title)
        except Exception as exc:  # noqa: BLE001 - reading or drawing it: the end stands
            self._failed(table_id, "chart", exc)
            return None
        await self._deliver(
            table_id, "chart", self.transport.post_image(table_id, png, "Stacks over the session")
        )
        return self._refusal((table_id,))

    async def tournament_chart(self, table_id: str) -> None:
        """Post the chart of every player's chips over the tournament that just ended at
        the table, hand by hand with its levels marked (RULES.md "Tournaments": the chart
        at the end). Raises nothing: the tournament is over whatever the channel shows; a
        failure is logged and kept in :attr:`failures`."""
        live = self.service.tables.get(table_id)
        if isinstance(self.transport, Lines) or live is None or live.tourney is None:
            return  # a surface of lines shows no pictures
        try:
            tournaments = self.service.db.tournaments
            tournament_id = live.tournament_id or ""
            series = await tournament_series(self.service.db.books, tournament_id)
            if not series.lines:
                return
            number = await tournament_number(tournaments, live.server_id, tournament_id)
            places = {}
            for entry in sorted(live.tourney.tournament.entries, key=lambda e: -e.place):
                if entry.place:  # a player's best entry last, so it is his place
                    places[entry.player] = place_text(entry.place, entry.tied)
            labels = [chart_level(n, small, big) for _, n, small, big in series.levels]
            title = chart_title(number, live.channel)
            png = await asyncio.to_thread(
                level_chart_png, series, live.names or {}, places, labels, title
            )
        except Exception as exc:  # noqa: BLE001 - reading or drawing it: the end stands
            self._failed(table_id, "chart", exc)
            return
        await self._deliver(
            table_id, "chart", self.transport.post_image(table_id, png, CHART_CAPTION)
        )

    def view(self, table_id: str) -> TableView:
        """The table's summary now (see :meth:`TableService.table_message`).

        Raises:
            KeyError: no such table.
        """
        return self.service.table_message(self.service.tables[table_id])
