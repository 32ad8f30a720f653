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


async def test_history_and_verify_take_the_same_hand_number_in_discord(bot: Bot) -> None:
    """``/poker info history hand:1`` is hand 1, as ``/poker info verify hand:1`` is,
    after a second hand; ``last:2`` is the asker's last two, as typed."""
    await seated(bot)
    await bot.slash("Ann", "fold")
    await bot.slash("Bob", "fold")  # hand 1 over, hand 2 dealt
    await bot.slash("Ann", "host pause")
    for _ in range(2):
        live = bot.service.tables[next(iter(bot.service.tables))]
        hand = live.table.hand
        if hand is None or hand.to_act is None or not live.names:
            break
        await bot.slash(live.names[hand.names[hand.to_act]], "fold")
    await bot.slash("Bob", "info history", hand=1)
    one = bot.last_reply()["content"]
    assert one.startswith("Hand 1 · ") and "Hand 2 · " not in one
    await bot.slash("Bob", "info verify", hand=1)
    assert bot.last_reply()["content"].startswith("hand 1: commitment ")
    await bot.slash("Bob", "info history", last=2)
    two = bot.last_reply()["content"]
    assert two.startswith("Hand 2 · ") and "Hand 1 · " in two
    await bot.slash("Bob", "do", text="history last 2")
    assert bot.last_reply()["content"] == two
    await bot.slash("Bob", "info history", hand=1, last=2)
    assert "that hand (the number 'verify' takes)" in bot.last_reply()["content"]
