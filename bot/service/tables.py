"""The table service: one ordered lock per table, every action committed before it is told.

A command is decided and applied under its table's lock, in the table's order, and
committed before anything it caused is shown. A platform's retry of the same request id
is applied once. At start the service restores the tables that need it, the hand in play
included, and the turn timers; it holds a bound of tables in memory and reads any other
when a request comes for it (:mod:`bot.service.commits`).

:class:`TableService` is the service's public face, built from its parts: the commit
(:mod:`bot.service.commits`), the outbox (:mod:`bot.service.outbox`), the next deal
(:mod:`bot.service.deals`), the timers (:mod:`bot.service.timers`) and what a table shows
(:mod:`bot.service.views`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.engine import ConfigError, Decision, EngineError, LegalMove, Table, TableSettings
from bot.engine.league import checked_points
from bot.engine.tournament import REGISTERING, RUNNING
from bot.engine.tourneyevents import SeasonStarted
from bot.engine.tourneytable import TournamentTable, tournament_settings
from bot.process.logsafe import described, frames
from bot.service import booklines, controls, stepping
from bot.service.commits import ServiceError as ServiceError
from bot.service.commits import _kind, _Stale
from bot.service.spreads import Spreads, open_lobby
from bot.service.state import Live as Live
from bot.service.state import Notice as Notice
from bot.service.state import Outgoing as Outgoing
from bot.service.state import Player as Player
from bot.service.state import Publisher as Publisher
from bot.service.state import TableChanged as TableChanged
from bot.service.views import READS, Views
from bot.words.commands import Command, EndSession, NewSeason, Play
from bot.words.commandset import declared_of
from bot.words.houserefusals import NO_SESSION_END, Refused, between_hands, not_created
from bot.words.refusals import refusal
from bot.words.tabletext import returned_lines
from bot.words.tourneysetup import TournamentSetup
from storage import LedgerEntry, StorageError, StoredTable, TableDue, Write

log = logging.getLogger(__name__)

# On a database several processes share: how often a command is decided again on the
# table as another process left it, before the player is asked to try again.
ATTEMPTS = 3


class NeedsConfirm(ServiceError):
    """The move is to be confirmed before it is applied (an all-in, or a bet over the
    host's confirmation size); the message is the question. Nothing changed.

    Attributes:
        hand, step: the hand number and the moves made in it when the question was asked,
            for the Confirm button (a click for an earlier decision is refused).
    """

    def __init__(self, question: str, hand: int, step: int) -> None:
        super().__init__(question)
        self.hand, self.step = hand, step


class TableService(Spreads, Views):
    """All tables of one bot process.

    Args:
        db: the open database.
        publish: receives what to show, after each commit.
        clock: seconds (a fake clock in tests).
        shuffle: returns a shuffled deck order (the OS CSPRNG in play).
        held: the most tables held in memory before the least recently used idle ones
            are let go (:data:`bot.service.commits.TABLES_HELD`).
    """

    async def restore(self) -> int:
        """Load the stored tables, each hand in progress replayed; returns how many. When
        more are stored than the process holds (:attr:`held`), only those that need it
        before anyone speaks at them (:meth:`storage.db.Database.load_tables`); any other
        is read when a request comes for it.

        A table whose stored state cannot be read is skipped and listed in
        ``self.broken``; the others play on. On a database of this process alone, each
        table's due time is written as restored, so the next start finds the tables due.
        """
        self.broken: list[tuple[str, str]] = list(self.db.broken)
        spreads: dict[str, dict[str, dict[str, Any]]] = {}
        for stored in await self.db.load_tables(beyond=self.held):
            try:
                self.tables[stored.id] = self._live(stored, self.clock())
                self._index(self.tables[stored.id])
            except (EngineError, KeyError, TypeError, ValueError) as exc:
                # a hand that does not replay may name the card it stumbled on
                self.broken.append((stored.id, described(exc)))
                continue
            part = stored.state.get("tournament") or {}
            if part.get("spread"):
                spreads.setdefault(str(part["id"]), {})[stored.id] = part["table"]
        await self._restore_spreads(spreads, self.clock())
        self.broken += self.db.broken
        restored = len(self.tables)
        if not self.db.shared:
            try:
                await self.db.set_dues([TableDue(t.id, self._due(t)) for t in self.tables.values()])
            except StorageError as exc:
                log.warning("the tables' due times were not written: %s", described(exc))
        self._let_go()
        return restored

    async def create_table(
        self, server_id: str, channel: str, host: Player, settings: TableSettings
    ) -> str:
        """Open a table in a channel; the host controls it.

        Raises:
            ServiceError: a table already plays in that channel, or it cannot be saved.
        """
        if await self.db.table_in_channel(server_id, channel):
            raise ServiceError(Refused.TABLE_TAKEN)
        table_id = f"{server_id}/{channel}"
        live = Live(table_id, server_id, channel, Table(settings, host.id), 0, None)
        live.names = {host.id: host.name}
        live.committed = live.table.to_dict()
        stored = StoredTable(
            table_id, server_id, channel, live.table.host, settings.to_dict(), live.state(), 0, None
        )
        try:
            await self.db.create_table(
                stored, host.platform, host.name, settings.game_key, bool(settings.kill)
            )
            live.session_id = await self.db.session_of(table_id)
        except StorageError as exc:
            raise ServiceError(not_created(str(exc))) from exc
        self.tables[table_id] = live
        self._index(live)
        self._let_go(keep=table_id)
        return table_id

    async def create_tournament(
        self,
        server_id: str,
        channel: str,
        host: Player,
        setup: TournamentSetup,
        channels: Sequence[str] = (),
    ) -> str:
        """Set up a tournament in a channel, its lobby open for registration; the host
        runs it. A channel whose last tournament is over takes a new one at the same
        table; a cash table's channel does not. A tournament of several tables plays its
        first in this channel and the others in ``channels`` (one fewer than its tables),
        each a table of its own, every one of them stored at once
        (:mod:`bot.service.spreads`).

        Returns:
            The table's id.
        Raises:
            ServiceError: a cash table or a tournament not over plays in that channel or
                one of ``channels``, not one channel a table, or it cannot be saved.
        """
        if setup.rules.tables > 1:
            return await self._create_spread(server_id, channel, host, setup, channels)
        table_id = f"{server_id}/{channel}"
        held = await self.current(table_id)
        if held is not None and (
            held.tourney is None or held.tourney.tournament.status in (REGISTERING, RUNNING)
        ):
            raise ServiceError(Refused.TABLE_TAKEN)
        if held is None and await self.db.table_in_channel(server_id, channel):
            raise ServiceError(Refused.TABLE_TAKEN)
        settings = tournament_settings(setup.settings)
        tournament_id, books, season, _ = await self._stored_tournament(
            server_id, channel, host, setup
        )
        if held is None:
            await self.create_table(server_id, channel, host, settings)
        async with self._lock(table_id):
            live = await self.current(table_id)
            if live is None:
                raise ServiceError(not_created("the table could not be read back"))
            undo = live.undo_point()
            numbered = live.table.hand_number
            live.table = Table(settings)
            # the last tournament's hands are in the books under this table's numbers
            live.table.hand_number = numbered
            live.table.host = host.id  # who set the tournament up runs it
            tourney = TournamentTable(books, live.table)
            open_lobby(tourney, setup, season, self.clock())
            live.tourney, live.tournament_id = tourney, tournament_id
            live.names = {**(live.names or {}), host.id: host.name}
            await self._commit(
                live, host, {"type": "TournamentNew", "id": tournament_id}, None, [], [], undo
            )
        try:
            await self.db.tournaments.link_table(table_id, tournament_id)
        except StorageError as exc:
            log.warning("tournament %s not linked to its table: %s", tournament_id, exc)
        return table_id

    async def handle(
        self,
        table_id: str,
        player: Player,
        command: Command,
        request_id: str | None = None,
        expect_hand: int | None = None,
        expect_step: int | None = None,
        confirmed: bool = False,
        wait: bool = True,
        replied: bool = False,
    ) -> list[Outgoing]:
        """Apply one command in order, commit it, then publish what it caused.

        ``expect_hand`` is the hand a clicked button belongs to: checked under the table's
        lock, so a click that lands as its hand ends is refused, never applied to the next;
        ``expect_step`` the number of moves the hand had when the button was shown, so a
        double click cannot act on the next decision. A move that ends a hand returns once
        it is committed and published; the next deal follows as the table's own step
        (:meth:`idle` waits for it), and any command that comes first waits behind it.

        A ``request_id`` already committed is a platform's retry when it comes with the
        same command from the same player (answered with nothing, applied once), and is
        refused with any other (:func:`_same_request`).

        When another process sharing the database committed to the table first, the
        command is decided again on the table as that process left it (up to
        :data:`ATTEMPTS` times), so a request may reach any process.

        What the command caused is shown after the table's lock is released, in the
        table's order; with ``wait`` (the default) this returns once it is shown, without
        it at once, so a chat can answer the sender first (:meth:`shown` waits). With
        ``replied`` the caller shows the player his own notices in its reply (the chat
        core does): the batch goes to the publisher with him as its asker, so they are not
        sent him twice.

        Returns:
            What was published (empty for a retried request id).
        Raises:
            ServiceError: the command is not allowed now (with what is), its request id
                was used for another command, or the table could not be saved; nothing
                changed either way.
        """
        if table_id not in self.tables and await self.current(table_id) is None:
            raise ServiceError(Refused.NO_TABLE)
        # on a shared database a command that commits is decided on the table held, unread:
        # its commit is conditional on the version, and a refusal is checked against the
        # version before it is given (one read only then)
        trusted = self.db.shared and not declared_of(command).reads
        async with self._lock(table_id):
            earlier = self._shows.get(table_id)
            for attempt in range(1, ATTEMPTS + 1):
                held = self.tables.get(table_id) if trusted and attempt == 1 else None
                live = held if held is not None else await self.current(table_id)
                if live is None:
                    raise ServiceError(Refused.NO_TABLE)
                try:
                    out = await self._handle_locked(
                        live,
                        player,
                        command,
                        request_id,
                        expect_hand,
                        expect_step,
                        confirmed,
                        player.id if replied else None,
                    )
                except _Stale:
                    if attempt == ATTEMPTS:
                        raise
                    if request_id in self._checked:  # the other process may have taken it
                        self._checked[request_id] = True
                    self.retries += 1
                    continue  # decided again on the table as the other process left it
                except ServiceError:
                    if held is None or not await self._moved_on(held):
                        raise
                    if request_id in self._checked:
                        self._checked[request_id] = True
                    self.retries += 1
                    continue  # refused on a table another process had moved on: again
                break
            mine = self._shows.get(table_id)
        if wait and mine is not None and mine is not earlier:  # shown outside the lock
            await asyncio.gather(mine, return_exceptions=True)
        return out

    async def _moved_on(self, live: Live) -> bool:
        """Whether another process committed to ``live``'s table since this one read it
        (then it is read again); False when the version cannot be read."""
        try:
            version = await self.db.version_of(live.id)
        except StorageError:
            return False
        if version is None or version == live.version:
            return False
        await self.current(live.id)
        return True

    async def form(
        self,
        table_id: str,
        player: Player,
        kind: str,
        expect_hand: int | None = None,
        expect_step: int | None = None,
    ) -> LegalMove | tuple[str, ...]:
        """Under the table's lock, in its order: what the form of a button that asks for
        more (a bet's or raise's amount, a draw's cards) opens with for ``player``: the
        table's choice with its legal range, or his own cards
        (:meth:`bot.engine.table.Table.form`). The button is checked as a move's is
        (:meth:`handle`'s ``expect_hand`` and ``expect_step``), after any deal owed.

        Raises:
            ServiceError: no table, the button is out of date, or he may not make that
                move now, with the reason the move itself would be refused; nothing
                changed.
        """
        async with self._lock(table_id):
            live = await self.current(table_id)
            if live is None:
                raise ServiceError(Refused.TABLE_GONE)
            if live.table.current is None:
                await self._fresh_obligations(live)
            await self._deal_owed(live)  # a button never overtakes the next deal
            try:
                live.table.check_fresh(player.id, expect_hand, expect_step)
                return live.table.form(player.id, kind)
            except EngineError as exc:
                raise ServiceError(refusal(exc, live.names)) from exc

    async def _handle_locked(  # noqa: PLR0913 - handle's arguments
        self,
        live: Live,
        player: Player,
        command: Command,
        request_id: str | None,
        expect_hand: int | None,
        expect_step: int | None,
        confirmed: bool,
        asker: str | None,
    ) -> list[Outgoing]:
        """:meth:`handle` under the table's lock: decide, apply and commit; the batch it
        caused is handed to :meth:`_publish` with its ``asker``."""
        table_id = live.id
        if live.table.current is None:  # between hands: this command may deal the next
            await self._fresh_obligations(live)
        if request_id is not None and self._checked.get(request_id, True):
            # read unless the check in front of the request just found it new
            try:
                taken = await self.db.requests.command(request_id)
            except StorageError as exc:
                raise ServiceError(Refused.REQUEST_UNCHECKED) from exc
            if taken is not None:
                if _same_request(taken, player, command):
                    return []  # a platform's retry: applied once already
                raise ServiceError(Refused.REQUEST_REUSED)
        await self._deal_owed(live)  # a command never overtakes the next deal
        declared = declared_of(command)
        try:
            live.table.check_fresh(player.id, expect_hand, expect_step)
            if declared.host_only and player.id != live.table.host and not player.admin:
                raise ServiceError(declared.refusal())  # the one check of who is host
            if declared.reads:  # answered as it reads now: nothing to commit
                out = await READS[type(command)](self, live, player, command)
                self._publish(table_id, out, asker)
                return out
        except EngineError as exc:
            raise ServiceError(refusal(exc, live.names)) from exc
        own = HANDLERS.get(type(command))
        if own is not None:
            return await own(self, live, player, command, request_id, asker)
        decision = self._decided(live, player, command, confirmed)
        undo = live.undo_point()
        step = self._step(live)
        try:
            stepping.apply_command(step, player, command, decision)
        except Exception as exc:
            undo.restore(live)
            if isinstance(exc, EngineError):
                raise ServiceError(refusal(exc, live.names)) from exc
            log.error(
                "%s at table %s failed: %s\n%s",
                _kind(command),
                live.id,
                described(exc),
                frames(exc),
            )
            raise ServiceError(Refused.FAILED) from exc
        return await self._commit(
            live, player, command, request_id, step.out, step.extra, undo, asker
        )

    def _decided(
        self, live: Live, player: Player, command: Command, confirmed: bool
    ) -> Decision | None:
        """For a move, the engine's decision gate: the move as it will be applied, once a
        question it asks first (an all-in, a bet over the host's size) is confirmed. None
        for any other command, or a move the gate refuses
        (:func:`bot.service.steps.apply_command` then refuses it with the reason, under the
        same roll-back as any refusal).

        Raises:
            NeedsConfirm: with the question, when not ``confirmed``; nothing changed.
        """
        if not isinstance(command, Play):
            return None
        try:
            decision = live.table.decide(player.id, command.kind, command.amount, command.cards)
        except EngineError:
            return None
        if decision.confirm is not None and not confirmed:
            raise NeedsConfirm(decision.confirm, live.table.hand_number, live.table.step)
        return decision

    async def _end_session(
        self,
        live: Live,
        player: Player,
        command: Command | None = None,
        request_id: str | None = None,
        asker: str | None = None,
    ) -> list[Outgoing]:
        """Host: end the night with results and the settle-up; a new session starts, the
        chips on the table carrying over (and kill legs with them).

        A pot carried from passed-out jacks-or-better deals (004 jacks §1) is on the table
        but in no stack: it goes back to those who anted it, each his own antes, before the
        results are counted (:meth:`bot.engine.table.Table.return_carried`), so the results
        sum to zero and no chip is created or lost. Refusing to end the session instead
        could leave a table that can no longer deal (everyone else gone) unable to close.
        A player who left since is paid his share as a cash-out of the session that ends.
        Who may end it was checked before (the command is declared host-only).
        """
        if live.tourney is not None:
            # a tournament's chips are no one's money: its books are its places and prizes
            raise ServiceError(NO_SESSION_END)
        if live.table.current is not None:
            raise ServiceError(
                between_hands("end: the session ends between hands", live.table.running)
            )
        undo = live.undo_point()
        extra: list[Write] = []
        returned = live.table.return_carried()
        paid = controls.pay_out_returned(live, returned, extra)
        seated = {s.player_id for s in live.table.seated()}
        away = {p: c for p, c in returned.shares.items() if p not in seated}
        old = live.session_id
        try:
            lines = [
                *returned_lines(paid, live.names or {}),
                *await booklines.session_summary(live, self.db.books, away),
            ]
            switch = await self.db.next_session(live.id, end=old)
        except BaseException as exc:
            undo.restore(live)  # nothing saved: the carried pot stays
            if isinstance(exc, StorageError):
                raise ServiceError(Refused.NOT_CLOSED) from exc
            raise
        extra.append(switch)
        new = switch.new
        for seat in live.table.seated():
            extra.append(LedgerEntry(live.id, old, seat.player_id, "cash_out", seat.stack))
            extra.append(LedgerEntry(live.id, new, seat.player_id, "buy_in", seat.stack))
        live.session_id = new
        live.table.running = False
        out = [Outgoing(live.id, None, Notice("\n".join(lines)))]
        return await self._commit(live, player, EndSession(), request_id, out, extra, undo, asker)

    async def first_time(self, request_id: str) -> bool:
        """Whether a platform's request id is new: neither claimed nor committed with a
        command, across restarts and processes (one read; nothing is recorded). A new id
        is kept until :meth:`done_with`: its command's first decision does not read it
        again, and a move's own commit claims it (``actions.request_id`` is unique).

        Raises:
            StorageError: the database could not be read (the id is not kept).
        """
        if await self.db.requests.seen(request_id):
            return False
        self._checked[request_id] = False
        return True

    async def done_with(self, request_id: str, claim: bool = True) -> None:
        """A request found new by :meth:`first_time` is done: unless a commit carried its
        id, the id is claimed now (refused, read only, or answered without the table),
        so a replay of it is dropped after a restart and in another process too (the
        claim is kept long enough to outlast a signed request's replay window). Without
        ``claim`` (a form opened, which changes nothing) it is only forgotten. A claim
        that fails is logged: the request is done."""
        if self._checked.pop(request_id, None) is None or not claim:
            return
        try:
            await self.db.requests.claim(request_id)
        except StorageError as exc:
            log.error("request %s done but not recorded: %s", request_id, type(exc).__name__)

    async def _new_season(
        self,
        live: Live,
        player: Player,
        command: Command | None = None,
        request_id: str | None = None,
        asker: str | None = None,
    ) -> list[Outgoing]:
        """Host: end the server's league season and start the next, points by place as
        the host gave them (RULES.md "Leagues"); a tournament set up from now counts
        towards it.

        Raises:
            ServiceError: a points table the league refuses, or it cannot be saved.
        """
        points = command.points if isinstance(command, NewSeason) else ()
        try:
            checked = checked_points(points) if points else ()
        except ConfigError as exc:
            raise ServiceError(str(exc)) from exc
        try:
            number = await self.db.tournaments.start_season(
                live.server_id, player.platform, checked
            )
        except StorageError as exc:
            raise ServiceError(Refused.NOT_SAVED) from exc
        out = [Outgoing(live.id, None, SeasonStarted(number, checked))]
        self._publish(live.id, out, asker)
        return out


def _same_request(
    taken: tuple[str | None, dict[str, Any]], player: Player, command: Command
) -> bool:
    """Whether ``command`` from ``player`` is the one committed under its request id
    (``taken``: the sender's player id and the command as stored), i.e. a retry.

    The rule: the same sender, the same command type and the same fields, compared as
    stored (JSON, so tuples are lists); except that a bet or raise sent without an amount
    matches any amount, since it was stored as sized to the minimum when it was applied.
    """
    player_id, stored = taken
    if player_id != player.id or stored.get("type") != type(command).__name__:
        return False
    fields = {k: list(v) if isinstance(v, tuple) else v for k, v in vars(command).items()}
    sized = isinstance(command, Play) and command.kind in ("bet", "raise", "complete")
    if sized and fields["amount"] is None:
        fields.pop("amount")
        stored = {k: v for k, v in stored.items() if k != "amount"}
    return stored == {"type": type(command).__name__, **fields}

    # The commands the service answers itself, beyond a read (bot.service.views.READS) and a


# What the service answers itself, beside a step of the table (bot.service.steps.HANDLERS):
# (service, table, sender, command, request id, the batch's asker).
HANDLERS: dict[
    type[Command],
    Callable[
        [TableService, Live, Player, Command, str | None, str | None], Awaitable[list[Outgoing]]
    ],
] = {EndSession: TableService._end_session, NewSeason: TableService._new_season}
