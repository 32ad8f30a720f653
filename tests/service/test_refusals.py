"""Refusals name players by their display names, whatever their platform ids look like."""

from __future__ import annotations

import pytest
from support import SETTINGS

from bot.engine.errors import StaleButton
from bot.service.tables import Player, ServiceError, TableService
from bot.words.commands import Play, Sit, Start

# one platform id the start of another: a name put in by replacing ids in the text would
# name the first and leave the rest of the second ("AbeC")
ABE = Player("slack:U01AB", "Abe")
ABC = Player("slack:U01ABC", "Bea")


async def _heads_up(service: TableService) -> str:
    """Abe and Bea dealt in, Bea (the longer id) to act."""
    table_id = await service.create_table("srv", "chan", ABE, SETTINGS)
    await service.handle(table_id, ABE, Sit(500))
    await service.handle(table_id, ABC, Sit(500))
    await service.handle(table_id, ABE, Start())
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    if hand.names[hand.to_act] == ABE.id:
        await service.handle(table_id, ABE, Play("call"))
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    assert hand.names[hand.to_act] == ABC.id
    return table_id


async def test_000_nl_7_out_of_turn_names_who_is_to_act_when_one_id_starts_another(
    service: TableService,
) -> None:
    """Action in turn (000 NL §7): the refusal names the player to act by his own name."""
    table_id = await _heads_up(service)
    with pytest.raises(ServiceError) as refused:
        await service.handle(table_id, ABE, Play("check"))
    assert str(refused.value) == "it is not your turn: Bea is to act"


async def test_000_nl_7_a_stale_button_names_who_is_to_act_when_one_id_starts_another(
    service: TableService,
) -> None:
    """A button from an earlier decision, clicked by the player not to act, names who is."""
    table_id = await _heads_up(service)
    table = service.tables[table_id].table
    assert service.fresh(table_id, ABE.id, table.hand_number, table.step + 1) == (
        "it is not your turn: Bea is to act"
    )


async def test_000_nl_7_a_stale_button_refusal_carries_its_hand_step_and_who_is_to_act(
    service: TableService,
) -> None:
    """The refusal is data before it is words: the hand and step the button was shown at,
    and the player to act by id; nothing changes."""
    table_id = await _heads_up(service)
    table = service.tables[table_id].table
    before = table.to_dict()
    with pytest.raises(StaleButton) as late:
        table.check_fresh(ABE.id, table.hand_number, table.step + 1)
    assert (late.value.hand, late.value.step) == (table.hand_number, table.step + 1)
    assert late.value.to_act == ABC.id and late.value.players == {"to_act": ABC.id}
    with pytest.raises(StaleButton) as over:
        table.check_fresh(ABE.id, table.hand_number - 1, None)
    assert over.value.hand == table.hand_number - 1 and over.value.to_act is None
    assert str(over.value).endswith("is over: use the buttons of the newest table message")
    assert table.to_dict() == before
