"""Hands per second in a draw game, a stud game and a mixed rotation: ours beside pokerkit.

Three workloads, each of ``--hands`` random hands dealt from a seeded generator (``--seed``)
to ``--players`` players with uneven deep stacks (50 to 200 small bets or big blinds, so no
one is ever all-in in these fixed-limit games):

triple
    Fixed-limit 2-7 triple draw, blinds 1/2, bets 2/4 (pokerkit:
    ``FixedLimitDeuceToSevenLowballTripleDraw``).
stud
    Fixed-limit seven-card stud, ante 1, bring-in 2, bets 4/8 (pokerkit:
    ``FixedLimitSevenCardStud``).
horse
    HORSE, our engine only: hold'em, Omaha hi-lo, razz, stud and stud hi-lo, one hand of each
    in turn, fixed limit 4/8 with blinds 2/4 (the stud games take the mix's ante of 1 and
    bring-in of 2, :func:`bot.engine.rotation.config_for`).

Every decision is chosen by one fixed policy from our ``legal_actions()`` and the seeded
generator: bring it in (or, 30%, complete), raise the minimum (18%), fold when facing a bet
(22%), else check or call; in the draw each card is thrown away with probability 0.3. The
hands are first played once through our engine in play, and, where pokerkit has the game,
through pokerkit in lockstep, dealt the very cards our deck dealt: at every decision both
must name the same player, the same amount to call and the same smallest raise, and the
hand must end on the same stacks (but for odd chips of a split pot). What is recorded then
is timed, the loops taking turns, best of ``--repeat``, garbage collector off while timing:

ours, engine
    The state machine alone, as in ``bench_replay.py``: ``Hand(setup, auto_deal=False,
    describe=False)`` given the cards by ready-made ``deal_hole``/``deal_board`` calls and
    the ready-made actions; the showdown is automatic (``auto_showdown``).
ours, play
    What a table runs: ``Hand(setup)`` with the deck order (the deck is committed to with
    salted hashes before the deal, cards dealt by the hand, the card proofs of every deal),
    the ready-made actions, and the winning hands described in words.
pokerkit
    A ``State`` from a ready game object, then the recorded ``State`` calls (burn cards as
    ``??``, hole cards parsed into ``Card`` objects beforehand, bring-in, fold, check or
    call, complete/bet/raise, stand pat or discard); posting, bet collection, showing or
    mucking, hand killing and chip pushing/pulling run as pokerkit's automations.

The ratio printed is ours (engine, then play) over pokerkit. ``python
benchmarks/bench_games.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from importlib.metadata import version
from typing import Any

import pokerkit as pk

from bot.engine import (
    FULL_DECK,
    MIXES,
    Action,
    BoardDealt,
    BringIn,
    Call,
    CardsDrawn,
    Check,
    Discard,
    Event,
    Fold,
    Game,
    GameConfig,
    Hand,
    HandSetup,
    HoleCardsDealt,
    HouseRules,
    IllegalAction,
    LegalActions,
    Phase,
    PotAwarded,
    Raise,
    Stakes,
    Structure,
    config_for,
)

AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)
# pokerkit counts every completion, bet or raise; before the first draw our cap is three
# raises over the big blind. We cap heads-up too, as pokerkit does.
TRIPLE_CAPS = (3, 4, 4, 4)
ALIGNED = HouseRules(cap_heads_up=True)
BURN = tuple(pk.Card.parse("??"))
WORKLOADS = ("triple", "stud", "horse")

Op = tuple[Callable[..., Any], tuple[Any, ...]]


@dataclass
class Prepared:
    """One hand, ready to be replayed by each loop.

    Attributes:
        setup: our set-up with the deck order (play).
        actions: the players' actions in order (play).
        replay_setup: the same set-up without a deck (engine).
        ops: our engine's calls in order, dealing included (engine).
        stacks: the final stacks of our hand.
        pokerkit_ops: pokerkit's ``State`` calls, or None for a game not compared.
    """

    setup: HandSetup
    actions: list[Action]
    replay_setup: HandSetup
    ops: list[Op]
    stacks: list[int]
    pokerkit_ops: list[Op] | None = None


@dataclass
class Workload:
    """The hands of one workload and the pokerkit game object that plays them, if any."""

    name: str
    label: str
    hands: list[Prepared] = field(default_factory=list)
    pokerkit_game: Any = None
    refused: int = 0

    @property
    def compared(self) -> bool:
        """Whether pokerkit plays this workload too."""
        return self.pokerkit_game is not None


# --------------------------------------------------------------------------- the games


def triple_config() -> GameConfig:
    """Fixed-limit 2-7 triple draw, blinds 1/2, bets 2/4."""
    return GameConfig(Game.DEUCE_TRIPLE, Structure.FIXED_LIMIT, Stakes(1, 2), ALIGNED)


def stud_config() -> GameConfig:
    """Fixed-limit seven-card stud, ante 1, bring-in 2, bets 4/8."""
    stakes = Stakes(0, 0, ante=1, small_bet=4, big_bet=8, bring_in=2)
    return GameConfig(Game.STUD, Structure.FIXED_LIMIT, stakes, ALIGNED)


def horse_configs() -> list[GameConfig]:
    """The five HORSE games at fixed limit 4/8, blinds 2/4, the mix's stud ante and bring-in."""
    base = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(2, 4))
    return [config_for(game, base) for game in MIXES["horse"]]


def triple_pokerkit_game() -> Any:
    """pokerkit's game object for :func:`triple_config`, its first cap set to ours."""
    game = pk.FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, True, 0, (1, 2), 2, 4)
    game.streets = tuple(
        replace(street, max_completion_betting_or_raising_count=cap)
        for street, cap in zip(game.streets, TRIPLE_CAPS, strict=True)
    )
    return game


def stud_pokerkit_game() -> Any:
    """pokerkit's game object for :func:`stud_config`."""
    return pk.FixedLimitSevenCardStud(AUTOMATIONS, True, 1, 2, 4, 8)


# --------------------------------------------------------------------------- the policy


def choose(rng: random.Random, legal: LegalActions) -> Action:
    """The fixed policy: the same generator state gives the same action."""
    p = legal.player
    r = rng.random()
    if legal.bring_in:
        if legal.min_raise_to is not None and r < 0.3:
            return Raise(p, legal.min_raise_to)
        return BringIn(p)
    if legal.min_raise_to is not None and r < 0.18:
        return Raise(p, legal.min_raise_to)
    if legal.can_fold and 0.18 <= r < 0.40:
        return Fold(p)
    return Check(p) if legal.can_check else Call(p)


def choose_discard(rng: random.Random, hand: Hand, player: int) -> Discard:
    """Throw each card away with probability 0.3."""
    cards = hand.hole[player] or ()
    return Discard(player, tuple(c for c in cards if rng.random() < 0.3))


# --------------------------------------------------------------------------- preparing


def _deal_ops(events: Sequence[Event]) -> list[Op]:
    """Our engine's dealing calls for the cards the events show dealt, in order."""
    ops: list[Op] = []
    for ev in events:
        if isinstance(ev, (HoleCardsDealt, CardsDrawn)):
            ops.append((Hand.deal_hole, (ev.player, ev.cards)))
        elif isinstance(ev, BoardDealt):
            ops.append((Hand.deal_board, (ev.cards,)))
    return ops


class Mirror:
    """A pokerkit state played in lockstep with our hand, recording its calls."""

    def __init__(self, game: Any, stacks: Sequence[int], hand: Hand) -> None:
        self.state = game(list(stacks), len(stacks))
        self.hand = hand
        self.ops: list[Op] = []
        self.sync()

    def call(self, func: Callable[..., Any], *args: Any) -> None:
        func(self.state, *args)
        self.ops.append((func, args))

    def sync(self) -> None:
        """Burn ``??`` and deal pokerkit the cards our hand was dealt."""
        state, hole = self.state, self.hand.hole
        while True:
            if state.can_burn_card():
                self.call(pk.State.burn_card, BURN)
            elif state.can_deal_hole():
                i = state.hole_dealee_index
                have = len(state.hole_cards[i])
                due = len(state.hole_dealing_statuses[i])
                cards = tuple(pk.Card.parse("".join((hole[i] or ())[have : have + due])))
                self.call(pk.State.deal_hole, cards, i)
            else:
                return

    def check(self, legal: LegalActions, where: str) -> None:
        """Both engines name the same player, call and smallest raise."""
        state = self.state
        theirs = (
            state.actor_index,
            state.effective_bring_in_amount if legal.bring_in else state.checking_or_calling_amount,
            state.min_completion_betting_or_raising_to_amount if legal.can_raise else None,
        )
        ours = (legal.player, legal.bring_in or legal.call_amount, legal.min_raise_to)
        if ours != theirs:
            raise AssertionError(f"ours {ours}, pokerkit {theirs}: {where}")

    def apply(self, action: Action) -> None:
        if isinstance(action, Discard):
            self.call(pk.State.stand_pat_or_discard, tuple(pk.Card.parse("".join(action.cards))))
        elif isinstance(action, Fold):
            self.call(pk.State.fold)
        elif isinstance(action, (Check, Call)):
            self.call(pk.State.check_or_call)
        elif isinstance(action, BringIn):
            self.call(pk.State.post_bring_in)
        else:
            assert isinstance(action, Raise)
            self.call(pk.State.complete_bet_or_raise_to, action.to)
        self.sync()


def prepare_hand(
    config: GameConfig, players: int, rng: random.Random, pokerkit_game: Any = None
) -> Prepared:
    """Deal and play one hand by the policy, mirrored in pokerkit when a game is given."""
    unit = config.stakes.fixed_small
    stacks = tuple(rng.randint(50, 200) * unit for _ in range(players))
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    names = tuple(f"p{i}" for i in range(players))
    setup = HandSetup(
        config, names, stacks, deck_order=tuple(deck), reshuffle_seed=rng.getrandbits(32) + 1
    )
    hand = Hand(setup)
    mirror = Mirror(pokerkit_game, stacks, hand) if pokerkit_game is not None else None
    ops = _deal_ops(hand.events)
    actions: list[Action] = []
    while not hand.is_complete:
        if hand.phase is Phase.DRAWING:
            assert hand.to_act is not None
            action: Action = choose_discard(rng, hand, hand.to_act)
        else:
            legal = hand.legal_actions()
            action = choose(rng, legal)
            if mirror is not None:
                mirror.check(legal, f"{config.describe()} {stacks} {actions}")
        start = len(hand.events)
        hand.apply(action)
        actions.append(action)
        ops.append((Hand.apply, (action,)))
        ops += _deal_ops(hand.events[start:])
        if mirror is not None:
            mirror.apply(action)
    if mirror is not None:
        _check_stacks(hand, mirror.state, actions)
    prepared = Prepared(setup, actions, replace(setup, deck_order=None), ops, list(hand.stacks))
    if mirror is not None:
        prepared.pokerkit_ops = mirror.ops
    return prepared


def _check_stacks(hand: Hand, state: Any, actions: Sequence[Action]) -> None:
    """The same final stacks, but for the odd chips of a split pot (pokerkit gives a pot's
    remainder to one winner; we give the odd chips one each)."""
    theirs = list(state.stacks)
    if state.status or state.actor_index is not None:
        raise AssertionError(f"pokerkit's hand is not over: {actions}")
    if hand.stacks == theirs:
        return
    odd = sum(
        ev.amount % len(ev.winners)
        for ev in hand.events
        if isinstance(ev, PotAwarded) and len(ev.winners) > 1
    )
    off = sum(abs(a - b) for a, b in zip(hand.stacks, theirs, strict=True))
    if sum(theirs) != sum(hand.stacks) or off > 2 * odd:
        raise AssertionError(f"final stacks: ours {hand.stacks}, pokerkit {theirs}: {actions}")


def prepare(name: str, count: int, players: int, seed: int) -> Workload:
    """Deal and check ``count`` hands of one workload."""
    rng = random.Random(f"{seed}:{name}")
    if name == "triple":
        work = Workload(name, "2-7 triple draw (fixed limit)", pokerkit_game=triple_pokerkit_game())
        configs = [triple_config()]
    elif name == "stud":
        work = Workload(name, "seven-card stud (fixed limit)", pokerkit_game=stud_pokerkit_game())
        configs = [stud_config()]
    else:
        work = Workload(name, "HORSE rotation, hand by hand (fixed limit)")
        configs = horse_configs()
    dealt = 0
    while len(work.hands) < count:
        config = configs[dealt % len(configs)]
        dealt += 1
        prepared = prepare_hand(config, players, rng, work.pokerkit_game)
        hand = Hand(prepared.replay_setup, auto_deal=False, describe=False)
        try:
            for func, args in prepared.ops:
                func(hand, *args)
        except IllegalAction as exc:
            # Our replay refuses a draw in which play dealt a player his own discards back
            # from a stub reshuffled for an earlier draw (see the report in README.md).
            assert "own discards" in str(exc), exc
            work.refused += 1
            continue
        assert hand.is_complete and hand.stacks == prepared.stacks, prepared.actions
        work.hands.append(prepared)
    return work


# --------------------------------------------------------------------------- the timed loops


def run_ours_engine(hands: Sequence[Prepared]) -> None:
    """Our state machine, cards given by calls, no descriptions."""
    for prepared in hands:
        hand = Hand(prepared.replay_setup, auto_deal=False, describe=False)
        for func, args in prepared.ops:
            func(hand, *args)


def run_ours_play(hands: Sequence[Prepared]) -> None:
    """Our hand as a table plays it: its own committed deck, descriptions at showdown."""
    for prepared in hands:
        hand = Hand(prepared.setup)
        for action in prepared.actions:
            hand.apply(action)


def run_pokerkit(game: Any, hands: Sequence[Prepared]) -> None:
    """pokerkit: a state from the ready game object, then the recorded calls."""
    for prepared in hands:
        stacks = list(prepared.setup.stacks)
        state = game(stacks, len(stacks))
        for func, args in prepared.pokerkit_ops or ():
            func(state, *args)


def best_times(funcs: Sequence[Callable[[], None]], repeat: int, keep_gc: bool) -> list[float]:
    """The best wall time of each of ``funcs`` over ``repeat`` rounds, taking turns."""
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


def rate_line(label: str, count: int, seconds: float) -> str:
    """One line: hands per second and microseconds per hand."""
    return f"  {label:<14}{count / seconds:>10,.0f} hands/s  ({seconds * 1e6 / count:9.1f} us/hand)"


def time_workload(work: Workload, repeat: int, keep_gc: bool) -> dict[str, float]:
    """Time one workload and print its lines; returns the rates (hands per second)."""
    hands = work.hands
    funcs: list[Callable[[], None]] = [lambda: run_ours_engine(hands), lambda: run_ours_play(hands)]
    if work.compared:
        funcs.append(lambda: run_pokerkit(work.pokerkit_game, hands))
    times = best_times(funcs, repeat, keep_gc)
    count = len(hands)
    actions = sum(len(h.actions) for h in hands)
    print(f"{work.label}: {count} hands, {actions} actions")
    if work.refused:
        print(f"  ({work.refused} more dealt and left out: our replay refuses them, see README)")
    print(rate_line("ours, engine", count, times[0]))
    print(rate_line("ours, play", count, times[1]))
    rates = {"engine": count / times[0], "play": count / times[1]}
    if work.compared:
        print(rate_line("pokerkit", count, times[2]))
        rates["pokerkit"] = count / times[2]
        print(
            f"  ratio ours/pokerkit: engine {times[2] / times[0]:.2f}x, "
            f"play {times[2] / times[1]:.2f}x"
        )
    return rates


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400, help="hands per workload")
    parser.add_argument("--players", type=int, default=6, help="players per hand (2-6)")
    parser.add_argument("--repeat", type=int, default=5, help="timings of each loop; best kept")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and decisions")
    parser.add_argument(
        "--games",
        nargs="+",
        choices=WORKLOADS,
        default=list(WORKLOADS),
        help="workloads to time",
    )
    parser.add_argument("--gc", action="store_true", help="leave the garbage collector on")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.hands < 1:
        parser.error("--repeat and --hands must be at least 1")
    if not 2 <= args.players <= 6:
        parser.error("--players must be 2 to 6 (2-7 triple draw seats six)")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Prepare and check the hands, time them, print the rates; exit status 0."""
    args = parse_args(argv)
    # A draw that runs the deck out deals from the reshuffled discards; pokerkit warns about
    # dealing cards it did not expect, which would only slow its loop down.
    warnings.filterwarnings("ignore", category=UserWarning, module="pokerkit")
    start = time.perf_counter()
    workloads = [prepare(name, args.hands, args.players, args.seed) for name in args.games]
    print(
        f"{args.hands} hands a workload, {args.players} players, seed {args.seed}: dealt, "
        f"played and checked against pokerkit in {time.perf_counter() - start:.1f} s"
    )
    print(
        f"Python {sys.version.split()[0]}, pokerkit {version('pokerkit')}, best of {args.repeat}, "
        f"gc {'on' if args.gc else 'off'} while timing"
    )
    for work in workloads:
        print()
        time_workload(work, args.repeat, args.gc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
