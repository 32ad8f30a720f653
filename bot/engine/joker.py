"""The joker ("bug"), a house option in jacks or better and ace-to-five lowball.

No library ranks the joker, so it is tried as each card it may stand for and the library
evaluators rank the results (004 jacks §10):

- High (jacks or better): the joker counts as an ace, or as any card that completes a
  straight, a flush or a straight flush. The §10 example: A♠ joker K♠ Q♠ 10♣ is a straight
  (the joker as a jack); throwing the 10♣ keeps ace-joker, a pair of aces, drawing to a
  royal flush.
- Ace-to-five low: the joker is the lowest card not already in the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import FULL_DECK, JOKER
from .evaluate import HIGH_VALUE_MAX, high_value
from .lowball import ace_to_five_value

# phevaluator's classes as our values (HIGH_VALUE_MAX + 1 - rank): straight flush ranks
# 1-10, flush 323-1599, straight 1600-1609.
_STRAIGHT_FLUSH = range(HIGH_VALUE_MAX + 1 - 10, HIGH_VALUE_MAX + 1)
_FLUSH = range(HIGH_VALUE_MAX + 1 - 1599, HIGH_VALUE_MAX + 1 - 322)
_STRAIGHT = range(HIGH_VALUE_MAX + 1 - 1609, HIGH_VALUE_MAX + 1 - 1599)
_COMPLETES = (_STRAIGHT_FLUSH, _FLUSH, _STRAIGHT)
_LOW_RANKS = "A23456789TJQK"


def joker_high_value(cards: Sequence[str]) -> int:
    """The high value of 5 to 7 cards that may hold the joker (``"Xx"``).

    Returns:
        As :func:`bot.engine.evaluate.high_value`: higher is better. With the joker, the
        best of the hands it makes as an ace or as a card completing a straight or flush;
        if every ace is already held and it completes nothing, it plays as the best card.
    Raises:
        HandError: as :func:`bot.engine.evaluate.high_value` (count, repeats, non-cards).
    """
    if JOKER not in cards:
        return high_value(cards)
    return high_value(joker_as_high(cards))


def joker_as_high(cards: Sequence[str]) -> tuple[str, ...]:
    """The cards with the joker replaced by the card it stands for in a high hand."""
    rest = [c for c in cards if c != JOKER]
    if len(rest) == len(cards):
        return tuple(cards)
    held = set(rest)
    best, best_card = 0, ""
    fallback, fallback_card = 0, ""
    for card in FULL_DECK:
        if card in held:
            continue
        value = high_value((*rest, card))
        if value > fallback:
            fallback, fallback_card = value, card
        if value > best and (card[0] == "A" or any(value in kind for kind in _COMPLETES)):
            best, best_card = value, card
    return (*rest, best_card or fallback_card)


def joker_low_value(cards: Sequence[str]) -> int:
    """The ace-to-five low value of 5 to 7 cards that may hold the joker: it is the lowest
    rank not already in the hand.

    Raises:
        HandError: as :func:`bot.engine.lowball.ace_to_five_value`.
    """
    return ace_to_five_value(joker_as_low(cards))


def joker_as_low(cards: Sequence[str]) -> tuple[str, ...]:
    """The cards with the joker replaced by the lowest rank not already in the hand."""
    rest = [c for c in cards if c != JOKER]
    if len(rest) == len(cards):
        return tuple(cards)
    ranks = {c[0] for c in rest}
    rank = next(r for r in _LOW_RANKS if r not in ranks)
    card = next(rank + s for s in "cdhs" if rank + s not in rest)
    return (*rest, card)


def has_joker_openers(cards: Sequence[str], threshold: int) -> bool:
    """Whether a five-card hand with the joker opens (a pair of jacks or better)."""
    return joker_high_value(cards) >= threshold
