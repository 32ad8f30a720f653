"""The betting round: whose turn it is, what he may do, and applying fold, check, call,
bet or raise (RULES.md "Betting structures"; 000 NL §1-§5, §12-§14; 000 PL; 002; 003).

:class:`Betting` is the betting half of :class:`bot.engine.hand.Hand`; the amounts each
structure allows come from :mod:`bot.engine.limits`.
"""

from __future__ import annotations

from . import limits
from .actions import Action, AllIn, BringIn, Call, Check, Fold, LegalActions, Raise
from .config import GameConfig, Structure
from .errors import IllegalAction, NotYourTurn
from .events import Acted, Corrected, Event
from .games import GameSpec


class Betting:
    """State and rules of the current betting round (mixed into ``Hand``).

    Per street: ``bets`` (chips each player has in front of him), ``current_bet`` (the
    largest), ``full_raise`` (the last full bet or raise, the minimum increment),
    ``acted_level`` (the bet a player last acted at, None if not yet), ``raise_count``.
    """

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
    current_bet: int
    full_raise: int
    acted_level: list[int | None]
    raise_count: int
    opening: bool
    last_aggressor: int | None
    to_act: int | None
    bring_in_due: int | None
    opener: int | None
    big_blind_player: int | None
    small_blind_posted: tuple[int, int] | None
    log: list[str]
    events: list[Event]

    def pot_total(self) -> int:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _no_betting_reason(self) -> str:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _after_bet_action(self, p: int) -> None:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _has_openers(self, p: int) -> bool:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    # ------------------------------------------------------------------ queries

    def _can_act(self, i: int) -> bool:
        return not self.folded[i] and self.stacks[i] > 0

    def _needs_action(self, i: int) -> bool:
        if self.folded[i] or self.stacks[i] <= 0:
            return False
        if self.bets[i] < self.current_bet and not self._only_all_in_short(i):
            return True
        return self.acted_level[i] is None

    def _only_all_in_short(self, i: int) -> bool:
        """Every opponent of ``i`` still in is all-in for no more than ``i`` has in: the
        bet left to call (a blind posted short still sets it) could never be matched, so
        there is nothing for him to decide."""
        folded, stacks, bets = self.folded, self.stacks, self.bets
        others = [j for j in range(self.n) if j != i and not folded[j]]
        return all(stacks[j] <= 0 and bets[j] <= bets[i] for j in others)

    def _next_from(self, start: int) -> int | None:
        n = self.n
        folded, stacks, acted, bets = self.folded, self.stacks, self.acted_level, self.bets
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
        folded, stacks = self.folded, self.stacks
        return any(not folded[j] and stacks[j] > 0 for j in range(self.n) if j != i)

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with exact amounts.

        Raises:
            IllegalAction: when no betting decision is pending (dealing, showdown, over).
        """
        if self.to_act is None or self.bets is None or not self._betting_open():
            raise IllegalAction(self._no_betting_reason())
        p = self.to_act
        stack = self.stacks[p]
        # asked again for the same decision (the decision gate, then the move itself):
        # every change of the betting appends an event, so the count marks the decision
        key = (
            len(self.events),
            p,
            self.street,
            self.current_bet,
            self.bets[p],
            stack,
            self.raise_count,
            self.full_raise,
            self.bring_in_due,
        )
        cached = self.__dict__.get("_legal")
        if cached is not None and cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        owe = self.current_bet - self.bets[p]
        rng = self._raise_range(p)
        bring_in = self.bring_in_due == p
        legal = LegalActions(
            player=p,
            can_fold=owe > 0 and not bring_in,
            can_check=owe <= 0 and not bring_in,
            call_amount=max(0, min(owe, stack)),
            min_raise_to=rng[0] if rng else None,
            max_raise_to=rng[1] if rng else None,
            all_in_to=self.bets[p] + stack,
            stack=stack,
            bet_unit=self.config.rules.bet_unit,
            bring_in=min(self.config.stakes.bring_in_amount, stack) if bring_in else 0,
            completes=self.spec.bring_in
            and self.street == 0
            and owe >= 0
            and self.current_bet < self._completion(),
            either=rng is not None
            and rng[0] < rng[1]
            and self.config.street_structure(self.street) is Structure.FIXED_LIMIT,
            opened=self.current_bet > 0,
        )
        self.__dict__["_legal"] = (key, legal)
        return legal

    def _betting_open(self) -> bool:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _raise_range(self, p: int) -> tuple[int, int] | None:
        stack = self.stacks[p]
        current = self.current_bet
        if stack <= current - self.bets[p]:
            return None
        for j in range(self.n):
            if j != p and not self.folded[j] and self.stacks[j] + self.bets[j] > current:
                break
        else:
            return None
        level = self.acted_level[p]
        if level is not None:
            threshold = limits.reopen_threshold(self.config, self.street, self.full_raise)
            if current - level < threshold:
                return None
            if not self.config.rules.check_raise and level == 0 and current > 0:
                return None
        if self._capped():
            return None
        if self.spec.openers and self.opener is None and not self._has_openers(p):
            return None
        view = limits.RoundView(
            street=self.street,
            current_bet=current,
            player_bet=self.bets[p],
            stack=stack,
            full_raise=self.full_raise,
            pot=self._pot_for_limit(),
            opening=self.street == 0 and self.opening,
            completing=self.spec.bring_in and self.street == 0,
            open_pair=self._open_pair(),
        )
        lowest, highest = limits.raise_range(self.config, view)
        unit = self.config.rules.bet_unit
        all_in = self.bets[p] + stack
        if unit > 1:
            lowest = -(-lowest // unit) * unit
            if highest < all_in:  # an all-in need not be a multiple of the unit (000 NL §13)
                highest = max(lowest, highest // unit * unit)
        return min(lowest, all_in), min(highest, all_in)

    def _open_pair(self) -> bool:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _capped(self) -> bool:
        if not self.config.street_structure(self.street).is_limit:
            return False
        rules = self.config.rules
        if rules.raise_cap is None:
            return False
        if self.live_count <= 2 and not rules.cap_heads_up:
            return False
        return self._bet_made() and self.raise_count >= rules.raise_cap

    def _bet_made(self) -> bool:
        if self.spec.bring_in and self.street == 0:
            return self.current_bet >= limits.street_minimum(self.config, 0)
        return (self.street == 0 and self.spec.blinds) or self.current_bet > 0

    def _pot_for_limit(self) -> int:
        pot = self.pot_total()
        if (
            self.config.rules.small_blind_counts_as_big
            and self.street == 0
            and self.small_blind_posted is not None
            and self.big_blind_player is not None
            and self.acted_level[self.big_blind_player] is None
        ):
            pot += max(0, self.config.stakes.big_blind - self.small_blind_posted[1])
        return pot

    # ------------------------------------------------------------------ actions

    def _betting_action(self, action: Action) -> None:
        p = action.player
        if self.to_act is None or not self._betting_open():
            raise IllegalAction(self._no_betting_reason())
        if p != self.to_act:
            raise NotYourTurn(f"it is not your turn: {self.names[self.to_act]} is to act")
        owe = self.current_bet - self.bets[p]
        kind = type(action)
        if (
            self.bring_in_due == p
            and kind is not BringIn
            and kind is not Raise
            and kind is not AllIn
        ):
            raise IllegalAction(
                f"{self.names[p]} brings it in: type 'bringin' (post "
                f"{self.legal_actions().bring_in}) or 'complete to {self._completion()}'"
            )
        if kind is Fold:
            if owe <= 0:
                raise IllegalAction(
                    f"there is nothing to call, so check instead of folding: you may "
                    f"{self.legal_actions().describe()}"
                )
            self.folded[p] = True
            self.live_count -= 1
            self.acted_level[p] = self.current_bet
            self._record(p, "fold", 0, "f")
        elif kind is Check:
            if owe > 0:
                raise IllegalAction(
                    f"you cannot check facing a bet: you may {self.legal_actions().describe()}"
                )
            self.acted_level[p] = self.current_bet
            self._record(p, "check", 0, "cc")
        elif kind is Call:
            if owe <= 0:
                raise IllegalAction(
                    f"there is nothing to call: you may {self.legal_actions().describe()}"
                )
            amount = min(owe, self.stacks[p])
            self._put(p, amount)
            self.acted_level[p] = self.current_bet
            self._record(p, "call", amount, "cc")
        elif kind is BringIn:
            if self.bring_in_due != p:
                raise IllegalAction(
                    f"there is no bring-in to post: you may {self.legal_actions().describe()}"
                )
            amount = min(self.config.stakes.bring_in_amount, self.stacks[p])
            self._put(p, amount)
            self.current_bet = max(self.current_bet, self.bets[p])
            self.acted_level[p] = self.current_bet
            self.bring_in_due = None
            self._record(p, "bring_in", amount, "pb")
        elif kind is AllIn:
            legal = self.legal_actions()
            if legal.all_in_to <= self.current_bet:
                self._betting_action(Call(p))  # all he has only calls
                return
            if legal.max_raise_to is None:
                if self.spec.openers and self.opener is None and self.current_bet == 0:
                    raise IllegalAction(  # 004 jacks §1
                        f"you need a pair of jacks or better to open: you may {legal.describe()}"
                    )
                raise IllegalAction(f"you may not raise now: you may {legal.describe()}")
            self._raise(p, legal, legal.all_in_to)
        elif kind is Raise:
            assert isinstance(action, Raise)
            self._raise(p, self.legal_actions(), action.to)
        else:
            raise IllegalAction(
                f"that is not a betting action: you may {self.legal_actions().describe()}"
            )
        self._after_bet_action(p)

    def _completion(self) -> int:
        return limits.street_minimum(self.config, 0)

    def _raise(self, p: int, legal: LegalActions, to: object) -> None:
        if not isinstance(to, int) or isinstance(to, bool):
            raise IllegalAction(
                f"a bet must be a whole number of chips: you may {legal.describe()}"
            )
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            if self.spec.openers and self.opener is None and self.current_bet == 0:
                raise IllegalAction(
                    f"you need a pair of jacks or better to open: you may {legal.describe()}"
                )
            raise IllegalAction(f"you may not bet or raise now: you may {legal.describe()}")
        verb = "bet" if self.current_bet == 0 else "raise"
        if self.bring_in_due is not None or (
            self.spec.bring_in and self.street == 0 and self.current_bet < self._completion()
        ):
            verb = "complete"
        asked = to
        if to > hi:
            if to > legal.all_in_to:  # table stakes: refused, not cut (000 NL §16)
                raise IllegalAction(
                    f"you have {legal.all_in_to} in all; you may {legal.describe()}"
                )
            if self.strict or not limits.is_pot_limited(self.config, self.street):
                raise IllegalAction(f"the maximum {verb} is to {hi}: you may {legal.describe()}")
            to = hi
            self._emit_event(
                Corrected(p, asked, to, "over the pot limit: cut to the maximum (000 PL §1)")
            )
        if to < lo:
            if to <= self.current_bet:
                raise IllegalAction(
                    f"a {verb} must go above {self.current_bet}: you may {legal.describe()}"
                )
            if self.strict or not self.config.rules.raise_short_to_minimum or to == legal.all_in_to:
                size = f"is {lo}" if verb == "bet" else f"is to {lo}"
                raise IllegalAction(f"the minimum {verb} {size}: you may {legal.describe()}")
            to = lo
            self._emit_event(
                Corrected(p, asked, to, "under the minimum: brought up to it (000 NL §12)")
            )
        unit = self.config.rules.bet_unit
        if unit > 1 and to % unit and to != legal.all_in_to:
            raise IllegalAction(f"bets go in multiples of {unit}: you may {legal.describe()}")
        self._check_fixed_choice(p, to, lo, hi, legal)
        increment = to - self.current_bet
        if self._bet_made() and limits.counts_as_raise(
            self.config, self.street, increment, self.full_raise
        ):
            self.raise_count += 1
        if increment >= self.full_raise:
            self.full_raise = increment
        if self.spec.bring_in and self.street == 0 and self.current_bet < self._completion():
            self.full_raise = max(self.full_raise, self._completion())
        added = to - self.bets[p]
        self._put(p, added)
        self.current_bet = to
        self.acted_level[p] = to
        self.last_aggressor = p
        self.opening = False
        self.bring_in_due = None
        if self.spec.openers and self.opener is None:
            self._note_opener(p)
        self._record(p, verb, added, f"cbr {to}")

    def _check_fixed_choice(self, p: int, to: int, lo: int, hi: int, legal: LegalActions) -> None:
        """Fixed limit's open-pair option on fourth street (stud) allows the small or the
        big bet, nothing between."""
        if (
            self.config.street_structure(self.street) is Structure.FIXED_LIMIT
            and lo < hi
            and to not in (lo, hi)
            and to != legal.all_in_to
        ):
            raise IllegalAction(f"bet {lo} or {hi}: you may {legal.describe()}")

    def _note_opener(self, p: int) -> None:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _put(self, p: int, amount: int) -> None:
        self.stacks[p] -= amount
        self.bets[p] += amount
        self.contributed[p] += amount

    def _record(self, p: int, kind: str, added: int, phh: str) -> None:
        self.log.append(f"p{p + 1} {phh}")
        self.events.append(Acted(p, kind, self.bets[p], added, self.stacks[p] == 0))

    def _emit_event(self, event: Event) -> None:
        self.events.append(event)
