"""The table service: one ordered lock per table, every action committed before it is told.

An action is applied by the engine, then it and its events are committed in one
transaction, and only then are the events handed to the publisher (the renderers). A failed
commit puts the table back as it was and tells the player to try again. A platform's retry
of the same request id is applied once. At start the service restores every table, the hand
in play included, and the turn timers. The next deal after a
hand's last move is a step of its own, committed after that move is answered, so the
showdown is shown without waiting for the next shuffle.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, fields, is_dataclass
from typing import Any

from bot.engine import (
    WARNING_SECONDS,
    Decision,
    Deck,
    EngineError,
    Event,
    Hand,
    KillButton,
    Table,
    TableSettings,
    Turn,
)
from bot.process.logsafe import described, frames
from bot.service import booklines, controls, steps
from bot.service.state import Attachment, TableShown, UndoPoint
from bot.service.state import Live as Live
from bot.service.state import Notice as Notice
from bot.service.state import Outgoing as Outgoing
from bot.service.state import Player as Player
from bot.service.state import Publisher as Publisher
from bot.service.state import TableChanged as TableChanged
from bot.service.statetext import table_data
from bot.service.steps import Step
from bot.words.commands import (
    Command,
    EndSession,
    History,
    Leaderboard,
    Ledger,
    Play,
    Rabbit,
    Stats,
    Status,
)
from bot.words.tableview import TableView, table_view
from storage import (
    ChangedElsewhere,
    CommitUnknown,
    Database,
    EventRow,
    LedgerEntry,
    StorageError,
    StoredTable,
    TableDue,
    Unstorable,
    Write,
)

log = logging.getLogger(__name__)

# On a database several processes share: how often a command is decided again on the
# table as another process left it, before the player is asked to try again.
ATTEMPTS = 3
# Seconds a process has to commit a due step it took before another process may take it.
LEASE_SECONDS = 10.0
# Seconds the process that ended a hand has to deal the next before another may.
DEAL_GRACE_SECONDS = 3.0


class ServiceError(Exception):
    """What to tell the player when his command changed nothing."""


# A time bank running is counted down on the table message every this many seconds left
# (20, 10...): the cadence of the clock's warning, and well inside the platforms' limits
# on edits; any other refresh of the message in between counts it down too.
COUNTDOWN_SECONDS = WARNING_SECONDS


def _countdown_mark(live: Live, now: float) -> float | None:
    """When a time bank running next needs the table message shown again: the next time
    after ``now`` at which a whole number of :data:`COUNTDOWN_SECONDS` is left before the
    deadline; None when no bank runs or none is left before the deadline."""
    deadline = live.table.clock.deadline
    if live.table.banks.running is None or deadline is None or now >= deadline:
        return None
    marks = math.ceil((deadline - now) / COUNTDOWN_SECONDS) - 1
    return deadline - marks * COUNTDOWN_SECONDS if marks > 0 else None


def _countdown_due(live: Live, now: float) -> bool:
    """A time bank runs and a countdown mark (a whole number of :data:`COUNTDOWN_SECONDS`
    left) has passed since the table message was last shown: show it again. A table just
    restored, never shown here, waits for the next mark."""
    deadline = live.table.clock.deadline
    if live.table.banks.running is None or deadline is None or now >= deadline:
        return False
    if live.shown_at is None:
        live.shown_at = now
        return False
    mark = math.ceil((deadline - now) / COUNTDOWN_SECONDS) * COUNTDOWN_SECONDS
    return 0 < mark < deadline - live.shown_at


class _Stale(ServiceError):
    """Another process committed to the table first: nothing changed, the table was read
    again, and a command may be decided again on it."""


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


def event_data(event: Event) -> dict[str, Any]:
    """An event as JSON-able data with its type name (shallow: only card openings nest)."""
    data: dict[str, Any] = {"type": type(event).__name__}
    for spec in fields(event):
        key, value = spec.name, getattr(event, spec.name)
        if isinstance(value, tuple) and value and is_dataclass(value[0]):
            value = [_record_data(v) for v in value]
        data[key] = value
    return data


def _record_data(record: Any) -> Any:
    """A nested record as plain data: its own ``to_dict`` (openings) rather than ``asdict``,
    which deep-copies every Merkle path on every event."""
    to_dict = getattr(record, "to_dict", None)
    return to_dict() if to_dict is not None else asdict(record)


class TableService:
    """All tables of one bot process.

    Args:
        db: the open database.
        publish: receives what to show, after each commit.
        clock: seconds (a fake clock in tests).
        shuffle: returns a shuffled deck order (the OS CSPRNG in play).
    """

    def __init__(
        self,
        db: Database,
        publish: Publisher | None = None,
        clock: Callable[[], float] = time.time,
        shuffle: Callable[[], tuple[str, ...]] | None = None,
    ) -> None:
        self.db = db
        self.publish = publish
        self.clock = clock
        self.shuffle = shuffle or (lambda: Deck().order)
        self.tables: dict[str, Live] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self._deals: dict[str, asyncio.Task[None]] = {}  # table id -> its next deal's step
        # table id -> the newest committed batch being shown (each waits for the one
        # before it, so the table's order is kept without holding its lock)
        self._shows: dict[str, asyncio.Task[None]] = {}
        # server id -> its tables that play kills: a kill owed follows a player there
        self._kill_tables: dict[str, set[str]] = {}

    def _index(self, live: Live) -> None:
        """Keep ``live`` in the index of the tables that play kills, by server."""
        if live.table.settings.kill is not None:
            self._kill_tables.setdefault(live.server_id, set()).add(live.id)

    # ------------------------------------------------------------------ tables

    async def restore(self) -> int:
        """Load every stored table, each hand in progress replayed; returns how many.

        A table whose stored state cannot be read is skipped and listed in
        ``self.broken``; the others play on.
        """
        self.broken: list[tuple[str, str]] = list(self.db.broken)
        for stored in await self.db.load_tables():
            try:
                self.tables[stored.id] = self._live(stored)
                self._index(self.tables[stored.id])
            except (EngineError, KeyError, TypeError, ValueError) as exc:
                # a hand that does not replay may name the card it stumbled on
                self.broken.append((stored.id, described(exc)))
        self.broken += self.db.broken
        return len(self.tables)

    @staticmethod
    def _live(stored: StoredTable) -> Live:
        """The table as stored, with the service's fields. A table stored before it kept
        its own clock and requests has them beside it: they are read into it, and a stored
        deadline belongs to the decision the table waits on, so that decision is known as
        the timed one (a command after the restart that does not move the turn leaves its
        timer running)."""
        state = stored.state
        data = table_data(state)
        legacy = "clock" not in data
        if legacy:
            data = {**data, **_legacy_table_fields(state)}
        table = Table.from_dict(data)
        if legacy and table.clock.deadline is not None:
            table.clock.turn = table.turn_key()
            data = {**data, "clock": table.clock.to_dict()}
        return Live(
            stored.id,
            stored.server_id,
            stored.channel,
            stored.host_id,
            table,
            stored.version,
            stored.session_id,
            names=dict(state.get("names", {})),
            unseen=state.get("unseen"),
            committed=data,
        )

    async def create_table(
        self, server_id: str, channel: str, host: Player, settings: TableSettings
    ) -> str:
        """Open a table in a channel; the host controls it.

        Raises:
            ServiceError: a table already plays in that channel, or it cannot be saved.
        """
        if await self.db.table_in_channel(server_id, channel):
            raise ServiceError("a table already plays in this channel")
        table_id = f"{server_id}/{channel}"
        live = Live(table_id, server_id, channel, host.id, Table(settings), 0, None)
        live.names = {host.id: host.name}
        live.committed = live.table.to_dict()
        stored = StoredTable(
            table_id, server_id, channel, host.id, settings.to_dict(), live.state(), 0, None
        )
        try:
            await self.db.create_table(
                stored, host.platform, host.name, settings.game_key, bool(settings.kill)
            )
            live.session_id = await self.db.session_of(table_id)
        except StorageError as exc:
            raise ServiceError(f"the table could not be created: {exc}") from exc
        self.tables[table_id] = live
        self._index(live)
        return table_id

    async def _reload(self, table_id: str) -> None:
        """Take the stored table again (another process committed to it)."""
        stored = await self.db.load_table(table_id)
        if stored is not None:
            self.tables[table_id] = self._live(stored)
            self._index(self.tables[table_id])

    async def current(self, table_id: str) -> Live | None:
        """The table as last committed, or None when there is none. On a database several
        processes share (:attr:`storage.db.Database.shared`) the committed version is read
        first, and a table another process moved on, or opened, is taken again from the
        database; otherwise the table in memory is the committed one.

        A version that cannot be read leaves the table in memory: the commit's own version
        check still refuses a move built on a stale table.
        """
        live = self.tables.get(table_id)
        if not self.db.shared:
            return live
        try:
            version = await self.db.version_of(table_id)
            if version is not None and (live is None or live.version != version):
                await self._reload(table_id)
        except StorageError as exc:
            log.warning("table %s could not be read again: %s", table_id, described(exc))
        return self.tables.get(table_id)

    async def _fresh_obligations(self, live: Live) -> None:
        """On a database several processes share: the server's other kill tables read as
        last committed, so a kill a player owes at a table another process serves keeps
        him out of this deal too (000 kill §6). A table this process is acting on is
        current already and left alone."""
        if not self.db.shared:
            return
        try:
            others = await self.db.kill_tables(live.server_id)
        except StorageError as exc:
            log.warning("the kill tables could not be read: %s", described(exc))
            return
        for table_id in others:
            if table_id != live.id and not self._lock(table_id).locked():
                await self.current(table_id)

    def _due(self, live: Live) -> float | None:
        """When ``live`` next needs a step of its own, for another process to take if this
        one dies: a deal owed shortly (the process that ended the hand deals at once), a
        turn timer when it runs out (the clock's warning before it, and a time bank's
        countdown marks); None until a move."""
        if self._owes_deal(live):
            return self.clock() + DEAL_GRACE_SECONDS
        if live.unseen is not None:
            return None
        due = live.table.clock.wake_at()  # the clock's ten-second warning first
        if due is None:
            return None
        mark = _countdown_mark(live, self.clock())  # and a time bank's countdown mark
        return due if mark is None else min(due, mark)

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    # ------------------------------------------------------------------ commands

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
        it at once, so a chat can answer the sender first (:meth:`shown` waits).

        Returns:
            What was published (empty for a retried request id).
        Raises:
            ServiceError: the command is not allowed now (with what is), its request id
                was used for another command, or the table could not be saved; nothing
                changed either way.
        """
        if table_id not in self.tables and await self.current(table_id) is None:
            raise ServiceError("there is no table in this channel: start one with /poker new")
        async with self._lock(table_id):
            earlier = self._shows.get(table_id)
            for attempt in range(1, ATTEMPTS + 1):
                live = await self.current(table_id)
                if live is None:
                    raise ServiceError(
                        "there is no table in this channel: start one with /poker new"
                    )
                try:
                    out = await self._handle_locked(
                        live, player, command, request_id, expect_hand, expect_step, confirmed
                    )
                except _Stale:
                    if attempt == ATTEMPTS:
                        raise
                    continue  # decided again on the table as the other process left it
                break
            mine = self._shows.get(table_id)
        if wait and mine is not None and mine is not earlier:  # shown outside the lock
            await asyncio.gather(mine, return_exceptions=True)
        return out

    async def _handle_locked(  # noqa: PLR0913 - handle's arguments
        self,
        live: Live,
        player: Player,
        command: Command,
        request_id: str | None,
        expect_hand: int | None,
        expect_step: int | None,
        confirmed: bool,
    ) -> list[Outgoing]:
        """:meth:`handle` under the table's lock: decide, apply and commit; the batch it
        caused is handed to :meth:`_publish`."""
        table_id = live.id
        if live.table.current is None:  # between hands: this command may deal the next
            await self._fresh_obligations(live)
        if request_id is not None:
            try:
                taken = await self.db.requests.command(request_id)
            except StorageError as exc:
                raise ServiceError(
                    "the request could not be checked against those already done, so nothing "
                    "was done: try again"
                ) from exc
            if taken is not None:
                if _same_request(taken, player, command):
                    return []  # a platform's retry: applied once already
                raise ServiceError(
                    "that request was already used for another command: nothing was done"
                )
        await self._deal_owed(live)  # a command never overtakes the next deal
        try:
            live.table.check_fresh(player.id, expect_hand, expect_step)
            view = await self._view(live, player, command)
        except EngineError as exc:
            raise ServiceError(steps.named(live, str(exc))) from exc
        if view is not None:
            out = [Outgoing(table_id, player.id, Notice("\n".join(view)))]
            self._publish(table_id, out)
            return out
        if isinstance(command, Ledger) and command.csv:  # a file for the channel
            try:
                filename, data, caption = await booklines.ledger_csv(
                    live, self.db.books, command.session
                )
            except EngineError as exc:
                raise ServiceError(str(exc)) from exc
            out = [Outgoing(table_id, None, Attachment(filename, data, caption))]
            self._publish(table_id, out)
            return out
        if isinstance(command, Rabbit):  # read only, but for the whole channel to see
            out = [
                Outgoing(
                    table_id,
                    None,
                    Notice("\n".join(await booklines.rabbit_lines(live, self.db.books))),
                )
            ]
            self._publish(table_id, out)
            return out
        if isinstance(command, EndSession):
            return await self._end_session(live, player, request_id)
        decision = self._decided(live, player, command, confirmed)
        undo = live.undo_point()
        step = self._step(live)
        try:
            steps.apply_command(step, player, command, decision)
        except Exception as exc:
            undo.restore(live)
            if isinstance(exc, EngineError):
                raise ServiceError(steps.named(live, str(exc))) from exc
            log.error(
                "%s at table %s failed: %s\n%s",
                _kind(command),
                live.id,
                described(exc),
                frames(exc),
            )
            raise ServiceError(
                "that could not be done (an error on our side, logged): nothing changed"
            ) from exc
        return await self._commit(live, player, command, request_id, step.out, step.extra, undo)

    def _step(self, live: Live) -> Step:
        """A step at ``live`` with the service's clock, shuffle and the kill obligations
        its players have at the server's other tables."""
        return Step(live, self.clock, self.shuffle, self._owing_elsewhere)

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

    async def _commit(
        self,
        live: Live,
        player: Player | None,
        command: Command | dict[str, Any],
        request_id: str | None,
        out: list[Outgoing],
        extra: list[Write],
        undo: UndoPoint,
    ) -> list[Outgoing]:
        hand_number = live.table.hand_number or None
        rows = [EventRow(o.audience, event_data(o.event)) for o in out]
        data = (
            command
            if isinstance(command, dict)
            else {"type": type(command).__name__, **vars(command)}  # fields are plain values
        )
        who = (player.id, player.platform, player.name) if player else None
        state = live.state()
        if self.db.shared:
            extra = [*extra, TableDue(live.id, self._due(live))]
        try:
            await self.db.commit(
                live.id,
                live.version + 1,
                live.text.encode(state, live.committed),
                data,
                who,
                request_id,
                hand_number,
                rows,
                extra,
            )
        except Exception as exc:  # noqa: BLE001 - the table in memory must match the database
            # whatever failed, memory goes back to what is committed, so the table and the
            # answer "nothing changed" agree
            undo.restore(live)
            if isinstance(exc, StorageError):
                why = "the table could not be saved, so nothing changed: try again"
                if isinstance(exc, ChangedElsewhere):
                    with contextlib.suppress(StorageError):  # read again before the next try
                        await self._reload(live.id)  # another process moved the table on
                    raise _Stale(why) from exc
                if isinstance(exc, Unstorable):
                    raise ServiceError(
                        "that could not be saved (a name or text the database cannot hold), "
                        "so nothing changed"
                    ) from exc
                if isinstance(exc, CommitUnknown):
                    # saved or not, the database will tell: read again before the next move
                    with contextlib.suppress(StorageError):
                        await self._reload(live.id)
                    raise ServiceError(
                        "the database did not answer whether that was saved: look at the "
                        "table before you act again (it is read again first)"
                    ) from exc
                raise ServiceError(why) from exc
            if isinstance(exc, (TypeError, ValueError)):
                # a value JSON cannot hold (a lone surrogate in a name)
                raise ServiceError(
                    "that could not be saved (a name or text the database cannot hold), "
                    "so nothing changed"
                ) from exc
            log.error(
                "saving %s at table %s failed: %s\n%s",
                _kind(command),
                live.id,
                described(exc),
                frames(exc),
            )
            raise ServiceError(
                "that could not be saved (an error on our side, logged), so nothing changed"
            ) from exc
        live.version += 1
        live.committed = state["table"]
        if self._owes_deal(live):
            self._schedule_deal(live.id)
        # a move that says nothing (a vote for the runs) still changes whose turn it is
        # a step of the table's own (a deal, a time-out) has no sender, whoever's command
        # it ran under: his own notices in it go to him like anyone's
        changed = out or [Outgoing(live.id, None, TableChanged())]
        self._publish(live.id, changed, sender=player is not None)
        return out

    def _publish(self, table_id: str, out: Sequence[Outgoing], sender: bool = True) -> None:
        """Hand committed output to the publisher, after the table's earlier batches and
        outside its lock: the one place the service publishes.

        The batch is shown by a task of its own that waits for the table's previous batch,
        so the order players see is the order of the table while the lock is held only to
        decide and commit; the task runs in a copy of the caller's context when ``sender``
        (the sender of the command, whose own notices come back in his reply), else in a
        context of its own (a step of the table's, which no player sent). What ``out``
        reports is already committed, so a failure to show it changes nothing and raises
        nothing:
        showing it again or telling the host is the adapter's part, and a player is never
        told that a move which stands "could not be done". :meth:`shown` waits for it.
        """
        if self.publish is None:
            return
        live = self.tables.get(table_id)
        if live is not None:  # the table message shows the table as committed now
            out = [*out, Outgoing(table_id, None, TableShown(self.table_message(live)))]
            live.shown_at = self.clock()
        previous = self._shows.get(table_id)
        context = contextvars.copy_context() if sender else contextvars.Context()
        task = asyncio.create_task(self._show(table_id, list(out), previous), context=context)
        self._shows[table_id] = task
        task.add_done_callback(lambda done: self._forget_show(table_id, done))

    async def _show(
        self, table_id: str, out: list[Outgoing], previous: asyncio.Task[None] | None
    ) -> None:
        """Show one committed batch once the batch before it is shown. A failure is logged
        in one line, by table and error type only (a line that failed may hold a player's
        cards)."""
        if previous is not None:
            await asyncio.gather(previous, return_exceptions=True)
        assert self.publish is not None
        try:
            await self.publish(out)
        except Exception as exc:  # noqa: BLE001 - whatever the platform did, the move stands
            log.error("table %s: a committed step was not all shown: %s", table_id, described(exc))

    def _forget_show(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self._shows.get(table_id) is task:
            del self._shows[table_id]

    async def shown(self, table_id: str | None = None) -> None:
        """Wait until every batch committed so far at ``table_id`` (None: every table) has
        been handed to the publisher and its calls have returned."""
        while True:
            tasks = [t for k, t in self._shows.items() if table_id in (None, k)]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ the next deal

    def _owes_deal(self, live: Live) -> bool:
        """Between hands with the game running and two players to deal to (at dealer's
        choice, a pick asked for and not yet made owes nothing)."""
        if not live.table.running or live.table.current is not None:
            return False
        if not live.table.can_deal(self._owing_elsewhere(live)):
            return False
        # at dealer's choice the deal step waits for the pick once it has asked for it
        return not live.table.waits_for_pick(self.clock())

    def _owing_elsewhere(self, live: Live) -> dict[str, str]:
        """Players seated at ``live`` who owe a kill at another table of the same server or
        workspace, each with where and what he owes ("a kill of 4 at #poker-2"): until it
        is posted he is dealt into no game (000 kill §6, RULES.md "Obligations")."""
        owing: dict[str, str] = {}
        kill_tables = self._kill_tables.get(live.server_id, ())
        if not kill_tables:
            return owing
        seated = {s.player_id for s in live.table.seated()}
        for table_id in kill_tables:
            other = self.tables.get(table_id)
            if other is None or other is live:
                continue
            for player_id, chips in other.table.kills_owed().items():
                if player_id in seated and player_id not in owing:
                    where = other.channel if other.server_id == "console" else f"<#{other.channel}>"
                    owing[player_id] = f"a kill of {chips} at {where}"
        return owing

    def deal_owed(self) -> int:
        """Schedule the next deal at every table that owes one: restored between the move
        that ended a hand and its deal, or whose deal could not be saved. Returns how many."""
        owed = [live.id for live in self.tables.values() if self._owes_deal(live)]
        for table_id in owed:
            self._schedule_deal(table_id)
        return len(owed)

    def _schedule_deal(self, table_id: str) -> None:
        """Deal the next hand as soon as the table's lock is free (once, however often
        asked)."""
        running = self._deals.get(table_id)
        if running is None or running is asyncio.current_task():
            # a deal step asks again when the hand it dealt ended at once (all-in blinds);
            # it runs in a context of its own: no command's sender is its sender
            task = asyncio.get_running_loop().create_task(
                self.settle(table_id), context=contextvars.Context()
            )
            self._deals[table_id] = task
            task.add_done_callback(lambda done: self._forget_deal(table_id, done))

    def _forget_deal(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self._deals.get(table_id) is task:
            del self._deals[table_id]

    async def _deal_owed(self, live: Live) -> list[Outgoing]:
        """Under the table's lock: deal the hand the table owes, committed as a step of its
        own (``{"type": "Deal"}``, no player); nothing if none is owed. On a shared
        database the caller has read the server's kill tables first
        (:meth:`_fresh_obligations`).

        A deal the engine refuses pauses the game with a message to the table rather
        than failing every command after it.

        Returns:
            What was published.
        Raises:
            ServiceError: the deal could not be saved (nothing changed; the timer and the
                next command try again).
        """
        if not self._owes_deal(live):
            return []
        undo = live.undo_point()
        step = self._step(live)
        try:
            steps.advance(step, deal_now=True)
            out, extra = step.out, step.extra
        except Exception as exc:
            undo.restore(live)
            if isinstance(exc, EngineError):
                why = steps.named(live, str(exc))
            else:
                log.error(
                    "the next deal at table %s failed: %s\n%s", live.id, described(exc), frames(exc)
                )
                why = "an error on our side, logged"
            live.table.running = False
            text = f"the next hand cannot be dealt ({why}): the game is paused, 'start' resumes"
            out, extra = [Outgoing(live.id, None, Notice(text))], []
        return await self._commit(live, None, {"type": "Deal"}, None, out, extra, undo)

    async def settle(self, table_id: str) -> None:
        """Wait for the table's lock and deal the hand it owes, if any: the deal step
        :meth:`_schedule_deal` starts, and for a caller about to read the table to size or
        confirm a move (between a hand's last move and the next deal there is no hand to
        read). A deal that cannot be saved is logged and left to the timer and to the
        command that follows, which tries again and says why."""
        if table_id not in self.tables:
            return
        async with self._lock(table_id):
            live = await self.current(table_id)
            if live is None:
                return
            try:
                await self._fresh_obligations(live)
                await self._deal_owed(live)
            except ServiceError:
                log.warning("the next hand at %s could not be saved; the timer retries", table_id)

    async def hold(self, table_id: str, why: str) -> bool:
        """The platform cannot show ``table_id`` (the bot may not post in its channel):
        pause the game after the hand in play and stop its turn timer, so no one is folded
        for a table he cannot see; the host's ``start`` resumes it. Returns False when the
        table was already held (so the host is told once).

        Args:
            table_id: the table.
            why: what the host must do, e.g. the permissions the bot lacks.
        """
        live = self.tables.get(table_id)
        if live is None or live.unseen is not None:
            return False
        async with self._lock(table_id):
            if live.unseen is not None:
                return False
            undo = live.undo_point()
            live.unseen = why
            live.table.running = False
            live.table.clock.stop()
            try:  # kept across a restart: no timer runs there either
                await self._commit(live, None, {"type": "Hold"}, None, [], [], undo)
            except ServiceError:
                log.error("table %s: the hold could not be saved; it holds in memory", table_id)
                live.unseen, live.table.running = why, False
                live.table.clock.stop()
        return True

    def unseen(self, table_id: str) -> str | None:
        """Why the platform cannot show the table (see :meth:`hold`), or None."""
        live = self.tables.get(table_id)
        return live.unseen if live is not None else None

    def busy(self) -> bool:
        """Whether a next deal or a batch to show is still pending at any table."""
        return bool(self._deals or self._shows)

    async def idle(self, table_id: str | None = None) -> None:
        """Wait until the next deal owed at ``table_id`` (None: at every table) is dealt and
        committed or has failed, and everything committed is shown: for shutdown, for a
        console that prints a reply under what it caused, and for tests."""
        while True:
            tasks = [
                t for k, t in (*self._deals.items(), *self._shows.items()) if table_id in (None, k)
            ]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    def game_chooser(self, table_id: str) -> str | None:
        """Dealer's choice: the player id who is to pick the coming round's game before the
        next deal (002), or None."""
        live = self.tables.get(table_id)
        return live.table.game_chooser(self.clock()) if live is not None else None

    # ------------------------------------------------------------------ timers

    async def tick(self) -> list[Outgoing]:
        """Act for players whose time ran out: check if free, else fold (000 NL §15); a
        player who times out too often in a row is sat out; and deal at tables that owe a
        deal (:meth:`deal_owed`). Call it every second or so.

        On a database several processes share, the tables due are found in the database
        (:meth:`_tick_shared`) instead, so a table whose process died keeps running."""
        if self.db.shared:
            return await self._tick_shared()
        published: list[Outgoing] = []
        now = self.clock()
        self.deal_owed()
        for live in list(self.tables.values()):
            clock = live.table.clock
            if clock.deadline is None or live.unseen is not None:
                continue  # no clock runs against players who cannot see the table
            if clock.warning_due(now):
                published += self._warn(live)
            if not clock.ran_out(now):
                if _countdown_due(live, now):
                    published += self._count_down(live)
                continue
            async with self._lock(live.id):
                published += await self._time_out(live, now)
        return published

    def _warn(self, live: Live) -> list[Outgoing]:
        """The clock called on a player: tell the table he has ten seconds left (once per
        clock); what was published. The warning is not a move: it is kept as given in
        the table as last committed too, so a step rolled back does not give it again."""
        live.table.clock.warn()
        if live.committed is not None:
            live.committed = {**live.committed, "clock": live.table.clock.to_dict()}
        facing = live.table.turn()
        if facing is None:
            return []
        name = (live.names or {}).get(facing.player_id, facing.player_id)
        warning = [Outgoing(live.id, None, Notice(f"{name}: ten seconds left"))]
        self._publish(live.id, warning)
        return warning

    def _count_down(self, live: Live) -> list[Outgoing]:
        """A time bank runs: show the table message again, its footer counting the
        seconds left (RULES.md "The time bank"); nothing is said. What was published."""
        shown = [Outgoing(live.id, None, TableChanged())]
        self._publish(live.id, shown, sender=False)
        return shown

    async def _time_out(self, live: Live, now: float) -> list[Outgoing]:
        """Under the table's lock: the time-out of the player to act, if his time ran out
        at ``now``, committed as a step of the table's own; what was published."""
        if not live.table.clock.ran_out(now):
            return []
        facing = live.table.turn()
        if facing is None:
            live.table.clock.stop()
            return []
        undo = live.undo_point()
        player_id = facing.player_id
        step = self._step(live)
        try:
            steps.time_out(step, player_id)
        except EngineError:
            undo.restore(live)
            live.table.clock.stop()
            return []
        try:
            return await self._commit(
                live,
                None,
                {"type": "Timeout", "player": player_id},
                None,
                step.out,
                step.extra,
                undo,
            )
        except ServiceError:
            return []

    async def _tick_shared(self) -> list[Outgoing]:
        """:meth:`tick` on a database several processes share: each table due a step of
        its own (a deal owed, a turn timer run out) is taken by exactly one process
        (:meth:`storage.db.Database.claim_due`), read as committed, and stepped; a process
        that dies holding one leaves it to another once its lease ends."""
        published: list[Outgoing] = []
        now = self.clock()
        try:
            due = await self.db.due_tables(now)
        except StorageError as exc:
            log.warning("the tables due could not be read: %s", described(exc))
            return published
        for table_id, version in due:
            try:
                if not await self.db.claim_due(table_id, version, now, now + LEASE_SECONDS):
                    continue  # another process took it, or the table moved on
            except StorageError:
                continue
            async with self._lock(table_id):
                live = await self.current(table_id)
                if live is None:
                    continue
                try:
                    clock = live.table.clock
                    deadline = clock.deadline
                    if live.table.current is None:
                        await self._fresh_obligations(live)
                    if self._owes_deal(live):
                        published += await self._deal_owed(live)
                    elif deadline is not None and now >= deadline:
                        published += await self._time_out(live, now)
                    elif deadline is not None and clock.warning_due(now):
                        published += self._warn(live)  # given once: due again at the end
                        await self.db.set_due(table_id, float(deadline))
                    elif deadline is not None and live.table.banks.running is not None:
                        # due before its deadline, a time bank's countdown mark came (this
                        # process may never have shown the table): show it; the next is due
                        published += self._count_down(live)
                        await self.db.set_due(table_id, self._due(live))
                    else:  # nothing due after all: say when it is
                        await self.db.set_due(table_id, self._due(live))
                except _Stale:
                    continue  # another process stepped the table first: nothing to do
                except (ServiceError, StorageError) as exc:
                    log.warning("table %s: its due step failed: %s", table_id, described(exc))
        return published

    async def run_timers(self, every: float = 1.0) -> None:
        """Tick forever (a background task of the bot)."""
        while True:
            await self.tick()
            await asyncio.sleep(every)

    # ------------------------------------------------------------------ views

    async def _view(self, live: Live, player: Player, command: Command) -> list[str] | None:
        """Read-only commands: the lines to show the asking player, or None."""
        if isinstance(command, Status):
            return [self.status_text(live)]
        if isinstance(command, Ledger) and not command.csv:
            return await booklines.ledger_lines(live, self.db.books, command.session)
        if isinstance(command, Leaderboard):
            return await booklines.leaderboard_lines(
                live, self.db.books, command.kill, command.game
            )
        if isinstance(command, History):
            return await booklines.history_lines(live, self.db.books, player.id, command)
        if isinstance(command, Stats):
            if not command.player:
                return await booklines.stats_lines(live, self.db.books, player.id, player.name)
            who = controls.find_player(live, command.player)
            name = (live.names or {}).get(who, command.player)
            return await booklines.stats_lines(live, self.db.books, who, name)
        return None

    async def _end_session(
        self, live: Live, player: Player, request_id: str | None = None
    ) -> list[Outgoing]:
        """Host: end the night with results and the settle-up; a new session starts, the
        chips on the table carrying over (and kill legs with them).

        A pot carried from passed-out jacks-or-better deals (004 jacks §1) is on the table
        but in no stack: it goes back to those who anted it, each his own antes, before the
        results are counted (:meth:`bot.engine.table.Table.return_carried`), so the results
        sum to zero and no chip is created or lost. Refusing to end the session instead
        could leave a table that can no longer deal (everyone else gone) unable to close.
        A player who left since is paid his share as a cash-out of the session that ends.
        """
        if player.id != live.host_id and not player.admin:
            raise ServiceError("only the host or a server administrator may end the session")
        if live.table.current is not None:
            raise ServiceError(controls.between_hands(live, "end: the session ends between hands"))
        undo = live.undo_point()
        extra: list[Write] = []
        returned = live.table.return_carried()
        paid = controls.pay_out_returned(live, returned, extra)
        seated = {s.player_id for s in live.table.seated()}
        away = {p: c for p, c in returned.shares.items() if p not in seated}
        old = live.session_id
        try:
            lines = [*paid, *await booklines.session_summary(live, self.db.books, away)]
            switch = await self.db.next_session(live.id, end=old)
        except BaseException as exc:
            undo.restore(live)  # nothing saved: the carried pot stays
            if isinstance(exc, StorageError):
                raise ServiceError("the session could not be closed: try again") from exc
            raise
        extra.append(switch)
        new = switch.new
        for seat in live.table.seated():
            extra.append(LedgerEntry(live.id, old, seat.player_id, "cash_out", seat.stack))
            extra.append(LedgerEntry(live.id, new, seat.player_id, "buy_in", seat.stack))
        live.session_id = new
        live.table.running = False
        out = [Outgoing(live.id, None, Notice("\n".join(lines)))]
        return await self._commit(live, player, EndSession(), request_id, out, extra, undo)

    def turn(self, table_id: str) -> Turn | None:
        """The decision the table waits for (who, what he may do, the pot, the board), or
        None: see :meth:`bot.engine.table.Table.turn`."""
        live = self.tables.get(table_id)
        return None if live is None else live.table.turn()

    async def request_seen(self, request_id: str) -> bool:
        """Whether a platform's request id was taken before (claimed, or committed with
        its command), across restarts and processes; nothing is recorded.

        Raises:
            StorageError: the database could not be read.
        """
        return await self.db.requests.seen(request_id)

    async def claim_request(self, request_id: str) -> bool:
        """Record a platform's request id as taken, whatever comes of the request; True the
        first time, False for a repeat (kept long enough to outlast a signed request's
        replay window, across restarts and processes).

        Raises:
            StorageError: the claim could not be recorded (the request is not taken).
        """
        return await self.db.requests.claim(request_id)

    def acting(self, table_id: str) -> tuple[str, int, Hand] | None:
        """Who is to act at the table: ``(player id, seat index, the hand as it stands)``,
        or None when no one is. For computer players, which read only what that player may
        see; the hand is the engine's own and must not be changed."""
        live = self.tables.get(table_id)
        acting = live.table.acting() if live is not None else None
        if live is None or acting is None or live.table.hand is None:
            return None
        return acting[0], acting[1], live.table.hand

    def choices(self, table_id: str, player_id: str) -> str | None:
        """The player's whole legal choice in words when it is his turn to bet (with the
        other players' display names), else None: for a refusal that says what he may do."""
        live = self.tables.get(table_id)
        if live is None:
            return None
        choices = live.table.choices(player_id)
        return None if choices is None else steps.named(live, choices)

    def fresh(
        self, table_id: str, player_id: str, hand: int | None, step: int | None
    ) -> str | None:
        """Why a button shown at ``hand`` and ``step`` may not be used by ``player_id`` now
        (the engine's :meth:`~bot.engine.table.Table.check_fresh`), or None: for an adapter
        deciding whether to open a form; the command itself is checked again under the
        table's lock when it is sent."""
        live = self.tables.get(table_id)
        if live is None:
            return "there is no table in this channel any more"
        try:
            live.table.check_fresh(player_id, hand, step)
        except EngineError as exc:
            return steps.named(live, str(exc))
        return None

    def position(self, table_id: str) -> tuple[int, int] | None:
        """The table's hand number and the moves made in it (the step a button is shown
        at, see :meth:`bot.engine.table.Table.check_fresh`), or None without a table."""
        live = self.tables.get(table_id)
        return None if live is None else (live.table.hand_number, live.table.step)

    def own_cards(self, table_id: str, player_id: str) -> tuple[tuple[str, ...], bool] | None:
        """A player's own hole cards in the hand in play (``()`` before they are dealt)
        and whether he has folded, for his eyes only; None when the table has no hand in
        play or he is not dealt in."""
        live = self.tables.get(table_id)
        return live.table.own_cards(player_id) if live is not None else None

    def public_state(self, table_id: str) -> dict[str, object]:
        """What everyone at the table may know, as plain data: seats and stacks, the button
        and kill button, and the hand in play without anyone's hidden cards."""
        live = self.tables[table_id]
        table = live.table
        names = live.names or {}
        hand = table.hand
        # a seat's stack is settled when its hand ends; meanwhile the hand holds it
        now = dict(zip(hand.names, hand.stacks, strict=True)) if hand is not None else {}
        seats = {
            str(s.seat): {
                "name": s.name,
                "stack": now.get(s.player_id, s.stack),
                "status": s.status.value,
            }
            for s in table.seated()
        }
        state: dict[str, object] = {
            "table": table_id,
            "game": table.next_game().description,
            "hand_number": table.hand_number,
            "button": table.seating.button,
            "seats": seats,
            "kill": _named_summary(table.kill_button(), names),
            "hand": None,
        }
        shown = table.snapshot()
        if shown is not None:
            state["hand"] = {
                "game": shown.title,
                "players": [names.get(p, p) for p in shown.players],
                "stacks": [p.stack for p in shown.players.values()],
                "bets": [p.bet for p in shown.players.values()],
                "board": list(shown.board),
                "pot": shown.pot,
                "to_act": names.get(shown.to_act) if shown.to_act is not None else None,
                "phase": shown.phase.replace(" ", "_"),
            }
        return state

    def table_message(self, live: Live) -> TableView:
        """The table message's view of ``live`` now (see
        :func:`bot.words.tableview.table_view`), a time bank's seconds left counted from
        the stored deadline and the service's clock at this render."""
        return table_view(
            live.id, live.table, live.names or {}, live.table.clock.deadline, self.clock()
        )

    def status_text(self, live: Live) -> str:
        """The table as its message shows it: the game, the board, the pot, every seat with
        its stack and bet as they stand now, whose turn and the legal range, and the kill
        button with every leg and every kill owed; and, when the host has paused the game,
        that it is paused and that ``start`` deals again."""
        text = self.table_message(live).text()
        if live.unseen is not None:
            text += f"\nI cannot post in this channel: {live.unseen}; then 'start' (host)"
        elif not live.table.running:
            when = "after this hand" if live.table.current is not None else "now"
            text += f"\nThe game is paused {when}: the host's 'start' deals again"
        return text


def _named_summary(button: KillButton | None, names: dict[str, str]) -> dict[str, Any] | None:
    """The kill button's summary as the table shows it, players by display name."""
    if button is None:
        return None
    summary = button.summary()
    holder = summary["holder"]
    summary["holder"] = names.get(holder, holder) if holder else holder
    summary["legs"] = {names.get(p, p): n for p, n in summary["legs"].items()}
    owed = {**button.missed, **button.owes_next}
    summary["owed"] = {names.get(p, p): c for p, c in owed.items()}
    return summary


def _kind(command: Command | dict[str, Any]) -> str:
    """What a command is, for the log: its type, and a move's kind (``Play(draw)``), never
    its cards or amounts (a draw's cards are the player's secret)."""
    if isinstance(command, dict):
        return str(command.get("type", "step"))
    if isinstance(command, Play):
        return f"Play({command.kind})"
    return type(command).__name__


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


def _legacy_table_fields(state: dict[str, Any]) -> dict[str, Any]:
    """What a state stored before the table kept its own clock and requests held beside
    the table, in the table's own fields (:meth:`bot.engine.table.Table.to_dict`)."""
    return {
        "running": bool(state.get("running")),
        "clock": {"deadline": state.get("deadline"), "clock_on": bool(state.get("clock_on"))},
        "kill_offer": state.get("kill_offer"),
        "straddlers": list(state.get("straddlers", [])),
        "chosen": dict(state.get("pre", {})),
    }
