"""The house's own refusals: the service names their kind, the words wing writes them, and
each changes nothing (RULES.md "Leaving, the waiting list and host controls")."""

from __future__ import annotations

import pytest
from support import ANN, BOB, SETTINGS, table_with_three

from bot.service.tables import ServiceError, TableService
from bot.words.commands import parse
from bot.words.houserefusals import Refused


async def test_a_second_table_in_a_channel_is_refused_by_its_kind(service: TableService) -> None:
    """A table already plays in the channel: the refusal is of the kind TABLE_TAKEN and
    reads as its words; the table in play is the one kept."""
    table_id = await table_with_three(service)
    before = service.tables[table_id].table.to_dict()
    with pytest.raises(ServiceError) as refused:
        await service.create_table("srv", "chan", BOB, SETTINGS)
    assert refused.value.kind is Refused.TABLE_TAKEN
    assert str(refused.value) == "a table already plays in this channel"
    assert list(service.tables) == [table_id]
    assert service.tables[table_id].table.to_dict() == before
    assert service.tables[table_id].table.host == ANN.id


async def test_a_command_for_no_table_is_refused_with_how_to_start_one(
    service: TableService,
) -> None:
    """A command in a channel with no table: the kind NO_TABLE, saying how to start one."""
    with pytest.raises(ServiceError) as refused:
        await service.handle("srv/none", ANN, parse("status"))
    assert refused.value.kind is Refused.NO_TABLE
    assert str(refused.value) == "there is no table in this channel: start one with /poker new"
    assert service.tables == {}


async def test_host_controls_refused_during_a_hand_say_when_with_the_figures(
    service: TableService,
) -> None:
    """A host control refused in words with its figures: an adjustment during a hand waits
    for its end ('pause' first while the game deals on), and the host kicking himself is
    told to leave; the refusal is a player's (no kind of the house's) and nothing moves."""
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    before = live.table.to_dict()
    with pytest.raises(ServiceError) as refused:
        await service.handle(table_id, ANN, parse("adjust Bob 50 chips found"))
    assert refused.value.kind is None
    assert str(refused.value).endswith(
        "stacks are adjusted between hands: type it again when this hand is over "
        "('pause' first, so that no hand is dealt after it)"
    )
    with pytest.raises(ServiceError, match="to leave the table yourself, type 'leave'"):
        await service.handle(table_id, ANN, parse("kick Ann"))
    assert service.tables[table_id].table.to_dict() == before
