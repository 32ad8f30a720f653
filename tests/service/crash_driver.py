"""A table service that plays random legal moves forever, for the crash-recovery test.

Run as ``python crash_driver.py DB_PATH SEED``: one service process, which opens the
service on ``DB_PATH``, restores what is stored there (or creates the table), seats the
four players who are missing with their known buy-ins, starts the game, and then plays
random legal moves until it is killed. After every committed action it writes one line of
JSON to stdout and flushes it:

    {"v": version, "d": sha256 of the committed state, "hand": hand number,
     "chips": chips on the table, "in": chips bought in minus cashed out, "cmd": ...}

Its first line is ``{"pid": ...}``; the first report (``"cmd": "ready"``) is the state as
restored, before any new action. Every report is written only after its action was
committed, so every reported version is in the database; the test kills the process with
SIGKILL at random moments and checks what a fresh service restores.

``python crash_driver.py DB_PATH --serve`` imports everything once, then for each seed read
on stdin forks a fresh service process as above (sharing this stdout) and waits for it to
die, then writes ``{"exited": pid, "status": ...}``. A restart then costs a fork rather
than a new interpreter and its imports (seconds on a busy machine), so the test can afford
many kills.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import sys
import traceback
from typing import Any

from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.hand import Phase
from bot.engine.table import Table, TableSettings
from bot.service.tables import Live, Player, ServiceError, TableService
from bot.words.commands import Command, Leave, Play, Sit, SitIn, SitOut, Start, TopUp
from storage.db import Database

SETTINGS = TableSettings(
    GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(5, 10)),
    seats=6,
    min_buy_in=200,
    max_buy_in=1000,
    turn_seconds=30,
)
SERVER, CHANNEL = "srv", "crash"
TABLE_ID = f"{SERVER}/{CHANNEL}"
PLAYERS = (
    Player("u1", "Ann"),
    Player("u2", "Bob"),
    Player("u3", "Cat"),
    Player("u4", "Dan"),
)
BUY_INS = {"u1": 300, "u2": 500, "u3": 700, "u4": 1000}
LEDGER_SIGN = {"buy_in": 1, "top_up": 1, "adjust": 1, "cash_out": -1}


def digest(live: Live) -> str:
    """The committed state's fingerprint (the same on both sides of a restart)."""
    text = json.dumps(live.state(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def chips_on_table(table: Table) -> int:
    """Every chip at the table: seats not in the hand, the hand's stacks and pot, and a pot
    carried to the next deal."""
    hand = table.hand
    in_hand = set(hand.names) if hand is not None else set()
    seats = sum(s.stack for s in table.seating.seats.values() if s.player_id not in in_hand)
    if hand is None:
        return seats + table.carried
    return seats + sum(hand.stacks) + hand.pot_total() + table.carried


async def ledger_total(db: Database, live: Live) -> int:
    """Chips bought in minus chips cashed out, from the stored ledger."""
    rows = await db.books.ledger(live.id, live.session_id)
    return sum(LEDGER_SIGN[kind] * amount for _, kind, amount in rows)


class Driver:
    def __init__(self, service: TableService, rng: random.Random, bought: int) -> None:
        self.service = service
        self.rng = rng
        self.bought = bought
        self.by_id = {p.id: p for p in PLAYERS}

    @property
    def live(self) -> Live:
        return self.service.tables[TABLE_ID]

    def report(self, what: str) -> None:
        live = self.live
        line = json.dumps(
            {
                "v": live.version,
                "d": digest(live),
                "hand": live.table.hand_number,
                "chips": chips_on_table(live.table),
                "in": self.bought,
                "cmd": what,
            }
        )
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    async def do(self, player: Player, command: Command) -> bool:
        """Send one command; True (and a line written) when it was committed."""
        seat = self.live.table.seating.seat_of(player.id)
        stack = seat.stack if seat is not None else 0
        try:
            await self.service.handle(TABLE_ID, player, command)
        except ServiceError:
            return False
        if isinstance(command, Leave):
            self.bought -= stack
        elif isinstance(command, Sit):
            self.bought += command.buy_in
        elif isinstance(command, TopUp):
            self.bought += command.amount
        what = type(command).__name__
        if isinstance(command, Play):
            what = f"{command.kind}" + (f" {command.amount}" if command.amount else "")
        self.report(f"{player.id} {what}")
        await self.dealt()
        return True

    async def dealt(self) -> None:
        """The next deal, a step of its own after the move that ends a hand (or owed by a
        table restored between that move and its deal): reported like a move."""
        reported = self.live.version
        self.service.deal_owed()  # a table restored between a hand's end and its deal
        await self.service.idle(TABLE_ID)
        if self.live.version != reported:
            self.report("deal")

    async def setup(self) -> None:
        """Whatever a crash interrupted: the missing seats, then the game started."""
        for player in PLAYERS:
            if self.live.table.seating.seat_of(player.id) is None:
                await self.do(player, Sit(BUY_INS[player.id]))
        if not self.live.table.running:
            await self.do(PLAYERS[0], Start())

    def move(self) -> Play:
        """A random legal move for the player to act."""
        hand = self.live.table.hand
        assert hand is not None
        if hand.phase is Phase.RUNS_VOTE:
            return Play("runs", self.rng.choice((1, 1, 2, 3)))
        if hand.phase is Phase.DRAWING:
            return Play("draw", cards=())
        legal = hand.legal_actions()
        choices: list[tuple[float, Play]] = []
        if legal.can_fold:
            choices.append((0.2, Play("fold")))
        if legal.can_check:
            choices.append((0.45, Play("check")))
        if legal.call_amount:
            choices.append((0.45, Play("call")))
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            unit = max(1, legal.bet_unit)
            top = min(high, low * 3)
            amount = self.rng.randint(low, max(low, top))
            amount = min(high, max(low, amount - amount % unit))
            kind = "raise" if hand.current_bet else "bet"
            choices.append((0.25, Play(kind, amount)))
        if legal.stack:
            choices.append((0.04, Play("allin")))
        weights = [w for w, _ in choices]
        return self.rng.choices([c for _, c in choices], weights)[0]

    async def between_hands(self) -> bool:
        """Rare seat changes by players not in the hand: rebuys, sitting out and in,
        leaving and sitting again. True when something was committed."""
        table = self.live.table
        hand = table.hand
        in_hand = set(hand.names) if hand is not None else set()
        idle = [p for p in PLAYERS if p.id not in in_hand]
        done = False
        for player in idle:
            seat = table.seating.seat_of(player.id)
            if seat is None:
                done |= await self.do(player, Sit(BUY_INS[player.id]))
            elif seat.stack == 0:
                done |= await self.do(player, TopUp(self.rng.choice((200, 400, 1000))))
            elif seat.status.value == "sitting_out" and (hand is None or self.rng.random() < 0.3):
                done |= await self.do(player, SitIn(post=self.rng.random() < 0.5))
        roll = self.rng.random()
        if idle and roll < 0.02:
            done |= await self.do(self.rng.choice(idle), SitOut())
        elif idle and roll < 0.03:
            done |= await self.do(self.rng.choice(idle), Leave())
        elif idle and roll < 0.05:
            player = self.rng.choice(idle)
            seat = table.seating.seat_of(player.id)
            if seat is not None and 0 < seat.stack < SETTINGS.max_buy_in:
                room = SETTINGS.max_buy_in - seat.stack
                done |= await self.do(player, TopUp(self.rng.randint(1, room)))
        return done

    async def play_forever(self) -> None:
        stuck = 0
        while True:
            changed = await self.between_hands()
            hand = self.live.table.hand
            if hand is not None and hand.to_act is not None:
                player = self.by_id[hand.names[hand.to_act]]
                try:
                    command = self.move()
                except IllegalAction as exc:
                    raise SystemExit(f"no legal move in phase {hand.phase}: {exc}") from exc
                if (
                    await self.do(player, command)
                    or await self.do(player, Play("check"))
                    or await self.do(player, Play("call"))
                ):
                    changed = True
                else:
                    changed = await self.do(player, Play("fold")) or changed
            stuck = 0 if changed else stuck + 1
            if stuck > 200:
                raise SystemExit(f"the game is stuck: {self.service.status_text(self.live)}")
            await asyncio.sleep(0)


async def main(path: str, seed: int) -> None:
    db = await Database.open(path)
    deck_rng = random.Random(seed * 7919 + 1)
    service = TableService(db, None, shuffle=lambda: Deck(rng=deck_rng).order)
    await service.restore()
    if service.broken:
        raise SystemExit(f"tables could not be restored: {service.broken}")
    if TABLE_ID not in service.tables:
        await service.create_table(SERVER, CHANNEL, PLAYERS[0], SETTINGS)
    live = service.tables[TABLE_ID]
    driver = Driver(service, random.Random(seed), await ledger_total(db, live))
    driver.report("ready")
    await driver.dealt()
    await driver.setup()
    await driver.play_forever()


def write(data: dict[str, Any], fresh_line: bool = False) -> None:
    """One line on stdout, in one write (a pipe keeps such a write whole)."""
    sys.stdout.write(("\n" if fresh_line else "") + json.dumps(data) + "\n")
    sys.stdout.flush()


def run(path: str, seed: int) -> int:
    """One service process: its pid first, then the reports until it is killed."""
    write({"pid": os.getpid()})
    try:
        asyncio.run(main(path, seed))
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 2
    except BaseException:
        traceback.print_exc()
        return 1
    return 0


def serve(path: str) -> None:
    """Start one service process per seed read on stdin, each a fresh fork of this warm
    one; after each has died, say so (after everything it wrote, since it is dead)."""
    for line in sys.stdin:
        seed = int(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the service process: nothing of an earlier one, a fresh loop and db
            code = 3
            try:
                code = run(path, seed)
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        # a fresh line: a report cut short by the kill (it cannot be, pipe writes this
        # short are atomic) would not swallow this one
        write({"exited": pid, "status": os.waitstatus_to_exitcode(status)}, fresh_line=True)


if __name__ == "__main__":
    if sys.argv[2:] == ["--serve"]:
        # Import everything once (pokerkit, for the showdown's descriptions, takes a second
        # of CPU): each restart is then a fork, not a new interpreter.
        import pokerkit  # noqa: F401

        serve(sys.argv[1])
    else:
        raise SystemExit(run(sys.argv[1], int(sys.argv[2])))
