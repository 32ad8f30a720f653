"""What one player may know of a hand when it waits on him: his own cards, the board, the
pot, what he may do and what the turn timer would do for him; never anyone else's cards.

A computer player decides from this view alone, as a person at the table would, instead of
from the hand itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, LegalActions
from .errors import IllegalAction
from .games import Ranking
from .hand import Hand, Phase
from .turns import timeout_action


@dataclass(frozen=True)
class SeatView:
    """A hand as the player at hand index ``index`` may know it, when it waits on him.

    Attributes:
        index: his index in the hand.
        phase: where the hand stands (betting, drawing, a vote on the runs, ...).
        hole: his own cards, in the order dealt.
        board: the board cards dealt so far.
        opponents: how many other players still hold cards.
        pot: every chip in the middle, this street's bets included.
        current_bet: the bet to match on this street, in chips.
        big_blind: the table's big blind (or small bet), in chips.
        legal: what he may do, with the amounts, while betting; None otherwise.
        ranking: how the game ranks hands.
        stud, draw, lowball: the game is stud, a draw game, a lowball game.
        timer_move: what the turn timer would do for him now (000 NL §15).
    """

    index: int
    phase: Phase
    hole: tuple[str, ...]
    board: tuple[str, ...]
    opponents: int
    pot: int
    current_bet: int
    big_blind: int
    legal: LegalActions | None
    ranking: Ranking
    stud: bool
    draw: bool
    lowball: bool
    timer_move: Action


def seat_view(hand: Hand, index: int) -> SeatView:
    """``hand`` as the player at ``index`` may know it (see :class:`SeatView`).

    Raises:
        IllegalAction: the hand does not wait on him.
    """
    if hand.to_act != index:
        raise IllegalAction("the hand does not wait on this player")
    legal = hand.legal_actions() if hand.phase is Phase.BETTING else None
    spec = hand.spec
    return SeatView(
        index,
        hand.phase,
        tuple(hand.hole[index] or ()),
        tuple(hand.board),
        sum(1 for i in hand.live() if i != index),
        hand.pot_total(),
        hand.current_bet,
        hand.config.stakes.big_blind,
        legal,
        spec.ranking,
        spec.is_stud,
        spec.is_draw,
        spec.is_lowball,
        timeout_action(hand, index),
    )
