"""A hand whose first player to act is not the one left of the largest blind (a player
posting to come in, a kill blind posted from the small blind) keeps who acts first in its
hand history, and replays from it."""

from __future__ import annotations

from bot.engine.actions import Call, Check, Fold
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand, HandSetup
from bot.phh.convert import hand_to_phh
from bot.phh.notation import dumps_phh, load_phh
from bot.phh.replay import play_history

NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))


def test_a_poster_to_come_in_does_not_move_who_acts_first_in_the_replay() -> None:
    # d posts a big blind to come in; the action starts left of the real big blind (b)
    setup = HandSetup(
        NL,
        ("a", "b", "c", "d"),
        (100, 100, 100, 100),
        blinds=(1, 2, 0, 2),
        blind_kinds=("small_blind", "big_blind", "", "big_blind"),
        first_to_act=2,
        deck_order=Deck.stacked([]).order,
    )
    hand = Hand(setup)
    assert hand.legal_actions().player == 2
    for action in (Call(2), Check(3), Fold(0), Check(1)):
        hand.apply(action)
    while not hand.is_complete:
        hand.apply(Check(hand.legal_actions().player))
    history = load_phh(dumps_phh(hand_to_phh(hand)))
    replayed, index, error = play_history(history)
    assert (index, error) == (None, None) and replayed.stacks == hand.stacks
