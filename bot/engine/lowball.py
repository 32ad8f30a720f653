"""Lowball hand values: ace-to-five (razz, ace-to-five draw) and deuce-to-seven (004).

Like :mod:`bot.engine.evaluate`, a HIGHER integer is a BETTER hand and equal integers tie;
the orderings are pokerkit's own (``RegularLowHand`` for ace-to-five, ``StandardLowHand``
for deuce-to-seven), turned into integers and cached, with no ranking tables of ours.

- Ace-to-five (004 lowball): straights and flushes do not count, the ace is low; the best
  hand is 5-4-3-2-A; pairs count against you.
- Deuce-to-seven (004 "deuce-to-seven lowball"): the worst conventional hand wins;
  straights and flushes count against you; the ace is high only, so A-2-3-4-5 is ace-high
  (not a straight) and a pair of aces is the highest pair; the best hand is 7-5-4-3-2 of
  at least two suits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from .cards import pretty
from .evaluate import HandError, _check

if TYPE_CHECKING:
    from pokerkit import Hand

_A5_CACHE: dict[tuple[str, ...], int] = {}
_D27_CACHE: dict[tuple[tuple[str, ...], bool], int] = {}


@cache
def _a5_top() -> int:
    from pokerkit import RegularLowHand

    return int(RegularLowHand("KsKdKcKhQs").entry.index) + 1


@cache
def _d27_top() -> int:
    from pokerkit import StandardLowHand

    return int(StandardLowHand("AsKsQsJsTs").entry.index) + 1


def _a5_hand(cards: Sequence[str]) -> Hand:
    from pokerkit import RegularLowHand

    return RegularLowHand.from_game("".join(cards))


def _d27_hand(cards: Sequence[str]) -> Hand:
    from pokerkit import StandardLowHand

    return StandardLowHand.from_game("".join(cards))


def ace_to_five_value(cards: Sequence[str]) -> int:
    """The best ace-to-five low among 5 to 7 cards (razz, ace-to-five draw).

    Returns:
        A positive int, higher is a better low; 5-4-3-2-A is the highest.
    Raises:
        HandError: fewer than 5 or more than 7 cards, a repeat, ``??`` or a non-card.
    """
    _check(cards, 5, 7, "an ace-to-five low")
    key = tuple(sorted(card[0] for card in cards))
    value = _A5_CACHE.get(key)
    if value is None:
        value = _a5_top() - int(_a5_hand(cards).entry.index)
        _A5_CACHE[key] = value
    return value


def deuce_to_seven_value(cards: Sequence[str]) -> int:
    """The best deuce-to-seven low among 5 to 7 cards (5 in the draw games).

    Returns:
        A positive int, higher is a better low; 7-5-4-3-2 of two suits is the highest.
    Raises:
        HandError: fewer than 5 or more than 7 cards, a repeat, ``??`` or a non-card.
    """
    _check(cards, 5, 7, "a deuce-to-seven low")
    suited = len(cards) == 5 and len({card[1] for card in cards}) == 1
    key = (tuple(sorted(card[0] for card in cards)), suited)
    if len(cards) > 5:
        return _d27_top() - int(_d27_hand(cards).entry.index)
    value = _D27_CACHE.get(key)
    if value is None:
        value = _d27_top() - int(_d27_hand(cards).entry.index)
        _D27_CACHE[key] = value
    return value


_LOW_ORDER = "A23456789TJQK"
_HIGH_ORDER = "23456789TJQKA"


def _describe(hand: Hand, order: str) -> str:
    ranks = sorted((card.rank.value for card in hand.cards), key=order.index, reverse=True)
    label = str(hand.entry.label.value).lower()
    cards = " ".join(pretty(card.rank.value + card.suit.value) for card in hand.cards)
    if label == "high card":
        return f"{'-'.join(ranks)} low ({cards})"
    return f"{label}, {'-'.join(ranks)} ({cards})"


def describe_ace_to_five(cards: Sequence[str]) -> str:
    """An ace-to-five low in words, e.g. ``"7-5-4-2-A low (...)"`` or ``"one pair, ..."``.

    Raises:
        HandError: as :func:`ace_to_five_value`.
    """
    _check(cards, 5, 7, "an ace-to-five low")
    return _describe(_a5_hand(cards), _LOW_ORDER)


def describe_deuce_to_seven(cards: Sequence[str]) -> str:
    """A deuce-to-seven low in words, e.g. ``"7-5-4-3-2 low (...)"``.

    Raises:
        HandError: as :func:`deuce_to_seven_value`.
    """
    _check(cards, 5, 7, "a deuce-to-seven low")
    return _describe(_d27_hand(cards), _HIGH_ORDER)


__all__ = [
    "HandError",
    "ace_to_five_value",
    "describe_ace_to_five",
    "describe_deuce_to_seven",
    "deuce_to_seven_value",
]
