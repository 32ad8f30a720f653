"""A whole hand through the adapter with a seeded deck: nothing public (posts, embeds,
edits, interaction replies to others, log lines) ever carries a hidden card, and each
player gets exactly his own cards by direct message."""

from __future__ import annotations

import json
import logging

import pytest
from discord_harness import TABLE, USERS, Bot, OpenBot, seated

from bot.words.render import cards_text

NAMES = {f"discord:{uid}": name for name, uid in USERS.items()}


async def _act(bot: Bot, prefer: tuple[str, ...]) -> None:
    """The player to act clicks the first of ``prefer`` his buttons offer."""
    view = bot.client.runtime.presenter.view(TABLE)  # type: ignore[union-attr]
    name = NAMES[view.to_act or ""]
    message = bot.table_message()
    buttons = bot.buttons(message)
    label = next(b for p in prefer for b in buttons if b.startswith(p))
    await bot.click(name, message, buttons[label])


async def test_a_hand_to_the_river_shows_no_hidden_card_in_public(
    open_bot: OpenBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Three players check or call to the river; a bet there and two folds end it unseen."""
    caplog.set_level(logging.DEBUG)
    bot = await open_bot(seed=7)
    await seated(bot)
    await bot.slash("Ann", "host pause")
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None
    hole = {pid: tuple(hand.hole[i]) for i, pid in enumerate(hand.names)}
    while bot.service.tables[TABLE].table.hand is hand and not hand.is_complete:
        # check or call to the river, then the last to act bets and everyone folds
        if len(hand.board) == 5 and hand.current_bet == 0 and hand.to_act is not None:
            await bot.slash(NAMES[hand.names[hand.to_act]], "bet", amount="10")
            continue
        await _act(bot, ("Check", "Fold") if len(hand.board) == 5 else ("Check", "Call"))
    await bot.client.transport.edits.drain()
    board = tuple(hand.board)
    assert len(board) == 5
    # each player got his own two cards by DM, and nobody else's
    dms = bot.recorder.dms()
    for pid, cards in hole.items():
        user = USERS[NAMES[pid]]
        assert dms[user] == [
            f"Home Game · <#{TABLE.split('/')[1]}>\nYour cards: {cards_text(cards)}"
        ]
    hidden = {cards_text([c]) for cards in hole.values() for c in cards}
    public = [json.dumps(s.body, ensure_ascii=False) for s in bot.recorder.public()]
    assert any(cards_text(board[:3]) in text for text in public)  # the board is shown
    results = [t for t in public if "wins" in t or "takes" in t]
    assert results, "the hand's result is posted"
    for text in public + [caplog.text]:
        leaked = [card for card in hidden if card in text]
        assert not leaked, (leaked, text[:300])
