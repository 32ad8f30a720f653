"""The next deal is a step of its own: the move that ends a hand is committed and answered
first, then the table deals, committed apart (``{"type": "Deal"}``)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from support import ANN, BOB, NOTICES, FakeClock, OpenDatabase, heads_up, said

from bot.engine.errors import IllegalAction
from bot.engine.events import HandStarted, PotAwarded
from bot.engine.table import Table
from bot.service.statetext import table_data
from bot.service.tables import TableService
from bot.words.commands import Play, Start, Status
from storage.db import Database


async def _fold_to_end(service: TableService, table_id: str) -> None:
    """The player to act folds heads-up: the hand is over. The call returns at its commit,
    as a chat's does (its batch is shown after, outside the table's lock)."""
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    player = ANN if hand.names[hand.to_act] == ANN.id else BOB
    await service.handle(table_id, player, Play("fold"), wait=False)


async def _commands(service: TableService, table_id: str) -> list[tuple[int, dict[str, object]]]:
    rows = await service.db._rows(
        "SELECT version, command FROM actions WHERE table_id = ? ORDER BY version", (table_id,)
    )
    return [(version, json.loads(text)) for version, text in rows]


async def test_the_move_ending_a_hand_is_answered_before_the_next_deal(db: Database) -> None:
    """The fold is committed and answered while no new hand is dealt; the deal follows as
    its own committed version, and its batch is shown after the fold's award."""
    service, published, table_id = await heads_up(db)
    live = service.tables[table_id]
    await service.idle(table_id)
    await _fold_to_end(service, table_id)
    folded_at = live.version
    assert live.table.current is None and live.table.hand_number == 1
    await service.idle(table_id)
    assert live.table.hand_number == 2 and live.table.hand is not None
    assert live.version == folded_at + 1
    kinds = [type(o.event) for o in published]
    awarded = kinds.index(PotAwarded)
    started = [i for i, kind in enumerate(kinds) if kind is HandStarted]
    assert len(started) == 2 and started[1] > awarded  # the deal shown after the award
    commands = await _commands(service, table_id)
    assert commands[-2][1]["type"] == "Play" and commands[-1] == (
        folded_at + 1,
        {"type": "Deal"},
    )
    stored = await service.db.load_table(table_id)
    assert stored is not None and stored.version == live.version


async def test_a_command_that_arrives_before_the_deal_step_comes_after_it(db: Database) -> None:
    """Commands never overtake the next deal: one arriving first deals, then is answered."""
    service, published, table_id = await heads_up(db)
    live = service.tables[table_id]
    await _fold_to_end(service, table_id)
    await service.handle(table_id, BOB, Status())  # before the deal's task has run
    assert live.table.hand_number == 2 and live.table.hand is not None
    await service.idle()
    assert live.table.hand_number == 2  # dealt once
    assert len([o for o in published if isinstance(o.event, HandStarted)]) == 2


async def test_a_table_restored_between_a_hands_end_and_its_deal_deals_at_the_first_tick(
    db: Database, open_db: OpenDatabase, tmp_path: Path
) -> None:
    """A restart between the two steps: the restored table owes its deal and the timer
    deals it, with the stacks the finished hand left."""
    service, _, table_id = await heads_up(db)
    await _fold_to_end(service, table_id)
    for task in list(service._deals.values()):
        task.cancel()  # the process dies before its deal step runs
    stacks = {s.player_id: s.stack for s in service.tables[table_id].table.seating.seats.values()}
    await asyncio.sleep(0)
    await service.db.close()

    again = TableService(await open_db(tmp_path / "t.db"), None, FakeClock())
    await again.restore()
    live = again.tables[table_id]
    assert live.table.current is None and live.table.running
    assert {s.player_id: s.stack for s in live.table.seating.seats.values()} == stacks
    await again.tick()
    await again.idle()
    assert live.table.hand_number == 2 and live.table.hand is not None
    hand = live.table.hand
    assert sum(hand.stacks) + hand.pot_total() == sum(stacks.values())


async def test_a_deal_the_engine_refuses_pauses_the_game_with_the_reason(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deal step cannot be refused to a player, so a refusal pauses the game and says
    why, committed; the host's start deals again."""
    service, published, table_id = await heads_up(db)
    live = service.tables[table_id]
    real = Table.deal_next

    def refuse(self: Table, *args: object, **kwargs: object) -> object:
        raise IllegalAction("the deck is marked")

    monkeypatch.setattr(Table, "deal_next", refuse)
    await _fold_to_end(service, table_id)
    version = live.version
    await service.idle()
    assert not live.table.running and live.table.current is None
    assert live.version == version + 1
    notices = [said(service, o) for o in published if isinstance(o.event, NOTICES)]
    assert "the next hand cannot be dealt (the deck is marked)" in notices[-1]
    stored = await service.db.load_table(table_id)
    assert stored is not None and table_data(stored.state)["running"] is False
    monkeypatch.setattr(Table, "deal_next", real)
    await service.handle(table_id, ANN, Start())
    assert live.table.hand_number == 2 and live.table.hand is not None
