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
        await p.service.idle()
    return night


async def _main(seeds: int, commands: int) -> None:
    from tests.chat.fakes import OPEN

    totals = Night()
    for seed in range(seeds):
        night = await play_night(seed, commands)
        totals.commands += night.commands
        totals.hands += night.hands
        totals.drift += night.drift
        while OPEN:
            await OPEN.pop().service.db.close()
    print(f"{seeds} nights, {totals.hands} hands, {totals.commands} commands")
    print(f"drift: {len(totals.drift)}", *totals.drift[:10], sep="\n")


if __name__ == "__main__":
    asyncio.run(_main(int(sys.argv[1]), int(sys.argv[2])))
