"""The commit under the table service: the tables in memory as last committed, one lock
per table, and the transaction that makes a step stand.

An action is applied by the engine, then it and its events are committed in one
transaction, and only then are the events handed to the publisher (the renderers). A failed
commit puts the table back as it was and tells the player to try again, what failed mapped
to what he is told. On a database several processes share, a table another process moved
on is read again before the next try.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import asdict, fields, is_dataclass
from typing import Any

from bot.engine import Deck, Event, Table
from bot.engine.tournament import REGISTERING, RUNNING
from bot.process.logsafe import described, frames
from bot.service.state import (
    Live,
    Outgoing,
    Player,
    Publisher,
    TableChanged,
    UndoPoint,
    books_unclocked,
    tourney_from,
)
from bot.service.statetext import table_data
from bot.words.commands import Command, Play
from bot.words.houserefusals import Refused
from storage import (
    ChangedElsewhere,
    CommitUnknown,
    Database,
    EventRow,
    StorageError,
    StorageFull,
    StoredTable,
    TableDue,
    TableWrite,
    TournamentSaved,
    Unstorable,
    Write,
)

log = logging.getLogger(__name__)

# The most tables a process holds in memory before it lets the least recently used idle
# ones go (each is read again when a request, a timer or a deal needs it).
TABLES_HELD = 2000


class ServiceError(Exception):
    """What to tell the player when his command changed nothing: a refusal of the house's
    own by its kind (:class:`bot.words.houserefusals.Refused`, ``kind`` set, the message
    its words), or a refusal already put in words (``kind`` None)."""

    def __init__(self, refusal: Refused | str) -> None:
        if isinstance(refusal, Refused):
            super().__init__(refusal.value)
            self.kind: Refused | None = refusal
        else:
            super().__init__(refusal)
            self.kind = None


class _Stale(ServiceError):
    """Another process committed to the table first: nothing changed, the table was read
    again, and a command may be decided again on it."""


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


class Commits(ABC):
    """The tables of one bot process as last committed, their locks and the commit: what
    every part of the service builds on (the arguments: see
    :class:`bot.service.tables.TableService`).

    What a commit asks of the other parts is declared here: whether the table owes its
    next deal, which is then scheduled (:mod:`bot.service.deals`), when it is next due on
    a shared database (:mod:`bot.service.timers`), and the outbox that shows its batch
    (:mod:`bot.service.outbox`).
    """

    def __init__(
        self,
        db: Database,
        publish: Publisher | None = None,
        clock: Callable[[], float] = time.time,
        shuffle: Callable[[], tuple[str, ...]] | None = None,
        held: int = TABLES_HELD,
    ) -> None:
        self.db = db
        self.held = max(1, held)
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
        # platform request ids found new in the database by the check in front of their
        # request (TableService.first_time), until the request is done: True once the id
        # must be read again (the table was decided again after another process's commit)
        self._checked: dict[str, bool] = {}
        # commands decided again because another process had moved their table on
        self.retries = 0

    def _index(self, live: Live) -> None:
        """Keep ``live`` in the index of the tables that play kills, by server."""
        if live.table.settings.kill is not None:
            self._kill_tables.setdefault(live.server_id, set()).add(live.id)

    @staticmethod
    def _live(stored: StoredTable, restarted_at: float | None = None) -> Live:
        """The table as stored, with the service's fields. A table stored before it kept
        its own clock and requests has them beside it: they are read into it, and a stored
        deadline belongs to the decision the table waits on, so that decision is known as
        the timed one (a command after the restart that does not move the turn leaves its
        timer running). A table stored before it kept its host and its hold takes its host
        from the stored row and its hold from beside it. A tournament's table has its
        tournament part too; at a restart (``restarted_at``, the clock now) its level clock
        resumes from then."""
        state = stored.state
        data = table_data(state)
        if "host" not in data:
            data = {**data, "host": stored.host_id, "held": state.get("unseen")}
        legacy = "clock" not in data
        if legacy:
            data = {**data, **_legacy_table_fields(state)}
        table = Table.from_dict(data)
        if legacy and table.clock.deadline is not None:
            table.clock.turn = table.turn_key()
            data = {**data, "clock": table.clock.to_dict()}
        tourney = state.get("tournament")
        if tourney and tourney.get("spread"):
            tourney = None  # over the books its tournament's row holds: restore() builds it
        return Live(
            stored.id,
            stored.server_id,
            stored.channel,
            table,
            stored.version,
            stored.session_id,
            names=dict(state.get("names", {})),
            committed=data,
            tourney=tourney_from(tourney, table, restarted_at) if tourney else None,
            tournament_id=str(tourney["id"]) if tourney else None,
        )

    async def _reload(self, table_id: str) -> None:
        """Take the stored table again (another process committed to it)."""
        stored = await self.db.load_table(table_id)
        if stored is None:
            return
        part = stored.state.get("tournament") or {}
        if part.get("spread"):  # its tables share books: all of them are read again
            await self._reload_spread(str(part["id"]))
            return
        self.tables[table_id] = self._live(stored)
        self._index(self.tables[table_id])

    async def current(self, table_id: str) -> Live | None:
        """The table as last committed, or None when there is none. A table this process
        does not hold (let go while idle, or never restored) is read from the database. On
        a database several processes share (:attr:`storage.db.Database.shared`) the
        committed version is read first, and a table another process moved on, or opened,
        is taken again from the database; otherwise the table in memory is the committed
        one.

        A version that cannot be read leaves the table in memory: the commit's own version
        check still refuses a move built on a stale table. A table not held that cannot be
        read is None, the failure logged.
        """
        live = self.tables.get(table_id)
        if live is not None and not self.db.shared:
            self._touch(table_id)
            return live
        try:
            if live is None:
                await self._reload(table_id)
            else:
                version = await self.db.version_of(table_id)
                if version is not None and live.version != version:
                    await self._reload(table_id)
        except StorageError as exc:
            log.warning("table %s could not be read again: %s", table_id, described(exc))
        if table_id in self.tables:
            self._touch(table_id)
            self._let_go(keep=table_id)
        return self.tables.get(table_id)

    def _touch(self, table_id: str) -> None:
        """Make ``table_id`` the most recently used table (the last in :attr:`tables`)."""
        live = self.tables.pop(table_id, None)
        if live is not None:
            self.tables[table_id] = live

    def _let_go(self, keep: str | None = None) -> None:
        """Past :attr:`held` tables in memory, let the least recently used idle ones go
        (:meth:`_idle`), never ``keep`` (the table just asked for): nothing of them is
        lost, the database has them as committed."""
        excess = len(self.tables) - self.held
        if excess <= 0:
            return
        idle = (t for t, live in self.tables.items() if t != keep and self._idle(live))
        for table_id in list(itertools.islice(idle, excess)):  # the oldest first
            del self.tables[table_id]
            self.locks.pop(table_id, None)

    def _idle(self, live: Live) -> bool:
        """Whether ``live`` may be let go: nothing of it runs in this process (no hand in
        play, no step of its own due, no deal or batch to show pending, its lock free) and
        nothing ties it to other tables (a kill game, a tournament not over, a tournament
        over several tables), so the next request for it may read it again."""
        table = live.table
        if table.hand is not None or table.clock.deadline is not None:
            return False
        if table.settings.kill is not None or live.spread is not None:
            return False
        if live.tourney is not None and live.tourney.tournament.status in (REGISTERING, RUNNING):
            return False
        if live.id in self._deals or live.id in self._shows:
            return False
        lock = self.locks.get(live.id)
        # a lock just released may still have a waiter about to take it
        if lock is not None and (lock.locked() or getattr(lock, "_waiters", None)):
            return False
        return self._due(live) is None

    def _lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock; every table of a tournament over several tables shares the
        tournament's, so a step that moves a player between two holds both."""
        live = self.tables.get(table_id)
        key = live.spread.tournament_id if live is not None and live.spread else table_id
        return self.locks.setdefault(key, asyncio.Lock())

    async def _commit(
        self,
        live: Live,
        player: Player | None,
        command: Command | dict[str, Any],
        request_id: str | None,
        out: list[Outgoing],
        extra: list[Write],
        undo: UndoPoint,
        asker: str | None = None,
    ) -> list[Outgoing]:
        hand_number = live.table.hand_number or None
        others = self._spread_others(live, out)
        if others:
            extra = [*extra, *(self._carried(other, live, out) for other in others)]
            out = [o for o in out if o.table_id == live.id] + [
                o for o in out if o.table_id != live.id
            ]
        rows = [EventRow(o.audience, event_data(o.event)) for o in out if o.table_id == live.id]
        data = (
            command
            if isinstance(command, dict)
            else {"type": type(command).__name__, **vars(command)}  # fields are plain values
        )
        who = (player.id, player.platform, player.name) if player else None
        state = live.state()
        # and each table it carries: another process may take them, and a restart restores
        # only the tables due (storage.db.Database.load_tables)
        extra = [*extra, *(TableDue(t.id, self._due(t)) for t in (live, *others))]
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
                why = Refused.NOT_SAVED
                if isinstance(exc, ChangedElsewhere):
                    with contextlib.suppress(StorageError):  # read again before the next try
                        await self._reload(live.id)  # another process moved the table on
                    raise _Stale(why) from exc
                if isinstance(exc, Unstorable):
                    raise ServiceError(Refused.UNSTORABLE) from exc
                if isinstance(exc, StorageFull):
                    log.error("table %s could not be saved: %s", live.id, described(exc))
                    raise ServiceError(Refused.DISK_FULL) from exc
                if isinstance(exc, CommitUnknown):
                    # saved or not, the database will tell: read again before the next move
                    with contextlib.suppress(StorageError):
                        await self._reload(live.id)
                    raise ServiceError(Refused.COMMIT_UNKNOWN) from exc
                raise ServiceError(why) from exc
            if isinstance(exc, (TypeError, ValueError)):
                # a value JSON cannot hold (a lone surrogate in a name)
                raise ServiceError(Refused.UNSTORABLE) from exc
            log.error(
                "saving %s at table %s failed: %s\n%s",
                _kind(command),
                live.id,
                described(exc),
                frames(exc),
            )
            raise ServiceError(Refused.SAVE_FAILED) from exc
        live.version += 1
        live.committed = state["table"]
        for write in extra:
            if isinstance(write, TournamentSaved):
                live.books_stored = books_unclocked(write.state)
                if live.spread is not None:
                    live.spread.stored, live.spread.written_at = live.books_stored, self.clock()
                    live.spread.version += 1
            elif isinstance(write, TableWrite):
                other = self.tables[write.table_id]
                other.version = write.version
                other.committed = other.table.to_dict()
        told_elsewhere = [o for o in out if o.table_id != live.id]
        out = [o for o in out if o.table_id == live.id]
        if request_id is not None:  # the commit claimed it (actions.request_id is unique)
            self._checked.pop(request_id, None)
        if self._owes_deal(live):
            self._schedule_deal(live.id)
        # a move that says nothing (a vote for the runs) still changes whose turn it is;
        # a step of the table's own (a deal, a time-out) has no asker, whoever's command
        # it ran under: his own notices in it go to him like anyone's
        changed = out or [Outgoing(live.id, None, TableChanged())]
        self._publish(live.id, changed, asker)
        if live.spread is not None:
            live.spread.before.clear()
            self._spread_committed(live, others, told_elsewhere)
        self._touch(live.id)
        self._let_go(keep=live.id)
        return out

    def _spread_others(self, live: Live, out: Sequence[Outgoing]) -> list[Live]:
        """The other tables of ``live``'s tournament over several tables that its step
        changed or tells something: each moves on in the same commit."""
        spread = live.spread
        if spread is None:
            return []
        ids = dict.fromkeys([*(o.table_id for o in out if o.table_id != live.id), *spread.before])
        return [self.tables[tid] for tid in ids if tid != live.id]

    @staticmethod
    def _carried(other: Live, live: Live, out: Sequence[Outgoing]) -> TableWrite:
        """Table ``other``'s part of ``live``'s commit: its new state at its next version
        and what the step told at it."""
        state = other.state()
        return TableWrite(
            other.id,
            other.version + 1,
            other.text.encode(state, other.committed),
            {"type": "TournamentStep", "table": live.id},
            [EventRow(o.audience, event_data(o.event)) for o in out if o.table_id == other.id],
            other.table.hand_number or None,
        )

    def _spread_committed(self, live: Live, others: list[Live], out: Sequence[Outgoing]) -> None:
        """After a commit at a table of several: what it told each other table shown
        there, and the next deal scheduled at every table that owes one now (a player
        moved in, a hand-for-hand round over)."""
        for other in others:
            told = [o for o in out if o.table_id == other.id]
            self._publish(other.id, told or [Outgoing(other.id, None, TableChanged())])
        spread = live.spread
        assert spread is not None
        for table_id, other in spread.lives.items():
            if table_id != live.id and self._owes_deal(other):
                self._schedule_deal(table_id)

    @abstractmethod
    async def _reload_spread(self, tournament_id: str) -> None:
        """Read every table of a tournament over several tables again
        (:mod:`bot.service.spreads`)."""

    @abstractmethod
    def _owes_deal(self, live: Live) -> bool:
        """Whether ``live`` owes its next deal now (:mod:`bot.service.deals`)."""

    @abstractmethod
    def _schedule_deal(self, table_id: str) -> None:
        """Deal the next hand once the table's lock is free (:mod:`bot.service.deals`)."""

    @abstractmethod
    def _due(self, live: Live) -> float | None:
        """When ``live`` next needs a step of its own, stored with each commit on a shared
        database (:mod:`bot.service.timers`)."""

    @abstractmethod
    def _publish(self, table_id: str, out: Sequence[Outgoing], asker: str | None = None) -> None:
        """Hand a committed batch, with its asker, to the publisher
        (:mod:`bot.service.outbox`)."""


def _kind(command: Command | dict[str, Any]) -> str:
    """What a command is, for the log: its type, and a move's kind (``Play(draw)``), never
    its cards or amounts (a draw's cards are the player's secret)."""
    if isinstance(command, dict):
        return str(command.get("type", "step"))
    if isinstance(command, Play):
        return f"Play({command.kind})"
    return type(command).__name__


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
