"""Five-card draw, jacks or better (004 jacks §1-11, RULES.md "Draw and lowball").

Hand order: index 0 is the first seat left of the button, the last index the button. Antes
of 5, 10/20 fixed limit: the small bet before the draw, the big bet after it. Each player is
dealt five cards in hand order; at the draw each discards in turn from index 0. Every action
goes through ``act`` or ``refuse``, which check after each one that the chips in play equal
the chips the players started with (plus a pot carried from a passed-out deal), and that a
refused action changed nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

import pytest
from helpers import assert_conserved as conserved
from helpers import legal, of_type
from helpers import play as act
from helpers import refused as refuse

from bot.engine.actions import AllIn, Call, Check, Discard, Fold, Raise
from bot.engine.cards import Deck, pretty
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.errors import HandOver
from bot.engine.events import (
    Acted,
    CardsDrawn,
    Event,
    HandEnded,
    HoleCardsDealt,
    OpenersVerified,
    PassedOut,
    PotAwarded,
    ShuffleOpened,
    StreetEnded,
    UncalledReturned,
)
from bot.engine.hand import Hand, HandSetup, Phase
from bot.words.legalwords import legal_text

NAMES = ("a", "b", "c", "d", "e", "f")
STAKES = Stakes(0, 0, ante=5, small_bet=10, big_bet=20)

NO_OPENERS = ("Ah Kh 5c 7d 9s", "Td Ts Ac Kc Qh", "2c 3c 4d 6d 8s")


def new_hand(
    hands: Sequence[str],
    stacks: Sequence[int] | None = None,
    *,
    later: Sequence[str] = (),
    seed: int = 1,
    rules: HouseRules | None = None,
    **setup: Any,
) -> Hand:
    """Jacks or better; ``hands`` dealt in hand order (five cards each), then ``later``."""
    order = [c for h in hands for c in h.split()] + list(later)
    deck = Deck.stacked(order, rng=random.Random(seed)).order
    stacks = tuple(stacks or (500,) * len(hands))
    config = GameConfig(Game.JACKS, Structure.FIXED_LIMIT, STAKES, rules or HouseRules())
    hand = Hand(HandSetup(config, NAMES[: len(stacks)], stacks, deck_order=deck, **setup))
    conserved(hand)
    return hand


def shown_to_the_table(events: Sequence[Event], card: str) -> bool:
    """Whether any public event shows ``card``: as a card in its fields, in the openings of
    ShuffleOpened, or named in a description."""
    for event in events:
        if event.private_to is not None:
            continue
        for value in (getattr(event, f.name) for f in fields(event)):
            if isinstance(value, tuple) and card in value:
                return True
            if isinstance(value, str) and pretty(card) in value:
                return True
        if isinstance(event, ShuffleOpened) and card in {o.card for o in event.openings}:
            return True
    return False


# =========================================================================== openers


@pytest.mark.parametrize(
    ("cards", "opens"),
    [
        ("Jd Js 2d 3c 4h", True),  # the least pair that opens
        ("Qs Qd 2c 3c 4h", True),
        ("As Ad 2c 3c 4h", True),
        ("2s 2d 3c 3h 4h", True),  # two pair beats a pair of jacks
        ("5s 6d 7c 8h 9h", True),  # a straight
        ("2h 6h 8h Th Qh", True),  # a flush
        ("Td Ts Ac Kc Qh", False),  # tens are not enough
        ("Ah Kh Qd Jc 9s", False),  # ace-king high
    ],
)
def test_004_jacks_1_a_pair_of_jacks_or_better_opens(cards: str, opens: bool) -> None:
    """004 jacks §1: a pair of jacks or better is required to open; the option to bet is
    offered only to a player who holds openers."""
    h = new_hand([cards, "7s 7h 8c 9c 5d"])
    assert h.to_act == 0 and h.stacks == [495, 495] and h.pot_total() == 10
    la = h.legal_actions()
    assert la.can_check and not la.can_fold
    if opens:
        assert legal(h) == (10, 10, 0) and legal_text(la) == "check or bet 10"
        assert act(h, Raise(0, 10)) == [Acted(0, "bet", 10, 10, False)]
        assert h.opener == 0 and h.opening_hand == tuple(cards.split())
    else:
        assert legal(h) == (None, None, 0) and legal_text(la) == "check"


def test_004_jacks_1_an_open_without_openers_is_refused() -> None:
    """004 jacks §1, RULES.md "Draw and lowball": the bot knows every hand and refuses an
    open without openers, saying why; nothing changes."""
    h = new_hand(NO_OPENERS)
    for action in (Raise(0, 10), Raise(0, 20), AllIn(0)):
        refuse(h, action, "you need a pair of jacks or better to open: you may check")
    assert h.opener is None and h.opening_hand is None
    act(h, Check(0))
    assert h.to_act == 1 and legal(h) == (None, None, 0)
    refuse(h, Raise(1, 10), "you need a pair of jacks or better to open: you may check")


def test_004_jacks_1_once_opened_anyone_may_call_or_raise() -> None:
    """004 jacks §1: openers are needed only to open; once the pot is open a player without
    openers may call or raise."""
    h = new_hand(["Ah Kh 5c 7d 9s", "Jd Js 2d 3c 4h", "Ts Td 9c 8c 2h"])
    act(h, Check(0), Raise(1, 10))
    assert h.opener == 1 and h.to_act == 2 and legal(h) == (20, 20, 10)
    assert act(h, Raise(2, 20)) == [Acted(2, "raise", 20, 20, False)]
    assert h.to_act == 0 and legal(h) == (30, 30, 20)
    act(h, Call(0), Call(1))
    assert h.phase is Phase.DRAWING and h.pot_total() == 75 and h.opener == 1


# =========================================================================== passed out


def test_004_jacks_1_no_opener_the_deal_is_passed_out_and_the_pot_stays() -> None:
    """004 jacks §1: if no one opens, the hand ends passed out: a PassedOut event, no award,
    the antes stay in the pot for the next deal."""
    h = new_hand(NO_OPENERS)
    events = act(h, Check(0), Check(1), Check(2))
    assert events[-2:] == [StreetEnded(0, 15), PassedOut(15)]
    assert h.passed_out and h.is_complete and h.phase is Phase.COMPLETE
    assert h.stacks == [495, 495, 495] and h.pot_total() == 15 and h.won == [0, 0, 0]
    assert not of_type(h.events, PotAwarded) and not of_type(h.events, HandEnded)
    refuse(h, Check(0), "this hand is over", HandOver)


def test_004_jacks_1_the_carried_pot_goes_to_the_next_deals_winner() -> None:
    """004 jacks §1: everyone antes again; the pot passed out grows deal by deal
    (``HandSetup(carried=...)``) until someone opens and wins it."""
    stacks: tuple[int, ...] = (500, 500, 500)
    carried = 0
    for seed in (1, 2):
        h = new_hand(NO_OPENERS, stacks, carried=carried, seed=seed)
        assert h.pot_total() == carried + 15
        act(h, Check(0), Check(1), Check(2))
        assert h.passed_out
        stacks, carried = tuple(h.stacks), h.pot_total()
    assert stacks == (490, 490, 490) and carried == 30
    h = new_hand([NO_OPENERS[0], "Jd Js 2h 3s 5h", NO_OPENERS[2]], stacks, carried=carried)
    assert h.pot_total() == 45 and h.chips_in_play() == 1500
    events = act(h, Check(0), Raise(1, 10), Fold(2), Fold(0))
    assert of_type(events, UncalledReturned) == [UncalledReturned(1, 10)]
    assert of_type(events, PotAwarded) == [PotAwarded(0, None, 0, 45, ((1, 45),), "")]
    assert h.stacks == [485, 530, 485] and sum(h.stacks) == 1500


def test_004_jacks_5_a_player_all_in_for_the_ante_may_open() -> None:
    """004 jacks §5: even all-in for just the ante, a player with openers may declare the
    pot open: the deal is not passed out, the hand goes on to the draw."""
    h = new_hand(["Jd Js 2d 3h 5h", *NO_OPENERS[1:]], (5, 500, 500))
    assert h.stacks[0] == 0 and h.pot_total() == 15
    while h.phase is Phase.BETTING:
        act(h, Check(h.to_act or 0))
    assert not h.passed_out and h.opener == 0


# =========================================================================== openers verified


def test_004_jacks_9_split_openers_the_bot_keeps_the_discards_and_verifies() -> None:
    """004 jacks §3, §9: the opener may split openers (throw a jack to draw to a flush);
    the bot keeps his opening hand itself and announces at the end that the openers were
    verified; the thrown jack is never shown to the table."""
    opening = "Jh Js 9h 8h 2h"
    h = new_hand([NO_OPENERS[0], opening, NO_OPENERS[2]], later=["5h"])
    act(h, Check(0), Raise(1, 10), Call(2), Call(0))
    act(h, Discard(0, ()))
    events = act(h, Discard(1, ("Js",)))
    assert events[-1] == CardsDrawn(1, ("5h",), ("Jh", "9h", "8h", "2h", "5h"))
    act(h, Discard(2, ()))
    events = act(h, Check(0), Check(1), Check(2))
    assert h.is_complete and h.won == [0, 30 + 15, 0] and h.stacks == [485, 530, 485]
    kinds = [type(e) for e in events]
    assert kinds.index(PotAwarded) < kinds.index(OpenersVerified) < kinds.index(HandEnded)
    assert of_type(events, OpenersVerified) == [OpenersVerified(1)]
    assert h.opening_hand == tuple(opening.split())
    assert not shown_to_the_table(h.events, "Js")
    assert shown_to_the_table(h.events, "Jh")  # the kept jack is in the shown flush


def test_004_jacks_8_opening_hand_is_shown_only_on_request() -> None:
    """004 jacks §8: the opening hand is shown only if a player asks: ``Hand.opening_hand``
    holds it for that request; no public event shows the cards the opener threw, even
    when he loses and mucks."""
    opening = "Jd Js 2d 3c 4h"
    h = new_hand(["Qs Qd Kc Kd 8h", opening, NO_OPENERS[0]], later=["5s", "6s", "7s"])
    act(h, Check(0), Raise(1, 10), Call(2), Call(0))  # a checks his openers: allowed
    act(h, Discard(0, ()), Discard(1, ("2d", "3c", "4h")), Discard(2, ()))
    act(h, Check(0), Check(1), Check(2))
    assert h.is_complete and h.won == [45, 0, 0] and 1 in h.mucked and 1 not in h.shown
    assert of_type(h.events, OpenersVerified) == [OpenersVerified(1)]
    assert h.opening_hand == tuple(opening.split())
    dealt = of_type(h.events, HoleCardsDealt)
    assert [e.private_to for e in dealt if e.player == 1] == [1]
    for card in (*opening.split(), "5s", "6s", "7s"):
        assert not shown_to_the_table(h.events, card)
    assert shown_to_the_table(h.events, "Qs")  # the winner's hand is shown


@pytest.mark.parametrize("seed", range(10))
def test_004_jacks_9_the_openers_discards_are_never_reshuffled(seed: int) -> None:
    """004 jacks §8-9: the opener's discards stay aside (to be shown on request); when six
    players draw more cards than the stub holds, the discards reshuffled to finish the
    draw never include his."""
    h = new_hand(["Jc Jd 2s 3h 4d"], (500,) * 6, seed=seed, reshuffle_seed=seed + 1)
    act(h, Raise(0, 10), *(Call(p) for p in range(1, 6)))
    assert h.phase is Phase.DRAWING and h.opener == 0
    thrown = ("2s", "3h", "4d")
    act(h, Discard(0, thrown))
    for p in range(1, 6):
        events = act(h, Discard(p, tuple(h.hole[p] or ())))
        [drawn] = of_type(events, CardsDrawn)
        assert not set(drawn.cards) & set(thrown)
    assert h.deck is not None and h.deck.remaining() == 0  # the stub did run short
    held = [c for cards in h.hole for c in cards or ()]
    assert len(set(held)) == 30


@pytest.mark.skipif(
    "joker" not in HouseRules.__dataclass_fields__, reason="joker house rule not implemented"
)
def test_004_jacks_10_ace_joker_opens_and_keeping_it_is_not_splitting() -> None:
    """004 jacks §10: with the joker house rule, A♠ joker K♠ Q♠ 10♣ opens (the joker
    completes a straight); throwing the 10♣ keeps ace-joker, a pair of aces: openers
    retained; the bot verifies the openers at the end."""
    rules = HouseRules(joker=True)
    h = new_hand(["As Xx Ks Qs Tc", "Qh Qd 9c 5h 3s"], rules=rules, later=["2c"])
    assert h.to_act == 0 and legal(h) == (10, 10, 0)
    act(h, Raise(0, 10), Call(1))
    events = act(h, Discard(0, ("Tc",)))
    assert events[-1] == CardsDrawn(0, ("2c",), ("As", "Xx", "Ks", "Qs", "2c"))
    act(h, Discard(1, ("9c", "5h", "3s")))
    events = act(h, Check(0), Check(1))
    assert of_type(events, OpenersVerified) == [OpenersVerified(0)]
    assert h.is_complete and sum(h.stacks) == 1000
