"""Random nights of every game and table option through the chat core, and every hand the
table stored replayed from its PHH as ``killbutton replay`` replays it.

Each night sets a table up with the chat's ``new`` words (kill tables of every kind,
jacks or better, lowball draw, stud, mixes, dealer's choice, heads-up limit with equal
blinds, straddles), seats two to six players and plays random commands: legal moves
mostly (bets and raises of every size, all-ins, draws, shows and mucks, votes to run the
board once, twice or three times), and between them sitting out, coming back with or
without posting the blinds missed, leaving, sitting down again, voluntary kills and kills
to come in, straddles, and the host's bomb pots (one board and two) and the 7-2 game; the
turn timer acts now and then. Every shuffle and every choice comes from generators seeded
by the night's seed.

After the night every hand the table stored (``hands.phh``) is written to a folder of
``.phh`` files and replayed with :func:`bot.phh.replay.replay_paths`, the code path of
``killbutton replay``. Each hand must ``match``, end at the stacks the table paid (the
stored results), and at a kill table report the kill button the table moved to after it.

Used by ``tests/service/test_replay_nights.py`` and, longer, from the command line::

    python -m tests.service.replay_nights SEEDS COMMANDS

(every night of :data:`NIGHTS` for seeds 0 to SEEDS-1, COMMANDS commands each; prints
the hands played and replayed and every failure with the hand's stored PHH).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.compile import compiled
from bot.engine.hand import Hand, Phase
from bot.engine.kills import KillButton, KillRules, KillSize, Trigger
from bot.engine.killtracker import KillTracker
from bot.engine.table import Table
from bot.phh.notation import load_phh
from bot.phh.replay import ReplayResult, replay_paths
from tests.chat.fakes import Pipeline, pipeline

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
TABLE = "g/c"
GAMES = ("holdem", "omaha", "o8", "razz", "stud", "stud8", "27td", "a5", "jacks")


@dataclass(frozen=True)
class NightSetup:
    """One kind of night.

    Attributes:
        words: the host's ``new`` words.
        host: the host's extra business between hands (``bomb``, ``set 72 5``...).
        seats: the least and most players who sit down first.
        kill: kill rules the chat has no words for (triggers, half kills with the killer
            last...), put on the table before the first deal; None keeps the words' own.
    """

    words: str
    host: tuple[str, ...] = ()
    seats: tuple[int, int] = (2, 5)
    kill: KillRules | None = None


BOMBS = ("bomb", "bomb 3", "set bomb double on", "set bomb double off", "bomb off")
NIGHTS: tuple[NightSetup, ...] = (
    NightSetup("new holdem nl 1/2 kill straddle", (*BOMBS, "set 72 5", "set runs off"), (3, 6)),
    NightSetup("new holdem nl 1/2 kill half", ("set 72 5", "set bomb 4 every 5"), (2, 6)),
    NightSetup("new holdem fl 1/2 kill", ("bomb",), (2, 2)),
    NightSetup("new holdem fl 1/2 straddle", (), (2, 5)),
    NightSetup(
        "new holdem nl 1/2 kill",
        ("set 72 5",),
        (2, 5),
        KillRules(
            size=KillSize.HALF,
            killer_acts="last",
            triggers=frozenset({Trigger.NATURAL, Trigger.BIG_POT}),
            big_pot=40,
            split="neutral",
            missed="must_next_unkilled",
        ),
    ),
    NightSetup("new omaha pl 1/2 kill last", BOMBS, (3, 5)),
    NightSetup("new o8 pl 1/2 kill", (*BOMBS, "set 72 5"), (3, 5)),
    NightSetup(
        "new o8 fl 2/4 kill",
        (),
        (3, 5),
        KillRules(triggers=frozenset({Trigger.SCOOP}), big_pot=12, walk="neutral"),
    ),
    NightSetup("new jacks", (), (3, 6)),
    NightSetup("new jacks nl 1/2", (), (3, 5)),
    NightSetup("new 27td fl 2/4 kill", (), (2, 5)),
    NightSetup("new a5 nl 1/2 kill half last", (), (2, 5)),
    NightSetup("new stud 2/4", (), (2, 5)),
    NightSetup("new horse", (), (2, 5)),
    NightSetup("new horse kill choice", (), (3, 5)),
)


@dataclass
class Replayed:
    """What one night's stored hands did on replay: how many the table stored and how
    many replayed as they were played, and each that did not, in words with its PHH."""

    hands: int = 0
    matched: int = 0
    failures: list[str] = field(default_factory=list)


def _move(p: Pipeline, rng: random.Random) -> tuple[str, str] | None:
    """The player to act and a legal move for him (most of the time), or None."""
    live = p.service.tables[TABLE]
    hand = live.table.hand
    if hand is None or hand.to_act is None:
        return None
    who = hand.to_act
    name = (live.names or {}).get(hand.names[who], "")
    if hand.phase is Phase.RUNS_VOTE:
        return name, rng.choice(["runs 1", "runs 2", "runs 2", "runs 3"])
    if hand.phase is Phase.DRAWING:
        cards = list(hand.hole[who] or ())
        thrown = rng.sample(cards, rng.randint(0, min(3, len(cards))))
        return name, ("draw " + " ".join(thrown)) if thrown else "pat"
    if hand.phase is Phase.SHOWDOWN:
        return name, rng.choice(["show", "show", "muck"])
    if hand.phase is not Phase.BETTING:
        return None
    legal = hand.legal_actions()
    words = ["check"] * 3 if legal.can_check else ["call"] * 3
    if legal.can_fold:
        words.append("fold")
    if legal.bring_in:
        words += ["bringin", "bringin", "complete"]
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        low, high = legal.min_raise_to, legal.max_raise_to
        verb = "raise" if legal.opened or legal.call_amount else "bet"
        words += [f"{verb} {low}", f"{verb} {rng.randint(low, high)}"]
        if rng.random() < 0.3:
            words.append("allin")
    return name, rng.choice(words)


def _command(p: Pipeline, rng: random.Random, host: Sequence[str]) -> tuple[str, str]:
    """Someone and what he types: mostly the move of the player to act, else the night's
    other business (a dealer's choice pick, seats, kills, straddles, the host's)."""
    move = _move(p, rng)
    if move is not None and rng.random() < 0.75:
        return move
    live = p.service.tables[TABLE]
    chooser = p.service.game_chooser(TABLE)
    if chooser is not None:
        return (live.names or {}).get(chooser, ""), f"choose {rng.choice(GAMES)}"
    who = rng.choice(PLAYERS)
    if live.table.seating.seat_of(f"test:{who.lower()}") is None:
        return who, f"sit {rng.randint(20, 300)}"
    if rng.random() < 0.2:
        return "Ann", rng.choice(["start", "start", "start", "pause", *host])
    words = [
        "sitout",
        "back",
        "back",
        "back post",
        "kill",
        "straddle",
        f"topup {rng.randint(1, 99)}",
    ]
    if rng.random() < 0.05:
        words.append("leave")
    return who, rng.choice(words)


@contextmanager
def kill_buttons() -> Iterator[dict[int, dict[str, Any]] | None]:
    """While open, the kill button each finished hand left at its table: hand number ->
    :meth:`KillButton.summary` with player ids (a table's hand numbers are its own; one
    table is played at a time). None in the compiled build, whose table calls the kill
    tracker directly, past any patch: there the stacks alone are checked."""
    if compiled():
        yield None
        return
    settle, finish = KillTracker.settle, Table.finish_hand
    settled: list[tuple[Hand, dict[str, Any]]] = []
    buttons: dict[int, dict[str, Any]] = {}

    def record_settle(tracker: KillTracker, hand: Hand) -> KillButton:
        button = settle(tracker, hand)
        settled.append((hand, button.summary()))
        return button

    def record_finish(table: Table) -> dict[int, int]:
        assert table.current is not None
        number, hand = table.current.number, table.current.hand
        out = finish(table)
        for done, summary in settled:
            if done is hand:
                buttons[number] = summary
        settled.clear()
        return out

    KillTracker.settle = record_settle  # type: ignore[method-assign]
    Table.finish_hand = record_finish  # type: ignore[method-assign]
    try:
        yield buttons
    finally:
        KillTracker.settle = settle  # type: ignore[method-assign]
        Table.finish_hand = finish  # type: ignore[method-assign]


async def stored_hands(p: Pipeline) -> list[tuple[int, str, list[str], dict[str, int]]]:
    """Every finished hand the table stored: ``(number, phh, player ids, results)``."""
    rows = await p.service.db._rows(
        "SELECT number, phh, players, results FROM hands WHERE table_id = ?"
        " AND phh IS NOT NULL ORDER BY number",
        (TABLE,),
    )
    return [(int(n), str(t), json.loads(ids), json.loads(res)) for n, t, ids, res in rows]


def replay_stored(
    hands: Sequence[tuple[int, str, list[str], dict[str, int]]], folder: Path
) -> list[ReplayResult]:
    """The stored hands written one ``.phh`` file each under ``folder`` and replayed as
    ``killbutton replay FOLDER`` does, in hand order."""
    for number, text, _, _ in hands:
        (folder / f"{number:05d}.phh").write_text(text, encoding="utf-8")
    return list(replay_paths([str(folder)]))


def check_replays(
    p: Pipeline,
    hands: Sequence[tuple[int, str, list[str], dict[str, int]]],
    results: Sequence[ReplayResult],
    buttons: dict[int, dict[str, Any]] | None,
) -> Replayed:
    """Each stored hand's replay against what the table paid and, at a kill table, the
    kill button it left."""
    names = p.service.tables[TABLE].names or {}
    out = Replayed(hands=len(hands))
    for (number, text, ids, paid), result in zip(hands, results, strict=True):
        starting = load_phh(text).starting_stacks
        stacks = [int(s) + paid[pid] for s, pid in zip(starting, ids, strict=True)]
        wrong = []
        if result.status != "match":
            wrong.append(f"{result.status}: {result.error}")
        elif result.finishing_stacks != stacks:
            wrong.append(f"replayed to {result.finishing_stacks}, the table paid {stacks}")
        elif buttons is not None:
            button = buttons.get(number)
            if button is not None:
                button = named_summary(button, names)
            if button != result.extra.get("kill"):
                wrong.append(f"the kill button {result.extra.get('kill')}, the table's {button}")
        if wrong:
            out.failures.append(f"hand {number}: {wrong[0]}\n{text}")
        else:
            out.matched += 1
    return out


def named_summary(summary: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A kill button's summary with player ids turned into the names the history uses."""
    holder = summary["holder"]
    return {
        "state": summary["state"],
        "holder": names.get(holder, holder) if holder else holder,
        "amount": summary["amount"],
        "legs": {names.get(k, k): v for k, v in summary["legs"].items()},
    }


async def play_night(setup: NightSetup, seed: int, commands: int) -> Pipeline:
    """A night of ``commands`` random commands at a table set up as ``setup`` says; the
    pipeline is left open for its stored hands to be read (close it after)."""
    rng = random.Random(seed)
    p = await pipeline(seed)
    await p.say("Ann", setup.words)
    if setup.kill is not None:
        table = p.service.tables[TABLE].table
        table.settings = replace(table.settings, kill=setup.kill)
        table.kills = KillTracker(setup.kill)
    for name in PLAYERS[: rng.randint(*setup.seats)]:
        await p.say(name, f"sit {rng.randint(40, 200)}")
    await p.say("Ann", "start")
    for _ in range(commands):
        if rng.random() < 0.05:  # nobody moves: the turn timer acts
            p.now += 31
            await p.service.tick()
            await p.service.idle()
            continue
        who, text = _command(p, rng, setup.host)
        await p.say(who, text, confirmed=True)
    return p


async def replay_night(setup: NightSetup, seed: int, commands: int) -> Replayed:
    """Play a night (:func:`play_night`), then replay every hand the table stored."""
    with kill_buttons() as buttons:
        p = await play_night(setup, seed, commands)
    try:
        hands = await stored_hands(p)
        with tempfile.TemporaryDirectory() as folder:
            results = replay_stored(hands, Path(folder))
        return check_replays(p, hands, results, buttons)
    finally:
        await p.close()


async def _main(seeds: int, commands: int) -> None:
    total = Replayed()
    for setup in NIGHTS:
        for seed in range(seeds):
            night = await replay_night(setup, seed, commands)
            total.hands += night.hands
            total.matched += night.matched
            total.failures += [f"{setup.words}, seed {seed}, {f}" for f in night.failures]
    print(f"{len(NIGHTS) * seeds} nights: {total.hands} hands stored, {total.matched} replayed")
    print(f"failures: {len(total.failures)}", *total.failures[:10], sep="\n")


if __name__ == "__main__":
    asyncio.run(_main(int(sys.argv[1]), int(sys.argv[2])))
