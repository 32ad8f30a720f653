"""A whole hand through the Slack adapter with a seeded deck: the channel never sees a
hidden card, and each player receives exactly his own cards (by DM, or ephemerally when
his DMs are closed)."""

from __future__ import annotations

import logging

import pytest
from slack_mock import TABLE, Harness, button, passive, private_texts, public_texts, table_message

from bot.engine.cards import pretty

USERS = ("UANN", "UBOB", "UCAT")


def _shows(card: str, text: str) -> bool:
    return pretty(card) in text or f'"{card}"' in text


async def test_a_hand_to_showdown_keeps_every_hidden_card_private(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Three players; the first to act folds, the others check it down with the buttons.
    Every channel post and edit, and every log line, carries no card of a player who has
    not shown; each player's private lines hold his two cards and no one else's."""
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.DEBUG, logger="adapters")

    async with Harness(seed=3) as h:
        h.mock.closed_dms.add("UCAT")  # Cat gets his cards ephemerally instead
        await h.deal(users=USERS)
        live = h.service.tables[TABLE]
        hand = live.table.hand
        assert hand is not None
        hole = {pid.split(":")[1]: tuple(hand.hole[i]) for i, pid in enumerate(hand.names)}
        folder = h.to_act()
        moves = 0
        while live.table.hand is hand and moves < 20:
            user, message = h.to_act(), table_message(h.mock)
            move = button(message, "Fold") if user == folder else passive(message)
            await h.click(user, move)
            moves += 1
        assert live.table.hand is not hand, "the hand did not finish"

        names = {user: user.capitalize() for user in USERS}
        shown: set[str] = set()
        public = public_texts(h.mock)
        assert any(" shows " in text for text in public)
        for text in public:
            shown |= {u for u in USERS if f"{names[u]} shows" in text}
            for user in set(USERS) - shown:
                leaked = [c for c in hole[user] if _shows(c, text)]
                assert not leaked, f"{user}'s {leaked} in public: {text[:300]}"
        assert folder not in shown and shown
        for user in shown:  # what was shown did reach the channel, so the check can see
            assert all(any(_shows(c, text) for text in public) for c in hole[user])
        for record in caplog.records:
            line = record.getMessage()
            for user in USERS:
                assert not any(_shows(c, line) for c in hole[user]), line

        for user in USERS:
            private = "\n".join(private_texts(h.mock, user))
            assert all(_shows(c, private) for c in hole[user]), user
            others = [c for u in USERS if u != user for c in hole[u]]
            assert not any(_shows(c, private) for c in others), user
        ephemeral = [b for b in h.mock.of("chat.postEphemeral") if b["user"] == "UCAT"]
        assert any("Your cards" in b["text"] for b in ephemeral)
        dms = [b["channel"] for b in h.mock.of("chat.postMessage")]
        assert "DUANN" in dms and "DUBOB" in dms and "DUCAT" not in dms
