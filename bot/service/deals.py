"""The next deal of the table service: the deal a table owes between hands (the game
running, two players who may be dealt in, the kills they owe at the server's other tables
counted), dealt as a step of its own as soon as the table's lock is free.

The next deal after a hand's last move is committed after that move is answered, so the
showdown is shown without waiting for the next shuffle.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging

from bot.engine import EngineError
from bot.engine.tableevents import DealFailed, KillOwedElsewhere
from bot.engine.tournament import RUNNING
from bot.process.logsafe import described, frames
from bot.service import stepping
from bot.service.commits import ServiceError
from bot.service.outbox import Outbox
from bot.service.state import CLOCK_SAVE_SECONDS, Live, Outgoing
from bot.service.steps import Step
from storage import StorageError

log = logging.getLogger(__name__)

# Seconds the process that ended a hand has to deal the next before another may.
DEAL_GRACE_SECONDS = 3.0


def tournament_wake(live: Live) -> float | None:
    """When a tournament's table next needs a step of its own: the tournament's next
    timed change (:meth:`~bot.engine.tourneytable.TournamentTable.wake_at`), or, while its
    clock runs, the next save of the clock's reading, so that a restart after a quiet
    spell (no move, no change) gives back at most :data:`CLOCK_SAVE_SECONDS`; None at a
    cash table or when nothing is timed."""
    tourney = live.tourney
    if tourney is None:
        return None
    clock = tourney.tournament.level_clock
    times = [tourney.wake_at()]
    spread = live.spread
    saves = spread is None or spread.home == live.id  # one clock: its home saves it
    if saves and clock.at is not None and tourney.tournament.status == RUNNING:
        times.append(clock.at + CLOCK_SAVE_SECONDS)
    found = [t for t in times if t is not None]
    return min(found) if found else None


class Deals(Outbox):
    """The next deal owed at each table, and the kill obligations that decide who can be
    dealt in (000 kill §6)."""

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

    def _owes_deal(self, live: Live) -> bool:
        """Between hands with the game running and two players to deal to (at dealer's
        choice, a pick asked for and not yet made owes nothing). At a tournament's table,
        also a step of the tournament's own that is due: its start at a time, the clock's
        next change, the end of
        the wait for rebuys, a deal's offer lapsing
        (:meth:`~bot.engine.tourneytable.TournamentTable.wake_at`)."""
        if live.tourney is not None:
            return self._tournament_owes(live)
        if not live.table.running or live.table.current is not None:
            return False
        if not live.table.can_deal(self._owing_elsewhere(live)):
            return False
        # at dealer's choice the deal step waits for the pick once it has asked for it
        return not live.table.waits_for_pick(self.clock())

    def _tournament_owes(self, live: Live) -> bool:
        tourney = live.tourney
        assert tourney is not None
        if live.table.held is not None:
            return False  # nobody can see the table: nothing moves until the host's start
        now = self.clock()
        wake = tournament_wake(live)
        if wake is not None and wake <= now:
            return True
        if not live.table.running or live.table.current is not None:
            return False
        if live.spread is not None:
            return live.spread.why_not_deal(live.id, now) is None
        return tourney.why_not_deal(now) is None

    def _owing_elsewhere(self, live: Live) -> dict[str, KillOwedElsewhere]:
        """Players seated at ``live`` who owe a kill at another table of the same server or
        workspace, each with what he owes and where: until it is posted he is dealt into
        no game (000 kill §6, RULES.md "Obligations")."""
        owing: dict[str, KillOwedElsewhere] = {}
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
                    mention = other.server_id != "console"  # a platform's channel
                    owing[player_id] = KillOwedElsewhere(player_id, chips, other.channel, mention)
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

    def _step(self, live: Live) -> Step:
        """A step at ``live`` with the service's clock, shuffle and the kill obligations
        its players have at the server's other tables."""
        return Step(live, self.clock, self.shuffle, self._owing_elsewhere)

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
            stepping.advance(step, deal_now=True)
            out, extra = step.out, step.extra
        except Exception as exc:
            undo.restore(live)
            if isinstance(exc, EngineError):
                failed = DealFailed(exc.template, tuple(exc.players.items()))
            else:
                log.error(
                    "the next deal at table %s failed: %s\n%s", live.id, described(exc), frames(exc)
                )
                failed = DealFailed("")  # an error on our side, logged
            live.table.running = False
            out, extra = [Outgoing(live.id, None, failed)], []
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
