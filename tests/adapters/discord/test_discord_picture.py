"""The showdown's picture through Discord: a PNG attachment after the result."""

from __future__ import annotations

from discord_harness import Bot, seated, settle


async def test_a_showdown_posts_its_picture_to_the_channel(bot: Bot) -> None:
    await seated(bot)
    await bot.slash("Ann", "host pause")
    table = next(iter(bot.service.tables.values())).table
    hand = table.hand
    assert hand is not None
    players = {"discord:1001": "Ann", "discord:1002": "Bob", "discord:1003": "Cat"}
    while table.current is not None:
        legal = hand.legal_actions()
        await bot.slash(players[hand.names[legal.player]], "check" if legal.can_check else "call")
    await settle()
    (post,) = [p for p in bot.recorder.channel_posts() if p.body and p.body.get("attachments")]
    assert post.body["attachments"][0]["filename"] == "hand-1.png"
    assert post.body["content"] == "Hand #1: the showdown"
