"""Cards and the deck.

A card is a two-character string, rank then suit, as hand histories write it: ``"As"``,
``"Td"``, ``"2c"``. Ranks are ``23456789TJQKA``; suits are ``c d h s``. An unknown card
(one a hand history does not reveal) is ``"??"``; the joker, a house option in jacks or
better and ace-to-five lowball, is ``"Xx"``.

Shuffles come from the operating system's CSPRNG (:class:`secrets.SystemRandom`) in play;
tests inject a seeded :class:`random.Random` or an explicit card order.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNKNOWN = "??"
JOKER = "Xx"  # the bug, for jacks or better and ace-to-five lowball (004 jacks §10)
FULL_DECK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
JOKER_DECK: tuple[str, ...] = (*FULL_DECK, JOKER)
_VALID = frozenset(JOKER_DECK)
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


class CardError(ValueError):
    """A card or a run of cards that cannot be read, with the reason in words."""


def parse_cards(text: str) -> list[str]:
    """Split a run of cards such as ``"AsKd7h"`` or ``"As Kd 7h"`` into a list.

    Args:
        text: two characters a card, spaces optional; ``??`` is an unknown card.
    Returns:
        The cards in order, e.g. ``["As", "Kd", "7h"]``.
    Raises:
        CardError: if a card is not a rank (``23456789TJQKA``) and a suit (``cdhs``).
    """
    compact = "".join(text.split())
    if len(compact) % 2:
        raise CardError(f"{text!r} is not a run of two-character cards like 'AsKd'")
    cards = [compact[i : i + 2] for i in range(0, len(compact), 2)]
    for card in cards:
        if card != UNKNOWN and card not in _VALID:
            raise CardError(
                f"{card!r} is not a card: use a rank from {RANKS} and a suit from {SUITS}"
            )
    return cards


def is_known(card: str) -> bool:
    """Return True for a real card, False for the unknown card ``??``."""
    return card != UNKNOWN


def pretty(card: str) -> str:
    """Return a card with its suit symbol, ``"As"`` -> ``"A♠"`` (``"10"`` for the ten).

    The rank letter stays, so the card reads without colour; ``??`` becomes ``"🂠"``.
    """
    if card == UNKNOWN:
        return "🂠"
    if card == JOKER:
        return "🃏"
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


class Deck:
    """A deck in dealing order: ``deal(n)`` takes cards off the top.

    Args:
        order: an explicit card order (tests, replays); must hold distinct valid cards.
        rng: the shuffle's source when ``order`` is None; defaults to
            :class:`secrets.SystemRandom` (the OS CSPRNG). Tests pass a seeded
            :class:`random.Random`.
        joker: shuffle a 53-card deck with the joker (house option).
    Raises:
        CardError: if ``order`` repeats a card or holds something that is not a card.
    """

    __slots__ = ("_cards", "_next")

    def __init__(
        self,
        order: Sequence[str] | None = None,
        rng: random.Random | None = None,
        joker: bool = False,
    ) -> None:
        if order is None:
            cards = list(JOKER_DECK if joker else FULL_DECK)
            (rng or secrets.SystemRandom()).shuffle(cards)
        else:
            cards = list(order)
            known = [c for c in cards if c != UNKNOWN]
            bad = [c for c in known if c not in _VALID]
            if bad:
                raise CardError(f"{bad[0]!r} is not a card")
            if len(set(known)) != len(known):
                raise CardError("a deck may not hold the same card twice")
        self._cards = cards
        self._next = 0

    @property
    def order(self) -> tuple[str, ...]:
        """The whole deck order, dealt cards included (for commitments and saving)."""
        return tuple(self._cards)

    @property
    def position(self) -> int:
        """How many cards have been dealt (the index of the next card)."""
        return self._next

    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards) - self._next

    def deal(self, count: int) -> list[str]:
        """Take ``count`` cards off the top.

        Raises:
            CardError: if fewer than ``count`` cards remain.
        """
        if count > self.remaining():
            raise CardError(f"the deck has {self.remaining()} cards left, not {count}")
        cards = self._cards[self._next : self._next + count]
        self._next += count
        return cards

    @classmethod
    def stacked(cls, first: Iterable[str], rng: random.Random | None = None) -> Deck:
        """A deck whose top cards are ``first`` and the rest shuffled (tests, scripts).

        Raises:
            CardError: if ``first`` repeats a card or holds something that is not a card.
        """
        top = list(first)
        for card in top:
            if card not in _VALID:
                raise CardError(f"{card!r} is not a card")
        if len(set(top)) != len(top):
            raise CardError("a deck may not hold the same card twice")
        rest = [c for c in FULL_DECK if c not in set(top)]
        (rng or secrets.SystemRandom()).shuffle(rest)
        return cls(top + rest)
