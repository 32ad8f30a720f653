"""The timers of the table service: a turn timer run out (check if free, else fold), the
clock's ten-second warning and a time bank's countdown, ticked in this process; on a
database several processes share, the tables due found in the database, each taken by one
process.
"""

from __future__ import annotations

import asyncio
import logging
import math

from bot.engine import WARNING_SECONDS, EngineError
from bot.engine.tableevents import ClockWarning
from bot.process.logsafe import described
from bot.service import stepping
from bot.service.commits import ServiceError, _Stale
from bot.service.deals import DEAL_GRACE_SECONDS, Deals, tournament_wake
from bot.service.state import Live, Outgoing, TableChanged
from storage import StorageError

log = logging.getLogger(__name__)

# Seconds a process has to commit a due step it took before another process may take it.
LEASE_SECONDS = 10.0


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


class Timers(Deals):
    """The turn timers of every table, the clock's warning and a time bank's countdown
    (000 NL §15, RULES.md "The time bank")."""

    def _due(self, live: Live) -> float | None:
        """When ``live`` next needs a step of its own, for another process to take if this
        one dies: a deal owed shortly (the process that ended the hand deals at once), a
        turn timer when it runs out (the clock's warning before it, and a time bank's
        countdown marks); None until a move."""
        if self._owes_deal(live):
            return self.clock() + DEAL_GRACE_SECONDS
        if live.table.held is not None:
            return None
        due = live.table.clock.wake_at()  # the clock's ten-second warning first
        mark = _countdown_mark(live, self.clock()) if due is not None else None
        wake = tournament_wake(live)
        times = [t for t in (due, mark, wake) if t is not None]  # and a tournament's clock
        return min(times) if times else None

    def timers_running(self) -> int:
        """How many tables this process holds with a turn timer running or a next deal
        pending (a figure for the metrics)."""
        running = sum(
            1
            for live in self.tables.values()
            if live.table.clock.deadline is not None and live.table.held is None
        )
        return running + len(self._deals)

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
            if clock.deadline is None or live.table.held is not None:
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
        warning = [Outgoing(live.id, None, ClockWarning(facing.player_id))]
        self._publish(live.id, warning)
        return warning

    def _count_down(self, live: Live) -> list[Outgoing]:
        """A time bank runs: show the table message again, its footer counting the
        seconds left (RULES.md "The time bank"); nothing is said. What was published."""
        shown = [Outgoing(live.id, None, TableChanged())]
        self._publish(live.id, shown)
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
            stepping.time_out(step, player_id)
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
