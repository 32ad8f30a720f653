"""A hand whose board was run more than once (000 NL §17) keeps every run in its hand
history, and replays from it to the same stacks."""

from __future__ import annotations

import pytest

from bot.engine.actions import AgreeRuns, AllIn, Call, Check
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand, HandSetup
from bot.phh.convert import hand_to_phh
from bot.phh.notation import dumps_phh, load_phh
from bot.phh.replay import play_history
from bot.words.handtext import hand_lines

NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))


@pytest.mark.parametrize(("runs", "flop_first"), [(2, False), (3, False), (2, True)])
def test_000_nl_17_every_run_is_in_the_history_and_replays(runs: int, flop_first: bool) -> None:
    # a: As Ah, b: Ks Kh; the first run's board, then each other run's cards
    deck = Deck.stacked(
        ["As", "Ah", "Ks", "Kh", "2c", "7d", "9h", "3s", "4s", "Kd", "Kc", "5d", "Jc", "Qc"]
    ).order
    hand = Hand(HandSetup(NL, ("a", "b"), (100, 100), deck_order=deck), offer_runs=True)
    if flop_first:
        hand.apply(Call(1))
        hand.apply(Check(0))
    hand.apply(AllIn(hand.legal_actions().player))
    hand.apply(Call(hand.legal_actions().player))
    hand.apply(AgreeRuns(hand.to_act or 0, runs))
    hand.apply(AgreeRuns(hand.to_act or 0, runs))
    assert hand.is_complete and len(hand.boards()) == runs
    history = load_phh(dumps_phh(hand_to_phh(hand)))
    replayed, index, error = play_history(history)
    assert (index, error) == (None, None)
    assert replayed.stacks == hand.stacks and replayed.boards() == hand.boards()
    lines = hand_lines(history, 0)
    assert any(line.startswith("Run 2: ") for line in lines)
