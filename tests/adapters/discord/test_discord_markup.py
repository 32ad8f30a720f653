"""Display names that are Discord markup or mentions (``*bob*``, ``__x__``, ``@everyone``,
``<@id>``) show literally wherever the adapter writes them: channel lines, the table
message's embed, ephemeral replies and direct messages; and nothing pings."""

from __future__ import annotations

import re

from discord_harness import MARKUP_USERS, Bot

STAR, UNDER, PING = MARKUP_USERS  # "*bob*", "__x__", "@everyone <@1234...>"


def shown(text: str) -> str:
    """What Discord shows of escaped text: backslash escapes and the zero-width spaces
    that break mentions removed."""
    return re.sub(r"\\(.)", r"\1", text).replace("\u200b", "")


def raw_markup(text: str) -> list[str]:
    """The names (or their mentions) found in ``text`` unescaped."""
    found = [name for name in (STAR, UNDER) if name in text]
    return found + re.findall(r"@everyone|<@[0-9]+>", text)


async def played(bot: Bot) -> None:
    """A table opened by *bob*, the three seated and dealt, __x__ folding out of turn,
    *bob* asking for the ledger."""
    await bot.slash(STAR, "new", game="holdem", structure="nl", stakes="1/2")
    for name in MARKUP_USERS:
        await bot.slash(name, "sit", amount="200")
    await bot.slash(STAR, "host start")
    await bot.slash(UNDER, "fold")
    await bot.slash(STAR, "info ledger")
    await bot.client.transport.edits.drain()


async def test_names_show_literally_in_channel_lines_and_the_table_embed(bot: Bot) -> None:
    """The sit lines, the embed's seats, to-act line and recent lines carry the names
    escaped (shown as typed), and no message lets a mention ping."""
    await played(bot)
    posts = [p.body for p in bot.recorder.channel_posts()]
    lines = [b["content"] for b in posts if b.get("content")]
    assert f"{STAR} sits in seat 1 with 200" in [shown(line) for line in lines]
    assert f"{PING} sits in seat 3 with 200" in [shown(line) for line in lines]
    turn = [line for line in lines if "your turn" in line]
    assert turn and all(line.startswith("<@1004>, your turn") for line in turn)
    embeds = [
        e for b in posts + [e.body for e in bot.recorder.edits()] for e in b.get("embeds") or []
    ]
    texts = [e.get("description", "") for e in embeds]
    texts += [f["value"] for e in embeds for f in e.get("fields", [])]
    for text in lines + texts:
        if not text.startswith("<@1004>, your turn"):
            assert raw_markup(text) == [], text
    embed = bot.table_message()["embeds"][0]
    seats, recent = (f["value"] for f in embed["fields"])
    assert f"To act: ▶ **{STAR}**" in shown(embed["description"])
    assert f"3. **{PING}** 198" in shown(seats)
    assert f"{UNDER} posts small blind 1" in shown(recent).splitlines()
    for body in posts:
        assert body["allowed_mentions"]["parse"] == []


async def test_names_show_literally_in_ephemeral_replies_and_direct_messages(bot: Bot) -> None:
    """The refusal naming *bob* as the player to act and the ledger keep the names as
    typed; the replies and the direct messages carry no live markup or mention."""
    await played(bot)
    replies = [r.get("data", r).get("content") or "" for r in bot.recorder.responses()]
    assert f"it is not your turn: {STAR} is to act" in [shown(r) for r in replies]
    ledger = shown(replies[-1]).splitlines()
    assert ledger == [f"{name}: buy in 200" for name in MARKUP_USERS]
    dms = [m for messages in bot.recorder.dms().values() for m in messages]
    for text in replies + dms:
        assert raw_markup(text) == [], text
