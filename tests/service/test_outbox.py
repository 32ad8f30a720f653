"""Commit, answer, then publish: the table's lock is held to decide and commit only; what a
command caused is shown afterwards, in the table's order, however slow the platform is."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from support import ANN, BOB, SETTINGS, FakeClock, OpenDatabase, said

from bot.engine.cards import Deck
from bot.engine.events import Acted
from bot.service.state import ChannelRefused, TableHeld
from bot.service.tables import Outgoing, TableService
from bot.words.commands import Play, Sit, Start
from storage.db import Database


class StuckPlatform:
    """A publisher that holds every batch until the test lets it through."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.shown: list[list[Outgoing]] = []

    async def __call__(self, out: Sequence[Outgoing], asker: str | None = None) -> None:
        await self.gate.wait()
        self.shown.append(list(out))


async def test_a_command_is_committed_and_answered_while_the_platform_is_stuck(
    db: Database,
) -> None:
    """With the platform stuck on the first move's batch, the move returns at its commit and
    the next player's move is taken and committed too (the lock is not held while
    publishing); once the platform answers, both batches are shown in the table's order."""
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


async def test_a_held_table_stays_held_after_a_restart_and_a_failed_start(
    db: Database, open_db: OpenDatabase, tmp_path: Path
) -> None:
    """A table whose channel refuses the bot is held: the hold is saved, so the restored
    table deals nothing and runs no turn timer; ``status`` says why; a start whose save
    fails leaves it held."""
    from bot.service.tables import ServiceError
    from bot.words.commands import Status
    from storage.db import StorageError

    clock = FakeClock()
    rng = random.Random(5)
    service = TableService(db, StuckPlatform(), clock, lambda: Deck(rng=rng).order)
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    assert await service.hold(table_id, "invite the bot")
    await service.idle()
    writes = db.writes
    plain = writes.write

    async def refused(*args: object, **kwargs: object) -> None:
        raise StorageError("the disk is full")

    writes.write = refused  # type: ignore[method-assign]
    with pytest.raises(ServiceError, match="could not be saved"):
        await service.handle(table_id, ANN, Start())
    writes.write = plain  # type: ignore[method-assign]
    assert service.unseen(table_id) == "invite the bot"
    await db.close()

    again = TableService(await open_db(tmp_path / "t.db"), None, clock)
    await again.restore()
    live = again.tables[table_id]
    assert again.unseen(table_id) == "invite the bot" and not live.table.running
    facing = live.table.turn()
    clock.now += 10_000  # every deadline long past
    await again.tick()
    assert live.table.turn() == facing  # nobody timed out
    [status] = await again.handle(table_id, ANN, Status())
    assert "I cannot post in this channel: invite the bot" in said(service, status)


class RefusingPlatform:
    """A publisher whose platform refuses the bot's posts in the table's channel once
    ``refusing``: every batch is then answered with the refusal, as the presenter answers
    it."""

    def __init__(self) -> None:
        self.refusing = False
        self.shown: list[list[Outgoing]] = []

    async def __call__(
        self, out: Sequence[Outgoing], asker: str | None = None
    ) -> ChannelRefused | None:
        self.shown.append(list(out))
        return ChannelRefused("invite the bot") if self.refusing else None


async def test_a_channel_refusal_comes_back_from_the_publisher_and_holds_the_table(
    db: Database,
) -> None:
    """The publisher answers the deal's batch with the channel's refusal: the service holds
    the table (paused, no turn timer), saved, and tells the host alone, once, what to do,
    however many batches are refused after it."""
    from bot.words.commands import Status

    clock = FakeClock()
    rng = random.Random(5)
    platform = RefusingPlatform()
    service = TableService(db, platform, clock, lambda: Deck(rng=rng).order)
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB):
        await service.handle(table_id, player, Sit(500))
    await service.idle()
    platform.refusing = True  # the bot loses its permissions in the channel
    await service.handle(table_id, ANN, Start())
    await service.idle()
    live = service.tables[table_id]
    assert service.unseen(table_id) == "invite the bot"
    assert not live.table.running and live.table.clock.deadline is None
    stored = await db.load_table(table_id)
    assert stored is not None and stored.state["table"]["held"] == "invite the bot"
    facing = live.table.turn()
    assert facing is not None
    await service.handle(table_id, BOB, Status())  # refused again: held already
    clock.now += 10_000
    await service.tick()
    await service.idle()
    assert live.table.turn() == facing  # nobody timed out
    held = [o for batch in platform.shown for o in batch if isinstance(o.event, TableHeld)]
    assert held == [Outgoing(table_id, ANN.id, TableHeld("invite the bot"))]
