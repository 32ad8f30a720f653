"""Private lines when a player's direct messages fail: Slack's refusal (``cannot_dm_bot``
from conversations.open, ``not_in_channel`` from chat.postMessage) is remembered for the
player, his later lines go as ephemeral messages in the table's channel without asking
Slack again, and "My cards" or ``cards`` tries the DM once more."""

from __future__ import annotations

import json

import pytest
from slack_mock import CHANNEL, TABLE, Harness, button, table_message

USERS = ("UANN", "UBOB", "UCAT")


async def _next_hand(h: Harness) -> None:
    """Fold the hand in play to its end; the next one is dealt."""
    live = h.service.tables[TABLE]
    number = live.table.hand_number
    while live.table.hand_number == number:
        await h.command(h.to_act(), "fold")
        await h.service.idle()
    await h.bot.settle()


def _opens(h: Harness, user: str) -> int:
    return sum(1 for body in h.mock.of("conversations.open") if body.get("users") == user)


def _dm_posts(h: Harness, user: str) -> list[str]:
    return [b["text"] for b in h.mock.of("chat.postMessage") if b.get("channel") == f"D{user}"]


def _cards_here(h: Harness, user: str) -> list[str]:
    """The ephemeral messages in the table's channel to ``user`` that show his cards."""
    return [
        b["text"]
        for b in h.mock.of("chat.postEphemeral")
        if b["user"] == user and b["channel"] == CHANNEL and "Your cards" in b["text"]
    ]


async def test_a_dm_that_cannot_be_opened_is_not_asked_for_again() -> None:
    """Cat's DMs cannot be opened (``cannot_dm_bot``): over two hands conversations.open is
    called once for him; each hand's cards reach him as an ephemeral message in the
    table's channel, the first one saying why; Ann and Bob get theirs by DM."""
    async with Harness() as h:
        h.mock.closed_dms.add("UCAT")
        await h.deal(users=USERS)
        await _next_hand(h)
        assert h.service.tables[TABLE].table.hand_number == 2
        assert _opens(h, "UCAT") == 1
        shown = _cards_here(h, "UCAT")
        assert len(shown) == 2
        assert "direct messages" in shown[0] and "cannot_dm_bot" in shown[0]
        assert "direct messages" not in shown[1]
        assert _dm_posts(h, "UCAT") == []
        for user in ("UANN", "UBOB"):
            assert _opens(h, user) == 1  # the DM channel is kept, not opened per line
            assert sum("Your cards" in text for text in _dm_posts(h, user)) == 2
        lines = [b["text"] for b in h.mock.of("chat.postMessage") if not b.get("blocks")]
        assert not any("cannot send you direct messages" in t for t in lines)


async def test_a_dm_that_cannot_be_posted_is_not_tried_again() -> None:
    """Bob's DM opens but posting to it is refused (``not_in_channel``): one attempt in
    two hands, his cards come ephemerally in the table's channel."""
    async with Harness() as h:
        h.mock.refused_channels["DUBOB"] = "not_in_channel"
        await h.deal(users=USERS)
        await _next_hand(h)
        assert len(_dm_posts(h, "UBOB")) == 1
        assert _opens(h, "UBOB") == 1
        shown = _cards_here(h, "UBOB")
        assert len(shown) == 2 and "not_in_channel" in shown[0]


@pytest.mark.parametrize("asking", ["button", "typed"])
async def test_asking_for_his_cards_tries_the_dm_once_more(asking: str) -> None:
    """Cat's DMs fail, then he opens them. Asking for his cards while they still fail tries
    once (and they stay remembered as failing); after he opens them, asking again tries
    once more and works: a DM says so, and the next hand's cards come by DM. Asking
    changes nothing for a player whose DMs never failed."""
    async with Harness() as h:
        h.mock.closed_dms.add("UCAT")
        await h.deal(users=USERS)

        async def ask(user: str) -> None:
            if asking == "button":
                await h.click(user, button(table_message(h.mock), "My cards"))
            else:
                await h.command(user, "cards")

        await ask("UCAT")
        assert _opens(h, "UCAT") == 2  # tried once more, refused again
        assert _dm_posts(h, "UCAT") == []
        reply = h.mock.of("chat.postEphemeral")[-1]
        assert reply["user"] == "UCAT" and reply["text"].startswith("Your cards: ")

        h.mock.closed_dms.discard("UCAT")  # he opens his DMs
        await ask("UCAT")
        assert _opens(h, "UCAT") == 3
        (note,) = _dm_posts(h, "UCAT")
        assert note.startswith(f"<#{CHANNEL}>: ") and "direct messages" in note
        assert "Your cards" not in note
        shown = len(_cards_here(h, "UCAT"))  # hand 1's, and the two replies
        await _next_hand(h)
        assert _opens(h, "UCAT") == 3  # the DM channel is kept now
        assert any("Your cards" in text for text in _dm_posts(h, "UCAT"))
        assert len(_cards_here(h, "UCAT")) == shown  # hand 2's came by DM only

        calls = len(h.mock.calls)
        await ask("UANN")
        new = [c.method for c in h.mock.calls[calls:]]
        assert "conversations.open" not in new
        assert [c for c in h.mock.calls[calls:] if c.body.get("channel") == "DUANN"] == []


async def test_a_dropped_connection_is_not_remembered_as_a_refusal() -> None:
    """The network, not Slack, fails the DM: the line goes ephemerally, and the next line
    tries the DM again (it said nothing about the player)."""
    async with Harness() as h:
        await h.deal(users=USERS)
        h.transport.client.retry_handlers = []
        h.mock.dropped.add("chat.postMessage")
        assert await h.transport.tell(TABLE, "slack:UANN", "a private line")
        h.mock.dropped.clear()
        assert await h.transport.tell(TABLE, "slack:UANN", "another")
        assert _dm_posts(h, "UANN")[-1].endswith("another")
        texts = [json.dumps(b) for b in h.mock.of("chat.postEphemeral")]
        assert any("a private line" in t for t in texts)
        assert not any("direct messages" in t and "a private line" in t for t in texts)
