"""The turn nudge: one per decision, as an ephemeral message to the player to act in the
table's channel; never a post in the hand's thread (Slack allows about one message per
second per channel, and a hand has many decisions)."""

from __future__ import annotations

from slack_mock import CHANNEL, TABLE, Harness, passive, table_message

from bot.words.tableview import table_view

USERS = ("UANN", "UBOB", "UCAT")


def _nudges(h: Harness) -> list[dict[str, str]]:
    return [
        b for b in h.mock.of("chat.postEphemeral") if str(b.get("text", "")).startswith("Your turn")
    ]


def _channel_posts(h: Harness) -> int:
    return sum(1 for b in h.mock.of("chat.postMessage") if b.get("channel") == CHANNEL)


async def test_each_decision_nudges_the_player_to_act_once_and_only_him() -> None:
    """Three players check and call a hand down with the buttons. After the deal and after
    each click at most one nudge goes out, an ephemeral message in the table's channel to
    the player now to act, naming the hand and what he may do; the hand's thread gets
    nothing and the channel no new message while the hand runs."""
    async with Harness(seed=3) as h:
        await h.deal(users=USERS)
        live = h.service.tables[TABLE]
        hand = live.table.hand
        assert hand is not None
        (first,) = _nudges(h)
        assert first["user"] == h.to_act() and first["channel"] == CHANNEL
        assert first["text"].startswith("Your turn in hand #1: ")
        posts = _channel_posts(h)
        clicks = 0
        while live.table.hand is hand and clicks < 20:
            before = len(_nudges(h))
            await h.click(h.to_act(), passive(table_message(h.mock)))
            clicks += 1
            new = _nudges(h)[before:]
            assert len(new) <= 1, new
            if live.table.hand is hand:
                assert _channel_posts(h) == posts  # the table message is edited instead
                assert [b["user"] for b in new] in ([], [h.to_act()])
        assert clicks >= 4 and live.table.hand is not hand
        assert len(_nudges(h)) >= clicks  # one per decision, hand 2's first included
        threaded = [b for b in h.mock.of("chat.postMessage") if b.get("thread_ts")]
        assert threaded == []


async def test_the_same_decision_is_nudged_once_however_often_it_is_shown() -> None:
    """The transport asked three times to nudge the same decision sends one message; the
    next decision gets its own."""
    async with Harness() as h:
        await h.deal()
        live = h.service.tables[TABLE]
        view = table_view(TABLE, live.table, live.names or {})
        assert view.to_act is not None
        before = len(_nudges(h))
        for _ in range(3):
            await h.transport.turn(TABLE, view.to_act, view)
        assert len(_nudges(h)) == before
        await h.click(h.to_act(), passive(table_message(h.mock)))
        assert len(_nudges(h)) == before + 1
