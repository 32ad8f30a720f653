"""The time bank through Discord: ``/poker host set`` and the embed's footer while a
bank runs."""

from __future__ import annotations

from discord_harness import Bot, seated, settle


async def test_the_embed_footer_shows_the_time_bank_running(bot: Bot) -> None:
    """``/poker host set option:timebank value:20``; Ann, first to act, lets her 30
    seconds run out: the embed's footer says she is on her bank, 20 seconds left."""
    await seated(bot, start=False)
    await bot.slash("Ann", "host set", option="timebank", value="20")
    await bot.slash("Ann", "host start")
    now = bot.service.clock()
    bot.service.clock = lambda: now + 31
    await bot.service.tick()
    await settle()
    await bot.client.transport.edits.drain()
    embed = bot.table_message()["embeds"][0]
    assert embed["footer"]["text"] == "⏳ Ann is on the time bank: 20s left"
