"""A tournament night played through the Slack harness: set up, entered with the Register
button, started by the host, its clock moved through a level, a break and the next level,
played to its winner with the move buttons, a restart mid-level, and the platform's edges
on the way (a deleted table message, ``not_in_channel``, a slow Web API). The service's
clock is a fake one the test moves (RULES.md "Tournaments")."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from slack_mock import (
    CHANNEL,
    TABLE,
    Harness,
    button,
    buttons,
    private_texts,
    table_message,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "service"))

from support import FakeClock  # noqa: E402

from bot.engine import pretty  # noqa: E402
from bot.engine.tournament import FINISHED  # noqa: E402

# two seats, 2-minute levels, a 1-minute break after every second level, an add-on
SETUP = "levels 10/20 20/40 40/80 minutes 2 break 1 every 2 seats 2 start now addon buyin 20"
USERS = ("UANN", "UBOB")


async def _shown(h: Harness) -> None:
    """Wait until every step started is committed, shown and its edits sent."""
    await h.core.idle()
    await h.service.shown()
    await h.settle()


async def _later(h: Harness, clock: FakeClock, seconds: float) -> None:
    """The clock moved on ``seconds`` and the service's timers ticked, as every second."""
    clock.now += seconds
    await h.service.tick()
    await _shown(h)


async def _night(h: Harness) -> None:
    """The tournament set up by Ann with ``/poker tournament new``, Ann and Bob entered by
    the Register button, and started by Ann's ``/poker start``: hand 1 dealt."""
    await h.command("UANN", f"tournament new {SETUP}")
    await _shown(h)
    register = button(table_message(h.mock), "Register")
    for user in USERS:
        await h.click(user, register)
    await h.command("UANN", "start")
    await _shown(h)


def _header(h: Harness) -> str:
    """The table message's first section: the tournament's lines."""
    blocks = table_message(h.mock)["blocks"]
    return str(next(b["text"]["text"] for b in blocks if b["type"] == "section"))


def _lines(h: Harness, since: int = 0) -> str:
    """The texts posted to the channel (not edits), from the ``since``-th call on."""
    return "\n".join(
        str(c.body.get("text") or "")
        for c in h.mock.calls[since:]
        if c.method == "chat.postMessage" and c.body.get("channel") == CHANNEL
    )


async def _move(h: Harness, *labels: str) -> str:
    """The player to act clicks the first of ``labels`` (a prefix) on the table message
    (the All-in button's confirm dialog is Slack's own, before the click); the label."""
    offered = [b["text"]["text"] for b in buttons(table_message(h.mock))]
    label = next(b for want in labels for b in offered if b.startswith(want))
    await h.click(h.to_act(), button(table_message(h.mock), label))
    await _shown(h)
    return label


def _cards_kept_private(h: Harness) -> None:
    """The hand in play's hole cards went to each owner alone, and nothing the channel
    sees of the hand (its table message and the posts since) holds one."""
    hand = h.service.tables[TABLE].table.hand
    assert hand is not None and not hand.is_complete
    for seat, cards in enumerate(hand.hole):
        owner = hand.names[seat].split(":")[1]
        shown = " ".join(pretty(card) for card in cards or ())
        assert shown and f"Your cards: {shown}" in _newest_cards(h, owner)
        assert all(shown not in _newest_cards(h, other) for other in USERS if other != owner)
    calls = h.mock.calls
    dealt = max(
        n
        for n, c in enumerate(calls)
        if c.method == "chat.postMessage"
        and c.body.get("channel") == CHANNEL
        and c.body.get("blocks")
    )
    ts = calls[dealt].body["_ts"]  # the hand's table message; older ones show older hands
    public = [
        json.dumps(c.body, ensure_ascii=False)
        for c in calls[dealt:]
        if c.body.get("channel") == CHANNEL
        and (c.method == "chat.postMessage" or (c.method == "chat.update" and c.body["ts"] == ts))
    ]
    hidden = {pretty(card) for cards in hand.hole if cards for card in cards}
    leaks = [(card, text) for card in hidden for text in public if card in text]
    assert not leaks, leaks


def _newest_cards(h: Harness, user: str) -> str:
    """The newest private line of ``user`` that gives him cards."""
    return next(t for t in reversed(private_texts(h.mock, user)) if "Your cards" in t)


def _title(h: Harness) -> str:
    return json.dumps(table_message(h.mock)["blocks"][0], ensure_ascii=False)


async def test_tournament_night_in_slack_through_a_level_a_break_and_on_to_the_winner() -> None:
    """Level 1's end is announced in the channel and the next hand's table message shows
    level 2's blinds and its time left (TDA 2024 R23); level 2's end brings the break,
    announced, with the Add-on button and nothing dealt on it; its end deals level 3.
    Played to the winner with the All-in and Call buttons: the results are posted and the
    winner's prize is in the tournament's books. Cards go to their owner alone."""
    clock = FakeClock()
    async with Harness(clock=clock) as h:
        await _night(h)
        assert _header(h).startswith("Level 1: 10/20 · 2:00 left")
        _cards_kept_private(h)
        await _move(h, "Fold")
        _cards_kept_private(h)

        mark = len(h.mock.calls)
        await _later(h, clock, 121)  # level 1 is over; hand 2's player to act times out
        assert "Level 2: 20/40, 2 minutes" in _lines(h, mark)
        assert _header(h).startswith("Level 2: 20/40 · 1:59 left")
        assert "20/40" in _title(h)
        _cards_kept_private(h)

        mark = len(h.mock.calls)
        await _later(h, clock, 120)  # level 2 is over: the break, once hand 3 is timed out
        assert "Break: 1 minute (the add-on is open)" in _lines(h, mark)
        assert _header(h).startswith("Break after level 2: 0:59 left (the add-on is open)")
        live = h.service.tables[TABLE]
        dealt = live.table.hand_number
        await _later(h, clock, 30)
        assert live.table.hand_number == dealt  # nothing dealt on a break
        offered = [b["text"]["text"] for b in buttons(table_message(h.mock))]
        assert "Add-on" in offered and not {"Fold", "Check", "Call"} & set(offered)
        await h.click("UANN", button(table_message(h.mock), "Add-on"))
        await _shown(h)
        assert "takes the add-on: 3000 chips for 20.00" in _lines(h, mark)

        mark = len(h.mock.calls)
        await _later(h, clock, 30)  # the break ended a second ago
        assert "Level 3: 40/80, 2 minutes" in _lines(h, mark)
        assert _header(h).startswith("Level 3: 40/80 · 1:59 left")
        assert live.table.hand_number == dealt + 1

        assert live.tourney is not None
        books = live.tourney.tournament
        checked: set[int] = set()
        for _ in range(60):
            if books.status == FINISHED:
                break
            if live.table.hand is None or live.table.hand.to_act is None:
                await _later(h, clock, 1)
                continue
            if live.table.hand_number not in checked:  # a new hand, before anyone moved
                checked.add(live.table.hand_number)
                _cards_kept_private(h)
            await _move(h, "All-in", "Call", "Check")
        assert books.status == FINISHED
        (winner,) = [entry for entry in books.entries if entry.place == 1]
        name = live.names[winner.player] if live.names else winner.player
        said = _lines(h)
        assert f"{name} wins the tournament" in said and f"Results: 1st {name}" in said
        assert winner.prize == books.pool == 6000
        money = await h.service.db.tournaments.money(live.tournament_id or "")
        prizes = [(m.player_id, m.amount) for m in money if m.kind == "prize"]
        assert prizes == [(winner.player, 6000)]


async def test_tournament_night_in_slack_restarted_mid_level_keeps_the_level_s_time_left(
    tmp_path: Path,
) -> None:
    """The bot stopped 20 seconds into level 1 and started again an hour later on the same
    database: the level has the 1:40 it had left, not the downtime charged (TDA 2024 R23,
    RULES.md "Tournaments", the clock); a click on the message the first bot posted plays
    on, and the next hand's table message shows level 1 and its 1:40."""
    clock = FakeClock()
    async with Harness(clock=clock, db_path=str(tmp_path / "night.db")) as h:
        await _night(h)
        clock.now += 20
        await _move(h, "Fold")  # hand 2 is dealt, the clock's reading committed with it
        fold = button(table_message(h.mock), "Fold")
        clock.now += 3600  # down for an hour
        await h.restart()
        live = h.service.tables[TABLE]
        assert live.tourney is not None
        level = live.tourney.tournament.level_clock
        assert level.number == 1 and round(level.time_left(clock.now)) == 100
        await h.click(h.to_act(), fold)
        await _shown(h)
        assert live.table.hand_number == 3
        assert _header(h).startswith("Level 1: 10/20 · 1:40 left")


async def _to_a_quiet_level_end(h: Harness, clock: FakeClock) -> int:
    """Hands folded every 25 seconds to 1:40 into level 1, then the clock moved past the
    level's end with no turn timer run out: the level change is the tick's only news.
    Returns the call count before that tick."""
    for _ in range(4):
        clock.now += 25
        await _move(h, "Fold")
    clock.now += 21
    return len(h.mock.calls)


async def test_tournament_night_in_slack_a_table_message_deleted_mid_level_is_posted_again() -> (
    None
):
    """The table message is deleted during level 1: the level change's update answers
    ``message_not_found``, so it is posted again showing level 2 (TDA 2024 R23), and the
    hand goes on from the new message's buttons."""
    clock = FakeClock()
    async with Harness(clock=clock) as h:
        await _night(h)
        mark = await _to_a_quiet_level_end(h, clock)
        gone = table_message(h.mock)["_ts"]
        h.mock.errors["chat.update"] = "message_not_found"
        await h.service.tick()
        await _shown(h)
        del h.mock.errors["chat.update"]
        assert "Level 2: 20/40, 2 minutes" in _lines(h, mark)
        again = table_message(h.mock)
        assert again.get("_ts", again.get("ts")) != gone
        assert _header(h).startswith("Level 2: 20/40 · 1:59 left")
        hand = h.service.tables[TABLE].table.hand_number
        await _move(h, "Fold")
        assert h.service.tables[TABLE].table.hand_number == hand + 1
        assert "20/40" in _title(h)


async def test_tournament_night_in_slack_not_in_channel_on_the_level_change_tells_the_host() -> (
    None
):
    """The bot is removed from the channel as level 1 ends: the level change's post is
    answered ``not_in_channel``. The level stands, the host is told by DM how to invite
    the bot, and the clock stops while nobody can play: invited back and started ten
    minutes later, the next hand is dealt at level 2 with the level's time left as it
    stood."""
    clock = FakeClock()
    async with Harness(clock=clock) as h:
        await _night(h)
        mark = await _to_a_quiet_level_end(h, clock)
        h.mock.refused_channels[CHANNEL] = "not_in_channel"
        await h.service.tick()
        await _shown(h)
        assert "Level 2: 20/40, 2 minutes" in _lines(h, mark)  # asked, and refused
        live = h.service.tables[TABLE]
        assert live.tourney is not None and live.tourney.tournament.level_clock.number == 2
        dms = [
            str(b.get("text")) for b in h.mock.of("chat.postMessage") if b.get("channel") == "DUANN"
        ]
        assert any("nobody can see the table" in text and "/invite" in text for text in dms)
        del h.mock.refused_channels[CHANNEL]
        hand = live.table.hand_number
        await _move(h, "Fold")  # the hand in play is played out; no next deal while held
        assert live.table.hand_number == hand
        await _later(h, clock, 600)
        await h.command("UANN", "start")
        await _shown(h)
        assert live.table.hand_number == hand + 1
        assert "20/40" in _title(h)
        assert _header(h).startswith("Level 2: 20/40 · 1:59 left")


async def test_tournament_night_in_slack_a_slow_web_api_keeps_the_night_in_order() -> None:
    """Slack answers every post slowly as level 1 ends and a player moves meanwhile: the
    move is applied once, the level change is posted before the next hand's table
    message, and that message shows level 2."""
    clock = FakeClock()
    async with Harness(clock=clock) as h:
        await _night(h)
        mark = await _to_a_quiet_level_end(h, clock)
        h.mock.slow["chat.postMessage"] = 0.2
        fold = button(table_message(h.mock), "Fold")
        hand = h.service.tables[TABLE].table.hand_number
        await asyncio.gather(h.service.tick(), h.click(h.to_act(), fold))
        await _shown(h)
        del h.mock.slow["chat.postMessage"]
        assert h.service.tables[TABLE].table.hand_number == hand + 1
        posts = [
            c.body
            for c in h.mock.calls[mark:]
            if c.method == "chat.postMessage" and c.body.get("channel") == CHANNEL
        ]
        level = next(n for n, p in enumerate(posts) if "Level 2: 20/40" in str(p.get("text")))
        table = next(n for n, p in enumerate(posts) if p.get("blocks"))
        assert level < table
        assert _header(h).startswith("Level 2: 20/40 · 1:59 left")
