"""The database itself failing under a night: PostgreSQL restarted mid-hand (``pg_ctl
restart``), and every process recovers by itself; no committed move is lost or applied
twice, and a move the database did not keep is refused honestly and works when sent
again (README, "Running at scale")."""

from __future__ import annotations

import asyncio

import pytest
from support import ANN, BOB, CAT, SETTINGS, FakeClock, open_service, table_with_three

from bot.service.tables import ServiceError, TableService
from bot.words.commands import Sit, Start, parse
from storage.db import Database


def _to_act(service: TableService, table_id: str):  # type: ignore[no-untyped-def]
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    by_id = {p.id: p for p in (ANN, BOB, CAT)}
    return by_id[hand.names[hand.to_act]]


def _passive(service: TableService, table_id: str) -> str:
    """The move that is always legal for the player to act: check, else call."""
    hand = service.tables[table_id].table.hand
    assert hand is not None
    return "check" if hand.legal_actions().can_check else "call"


async def test_postgres_restarted_mid_hand_the_next_move_is_served_once(
    postgres_server, postgres_url: str, open_db
) -> None:  # type: ignore[no-untyped-def]
    if not postgres_server.ours:
        pytest.skip("the tests restart only a PostgreSQL server they started")
    db = await open_db(postgres_url)
    clock = FakeClock()
    service, _ = await open_service(db, clock)
    table_id = await table_with_three(service)
    await service.handle(table_id, _to_act(service, table_id), parse("call"))
    before = service.tables[table_id].version
    await asyncio.to_thread(postgres_server.restart)
    player = _to_act(service, table_id)
    await service.handle(table_id, player, parse("call"))  # a new connection, at once
    assert service.tables[table_id].version == before + 1
    assert await db.version_of(table_id) == before + 1


async def test_postgres_down_a_move_is_refused_changing_nothing_and_served_once_it_is_back(
    postgres_server, postgres_url: str, open_db
) -> None:  # type: ignore[no-untyped-def]
    if not postgres_server.ours:
        pytest.skip("the tests stop only a PostgreSQL server they started")
    db = await open_db(postgres_url)
    service, _ = await open_service(db, FakeClock())
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    before, state = live.version, live.table.to_dict()
    player = _to_act(service, table_id)
    await asyncio.to_thread(postgres_server.down)
    try:
        with pytest.raises(ServiceError) as refused:
            await service.handle(table_id, player, parse("call"))
        assert "nothing changed" in str(refused.value)
        assert live.version == before and live.table.to_dict() == state
    finally:
        await asyncio.to_thread(postgres_server.up)
    await service.handle(table_id, player, parse("call"))
    assert await db.version_of(table_id) == before + 1 == service.tables[table_id].version


async def test_postgres_down_when_a_turn_runs_out_the_timer_acts_once_it_is_back(
    postgres_server, postgres_url: str, open_db
) -> None:  # type: ignore[no-untyped-def]
    if not postgres_server.ours:
        pytest.skip("the tests stop only a PostgreSQL server they started")
    db = await open_db(postgres_url)
    clock = FakeClock()
    service, _ = await open_service(db, clock)
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    before, waiting = live.version, _to_act(service, table_id)
    deadline = live.table.clock.deadline
    assert deadline is not None
    await asyncio.to_thread(postgres_server.down)
    try:
        clock.now = deadline + 1
        await service.tick()  # the database cannot be reached: nothing moves, nothing breaks
        await service.idle()
        assert live.version == before and _to_act(service, table_id) == waiting
    finally:
        await asyncio.to_thread(postgres_server.up)
    clock.now += 1
    await service.tick()
    await service.idle()
    await service.tick()  # once more: the time-out is applied once
    await service.idle()
    assert service.tables[table_id].version == before + 1 == await db.version_of(table_id)
    assert _to_act(service, table_id) != waiting


async def test_postgres_a_lock_held_too_long_refuses_the_move_honestly(
    postgres_url: str, open_db
) -> None:  # type: ignore[no-untyped-def]
    """A statement waiting past the statement timeout (a lock another session keeps) is
    cancelled by the server: the move is refused, nothing kept, and served once the lock
    is let go."""
    import asyncpg

    db = await Database.open(postgres_url, statement_timeout=0.5)
    try:
        service, _ = await open_service(db, FakeClock())
        table_id = await table_with_three(service)
        live = service.tables[table_id]
        before, player = live.version, _to_act(service, table_id)
        other = await asyncpg.connect(postgres_url)
        try:
            locked = other.transaction()
            await locked.start()
            await other.execute("LOCK TABLE poker_tables IN ACCESS EXCLUSIVE MODE")
            with pytest.raises(ServiceError, match="nothing changed"):
                await service.handle(table_id, player, parse("call"))
            assert live.version == before
            await locked.rollback()
        finally:
            await other.close()
        await service.handle(table_id, player, parse("call"))
        assert await db.version_of(table_id) == before + 1 == service.tables[table_id].version
    finally:
        await db.close()


async def test_sqlite_on_a_full_disk_a_move_is_refused_changing_nothing_and_play_resumes(
    open_db, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """SQLite cannot grow its file (the disk is full: here its page limit, which SQLite
    reports as the same SQLITE_FULL): the move is refused and said so, nothing of it
    written, and once there is room again the same move is served."""
    db = await open_db(tmp_path / "full.db")
    service, _ = await open_service(db, FakeClock())
    table_id = await table_with_three(service)
    ((pages,),) = await db._rows("PRAGMA page_count")
    await db._rows(f"PRAGMA max_page_count = {pages}")
    refused = None
    for _ in range(40):
        live = service.tables[table_id]
        before, state, player = live.version, live.table.to_dict(), _to_act(service, table_id)
        move = _passive(service, table_id)
        try:
            await service.handle(table_id, player, parse(move))
        except ServiceError as exc:
            refused = exc
            break
        await service.idle()
    assert refused is not None, "the file filled"
    assert "no room left (its disk is full)" in str(refused)
    assert live.version == before and live.table.to_dict() == state
    assert await db.version_of(table_id) == before
    await db._rows("PRAGMA max_page_count = 1000000")
    await service.handle(table_id, player, parse(move))
    await service.idle()
    assert await db.version_of(table_id) == service.tables[table_id].version > before


async def test_postgres_a_burst_of_moves_past_the_pool_waits_for_connections_and_loses_none(
    postgres_url: str,
) -> None:
    """Twenty-five tables move at the same moment over a pool of three connections: the
    moves wait for a connection rather than fail, and each is kept once."""
    db = await Database.open(postgres_url, max_connections=3)
    try:
        service, _ = await open_service(db, FakeClock())
        tables = []
        for n in range(25):
            table_id = await service.create_table("srv", f"c{n}", ANN, SETTINGS)
            for player in (ANN, BOB, CAT):
                await service.handle(table_id, player, Sit(500))
            await service.handle(table_id, ANN, Start())
            tables.append(table_id)
        await service.idle()
        before = {t: service.tables[t].version for t in tables}
        await asyncio.gather(
            *(service.handle(t, _to_act(service, t), parse(_passive(service, t))) for t in tables)
        )
        await service.idle()
        for table_id in tables:
            version = service.tables[table_id].version
            assert version > before[table_id]
            assert await db.version_of(table_id) == version
    finally:
        await db.close()
