"""A tournament's table message in Slack: its lines in a section of their own, its
table-wide buttons in an actions block under the moves, each a click anyone may make that
sends its command's words through the chat core, and no hidden card in any of it."""

from __future__ import annotations

import json
import random
from typing import Any

from slack_mock import CHANNEL, TABLE, TEAM, Harness, buttons, table_message
from slack_sdk.models.blocks import ActionsBlock, Block, ButtonElement

from adapters.slack.blocks import PLAY, TABLE_WIDE, parse_value, table_blocks
from bot.chat.core import Request
from bot.engine import pretty
from bot.engine.actions import Call, Check
from bot.engine.blindlevels import Level, Schedule
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.table import TableSettings
from bot.engine.tournament import Tournament, TournamentRules
from bot.engine.tourneytable import TournamentTable
from bot.words.tableview import TableView, table_view

SETTINGS = TableSettings(
    GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(10, 20)),
    seats=6,
    min_buy_in=400,
    max_buy_in=2000,
    currency="$",
)
LEVELS = Schedule((Level(10, 20, minutes=10), Level(20, 40, minutes=10)), 1, 5)
NAMES = {"a": "Ann", "b": "Bob", "c": "Cat"}


def _tourney(**rules: Any) -> TournamentTable:
    tournament = Tournament(
        TournamentRules(buy_in=2000, stack=1500, schedule=LEVELS, seats=6, **rules)
    )
    for player in "abc":
        tournament.register(player)
    tourney = TournamentTable(tournament, settings=SETTINGS)
    tourney.seat_entries(NAMES, random.Random(2))
    tournament.start(0.0)
    return tourney


def _view(tourney: TournamentTable, now: float) -> TableView:
    return table_view(TABLE, tourney.table, NAMES, now=now, tourney=tourney)


def _checked(blocks: list[dict[str, Any]]) -> list[Block]:
    """The blocks as slack_sdk's models read them, each validated against Block Kit."""
    parsed = [Block.parse(block) for block in blocks]
    for block in parsed:
        assert block is not None
        block.validate_json()
    return parsed  # type: ignore[return-value]


def test_tournament_message_slack_a_break_shows_the_add_on_button_for_anyone() -> None:
    """On the first break with the add-on open, the message has the break's line and an
    actions block of its own whose button sends ``addon`` for whoever clicks."""
    tourney = _tourney(add_on=True)
    tourney.deal(list(Deck(rng=random.Random(1)).order), now=1.0)
    hand = tourney.table.hand
    assert hand is not None
    while not hand.is_complete:
        legal = hand.legal_actions()
        tourney.act(hand.names[legal.player], Check if legal.can_check else Call)
    tourney.finish(now=2.0)
    tourney.deal(list(Deck(rng=random.Random(2)).order), now=600.0)
    blocks = table_blocks(_view(tourney, 660.0), ())
    parsed = _checked(blocks)
    texts = [block["text"]["text"] for block in blocks if block["type"] == "section"]
    assert texts[0].startswith("Break after level 1: 4:00 left (the add-on is open)")
    (wide,) = [b for b in parsed if isinstance(b, ActionsBlock) and b.block_id == "table"]
    (addon,) = wide.elements
    assert isinstance(addon, ButtonElement)
    # Slack knows only primary and danger: a "success" button is drawn plain
    assert addon.text.text == "Add-on" and addon.style is None  # type: ignore[union-attr]
    assert addon.action_id == f"{TABLE_WIDE}0" and addon.action_id.startswith(PLAY)
    value = parse_value(addon.value or "")
    assert (value.table_id, value.command, value.step) == (TABLE, "addon", None)
    # a message replaced by a newer one keeps no button
    assert not any(b["type"] == "actions" for b in table_blocks(_view(tourney, 660.0), (), True))


def test_tournament_message_slack_never_carries_a_hidden_card() -> None:
    """At every decision of a tournament hand, the blocks carry no hole card."""
    tourney = _tourney()
    tourney.deal(list(Deck(rng=random.Random(4)).order), now=1.0)
    hand = tourney.table.hand
    assert hand is not None
    while not hand.is_complete:
        hidden = {pretty(card) for cards in hand.hole if cards for card in cards}
        blocks = table_blocks(_view(tourney, 2.0), ())
        _checked(blocks)
        shown = json.dumps(blocks, ensure_ascii=False)
        assert hidden and not any(card in shown for card in hidden)
        legal = hand.legal_actions()
        tourney.act(hand.names[legal.player], Check if legal.can_check else Call)


async def test_tournament_message_slack_a_table_wide_click_sends_its_words() -> None:
    """Bob clicks Register under the lobby's message: the chat core gets "register" from
    him, as typed, through the same click path as a move's button."""
    async with Harness() as h:
        await h.command("UANN", "new holdem nl 1/2")
        await h.command("UANN", "sit 200")
        live = h.service.tables[TABLE]
        tournament = Tournament(TournamentRules(buy_in=2000, stack=200, schedule=LEVELS))
        tournament.register("slack:UANN")
        live.tourney = TournamentTable(tournament, live.table)
        await h.core.presenter.refresh(TABLE)  # type: ignore[union-attr]
        await h.settle()
        message = table_message(h.mock)
        assert "Entrants (1): " in json.dumps(message["blocks"])
        labels = [b["text"]["text"] for b in buttons(message)]
        assert labels == ["Register", "Unregister"]
        heard: list[Request] = []
        handle = h.core.handle

        async def spy(request: Request) -> Any:
            heard.append(request)
            return await handle(request)

        h.core.handle = spy  # type: ignore[method-assign]
        await h.click("UBOB", buttons(message)[0])
        assert [(r.text, r.user_id, r.server_id, r.channel_id) for r in heard] == [
            ("register", "UBOB", TEAM, CHANNEL)
        ]


async def test_tournament_night_in_slack_from_setup_to_the_first_hand() -> None:
    """``/poker tournament new ...`` in a channel, then Register clicked by two players:
    the tournament starts as its seats fill and the table message shows level 1 and the
    first hand's moves, with no hidden card; ``results`` answers while it plays."""
    async with Harness() as h:
        await h.command("UANN", "tournament new turbo buyin 20 seats 2")
        await h.settle()
        lobby = table_message(h.mock)
        register = next(b for b in buttons(lobby) if b["text"]["text"] == "Register")
        await h.click("UANN", register)
        await h.click("UBOB", register)
        await h.core.idle()
        await h.settle()
        message = table_message(h.mock)
        text = json.dumps(message["blocks"])
        assert "Level 1: 10/20" in text
        assert "Fold" in [b["text"]["text"] for b in buttons(message)]
        hand = h.service.tables[TABLE].table.hand
        assert hand is not None
        hidden = {pretty(card) for cards in hand.hole if cards for card in cards}
        assert hidden and not any(card in json.dumps(message) for card in hidden)
