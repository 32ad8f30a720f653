"""``/poker info history`` with PokerStars' format through Discord's command tree."""

from __future__ import annotations

from discord_harness import Bot, seated


async def test_info_history_pokerstars_sends_the_same_words_as_typed(bot: Bot) -> None:
    """The ``pokerstars`` and ``session`` options say what ``history session pokerstars``
    says: the asker's hand in PokerStars' format, ephemeral."""
    await seated(bot)
    await bot.slash("Ann", "host pause")
    await bot.slash("Ann", "fold")
    await bot.slash("Bob", "fold")
    await bot.slash("Bob", "info history", pokerstars=True, session=True)
    reply = bot.last_reply()
    assert reply["flags"] == 64 and "PokerStars Hand #" in reply["content"]
    assert "Dealt to Bob [" in reply["content"]
    await bot.slash("Bob", "do", text="history session pokerstars")
    assert bot.last_reply()["content"] == reply["content"]
