"""Publishing after the commit: whatever the publisher raises, a committed step stands, its
caller gets the step's normal result, the next deal and the turn timers go on, and the
failure is logged in one line by table and error type."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Sequence

import pytest
from support import ANN, BOB, CAT, SETTINGS, FakeClock, said

from bot.engine.cards import Deck
from bot.service.state import TableShown
from bot.service.tables import Notice, Outgoing, Player, TableService
from bot.words.commands import Clock, Play, Sit, Start, Status
from storage.db import Database


class Publisher:
    """Keeps what it was handed, then raises ``error`` (None: delivers) like a platform
    that went away after the commit."""

    def __init__(self) -> None:
        self.handed: list[Outgoing] = []
        self.error: BaseException | None = None

    async def __call__(self, out: Sequence[Outgoing], asker: str | None = None) -> None:
        self.handed.extend(out)
        if self.error is not None:
            raise self.error


@pytest.fixture
def publisher() -> Publisher:
    """A publisher for which every publish fails, as a platform's reset connection would."""
    publisher = Publisher()
    publisher.error = ConnectionResetError("the platform's connection was reset")
    return publisher


@pytest.fixture
async def service(
    db: Database, clock: FakeClock, publisher: Publisher
) -> AsyncIterator[TableService]:
    """A plain service on the test's database publishing to ``publisher`` (this module's
    own, in place of the ``service`` of ``conftest.py``); after the test it finishes what
    it started, then the ``db`` fixture closes the database."""
    rng = random.Random(3)
    service = TableService(db, publisher, clock, lambda: Deck(rng=rng).order)
    yield service
    await service.idle()


@pytest.fixture
async def table_id(service: TableService) -> str:
    """Ann (host), Bob and Cat seated with 500 and dealt hand #1, every publish failing."""
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    await service.idle()
    return table_id


def _to_act(service: TableService, table_id: str) -> Player:
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    return {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]


async def _stored_version(service: TableService, table_id: str) -> int:
    stored = await service.db.load_table(table_id)
    assert stored is not None
    return stored.version


async def test_a_move_whose_publish_fails_returns_as_committed(
    service: TableService, publisher: Publisher, table_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The publisher raises on every step: the deal and a call still commit and return
    what they caused, the caller's chips are in the pot, the turn moves on, and each
    failure is one log line naming the table and the error's type."""
    live = service.tables[table_id]
    assert live.table.hand_number == 1
    caller = _to_act(service, table_id)
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="bot.service.tables"):
        out = await service.handle(table_id, caller, Play("call"))
    hand = live.table.hand
    assert hand is not None and hand.stacks[hand.names.index(caller.id)] == 498
    assert hand.pot_total() == 5
    assert _to_act(service, table_id) != caller
    shown = [o for o in publisher.handed if not isinstance(o.event, TableShown)]
    assert out and shown[-len(out) :] == out  # and the table as committed after them
    assert isinstance(publisher.handed[-1].event, TableShown)
    assert live.version == await _stored_version(service, table_id)
    [record] = caplog.records
    assert record.getMessage().count("\n") == 0 and record.exc_info is None
    assert table_id in record.getMessage() and "ConnectionResetError" in record.getMessage()
    status = await service.handle(table_id, BOB, Status())
    assert isinstance(status[0].event, Notice) and "Pot: 5" in said(service, status[0])


async def test_timeouts_and_warnings_stand_and_the_timers_run_on_when_publishing_fails(
    service: TableService, table_id: str, clock: FakeClock
) -> None:
    """With every publish failing, the ten-second warning and the time-out are still
    returned by tick, the player is folded as committed, and the timers' loop keeps
    running."""
    actor = _to_act(service, table_id)
    caller = next(p for p in (ANN, BOB, CAT) if p != actor)
    await service.handle(table_id, caller, Clock())
    clock.now += 21  # the clock leaves the 30-second turn as it was (000 NL §15)
    warned = await service.tick()
    assert [said(service, o) for o in warned] == [f"{actor.name}: ten seconds left"]
    clock.now += 10
    timers = asyncio.ensure_future(service.run_timers(every=0.01))
    await asyncio.sleep(0.05)
    assert not timers.done(), timers
    timers.cancel()
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.folded[hand.names.index(actor.id)]
    assert service.tables[table_id].version == await _stored_version(service, table_id)


async def test_the_next_deal_is_committed_when_its_publish_fails(
    service: TableService, table_id: str
) -> None:
    """Everyone but the big blind folds with every publish failing: the hand's last move
    returns, the next hand is dealt as its own step, and a command after it applies."""
    for _fold in range(2):
        await service.handle(table_id, _to_act(service, table_id), Play("fold"))
    await service.idle()
    live = service.tables[table_id]
    assert live.table.hand_number == 2 and live.table.hand is not None
    await service.handle(table_id, _to_act(service, table_id), Play("call"))
    assert live.version == await _stored_version(service, table_id)
