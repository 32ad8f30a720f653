"""A kill owed follows the player to every table of the server (000 kill §6): until it is
posted he is dealt into no game there, and the table says where he owes what."""

from __future__ import annotations

from support import ANN, BOB, CAT, NOTICES, kill_settings, said

from bot.engine.kills import ButtonState, KillButton
from bot.service.tables import Outgoing, Player, TableService
from bot.words.commands import Play, Sit, Start

DAN = Player("u4", "Dan")


async def test_000_kill_6_a_kill_owed_at_one_table_keeps_the_player_out_of_the_others(
    service: TableService, published: list[Outgoing]
) -> None:
    """Bob owes a kill of 20 at table a. At table b of the same server he is not dealt in,
    and the channel is told where he owes what; a table of another server deals him as
    usual. Once he has posted it at table a, table b no longer keeps him out."""
    a = await service.create_table("srv", "a", ANN, kill_settings())
    b = await service.create_table("srv", "b", CAT, kill_settings())
    other = await service.create_table("srv2", "c", CAT, kill_settings())
    for table_id, players in ((a, (ANN, BOB)), (b, (CAT, BOB, DAN)), (other, (CAT, BOB))):
        for player in players:
            await service.handle(table_id, player, Sit(500))
    kills = service.tables[a].table.kills
    assert kills is not None
    kills.button = KillButton(ButtonState.KILLED, BOB.id, 20)

    await service.handle(b, CAT, Start())
    hand_b = service.tables[b].table.hand
    assert hand_b is not None and sorted(hand_b.names) == sorted([CAT.id, DAN.id])
    told = [said(service, o) for o in published if isinstance(o.event, NOTICES)]
    assert (
        "Bob owes a kill of 20 at <#a>: dealt into no game until it is posted (000 kill §6)" in told
    )

    await service.handle(other, CAT, Start())
    hand_c = service.tables[other].table.hand
    assert hand_c is not None and BOB.id in hand_c.names

    await service.handle(a, ANN, Start())  # Bob posts the kill at table a
    hand_a = service.tables[a].table.hand
    assert hand_a is not None and hand_a.setup.kill is not None
    assert hand_a.setup.kill.killer == BOB.id
    while hand_a.to_act is not None:  # Bob loses it: Ann raises, he folds
        bob_to_act = hand_a.names[hand_a.to_act] == BOB.id
        move = Play("fold") if bob_to_act else Play("raise")
        await service.handle(a, BOB if bob_to_act else ANN, move)
    assert service.tables[a].table.kills_owed() == {}
    barred = sum("Bob owes" in t for t in told)
    while hand_b.to_act is not None:  # table b's hand ends and the next is dealt
        who = {CAT.id: CAT, DAN.id: DAN}[hand_b.names[hand_b.to_act]]
        await service.handle(b, who, Play("fold"))
    assert service.tables[b].table.hand_number == 2
    told = [said(service, o) for o in published if isinstance(o.event, NOTICES)]
    assert sum("Bob owes" in t for t in told) == barred  # no longer kept out
