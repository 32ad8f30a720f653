"""What the service tests share: the players, a table's settings, a service on a database
with a recording publisher and a fake clock, and tables set up for a test (the fixtures
built on them are in ``conftest.py``)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.table import TableSettings
from bot.engine.tableevents import TableEvent
from bot.service.tables import Notice, Outgoing, Player, TableService
from bot.words.commands import Sit, Start
from bot.words.render import render
from storage.db import Database

SETTINGS = TableSettings(
    GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2)),
    seats=6,
    min_buy_in=100,
    max_buy_in=1000,
    turn_seconds=30,
)
ANN, BOB, CAT = Player("u1", "Ann"), Player("u2", "Bob"), Player("u3", "Cat")

# what the service publishes as a line of its own: its notices and the table's own events
NOTICES = (Notice, TableEvent)


def said(service: TableService, item: Outgoing) -> str:
    """The line a notice or a table's own event reads as, with the table's display names
    (the words wing renders it); "" for anything else (a hand's events, the table shown)."""
    if not isinstance(item.event, NOTICES):
        return ""
    live = service.tables.get(item.table_id)
    message = render(item.event, item.names, (live.names or {}) if live is not None else {})
    return "" if message is None else message.text


OpenDatabase = Callable[[str | Path], Awaitable[Database]]
"""The ``open_db`` fixture: opens a database that is closed after the test."""


class DealingService(TableService):
    """The service as the chat core drives it: the next deal that follows a move ending a
    hand (a step of its own) is committed before the test looks at the table. Tests of
    that step itself use :class:`TableService`."""

    async def handle(self, *args: Any, **kwargs: Any) -> list[Outgoing]:
        out = await super().handle(*args, **kwargs)
        await self.idle()
        return out

    async def tick(self) -> list[Outgoing]:
        out = await super().tick()
        await self.idle()
        return out


class FakeClock:
    """A clock a test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def open_service(
    db: Database,
    clock: FakeClock | None = None,
    shuffle: Callable[[], tuple[str, ...]] | None = None,
    published: list[Outgoing] | None = None,
    held: int | None = None,
) -> tuple[TableService, list[Outgoing]]:
    """A :class:`DealingService` on ``db``, its tables restored, and the list it publishes
    to (``published`` if given); ``held``: the most tables it holds in memory (None: the
    service's default). Closing ``db`` is the caller's (the ``db`` and ``open_db``
    fixtures close theirs)."""
    published = [] if published is None else published

    async def publish(out: Sequence[Outgoing], asker: str | None = None) -> None:
        published.extend(out)

    rng = random.Random(11)
    shuffle = shuffle or (lambda: Deck(rng=rng).order)
    service = DealingService(db, publish, clock or FakeClock(), shuffle)
    if held is not None:
        service.held = held
    await service.restore()
    return service, published


async def table_with_three(service: TableService) -> str:
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    return table_id


async def small_table(service: TableService, seats: int) -> str:
    """A table of ``seats`` seats, buy-ins 100 to 1000, with Ann (the host) and Bob seated."""
    small = TableSettings(SETTINGS.config, seats=seats, min_buy_in=100, max_buy_in=1000)
    table_id = await service.create_table("srv", "chan", ANN, small)
    await service.handle(table_id, ANN, Sit(500))
    await service.handle(table_id, BOB, Sit(500))
    return table_id


def to_act(service: TableService, table_id: str) -> Player:
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    return {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]


def kill_settings() -> TableSettings:
    from bot.engine.kills import KillRules

    config = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20))
    return TableSettings(config, seats=6, min_buy_in=100, max_buy_in=1000, kill=KillRules())


async def heads_up(db: Database, seed: int = 5) -> tuple[TableService, list[Outgoing], str]:
    """Ann and Bob seated and dealt hand #1, on a plain service (nothing waits for deals)
    on ``db``."""
    published: list[Outgoing] = []

    async def publish(out: Sequence[Outgoing], asker: str | None = None) -> None:
        published.extend(out)

    rng = random.Random(seed)
    service = TableService(db, publish, FakeClock(), lambda: Deck(rng=rng).order)
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    await service.handle(table_id, ANN, Sit(500))
    await service.handle(table_id, BOB, Sit(500))
    await service.handle(table_id, ANN, Start())
    return service, published, table_id
