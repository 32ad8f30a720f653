"""Faults found by hostile testing of the next deal as a step of its own and of group
commits through JSON rows; each test shows one."""

from __future__ import annotations

import asyncio
import random

import pytest
from support import ANN, BOB, FakeClock, heads_up

from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.table import TableSettings
from bot.service.tables import Player, ServiceError, TableService
from bot.words.commands import Pause, Play, Sit, Start, TopUp
from storage.db import Database
from tests.chat.fakes import Pipeline


def _chips_on_table(service: TableService, table_id: str) -> int:
    table = service.tables[table_id].table
    hand = table.hand
    in_hand = set(hand.names) if hand is not None else set()
    chips = sum(s.stack for s in table.seating.seats.values() if s.player_id not in in_hand)
    if hand is not None:
        chips += sum(hand.stacks) + hand.pot_total()
    return chips


async def _bought_in(service: TableService, table_id: str) -> int:
    rows = await service.db._rows("SELECT kind, amount FROM ledger WHERE table_id = ?", (table_id,))
    return sum(-amount if kind == "cash_out" else amount for kind, amount in rows)


async def test_a_display_name_json_cannot_hold_changes_nothing_and_leaves_the_table_playable(
    db: Database,
) -> None:
    """A display name with a lone surrogate (a chat's JSON may carry one) cannot be stored
    by orjson: the sit must be refused as not saved, with nothing changed in memory; it
    used to escape as a TypeError with the seat and its 300 chips kept in memory (chips
    no ledger row paid for) and the name in the table's names, so every later commit of
    the table failed and the hand could not go on."""
    service, _, table_id = await heads_up(db)
    live = service.tables[table_id]
    version = live.version
    with pytest.raises(ServiceError):
        await service.handle(table_id, Player("u9", "Eve\ud800"), Sit(300))
    assert live.version == version
    assert live.table.seating.seat_of("u9") is None
    assert "u9" not in (live.names or {})
    assert _chips_on_table(service, table_id) == await _bought_in(service, table_id)
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    mover = ANN if hand.names[hand.to_act] == ANN.id else BOB
    await service.handle(table_id, mover, Play("fold"))  # the table still plays
    await service.idle()
    assert live.table.hand_number == 2


async def test_a_deal_whose_hand_ends_at_once_is_followed_by_the_next_deal_without_a_tick(
    db: Database,
) -> None:
    """A short stack all-in on the ante and blind (runs not offered) makes a hand that is
    over as it is dealt. When the deal step deals such a hand, the next deal is owed, but
    its ``_schedule_deal`` found the running step itself in ``_deals`` and scheduled
    nothing: ``idle()`` returned with a deal owed and no hand in play, and the table
    waited for the timer (the console, which runs none, said no hand could be dealt)."""

    settings = TableSettings(
        GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2, ante=5)),
        seats=6,
        min_buy_in=1,
        max_buy_in=1000,
        offer_runs=False,
    )

    rng = random.Random(2)  # Ann wins the first hand, all-in at once, with 6 chips
    service = TableService(db, None, FakeClock(), lambda: Deck(rng=rng).order)
    table_id = await service.create_table("srv", "chan", ANN, settings)
    await service.handle(table_id, ANN, Sit(3))
    await service.handle(table_id, BOB, Sit(500))
    await service.handle(table_id, ANN, Start())  # hand 1 is over as it is dealt
    await service.idle(table_id)
    live = service.tables[table_id]
    assert live.table.hand_number >= 2  # the deal step dealt (and ended) hand 2
    owed = service.deal_owed()
    await service.idle()
    assert owed == 0, "idle() returned while the table owed its next deal"
    assert live.table.current is not None or not service._can_deal(live.table)


async def test_an_allin_typed_between_a_hands_end_and_its_deal_still_asks_for_confirmation(
    pipeline: Pipeline,
) -> None:
    """An all-in is sent only after a confirmation click. One typed after the last move of
    a hand but before the next deal (a step of its own now) found no hand in play, so the
    chat core asked nothing; the service then dealt and applied the all-in to the new
    hand, whose cards the player had not seen. Before the deal was a step of its own the
    new hand was already there and the all-in asked for its click."""
    assert (await pipeline.say("Alice", "new holdem nl 1/2")).ok
    assert (await pipeline.say("Alice", "sit 100")).ok
    assert (await pipeline.say("Bob", "sit 100")).ok
    assert (await pipeline.say("Alice", "start")).ok
    live = pipeline.service.tables["g/c"]
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    mover = "Alice" if hand.names[hand.to_act] == "test:alice" else "Bob"
    other = "Bob" if mover == "Alice" else "Alice"  # first to act in hand 2
    fold = asyncio.ensure_future(pipeline.say(mover, "fold"))
    while live.table.current is not None:
        await asyncio.sleep(0)
    reply = await pipeline.say(other, "allin")
    assert (await fold).ok
    assert reply.confirm == "allin", reply
    moves = await pipeline.service.db._rows("SELECT command FROM actions WHERE hand_number = 2")
    assert not any('"allin"' in text for (text,) in moves)


async def test_a_request_id_with_a_nul_is_stored_whole_and_its_retry_applied_once(
    db: Database,
) -> None:
    """The rows of a group commit go through ``json_extract``, which cuts a string at a NUL
    (SQLite 3.40): a request id ``req\\x00one`` was stored as ``req``, so its retry was
    not recognised and the top-up was applied twice."""
    service, _, table_id = await heads_up(db)
    await service.handle(table_id, ANN, Pause())  # chips are added between hands
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    await service.handle(table_id, ANN if hand.names[hand.to_act] == ANN.id else BOB, Play("fold"))
    await service.handle(table_id, ANN, TopUp(100), request_id="req\x00one")
    await service.handle(table_id, ANN, TopUp(100), request_id="req\x00one")
    rows = await service.db._rows("SELECT request_id FROM actions WHERE request_id IS NOT NULL")
    assert rows == [("req\x00one",)]
    top_ups = await service.db._rows("SELECT amount FROM ledger WHERE kind = 'top_up'")
    assert top_ups == [(100,)]
    await service.idle()
