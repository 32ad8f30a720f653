"""The chat layer at a full table with a slow platform: how soon a click is answered, how
soon the table message follows, and how long the host's start takes.

One nine-player no-limit hold'em table is played through :class:`bot.chat.core.ChatCore` and
:class:`bot.chat.presenter.Presenter` over a transport whose every platform call (a direct
message, a channel post, a table message post or edit, a turn mention) takes ``--delay``
seconds, as Discord's and Slack's HTTP calls do (150 to 350 ms). Computer players
(:mod:`bot.chat.computer`) act in turn; each acts once the table message he reacts to has been
shown (:meth:`bot.service.tables.TableService.shown`, or ``idle`` on a tree without it), as a
player would click, so the platform is never asked to do more than it can.

Figures, per delay:

answer
    The time from a click (``ChatCore.handle`` called) to its answer (the call returning,
    what the adapter sends as the interaction response or ``ack``): p50, p99 and max.
table edit
    The time from the answer to the start of the next ``show_table`` call for the table
    (the table message edit that shows the move).
host start
    ``host start`` at the seated table: the answer, then until the first table message.

With ``--discord`` the same is measured through the Discord adapter itself: raw
interaction payloads dispatched through discord.py's command tree and the adapter's
buttons, every REST call and interaction response of the fake Discord HTTP layer of the
tests taking ``--delay`` seconds (three players: Ann, Bob and Cat, clicking Check, else
Call, else Fold). "Answer" is then from the click's dispatch to the adapter sending its
interaction response (the deferral or the reply).

Run: ``python benchmarks/bench_chat.py [--hands 20] [--delays 0.15,0.35] [--seed 1]
[--discord]``. Run it with ``PYTHONPATH`` pointing at another checkout to measure that
tree the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.chat import computer as bots
from bot.chat.core import ChatCore, Request
from bot.chat.presenter import Presenter
from bot.engine import Deck
from bot.service.tables import TableService
from bot.words.tableview import TableView
from storage.db import Database

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


class SlowPlatform:
    """A transport whose every call takes ``delay`` seconds; it keeps when each
    ``show_table`` call started."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.table_shown: list[float] = []
        self.calls = 0

    async def _call(self) -> None:
        self.calls += 1
        await asyncio.sleep(self.delay)

    async def show_table(self, table_id: str, view: TableView, recent: Sequence[str]) -> None:
        self.table_shown.append(time.perf_counter())
        await self._call()

    async def post(self, table_id: str, text: str) -> None:
        await self._call()

    async def tell(self, table_id: str, player_id: str, text: str) -> bool:
        await self._call()
        return True

    async def turn(self, table_id: str, player_id: str, view: TableView) -> None:
        await self._call()

    async def post_image(self, table_id: str, png: bytes, caption: str) -> None:
        await self._call()

    async def post_file(self, table_id: str, data: bytes, filename: str, caption: str) -> None:
        await self._call()


def _request(user: str, text: str) -> Request:
    return Request("bench", "srv", "chan", user.lower(), user, text, confirmed=True)


async def _shown(service: TableService) -> None:
    wait = getattr(service, "shown", None) or service.idle
    await wait()


def _percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"p50 {statistics.median(ordered) * 1000:7.1f} ms  p99 {p99 * 1000:7.1f} ms  "
        f"max {ordered[-1] * 1000:7.1f} ms  (n {len(ordered)})"
    )


async def run(delay: float, hands: int, seed: int, folder: Path) -> None:
    """Play ``hands`` hands at one delay and print the figures."""
    rng = random.Random(seed)
    db = await Database.open(str(folder / f"chat-{delay}.db"))
    service = TableService(db, shuffle=lambda: Deck(rng=rng).order)
    platform = SlowPlatform(delay)
    presenter = Presenter(service, platform)  # type: ignore[arg-type]
    service.publish = presenter.publish
    core = ChatCore(service, presenter)
    await core.handle(_request("Ann", "new holdem nl 1/2 seats 9"))
    for name in PLAYERS:
        await core.handle(_request(name, "sit 200"))
    await _shown(service)
    table_id = "srv/chan"
    started = time.perf_counter()
    platform.table_shown.clear()
    await core.handle(_request("Ann", "start"))
    start_answer = time.perf_counter() - started
    await _shown(service)
    start_table = platform.table_shown[0] - started if platform.table_shown else float("nan")
    answers: list[float] = []
    edits: list[float] = []
    names = {name.lower(): name for name in PLAYERS}
    live = service.tables[table_id]
    first = live.table.hand_number
    while live.table.hand_number < first + hands:
        await _shown(service)
        acting = service.acting(table_id)
        if acting is None:
            for name in PLAYERS:  # a busted player buys in again
                seat = live.table.seating.seat_of(f"bench:{name.lower()}")
                if seat is not None and seat.stack == 0:
                    await core.handle(_request(name, "topup 200"))
            await _shown(service)
            continue
        actor, view = acting
        move = bots.choose(view, rng)
        text = move.kind if move.amount is None else f"{move.kind} {move.amount}"
        if move.kind == "draw":
            text = "pat"
        before = len(platform.table_shown)
        clicked = time.perf_counter()
        await core.handle(_request(names[actor.split(":", 1)[1]], text))
        answered = time.perf_counter()
        answers.append(answered - clicked)
        await _shown(service)
        if len(platform.table_shown) > before:
            edits.append(platform.table_shown[before] - answered)
    print(f"delay {delay * 1000:.0f} ms per platform call, {hands} hands, 9 players")
    print(
        f"  host start: answer {start_answer * 1000:.1f} ms, first table message "
        f"{start_table * 1000:.1f} ms"
    )
    print(f"  answer      {_percentiles(answers)}")
    print(f"  table edit  {_percentiles(edits)}")
    print(f"  platform calls {platform.calls}")
    await service.idle()
    await db.close()


async def run_discord(delay: float, hands: int, seed: int) -> None:
    """Play ``hands`` hands through the Discord adapter at one delay; print the figures."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "adapters" / "discord"))
    from discord_harness import TABLE, USERS, Bot, seated  # the tests' fake Discord

    bot = await Bot.open(seed)
    try:
        await seated(bot, start=False)
        bot.recorder.delay = delay
        started = time.perf_counter()
        await bot.slash("Ann", "host start")
        start_answer = _first_answer(bot, started)
        live = bot.service.tables[TABLE]
        answers: list[float] = []
        first = live.table.hand_number
        by_id = {f"discord:{v}": k for k, v in USERS.items()}
        while live.table.hand_number < first + hands:
            turn = live.table.turn()
            if turn is None:
                for name in USERS:  # a busted player buys in again
                    await bot.slash(name, "topup", amount="200")
                continue
            message = bot.table_message()
            labels = bot.buttons(message)
            label = next(
                (x for p in ("Check", "Call", "Fold") for x in labels if x.startswith(p)), None
            )
            if label is None:
                break
            clicked = time.perf_counter()
            await bot.click(by_id[turn.player_id], message, labels[label])
            answers.append(_first_answer(bot, clicked))
        print(f"Discord adapter, delay {delay * 1000:.0f} ms per call, {hands} hands, 3 players")
        print(f"  host start: answer {start_answer * 1000:.1f} ms")
        print(f"  answer      {_percentiles(answers)}")
    finally:
        await bot.close()


def _first_answer(bot: Any, since: float) -> float:
    """Seconds from ``since`` to the first interaction response recorded after it."""
    times = [s.at for s in bot.recorder.sent if s.via == "webhook" and s.path.endswith("/callback")]
    after = [t for t in times if t >= since]
    return (min(after) - since) if after else float("nan")


def main() -> None:
    """Parse the arguments and run each delay in turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--delays", default="0.15,0.35", help="seconds per platform call")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--discord", action="store_true", help="through the Discord adapter")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for delay in (float(d) for d in args.delays.split(",")):
            if args.discord:
                asyncio.run(run_discord(delay, args.hands, args.seed))
            else:
                asyncio.run(run(delay, args.hands, args.seed, Path(folder)))


if __name__ == "__main__":
    main()
