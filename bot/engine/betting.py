"""The betting round: whose turn it is, what he may do, and applying fold, check, call,
bet or raise (RULES.md "Betting structures"; 000 NL §1-§5, §12-§14; 000 PL; 002; 003).

:class:`BettingRound` is owned by :class:`bot.engine.hand.Hand` (``hand.betting``); the
amounts each structure allows come from :mod:`bot.engine.limits`.
"""

from __future__ import annotations

from typing import Any, Protocol

from . import limits
from .actions import Action, AllIn, BringIn, Call, Check, Fold, LegalActions, Raise
from .config import GameConfig, Structure
from .errors import IllegalAction, NotYourTurn
from .events import Acted, Corrected, Event
from .games import GameSpec


class BettingHand(Protocol):
    """What a betting round reads and moves of the hand it belongs to
    (:class:`bot.engine.hand.Hand`): the players' chips and cards, whose turn it is, the
    hand's history, and the hand's answers about its phase and its openers."""

    config: GameConfig
    spec: GameSpec
    n: int
    names: tuple[str, ...]
    strict: bool
    street: int
    stacks: list[int]
    bets: list[int]
    contributed: list[int]
    folded: list[bool]
    live_count: int
    to_act: int | None
    opener: int | None
    big_blind_player: int | None
    small_blind_posted: tuple[int, int] | None
    events: list[Event]

    def pot_total(self) -> int: ...
    def no_betting_reason(self) -> str: ...
    def _after_bet_action(self, p: int) -> None: ...
    def _has_openers(self, p: int) -> bool: ...
    def _betting_open(self) -> bool: ...
    def _open_pair(self) -> bool: ...
    def _note_opener(self, p: int) -> None: ...


class BettingRound:
    """The betting of a hand, owned by it (``Hand.betting``): per street, the bet to call
    (``current_bet``, the largest), the minimum increment (``full_raise``, the last full
    bet or raise), the bet each player last acted at (``acted_level``, None if not yet),
    raises made (``raise_count``, for the cap), who raised last (``last_aggressor``), the
    stud bring-in due (``bring_in_due``) and whether the first round is still unopened
    (``opening``). It reads and moves the hand's chips (stacks, bets, contributions) and
    records each action in the hand's history.

    Args:
        hand: the hand it belongs to.
    """

    __slots__ = (
        "hand",
        "current_bet",
        "full_raise",
        "acted_level",
        "raise_count",
        "opening",
        "last_aggressor",
        "bring_in_due",
        "_legal",
    )

    def __init__(self, hand: BettingHand) -> None:
        self.hand = hand
        self.current_bet = 0
        self.full_raise = 0
        self.acted_level: list[int | None] = [None] * hand.n
        self.raise_count = 0
        self.opening = True
        self.last_aggressor: int | None = None
        self.bring_in_due: int | None = None
        self._legal: tuple[tuple[object, ...], LegalActions] | None = None

    # ------------------------------------------------------------------ queries

    def _can_act(self, i: int) -> bool:
        return not self.hand.folded[i] and self.hand.stacks[i] > 0

    def _needs_action(self, i: int) -> bool:
        if self.hand.folded[i] or self.hand.stacks[i] <= 0:
            return False
        if self.hand.bets[i] < self.current_bet and not self._only_all_in_short(i):
            return True
        return self.acted_level[i] is None

    def _only_all_in_short(self, i: int) -> bool:
        """Every opponent of ``i`` still in is all-in for no more than ``i`` has in: the
        bet left to call (a blind posted short still sets it) could never be matched, so
        there is nothing for him to decide."""
        hand = self.hand
        folded, stacks, bets = hand.folded, hand.stacks, hand.bets
        mine = bets[i]
        for j in range(hand.n):
            # nearly always the first opponent still in has chips: answered at once
            if j != i and not folded[j] and (stacks[j] > 0 or bets[j] > mine):
                return False
        return True

    def next_to_act(self, start: int) -> int | None:
        """The first player from index ``start`` on (clockwise) who has a betting decision
        to make, or None when the round is over."""
        hand = self.hand
        n = hand.n
        folded, stacks, acted, bets = hand.folded, hand.stacks, self.acted_level, hand.bets
        current = self.current_bet
        for k in range(n):
            i = (start + k) % n
            if folded[i] or stacks[i] <= 0:
                continue
            if bets[i] < current and not self._only_all_in_short(i):
                return i
            if acted[i] is None or bets[i] < current:
                if not self._has_opponent_with_chips(i):
                    acted[i] = current  # owes nothing, no one left to bet against
                    continue
                return i
        return None

    def _has_opponent_with_chips(self, i: int) -> bool:
        folded, stacks = self.hand.folded, self.hand.stacks
        for j in range(self.hand.n):  # noqa: SIM110 - a plain loop: no generator per turn
            if j != i and not folded[j] and stacks[j] > 0:
                return True
        return False

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with exact amounts.

        Raises:
            IllegalAction: when no betting decision is pending (dealing, showdown, over).
        """
        if self.hand.to_act is None or self.hand.bets is None or not self.hand._betting_open():
            raise IllegalAction(self.hand.no_betting_reason())
        p = self.hand.to_act
        stack = self.hand.stacks[p]
        # asked again for the same decision (the decision gate, then the move itself):
        # every change of the betting appends an event, so the count marks the decision
        key = (
            len(self.hand.events),
            p,
            self.hand.street,
            self.current_bet,
            self.hand.bets[p],
            stack,
            self.raise_count,
            self.full_raise,
            self.bring_in_due,
        )
        cached = self._legal
        if cached is not None and cached[0] == key:
            return cached[1]
        owe = self.current_bet - self.hand.bets[p]
        rng = self._raise_range(p)
        bring_in = self.bring_in_due == p
        legal = LegalActions(
            player=p,
            can_fold=owe > 0 and not bring_in,
            can_check=owe <= 0 and not bring_in,
            call_amount=max(0, min(owe, stack)),
            min_raise_to=rng[0] if rng else None,
            max_raise_to=rng[1] if rng else None,
            all_in_to=self.hand.bets[p] + stack,
            stack=stack,
            bet_unit=self.hand.config.rules.bet_unit,
            bring_in=min(self.hand.config.stakes.bring_in_amount, stack) if bring_in else 0,
            completes=self.hand.spec.bring_in
            and self.hand.street == 0
            and owe >= 0
            and self.current_bet < self._completion(),
            either=rng is not None
            and rng[0] < rng[1]
            and self.hand.config.street_structure(self.hand.street) is Structure.FIXED_LIMIT,
            opened=self.current_bet > 0,
        )
        self._legal = (key, legal)
        return legal

    def _raise_range(self, p: int) -> tuple[int, int] | None:
        stack = self.hand.stacks[p]
        current = self.current_bet
        if stack <= current - self.hand.bets[p]:
            return None
        for j in range(self.hand.n):
            if (
                j != p
                and not self.hand.folded[j]
                and self.hand.stacks[j] + self.hand.bets[j] > current
            ):
                break
        else:
            return None
        level = self.acted_level[p]
        if level is not None:
            threshold = limits.reopen_threshold(self.hand.config, self.hand.street, self.full_raise)
            if current - level < threshold:
                return None
            if not self.hand.config.rules.check_raise and level == 0 and current > 0:
                return None
        if self._capped():
            return None
        if self.hand.spec.openers and self.hand.opener is None and not self.hand._has_openers(p):
            return None
        view = limits.RoundView(
            street=self.hand.street,
            current_bet=current,
            player_bet=self.hand.bets[p],
            stack=stack,
            full_raise=self.full_raise,
            pot=self._pot_for_limit(),
            opening=self.hand.street == 0 and self.opening,
            completing=self.hand.spec.bring_in and self.hand.street == 0,
            open_pair=self.hand._open_pair(),
        )
        lowest, highest = limits.raise_range(self.hand.config, view)
        unit = self.hand.config.rules.bet_unit
        all_in = self.hand.bets[p] + stack
        if unit > 1:
            lowest = -(-lowest // unit) * unit
            if highest < all_in:  # an all-in need not be a multiple of the unit (000 NL §13)
                highest = max(lowest, highest // unit * unit)
        return min(lowest, all_in), min(highest, all_in)

    def _capped(self) -> bool:
        if not self.hand.config.street_structure(self.hand.street).is_limit:
            return False
        rules = self.hand.config.rules
        if rules.raise_cap is None:
            return False
        if self.hand.live_count <= 2 and not rules.cap_heads_up:
            return False
        return self._bet_made() and self.raise_count >= rules.raise_cap

    def _bet_made(self) -> bool:
        if self.hand.spec.bring_in and self.hand.street == 0:
            return self.current_bet >= limits.street_minimum(self.hand.config, 0)
        return (self.hand.street == 0 and self.hand.spec.blinds) or self.current_bet > 0

    def _pot_for_limit(self) -> int:
        pot = self.hand.pot_total()
        if (
            self.hand.config.rules.small_blind_counts_as_big
            and self.hand.street == 0
            and self.hand.small_blind_posted is not None
            and self.hand.big_blind_player is not None
            and self.acted_level[self.hand.big_blind_player] is None
        ):
            pot += max(0, self.hand.config.stakes.big_blind - self.hand.small_blind_posted[1])
        return pot

    # ------------------------------------------------------------------ actions

    def act(self, action: Action) -> None:
        """Apply a betting action of the player to act (fold, check, call, bring-in, bet,
        raise or all-in) and pass the turn; the hand closes the street when it is over.

        Raises:
            NotYourTurn: someone else is to act.
            IllegalAction: no betting is pending, or the action is not legal (the message
                says what is).
        """
        hand = self.hand
        p = action.player
        if hand.to_act is None or not hand._betting_open():
            raise IllegalAction(hand.no_betting_reason())
        if p != hand.to_act:
            raise NotYourTurn(
                "it is not your turn: {to_act} is to act", to_act=hand.names[hand.to_act]
            )
        owe = self.current_bet - hand.bets[p]
        kind = type(action)
        if (
            self.bring_in_due == p
            and kind is not BringIn
            and kind is not Raise
            and kind is not AllIn
        ):
            raise IllegalAction(
                f"{{player}} brings it in: type 'bringin' (post "
                f"{self.legal_actions().bring_in}) or 'complete to {self._completion()}'",
                player=hand.names[p],
            )
        if kind is Fold:
            if owe <= 0:
                raise IllegalAction(
                    "there is nothing to call, so check instead of folding",
                    legal=self.legal_actions(),
                )
            hand.folded[p] = True
            hand.live_count -= 1
            self.acted_level[p] = self.current_bet
            self._record(p, "fold", 0)
        elif kind is Check:
            if owe > 0:
                raise IllegalAction("you cannot check facing a bet", legal=self.legal_actions())
            self.acted_level[p] = self.current_bet
            self._record(p, "check", 0)
        elif kind is Call:
            if owe <= 0:
                raise IllegalAction("there is nothing to call", legal=self.legal_actions())
            amount = min(owe, hand.stacks[p])
            self._put(p, amount)
            self.acted_level[p] = self.current_bet
            self._record(p, "call", amount)
        elif kind is BringIn:
            if self.bring_in_due != p:
                raise IllegalAction("there is no bring-in to post", legal=self.legal_actions())
            amount = min(hand.config.stakes.bring_in_amount, hand.stacks[p])
            self._put(p, amount)
            self.current_bet = max(self.current_bet, hand.bets[p])
            self.acted_level[p] = self.current_bet
            self.bring_in_due = None
            self._record(p, "bring_in", amount)
        elif kind is AllIn:
            legal = self.legal_actions()
            if legal.all_in_to <= self.current_bet:
                self.act(Call(p))  # all he has only calls
                return
            if legal.max_raise_to is None:
                if hand.spec.openers and hand.opener is None and self.current_bet == 0:
                    raise IllegalAction(  # 004 jacks §1
                        "you need a pair of jacks or better to open", legal=legal
                    )
                raise IllegalAction("you may not raise now", legal=legal)
            self._raise(p, legal, legal.all_in_to)
        elif kind is Raise:
            raw: Any = action  # the amount as given: _raise checks it is a whole number
            self._raise(p, self.legal_actions(), raw.to)
        else:
            raise IllegalAction("that is not a betting action", legal=self.legal_actions())
        hand._after_bet_action(p)

    def _completion(self) -> int:
        return limits.street_minimum(self.hand.config, 0)

    def _raise(self, p: int, legal: LegalActions, to: object) -> None:
        if not isinstance(to, int) or isinstance(to, bool):
            raise IllegalAction("a bet must be a whole number of chips", legal=legal)
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            if self.hand.spec.openers and self.hand.opener is None and self.current_bet == 0:
                raise IllegalAction("you need a pair of jacks or better to open", legal=legal)
            raise IllegalAction("you may not bet or raise now", legal=legal)
        verb = "bet" if self.current_bet == 0 else "raise"
        if self.bring_in_due is not None or (
            self.hand.spec.bring_in
            and self.hand.street == 0
            and self.current_bet < self._completion()
        ):
            verb = "complete"
        asked = to
        if to > hi:
            if to > legal.all_in_to:  # table stakes: refused, not cut (000 NL §16)
                raise IllegalAction(f"you have {legal.all_in_to} in all", legal=legal)
            if self.hand.strict or not limits.is_pot_limited(self.hand.config, self.hand.street):
                raise IllegalAction(f"the maximum {verb} is to {hi}", legal=legal)
            to = hi
            self._emit_event(
                Corrected(p, asked, to, "over the pot limit: cut to the maximum (000 PL §1)")
            )
        if to < lo:
            if to <= self.current_bet:
                raise IllegalAction(f"a {verb} must go above {self.current_bet}", legal=legal)
            if (
                self.hand.strict
                or not self.hand.config.rules.raise_short_to_minimum
                or to == legal.all_in_to
            ):
                size = f"is {lo}" if verb == "bet" else f"is to {lo}"
                raise IllegalAction(f"the minimum {verb} {size}", legal=legal)
            to = lo
            self._emit_event(
                Corrected(p, asked, to, "under the minimum: brought up to it (000 NL §12)")
            )
        unit = self.hand.config.rules.bet_unit
        if unit > 1 and to % unit and to != legal.all_in_to:
            raise IllegalAction(f"bets go in multiples of {unit}", legal=legal)
        self._check_fixed_choice(p, to, lo, hi, legal)
        increment = to - self.current_bet
        if self._bet_made() and limits.counts_as_raise(
            self.hand.config, self.hand.street, increment, self.full_raise
        ):
            self.raise_count += 1
        if increment >= self.full_raise:
            self.full_raise = increment
        if (
            self.hand.spec.bring_in
            and self.hand.street == 0
            and self.current_bet < self._completion()
        ):
            self.full_raise = max(self.full_raise, self._completion())
        added = to - self.hand.bets[p]
        self._put(p, added)
        self.current_bet = to
        self.acted_level[p] = to
        self.last_aggressor = p
        self.opening = False
        self.bring_in_due = None
        if self.hand.spec.openers and self.hand.opener is None:
            self.hand._note_opener(p)
        self._record(p, verb, added)

    def _check_fixed_choice(self, p: int, to: int, lo: int, hi: int, legal: LegalActions) -> None:
        """Fixed limit's open-pair option on fourth street (stud) allows the small or the
        big bet, nothing between."""
        if (
            self.hand.config.street_structure(self.hand.street) is Structure.FIXED_LIMIT
            and lo < hi
            and to not in (lo, hi)
            and to != legal.all_in_to
        ):
            raise IllegalAction(f"bet {lo} or {hi}", legal=legal)

    def _put(self, p: int, amount: int) -> None:
        hand = self.hand
        hand.stacks[p] -= amount
        hand.bets[p] += amount
        hand.contributed[p] += amount

    def _record(self, p: int, kind: str, added: int) -> None:
        hand = self.hand
        hand.events.append(Acted(p, kind, hand.bets[p], added, hand.stacks[p] == 0))

    def _emit_event(self, event: Event) -> None:
        self.hand.events.append(event)
