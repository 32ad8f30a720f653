"""The decision gate: a proposed move as the rules will apply it, and whether it is to be
confirmed first, answered by the engine alone."""

from __future__ import annotations

import random
import re

import pytest
from helpers import config, new_hand

from bot.engine.actions import AllIn, Call, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.decision import decide
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, HandSetup
from bot.words.refusals import refusal


def _hand(structure: Structure = Structure.NO_LIMIT, **options: int):  # type: ignore[no-untyped-def]
    # a, b, c: c is first to act, facing the big blind of 10
    return new_hand(config(structure, sb=5, bb=10, **options), [1000, 1000, 300])


def test_000_nl_3_a_bare_raise_is_the_minimum_raise() -> None:
    """000 NL §3: a raise is at least the size of the last bet or raise; a bare ``raise``
    (or ``bet``) is that minimum, sized by the engine, not by a layer above it."""
    hand = _hand()
    assert decide(hand, 2, "raise").action == Raise(2, 20)
    fixed = _hand(Structure.FIXED_LIMIT, small_bet=10, big_bet=20)
    assert decide(fixed, 2, "bet").action == Raise(2, 20)


def test_a_move_out_of_turn_says_whose_turn_it_is() -> None:
    """A betting move out of turn, with or without an amount, names the player to act."""
    hand = _hand()
    for kind, amount in (("raise", None), ("raise", 40), ("call", None), ("fold", None)):
        with pytest.raises(IllegalAction, match="not your turn: c is to act"):
            decide(hand, 0, kind, amount)


def test_an_all_in_is_confirmed_first_and_a_big_bet_over_the_house_size() -> None:
    """An all-in, a raise that puts the player all-in, or one adding more than the host's
    ``confirm_over`` chips asks for a confirmation; an ordinary one does not."""
    hand = _hand()
    allin = decide(hand, 2, "allin")
    assert allin.action == AllIn(2) and allin.all_in and allin.confirm == "Go all-in for 300?"
    shove = decide(hand, 2, "raise", 300)
    assert shove.all_in and shove.confirm is not None and "all-in for 300" in shove.confirm
    assert decide(hand, 2, "raise", 60).confirm is None
    big = decide(hand, 2, "raise", 60, confirm_over=50)
    assert big.adds == 60 and big.confirm == "Raise to 60? (more than 50 chips)"
    call = decide(hand, 2, "call")
    assert call.action == Call(2) and call.adds == 10 and call.confirm is None
    assert decide(hand, 2, "fold").action == Fold(2)


def test_004_jacks_1_a_bare_bet_without_openers_is_refused_with_the_choices() -> None:
    """004 jacks §1: a pair of jacks or better opens; a bare ``bet`` by a player without
    openers is refused, saying why and what he may do."""
    stakes = Stakes(0, 0, ante=5, small_bet=10, big_bet=20)
    cfg = GameConfig(Game.JACKS, Structure.FIXED_LIMIT, stakes)
    cards = [c for h in ("Ah Kh 5c 7d 9s", "Td Ts Ac Kc Qh", "2c 3c 4d 6d 8s") for c in h.split()]
    deck = Deck.stacked(cards, rng=random.Random(1)).order
    hand = Hand(HandSetup(cfg, ("a", "b", "c"), (500, 500, 500), deck_order=deck))
    index = hand.to_act
    assert index is not None
    with pytest.raises(IllegalAction) as refused:
        decide(hand, index, "bet")
    assert re.search("without jacks or better to open.*you may check", refusal(refused.value))


def test_000_pl_1_an_all_in_over_the_pot_limit_asks_about_the_pot_raise_it_becomes() -> None:
    """000 PL §1: an overbet is cut to the maximum. An ``allin`` (or a raise) over the pot
    limit is not an all-in: the question is about the raise it comes to, never "all-in"
    (the engine cuts it and tells the player)."""
    hand = new_hand(config(Structure.POT_LIMIT, sb=5, bb=10), [1000, 1000, 300])
    legal = hand.legal_actions()
    assert legal.max_raise_to == 35
    for kind, amount in (("allin", None), ("raise", 200)):
        decision = decide(hand, 2, kind, amount)
        assert not decision.all_in and decision.adds == 35
        assert decision.confirm == "Raise to 35, the most the pot limit allows (000 PL §1)?"


def test_000_nl_16_more_than_the_stack_is_refused_before_anything_is_asked() -> None:
    """000 NL §16 (table stakes): a raise to more than the player has is refused with the
    legal range at once, not asked about as an all-in and refused after the click."""
    hand = _hand()
    with pytest.raises(IllegalAction) as refused:
        decide(hand, 2, "raise", 500)
    assert re.search("you have 300 in all; you may fold, call 10", refusal(refused.value))


def test_a_call_that_puts_the_player_all_in_is_confirmed_like_any_all_in() -> None:
    """A call for every chip the player has is an all-in: it asks for the same click."""
    hand = new_hand(config(Structure.NO_LIMIT, sb=5, bb=10), [1000, 1000, 8])
    call = decide(hand, 2, "call")
    assert call.all_in and call.confirm == "Calling 8 puts you all-in: confirm?"


def test_fixed_limit_an_all_in_over_the_bet_is_refused_with_the_choices() -> None:
    """Fixed limit: an all-in for more than the limit is no move: refused at once with
    what the player may do."""
    hand = _hand(Structure.FIXED_LIMIT, small_bet=10, big_bet=20)
    with pytest.raises(IllegalAction, match="the most you may bet or raise to is 20"):
        decide(hand, 2, "allin")


def test_a_call_naming_the_wrong_amount_is_refused_with_the_choices() -> None:
    """``call 5`` facing a bet of 10 is not silently a call of 10: it is refused with the
    legal choices; ``call 10`` is the call."""
    hand = _hand()
    with pytest.raises(IllegalAction) as refused:
        decide(hand, 2, "call", 5)
    assert re.search(r"the call is 10, not 5: you may fold, call 10", refusal(refused.value))
    assert decide(hand, 2, "call", 10).action == Call(2)
    assert decide(hand, 2, "call", 10).adds == 10


def test_000_nl_4_completing_is_refused_in_big_bet_poker_and_taken_in_limit() -> None:
    """000 NL §4: completing a bet is a limit idea: 'complete to N' in no-limit or
    pot-limit is refused with what the player may do; in fixed limit it is a raise to N."""
    big_bet = new_hand(config(), [200, 200, 200])
    actor = big_bet.to_act
    assert actor is not None
    with pytest.raises(IllegalAction, match=r"completing a bet is for limit poker \(000 NL §4\)"):
        decide(big_bet, actor, "complete", 4)
    limit = new_hand(config(structure=Structure.FIXED_LIMIT), [200, 200, 200])
    actor = limit.to_act
    assert actor is not None
    to = limit.legal_actions().min_raise_to
    assert to is not None
    assert decide(limit, actor, "complete", to).action == Raise(actor, to)
