"""The big-blind ante of a tournament level: the big blind first when short
(TDA 2024 RP-11), and the hand's history replays to the same stacks in our engine and in
pokerkit."""

from __future__ import annotations

import random

from pokerkit import HandHistory as PokerkitHistory

from bot.engine.actions import Call, Check
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.events import Posted
from bot.engine.hand import Hand, HandSetup
from bot.phh.convert import hand_to_phh
from bot.phh.notation import dumps_phh
from bot.phh.replay import play_history

CONFIG = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(500, 1000, big_blind_ante=1000))


def _hand(big_blind_stack: int) -> Hand:
    deck = Deck(rng=random.Random(3)).order
    setup = HandSetup(
        CONFIG, ("sb", "bb", "btn"), (20_000, big_blind_stack, 20_000), deck_order=deck
    )
    return Hand(setup, auto_deal=True)


def _posted(hand: Hand) -> list[tuple[int, str, int]]:
    return [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, Posted)]


def test_tda_2024_rp_11_a_short_big_blind_fills_the_blind_first_then_the_ante() -> None:
    hand = _hand(1500)
    assert (1, "big_blind", 1000) in _posted(hand) and (1, "ante", 500) in _posted(hand)
    assert hand.stacks[1] == 0 and hand.dead == 500


def test_tda_2024_rp_11_a_big_blind_with_less_than_his_blind_posts_no_ante() -> None:
    hand = _hand(800)
    assert (1, "big_blind", 800) in _posted(hand)
    assert not [p for p in _posted(hand) if p[1] == "ante"]
    assert hand.dead == 0


def test_tda_2024_rp_11_the_full_ante_when_the_big_blind_covers_both() -> None:
    hand = _hand(5000)
    assert (1, "big_blind", 1000) in _posted(hand) and (1, "ante", 1000) in _posted(hand)


def test_tda_2024_rp_11_a_short_big_blinds_hand_replays_in_our_engine_and_pokerkit() -> None:
    for stack in (800, 1500):
        hand = _hand(stack)
        while not hand.is_complete:
            legal = hand.legal_actions()
            hand.apply(Check(legal.player) if legal.can_check else Call(legal.player))
        hh = hand_to_phh(hand)
        replayed, index, error = play_history(hh)
        assert (index, error) == (None, None)
        assert replayed.stacks == hand.stacks
        if stack < 1000:
            # a blind all-in for less than its size: the others still call the full blind
            # here (RULES.md), where pokerkit's call is the short blind
            continue
        theirs = PokerkitHistory.loads(dumps_phh(hh))
        *_, last = iter(theirs)
        assert list(last.stacks) == hand.stacks
