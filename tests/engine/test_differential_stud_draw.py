"""Differential tests: stud, razz, stud hi-lo and the 2-7 draws against pokerkit 0.7.7.

Random hands (hypothesis, derandomized) of fixed-limit seven-card stud, stud hi-lo (eight or
better) and razz (2 to 7 players), no-limit 2-7 single draw and fixed-limit 2-7 triple draw
(2 to 6 players), uneven stacks (stacks that the ante or the blind puts all-in, short stacks,
deep stacks), the same cards in both engines, random legal actions and random discards. At
every decision both engines must agree on who acts (who draws, in the draws), the call
amount, the bring-in, whether folding is offered, whether a completion, bet or raise is
allowed and its smallest and largest size; chips are conserved after every action; the final
stacks agree.

Our deck deals without burn cards (stud: three cards to each player in hand order on third
street, then one a street; draw: five each, then each player's replacements as he discards),
so pokerkit is given the very cards our hand dealt, and ``??`` for its burn cards. pokerkit is
driven in tournament mode (no fold when checking is free, as we do); our engine caps raises
heads-up too (``HouseRules(cap_heads_up=True)``), and pokerkit's triple-draw cap before the
first draw is set to our three raises over the big blind (``TRIPLE_CAPS``; in stud both
engines allow a completion or bet and three raises).

The known differences of ``test_differential.py`` (hold'em and Omaha) occur here too and are
recognised the same way: odd chips of split pots (2), pokerkit counting a short all-in toward
the cap (3/4), the half-bet all-in reopening fixed limit (4), pokerkit's "Short all-in cannot
be raised" for a player yet to act (5) and pokerkit reopening the betting on a short all-in
first wager (6). These games add four, each with its own test below showing both answers:

S1. Stud, third street, after an all-in for less than the completion (the bring-in player
    putting in all he has, or a short "completion"): we let the next player complete to the
    small bet ("completing the bet" is a limit wager, 000 NL §4); pokerkit takes the all-in
    as the completion and asks for a full small bet on top of it (and for the bring-in
    player's last chip it answers 4 or 5 by whether he "posted" or "completed" it).
S2. (No longer a difference, its test kept: the player whose upcard brings it in is all-in
    from the ante; the sources are silent, and we now do as pokerkit does: the next player
    able to act brings it in or completes.)
S3. Stud high, fourth street, an open pair showing: the opening bet may be the small or the
    big bet in our engine; pokerkit has no open-pair rule (small bet only).
H1. Stud hi-lo, a pot in which no contender has an eight-or-better low while a low wins
    another pot: we give that pot whole to its best high hand (RULES.md "Kill pots": winning
    the whole pot when no low qualifies is a scoop); pokerkit decides whether to split by the
    lows of the whole table and shares the pot's low half among its contenders, none of whom
    has a low.
P.  A fold leaves a player who owes nothing with no one to bet against (every opponent
    all-in): we go on (to the draw or the next street), as both engines do when a betting
    round starts that way; pokerkit still asks him to act, and he may only check.

Each comparison a difference makes impossible is skipped at that one decision (and counted,
shown by ``--hypothesis-show-statistics``). Where the two engines offer different sizes, the
hand goes on with a size both accept (S1: none, so no raise, unless the ranges meet; S3: the
small bet); for P pokerkit's player checks.

Two engine bugs this file found are fixed and kept as tests: razz's later streets were
opened by the highest card shown even between paired hands (2-2-Q taken as higher than
3-3-J), and the replay refused a hand dealt in play where a draw ran the deck out and a
later draw gave a player his earlier discards (found by ``benchmarks/bench_games.py``).
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pokerkit as pk
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from bot.engine.actions import (
    Action,
    BringIn,
    Call,
    Check,
    Discard,
    Fold,
    LegalActions,
    Raise,
)
from bot.engine.cards import FULL_DECK
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.events import CardsDrawn, HoleCardsDealt, PotAwarded
from bot.engine.hand import Hand, HandSetup, Phase
from bot.engine.showing import first_to_act

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
# raises over the big blind, so pokerkit's first street is set to three.
TRIPLE_CAPS = (3, 4, 4, 4)
STUD_KINDS = ("stud", "stud_hilo", "razz")
DRAW_KINDS = ("single", "triple")
GAMES = {
    "stud": Game.STUD,
    "stud_hilo": Game.STUD_HILO,
    "razz": Game.RAZZ,
    "single": Game.DEUCE_SINGLE,
    "triple": Game.DEUCE_TRIPLE,
}
STUD_CLASSES: dict[str, Any] = {
    "stud": pk.FixedLimitSevenCardStud,
    "stud_hilo": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "razz": pk.FixedLimitRazz,
}
# stud: (ante, bring-in, small bet); the big bet is twice the small bet
STUD_STAKES = ((1, 1, 4), (1, 2, 5), (2, 3, 10), (0, 1, 2), (5, 10, 30), (1, 2, 6))
DRAW_BLINDS = ((1, 2), (2, 5), (5, 10), (1, 1), (2, 3), (3, 6))

STATS: Counter[str] = Counter()


def note(label: str) -> None:
    """Count a recognised difference (shown by ``--hypothesis-show-statistics``)."""
    STATS[label] += 1
    if currently_in_test_context():  # the explicit tests below call it too
        event(label)


# --------------------------------------------------------------------------- the two engines


@dataclass(frozen=True)
class Table:
    """A game and its stakes, built both ways.

    Stud games use ``ante``, ``bring_in`` and ``small`` (the big bet is twice it); the draws
    use the blinds ``sb`` and ``bb`` (triple draw: small bet ``bb``, big bet twice it).
    """

    kind: str
    ante: int = 0
    bring_in: int = 0
    small: int = 0
    sb: int = 0
    bb: int = 0

    @property
    def is_stud(self) -> bool:
        return self.kind in STUD_KINDS

    @property
    def fixed(self) -> bool:
        return self.kind != "single"

    @property
    def unit(self) -> int:
        """The small bet (stud) or the big blind (draw): the size stacks are measured in."""
        return self.small if self.is_stud else self.bb

    def config(self, rules: HouseRules | None = None) -> GameConfig:
        rules = rules or HouseRules(cap_heads_up=True)
        game = GAMES[self.kind]
        if self.is_stud:
            stakes = Stakes(
                0,
                0,
                ante=self.ante,
                small_bet=self.small,
                big_bet=2 * self.small,
                bring_in=self.bring_in,
            )
            return GameConfig(game, Structure.FIXED_LIMIT, stakes, rules)
        structure = Structure.FIXED_LIMIT if self.fixed else Structure.NO_LIMIT
        return GameConfig(game, structure, Stakes(self.sb, self.bb), rules)

    def state(self, stacks: Sequence[int], mode: Any, pk_caps: bool) -> Any:
        """A pokerkit state; ``pk_caps=False`` keeps pokerkit's own triple-draw cap."""
        n = len(stacks)
        if self.is_stud:
            return STUD_CLASSES[self.kind].create_state(
                AUTOMATIONS,
                True,
                self.ante,
                self.bring_in,
                self.small,
                2 * self.small,
                list(stacks),
                n,
                mode=mode,
            )
        blinds = (self.sb, self.bb)
        if self.kind == "single":
            return pk.NoLimitDeuceToSevenLowballSingleDraw.create_state(
                AUTOMATIONS, True, 0, blinds, self.bb, list(stacks), n, mode=mode
            )
        game = pk.FixedLimitDeuceToSevenLowballTripleDraw(
            AUTOMATIONS, True, 0, blinds, self.bb, 2 * self.bb, mode=mode
        )
        if pk_caps:
            game.streets = tuple(
                replace(street, max_completion_betting_or_raising_count=cap)
                for street, cap in zip(game.streets, TRIPLE_CAPS, strict=True)
            )
        return game(list(stacks), n)

    def street_bet(self, street: int) -> int:
        """The fixed bet of ``street`` (the big blind in no-limit)."""
        if self.is_stud:
            return self.small if street < 2 else 2 * self.small
        if self.kind == "triple":
            return self.bb if street < 2 else 2 * self.bb
        return self.bb

    def completion(self, street: int) -> int:
        """Stud's third street: the small bet the bring-in is completed to; else 0."""
        return self.small if self.is_stud and street == 0 else 0


@dataclass
class Wager:
    """A completion, bet or raise as the rules see it (for recognising the differences).

    ``extra``: pokerkit counts it toward its cap but our rules do not count it as a raise
    (a short all-in raise in limit, an all-in short of the completion in stud).
    """

    player: int
    to: int
    increment: int
    all_in: bool
    full: bool
    extra: bool


@dataclass
class StreetLog:
    """An independent record of the betting round: what each player last acted at."""

    street: int
    current: int
    full_raise: int
    bet: int
    completion: int
    levels: dict[int, tuple[int, int]] = field(default_factory=dict)
    wagers: list[Wager] = field(default_factory=list)

    def record(self, action: Action, legal: LegalActions, fixed: bool) -> None:
        p = legal.player
        if isinstance(action, BringIn):
            self.current = max(self.current, legal.bring_in)
        elif isinstance(action, Raise):
            increment = action.to - self.current
            all_in = action.to == legal.all_in_to
            if self.current < self.completion:  # stud: completing the bring-in
                full = action.to >= self.completion
                extra = not full
            else:
                full = increment >= (self.bet if fixed else self.full_raise)
                bet_made = self.current > 0 or (self.street == 0 and not self.completion)
                extra = fixed and bet_made and increment < -(-self.bet // 2)
            self.wagers.append(Wager(p, action.to, increment, all_in, full, extra))
            if full and not fixed:
                self.full_raise = increment
            self.current = action.to
        if not isinstance(action, Fold):
            self.levels[p] = (self.current, len(self.wagers))


class Pair:
    """Our hand and a pokerkit state dealt the same cards, driven by the same actions."""

    def __init__(
        self,
        table: Table,
        stacks: Sequence[int],
        deck: Sequence[str] = FULL_DECK,
        *,
        rules: HouseRules | None = None,
        mode: Any = pk.Mode.TOURNAMENT,
        pk_caps: bool = True,
    ) -> None:
        self.table = table
        self.start = tuple(stacks)
        self.config = table.config(rules)
        names = tuple(f"p{i}" for i in range(len(stacks)))
        self.hand = Hand(HandSetup(self.config, names, self.start, deck_order=tuple(deck)))
        self.state = table.state(stacks, mode, pk_caps)
        self.history: list[Action] = []
        self.log = self.new_log(0)
        self.sync()

    def new_log(self, street: int) -> StreetLog:
        bet = self.table.street_bet(street)
        current = max(self.hand.bets) if street == 0 else 0
        return StreetLog(street, current, bet, bet, self.table.completion(street))

    def sync(self) -> None:
        """Give pokerkit the cards our hand dealt (ours deal themselves) and burn ``??``."""
        state, hole = self.state, self.hand.hole
        with warnings.catch_warnings():  # a card from reshuffled discards: pokerkit warns
            warnings.simplefilter("ignore")
            while True:
                if state.can_burn_card():
                    state.burn_card("??")
                elif state.can_deal_hole():
                    i = state.hole_dealee_index
                    have = [f"{c.rank}{c.suit}" for c in state.hole_cards[i]]
                    ours = hole[i] or ()
                    assert tuple(have) == ours[: len(have)], (have, ours, self.describe())
                    due = len(state.hole_dealing_statuses[i])
                    state.deal_hole("".join(ours[len(have) : len(have) + due]), i)
                else:
                    assert not state.can_deal_board(), "no stud hand here runs out of cards"
                    return

    def legal(self) -> LegalActions:
        legal = self.hand.legal_actions()
        if self.hand.street != self.log.street:
            self.log = self.new_log(self.hand.street)
        return legal

    def theirs(self) -> dict[str, Any]:
        """pokerkit's answers at this decision; ``refusal`` is why it will not let him raise."""
        state = self.state
        try:
            state.verify_completion_betting_or_raising_to()
            refusal = None
        except ValueError as exc:
            refusal = str(exc)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            can_fold = state.can_fold()
        return {
            "player": state.actor_index,
            "call": state.checking_or_calling_amount,
            "bring_in": state.effective_bring_in_amount,
            "fold": can_fold,
            "min": state.min_completion_betting_or_raising_to_amount,
            "max": state.max_completion_betting_or_raising_to_amount,
            "refusal": refusal,
        }

    def act(
        self, action: Action, legal: LegalActions | None = None, *, ours_only: bool = False
    ) -> None:
        legal = legal or self.legal()
        self.log.record(action, legal, self.table.fixed)
        self.history.append(action)
        self.hand.apply(action)
        state = self.state
        if ours_only:
            pass
        elif isinstance(action, Fold):
            state.fold()
        elif isinstance(action, (Check, Call)):
            state.check_or_call()
        elif isinstance(action, BringIn):
            state.post_bring_in()
        else:
            assert isinstance(action, Raise)
            state.complete_bet_or_raise_to(action.to)
        self.sync()
        assert self.hand.chips_in_play() == sum(self.start), "chips not conserved"

    def discard(self, action: Discard) -> None:
        self.history.append(action)
        self.hand.apply(action)
        self.state.stand_pat_or_discard("".join(action.cards))
        self.sync()

    def describe(self) -> str:
        t = self.table
        stakes = (
            f"ante {t.ante} bring-in {t.bring_in} bet {t.small}"
            if t.is_stud
            else (f"blinds {t.sb}/{t.bb}")
        )
        return f"{t.kind} {stakes} stacks {self.start} actions {self.history}"


# --------------------------------------------------------------------------- known differences


def known_refusal(pair: Pair, legal: LegalActions, refusal: str | None) -> str | None:
    """Name the known difference behind a disagreement on whether the player may raise."""
    log = pair.log
    fixed = pair.table.fixed
    half = -(-log.bet // 2)
    acted = log.levels.get(legal.player)
    since = log.wagers[acted[1] :] if acted else log.wagers
    rise = log.current - acted[0] if acted else 0
    short_since = any(w.all_in and not w.full for w in since)
    if legal.can_raise and refusal is not None:  # pokerkit refuses, we allow
        if refusal.startswith("No more completion") and any(w.extra for w in log.wagers):
            return "3/4: fixed-limit cap: pokerkit counts a short all-in as a raise"
        if fixed and acted and short_since and half <= rise:
            return "4: fixed-limit all-in of half a bet reopens (000 NL §3)"
        if acted is None and refusal.startswith("Short all-in"):
            return "5: pokerkit refuses a raise to a player yet to act"
    if not legal.can_raise and refusal is None:  # pokerkit allows, we refuse
        threshold = half if fixed else log.full_raise
        if acted and short_since and 0 < rise < threshold:
            return "6: pokerkit reopens the betting on a short all-in"
    return None


def open_pair(pair: Pair, legal: LegalActions, theirs: dict[str, Any]) -> bool:
    """S3: stud high, fourth street, no bet yet, an open pair: we allow the big bet too."""
    return (
        pair.table.kind == "stud"
        and pair.hand.street == 1
        and pair.log.current == 0
        and legal.min_raise_to == theirs["min"]
        and legal.max_raise_to is not None
        and legal.max_raise_to > theirs["max"]
        and any(
            len({c[0] for c in up}) < len(up) for up in map(pair.hand.upcards, pair.hand.live())
        )
    )


def low_showing_key(cards: Sequence[str]) -> tuple[object, ...]:
    """A razz hand showing ranked as an ace-to-five low (smaller is lower, acts first):
    fewer paired cards first, then the pairs (trips, ...) by rank, then the other cards,
    highest first, aces low."""
    counts = Counter("A23456789TJQK".index(card[0]) for card in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    paired = sum(c - 1 for c in counts.values())
    return paired, tuple(c for _, c in groups), tuple(r for r, _ in groups)


def razz_opener_bug(pair: Pair) -> bool:
    """Engine bug (test_engine_bug_razz_lowest_hand_showing_compares_pairs_first): on a
    later razz street our engine picks the opener by the highest card shown even between
    paired hands, so a pair of deuces with a queen is taken as higher than a pair of treys
    with a jack."""
    hand = pair.hand
    if pair.table.kind != "razz" or hand.street == 0 or pair.log.levels:
        return False
    showing = {i: hand.upcards(i) for i in hand.live()}
    lowest = min(showing, key=lambda i: (low_showing_key(showing[i]), i))
    ours = first_to_act([showing.get(i) for i in range(hand.n)], True)
    return ours != lowest


# --------------------------------------------------------------------------- one random hand

CHOICES = ("check/call", "check/call", "check/call", "fold", "min", "max", "any", "all-in")


def compare(pair: Pair, legal: LegalActions, theirs: dict[str, Any]) -> tuple[int, int] | None:
    """Compare one betting decision; return the raise range both engines accept, if any."""
    where = pair.describe()
    STATS["decisions"] += 1
    assert theirs["player"] == legal.player, f"ours {legal}, pokerkit {theirs}; {where}"
    if legal.bring_in:
        assert theirs["bring_in"] == legal.bring_in and theirs["call"] is None, where
    else:
        assert theirs["bring_in"] is None, where
        assert theirs["call"] == legal.call_amount, f"ours {legal}, pokerkit {theirs}; {where}"
    assert theirs["fold"] == legal.can_fold, where
    can_raise = legal.can_raise and theirs["refusal"] is None
    if not can_raise:
        if legal.can_raise or theirs["refusal"] is None:
            label = known_refusal(pair, legal, theirs["refusal"])
            assert label is not None, f"raise allowed: ours {legal}, pokerkit {theirs}; {where}"
            note(label)
        return None
    lo, hi = legal.min_raise_to, legal.max_raise_to
    assert lo is not None and hi is not None
    if (lo, hi) == (theirs["min"], theirs["max"]):
        return lo, hi
    log = pair.log
    if log.current < log.completion and theirs["min"] != lo:
        note("S1: stud: completing after an all-in short of the completion")
        lo, hi = max(lo, theirs["min"]), min(hi, theirs["max"])
        return (lo, hi) if lo <= hi else None
    if open_pair(pair, legal, theirs):
        note("S3: stud: open pair on fourth street, small or big bet")
        return theirs["min"], theirs["max"]
    raise AssertionError(f"raise sizes: ours {legal}, pokerkit {theirs}; {where}")


def choose(choice: str, legal: LegalActions, sizes: tuple[int, int] | None, data: Any) -> Action:
    p = legal.player
    if choice == "fold":
        return Fold(p)
    if sizes is not None:
        lo, hi = sizes
        if choice in ("min", "complete"):
            return Raise(p, lo)
        if choice == "max":
            return Raise(p, hi)
        if choice == "any":
            return Raise(p, data.draw(st.integers(lo, hi)))
        if choice == "all-in" and lo <= legal.all_in_to <= hi:
            return Raise(p, legal.all_in_to)
    if legal.bring_in:
        return BringIn(p)
    return Check(p) if legal.can_check else Call(p)


def pokerkit_idle_check(pair: Pair) -> bool:
    """P: pokerkit asks a player to act who owes nothing and has no one left to bet against
    (every opponent all-in or folded, after a fold ended the action); we skip him, as both
    engines do when a betting round starts that way. If so, check for him in pokerkit."""
    state, hand = pair.state, pair.hand
    p = state.actor_index
    if p is None or state.checking_or_calling_amount != 0:
        return False
    if any(state.statuses[j] and state.stacks[j] for j in range(hand.n) if j != p):
        return False
    if hand.phase is Phase.BETTING and hand.to_act == p and hand.street == state.street_index:
        return False  # we ask him too: compare as usual
    note("P: pokerkit asks a player with no one to bet against to check")
    state.check_or_call()
    pair.sync()
    return True


def play(pair: Pair, data: st.DataObject) -> None:
    """Play one hand with random common legal actions, comparing every decision."""
    hand = pair.hand
    while not hand.is_complete:
        if pokerkit_idle_check(pair):
            continue
        if hand.phase is Phase.DRAWING:
            p = hand.to_act
            assert p is not None
            STATS["decisions"] += 1
            STATS["draw decisions"] += 1
            assert pair.state.stand_patter_or_discarder_index == p, pair.describe()
            cards = hand.hole[p] or ()
            keep = data.draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
            pair.discard(Discard(p, tuple(c for c, k in zip(cards, keep, strict=True) if not k)))
            continue
        legal = pair.legal()
        theirs = pair.theirs()
        if theirs["player"] != legal.player and razz_opener_bug(pair):
            note("engine bug: razz opener by the highest card between pairs (hand left)")
            return  # the order of action differs from here on: nothing more to compare
        sizes = compare(pair, legal, theirs)
        if legal.bring_in:
            options = ["bring-in", "bring-in"] + (["min"] if sizes else [])
        else:
            options = [c for c in CHOICES if c == "check/call" or (c == "fold" and legal.can_fold)]
            if sizes is not None:
                options += ["min", "max", "any", "all-in"]
        choice = data.draw(st.sampled_from(options))
        pair.act(choose(choice, legal, sizes, data), legal)
    pair.sync()
    while pokerkit_idle_check(pair):
        pass
    assert pair.state.actor_index is None and not pair.state.status, pair.describe()
    compare_results(pair)


def compare_results(pair: Pair) -> None:
    """Final stacks agree, but for odd chips (difference 2): those of a pot split between
    tied hands, and in hi-lo the high half's odd chip, which move when pokerkit merges pots
    that have the same contenders once the losing hands are killed."""
    ours, theirs = list(pair.hand.stacks), list(pair.state.stacks)
    total = sum(pair.start)
    assert sum(ours) == total and sum(theirs) == total
    slack = [0] * len(ours)
    halves: dict[tuple[int, int], list[PotAwarded]] = {}
    for ev in pair.hand.events:
        if not isinstance(ev, PotAwarded):
            continue
        if ev.half is not None:
            halves.setdefault((ev.pot, ev.run), []).append(ev)
        if len(ev.winners) > 1:
            share, odd = divmod(ev.amount, len(ev.winners))
            paid = dict(ev.winners)
            # our rule: the odd chips one each from the first winner left of the button
            assert [paid[p] for p in sorted(paid)] == [
                share + (1 if k < odd else 0) for k in range(len(paid))
            ], ev
            for p in paid:
                slack[p] += odd
    for shares in halves.values():
        if len(shares) == 2 and sum(ev.amount for ev in shares) % 2:
            high, low = shares
            assert (high.half, low.half, high.amount - low.amount) == ("high", "low", 1), shares
            for ev in shares:
                for p, _ in ev.winners:
                    slack[p] += 1
    if hilo_pot_without_low(pair) and any(
        abs(a - b) > slack[i] for i, (a, b) in enumerate(zip(ours, theirs, strict=True))
    ):
        note("H1: hi-lo: pokerkit splits a pot no contender has a low for")
        return
    for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert abs(a - b) <= slack[i], f"player {i}: ours {ours}, pokerkit {theirs}; " + (
            pair.describe()
        )
    if ours != theirs:
        note("2: odd chips of a split pot")


def hilo_pot_without_low(pair: Pair) -> bool:
    """H1: at a hi-lo showdown a low wins (part of) one pot while another pot goes whole to
    a high hand (no contender there has a low, or the others mucked): pokerkit then splits
    that pot too, its low half among its contenders."""
    awards = [ev for ev in pair.hand.events if isinstance(ev, PotAwarded)]
    with_low = {ev.pot for ev in awards if ev.half == "low"}
    showdown = len(pair.hand.live()) > 1
    return showdown and bool(with_low) and any(ev.pot not in with_low for ev in awards)


# --------------------------------------------------------------------------- the properties


@st.composite
def stack_for(draw: st.DrawFn, unit: int, tiny: int) -> int:
    size = draw(st.sampled_from(("tiny", "short", "short", "deep", "deep", "deep")))
    if size == "tiny":  # all-in on the ante, the bring-in or the blind
        return draw(st.integers(1, max(1, tiny)))
    if size == "short":  # all-ins and side pots
        return draw(st.integers(unit, 12 * unit))
    return draw(st.integers(12 * unit, 150 * unit))


@st.composite
def tables(draw: st.DrawFn, kind: str) -> tuple[Table, tuple[int, ...], tuple[str, ...]]:
    """A table of ``kind``, 2-7 (stud) or 2-6 (draw) stacks, and a deck."""
    if kind in STUD_KINDS:
        ante, bring_in, small = draw(st.sampled_from(STUD_STAKES))
        table = Table(kind, ante=ante, bring_in=bring_in, small=small)
        n = draw(st.integers(2, 7))
        tiny = ante + bring_in
    else:
        sb, bb = draw(st.sampled_from(DRAW_BLINDS))
        table = Table(kind, sb=sb, bb=bb)
        n = draw(st.integers(2, 6))
        tiny = bb
    stacks = tuple(draw(st.lists(stack_for(table.unit, tiny), min_size=n, max_size=n)))
    if kind not in STUD_KINDS:
        # a blind posted short sets the call for us, not for pokerkit (test_differential's
        # known difference 7): the blinds' seats (the first two) cover the big blind
        stacks = tuple(max(s, tiny + 1) if i < 2 else s for i, s in enumerate(stacks))
    return table, stacks, tuple(draw(st.permutations(FULL_DECK)))


BASE = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def run_random_hand(kind: str, data: st.DataObject) -> None:
    table, stacks, deck = data.draw(tables(kind))
    pair = Pair(table, stacks, deck)
    STATS["hands"] += 1
    STATS[f"hands: {kind}"] += 1
    play(pair, data)


@settings(max_examples=120, parent=BASE)
@given(st.data())
def test_stud_matches_pokerkit(data: st.DataObject) -> None:
    run_random_hand("stud", data)


@settings(max_examples=100, parent=BASE)
@given(st.data())
def test_stud_hilo_matches_pokerkit(data: st.DataObject) -> None:
    run_random_hand("stud_hilo", data)


@settings(max_examples=100, parent=BASE)
@given(st.data())
def test_razz_matches_pokerkit(data: st.DataObject) -> None:
    run_random_hand("razz", data)


@settings(max_examples=150, parent=BASE)
@given(st.data())
def test_deuce_to_seven_single_draw_matches_pokerkit(data: st.DataObject) -> None:
    run_random_hand("single", data)


@settings(max_examples=120, parent=BASE)
@given(st.data())
def test_deuce_to_seven_triple_draw_matches_pokerkit(data: st.DataObject) -> None:
    run_random_hand("triple", data)


# --------------------------------------------------------------------------- the differences


def deck_with(*cards: str) -> tuple[str, ...]:
    """A deck whose top cards are ``cards`` in dealing order (stud: each player's three
    third-street cards, the last one up, then one card each a street; draw: five each)."""
    spec = [c for group in cards for c in group.split()]
    return tuple(spec) + tuple(c for c in FULL_DECK if c not in spec)


def play_out(pair: Pair, actions: Sequence[Action]) -> None:
    for action in actions:
        if isinstance(action, Discard):
            pair.discard(action)
        else:
            pair.act(action)


def pokerkit_refusal(state: Any) -> str | None:
    try:
        state.verify_completion_betting_or_raising_to()
    except ValueError as exc:
        return str(exc)
    return None


STUD_4_8 = Table("stud", ante=1, bring_in=1, small=4)
# third street: player 0 shows the 2c and brings it in; 1 and 2 show a king and a queen
THIRD = ("9s 9h 2c", "Ts Th Kd", "Js Jh Qs")


def test_known_s1_completing_after_an_all_in_short_of_the_completion() -> None:
    """Bring-in 1, small bet 4: player 0 brings it in, player 1 is all-in for 3 (short of the
    completion). We let player 2 complete to 4 (000 NL §4: completing the bet is a limit
    wager); pokerkit takes the 3 as the completion and asks for a full bet on it: 7."""
    pair = Pair(STUD_4_8, (300, 4, 300), deck_with(*THIRD))
    play_out(pair, [BringIn(0), Raise(1, 3)])
    legal = pair.legal()
    assert (legal.player, legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (
        2,
        3,
        4,
        4,
    )
    theirs = pair.theirs()
    assert (theirs["player"], theirs["call"], theirs["min"], theirs["max"]) == (2, 3, 7, 7)


@pytest.mark.parametrize("completes", [False, True], ids=["posts-bring-in", "completes-to-1"])
def test_known_s1_bring_in_player_all_in_for_the_bring_in(completes: bool) -> None:
    """The bring-in player has 1 chip after the ante: posting it or "completing" to it are the
    same chips. Either way we let the next player complete to 4; pokerkit says 4 after the
    bring-in but 5 after the one-chip "completion"."""
    pair = Pair(STUD_4_8, (2, 300, 300), deck_with(*THIRD))
    legal = pair.legal()
    assert (legal.player, legal.bring_in, legal.min_raise_to, legal.max_raise_to) == (0, 1, 1, 1)
    pair.act(Raise(0, 1) if completes else BringIn(0))
    legal = pair.legal()
    assert (legal.player, legal.call_amount, legal.min_raise_to) == (1, 1, 4)
    theirs = pair.theirs()
    assert (theirs["player"], theirs["call"], theirs["min"]) == (1, 1, 5 if completes else 4)


def test_s2_the_bring_in_passes_on_when_its_player_is_all_in_on_the_ante() -> None:
    """Player 0 shows the lowest card but the ante put him all-in. The rulebook is silent
    (000 NL §2 speaks of the minimum bring-in only), so we do as pokerkit does: player 1,
    the next able to act, brings it in or completes; he may not check. Once a known
    difference (S2), now the same answer in both engines."""
    pair = Pair(STUD_4_8, (1, 300, 300), deck_with(*THIRD))
    legal = pair.legal()
    assert (legal.player, legal.bring_in, legal.can_check, legal.can_fold) == (1, 1, False, False)
    assert legal.min_raise_to == 4
    theirs = pair.theirs()
    assert (theirs["player"], theirs["bring_in"], theirs["call"], theirs["min"]) == (1, 1, None, 4)
    pair.act(BringIn(1))
    legal = pair.legal()
    assert (legal.player, legal.call_amount, legal.min_raise_to) == (2, 1, 4)
    theirs = pair.theirs()
    assert (theirs["player"], theirs["call"], theirs["min"]) == (2, 1, 4)
    pair.act(Call(2))
    assert pair.hand.street == 1 and pair.hand.pot_total() == 5


def test_known_s3_open_pair_on_fourth_street() -> None:
    """Stud high, fourth street, player 0 shows a pair of nines: he may open for the small
    or the big bet (4 or 8) in our engine; pokerkit only offers the small bet."""
    deck = deck_with("As Ad 9c", "Ks Kd 2c", "Qs Qd 5h", "9d 3d 6h")
    pair = Pair(STUD_4_8, (300, 300, 300), deck)
    play_out(pair, [BringIn(1), Call(2), Call(0)])
    legal = pair.legal()
    assert (legal.player, legal.can_check, legal.min_raise_to, legal.max_raise_to) == (
        0,
        True,
        4,
        8,
    )
    theirs = pair.theirs()
    assert (theirs["player"], theirs["min"], theirs["max"]) == (0, 4, 4)
    pair.hand.apply(Raise(0, 8))  # ours takes the big bet; pokerkit refuses it
    assert not pair.state.can_complete_bet_or_raise_to(8)


def test_known_h1_hilo_side_pot_without_a_low() -> None:
    """Stud hi-lo: player 0 (all-in for 5) has the only low, 6-4-3-2-A; player 1 (all-in for
    9) a full house, player 2 two pair and no low; player 3 puts 25 in and folds. Main pot
    20: 10 high to player 1, 10 low to player 0. Side pot 12 (players 1 and 2): no
    contender has a low, so the high hand takes it all (RULES.md: half the pot goes to the
    best eight-or-better low; a hand winning the whole pot when no low qualifies scoops).
    pokerkit, seeing a low at the table, splits that side pot too and shares its low half
    between players 1 and 2, neither of whom has one. The top pot of 32 is player 2's."""
    deck = deck_with(
        "Ac 2d 3h",
        "Ks Kh 9c",
        "7c 7d Jd",
        "5c 5d 2c",  # the lowest upcard: player 3 brings it in
        "4s Td Qc 5h",  # fourth street: player 2 shows Q-J and opens
        "6c Jc 9s 5s",  # fifth: player 3 shows a pair of fives and opens
        "Kd 9d 8c 6h",
        "Qh Kc 2h",  # seventh (player 3 has folded)
    )
    pair = Pair(Table("stud_hilo", ante=1, bring_in=1, small=4), (5, 9, 100, 100), deck)
    play_out(pair, [BringIn(3), Raise(0, 4), Call(1), Call(2), Call(3)])
    play_out(pair, [Raise(2, 4), Call(3), Call(1)])
    play_out(pair, [Raise(3, 8), Call(2)])
    play_out(pair, [Check(2), Raise(3, 8), Raise(2, 16), Fold(3)])  # player 1's nines: all-in
    pair.sync()
    assert pair.hand.is_complete and not pair.state.status
    awards = [
        (ev.pot, ev.half, ev.amount, ev.winners)
        for ev in pair.hand.events
        if isinstance(ev, PotAwarded)
    ]
    assert awards == [
        (0, "high", 10, ((1, 10),)),
        (0, "low", 10, ((0, 10),)),
        (1, "high", 12, ((1, 12),)),
        (2, None, 32, ((2, 32),)),
    ]
    assert pair.hand.stacks == [10, 22, 107, 75]
    assert list(pair.state.stacks) == [10, 19, 110, 75]


TRIPLE_1_2 = Table("triple", sb=1, bb=2)
TRIPLE_5_10 = Table("triple", sb=5, bb=10)
SINGLE_1_2 = Table("single", sb=1, bb=2)
STAND_PAT: list[Action] = [Discard(0), Discard(1), Discard(2), Discard(3)]
LIMPS: list[Action] = [Call(2), Call(3), Call(0), Check(1)]


def test_known_3_4_cap_counts_a_short_all_in_in_triple_draw() -> None:
    """After the first draw (bet 10): a bet, a raise, a 3-chip all-in raise, a raise: the
    all-in is not a raise by the rules (under half a bet), so player 0 may still make the
    third raise; pokerkit counts four wagers and caps."""
    pair = Pair(TRIPLE_5_10, (500, 500, 33, 500))
    play_out(pair, [*LIMPS, *STAND_PAT, Raise(0, 10), Raise(1, 20), Raise(2, 23), Raise(3, 33)])
    legal = pair.legal()
    assert (legal.player, legal.min_raise_to, legal.max_raise_to) == (0, 43, 43)
    refusal = pokerkit_refusal(pair.state)
    assert refusal == "No more completion, betting, or raising is permitted."


def test_known_4_half_bet_all_in_reopens_in_triple_draw() -> None:
    """After the first draw (bet 10): player 0 bets, player 1 is all-in for 16 (more than
    half a bet on top), player 2 calls: player 0 may raise again (000 NL §3's half-the-size
    rule, to 26); pokerkit lets him only call."""
    pair = Pair(TRIPLE_5_10, (500, 26, 500, 500))
    play_out(pair, [*LIMPS, *STAND_PAT, Raise(0, 10), Raise(1, 16), Call(2), Call(3)])
    legal = pair.legal()
    assert (legal.player, legal.call_amount, legal.min_raise_to) == (0, 6, 26)
    assert pair.state.checking_or_calling_amount == 6
    assert pokerkit_refusal(pair.state) is not None


def test_known_6_short_all_in_bet_does_not_reopen_in_single_draw() -> None:
    """After the draw: player 0 checks, player 1 bets all-in 1 (under the 2 minimum), player
    2 calls: player 0 checked, so he may only call (002: an all-in bet for less than the
    minimum bring-in may not be raised by a player who has already checked); pokerkit lets
    him raise."""
    pair = Pair(SINGLE_1_2, (100, 3, 100))
    play_out(pair, [Call(2), Call(0), Check(1), Discard(0), Discard(1), Discard(2)])
    play_out(pair, [Check(0), Raise(1, 1), Call(2)])
    legal = pair.legal()
    assert (legal.player, legal.call_amount, legal.can_raise) == (0, 1, False)
    theirs = pair.theirs()
    assert (theirs["player"], theirs["call"], theirs["refusal"]) == (0, 1, None)


# --------------------------------------------------------------------------- engine bugs


def test_razz_lowest_hand_showing_compares_pairs_first() -> None:
    """Razz's later streets open with the lowest hand showing, ranked as an ace-to-five
    low: 2-2-Q is lower than 3-3-J (an earlier engine compared the high card first)."""
    deck = deck_with("Ah Ad 2c", "Kh Kd 3c", "2d 3d", "Qc Jc")
    pair = Pair(Table("razz", ante=1, bring_in=1, small=4), (300, 300), deck)
    play_out(pair, [BringIn(1), Call(0), Check(0), Check(1)])  # third and fourth streets
    assert pair.hand.upcards(0) == ("2c", "2d", "Qc") and pair.hand.upcards(1) == (
        "3c",
        "3d",
        "Jc",
    )
    assert pair.state.actor_index == 0  # pokerkit: the pair of deuces is the lower hand
    assert pair.legal().player == 0


def test_known_p_no_decision_after_a_fold_leaves_no_one_to_bet_against() -> None:
    """Blinds 1/2: players 2 and 3 call all-in for 1, the small blind folds. The big blind
    owes nothing and every opponent is all-in: we go on to the draw (the big blind draws
    first); pokerkit asks him to act, and he may only check."""
    pair = Pair(TRIPLE_1_2, (3, 3, 1, 1))
    play_out(pair, [Call(2), Call(3), Fold(0)])
    assert pair.hand.phase is Phase.DRAWING and pair.hand.to_act == 1
    theirs = pair.theirs()
    assert (theirs["player"], theirs["call"], theirs["fold"]) == (1, 0, False)
    assert theirs["refusal"] is not None and theirs["refusal"].startswith("There is no reason")
    assert pokerkit_idle_check(pair)
    assert pair.state.stand_patter_or_discarder_index == 1


def test_agree_no_decision_when_everyone_else_is_all_in_before_the_draw() -> None:
    """Three players all-in for the big blind: the big blind owes nothing and has no one to
    bet against, so both engines go straight to the draw (the engine bug of
    test_differential.py, fixed)."""
    pair = Pair(SINGLE_1_2, (2, 38, 1, 1))
    play_out(pair, [Call(2), Call(3), Call(0)])  # all three all-in for the big blind
    assert pair.state.actor_index is None
    assert pair.state.stand_patter_or_discarder_index == 0
    assert pair.hand.phase is Phase.DRAWING and pair.hand.to_act == 0


def test_replay_accepts_a_draw_that_play_dealt() -> None:
    """A draw that runs the deck out reshuffles the discards (never the drawing player's
    own of this draw) into a stub; a later draw may deal a player his earlier discards, and
    the replay accepts the hand as played (an earlier engine refused it).

    2-7 triple draw, six players, everyone limps and throws all five cards in each draw: on
    the first draw player 4 runs the deck out and the discards of players 0-3 are reshuffled
    for him; on the second, player 0 draws from that stub and gets his own cards back."""
    config = GameConfig(Game.DEUCE_TRIPLE, Structure.FIXED_LIMIT, Stakes(1, 2))
    setup = HandSetup(config, tuple("abcdef"), (100,) * 6, deck_order=FULL_DECK, reshuffle_seed=1)
    played = Hand(setup)
    replayed = Hand(replace(setup, deck_order=None), auto_deal=False, describe=False)
    for ev in played.events:
        if isinstance(ev, HoleCardsDealt):
            replayed.deal_hole(ev.player, ev.cards)

    def both(action: Action) -> None:
        events = played.apply(action)
        replayed.apply(action)
        for ev in events:
            if isinstance(ev, CardsDrawn):
                replayed.deal_hole(ev.player, ev.cards)

    for action in (Call(2), Call(3), Call(4), Call(5), Call(0), Check(1)):
        both(action)
    for _ in range(2):
        for p in range(6):
            both(Discard(p, played.hole[p] or ()))
        for p in range(6):
            both(Check(p))
    assert replayed.stacks == played.stacks
