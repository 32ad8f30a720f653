"""Hand replay throughput: our engine against pokerkit on no-limit hold'em hands.

Every no-limit hold'em (``NT``) ``.phh`` file with ``finishing_stacks`` under the path is
read and checked before anything is timed; other files are left out and counted. The
path is the command line's (``--path``), by default the hand histories kept with the tests,
``tests/data/phh`` (202 of the public dataset's Pluribus hands, 9 WSOP hands and one of our
own, 212 hands); for the figures in ``benchmarks/README.md`` give the ``pluribus`` folder
of a full copy of the public PHH dataset (2,222 six-handed hands). Then, in the same
process, two pairs of measurements:

engine
    The state machines alone. Ours: the :class:`bot.engine.hand.Hand` is built from a
    ready :class:`~bot.engine.hand.HandSetup` and driven by ready-made calls
    (``deal_hole``, ``deal_board``, ``apply(Fold|Check|Call|Raise|Show|Muck)``,
    ``reveal``) ending with ``finish()``, which awards the pots. pokerkit: a ``State`` is
    created from a ready game object and driven by exactly the state methods pokerkit's own
    ``HandHistory`` iterator calls for the hand (burning, dealing, betting, showing or
    mucking), with cards already parsed into ``Card`` objects; posting, bet collection,
    hand killing and chip pushing/pulling run inside pokerkit as its automations.
full
    From an already loaded hand history to the finished hand, action strings included.
    Ours: :func:`bot.phh.replay.play_history` (``setup_from_phh``, ``parse_action`` for
    every action, the engine). pokerkit: iterating ``pokerkit.HandHistory`` (game and state
    creation, its ``parse_action`` for every action, the automations of its iterator).

Before timing, every hand is played once each way and must end with the file's
``finishing_stacks`` (an ``AssertionError`` otherwise). Each measurement is repeated
``--repeat`` times, ours and pokerkit's taking turns, and the best is kept; the garbage
collector is off while timing, as in :mod:`timeit`. The target is our engine at least
``--target`` (10) times pokerkit's rate.

Run ``python benchmarks/bench_replay.py`` (``--help`` for options); ``--profile`` adds a
cProfile summary of our engine loop.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import gc
import io
import pstats
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pokerkit

from bot.compile import compiled
from bot.engine import Call, Check, Fold, Hand, HandSetup, Muck, Raise, Show
from bot.phh.convert import setup_from_phh
from bot.phh.notation import HandHistory, load_path, parse_action
from bot.phh.replay import play_history

DEFAULT_PATH = Path(__file__).resolve().parents[1] / "tests" / "data" / "phh"

# pokerkit State methods that change the state (everything else the iterator calls is a
# ``can_*`` query or a property read).
_POKERKIT_MOVES = frozenset(
    {
        "burn_card",
        "check_or_call",
        "collect_bets",
        "complete_bet_or_raise_to",
        "deal_board",
        "deal_hole",
        "fold",
        "kill_hand",
        "no_operate",
        "post_ante",
        "post_blind_or_straddle",
        "post_bring_in",
        "pull_chips",
        "push_chips",
        "select_runout_count",
        "show_or_muck_hole_cards",
        "stand_pat_or_discard",
    }
)
_POKERKIT_CARD_MOVES = frozenset(
    {"burn_card", "deal_board", "deal_hole", "show_or_muck_hole_cards"}
)

Op = tuple[Callable[..., Any], tuple[Any, ...]]


@dataclass
class OurHand:
    """One hand ready for our engine: the set-up and the engine calls, in order."""

    setup: HandSetup
    ops: list[Op]


@dataclass
class PokerkitHand:
    """One hand ready for pokerkit: the game, the stacks and the State calls, in order."""

    game: Any
    stacks: list[int]
    ops: list[Op]


# --------------------------------------------------------------------------- loading


def timed_hand(hh: HandHistory) -> bool:
    """Whether a hand is one this benchmark times: no-limit hold'em with whole-chip
    finishing stacks to check against (our own ``_game`` hands aside)."""
    return (
        hh.variant == "NT"
        and "_game" not in hh.extra
        and hh.finishing_stacks is not None
        and all(float(s).is_integer() for s in hh.finishing_stacks)
    )


def load_hands(root: Path, limit: int | None) -> tuple[list[HandHistory], list[Any], int]:
    """Read every timed ``.phh`` file under ``root`` (sorted) both ways: ours and pokerkit's.

    Returns:
        ``(ours, theirs, left_out)``: our :class:`HandHistory` objects and
        ``pokerkit.HandHistory`` objects, in the same order, and how many ``.phh`` files
        were left out (another game, or no finishing stacks).
    """
    paths = sorted(root.rglob("*.phh"))
    ours: list[HandHistory] = []
    kept: list[Path] = []
    for path in paths:
        ((_, hh),) = load_path(path)
        if timed_hand(hh):
            ours.append(hh)
            kept.append(path)
    left_out = len(paths) - len(kept)
    if limit is not None:
        ours, kept = ours[:limit], kept[:limit]
    if not kept:
        raise SystemExit(f"no no-limit hold'em .phh files with finishing_stacks under {root}")
    theirs: list[Any] = []
    for path in kept:
        with path.open("rb") as fp:
            theirs.append(pokerkit.HandHistory.load(fp))
    return ours, theirs, left_out


def _expected(hh: Any) -> list[int]:
    stacks = hh.finishing_stacks
    assert stacks is not None, "a hand without finishing_stacks cannot be checked"
    assert all(float(s).is_integer() for s in stacks), f"fractional stacks {stacks}"
    return [int(s) for s in stacks]


# --------------------------------------------------------------------------- ours


def prepare_ours(hh: HandHistory) -> OurHand:
    """Turn a hand history into engine calls, checking them on the way.

    ``cc`` becomes :class:`Check` or :class:`Call` by what is legal at that moment, as
    :func:`bot.phh.replay.play_history` decides it.
    """
    setup = setup_from_phh(hh)
    hand = Hand(setup, auto_deal=False, strict=True, auto_showdown=False, describe=False)
    ops: list[Op] = []
    for text in hh.actions:
        a = parse_action(text)
        steps: list[Op]
        if a.kind == "noop":
            continue
        if a.kind == "deal_hole":
            steps = [(Hand.deal_hole, (a.target, a.cards))]
        elif a.kind == "deal_board":
            steps = [(Hand.deal_board, (a.cards,))]
        else:
            assert a.actor is not None, text
            if a.kind == "fold":
                action: Any = Fold(a.actor)
            elif a.kind == "check_call":
                legal = hand.legal_actions() if hand.to_act == a.actor else None
                action = Check(a.actor) if legal is None or legal.can_check else Call(a.actor)
            elif a.kind == "bet_raise":
                assert a.amount is not None, text
                action = Raise(a.actor, a.amount)
            elif a.kind == "show":
                action = Show(a.actor)
            elif a.kind == "muck":
                action = Muck(a.actor)
            else:
                raise AssertionError(f"{text!r} is not a hold'em action")
            steps = [(Hand.apply, (action,))]
            if a.kind == "show" and a.cards:
                steps.insert(0, (Hand.reveal, (a.actor, a.cards)))
        for func, args in steps:
            func(hand, *args)
        ops += steps
    ops.append((Hand.finish, ()))
    hand.finish()
    assert hand.is_complete and hand.stacks == _expected(hh), (hand.stacks, hh.finishing_stacks)
    return OurHand(setup, ops)


def run_ours(hands: Sequence[OurHand]) -> None:
    """The timed loop of our engine: build each hand and make its calls."""
    for prepared in hands:
        hand = Hand(
            prepared.setup, auto_deal=False, strict=True, auto_showdown=False, describe=False
        )
        for func, args in prepared.ops:
            func(hand, *args)


def run_ours_full(histories: Sequence[HandHistory]) -> None:
    """The timed loop of our full path: :func:`play_history` on each hand history."""
    for hh in histories:
        play_history(hh)


def check_ours_full(histories: Sequence[HandHistory]) -> None:
    """Assert that :func:`play_history` plays every hand to its finishing stacks."""
    for hh in histories:
        hand, index, error = play_history(hh)
        assert error is None and hand.stacks == _expected(hh), (index, error, hand.stacks)


# --------------------------------------------------------------------------- pokerkit


class _Recorder:
    """Stands in for a pokerkit ``State``: passes everything through and records each
    state-changing call as ``(State.method, args)``, cards parsed into ``Card`` objects."""

    def __init__(self, state: Any, ops: list[Op]) -> None:
        self._state = state
        self._ops = ops

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._state, name)
        if name not in _POKERKIT_MOVES:
            return value
        func = getattr(type(self._state), name)

        def call(*args: Any, **kwargs: Any) -> Any:
            assert not any(kwargs.values()), kwargs  # only commentary=None is passed
            if name in _POKERKIT_CARD_MOVES and args and isinstance(args[0], str):
                args = (tuple(pokerkit.Card.parse(args[0])), *args[1:])
            result = value(*args)
            self._ops.append((func, args))
            return result

        return call


def prepare_pokerkit(hh: Any) -> PokerkitHand:
    """Record the State calls pokerkit's own iterator makes for the hand, checking them."""
    game = hh.create_game()
    stacks = list(hh.starting_stacks)
    ops: list[Op] = []
    recorded = copy.copy(hh)
    recorded.create_state = lambda: _Recorder(game(stacks, len(stacks)), ops)
    final = deque(recorded, maxlen=1)[0]
    assert not final.status and final.stacks == _expected(hh), (final.stacks, hh)
    prepared = PokerkitHand(game, stacks, ops)
    state = replay_pokerkit(prepared)
    assert not state.status and state.stacks == _expected(hh), (state.stacks, hh)
    return prepared


def replay_pokerkit(prepared: PokerkitHand) -> Any:
    """Play one prepared hand through pokerkit and return the final state."""
    state = prepared.game(prepared.stacks, len(prepared.stacks))
    for func, args in prepared.ops:
        func(state, *args)
    return state


def run_pokerkit(hands: Sequence[PokerkitHand]) -> None:
    """The timed loop of pokerkit's engine: create each state and make its calls."""
    for prepared in hands:
        state = prepared.game(prepared.stacks, len(prepared.stacks))
        for func, args in prepared.ops:
            func(state, *args)


def run_pokerkit_full(histories: Sequence[Any]) -> None:
    """The timed loop of pokerkit's full path: iterate each ``pokerkit.HandHistory``."""
    for hh in histories:
        deque(hh, maxlen=0)


def check_pokerkit_full(histories: Sequence[Any]) -> None:
    """Assert that iterating every ``pokerkit.HandHistory`` ends on its finishing stacks."""
    for hh in histories:
        final = deque(hh, maxlen=1)[0]
        assert not final.status and final.stacks == _expected(hh), (final.stacks, hh)


# --------------------------------------------------------------------------- timing


def best_times(funcs: Sequence[Callable[[], None]], repeat: int, keep_gc: bool) -> list[float]:
    """The best wall time of each of ``funcs`` over ``repeat`` rounds (seconds).

    The functions take turns within each round, so a change in the machine's load during the
    run (other processes on a small machine) falls on all of them alike.
    """
    best = [float("inf")] * len(funcs)
    for _ in range(repeat):
        for k, func in enumerate(funcs):
            enabled = gc.isenabled()
            if not keep_gc:
                gc.collect()
                gc.disable()
            try:
                start = time.perf_counter()
                func()
                best[k] = min(best[k], time.perf_counter() - start)
            finally:
                if enabled:
                    gc.enable()
    return best


def report(label: str, count: int, ours: float, theirs: float, target: float) -> bool:
    """Print one comparison; return whether our rate is at least ``target`` times theirs."""
    ratio = theirs / ours
    met = ratio >= target
    print(f"{label}:")
    print(f"  ours      {count / ours:>10,.0f} hands/s  ({ours * 1e6 / count:8.1f} us/hand)")
    print(f"  pokerkit  {count / theirs:>10,.0f} hands/s  ({theirs * 1e6 / count:8.1f} us/hand)")
    verdict = "met" if met else "NOT met"
    print(f"  ratio (ours/pokerkit) {ratio:.2f}x  target {target:g}x: {verdict}")
    return met


def profile_ours(hands: Sequence[OurHand], top: int) -> None:
    """Print cProfile's top functions of our engine loop, by total and cumulative time."""
    profiler = cProfile.Profile()
    profiler.runcall(run_ours, hands)
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.strip_dirs().sort_stats(order).print_stats(top)
        print(f"--- cProfile of the engine loop, top {top} by {order} ---")
        lines = out.getvalue().splitlines()
        start = next(i for i, line in enumerate(lines) if "ncalls" in line)
        print("\n".join(line for line in lines[start - 3 :] if line.strip()))


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--path",
        type=Path,
        default=DEFAULT_PATH,
        help="folder of .phh files, searched deeply (default: tests/data/phh)",
    )
    parser.add_argument("--repeat", type=int, default=5, help="timings of each loop; best kept")
    parser.add_argument("--limit", type=int, default=None, help="only the first N files")
    parser.add_argument("--target", type=float, default=10.0, help="required ours/pokerkit")
    parser.add_argument("--skip-full", action="store_true", help="time the engines only")
    parser.add_argument("--gc", action="store_true", help="leave the garbage collector on")
    parser.add_argument("--profile", action="store_true", help="cProfile our engine loop")
    parser.add_argument("--top", type=int, default=10, help="functions in the profile")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when the engine target is not met"
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Load, check, time and report; the exit status is 1 only with ``--check`` and a miss."""
    args = parse_args(argv)
    start = time.perf_counter()
    ours_hh, theirs_hh, left_out = load_hands(args.path, args.limit)
    count = len(ours_hh)
    ours = [prepare_ours(hh) for hh in ours_hh]
    theirs = [prepare_pokerkit(hh) for hh in theirs_hh]
    if not args.skip_full:
        check_ours_full(ours_hh)
        check_pokerkit_full(theirs_hh)
    actions = sum(len(hh.actions) for hh in ours_hh)
    print(f"{count} hands ({actions} actions) from {args.path}")
    if left_out:
        print(f"({left_out} .phh files of other games or without finishing_stacks left out)")
    print(f"loaded and checked against finishing_stacks in {time.perf_counter() - start:.1f} s")
    print(
        f"Python {sys.version.split()[0]}, pokerkit {version('pokerkit')}, best of {args.repeat}, "
        f"gc {'on' if args.gc else 'off'} while timing, "
        f"{'compiled' if compiled() else 'pure Python'} build (bot.compile)"
    )
    print()

    engine_ours, engine_theirs = best_times(
        [lambda: run_ours(ours), lambda: run_pokerkit(theirs)], args.repeat, args.gc
    )
    met = report("engine (pre-parsed actions)", count, engine_ours, engine_theirs, args.target)
    if not args.skip_full:
        full_ours, full_theirs = best_times(
            [lambda: run_ours_full(ours_hh), lambda: run_pokerkit_full(theirs_hh)],
            args.repeat,
            args.gc,
        )
        print()
        label = "full (play_history vs HandHistory iteration)"
        report(label, count, full_ours, full_theirs, args.target)
    if args.profile:
        print()
        profile_ours(ours, args.top)
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
