"""Through the Discord client: a request the platform drops after a move is committed (a
connection reset, a server that hangs up) loses that one message only; the move is
answered as done and every other delivery goes out."""

from __future__ import annotations

import aiohttp
from discord_harness import CHANNEL, TABLE, USERS, Bot, seated


async def test_a_dm_whose_connection_drops_leaves_the_others_their_cards_and_the_deal_done(
    bot: Bot,
) -> None:
    """Opening Bob's DM fails with a connection error: Ann and Cat still get their cards by
    DM, the hand's table message is posted, the channel points Bob to "My cards", and the
    host's start is answered "Done: start"."""
    await seated(bot, start=False)
    bot.recorder.fail_once(
        "POST", "/users/@me/channels", aiohttp.ClientConnectionError("connection reset")
    )
    await bot.slash("Ann", "host start")
    assert bot.last_reply()["content"] == "Done: start"
    dms = bot.recorder.dms()
    assert sorted(dms) == [USERS["Ann"], USERS["Cat"]]
    assert all(any("Your cards" in m for m in messages) for messages in dms.values())
    assert len(bot.recorder.table_posts()) == 2
    assert bot.table_message()["embeds"][0]["title"].startswith("Hand #1")
    hints = [p.body["content"] for p in bot.recorder.channel_posts() if p.body.get("content")]
    assert any("Bob: I cannot send you direct messages" in h for h in hints)


async def test_a_move_whose_turn_mention_is_dropped_is_acknowledged_and_stands(bot: Bot) -> None:
    """Ann clicks "Call 2" and the server hangs up on the mention of Bob: the click is
    acknowledged as a move (type 6, no error), Ann's 2 chips are in, Bob is to act, the
    table message is edited, and the lost mention is recorded for the table."""
    await seated(bot)
    message = bot.table_message()
    bot.recorder.fail_once(
        "POST", f"/channels/{CHANNEL}/messages", aiohttp.ServerDisconnectedError()
    )
    await bot.click("Ann", message, bot.buttons(message)["Call 2"])
    assert bot.recorder.responses()[-1] == {"type": 6}
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None and hand.to_act is not None
    assert hand.bets[hand.names.index(f"discord:{USERS['Ann']}")] == 2
    assert hand.names[hand.to_act] == f"discord:{USERS['Bob']}"
    await bot.client.transport.edits.drain()
    recent = bot.table_message()["embeds"][0]["fields"][1]["value"]
    assert "Ann calls 2" in recent
    presenter = bot.client.runtime.presenter  # type: ignore[union-attr]
    assert [f.what for f in presenter.failures[TABLE]] == ["turn nudge"]


async def test_a_deleted_table_message_is_posted_again_and_followed(bot: Bot) -> None:
    """A moderator deletes the hand's table message: the next edit finds it gone (404,
    Unknown Message), so the table is posted again with its buttons, and later edits go to
    the new message."""
    import discord
    from discord_harness import FakeResponse

    await seated(bot)
    message = bot.table_message()
    posted = len(bot.recorder.table_posts())
    gone = discord.NotFound(FakeResponse(404), {"code": 10008, "message": "Unknown Message"})
    bot.recorder.fail_once("PATCH", f"/messages/{message['id']}", gone)
    await bot.click("Ann", message, bot.buttons(message)["Call 2"])
    await bot.client.transport.edits.drain()
    assert len(bot.recorder.table_posts()) == posted + 1
    again = bot.table_message()
    assert again["id"] != message["id"]
    assert "Ann calls 2" in again["embeds"][0]["fields"][1]["value"]
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None and hand.to_act is not None
    to_act = {f"discord:{v}": k for k, v in USERS.items()}[hand.names[hand.to_act]]
    labels = bot.buttons(again)
    fold = next(custom for label, custom in labels.items() if label.startswith("Fold"))
    await bot.click(to_act, again, fold)
    await bot.client.transport.edits.drain()
    assert bot.recorder.edits()[-1].path.endswith(f"/messages/{again['id']}")


async def test_a_channel_that_refuses_the_bot_tells_the_host_and_holds_the_game(bot: Bot) -> None:
    """Discord answers 403 Missing Permissions to every post in the table's channel: the
    host's /poker new is answered with what to give the bot (not "Table open"), he is told
    privately too, and once he starts anyway the game is held: no turn timer folds a player
    who cannot see the table."""
    import asyncio

    import discord
    from discord_harness import FakeResponse, seated

    refused = discord.Forbidden(
        FakeResponse(403), {"code": 50013, "message": "Missing Permissions"}
    )
    for _ in range(20):
        bot.recorder.fail_once("POST", f"/channels/{CHANNEL}/messages", refused)
    await seated(bot, start=False)
    answer = bot.recorder.responses()[-4].get("data", {})  # the reply to /poker new
    assert "I cannot post in this channel" in answer["content"]
    assert "Send Messages" in answer["content"]
    dms = bot.recorder.dms()[USERS["Ann"]]
    assert any("nobody can see the table" in text for text in dms)
    await bot.slash("Ann", "host start")
    service = bot.service
    live = service.tables[TABLE]
    assert live.table.hand is not None  # dealt, but the table message was refused
    assert service.unseen(TABLE) is not None and not live.table.running
    to_act = live.table.turn()
    assert to_act is not None
    service.clock = lambda: 10**12  # every deadline long past
    await service.tick()
    await asyncio.sleep(0)
    assert live.table.turn() == to_act  # nobody was timed out


async def test_a_restarted_bot_edits_the_hands_table_message_where_it_is(bot: Bot) -> None:
    """The table message's id is stored when it is posted; a bot started again (its
    transport knowing nothing) takes the stored ids and edits that same message for the
    hand in play rather than posting the hand again."""
    await seated(bot)
    from adapters.runtime import keep_table_messages

    transport = bot.client.transport
    db = bot.service.db
    await keep_table_messages(transport, db)
    transport.shown.clear()
    await bot.slash("Ann", "host pause")  # any change reposts: a new message is stored
    message = bot.table_message()
    assert (await db.table_messages())[TABLE][1] == message["id"]
    transport.shown.clear()  # the restart: nothing known in memory
    await keep_table_messages(transport, db)
    posted = len(bot.recorder.table_posts())
    await bot.click("Ann", message, bot.buttons(message)["Call 2"])
    await transport.edits.drain()
    assert len(bot.recorder.table_posts()) == posted
    assert bot.recorder.edits()[-1].path.endswith(f"/messages/{message['id']}")


async def test_a_turn_mention_refused_mid_hand_holds_the_game(bot: Bot) -> None:
    """The bot loses its permissions in the middle of a hand: the mention of the next
    player is refused (403), so the game is held there (no turn timer runs against a
    player who cannot see the table) and the host is told."""
    import discord
    from discord_harness import FakeResponse

    await seated(bot)
    message = bot.table_message()
    refused = discord.Forbidden(
        FakeResponse(403), {"code": 50013, "message": "Missing Permissions"}
    )
    bot.recorder.fail_once("POST", f"/channels/{CHANNEL}/messages", refused)
    await bot.click("Ann", message, bot.buttons(message)["Call 2"])
    assert bot.service.unseen(TABLE) is not None
    assert bot.service.tables[TABLE].table.clock.deadline is None
    dms = bot.recorder.dms()[USERS["Ann"]]
    assert any("nobody can see the table" in text for text in dms)
