"""Whose turn it is and what the table does about it: the turn as everyone may know it, the
move the turn timer makes for a player out of time (000 NL §15), a check/fold chosen in
advance, and who may put the clock on. Pure functions of a hand in play, so every layer
above asks here instead of reading the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, AgreeRuns, BringIn, Check, Discard, Fold, LegalActions, Show
from .errors import IllegalAction
from .hand import Hand, Phase

# 000 NL §15: one more minute once the clock is put on, with a warning when ten are left
CLOCK_SECONDS = 60
WARNING_SECONDS = 10


@dataclass(frozen=True)
class Turn:
    """The decision the table waits for.

    Attributes:
        player_id: who is to act.
        phase: the hand's :class:`~bot.engine.phases.Phase` value (``betting``,
            ``drawing``, ``runs_vote``, ``showdown``...).
        legal: in a betting round, what he may do in chips (the words wing says it,
            :func:`bot.words.legalwords.turn_text`); None in any other phase.
        pot: chips in the pot, the bets of this street included.
        board: the board cards dealt so far.
        players: the player ids dealt into the hand, in hand order.
    """

    player_id: str
    phase: str
    legal: LegalActions | None
    pot: int
    board: tuple[str, ...]
    players: tuple[str, ...]


def turn_of(hand: Hand | None) -> Turn | None:
    """The decision ``hand`` waits for, or None (no hand, or no one to act)."""
    if hand is None or hand.to_act is None:
        return None
    legal = hand.legal_actions() if hand.phase is Phase.BETTING else None
    player = hand.names[hand.to_act]
    return Turn(
        player, hand.phase.value, legal, hand.pot_total(), tuple(hand.board), tuple(hand.names)
    )


def timeout_action(hand: Hand, index: int) -> Action:
    """What the turn timer does for the player at ``index`` whose time ran out (000 NL §15:
    checked if checking is free, else folded): in stud he brings it in if it is due, in a
    draw he stands pat, in a vote on running the board he asks for one run (000 NL §17),
    at a showdown he shows."""
    if hand.phase is Phase.DRAWING:
        return Discard(index, ())
    if hand.phase is Phase.RUNS_VOTE:
        return AgreeRuns(index, 1)  # silence is no agreement: the board is run once
    if hand.phase is Phase.BETTING:
        legal = hand.legal_actions()
        if legal.bring_in:
            return BringIn(index)
        return Check(index) if legal.can_check else Fold(index)
    return Show(index)


def check_or_fold(hand: Hand) -> Action | None:
    """The move a check/fold chosen in advance makes for the player to act (check if he can,
    else fold; stud's bring-in, which may be neither checked nor folded, is posted), or None
    when no betting decision is pending."""
    if hand.to_act is None or hand.phase is not Phase.BETTING:
        return None
    index = hand.to_act
    legal = hand.legal_actions()
    if legal.bring_in:
        return BringIn(index)
    return Check(index) if legal.can_check else Fold(index)


def still_in(hand: Hand | None, player_id: str) -> bool:
    """Whether ``player_id`` holds live cards in ``hand`` (dealt in and not folded)."""
    if hand is None or player_id not in hand.names:
        return False
    return not hand.folded[hand.names.index(player_id)]


def clock_deadline(now: float, deadline: float | None) -> float:
    """When the clock put on a player at ``now`` (seconds) runs out, given the deadline his
    decision had (None: no timer ran).

    000 NL §15 gives one more minute and a ten-second warning; the house's turn timer may
    already give less. The clock is a way to hurry a player, so it gives him the lesser of
    what he had left and its seventy seconds: it shortens a long turn or a time bank, and
    never lengthens one (house choice, ``docs/rules.md``).

    Returns:
        The new deadline, in the same seconds as ``now``.
    """
    clocked = now + CLOCK_SECONDS + WARNING_SECONDS
    return clocked if deadline is None else min(deadline, clocked)


def check_clock(hand: Hand | None) -> str:
    """The player the clock may be put on (000 NL §15: a player facing action).

    Raises:
        IllegalAction: no one is facing a bet decision.
    """
    if hand is None or hand.to_act is None or hand.phase is not Phase.BETTING:
        raise IllegalAction("the clock goes on a player facing action")
    return hand.names[hand.to_act]
