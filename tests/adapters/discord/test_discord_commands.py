"""Slash commands through the real command tree: ephemeral replies, the table message,
autocomplete, and ``killbutton run discord`` without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from discord_harness import CHANNEL, GUILD, TABLE, USERS, Bot, seated

ROOT = Path(__file__).resolve().parents[3]


async def test_replies_are_ephemeral_and_a_new_hand_posts_its_table_message(bot: Bot) -> None:
    """new, sit and start answer only the sender (flag 64); the table opens with a message
    edited as players sit; the deal posts a new message with the acting player's buttons
    and mentions him in a separate line (edits do not notify phones)."""
    await bot.slash("Ann", "new", game="holdem", structure="nl", stakes="1/2")
    opened = bot.last_reply()
    assert opened["flags"] == 64 and opened["content"].startswith("Table open")
    lobby = bot.recorder.table_posts()
    assert len(lobby) == 1 and not lobby[0].body.get("components")
    await bot.slash("Ann", "sit", amount="200")
    await bot.slash("Bob", "sit", amount="200")
    assert bot.last_reply() == {
        "tts": False,
        "content": "Done: sit 200",
        "flags": 64,
        "allowed_mentions": {"parse": []},
    }
    await bot.client.transport.edits.drain()
    assert any("Bob" in e.body["embeds"][0]["fields"][0]["value"] for e in bot.recorder.edits())
    await bot.slash("Cat", "sit", amount="200")
    await bot.slash("Ann", "host start")
    assert len(bot.recorder.table_posts()) == 2
    message = bot.table_message()
    embed = message["embeds"][0]
    assert embed["title"] == "Hand #1 · No-Limit Hold'em 1/2"
    assert "To act: ▶ **Ann**: fold, call 2 or raise to 4 to 200" in embed["description"]
    assert bot.buttons(message) == {
        "Fold": f"kb:{GUILD}:{CHANNEL}:1.0:fold",
        "Call 2": f"kb:{GUILD}:{CHANNEL}:1.0:call",
        "Raise 4…": f"kb:{GUILD}:{CHANNEL}:1.0:raise",
        "All-in 200": f"kb:{GUILD}:{CHANNEL}:1.0:allin",
        "My cards": f"kb:{GUILD}:{CHANNEL}:1:cards",
    }
    ping = bot.recorder.channel_posts()[-1].body
    assert ping["content"].startswith(f"<@{USERS['Ann']}>, your turn in hand #1")
    assert ping["allowed_mentions"]["users"] == [USERS["Ann"]]


async def test_bad_input_is_refused_privately_and_changes_nothing(bot: Bot) -> None:
    """A raise that is not an amount, or out of turn, gets ChatCore's explanation as an
    ephemeral reply; nothing is posted or edited."""
    await seated(bot)
    await bot.client.transport.edits.drain()
    before = len(bot.recorder.public())
    await bot.slash("Ann", "raise", amount="abc")
    reply = bot.last_reply()
    assert reply["flags"] == 64 and "'abc' is not an amount" in reply["content"]
    await bot.slash("Bob", "fold")
    assert bot.last_reply()["content"] == "it is not your turn: Ann is to act"
    await bot.client.transport.edits.drain()
    assert len(bot.recorder.public()) == before


async def test_raise_amounts_autocomplete_with_the_legal_range(bot: Bot) -> None:
    """/poker raise suggests the view's minimum and maximum."""
    await seated(bot)
    option = {"type": 3, "name": "amount", "value": "", "focused": True}
    data = {
        "id": "1",
        "name": "poker",
        "type": 1,
        "guild_id": str(GUILD),
        "options": [{"type": 1, "name": "raise", "options": [option]}],
    }
    await bot.dispatch(bot._interaction(4, "Ann", data))
    body = bot.recorder.responses()[-1]
    assert body["type"] == 8
    assert body["data"]["choices"] == [
        {"name": "minimum 4", "value": "4"},
        {"name": "maximum 200", "value": "200"},
    ]


async def test_sit_amounts_autocomplete_with_the_tables_buy_in_range(bot: Bot) -> None:
    """/poker sit suggests the table's least and most buy-in (000 NL §16), read through
    the chat core."""
    await seated(bot)
    option = {"type": 3, "name": "amount", "value": "", "focused": True}
    data = {
        "id": "1",
        "name": "poker",
        "type": 1,
        "guild_id": str(GUILD),
        "options": [{"type": 1, "name": "sit", "options": [option]}],
    }
    await bot.dispatch(bot._interaction(4, "Cat", data))
    body = bot.recorder.responses()[-1]
    assert body["type"] == 8
    settings = bot.service.tables[TABLE].table.settings
    assert body["data"]["choices"] == [
        {"name": f"minimum {settings.min_buy_in}", "value": str(settings.min_buy_in)},
        {"name": f"maximum {settings.max_buy_in}", "value": str(settings.max_buy_in)},
    ]


async def test_host_controls_need_the_host_or_a_server_manager(bot: Bot) -> None:
    """Bob may not start Ann's table; a member with Manage Server may."""
    await seated(bot, start=False)
    await bot.slash("Bob", "host start")
    assert "only the host" in bot.last_reply()["content"]
    assert len(bot.recorder.table_posts()) == 1
    await bot.slash("Bob", "host start", admin=True)
    assert len(bot.recorder.table_posts()) == 2


def test_run_discord_without_a_token_is_a_clear_error() -> None:
    """`killbutton run discord` without DISCORD_TOKEN: status 2, a message, no traceback."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot.app.cli", "run", "discord"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN not set" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


async def _won_before_the_flop(bot: Bot) -> None:
    """Ann, Bob and Cat dealt hand 1, which everyone folds to the big blind."""
    await seated(bot)
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None
    names = {v: k for k, v in USERS.items()}
    while bot.service.tables[TABLE].table.hand is hand and hand.to_act is not None:
        who = names[int(hand.names[hand.to_act].split(":")[1])]
        await bot.slash(who, "fold")


async def test_rabbit_is_posted_to_the_channel_for_everyone(bot: Bot) -> None:
    """``/poker extra rabbit`` after a hand won before the flop: the board it would have
    dealt goes to the table's channel, marked as not played."""
    await _won_before_the_flop(bot)
    await bot.slash("Bob", "extra rabbit")
    await bot.service.shown()
    posts = [str((s.body or {}).get("content", "")) for s in bot.recorder.channel_posts()]
    (hunt,) = [p for p in posts if "rabbit hunt, hand 1, not played: " in p]
    assert "they match the shuffle committed before the deal" in hunt


async def test_stats_answer_the_asker_alone(bot: Bot) -> None:
    """``/poker info stats`` after a hand: the asker's statistics, to him alone."""
    await _won_before_the_flop(bot)
    await bot.slash("Bob", "info stats")
    reply = bot.last_reply()
    assert "this session: 1 hand · VPIP" in reply["content"]
    assert reply["flags"] & 64  # ephemeral: Bob's alone


def test_adjust_the_discord_reason_is_one_field_whatever_it_starts_with() -> None:
    """``/poker host adjust`` gives the reason a field of its own: one that starts with a
    number, or holds quotes, is the whole reason, never read as more of the amount; an
    amount typed with a space in it is refused with the usage."""
    from adapters.discord.commands import adjust_words
    from bot.words.commands import Adjust, ParseError, parse

    assert parse(adjust_words(7, "50", '2 "big" rebuys \\o/')) == Adjust(
        "discord:7", 50, '2 "big" rebuys \\o/'
    )
    assert parse(adjust_words(7, "-5", "0")) == Adjust("discord:7", -5, "0")
    with pytest.raises(ParseError, match=r"^adjust NAME AMOUNT REASON: an amount is one word"):
        parse(adjust_words(7, "4 0", "recount"))
