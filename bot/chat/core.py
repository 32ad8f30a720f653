"""One command vocabulary for every chat: what a player typed or clicked, to the service.

An adapter turns a slash command, a button or a console line into a :class:`Request` and
shows the :class:`Reply` to the sender only (an ephemeral message). Everything the table
sees goes through the service's publisher (see :mod:`bot.chat.presenter`) after the commit.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.chat.presenter import Presenter
from bot.engine import IllegalAction, SeatView, Turn
from bot.engine.tableevents import TableEvent
from bot.process.logsafe import described, frames
from bot.service import booklines
from bot.service.state import ChannelRefused
from bot.service.tables import Live, NeedsConfirm, Notice, Player, ServiceError, TableService
from bot.service.tourneystats import tournament_stats_lines
from bot.words.commands import (
    PLAY_WORDS,
    Cards,
    Command,
    EndSession,
    Help,
    New,
    ParseError,
    Play,
    Rules,
    Stats,
    TournamentNew,
    Verify,
    parse,
)
from bot.words.commandset import HELP, words_of
from bot.words.render import cards_text, render
from bot.words.tablesetup import HELP as SETUP_HELP
from bot.words.tablesetup import describe_settings, parse_table_setup
from bot.words.tourneysetup import HELP as TOURNEY_HELP
from bot.words.tourneysetup import (
    parse_tournament_setup,
    setup_lines,
    table_name,
    tables_wanted,
)
from storage import StorageError

log = logging.getLogger(__name__)

MAX_TEXT = 500  # characters of one command: more is refused before it is read

NO_TABLE = (
    "there is no table in this channel: start one with 'new' (e.g. new holdem nl 1/2), or type help"
)


@dataclass(frozen=True)
class Request:
    """One command from a chat.

    Attributes:
        platform: ``discord``, ``slack`` or ``console``.
        server_id: the Discord guild or Slack workspace id.
        channel_id: the channel the command came from (a table plays in one channel).
        user_id: the platform's user id; display name in ``user_name``.
        text: the command's words, e.g. ``raise 40`` or ``new omaha pl 1/2``.
        request_id: the platform's interaction or request id (a retry is applied once).
        admin: the user administers the server (may use the host's controls).
        confirmed: the user clicked to confirm an all-in or a big bet.
        hand: the hand number of the button clicked, None for typed commands: the move is
            refused if that hand is over by the time it is applied.
        step: the hand's move count the button was shown at (``TableView.step``), None
            for typed commands and buttons good for the whole hand: a stale click (a
            double click) is refused instead of acting on the next decision.
        form: a click on a button that asks for more before it acts (``raise``, ``bet``
            or ``draw`` without an amount or cards): :meth:`ChatCore.answer` answers with
            the form to open, or refuses.
    """

    platform: str
    server_id: str
    channel_id: str
    user_id: str
    user_name: str
    text: str
    request_id: str | None = None
    admin: bool = False
    confirmed: bool = False
    hand: int | None = None
    step: int | None = None
    form: bool = False


@dataclass(frozen=True)
class Reply:
    """What to show the sender only.

    Attributes:
        text: the message ("" when the table message says it all).
        ok: False when nothing changed (bad input, not allowed now).
        confirm: a command to confirm with a click before it is sent again with
            ``confirmed``; None when nothing needs confirming.
        hand, step: with ``confirm``, the hand number and the step of the decision the
            question was asked at (taken under the table's lock with it): the Confirm
            button carries them, so it can never act on a later decision.
    """

    text: str
    ok: bool = True
    confirm: str | None = None
    hand: int | None = None
    step: int | None = None


@dataclass(frozen=True)
class AmountForm:
    """Open a form asking how much to bet or raise to, for the clicker only; what it sends
    is ``{command} {amount}`` as a click of the same button (the same ``hand`` and
    ``step``), checked again when it comes.

    Attributes:
        command: ``raise`` or ``bet``, as the button sent it.
        verb: the move in words: ``Raise``, ``Bet`` or ``Complete``.
        minimum, maximum: the legal range *to*, in chips, under the table's lock; None
            when the bet has one size only.
    """

    command: str
    verb: str
    minimum: int | None
    maximum: int | None


@dataclass(frozen=True)
class DrawForm:
    """Open a form asking which cards to throw, for the clicker only; what it sends is
    ``draw CARDS`` or ``pat`` as a click of the same button.

    Attributes:
        cards: the clicker's own cards to pick from, in hand order.
    """

    cards: tuple[str, ...]


Answer = Reply | AmountForm | DrawForm  # what ChatCore.answer says to do


@dataclass(frozen=True)
class SeatFacts:
    """One seat as anyone at the table may see it.

    Attributes:
        player_id: ``platform:user``; ``name`` his name at the table; ``seat`` the seat's
            number.
        stack: his chips on the table, in chips (between hands; a hand holds them meanwhile).
        status: ``active``, ``waiting`` or ``sitting_out`` (the seat's status).
    """

    player_id: str
    name: str
    seat: int
    stack: int
    status: str


@dataclass(frozen=True)
class TableFacts:
    """What a chat that drives its own players (the console) reads of a table between
    moves: nothing in it is a hidden card.

    Attributes:
        host_id: the host's player id; ``names`` every player id the table knows -> name.
        running: the game deals (False: paused by the host, or not started).
        hand_number: the last hand dealt (0 before the first).
        min_buy_in, max_buy_in, default_buy_in: the buy-in range and default, in chips
            (000 NL §16).
        seats: every seat taken, in seat order.
        dealt: the player ids dealt into the hand in play (() between hands).
        turn: the decision the table waits for, or None.
        chooser: whose pick of the game the table waits for (dealer's choice), or None.
        games: the games a pick may name (dealer's choice), else ().
        tournament, away, timed_start: a tournament's table; its players away (dealt in
            and blinded off); its lobby waits for a start at a time.
        deal_offered: at a tournament's table, the deal on offer as ``(kind, player ids
            still to answer)``, else None.
    """

    host_id: str
    names: dict[str, str]
    running: bool
    hand_number: int
    min_buy_in: int
    max_buy_in: int
    default_buy_in: int
    seats: tuple[SeatFacts, ...]
    dealt: tuple[str, ...]
    turn: Turn | None
    chooser: str | None
    games: tuple[str, ...]
    deal_offered: tuple[str, tuple[str, ...]] | None = None
    tournament: bool = False
    away: frozenset[str] = frozenset()
    timed_start: bool = False

    def seat_of(self, player_id: str) -> SeatFacts | None:
        """``player_id``'s seat, or None when he has none."""
        return next((s for s in self.seats if s.player_id == player_id), None)


def _deal_offered(live: Live) -> tuple[str, tuple[str, ...]] | None:
    """The deal on offer at a tournament's table and who has still to answer it."""
    offer = live.tourney.offer if live.tourney is not None else None
    if offer is None:
        return None
    waiting = tuple(p for p in offer.players.values() if p not in offer.accepted)
    return offer.kind, waiting


def table_id_of(request: Request) -> str:
    """The table in the request's channel: ``server/channel``."""
    return f"{request.server_id}/{request.channel_id}"


def command_kind(text: str) -> str:
    """What a command is, for the server's log: one of :data:`OWN_WORDS`, the parsed
    command's type with a move's kind (``Play(draw)``), or ``unknown``; never its other
    words, which may be the cards a player throws (``draw 7h 2c``)."""
    words = text.strip().split()
    head = words[0].lower().lstrip("/") if words else "help"
    if head in OWN_WORDS:
        return head
    try:
        command = parse(text)
    except Exception:  # noqa: BLE001 - a word that is no command is named by no word
        return "unknown"
    return f"Play({command.kind})" if isinstance(command, Play) else type(command).__name__


def player_of(request: Request) -> Player:
    """The service's player for the request's user: id ``platform:user``."""
    return Player(
        f"{request.platform}:{request.user_id}", request.user_name, request.platform, request.admin
    )


class ChatCore:
    """Routes chat requests to the service.

    Args:
        service: the table service (its publisher shows the table's messages).
        presenter: the platform's presenter, to show a new table at once.
    Attributes:
        observe: told of every answer, its seconds from the request and whether it was
            ``ok`` (the metrics' hook, :mod:`bot.process.metrics`), or None.
    """

    def __init__(self, service: TableService, presenter: Presenter | None = None) -> None:
        self.service = service
        self.presenter = presenter
        self.observe: Callable[[float, bool], None] | None = None

    async def handle(self, request: Request) -> Reply:
        """Apply one request; bad input or a move not allowed changes nothing and says
        what is legal.

        Returns:
            The reply for the sender only.
        Raises:
            Nothing: every error becomes a reply with ``ok`` False.
        """
        began = time.perf_counter()
        reply: Reply | None = None
        try:
            reply = await self._answered(request)
            return reply
        finally:
            if request.request_id is not None:  # taken once, whatever came of it
                await self.service.done_with(request.request_id)
            if self.observe is not None:
                self.observe(time.perf_counter() - began, reply is not None and reply.ok)

    async def _answered(self, request: Request) -> Reply:
        if len(request.text) > MAX_TEXT:
            return Reply(f"a command is at most {MAX_TEXT} characters: nothing was done", ok=False)
        try:
            return await self._handle(request)
        except (ParseError, ServiceError) as exc:
            return Reply(str(exc), ok=False)
        except Exception as exc:  # noqa: BLE001 - a player gets an answer, the log the place
            log.error(
                "the command %s at table %s failed: %s\n%s",
                command_kind(request.text),
                table_id_of(request),
                described(exc),
                frames(exc),
            )
            return Reply("that could not be done (an error on our side, logged)", ok=False)

    async def answer(self, request: Request) -> Answer:
        """What to do for a click or a typed command, decided under the table's lock: a
        :class:`Reply` for a command applied now or refused with the reason, and for a
        click with ``form`` the :class:`AmountForm` (with the legal range) or
        :class:`DrawForm` (with the clicker's own cards) to open when he may make that
        move now.

        Raises:
            Nothing: every error becomes a reply with ``ok`` False.
        """
        if not request.form:
            return await self.handle(request)
        try:
            return await self._form(request)
        finally:
            if request.request_id is not None:  # a form opened changes nothing
                await self.service.done_with(request.request_id, claim=False)

    async def _form(self, request: Request) -> Answer:
        words = request.text.strip().split()
        kind = words[0].lower() if words else ""
        try:
            form = await self.service.form(
                table_id_of(request), player_of(request), kind, request.hand, request.step
            )
        except ServiceError as exc:
            return Reply(str(exc), ok=False)
        except Exception as exc:  # noqa: BLE001 - a player gets an answer, the log the place
            log.error(
                "the form of %s at table %s failed: %s\n%s",
                command_kind(request.text),
                table_id_of(request),
                described(exc),
                frames(exc),
            )
            return Reply("that could not be done (an error on our side, logged)", ok=False)
        if isinstance(form, tuple):
            return DrawForm(form)
        return AmountForm(kind, form.move.capitalize(), form.minimum, form.maximum)

    async def _handle(self, request: Request) -> Reply:
        """One dispatch: the command read from the words (nothing typed asks for help),
        answered by the chat itself (:data:`OWN`) or by the service, under the table's
        lock."""
        table_id = table_id_of(request)
        player = player_of(request)
        try:
            command = parse(request.text) if request.text.split() else Help()
        except ParseError as exc:
            if not _any_channel(request.text):
                await self._committed(table_id, request.hand is not None)  # no table said first
            why = self._with_choices(str(exc), request.text, table_id, player.id)
            raise ParseError(why) from exc
        own = OWN.get(type(command))
        if own is not None:
            return await own(self, request, command)
        if isinstance(command, Stats) and command.tournament is not None:
            return await self._tournament_stats(request, command)  # any channel, table or none
        live = self.service.tables.get(table_id) or await self._committed(
            table_id, request.hand is not None
        )
        session = live.session_id
        try:
            out = await self.service.handle(
                table_id,
                player,
                command,
                request.request_id,
                expect_hand=request.hand,
                expect_step=request.step,
                confirmed=request.confirmed,
                wait=False,  # answered at its commit; the table is shown after, in order
                replied=True,  # his own notices come back in this reply
            )
        except NeedsConfirm as question:  # the service decided, under the table's lock
            return Reply(
                str(question), confirm=request.text.strip(), hand=question.hand, step=question.step
            )
        if isinstance(command, EndSession) and session is not None and self.presenter:
            await self.service.shown(table_id)  # the results first, then their chart
            await self._refused(table_id, await self.presenter.session_chart(table_id, session))
        now = self.service.tables.get(table_id)
        display = (now.names or {}) if now is not None else {}
        told = (
            render(o.event, o.names, display)
            for o in out
            if o.audience == player.id and isinstance(o.event, (Notice, TableEvent))
        )
        return Reply("\n".join(message.text for message in told if message is not None))

    async def _committed(self, table_id: str, clicked: bool = False) -> Live:
        """The table in the channel as last committed: what the chat answers itself reads
        it so, without the table's lock (a command's table is read under it, by the
        service).

        Raises:
            ServiceError: there is no table in the channel (any more, for a ``clicked``
                button of a table since gone).
        """
        live = await self.service.current(table_id)
        if live is None:
            raise ServiceError(
                "there is no table in this channel any more" if clicked else NO_TABLE
            )
        return live

    async def _help(self, request: Request, command: Help) -> Reply:
        return Reply(HELP)

    async def _rules(self, request: Request, command: Rules) -> Reply:
        live = await self._committed(table_id_of(request))
        return Reply("\n".join(describe_settings(live.table.settings)))

    async def _cards(self, request: Request, command: Cards) -> Reply:
        table_id = table_id_of(request)
        await self._committed(table_id, request.hand is not None)
        player_id = player_of(request).id
        why = self.service.fresh(table_id, player_id, request.hand, None)
        if why is not None:  # the button of a hand that is over
            return Reply(why, ok=False)
        return Reply(self.own_cards(table_id, player_id))

    async def _verify(self, request: Request, command: Verify) -> Reply:
        live = await self._committed(table_id_of(request))
        lines = await booklines.verify_lines(live, self.service.db.books, command.hand)
        return Reply("\n".join(lines))

    async def _tournament_stats(self, request: Request, command: Stats) -> Reply:
        """``stats tournament N [NAME]``: the statistics in the server's tournament N, read
        off the books, in any channel of the server; refused naming the tournaments there
        are, or the entrants of N."""
        player = player_of(request)
        db = self.service.db
        try:
            lines = await tournament_stats_lines(
                db.books,
                db.tournaments,
                request.server_id,
                command.tournament or 0,
                (player.id, player.name),
                command.player,
            )
        except IllegalAction as exc:
            return Reply(str(exc), ok=False)
        return Reply("\n".join(lines))

    async def _new(self, request: Request, command: New) -> Reply:
        player = player_of(request)
        words = command.text.split()
        if len(words) > 1 and words[1].lower() == "help":
            return Reply(SETUP_HELP)
        settings = parse_table_setup(command.text)
        table_id = await self.service.create_table(
            request.server_id, request.channel_id, player, settings
        )
        lines = describe_settings(settings)
        if self.presenter is not None:
            await self._refused(table_id, await self.presenter.refresh(table_id))
        unseen = self.service.unseen(table_id)
        if unseen is not None:  # the channel refuses the bot: say so now, not "open"
            return Reply(
                f"The table is set up ({table_id}) but I cannot post in this channel, so "
                f"nobody could see it: {unseen}. Then type 'start' to check again.",
                ok=False,
            )
        return Reply(
            f"Table open ({table_id}):\n"
            + "\n".join(lines)
            + f"\nSit with 'sit N' ({settings.min_buy_in} to {settings.max_buy_in}); "
            "when two or more are seated, 'start' deals."
        )

    async def _tournament(self, request: Request, command: TournamentNew) -> Reply:
        """``tournament new ...`` sets up a sit & go in this channel, its lobby open;
        ``tournament help`` (or the word alone) lists the words."""
        words = command.text.split()
        if not words or words[0].lower() == "help":
            return Reply(TOURNEY_HELP)
        player = player_of(request)
        setup = parse_tournament_setup(command.text)
        channels = setup.channels
        missing = setup.rules.tables - 1 - len(channels)
        if request.platform != "console" and missing > 0:
            # the console names its tables itself; a chat plays each in a channel it has,
            # named by the host or opened by the bot where the platform lets it (threads)
            here = f"{request.server_id}/{request.channel_id}"
            first = setup.rules.tables - missing + 1
            names = [table_name(n) for n in range(first, setup.rules.tables + 1)]
            opened = await self.presenter.open_channels(here, names) if self.presenter else None
            if opened is None:
                return Reply(tables_wanted(setup.rules.tables, missing), ok=False)
            channels = (*channels, *opened)
        table_id = await self.service.create_tournament(
            request.server_id, request.channel_id, player, setup, channels
        )
        if self.presenter is not None:
            await self._refused(table_id, await self.presenter.refresh(table_id))
        lines = setup_lines(setup, setup.settings.currency)
        return Reply(
            f"Tournament open ({table_id}):\n"
            + "\n".join(lines)
            + "\nEnter with 'register' (or the Register button); 'unregister' before the "
            "start gives the buy-in back."
        )

    async def _refused(self, table_id: str, refused: ChannelRefused | None) -> None:
        """What the chat showed itself was refused by the channel (``refused``, the
        presenter's answer): hold the table, and return once the host is told what to do."""
        if refused is not None and await self.service.hold(table_id, refused.why):
            await self.service.shown(table_id)

    async def has_table(self, table_id: str) -> bool:
        """Whether a table plays at ``table_id`` (``server/channel``), as last committed."""
        return await self.service.current(table_id) is not None

    async def buy_in_range(self, table_id: str) -> tuple[int, int] | None:
        """The table's least and most buy-in in chips (000 NL §16), or None without a
        table."""
        live = await self.service.current(table_id)
        if live is None:
            return None
        settings = live.table.settings
        return settings.min_buy_in, settings.max_buy_in

    def restored(self) -> tuple[int, list[tuple[str, str]]]:
        """How many tables the service restored at start, and each table that could not
        be (its id and why)."""
        return len(self.service.tables), list(getattr(self.service, "broken", []))

    async def first_time(self, request_id: str) -> bool | None:
        """Whether a platform's request id is new (neither claimed nor committed), across
        restarts and processes; None when the database could not be read (the request is
        then not to be taken: it could be a replay). A new id is taken once, whatever
        comes of its request: a move's commit carries it, and the id of anything else is
        claimed when :meth:`handle` answers it
        (:meth:`bot.service.tables.TableService.done_with`)."""
        try:
            return await self.service.first_time(request_id)
        except StorageError as exc:
            log.error("request %s not checked: %s", request_id, type(exc).__name__)
            return None

    def acting(self, table_id: str) -> tuple[str, SeatView] | None:
        """Who is to act at the table (his player id) and the hand as he may see it (his
        own cards, the board, the pot, what he may do), or None when no one is: all a
        computer player decides from."""
        return self.service.acting(table_id)

    def facts(self, table_id: str) -> TableFacts | None:
        """The table at ``table_id`` as anyone at it may see it now (see
        :class:`TableFacts`), or None without a table."""
        live = self.service.tables.get(table_id)
        if live is None:
            return None
        table = live.table
        settings = table.settings
        seats = tuple(
            SeatFacts(s.player_id, s.name, s.seat, s.stack, s.status.value) for s in table.seated()
        )
        rotation = table.rotation
        return TableFacts(
            host_id=live.table.host,
            names=dict(live.names or {}),
            running=table.running,
            hand_number=table.hand_number,
            min_buy_in=settings.min_buy_in,
            max_buy_in=settings.max_buy_in,
            default_buy_in=settings.default_buy_in,
            seats=seats,
            dealt=tuple(table.dealt),
            turn=self.service.turn(table_id),
            chooser=self.service.game_chooser(table_id),
            games=tuple(g.value for g in rotation.games) if rotation is not None else (),
            deal_offered=_deal_offered(live),
            tournament=live.tourney is not None,
            away=frozenset(live.tourney.away) if live.tourney is not None else frozenset(),
            timed_start=live.tourney is not None and live.tourney.start_at is not None,
        )

    def tournament_tables(self, table_id: str) -> list[str]:
        """The tables of the tournament over several tables that ``table_id`` is one of,
        the tournament's own channel's first, those still in play ([] at any other
        table): for a chat that shows and plays every table (the console)."""
        live = self.service.tables.get(table_id)
        spread = live.spread if live is not None else None
        if spread is None:
            return []
        floor = spread.floor
        return [tid for tid in spread.lives if floor is None or tid in floor.tables]

    def public_state(self, table_id: str) -> dict[str, object] | None:
        """What everyone at the table may know, as plain data (see
        :meth:`bot.service.tables.TableService.public_state`), or None without a table."""
        if table_id not in self.service.tables:
            return None
        return self.service.public_state(table_id)

    async def tick(self) -> None:
        """Let every timer that is due act (the turn timer, the clock, a kill's objection
        window) and wait until what it did is shown: for a chat that moves its own clock
        (a console script's ``wait``)."""
        await self.service.tick()
        await self.service.idle()

    def busy(self) -> bool:
        """Whether a next deal or a batch to show is still pending at any table."""
        return self.service.busy()

    async def idle(self) -> None:
        """Wait until every next deal owed is dealt and everything committed is shown (a
        bot's shutdown, tests)."""
        await self.service.idle()

    def _with_choices(self, refusal: str, text: str, table_id: str, player_id: str) -> str:
        """A move that cannot be read is refused with the player's whole legal choice
        when it is his turn (RULES.md: the legal range with every refusal, a word that is
        not an amount included): "'abc' is not an amount: you may fold, call 20 or ..."."""
        words = text.split()
        if not words or words[0].lower().lstrip("/") not in PLAY_WORDS:
            return refusal
        choices = self.service.choices(table_id, player_id)
        if choices is None:
            return refusal
        head, _, _ = refusal.partition(": ")
        return f"{head}: you may {choices}"

    def hole_cards(self, table_id: str, player_id: str) -> tuple[tuple[str, ...], bool] | None:
        """The asking player's own hole cards in the hand in play (``()`` before they are
        dealt) and whether he has folded, for his eyes only; None when the table has no
        hand in play or he is not dealt in."""
        return self.service.own_cards(table_id, player_id)

    def own_cards(self, table_id: str, player_id: str) -> str:
        """The asking player's own cards in the hand in play, for his eyes only."""
        own = self.service.own_cards(table_id, player_id)
        if own is None:
            return "you have no cards in the hand in play"
        cards, folded = own
        if not cards:
            return "your cards are not dealt yet"
        return f"Your cards: {cards_text(cards)}" + (" (folded)" if folded else "")


def _any_channel(text: str) -> bool:
    """Whether the words are a command answered in any channel, a table there or not
    (``stats tournament N``), so that its refusal is its own and not "no table here"."""
    words = text.lower().split()
    return (
        len(words) > 1
        and words[0].lstrip("/") in words_of(Stats)
        and words[1] in ("tournament", "tourney")
    )


# The commands the chat answers itself (help, a new table, and what it reads off the table
# as last committed); the service answers every other (see bot.service.tables).
OWN: dict[type[Command], Callable[[ChatCore, Request, Any], Awaitable[Reply]]] = {
    Help: ChatCore._help,
    New: ChatCore._new,
    TournamentNew: ChatCore._tournament,
    Rules: ChatCore._rules,
    Cards: ChatCore._cards,
    Verify: ChatCore._verify,
}

# the words of those commands (the server's log names them as typed)
OWN_WORDS = frozenset(word for command in OWN for word in words_of(command))
