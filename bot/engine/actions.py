"""Player actions (what a player asks to do) and the legal-action summary the engine offers.

Players are named by their index in the hand: 0 is the first seat left of the button and
the last index is the button (heads-up, index 0 is the big blind and 1 the button).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand."""

    player: int


@dataclass(frozen=True, slots=True)
class Check:
    """Pass without betting when nothing is owed."""

    player: int


@dataclass(frozen=True, slots=True)
class Call:
    """Match the current bet (capped at the stack: a short call is all-in)."""

    player: int


@dataclass(frozen=True, slots=True)
class Raise:
    """Bet or raise to ``to`` chips in total on this street (PHH ``cbr``)."""

    player: int
    to: int


@dataclass(frozen=True, slots=True)
class AllIn:
    """Put every chip in: a call if the stack does not cover more, else a raise to all."""

    player: int


@dataclass(frozen=True, slots=True)
class BringIn:
    """Stud: post the forced bring-in (PHH ``pb``); the alternative is to complete."""

    player: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Draw games: throw ``cards`` away and draw as many (none: stand pat; PHH ``sd``)."""

    player: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Show:
    """Show the hand at showdown (PHH ``sm CARDS``)."""

    player: int


@dataclass(frozen=True, slots=True)
class Muck:
    """Throw the hand away at showdown unseen, giving up any claim to the pot."""

    player: int


@dataclass(frozen=True, slots=True)
class AgreeRuns:
    """Agree to deal the rest of the board ``runs`` times (1, 2 or 3; 000 NL §17)."""

    player: int
    runs: int


Action = Fold | Check | Call | Raise | AllIn | BringIn | Discard | Show | Muck | AgreeRuns


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do, with exact amounts in chips.

    Attributes:
        player: the hand index of the player to act.
        can_fold: folding is offered only when there is a bet to call.
        can_check: nothing is owed.
        call_amount: chips a call adds (capped at the stack); 0 when checking.
        min_raise_to, max_raise_to: the bet or raise range *to*, in chips on this street;
            None when the player may not bet or raise. A short all-in shows as
            ``min_raise_to == max_raise_to == all_in_to``.
        all_in_to: the player's total on this street if he puts every chip in.
        stack: chips behind before acting.
        bet_unit: raises other than an all-in are multiples of it.
        bring_in: stud: the bring-in this player must post (or complete instead); 0 when
            no bring-in is due.
        completes: stud's first round: a raise now completes the bring-in to a full bet.
        either: fixed limit's open-pair option: exactly the minimum or the maximum.
        opened: a bet (or a blind or kill blind) is live on this street, so a bigger one is
            a raise even for a player who may check (the big blind's option).
    """

    player: int
    can_fold: bool
    can_check: bool
    call_amount: int
    min_raise_to: int | None
    max_raise_to: int | None
    all_in_to: int
    stack: int
    bet_unit: int = 1
    bring_in: int = 0
    completes: bool = False
    either: bool = False
    opened: bool = False

    @property
    def can_raise(self) -> bool:
        """Whether any bet or raise is allowed."""
        return self.min_raise_to is not None
