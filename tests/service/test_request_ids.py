"""Platform request ids: each one claimed once in the database for the replay window, and
a committed id answered quietly for a retry of the same command, refused for another."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from support import ANN, BOB, OpenDatabase, table_with_three, to_act

from bot.service.tables import Outgoing, ServiceError, TableService
from bot.words.commands import Play, TopUp
from storage.db import Database
from storage.statements import REQUESTS_KEPT_SECONDS


async def test_a_request_id_is_claimed_once_across_a_reopen(
    db: Database, open_db: OpenDatabase, tmp_path: Path
) -> None:
    """The first claim of an id is new, every later one is not, also after the database
    is closed and opened again; two claims racing for one id: exactly one wins."""
    assert await db.requests.claim("slack:t1", 1000.0) is True
    assert await db.requests.claim("slack:t1", 1001.0) is False
    raced = await asyncio.gather(*(db.requests.claim("slack:t2", 1002.0) for _ in range(5)))
    assert sorted(raced) == [False, False, False, False, True]
    await db.close()
    db = await open_db(tmp_path / "t.db")
    assert await db.requests.claim("slack:t1", 1003.0) is False
    assert await db.requests.claim("slack:t3", 1003.0) is True


async def test_claimed_ids_are_kept_for_the_window_then_forgotten(db: Database) -> None:
    """An id is remembered for at least ``REQUESTS_KEPT_SECONDS``, longer than Slack's
    five-minute signature window; past it, later claims prune it (a request that old is
    refused by its signature anyway)."""
    assert REQUESTS_KEPT_SECONDS >= 2 * 300
    assert await db.requests.claim("old", 1000.0)
    assert not await db.requests.claim("old", 1000.0 + REQUESTS_KEPT_SECONDS - 1)
    later = 1000.0 + REQUESTS_KEPT_SECONDS + 1
    assert await db.requests.claim("new", later)
    assert await db.requests.claim("old", later + 1)  # pruned: taken as new


async def test_a_request_id_reused_for_another_command_is_refused(
    service: TableService, published: list[Outgoing]
) -> None:
    """A committed request id sent again with another command (or by another player) is
    refused with the reason and changes nothing; the same command again is a retry,
    answered quietly; a bare raise retried after it was sized to the minimum is the same
    command."""
    table_id = await table_with_three(service)
    actor = to_act(service, table_id)
    assert await service.handle(table_id, actor, Play("call"), request_id="r1")
    before = service.tables[table_id].table.to_dict()
    version = service.tables[table_id].version
    count = len(published)
    refusal = "that request was already used for another command: nothing was done"
    nxt = to_act(service, table_id)
    for player, command in ((nxt, Play("fold")), (nxt, Play("call")), (ANN, TopUp(100))):
        with pytest.raises(ServiceError, match=refusal):
            await service.handle(table_id, player, command, request_id="r1")
    assert await service.handle(table_id, actor, Play("call"), request_id="r1") == []
    assert service.tables[table_id].table.to_dict() == before
    assert service.tables[table_id].version == version
    assert len(published) == count

    sized = to_act(service, table_id)
    assert await service.handle(table_id, sized, Play("raise", 4), request_id="r2")
    assert await service.handle(table_id, sized, Play("raise"), request_id="r2") == []
    with pytest.raises(ServiceError, match=refusal):
        await service.handle(table_id, sized, Play("raise", 8), request_id="r2")
    other = BOB if sized != BOB else ANN
    with pytest.raises(ServiceError, match=refusal):
        await service.handle(table_id, other, Play("raise", 4), request_id="r2")


async def test_ending_the_session_is_applied_once_for_a_retried_request(
    service: TableService,
) -> None:
    """A platform's retry of 'end' (the same request id) is answered with nothing: the
    night ends once, one new session, one cash-out and buy-in pair per seat."""
    from bot.words.commands import EndSession, Pause

    table_id = await table_with_three(service)
    live = service.tables[table_id]
    await service.handle(table_id, ANN, Pause())
    while live.table.current is not None:
        await service.handle(table_id, to_act(service, table_id), Play("fold"))
        await service.idle(table_id)
    first = live.session_id
    assert await service.handle(table_id, ANN, EndSession(), request_id="end-1")
    second = live.session_id
    assert second != first
    assert await service.handle(table_id, ANN, EndSession(), request_id="end-1") == []
    assert live.session_id == second
    sessions = await service.db._rows(
        "SELECT count(*) FROM sessions WHERE table_id = ?", (table_id,)
    )
    assert sessions == [(2,)]
