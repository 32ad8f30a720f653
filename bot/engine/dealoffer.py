"""A deal of the prizes left, on offer at a tournament's table: what each player left is
offered, who has accepted, and until when the offer stands (TOURNAMENT.md "Deals";
RULES.md "Tournaments", deals).

While a deal is on offer the next hand waits, for at most :data:`OFFER_SECONDS`: the
players are talking, as at a live table where the floor stops the clock for a deal. It
is made when every player left has accepted it, and off when one turns it down, a
different deal is offered, or its time is up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .codec import FLOAT, STR, As, Codec, tuple_of

# Seconds a deal on offer holds the next hand.
OFFER_SECONDS = 120.0


@dataclass
class DealOffer:
    """A deal on offer.

    Attributes:
        kind: ``icm`` or ``chop`` (chip chop).
        amounts: entry id -> money units offered, for every entry still in.
        players: entry id -> its player's id.
        accepted: player ids who accepted, in the order they did.
        until: when the offer lapses, in seconds on the service's clock.
    """

    kind: str
    amounts: dict[str, int]
    players: dict[str, str]
    accepted: tuple[str, ...] = ()
    until: float = 0.0

    @property
    def agreed(self) -> bool:
        """Whether every player left has accepted."""
        return set(self.players.values()) <= set(self.accepted)

    def by_player(self) -> tuple[tuple[str, int], ...]:
        """Each player's amount, in the order of the entries."""
        return tuple((self.players[entry], amount) for entry, amount in self.amounts.items())

    def to_dict(self) -> dict[str, Any]:
        """The offer as plain data."""
        return _OFFER.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DealOffer:
        """The offer :meth:`to_dict` wrote."""
        return _OFFER.load(data)


_OFFER: Codec[DealOffer] = Codec(
    DealOffer,
    {
        "kind": STR,
        "amounts": As(dict, lambda data: {str(k): int(v) for k, v in data.items()}),
        "players": As(dict, lambda data: {str(k): str(v) for k, v in data.items()}),
        "accepted": tuple_of(STR),
        "until": FLOAT,
    },
)
