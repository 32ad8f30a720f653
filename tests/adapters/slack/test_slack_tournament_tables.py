"""A tournament over several tables in Slack: the host names a channel for each table but
the first (Slack has no threads a bot may open as tables), each table has its own table
message in its own channel with its own buttons, a player's move between tables is told
in both channels and to him, and a channel the bot is not in is told to the host. The
service's clock is a fake one the test moves (RULES.md "Tournaments", several tables)."""

from __future__ import annotations

import sys
from pathlib import Path

from slack_mock import (
    CHANNEL,
    TABLE,
    TEAM,
    Harness,
    button,
    buttons,
    passive,
    private_texts,
    table_message,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "service"))

from support import FakeClock  # noqa: E402

from bot.engine.tournament import FINISHED  # noqa: E402

SECOND = "C2"
USERS = ("UANN", "UBOB", "UCAT", "UDAN")
SETUP = f"turbo buyin 5 seats 2 tables 2 start now <#{SECOND}|table-2>"


def _said(h: Harness, channel: str) -> list[str]:
    """Every text and block posted or edited in ``channel``, as one string each."""
    return [
        str(call.body)
        for call in h.mock.calls
        if call.method in ("chat.postMessage", "chat.update")
        and call.body.get("channel") == channel
    ]


async def _shown(h: Harness) -> None:
    await h.core.idle()
    await h.service.shown()
    await h.settle()


async def _started(h: Harness) -> None:
    await h.command("UANN", f"tournament new {SETUP}")
    await _shown(h)
    register = button(table_message(h.mock, CHANNEL), "Register")
    for user in USERS:
        await h.click(user, register)
    await h.command("UANN", "start")
    await _shown(h)


async def test_slack_a_tournament_of_two_tables_needs_the_second_channel_named() -> None:
    async with Harness() as h:
        await h.command("UANN", "tournament new turbo buyin 5 seats 2 tables 2")
        await _shown(h)
        told = " ".join(private_texts(h.mock, "UANN")) + " ".join(
            str(c.body) for c in h.mock.calls if c.method.startswith("response")
        )
        assert TABLE not in h.service.tables
        assert "#table-2" in told


async def test_slack_each_table_plays_in_its_channel_with_its_own_message_to_the_winner() -> None:
    clock = FakeClock()
    async with Harness(clock=clock) as h:
        await _started(h)
        second = f"{TEAM}/{SECOND}"
        spread = h.service.tables[TABLE].spread
        assert spread is not None and set(spread.lives) == {TABLE, second}
        for channel in (CHANNEL, SECOND):
            assert table_message(h.mock, channel)["channel"] == channel
        for _ in range(400):
            if spread.books.status == FINISHED:
                break
            acted = False
            for channel, table_id in ((CHANNEL, TABLE), (SECOND, second)):
                hand = h.service.tables[table_id].table.hand
                if hand is None or hand.is_complete or hand.to_act is None:
                    continue
                user = hand.names[hand.to_act].split(":")[1]
                message = table_message(h.mock, channel)
                allin = [b for b in buttons(message) if b["text"]["text"].startswith("All")]
                await h.click(user, allin[0] if allin else passive(message), channel=channel)
                acted = True
            if not acted:
                clock.now += 30
                await h.service.tick()
            await _shown(h)
        assert spread.books.status == FINISHED and len(spread.books.alive) == 1
        moved = [t for t in _said(h, CHANNEL) if "moves from table" in t]
        assert moved, "the move to the final table is told in the tournament's channel"
        assert any("moves from table" in t for t in _said(h, SECOND)), "and at the table left"
        told = [u for u in USERS if any("moves from table" in t for t in private_texts(h.mock, u))]
        assert told, "and to the player moved, privately"


async def test_slack_a_named_channel_the_bot_is_not_in_is_told_to_the_host() -> None:
    async with Harness(clock=FakeClock()) as h:
        h.mock.refused_channels[SECOND] = "not_in_channel"
        await _started(h)
        told = " ".join(private_texts(h.mock, "UANN"))
        assert f"<#{SECOND}>: I cannot post in this table's channel" in told
        assert "invite the bot" in told and "not_in_channel" in told
        second = h.service.tables[f"{TEAM}/{SECOND}"]
        assert second.table.held is not None and second.table.hand is None
        h.mock.refused_channels.clear()  # the bot invited
        await h.command("UANN", "start", channel=SECOND)
        await _shown(h)
        assert second.table.held is None
        assert second.table.hand is not None, "the table deals once the bot can post"
        assert table_message(h.mock, SECOND)["channel"] == SECOND
