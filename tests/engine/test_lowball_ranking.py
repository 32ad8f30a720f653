"""Ranking edges of the lowball and split games (004 "no-limit and pot-limit lowball",
004 "deuce-to-seven lowball", RULES.md "Draw and lowball"), tested twice: on the values of
:mod:`bot.engine.lowball` and :mod:`bot.engine.evaluate` (a HIGHER value is a BETTER hand),
and on whole hands whose pots those values award.

Hand order: index 0 is the first seat left of the button, the last index the button.
Every action goes through ``act``, which checks after each one that the chips in play
equal the chips the players started with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

import pytest

from bot.engine.actions import Action, BringIn, Call, Check, Discard
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.evaluate import eight_low_value, high_value
from bot.engine.events import Event, HandEnded, PotAwarded
from bot.engine.hand import Hand, HandSetup, Phase
from bot.engine.lowball import (
    ace_to_five_value,
    describe_ace_to_five,
    describe_deuce_to_seven,
    deuce_to_seven_value,
)

NAMES = ("a", "b", "c", "d", "e", "f", "g", "h")
E = TypeVar("E", bound=Event)


def cards(text: str) -> list[str]:
    """``"Ah Kd"`` -> ``["Ah", "Kd"]``."""
    return text.split()


def a5(text: str) -> int:
    return ace_to_five_value(cards(text))


def d27(text: str) -> int:
    return deuce_to_seven_value(cards(text))


def conserved(hand: Hand) -> None:
    """Stacks plus the pot equal the starting stacks plus any pot carried in."""
    assert hand.chips_in_play() == sum(hand.starting) + hand.setup.carried
    assert all(s >= 0 for s in hand.stacks) and all(b >= 0 for b in hand.bets)


def act(hand: Hand, *actions: Action) -> list[Event]:
    """Apply ``actions`` in order, checking chips are conserved after each one."""
    events: list[Event] = []
    for action in actions:
        events += hand.apply(action)
        conserved(hand)
    return events


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def check_down(hand: Hand) -> list[Event]:
    """Bring in, call or check every betting round, stand pat at every draw, to the end."""
    events: list[Event] = []
    while hand.phase is not Phase.COMPLETE:
        p = hand.to_act
        assert p is not None
        if hand.phase is Phase.DRAWING:
            events += act(hand, Discard(p, ()))
            continue
        legal = hand.legal_actions()
        if legal.bring_in:
            events += act(hand, BringIn(p))
        elif legal.can_check:
            events += act(hand, Check(p))
        else:
            events += act(hand, Call(p))
    return events


def stud_deck(hands: Sequence[str]) -> list[str]:
    """The dealing order of stud hands given as seven cards each (two down, one up, three
    up, one down), when no one folds: third street three cards a player, then one each."""
    split = [cards(h) for h in hands]
    order = [c for h in split for c in h[:3]]
    for street in range(3, 7):
        order += [h[street] for h in split]
    return order


def new_hand(cfg: GameConfig, order: Sequence[str], stacks: Sequence[int]) -> Hand:
    deck = Deck.stacked(order, rng=random.Random(1)).order
    hand = Hand(HandSetup(cfg, NAMES[: len(stacks)], tuple(stacks), deck_order=deck))
    conserved(hand)
    return hand


STUD_STAKES = Stakes(0, 0, ante=2, small_bet=10, big_bet=20, bring_in=3)


# =========================================================================== ace-to-five


def test_ace_to_five_straights_and_flushes_do_not_count() -> None:
    """RULES.md "Draw and lowball", 004 lowball: in ace-to-five, straights and flushes do
    not count: the wheel is the same hand suited or not, and 6-5-4-3-2 is a six low."""
    assert a5("5h 4h 3h 2h Ah") == a5("5c 4d 3h 2s Ah")
    assert a5("6h 5d 4c 3s 2h") == a5("6h 5h 4h 3h 2h")
    assert a5("6h 5d 4c 3s 2h") > a5("7h 5d 4c 3s 2h")  # a six low beats any seven low
    assert a5("6h 5d 4c 3s 2h") < a5("6h 4d 3c 2s Ah")  # 6-5 loses to 6-4


def test_ace_to_five_ace_is_low_and_the_wheel_is_best() -> None:
    """RULES.md "Draw and lowball": the ace is low; the best hand is 5-4-3-2-A; a pair of
    aces is the best pair; any no-pair hand, even king high, beats a pair."""
    wheel = a5("5h 4d 3c 2s Ah")
    others = ["6h 4d 3c 2s Ah", "5h 4d 3c 2s 6c", "Kh Qd Jc 9s Ah", "Ah Ad 2c 3s 4h"]
    assert all(wheel > a5(o) for o in others)
    assert a5("Kh Qd Jc 9s Ah") > a5("Kh Qd Jc 9s 2h")  # the ace is below the deuce
    assert a5("Kh Qd Jc 9s 8h") > a5("Ah Ad 2c 3s 4h") > a5("2h 2d 3c 4s 5h")
    assert describe_ace_to_five(cards("5h 4d 3c 2s Ah")).startswith("5-4-3-2-A low")


def test_ace_to_five_draw_pot_goes_to_the_best_low() -> None:
    """004 lowball, RULES.md: a whole ace-to-five draw hand checked down: the suited wheel
    (a flush that does not count) wins; the 6-5-4-3-2 straight counts as a six low."""
    cfg = GameConfig(Game.ACE_TO_FIVE, Structure.NO_LIMIT, Stakes(5, 10))
    order = cards("6c 4c 3d 2s Ac  5h 4h 3h 2h Ah  6d 5s 4d 3s 2d")
    h = new_hand(cfg, order, [1000, 1000, 1000])
    events = check_down(h)
    [award] = of_type(events, PotAwarded)
    assert (award.pot, award.amount, award.winners) == (0, 30, ((1, 30),))
    assert award.description.startswith("5-4-3-2-A low")
    assert h.stacks == [990, 1020, 990]
    assert a5("6c 4c 3d 2s Ac") > a5("6d 5s 4d 3s 2d")  # the straight is only a six low


# =========================================================================== deuce-to-seven


def test_deuce_to_seven_best_hand_is_7_5_4_3_2_of_two_suits() -> None:
    """004 deuce-to-seven §1: the best hand is 7-5-4-3-2 of at least two suits; the same
    ranks in one suit are a flush, which counts against the hand."""
    best = d27("7h 5d 4c 3s 2h")
    assert best == d27("7c 5c 4c 3c 2d")
    assert best > d27("8h 6d 4c 3s 2h")
    assert best > d27("7h 6d 4c 3s 2h")
    assert d27("7h 5h 4h 3h 2h") < d27("Kh Qd Jc 9s 7h")  # the flush loses to king high
    assert describe_deuce_to_seven(cards("7h 5d 4c 3s 2h")).startswith("7-5-4-3-2 low")


def test_deuce_to_seven_ace_is_high_only_a_2_3_4_5_is_ace_high() -> None:
    """004 deuce-to-seven: the ace is high only; 5-4-3-2-A is not a straight but ace-five
    high: it beats other ace-high hands and pairs, and loses to king high."""
    ace_five = d27("Ah 5d 4c 3s 2h")
    assert ace_five > d27("Ah Kd 4c 3s 2h")  # other ace-high hands
    assert ace_five > d27("2h 2d 4c 5s 7h")  # a pair
    assert ace_five < d27("Kh 5d 4c 3s 2h")  # king high
    assert d27("6h 5d 4c 3s 2h") < d27("Kh Qd Jc 9s 7h")  # 6-5-4-3-2 is a straight


def test_deuce_to_seven_pair_of_aces_is_the_highest_pair() -> None:
    """004 deuce-to-seven: a pair of aces is the highest pair, so it loses to any other
    pair (and still beats two pair)."""
    aces = d27("Ah Ad 4c 5s 7h")
    for other in ("Kh Kd 4c 5s 7h", "2h 2d 4c 5s 7h", "Qh Qd 4c 5s 7h"):
        assert aces < d27(other)
    assert aces > d27("2h 2d 3c 3s 7h")


@pytest.mark.parametrize(
    ("hands", "winner"),
    [
        # 7-5-4-3-2 of two suits, ace-five high, a 8-6-4-3-2 flush
        (("7c 5d 4c 3c 2c", "Ad 5s 4d 3d 2d", "8h 6h 4h 3h 2h"), 0),
        # ace-five high against a flush: the flush counts against you
        (("Kc Qd Jc 9c 7c", "Ad 5s 4d 3d 2d", "8h 6h 4h 3h 2h"), 0),
        # a straight loses to ace-five high
        (("6c 5d 4c 3c 2s", "Ad 5s 4d 3d 2d", "Kh Kd Kc 3h 2h"), 1),
    ],
)
def test_deuce_to_seven_single_draw_pot_goes_to_the_worst_conventional_hand(
    hands: tuple[str, str, str], winner: int
) -> None:
    """004 deuce-to-seven: a whole single-draw hand checked down; the worst conventional
    hand wins the pot (straights and flushes count, the ace is high)."""
    cfg = GameConfig(Game.DEUCE_SINGLE, Structure.POT_LIMIT, Stakes(5, 10))
    h = new_hand(cfg, [c for hand in hands for c in cards(hand)], [1000, 1000, 1000])
    events = check_down(h)
    awards = of_type(events, PotAwarded)
    assert len(awards) == 1 and awards[0].winners == ((winner, 30),)
    assert h.won == [30 if i == winner else 0 for i in range(3)]
    assert h.stacks[winner] == 1020


# =========================================================================== razz


def test_razz_best_five_of_seven_cards() -> None:
    """RULES.md "Draw and lowball": razz is ace-to-five low with the best five of seven:
    a pair of kings among the seven does not spoil a wheel."""
    assert a5("Kc Kd 5h 4d 3s 2c Ah") == a5("5h 4d 3s 2c Ah")
    assert a5("Kc Kd 5h 4d 3s 2c Ah") > a5("6c 4c 3h 2d Ad Qs Qh")
    assert a5("Kc Kd Ks Qh Qd 2c 3c") < a5("Kc Qd Jh 9s 8d 8c 8h")  # paired vs no pair


def test_razz_pot_goes_to_the_best_low_of_seven() -> None:
    """Razz, whole hand checked down heads-up: the wheel made from seven cards (with a
    pair of kings down) beats a six low; the highest upcard brought it in."""
    cfg = GameConfig(Game.RAZZ, Structure.FIXED_LIMIT, STUD_STAKES)
    order = stud_deck(["Kc Kd 5h 4d 3s 2c Ah", "6c 4c 3h 2d Ad Qs Qh"])
    h = new_hand(cfg, order, [500, 500])
    assert h.to_act == 0 and h.legal_actions().bring_in == 3  # 5h is higher than 3h
    events = check_down(h)
    [award] = of_type(events, PotAwarded)
    assert (award.pot, award.amount, award.winners) == (0, 10, ((0, 10),))
    assert award.description.startswith("5-4-3-2-A low")
    assert h.stacks == [505, 495]


# =========================================================================== stud eight-or-better


def test_stud_eight_or_better_low_from_seven_cards() -> None:
    """RULES.md "Draw and lowball", 002: stud eight-or-better's low is the best five
    different ranks of eight or lower among seven cards, aces low, straights and flushes
    not counting; pairs are skipped; no five such ranks, no low."""
    assert eight_low_value(cards("Ah 2c 3d 4s 5h Kc Kd")) == 56  # the wheel, best
    assert eight_low_value(cards("Ah Ac 2c 3d 4s 5h Kd")) == 56  # a pair is skipped
    assert eight_low_value(cards("Ah 2h 3h 4h 6h Kc Kd")) == 55  # a flush does not count
    low_87 = eight_low_value(cards("8h 7c 6d 5s 4h Kc Kd"))
    assert low_87 == 1  # 8-7-6-5-4, the worst low
    assert eight_low_value(cards("Ah 2c 3d 4s 9h Kc Kd")) is None
    assert eight_low_value(cards("Ah Ac 2d 2s 3h 3c 4d")) is None
    # the same seven cards play a high hand too
    assert high_value(cards("Ah 2c 3d 4s 5h Kc Kd")) > high_value(cards("Kh Kc Qd Js 9h 8c 7d"))


def test_stud_eight_or_better_pot_is_split_high_and_low() -> None:
    """Stud eight-or-better, whole hand checked down heads-up: a full house takes the high
    half and a seven low the low half."""
    cfg = GameConfig(Game.STUD_HILO, Structure.FIXED_LIMIT, STUD_STAKES)
    order = stud_deck(["Kc Kd Ks 9h 9s Qc Jd", "Ac 2d 3h 4s 7c Td Th"])
    h = new_hand(cfg, order, [500, 500])
    assert h.to_act == 1  # 3h is the lowest upcard: it brings it in
    events = check_down(h)
    awards = of_type(events, PotAwarded)
    assert [(a.half, a.amount, a.winners) for a in awards] == [
        ("high", 5, ((0, 5),)),
        ("low", 5, ((1, 5),)),
    ]
    assert h.stacks == [500, 500] and h.scoops == ()


def test_stud_eight_or_better_without_a_low_the_high_scoops() -> None:
    """Stud eight-or-better: when no hand makes an eight-or-better low, the best high hand
    takes the whole pot (a scoop)."""
    cfg = GameConfig(Game.STUD_HILO, Structure.FIXED_LIMIT, STUD_STAKES)
    order = stud_deck(["Kc Kd Ks 9h 9s Qc Jd", "Ac 2d 3h 4s 9c Td Th"])
    h = new_hand(cfg, order, [500, 500])
    events = check_down(h)
    awards = of_type(events, PotAwarded)
    # the low hand could win neither half and was mucked: the whole pot is one award
    assert [(a.half, a.amount, a.winners) for a in awards] == [(None, 10, ((0, 10),))]
    assert awards[0].description.startswith("full house")
    assert h.stacks == [505, 495] and h.scoops == (0,)
    assert of_type(events, HandEnded)[-1].scoops == (0,)
