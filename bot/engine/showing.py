"""Who opens a stud street: the bring-in by the lowest (or, in razz, highest) upcard, then
the best (or, in razz, lowest) hand showing (RULES.md).

These rank a few face-up cards to decide the order of action, never a showdown: pairs and
trips showing count, straights and flushes of fewer than five cards do not. Suits break
ties for the bring-in, in bridge order (clubs, diamonds, hearts, spades); equal showing
hands are broken by position, the first player left of the dealer acting.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

_HIGH = "23456789TJQKA"
_LOW = "A23456789TJQK"
_SUIT = "cdhs"


def bring_in_player(upcards: Sequence[str | None], highest: bool) -> int:
    """The hand index of the player who brings it in.

    Args:
        upcards: each player's third-street upcard (None for a player not in the hand).
        highest: razz (the highest card brings it in, aces low); else stud (the lowest,
            aces high).
    Returns:
        The index; ties of rank are broken by suit, clubs lowest.
    Raises:
        ValueError: nobody has an upcard.
    """
    order = _LOW if highest else _HIGH
    keyed = [
        ((order.index(card[0]), _SUIT.index(card[1])), i)
        for i, card in enumerate(upcards)
        if card is not None and card != "??"
    ]
    if not keyed:
        raise ValueError("no upcards to decide the bring-in")
    pick = max(keyed) if highest else min(keyed)
    return pick[1]


def showing_key(cards: Sequence[str], low: bool) -> tuple[object, ...]:
    """A sort key for a hand showing (1-4 upcards): a larger key is a better hand showing.

    Stud: quads beat trips beat two pair beat a pair beat no pair, then by ranks, aces high.
    Razz (``low``): fewer paired cards is better, then the lower pair, then the lower high
    card, aces low (004: lowball compares pairs by the pair).
    """
    order = _LOW if low else _HIGH
    counts = Counter(card[0] for card in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], order.index(kv[0])), reverse=True)
    if not low:
        return (tuple(c for _, c in groups), tuple(order.index(r) for r, _ in groups))
    paired = sum(c - 1 for c in counts.values())
    # the pairs first (a lower pair is the better low), then the odd cards, highest first
    return (-paired, tuple(-order.index(r) for r, _ in groups))


def first_to_act(showing: Sequence[Sequence[str] | None], low: bool) -> int:
    """The hand index of the player who opens a later stud street.

    Args:
        showing: each player's upcards (None for players out of the hand).
        low: razz (the lowest hand showing opens); else the best hand showing opens.
    Returns:
        The index of the best key; among equals, the first left of the dealer (lowest index).
    """
    best: tuple[object, ...] | None = None
    pick = -1
    for i, cards in enumerate(showing):
        if cards is None:
            continue
        key = showing_key([c for c in cards if c != "??"], low)
        if best is None or key > best:
            best, pick = key, i
    return pick
