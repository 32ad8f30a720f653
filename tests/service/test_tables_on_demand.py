"""Tables on demand: a process holds at most its bound of tables in memory, letting the
least recently used idle ones go, and reads a table it does not hold when a request comes
for it; at a restart with more tables stored than it holds, it restores only those that
need it before anyone speaks (a timer due, a kill game, a tournament not over). Nothing of
a table let go is lost (README, "Running at scale": what a process holds)."""

from __future__ import annotations

import pytest
from support import (
    ANN,
    BOB,
    CAT,
    SETTINGS,
    FakeClock,
    kill_settings,
    open_service,
    table_with_three,
    to_act,
)

from bot.service.tables import Player, ServiceError, TableService
from bot.words.commands import Sit
from bot.words.tourneysetup import parse_tournament_setup
from storage.db import Database

DAN = Player("u4", "Dan")


async def _idle_tables(service: TableService, count: int, first: int = 0) -> list[str]:
    """``count`` tables, each in a channel of its own with Ann (its host) seated, no hand."""
    ids = []
    for n in range(first, first + count):
        table_id = await service.create_table("srv", f"idle{n}", ANN, SETTINGS)
        await service.handle(table_id, ANN, Sit(300))
        ids.append(table_id)
    return ids


async def test_a_process_holds_its_bound_of_tables_and_reads_one_let_go_when_asked(
    any_db: Database,
) -> None:
    service, _ = await open_service(any_db, FakeClock(), held=3)
    ids = await _idle_tables(service, 6)
    assert len(service.tables) == 3
    assert set(service.tables) == set(ids[3:])  # the least recently used went first
    first = ids[0]
    await service.handle(first, BOB, Sit(250))  # one read, then served as ever
    live = service.tables[first]
    assert {s.player_id: s.stack for s in live.table.seated()} == {"u1": 300, "u2": 250}
    assert len(service.tables) == 3 and first in service.tables
    assert await any_db.version_of(first) == live.version


async def test_a_table_with_a_hand_in_play_is_never_let_go_and_its_timer_fires(
    any_db: Database,
) -> None:
    clock = FakeClock()
    service, _ = await open_service(any_db, clock, held=1)
    playing = await table_with_three(service)
    facing = to_act(service, playing)
    await _idle_tables(service, 3)
    assert playing in service.tables and len(service.tables) == 2  # one idle held, at most
    clock.now += SETTINGS.turn_seconds + 1
    await service.tick()
    hand = service.tables[playing].table.hand
    assert hand is not None and to_act(service, playing) != facing  # timed out, as ever


async def test_a_restart_with_more_stored_than_held_restores_only_what_needs_it(
    any_db: Database,
) -> None:
    clock = FakeClock()
    service, _ = await open_service(any_db, clock)
    idle = await _idle_tables(service, 4)
    playing = await table_with_three(service)
    kill = await service.create_table("srv", "kill", ANN, kill_settings())
    lobby = await service.create_tournament(
        "srv", "lobby", ANN, parse_tournament_setup("tournament new turbo buyin 10 seats 4")
    )
    await service.idle()
    again, _ = await open_service(any_db, clock, held=3)
    assert set(again.tables) == {playing, kill, lobby}
    await again.handle(idle[0], DAN, Sit(200))  # read when asked
    assert {s.player_id for s in again.tables[idle[0]].table.seated()} == {"u1", "u4"}
    clock.now += SETTINGS.turn_seconds + 1
    facing = to_act(again, playing)
    await again.tick()
    assert to_act(again, playing) != facing  # the restored hand's timer fired


async def test_a_restart_or_a_tick_writes_when_each_table_is_due(any_db: Database) -> None:
    clock = FakeClock()
    service, _ = await open_service(any_db, clock)
    (idle,) = await _idle_tables(service, 1)
    playing = await table_with_three(service)
    await any_db.set_due(idle, 0.0)  # as a database written before dues were kept
    again, _ = await open_service(any_db, clock)
    if any_db.shared:  # the tables due are the timers' on a shared database
        await again.tick()
    rows = dict(await any_db._rows("SELECT table_id, due FROM table_versions"))
    assert rows[idle] is None
    deadline = service.tables[playing].table.clock.deadline
    assert deadline is not None and rows[playing] is not None and rows[playing] <= deadline


async def test_a_table_let_go_refuses_a_bad_move_with_its_range_changing_nothing(
    any_db: Database,
) -> None:
    service, _ = await open_service(any_db, FakeClock(), held=1)
    first, _second = await _idle_tables(service, 2)
    assert first not in service.tables
    with pytest.raises(ServiceError) as refused:
        await service.handle(first, CAT, Sit(5))  # under the least buy-in
    assert "100" in str(refused.value)
    live = service.tables[first]
    assert [s.player_id for s in live.table.seated()] == ["u1"]
    assert await any_db.version_of(first) == live.version
