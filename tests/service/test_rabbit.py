"""Rabbit hunting: after a hand that ended before the river, the board cards that would
have come, shown to the channel as not played, opened against the hand's shuffle
commitment; never a hole card; kept across a restart; nothing for a hand that reached the
river or a game without a board."""

from __future__ import annotations

from pathlib import Path

from support import ANN, BOB, CAT, NOTICES, SETTINGS, OpenDatabase, open_service, said

from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.table import TableSettings
from bot.service.tables import Outgoing, TableService
from bot.words.commands import Play, Rabbit, Sit, Start, parse
from bot.words.render import cards_text
from storage.db import Database

# three players' hole cards (two rounds of one card each), then flop, turn, river
HOLE = ["Ah", "Kd", "7c", "Ad", "Kc", "2s"]
FLOP, TURN, RIVER = ["Qh", "Jh", "3d"], "9s", "4c"
DECK = [*HOLE, *FLOP, TURN, RIVER]


async def _table(service: TableService, settings: TableSettings = SETTINGS) -> str:
    table_id = await service.create_table("srv", "chan", ANN, settings)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    await service.handle(table_id, ANN, parse("pause"))  # this hand, then wait
    return table_id


async def _fold_on_the_flop(service: TableService, table_id: str) -> None:
    """Everyone calls to the flop, the first to act bets, the others fold."""
    hand = service.tables[table_id].table.hand
    assert hand is not None
    players = {p.id: p for p in (ANN, BOB, CAT)}
    while hand.to_act is not None and hand.street == 0:
        legal = hand.legal_actions()
        who = players[hand.names[hand.to_act]]
        await service.handle(table_id, who, Play("check" if legal.can_check else "call"))
    await service.handle(table_id, players[hand.names[hand.to_act or 0]], Play("bet", 4))
    while hand.to_act is not None:
        await service.handle(table_id, players[hand.names[hand.to_act]], Play("fold"))
    assert service.tables[table_id].table.hand is None and hand.board == FLOP


def _said(
    service: TableService, published: list[Outgoing], audience: str | None = None
) -> list[str]:
    return [
        said(service, o)
        for o in published
        if o.audience == audience and isinstance(o.event, NOTICES)
    ]


async def test_rabbit_shows_the_turn_and_river_that_would_have_come_and_survives_a_restart(
    db: Database, open_db: OpenDatabase, tmp_path: Path
) -> None:
    """A hand won on the flop: 'rabbit' shows the channel the turn and river it would have
    dealt, marked as not played and checked against the hand's commitment; no hole card is
    in it; the stacks and the books are untouched; after a restart it is the same."""
    service, published = await open_service(db, shuffle=lambda: Deck.stacked(DECK).order)
    table_id = await _table(service)
    await _fold_on_the_flop(service, table_id)
    stacks = {s.player_id: s.stack for s in service.tables[table_id].table.seated()}
    version = service.tables[table_id].version
    await service.handle(table_id, BOB, Rabbit())
    (line,) = _said(service, published)[-1:]
    expected = f"rabbit hunt, hand 1, not played: {cards_text([TURN, RIVER])}; they match"
    assert line.startswith(expected), line
    for card in HOLE:
        assert cards_text([card]) not in line
    assert {s.player_id: s.stack for s in service.tables[table_id].table.seated()} == stacks
    assert service.tables[table_id].version == version  # nothing committed

    await db.close()
    again, seen = await open_service(await open_db(tmp_path / "t.db"))
    await again.handle(table_id, CAT, parse("rabbit"))
    assert _said(service, seen)[-1] == line


async def test_a_hand_that_reached_the_river_or_has_no_board_leaves_nothing_to_hunt(
    service: TableService, published: list[Outgoing]
) -> None:
    """Before any hand: nothing to hunt. A hand played to the river, or a stud hand
    (its next cards would have been players' cards): said so, and no card is shown."""
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    await service.handle(table_id, ANN, Rabbit())
    assert (
        _said(service, published)[-1]
        == "no hand has finished at this table yet: there is nothing to hunt"
    )
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    await service.handle(table_id, ANN, parse("pause"))
    hand = service.tables[table_id].table.hand
    assert hand is not None
    players = {p.id: p for p in (ANN, BOB, CAT)}
    while hand.to_act is not None:
        legal = hand.legal_actions()
        who = players[hand.names[hand.to_act]]
        await service.handle(table_id, who, Play("check" if legal.can_check else "call"))
    assert len(hand.board) == 5
    await service.handle(table_id, ANN, Rabbit())
    assert _said(service, published)[-1].startswith("hand 1 left no board to hunt")


def test_the_engine_opens_only_the_undealt_board_of_a_board_game() -> None:
    """The engine's rabbit: the next cards of the deck, as many as the board lacks, each
    opened against the commitment; none for stud, whose next cards were players'."""
    from bot.engine.actions import BringIn, Fold
    from bot.engine.fairness import verify_opening
    from bot.engine.hand import Hand, HandSetup

    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    setup = HandSetup(
        config, ("a", "b", "c"), (100, 100, 100), deck_order=tuple(Deck.stacked(DECK).order)
    )
    hand = Hand(setup)
    while not hand.is_complete:
        hand.apply(Fold(hand.to_act or 0))
    openings = hand.rabbit_openings()
    assert [o.card for o in openings] == [*FLOP, TURN, RIVER]
    assert hand.shuffle is not None
    assert all(verify_opening(hand.shuffle.commitment, o) for o in openings)
    stud = GameConfig(
        Game.STUD, Structure.FIXED_LIMIT, Stakes(0, 0, ante=1, small_bet=2, big_bet=4, bring_in=1)
    )
    hand = Hand(HandSetup(stud, ("a", "b"), (100, 100)))
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.apply(BringIn(legal.player) if legal.bring_in else Fold(legal.player))
    assert hand.rabbit_openings() == []
