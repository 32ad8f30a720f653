"""The hand as the player to act may know it: what a computer player decides from."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import config, new_hand, play

from bot.engine.actions import Call, Check, Fold
from bot.engine.errors import IllegalAction
from bot.engine.hand import Phase
from bot.engine.seatview import seat_view

# three players: hand order 0, 1, 2 each dealt two cards in turn, then the board
CARDS = ["As", "Kd", "7h", "Ah", "Kc", "2c", "9c", "8d", "3s", "Th", "Jd"]


def test_a_seat_view_holds_the_players_own_cards_and_no_one_elses() -> None:
    """Preflop, the player to act sees his two cards, no board, the pot and his legal
    range; no other player's card is anywhere in his view."""
    h = new_hand(config(), [1000, 1000, 1000], CARDS)
    actor = h.to_act
    assert actor is not None
    view = seat_view(h, actor)
    assert view.hole == tuple(h.hole[actor] or ())
    others = {c for i in range(h.n) if i != actor for c in h.hole[i] or ()}
    fields = dataclasses.astuple(view)
    assert not others & set(_cards_in(fields))
    assert (view.board, view.opponents, view.pot) == ((), 2, 150)
    assert view.legal is not None and view.legal.min_raise_to == 200
    assert view.phase is Phase.BETTING and view.timer_move == Fold(actor)


def test_a_seat_view_is_only_for_the_player_the_hand_waits_on() -> None:
    """Another player's view of the decision is refused: his legal range would be
    someone else's."""
    h = new_hand(config(), [1000, 1000, 1000], CARDS)
    actor = h.to_act
    assert actor is not None
    with pytest.raises(IllegalAction):
        seat_view(h, (actor + 1) % h.n)


def test_a_seat_view_counts_only_the_opponents_still_in() -> None:
    """After a fold the view counts one opponent; on the flop it shows the three board
    cards and a free check as the timer's move."""
    h = new_hand(config(), [1000, 1000, 1000], CARDS)
    for move in (Fold, Call, Check):  # the button folds, the small blind completes
        play(h, move(h.to_act or 0))
    actor = h.to_act
    assert actor is not None and len(h.board) == 3
    view = seat_view(h, actor)
    assert view.opponents == 1 and view.board == tuple(h.board)
    assert view.timer_move == Check(actor)


def _cards_in(values: object) -> list[str]:
    if isinstance(values, str):
        return [values]
    if isinstance(values, (tuple, list)):
        return [c for v in values for c in _cards_in(v)]
    return []
