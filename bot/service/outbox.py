"""The outbox of the table service: each committed batch handed to the publisher (the
renderers) after the table's earlier batches and outside its lock, with the table message
as the batch committed it. The publisher answers a batch with the channel's refusal when
the platform will not let the bot post there; the outbox then holds the table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from bot.process.logsafe import described
from bot.service.commits import Commits, ServiceError
from bot.service.state import Live, Outgoing, TableHeld, TableShown
from bot.words.tableview import TableView, table_view
from bot.words.tourneyview import Standings

log = logging.getLogger(__name__)


class Outbox(Commits):
    """What the service shows, in each table's order: :meth:`_publish` is the one place it
    publishes; :meth:`hold` pauses a table the platform cannot show."""

    def table_message(self, live: Live) -> TableView:
        """The table message's view of ``live`` now (see
        :func:`bot.words.tableview.table_view`), a time bank's seconds left counted from
        the stored deadline and the service's clock at this render (a tournament's level
        clock too, at its table)."""
        return table_view(
            live.id,
            live.table,
            live.names or {},
            live.table.clock.deadline,
            self.clock(),
            live.tourney,
            _standings(live),
        )

    def _publish(self, table_id: str, out: Sequence[Outgoing], asker: str | None = None) -> None:
        """Hand committed output to the publisher, after the table's earlier batches and
        outside its lock: the one place the service publishes.

        The batch is shown by a task of its own that waits for the table's previous batch,
        so the order players see is the order of the table while the lock is held only to
        decide and commit; it goes to the publisher with its ``asker``, the player whose
        own notices come back in his command's reply (None: nobody's, e.g. a step of the
        table's own, which no player sent). What ``out``
        reports is already committed, so a failure to show it changes nothing and raises
        nothing:
        showing it again is the adapter's part, and a player is never told that a move
        which stands "could not be done"; a channel that refuses the bot comes back as the
        publisher's answer, and the table is held (:meth:`hold`). :meth:`shown` waits for
        it.
        """
        if self.publish is None:
            return
        live = self.tables.get(table_id)
        if live is not None:  # the table message shows the table as committed now
            out = [*out, Outgoing(table_id, None, TableShown(self.table_message(live)))]
            live.shown_at = self.clock()
        previous = self._shows.get(table_id)
        task = asyncio.create_task(self._show(table_id, list(out), previous, asker))
        self._shows[table_id] = task
        task.add_done_callback(lambda done: self._forget_show(table_id, done))

    async def _show(
        self,
        table_id: str,
        out: list[Outgoing],
        previous: asyncio.Task[None] | None,
        asker: str | None,
    ) -> None:
        """Show one committed batch once the batch before it is shown, and hold the table
        when the publisher answers that its channel refuses the bot. A failure is logged
        in one line, by table and error type only (a line that failed may hold a player's
        cards)."""
        if previous is not None:
            await asyncio.gather(previous, return_exceptions=True)
        assert self.publish is not None
        try:
            refused = await self.publish(out, asker)
            if refused is not None:  # nobody can see the table: no deal, no turn timer
                await self.hold(table_id, refused.why)
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

    async def hold(self, table_id: str, why: str) -> bool:
        """The platform cannot show ``table_id`` (the bot may not post in its channel):
        pause the game after the hand in play and stop its turn timer, so no one is folded
        for a table he cannot see; the host's ``start`` resumes it. The host is told
        privately what to do (a :class:`~bot.service.state.TableHeld` for him, committed
        with the hold). Returns False when the table was already held (so the host is told
        once).

        The outbox holds a table when the publisher answers a batch with the channel's
        refusal; the chat core when a message it showed itself was refused.

        Args:
            table_id: the table.
            why: what the host must do, e.g. the permissions the bot lacks.
        """
        live = self.tables.get(table_id)
        if live is None or live.table.held is not None:
            return False
        async with self._lock(table_id):
            undo = live.undo_point()
            if not self._held(live, why):
                return False
            told = [Outgoing(table_id, live.table.host, TableHeld(why))]
            try:  # kept across a restart: no timer runs there either
                await self._commit(live, None, {"type": "Hold"}, None, told, [], undo)
            except ServiceError:
                log.error("table %s: the hold could not be saved; it holds in memory", table_id)
                self._held(live, why)  # the failed commit put the table back as committed
                self._publish(table_id, told)  # held all the same: he is told
        return True

    def _held(self, live: Live, why: str) -> bool:
        """Hold ``live``'s game, a tournament's clock and waits with it (see
        :meth:`~bot.engine.tourneytable.TournamentTable.hold`); False when it was held
        already."""
        if live.tourney is not None:
            return live.tourney.hold(why, self.clock())
        return live.table.hold(why)

    def unseen(self, table_id: str) -> str | None:
        """Why the platform cannot show the table (see :meth:`hold`), or None."""
        live = self.tables.get(table_id)
        return live.table.held if live is not None else None


def _standings(live: Live) -> Standings | None:
    """Where a table of a tournament over several tables stands among them, once its
    floor plays; None at any other table."""
    spread = live.spread
    floor = spread.floor if spread is not None else None
    if spread is None or floor is None or live.id not in floor.tables:
        return None
    largest = max(
        (seat.stack for t in floor.tables.values() for seat in t.table.seating.seats.values()),
        default=0,
    )
    return Standings(spread.number(live.id), len(floor.tables), largest, floor.hand_for_hand)
