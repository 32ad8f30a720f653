"""A tournament night played through the Discord harness: set up, entered with the
Register button, started by the host, its clock moved through a level, a break and the
next level, played to its winner with the move buttons, a restart mid-level, and the
platform's edges on the way (a deleted table message, a channel that refuses the bot, a
slow platform). The service's clock is a fake one the test moves (RULES.md "Tournaments")."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import discord
from discord_harness import CHANNEL, TABLE, USERS, Bot, FakeResponse, OpenBot, settle

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "service"))

from support import FakeClock  # noqa: E402

from bot.engine import pretty  # noqa: E402
from bot.engine.tournament import FINISHED  # noqa: E402

# two seats, 2-minute levels, a 1-minute break after every second level, an add-on
SETUP = "levels 10/20 20/40 40/80 minutes 2 break 1 every 2 seats 2 start now addon buyin 20"
NAMES = {f"discord:{user}": name for name, user in USERS.items()}


async def _shown(bot: Bot) -> None:
    """Wait until every step started is committed, shown and its edits sent."""
    runtime = bot.client.runtime
    assert runtime is not None
    await settle()
    await runtime.core.idle()
    await bot.service.shown()
    await bot.client.transport.edits.drain()


async def _later(bot: Bot, clock: FakeClock, seconds: float) -> None:
    """The clock moved on ``seconds`` and the service's timers ticked, as every second."""
    clock.now += seconds
    await bot.service.tick()
    await _shown(bot)


async def _night(open_bot: OpenBot, clock: FakeClock, **how: Any) -> Bot:
    """The tournament set up by Ann with ``/poker tournament setup``, Ann and Bob entered
    by the Register button, and started by Ann's ``/poker host start``: hand 1 dealt."""
    bot = await open_bot(clock=clock, **how)
    await bot.slash("Ann", "tournament setup", words=SETUP)
    assert "Tournament open" in bot.last_reply()["content"]
    await _shown(bot)
    lobby = bot.table_message()
    for name in ("Ann", "Bob"):
        await bot.click(name, lobby, bot.buttons(lobby)["Register"])
    await bot.slash("Ann", "host start")
    await _shown(bot)
    return bot


def _description(bot: Bot) -> str:
    return str(bot.table_message()["embeds"][0]["description"])


def _lines(bot: Bot, since: int = 0) -> str:
    """What was posted to the channel as lines (not table messages), from the
    ``since``-th request on."""
    posts = [s for s in bot.recorder.channel_posts() if bot.recorder.sent.index(s) >= since]
    return "\n".join(str((s.body or {}).get("content") or "") for s in posts)


def _to_act(bot: Bot) -> str:
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None and hand.to_act is not None
    return NAMES[hand.names[hand.to_act]]


async def _move(bot: Bot, *labels: str) -> str:
    """The player to act clicks the first of ``labels`` (a prefix: "All-in" for
    "All-in 3020") on the table message, and its Confirm when asked; the label clicked."""
    player = _to_act(bot)
    message = bot.table_message()
    buttons = bot.buttons(message)
    label = next(b for want in labels for b in buttons if b.startswith(want))
    await bot.click(player, message, buttons[label])
    ask = bot.last_reply()
    confirm = bot.buttons(ask).get("Confirm")
    if confirm is not None:
        await bot.click(player, bot.recorder.message(1, CHANNEL, ask), confirm)
    await _shown(bot)
    return label


def _cards_kept_private(bot: Bot) -> None:
    """The hand in play's hole cards went to each owner alone by direct message, and
    nothing the channel sees of the hand (its table message and the posts since) holds
    one."""
    hand = bot.service.tables[TABLE].table.hand
    assert hand is not None and not hand.is_complete
    dms = bot.recorder.dms()
    held = {
        NAMES[hand.names[seat]]: " ".join(pretty(card) for card in cards)
        for seat, cards in enumerate(hand.hole)
        if cards
    }
    for name, cards in held.items():
        assert f"Your cards: {cards}" in dms[USERS[name]][-1]
        others = [user for other, user in USERS.items() if other != name and user in dms]
        assert all(cards not in dms[user][-1] for user in others)
    sent = bot.recorder.sent
    dealt = max(sent.index(s) for s in bot.recorder.table_posts())
    shown = f"/{bot.table_message()['id']}"  # the hand's message; older ones show older hands
    public = [
        str(s.body)
        for s in bot.recorder.public()
        if sent.index(s) >= dealt and (s.method == "POST" or s.path.endswith(shown))
    ]
    hidden = {pretty(card) for cards in hand.hole if cards for card in cards}
    assert not any(card in text for card in hidden for text in public)


async def test_tournament_night_in_discord_through_a_level_a_break_and_on_to_the_winner(
    open_bot: OpenBot,
) -> None:
    """Level 1's end is announced in the channel and the next hand's table message shows
    level 2's blinds and its time left (TDA 2024 R23); level 2's end brings the break,
    announced, with the Add-on button under the message and nothing dealt on it; its end
    deals level 3. Played to the winner with the All-in and Call buttons: the results are
    posted and the winner's prize is in the tournament's books. Cards go to their owner
    alone all night."""
    clock = FakeClock()
    bot = await _night(open_bot, clock)
    assert _description(bot).startswith("Level 1: 10/20 · 2:00 left")
    _cards_kept_private(bot)
    await _move(bot, "Fold")  # hand 2 is dealt at once, still level 1
    _cards_kept_private(bot)

    mark = len(bot.recorder.sent)
    await _later(bot, clock, 121)  # level 1 is over; hand 2's player to act times out
    assert "Level 2: 20/40, 2 minutes" in _lines(bot, mark)
    assert _description(bot).startswith("Level 2: 20/40 · 1:59 left")
    assert "No-Limit Hold'em 20/40" in bot.table_message()["embeds"][0]["title"]
    _cards_kept_private(bot)

    mark = len(bot.recorder.sent)
    await _later(bot, clock, 120)  # level 2 is over: the break, once hand 3 is timed out
    assert "Break: 1 minute (the add-on is open)" in _lines(bot, mark)
    assert _description(bot).startswith("Break after level 2: 0:59 left (the add-on is open)")
    dealt = bot.service.tables[TABLE].table.hand_number
    await _later(bot, clock, 30)
    assert bot.service.tables[TABLE].table.hand_number == dealt  # nothing dealt on a break
    message = bot.table_message()
    assert set(bot.buttons(message)) == {"Add-on"}
    await bot.click("Ann", message, bot.buttons(message)["Add-on"])
    await _shown(bot)
    assert "Ann takes the add-on: 3000 chips for 20.00" in _lines(bot, mark)

    mark = len(bot.recorder.sent)
    await _later(bot, clock, 30)  # the break ended a second ago
    assert "Level 3: 40/80, 2 minutes" in _lines(bot, mark)
    assert _description(bot).startswith("Level 3: 40/80 · 1:59 left")
    assert bot.service.tables[TABLE].table.hand_number == dealt + 1
    _cards_kept_private(bot)

    live = bot.service.tables[TABLE]
    assert live.tourney is not None
    books = live.tourney.tournament
    checked = {dealt + 1}
    for _ in range(60):
        if books.status == FINISHED:
            break
        if live.table.hand is None or live.table.hand.to_act is None:
            await _later(bot, clock, 1)
            continue
        if live.table.hand_number not in checked:  # a new hand, before anyone moved
            checked.add(live.table.hand_number)
            _cards_kept_private(bot)
        await _move(bot, "All-in", "Call", "Check")
    assert books.status == FINISHED
    (winner,) = [entry for entry in books.entries if entry.place == 1]
    name = NAMES[winner.player]
    said = _lines(bot)
    assert f"{name} wins the tournament" in said and f"Results: 1st {name}" in said
    assert winner.prize == books.pool == 6000
    money = await bot.service.db.tournaments.money(live.tournament_id or "")
    assert [(m.player_id, m.amount) for m in money if m.kind == "prize"] == [(winner.player, 6000)]


async def test_tournament_night_in_discord_restarted_mid_level_keeps_the_level_s_time_left(
    open_bot: OpenBot, tmp_path: Path
) -> None:
    """The bot stopped 20 seconds into level 1 and started again an hour later on the same
    database: the level has the 1:40 it had left, not the downtime charged (TDA 2024 R23,
    RULES.md "Tournaments", the clock); a click on the message the first bot posted plays
    on, and the next hand's table message shows level 1 and its 1:40."""
    clock = FakeClock()
    db = str(tmp_path / "night.db")
    bot = await _night(open_bot, clock, db_path=db)
    clock.now += 20
    await _move(bot, "Fold")  # hand 2 is dealt, the clock's reading committed with it
    before = bot.table_message()
    await bot.close()

    clock.now += 3600  # down for an hour
    again = await open_bot(clock=clock, db_path=db)
    live = again.service.tables[TABLE]
    assert live.tourney is not None
    level = live.tourney.tournament.level_clock
    assert level.number == 1 and round(level.time_left(clock.now)) == 100
    player = _to_act(again)
    await again.click(player, before, bot.buttons(before)["Fold"])
    await _shown(again)
    assert live.table.hand_number == 3
    assert _description(again).startswith("Level 1: 10/20 · 1:40 left")


async def _to_a_quiet_level_end(bot: Bot, clock: FakeClock) -> int:
    """Hands folded every 25 seconds to 1:40 into level 1, then the clock moved past the
    level's end with no turn timer run out: the level change is the tick's only news.
    Returns the request count before that tick."""
    for _ in range(4):
        clock.now += 25
        await _move(bot, "Fold")
    clock.now += 21
    return len(bot.recorder.sent)


async def test_tournament_night_in_discord_a_table_message_deleted_mid_level_is_posted_again(
    open_bot: OpenBot,
) -> None:
    """A moderator deletes the table message during level 1: the level change's edit finds
    it gone (404), so it is posted again showing level 2 (TDA 2024 R23), and the hand goes
    on from the new message's buttons."""
    clock = FakeClock()
    bot = await _night(open_bot, clock)
    mark = await _to_a_quiet_level_end(bot, clock)
    gone = bot.table_message()
    deleted = discord.NotFound(FakeResponse(404), {"code": 10008, "message": "Unknown Message"})
    bot.recorder.fail_once("PATCH", f"/messages/{gone['id']}", deleted)
    posted = len(bot.recorder.table_posts())
    await bot.service.tick()
    await _shown(bot)
    assert "Level 2: 20/40, 2 minutes" in _lines(bot, mark)
    assert len(bot.recorder.table_posts()) == posted + 1
    again = bot.table_message()
    assert again["id"] != gone["id"]
    assert again["embeds"][0]["description"].startswith("Level 2: 20/40 · 1:59 left")
    hand = bot.service.tables[TABLE].table.hand_number
    await _move(bot, "Fold")
    assert bot.service.tables[TABLE].table.hand_number == hand + 1
    assert "No-Limit Hold'em 20/40" in bot.table_message()["embeds"][0]["title"]


async def test_tournament_night_in_discord_a_403_on_the_level_change_tells_the_host(
    open_bot: OpenBot,
) -> None:
    """The bot loses its permissions in the channel as level 1 ends: Discord answers the
    level change's post 403. The level stands (level 2 on the clock and in the table
    message), the host is told privately what to give the bot, and the clock stops while
    nobody can play: once he starts again, ten minutes later, the next hand is dealt at
    level 2's blinds with the level's time left as it stood."""
    clock = FakeClock()
    bot = await _night(open_bot, clock)
    mark = await _to_a_quiet_level_end(bot, clock)
    missing = {"code": 50013, "message": "Missing Permissions"}
    refused = discord.Forbidden(FakeResponse(403), missing)
    bot.recorder.fail_once("POST", f"/channels/{CHANNEL}/messages", refused)
    await bot.service.tick()
    await _shown(bot)
    assert "Level 2" not in _lines(bot, mark)  # the post was refused
    live = bot.service.tables[TABLE]
    assert live.tourney is not None and live.tourney.tournament.level_clock.number == 2
    assert any("nobody can see the table" in text for text in bot.recorder.dms()[USERS["Ann"]])
    assert "Send Messages" in bot.recorder.dms()[USERS["Ann"]][-1]
    assert _description(bot).startswith("Level 2: 20/40 · 1:59 left")
    hand = live.table.hand_number
    await _move(bot, "Fold")  # the hand in play is played out; no next deal while held
    assert live.table.hand_number == hand
    await _later(bot, clock, 600)  # the host sees to the permissions ten minutes later
    await bot.slash("Ann", "host start")
    await _shown(bot)
    assert live.table.hand_number == hand + 1
    assert "No-Limit Hold'em 20/40" in bot.table_message()["embeds"][0]["title"]
    assert _description(bot).startswith("Level 2: 20/40 · 1:59 left")  # the hold not charged


async def test_tournament_night_in_discord_a_slow_platform_keeps_the_night_in_order(
    open_bot: OpenBot,
) -> None:
    """Discord answers every request slowly as level 1 ends and a player clicks meanwhile:
    the move is applied once, the level change is posted before the next hand's table
    message, and that message shows level 2."""
    clock = FakeClock()
    bot = await _night(open_bot, clock)
    mark = await _to_a_quiet_level_end(bot, clock)
    message = bot.table_message()
    fold = next(custom for label, custom in bot.buttons(message).items() if label == "Fold")
    hand = bot.service.tables[TABLE].table.hand_number
    bot.recorder.delay = 0.05
    # the tick as a task of its own: the harness's click waits for every other task
    ticking = asyncio.create_task(bot.service.tick())
    await bot.click(_to_act(bot), message, fold)
    await ticking
    await _shown(bot)
    bot.recorder.delay = 0.0
    assert bot.service.tables[TABLE].table.hand_number == hand + 1
    sent = bot.recorder.sent
    posts = [s.body or {} for s in bot.recorder.channel_posts() if sent.index(s) >= mark]
    level = next(n for n, p in enumerate(posts) if "Level 2: 20/40" in str(p.get("content")))
    table = next(n for n, p in enumerate(posts) if p.get("embeds"))
    assert level < table
    assert _description(bot).startswith("Level 2: 20/40 · 1:59 left")
