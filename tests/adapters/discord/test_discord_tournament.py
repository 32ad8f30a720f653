"""A tournament's table message in Discord: its lines in the embed, its table-wide buttons
in a row of their own under the moves, each a click anyone may make that sends its
command's words through the chat core, and no hidden card in any of it."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
from discord_harness import CHANNEL, GUILD, TABLE, USERS, Bot, http_error, seated

from adapters.discord.buttons import LOBBY_ROW, TEMPLATE, table_buttons
from adapters.discord.embed import table_embed
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
LEVELS = Schedule((Level(10, 20, minutes=10), Level(20, 40, minutes=10)))
NAMES = {"a": "Ann", "b": "Bob", "c": "Cat"}


def _tourney(start: bool, **rules: Any) -> TournamentTable:
    tournament = Tournament(
        TournamentRules(buy_in=2000, stack=1500, schedule=LEVELS, seats=6, **rules)
    )
    for player in "abc":
        tournament.register(player)
    tourney = TournamentTable(tournament, settings=SETTINGS)
    if start:
        tourney.seat_entries(NAMES, random.Random(2))
        tournament.start(0.0)
    return tourney


def _view(tourney: TournamentTable, now: float = 0.0) -> TableView:
    return table_view(TABLE, tourney.table, NAMES, now=now, tourney=tourney)


def _components(buttons: discord.ui.View) -> list[dict[str, Any]]:
    return buttons.to_components()  # type: ignore[return-value]


def test_tournament_message_discord_the_lobby_is_an_embed_with_a_row_of_buttons() -> None:
    """Between hands in the lobby the message keeps its buttons: Register and Unregister,
    in the last row, each a custom id discord.py reads back to its command."""
    view = _view(_tourney(start=False))
    embed = table_embed(view, ()).to_dict()
    description = embed.get("description", "")
    assert "Entrants (3): Ann, Bob, Cat" in description
    assert "Prize pool $60.00 · paid: 1st $60.00" in description
    buttons = table_buttons(view)
    assert buttons is not None
    rows = _components(buttons)
    assert len(rows) == 1 and rows[0]["type"] == 1
    items = rows[0]["components"]
    assert [(item["label"], item["style"]) for item in items] == [
        ("Register", discord.ButtonStyle.success.value),
        ("Unregister", discord.ButtonStyle.secondary.value),
    ]
    commands = [re.fullmatch(TEMPLATE, item["custom_id"]) for item in items]
    assert [match["command"] for match in commands if match] == ["register", "unregister"]
    assert all(item.row == LOBBY_ROW for item in buttons.children)


def test_tournament_message_discord_table_wide_buttons_sit_under_the_moves() -> None:
    """Mid-hand during late registration: the player to act's moves and My cards come
    first, Register in the last row under them; the embed leads with the level and its
    time left."""
    tourney = _tourney(start=True, late_until=1)
    tourney.deal(list(Deck(rng=random.Random(1)).order), now=1.0)
    view = _view(tourney, 2.0)
    buttons = table_buttons(view)
    assert buttons is not None
    rows = _components(buttons)
    labels = [[item["label"] for item in row["components"]] for row in rows]
    assert labels[-1] == ["Register"]
    assert "My cards" in labels[-2] and "Fold" in labels[0]
    assert [item.row for item in buttons.children][-1] == LOBBY_ROW
    embed = table_embed(view, ()).to_dict()
    assert embed["description"].startswith("Level 1: 10/20 · 9:58 left")
    assert "Late registration is open until the end of level 1" in embed["description"]


def test_tournament_message_discord_never_carries_a_hidden_card() -> None:
    """At every decision of a tournament hand, the embed and the buttons carry no hole
    card."""
    tourney = _tourney(start=True)
    tourney.deal(list(Deck(rng=random.Random(4)).order), now=1.0)
    hand = tourney.table.hand
    assert hand is not None
    while not hand.is_complete:
        hidden = {pretty(card) for cards in hand.hole if cards for card in cards}
        view = _view(tourney, 2.0)
        shown = str(table_embed(view, ()).to_dict())
        buttons = table_buttons(view)
        shown += str(_components(buttons)) if buttons is not None else ""
        assert hidden and not any(card in shown for card in hidden)
        legal = hand.legal_actions()
        tourney.act(hand.names[legal.player], Check if legal.can_check else Call)


async def test_tournament_message_discord_a_table_wide_click_sends_its_words(bot: Bot) -> None:
    """Cat clicks Register under the lobby's message: the chat core gets "register" from
    him, as typed, through the same click path as a move's button."""
    await seated(bot, start=False)
    live = bot.service.tables[TABLE]
    tournament = Tournament(TournamentRules(buy_in=2000, stack=200, schedule=LEVELS, seats=6))
    for name in ("Ann", "Bob"):
        tournament.register(f"discord:{USERS[name]}")
    live.tourney = TournamentTable(tournament, live.table)
    runtime = bot.client.runtime
    assert runtime is not None
    await runtime.presenter.refresh(TABLE)
    await bot.client.transport.edits.drain()
    message = bot.table_message()
    assert "Entrants (2): Ann, Bob" in message["embeds"][0]["description"]
    assert set(bot.buttons(message)) == {"Register", "Unregister"}
    heard: list[Request] = []
    handle = runtime.core.handle

    async def spy(request: Request) -> Any:
        heard.append(request)
        return await handle(request)

    runtime.core.handle = spy  # type: ignore[method-assign]
    await bot.click("Cat", message, bot.buttons(message)["Register"])
    assert [(r.text, r.user_id, r.server_id, r.channel_id) for r in heard] == [
        ("register", str(USERS["Cat"]), str(GUILD), str(CHANNEL))
    ]
    assert bot.last_reply()["flags"] == 64  # the answer is his alone


async def test_tournament_night_in_discord_from_setup_to_the_first_hand(bot: Bot) -> None:
    """A tournament set up with ``/poker tournament setup``, entered with the lobby's
    Register button by two players, starts when its seats fill: the table message shows
    level 1 and the moves' buttons of the first hand, and no hidden card."""
    await bot.slash("Ann", "tournament setup", words="turbo buyin 20 seats 2")
    assert "Tournament open" in bot.last_reply()["content"]
    runtime = bot.client.runtime
    assert runtime is not None
    await bot.client.transport.edits.drain()
    lobby = bot.table_message()
    assert set(bot.buttons(lobby)) >= {"Register"}
    await bot.click("Ann", lobby, bot.buttons(lobby)["Register"])
    await bot.click("Bob", lobby, bot.buttons(lobby)["Register"])
    await runtime.core.idle()
    await bot.client.transport.edits.drain()
    message = bot.table_message()
    description = message["embeds"][0]["description"]
    assert "Level 1: 10/20" in description
    assert "Fold" in bot.buttons(message)
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None
    hidden = {pretty(card) for cards in hand.hole if cards for card in cards}
    assert hidden and not any(card in str(message) for card in hidden)


async def test_tournament_of_several_tables_in_discord_opens_a_thread_for_each_other_table(
    bot: Bot,
) -> None:
    """``tables 2`` with no channel named: the bot opens a public thread "Table 2" under
    the channel and the tournament plays its second table there; refused threads (403)
    are answered with how to name channels instead, and nothing is set up."""
    bot.recorder.fail_once("POST", "/threads", http_error(403))
    await bot.slash("Ann", "tournament setup", words="turbo buyin 5 seats 2 tables 2")
    refused = bot.last_reply()["content"]
    assert "Create Public Threads" in refused and "#table-2" in refused
    assert TABLE not in bot.service.tables
    await bot.slash("Ann", "tournament setup", words="turbo buyin 5 seats 2 tables 2")
    assert "Tournament open" in bot.last_reply()["content"]
    (thread, name), *_ = bot.recorder.threads.items()
    assert name == "Table 2"
    spread = bot.service.tables[TABLE].spread
    assert spread is not None and list(spread.lives) == [TABLE, f"{GUILD}/{thread}"]
    lobby = bot.table_message()
    for player in ("Ann", "Bob", "Cat"):
        await bot.click(player, lobby, bot.buttons(lobby)["Register"])
    await bot.slash("Ann", "host start")
    await bot.client.runtime.core.idle()  # type: ignore[union-attr]
    await bot.client.transport.edits.drain()
    posted = {s.path for s in bot.recorder.ok() if s.method == "POST"}
    assert f"/channels/{thread}/messages" in posted  # the second table's own message
    assert sum(len(live.table.seating.seats) for live in spread.lives.values()) == 3
