"""The joker ("bug") house option in jacks or better and ace-to-five (004 jacks §10)."""

from __future__ import annotations

import pytest

from bot.engine.actions import Call, Check, Discard, Raise
from bot.engine.cards import JOKER, JOKER_DECK, Deck, pretty
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.errors import ConfigError
from bot.engine.evaluate import high_value
from bot.engine.events import OpenersVerified
from bot.engine.hand import Hand, HandSetup
from bot.engine.joker import joker_as_high, joker_as_low, joker_high_value, joker_low_value
from bot.engine.lowball import ace_to_five_value


def test_004_jacks_10_ace_joker_king_queen_ten_is_a_straight_that_keeps_openers() -> None:
    """004 jacks §10: A♠ joker K♠ Q♠ 10♣ makes a straight; throwing the 10♣ keeps ace-joker,
    a pair of aces (openers retained), drawing to a royal flush."""
    hand = ("As", JOKER, "Ks", "Qs", "Tc")
    assert joker_high_value(hand) == high_value(("As", "Ks", "Qs", "Js", "Tc"))
    kept = ("As", JOKER, "Ks", "Qs", "3d")
    assert joker_as_high(kept)[-1][0] == "A"
    assert joker_high_value(kept) >= high_value(("Jc", "Jd", "2h", "3s", "4c"))


def test_joker_counts_as_an_ace_or_completes_a_flush_but_is_not_any_card() -> None:
    """The joker counts as an ace or completes a straight or flush; it does not make a
    pair of kings from a king."""
    flush = ("2h", "7h", "9h", "Jh", JOKER)
    assert joker_high_value(flush) == high_value(("2h", "7h", "9h", "Jh", "Ah"))
    pair = ("Kc", "8d", "5s", "3h", JOKER)
    assert joker_high_value(pair) == high_value(("Kc", "8d", "5s", "3h", "Ac"))
    assert joker_high_value(pair) < high_value(("Kc", "Kd", "5s", "3h", "2c"))


def test_ace_to_five_joker_is_the_lowest_card_not_in_the_hand() -> None:
    """004 lowball with the joker: it is the lowest card not already in the hand."""
    assert joker_as_low(("2c", "3d", "4h", "5s", JOKER))[-1][0] == "A"
    assert joker_as_low(("Ac", "3d", "4h", "5s", JOKER))[-1][0] == "2"
    assert joker_low_value((JOKER, "2c", "3d", "4h", "5s")) == ace_to_five_value(
        ("Ac", "2c", "3d", "4h", "5s")
    )


def test_joker_deck_has_53_cards_and_the_joker_reads_in_chat() -> None:
    """The joker deck is 53 cards; the joker shows as a card symbol."""
    assert len(JOKER_DECK) == 53 and len(set(Deck(joker=True).order)) == 53
    assert pretty(JOKER) == "🃏"


def test_joker_only_in_jacks_and_ace_to_five() -> None:
    """The joker is a house option of jacks or better and ace-to-five lowball only."""
    rules = HouseRules(joker=True)
    holdem = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2), rules)
    with pytest.raises(ConfigError, match="joker"):
        Hand(HandSetup(holdem, ("a", "b"), (100, 100)))


def test_jacks_with_the_joker_ace_joker_opens_and_wins() -> None:
    """A whole jacks-or-better hand with the joker: ace-joker opens (a pair of aces)."""
    rules = HouseRules(joker=True)
    config = GameConfig(
        Game.JACKS, Structure.FIXED_LIMIT, Stakes(0, 0, ante=1, small_bet=2, big_bet=4), rules
    )
    top = ["As", JOKER, "Kd", "7c", "2h", "Qs", "Qd", "9c", "5h", "3s"]
    rest = [c for c in JOKER_DECK if c not in top]
    hand = Hand(HandSetup(config, ("a", "b"), (100, 100), deck_order=(*top, *rest)))
    assert hand.to_act == 0
    hand.apply(Raise(0, 2))
    hand.apply(Call(1))
    hand.apply(Discard(0, ("7c", "2h")))
    hand.apply(Discard(1, ("9c", "5h", "3s")))
    hand.apply(Check(0))
    hand.apply(Check(1))
    assert hand.is_complete
    assert [e for e in hand.events if isinstance(e, OpenersVerified)] == [OpenersVerified(0)]
    assert sum(hand.stacks) == 200
