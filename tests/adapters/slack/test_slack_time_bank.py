"""The time bank through the Slack adapter: the host's words, and the table message
saying whose bank is running."""

from __future__ import annotations

import json

from slack_mock import TABLE, Harness, table_message

USERS = ("UANN", "UBOB", "UCAT")


async def test_the_table_message_shows_the_time_bank_running() -> None:
    """``/poker set timebank 20``; the player to act lets his 30 seconds run out: the
    table message is edited to say he is on his 20-second bank, and he is not folded."""
    async with Harness() as h:
        await h.command("UANN", "new holdem nl 1/2")
        for user in USERS:
            await h.command(user, "sit 200")
        await h.command("UANN", "set timebank 20")
        await h.command("UANN", "start")
        acting = h.to_act()
        now = h.service.clock()
        h.service.clock = lambda: now + 31
        await h.service.tick()
        await h.settle()
        text = json.dumps(table_message(h.mock), ensure_ascii=False)
        assert f"⏳ U{acting[1:].lower()} is on the time bank: 20s left" in text
        hand = h.service.tables[TABLE].table.hand
        assert hand is not None and not any(hand.folded)
