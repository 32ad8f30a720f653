"""Buttons and modals through discord.py's dynamic items: moves, "not your turn", old
hands, retried interactions, confirmations, rate limits and closed direct messages."""

from __future__ import annotations

from discord_harness import CHANNEL, GUILD, TABLE, USERS, Bot, http_error, seated

from bot.words.render import cards_text


def _seats(bot: Bot) -> str:
    return bot.table_message()["embeds"][0]["fields"][0]["value"]


def _recent(bot: Bot) -> str:
    return bot.table_message()["embeds"][0]["fields"][1]["value"]


async def test_a_click_moves_and_the_table_message_is_edited_in_place(bot: Bot) -> None:
    """Ann clicks "Call 2": the click is acknowledged without a message (type 6) and the
    same table message is edited; Cat, not to act, gets "not your turn" privately."""
    await seated(bot)
    message = bot.table_message()
    await bot.click("Ann", message, bot.buttons(message)["Call 2"])
    assert bot.recorder.responses()[-1] == {"type": 6}
    await bot.click("Cat", message, bot.buttons(message)["Fold"])
    assert bot.last_reply()["content"] == "it is not your turn: Bob is to act"
    assert bot.last_reply()["flags"] == 64
    await bot.client.transport.edits.drain()
    assert len(bot.recorder.table_posts()) == 2
    assert "Ann calls 2" in _recent(bot)
    assert "1. **Ann** 198 · bet 2" in _seats(bot)
    assert "Call 1" in bot.buttons(bot.table_message())  # Bob's small blind completes


async def test_a_retried_interaction_is_applied_once(bot: Bot) -> None:
    """The same interaction delivered twice (same id) calls once."""
    await seated(bot)
    message = bot.table_message()
    payload = await bot.click("Ann", message, bot.buttons(message)["Call 2"])
    await bot.dispatch(payload)
    await bot.client.transport.edits.drain()
    assert _recent(bot).count("Ann calls 2") == 1
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None and hand.bets[hand.names.index(f"discord:{USERS['Ann']}")] == 2


async def test_a_button_of_an_older_hand_is_refused(bot: Bot) -> None:
    """After hand 1, its Call button answers "hand #1 is over" and changes nothing."""
    await seated(bot)
    old = bot.table_message()
    for name in ("Ann", "Bob"):
        await bot.click(name, bot.table_message(), bot.buttons(bot.table_message())["Fold"])
    assert len(bot.recorder.table_posts()) == 3  # hand 2 has its own message
    await bot.client.transport.edits.drain()
    before = len(bot.recorder.public())
    await bot.click("Bob", old, bot.buttons(old)["Call 2"])
    reply = bot.last_reply()
    assert reply["flags"] == 64 and reply["content"].startswith("hand #1 is over")
    await bot.client.transport.edits.drain()
    assert len(bot.recorder.public()) == before


async def test_raise_opens_a_modal_with_the_minimum_and_chatcore_checks_the_amount(
    bot: Bot,
) -> None:
    """Raise… opens a modal holding the legal range with the minimum filled in; a bad
    amount is refused privately; a good one raises."""
    await seated(bot)
    message = bot.table_message()
    await bot.click("Ann", message, bot.buttons(message)["Raise 4…"])
    modal = bot.recorder.responses()[-1]
    assert modal["type"] == 9
    field = modal["data"]["components"][0]["components"][0]
    assert field["label"] == "Raise to (4 to 200)" and field["value"] == "4"
    await bot.submit("Ann", modal["data"], {"Raise to (4 to 200)": "3"})
    refused = bot.last_reply()
    assert refused["flags"] == 64 and "4" in refused["content"]
    await bot.click("Ann", message, bot.buttons(message)["Raise 4…"])
    await bot.submit("Ann", bot.recorder.responses()[-1]["data"], {"Raise to (4 to 200)": "10"})
    await bot.client.transport.edits.drain()
    assert "Ann raises to 10" in _recent(bot)


async def test_all_in_asks_for_a_confirmation_click(bot: Bot) -> None:
    """All-in answers privately with a Confirm button; its click goes all-in."""
    await seated(bot)
    message = bot.table_message()
    await bot.click("Ann", message, bot.buttons(message)["All-in 200"])
    ask = bot.last_reply()
    assert ask["flags"] == 64 and ask["content"] == "Go all-in for 200?"
    confirm = bot.buttons(ask)["Confirm"]
    assert confirm == f"kb!:{GUILD}:{CHANNEL}:1.0:allin"  # hand 1, its first decision
    await bot.client.transport.edits.drain()
    assert "all-in" not in _seats(bot)
    await bot.click("Ann", bot.recorder.message(1, CHANNEL, ask), confirm)
    await bot.client.transport.edits.drain()
    assert "1. **Ann** 0 · bet 200 [button, all-in]" in _seats(bot)


async def test_a_rate_limited_edit_is_waited_out_and_sent(bot: Bot) -> None:
    """A 429 on an edit is waited out (its Retry-After) and the latest content sent."""
    await seated(bot)
    bot.recorder.fail_once("PATCH", "/messages/", http_error(429, retry=0.0))
    message = bot.table_message()
    await bot.click("Ann", message, bot.buttons(message)["Call 2"])
    await bot.client.transport.edits.drain()
    failed = [s for s in bot.recorder.sent if not s.ok]
    assert [(s.method, s.ok) for s in failed] == [("PATCH", False)]
    assert bot.client.transport.edits.waited == [0.0]
    assert bot.recorder.edits()[-1].path == failed[0].path
    assert "Ann calls 2" in _recent(bot)


async def test_closed_direct_messages_give_the_channel_hint_and_my_cards_answers_privately(
    bot: Bot,
) -> None:
    """Bob's DMs are closed (403): the channel is told to use "My cards"; his click on it
    shows his two cards to him only."""
    await seated(bot, start=False)
    bot.recorder.fail_once("POST", "/users/@me/channels", http_error(403))
    await bot.slash("Ann", "host start")
    dms = bot.recorder.dms()
    assert USERS["Bob"] not in dms and len(dms) == 2
    hints = [p.body["content"] for p in bot.recorder.channel_posts() if p.body.get("content")]
    assert any("Bob: I cannot send you direct messages" in h for h in hints)
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None
    cards = hand.hole[hand.names.index(f"discord:{USERS['Bob']}")]
    message = bot.table_message()
    await bot.click("Bob", message, bot.buttons(message)["My cards"])
    reply = bot.last_reply()
    assert reply["flags"] == 64 and reply["content"] == f"Your cards: {cards_text(cards)}"


async def test_a_double_click_does_not_act_on_the_next_decision(bot: Bot) -> None:
    """Heads-up, the small blind calls and the big blind clicks Check twice on the same
    message: the first click closes preflop and deals the flop, where the big blind acts
    first; the second click was for the earlier decision, so it is refused and changes
    nothing."""
    await seated(bot, start=False)
    await bot.slash("Cat", "leave")
    await bot.slash("Ann", "host start")
    live = bot.service.tables[TABLE]
    names = {f"discord:{user}": name for name, user in USERS.items()}

    def to_act() -> str:
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None
        return names[hand.names[hand.to_act]]

    message = bot.table_message()
    call = next(v for k, v in bot.buttons(message).items() if k.startswith("Call"))
    await bot.click(to_act(), message, call)
    await bot.client.transport.edits.drain()
    message = bot.table_message()
    big_blind = to_act()
    check = bot.buttons(message)["Check"]
    await bot.click(big_blind, message, check)
    hand = live.table.hand
    assert hand is not None and len(hand.board) == 3 and to_act() == big_blind
    moves = list(hand.log)
    await bot.click(big_blind, message, check)
    assert list(hand.log) == moves
    assert "earlier decision" in bot.last_reply()["content"]
