"""Random nights at a kill table through the chat core: players sit, re-buy, top up, sit
out, come back and leave; the host adjusts stacks, kicks players, voids hands, pauses and
ends the session; the turn timer acts for players who do nothing. After every command the
chips on the table are checked against the ledger.

Used by the property test and, with more commands, by a long run from the command line:
``python -m tests.service.nights SEEDS COMMANDS``.
"""

from __future__ import annotations

import asyncio
import random
import sys
from dataclasses import dataclass, field

from tests.chat.fakes import Pipeline, pipeline

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve")
SETUP = "new holdem nl 1/2 kill buyin 20-400 timer 30"


@dataclass
class Night:
    """What one night did: counts, and every disagreement found (empty when none)."""

    commands: int = 0
    hands: int = 0
    drift: list[str] = field(default_factory=list)


async def ledger_total(p: Pipeline) -> int:
    """Chips the ledger says are on the table: bought in, topped up and adjusted, less
    cashed out, over every session."""
    rows = await p.service.db._rows("SELECT kind, amount FROM ledger")
    return sum(-int(a) if k == "cash_out" else int(a) for k, a in rows)


def table_total(p: Pipeline) -> int:
    """Chips on the table: every seat's stack (during a hand, as it was dealt: stacks
    change when the hand ends) and a pot carried from a passed-out deal."""
    table = p.service.tables["g/c"].table
    return sum(s.stack for s in table.seating.seats.values()) + table.carried


def _move(p: Pipeline, rng: random.Random) -> tuple[str, str] | None:
    """The player to act and a move for him, or None when no one is to act."""
    hand = p.service.tables["g/c"].table.hand
    if hand is None or hand.to_act is None:
        return None
    name = p.service.tables["g/c"].names.get(hand.names[hand.to_act], "")  # type: ignore[union-attr]
    words = ["fold", "call", "call", "check", "raise", "allin", "allin"]
    words.append(f"raise {rng.randint(1, 500)}")
    words += ["check", "check", "runs 1", "runs 2", "show", "muck", "pat"]
    return name, rng.choice(words)


def _command(p: Pipeline, rng: random.Random) -> tuple[str, str]:
    """Someone and what he types: mostly moves, sometimes the night's other business."""
    move = _move(p, rng)
    if move is not None and rng.random() < 0.7:
        return move
    who = rng.choice(PLAYERS)
    seats = p.service.tables["g/c"].table.seating.seats.values()
    broke = [s.name for s in seats if s.stack == 0]
    if broke and rng.random() < 0.5:  # the host's business is mostly with the busted
        who = rng.choice(broke)
    other = who.lower() if broke and who in broke else rng.choice(PLAYERS).lower()
    amount = rng.choice([rng.randint(1, 400), rng.randint(-300, 300), 0])
    host = [f"adjust {other} {amount:+d} night"] * 4 + ["void", "pause", "end"]
    host += ["start"] * 4 + [f"kick {other}" if other != "ann" else "start"]
    player = [
        f"topup {rng.randint(1, 400)}",
        f"rebuy {rng.randint(10, 450)}",
        f"rebuy {rng.randint(10, 450)}",
        "sitout",
        "back",
        "back",
        "post",
        "kill",
        "straddle",
        "checkfold",
    ]
    if rng.random() < 0.1:
        player.append("leave")
    if rng.random() < 0.25:
        return "Ann", rng.choice(host)
    if p.service.tables["g/c"].table.seating.seat_of(f"test:{who.lower()}") is None:
        return who, f"sit {rng.randint(10, 450)}"
    return who, rng.choice(player)


async def play_night(seed: int, commands: int) -> Night:
    """Play ``commands`` random commands at a new kill table; returns what was found."""
    rng = random.Random(seed)
    p = await pipeline(seed)
    night = Night()
    gap = 0
    try:
        await p.say("Ann", SETUP)
        for name in PLAYERS[:3]:
            await p.say(name, "sit 200")
        await p.say("Ann", "start")
        for step in range(commands):
            if rng.random() < 0.08:  # nobody moves: the turn timer acts
                p.now += 31
                await p.service.tick()
                await p.service.idle()
                what = "the timer"
            else:
                who, text = _command(p, rng)
                await p.say(who, text, confirmed=True)
                what = f"{who}: {text}"
            night.commands += 1
            ledger, table = await ledger_total(p), table_total(p)
            if ledger - table != gap:  # each new disagreement once, not every step after it
                gap = ledger - table
                night.drift.append(f"step {step} ({what}): ledger {ledger}, table {table}")
        night.hands = p.service.tables["g/c"].table.hand_number
    finally:
        await p.close()
    return night


async def _main(seeds: int, commands: int) -> None:
    totals = Night()
    for seed in range(seeds):
        night = await play_night(seed, commands)
        totals.commands += night.commands
        totals.hands += night.hands
        totals.drift += night.drift
    print(f"{seeds} nights, {totals.hands} hands, {totals.commands} commands")
    print(f"drift: {len(totals.drift)}", *totals.drift[:10], sep="\n")


if __name__ == "__main__":
    asyncio.run(_main(int(sys.argv[1]), int(sys.argv[2])))


TABLES = ("c", "d")


async def play_server_night(seed: int, commands: int) -> Night:
    """Two kill tables on one server with the same players moving between them: sitting
    out, leaving and coming back, kills, straddles, the timer. After every command each
    table's chips are checked against its ledger, and at every deal: no one dealt in who
    owed a kill at the other table, no straddle in a killed pot, and the kill button the
    table shows is the one the hand is played under."""
    from bot.chat.core import Request

    rng = random.Random(seed)
    p = await pipeline(seed)
    night = Night()
    dealt = dict.fromkeys(TABLES, 0)

    async def say(channel: str, who: str, text: str) -> None:
        request = Request("test", "g", channel, who.lower(), who, text, confirmed=True)
        await p.core.handle(request)

    try:
        for channel in TABLES:
            await say(channel, "Ann", SETUP + " straddle")
            for name in PLAYERS[:3]:
                await say(channel, name, "sit 200")
            await say(channel, "Ann", "start")
        for step in range(commands):
            channel = rng.choice(TABLES)
            table_id = f"g/{channel}"
            owed_elsewhere = {
                pid
                for other in TABLES
                if other != channel
                for pid in p.service.tables[f"g/{other}"].table.kills_owed()
            }
            number = p.service.tables[table_id].table.hand_number
            if rng.random() < 0.08:
                p.now += 31
                await p.service.tick()
                await p.service.idle()
            else:
                who, text = _command_at(p, table_id, rng)
                await say(channel, who, text)
            night.commands += 1
            for other in TABLES:
                gap = await _gap(p, f"g/{other}")
                if gap:
                    night.drift.append(f"step {step}: table {other} off the ledger by {gap}")
            table = p.service.tables[table_id].table
            current = table.current
            if current is None or table.hand_number == number:
                continue
            dealt[channel] += 1
            setup = current.setup
            here = set(table.kills_owed()) | ({setup.kill.killer} if setup.kill else set())
            # owed at another table both before and after the command, so also when this
            # hand was dealt (a timer tick may settle or raise a kill elsewhere meanwhile)
            still = {
                pid
                for other in TABLES
                if other != channel
                for pid in p.service.tables[f"g/{other}"].table.kills_owed()
            }
            wrongly = [n for n in setup.names if n in owed_elsewhere & still and n not in here]
            if wrongly:
                night.drift.append(f"step {step}: {wrongly} dealt in owing a kill elsewhere")
            if setup.kill is not None and "straddle" in (setup.blind_kinds or ()):
                night.drift.append(f"step {step}: a straddle in a killed pot")
            shown = table.kill_button()
            if setup.kill is not None and (
                shown is None or shown.holder != setup.kill.killer or shown.amount is None
            ):
                night.drift.append(f"step {step}: the table shows {shown}, not the kill")
        night.hands = sum(dealt.values())
    finally:
        await p.close()
    return night


async def _gap(p: Pipeline, table_id: str) -> int:
    rows = await p.service.db._rows(
        "SELECT kind, amount FROM ledger WHERE table_id = ?", (table_id,)
    )
    ledger = sum(-int(a) if k == "cash_out" else int(a) for k, a in rows)
    table = p.service.tables[table_id].table
    return ledger - sum(s.stack for s in table.seating.seats.values()) - table.carried


def _command_at(p: Pipeline, table_id: str, rng: random.Random) -> tuple[str, str]:
    """A command at ``table_id``: the player to act's move, mostly, else other business."""
    turn = p.service.turn(table_id)
    names = p.service.tables[table_id].names or {}
    if turn is not None and rng.random() < 0.7:
        words = ["fold", "call", "check", "check", "raise", "allin", "pat", "show", "runs 1"]
        return names.get(turn.player_id, ""), rng.choice(words)
    who = rng.choice(PLAYERS)
    seated = p.service.tables[table_id].table.seating.seat_of(f"test:{who.lower()}")
    if seated is None:
        return who, f"sit {rng.randint(20, 400)}"
    options = ["sitout", "back", "leave", "straddle", "kill", "topup 50", "checkfold"]
    if rng.random() < 0.2:
        return "Ann", rng.choice(["start", "start", "pause", f"kick {who.lower()}", "void"])
    return who, rng.choice(options)
