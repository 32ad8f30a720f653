"""``/poker info history`` with PokerStars' format through Discord's command tree."""

from __future__ import annotations

from discord_harness import CHANNEL, Bot, seated


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


async def test_info_ledger_takes_csv_and_a_session_as_typed(bot: Bot) -> None:
    """``/poker info ledger`` with ``session`` says what ``ledger N`` says, and with
    ``csv`` posts that session's file to the channel."""
    await seated(bot, start=False)
    session = bot.service.tables[next(iter(bot.service.tables))].session_id
    await bot.slash("Bob", "info ledger", session=session)
    reply = bot.last_reply()
    assert reply["flags"] == 64 and "Bob: buy in 200" in reply["content"]
    await bot.slash("Bob", "do", text=f"ledger {session}")
    assert bot.last_reply()["content"] == reply["content"]
    await bot.slash("Bob", "info ledger", csv=True, session=session)
    (post,) = [p for p in bot.recorder.channel_posts() if p.body and p.body.get("attachments")]
    assert post.body["attachments"][0]["filename"] == f"ledger-{CHANNEL}-session-{session}.csv"
