"""The lowball voluntary kill after two cards (000 kill §10, 002 lowball kill rules §9)."""

from __future__ import annotations

import random

import pytest

from bot.engine.actions import Call, Check, Discard, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.events import Posted, PotKilled
from bot.engine.hand import Hand, HandSetup, Phase
from bot.engine.kills import KillRules
from bot.engine.killtracker import KillTracker

LOWBALL = GameConfig(Game.DEUCE_SINGLE, Structure.NO_LIMIT, Stakes(5, 10))
NAMES = ("Ann", "Bob", "Cat")


def _deal(tracker: KillTracker, stacks: tuple[int, ...] = (1000, 1000, 1000)) -> Hand:
    deck = Deck(rng=random.Random(2)).order
    return Hand(tracker.prepare(HandSetup(LOWBALL, NAMES, stacks, deck_order=deck)))


def test_000_kill_10_lowball_deal_pauses_after_two_cards_for_a_kill() -> None:
    """000 kill §10: in lowball players look at two cards and may kill until anyone has a
    third; the first claim in turn from the button wins and that killer acts last."""
    tracker = KillTracker(KillRules())
    hand = _deal(tracker)
    assert hand.phase is Phase.KILL_WINDOW
    assert all(len(cards or ()) == 2 for cards in hand.hole)
    with pytest.raises(IllegalAction, match="paused after two cards"):
        hand.legal_actions()
    events = hand.close_kill_window([2, 0])
    killed = [e for e in events if isinstance(e, PotKilled)]
    assert killed == [PotKilled(0, 20, "voluntary", "No-Limit 2-7 Single Draw 5/20")]
    assert all(len(cards or ()) == 5 for cards in hand.hole)
    assert hand.to_act == 1  # action begins left of the killer, who acts last
    assert hand.legal_actions().call_amount == 10
    assert [e for e in events if isinstance(e, Posted)] == [Posted(0, "kill", 20, False)]
    assert hand.dead == 5  # Ann's small blind stays in as dead money: no voluntary soft kill
    assert hand.chips_in_play() == 3000
    hand.apply(Call(1))
    hand.apply(Call(2))
    assert hand.to_act == 0 and hand.legal_actions().can_check  # the killer's option
    hand.apply(Raise(0, 60))
    hand.apply(Call(1))
    hand.apply(Call(2))
    assert hand.phase is Phase.DRAWING
    for player in range(3):
        hand.apply(Discard(player, ()))
    for player in range(3):
        hand.apply(Check(player))
    assert hand.is_complete and sum(hand.stacks) == 3000
    button = tracker.settle(hand)
    assert button.state.value in ("leg_up", "killed", "neutral")


def test_000_kill_10_a_lowball_killer_needs_four_times_the_kill_blind() -> None:
    """000 kill §10: big blind 10, kill 20: a voluntary killer needs at least 80 chips."""
    tracker = KillTracker(KillRules())
    hand = _deal(tracker, stacks=(70, 1000, 1000))
    events = hand.close_kill_window([0])
    assert not [e for e in events if isinstance(e, PotKilled)]
    assert hand.config.stakes.big_blind == 10


def test_002_lowball_no_claim_deals_on_unkilled() -> None:
    """002 §9: with no claim the deal goes on at the normal stakes."""
    tracker = KillTracker(KillRules())
    hand = _deal(tracker)
    hand.close_kill_window([])
    assert hand.phase is Phase.BETTING and hand.to_act == 2
    assert hand.legal_actions().call_amount == 10
    with pytest.raises(IllegalAction, match="after two cards only"):
        hand.close_kill_window([1])


def test_002_no_lowball_kill_window_when_voluntary_kills_are_prohibited() -> None:
    """002 alternate: voluntary kills prohibited: no pause after two cards."""
    tracker = KillTracker(KillRules(voluntary=False))
    hand = _deal(tracker)
    assert hand.phase is Phase.BETTING
