"""Commit, answer, then publish: the table's lock is held to decide and commit only; what a
command caused is shown afterwards, in the table's order, however slow the platform is."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from pathlib import Path

from test_service import ANN, BOB, SETTINGS, FakeClock

from bot.commands import Play, Sit, Start
from bot.engine.cards import Deck
from bot.engine.events import Acted
from bot.service import Outgoing, TableService
from storage.db import Database


class StuckPlatform:
    """A publisher that holds every batch until the test lets it through."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.shown: list[list[Outgoing]] = []

    async def __call__(self, out: Sequence[Outgoing]) -> None:
        await self.gate.wait()
        self.shown.append(list(out))


def test_a_command_is_committed_and_answered_while_the_platform_is_stuck(tmp_path: Path) -> None:
    """With the platform stuck on the first move's batch, the move returns at its commit and
    the next player's move is taken and committed too (the lock is not held while
    publishing); once the platform answers, both batches are shown in the table's order."""

    async def main() -> None:
        db = await Database.open(str(tmp_path / "t.db"))
        platform = StuckPlatform()
        rng = random.Random(5)
        service = TableService(db, platform, FakeClock(), lambda: Deck(rng=rng).order)
        table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
        for player in (ANN, BOB):
            await service.handle(table_id, player, Sit(500))
        await service.handle(table_id, ANN, Start())
        await service.idle()
        live = service.tables[table_id]
        platform.gate.clear()  # the platform stops answering
        platform.shown.clear()
        first = {ANN.id: ANN, BOB.id: BOB}[live.table.turn().player_id]
        await asyncio.wait_for(service.handle(table_id, first, Play("call"), wait=False), 5)
        second = {ANN.id: ANN, BOB.id: BOB}[live.table.turn().player_id]
        assert second is not first
        await asyncio.wait_for(service.handle(table_id, second, Play("check"), wait=False), 5)
        stored = await db.load_table(table_id)
        assert stored is not None and stored.version == live.version  # both committed
        assert platform.shown == []  # nothing shown since: the platform is stuck
        platform.gate.set()
        await asyncio.wait_for(service.idle(), 5)
        moves = [o.event for batch in platform.shown for o in batch if isinstance(o.event, Acted)]
        assert [m.action for m in moves] == ["call", "check"]
        await db.close()

    asyncio.run(main())
