"""The 7-2 game through Discord's command tree: ``/poker host set`` and the claim."""

from __future__ import annotations

from discord_harness import Bot, seated

from bot.engine.cards import Deck


async def test_host_set_72_pays_the_bounty_shown_in_the_channel(bot: Bot) -> None:
    """``/poker host set option:72 value:5``; the button (Ann) raises with 7-2 and both
    blinds fold: she shows it and collects 5 from each."""
    bot.service.shuffle = lambda: Deck.stacked(["Ks", "Kh", "As", "Ah", "7h", "2c"]).order
    await seated(bot, start=False)
    await bot.slash("Ann", "host set", option="72", value="5")
    await bot.slash("Ann", "host start")
    await bot.slash("Ann", "raise", amount="20")
    await bot.slash("Bob", "fold")
    await bot.slash("Cat", "fold")
    await bot.client.transport.edits.drain()
    table = next(iter(bot.service.tables.values())).table
    assert sorted(s.stack for s in table.seated()) == [193, 194, 213]
    public = [str(s.body) for s in bot.recorder.public()]
    assert any("Ann shows 7♥ 2♣ and collects the 7-2 bounty: 10" in text for text in public)
