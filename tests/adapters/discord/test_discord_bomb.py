"""A bomb pot through Discord's command tree: ``/poker host bomb`` and the table embed
with both boards."""

from __future__ import annotations

from discord_harness import Bot, seated

from bot.words.render import cards_text


async def test_host_bomb_deals_a_bomb_pot_with_two_boards_on_the_embed(bot: Bot) -> None:
    """``/poker host set`` turns the double board on, ``/poker host bomb`` calls one: the
    deal antes 10 from each, there is no pre-flop betting, and the embed shows both
    boards and the pot."""
    await seated(bot, start=False)
    await bot.slash("Ann", "host set", option="bomb", value="double on")
    await bot.slash("Ann", "host bomb", ante="10")
    assert bot.last_reply()["content"].startswith("Done: bomb 10")
    await bot.slash("Ann", "host start")
    hand = bot.service.tables[next(iter(bot.service.tables))].table.hand
    assert hand is not None and hand.setup.bomb and hand.setup.boards == 2
    embed = bot.table_message()["embeds"][0]
    assert embed["title"] == "Hand #1 · No-Limit Hold'em 1/2 · bomb pot"
    assert f"Board 1: **{cards_text(hand.board)}**" in embed["description"]
    assert f"Board 2: **{cards_text(hand.second_board)}**" in embed["description"]
    assert "Pot: **30**" in embed["description"]
