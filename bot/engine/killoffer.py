"""A kill announced for the next deal and its objection window (000 kill §10, §12): who
announced it, why (a voluntary kill or a kill to come in), and until when the others may
object. Silence until then is consent, and the next deal is killed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .codec import FLOAT, STR, Codec
from .kills import Kill


@dataclass(frozen=True)
class KillOffer:
    """A kill announced for the next deal.

    Attributes:
        player: the player id who announced it.
        reason: ``voluntary`` (000 kill §10) or ``come_in`` (000 kill §12).
        until: the end of the objection window, in the service's seconds.
    """

    player: str
    reason: str
    until: float

    def open_at(self, now: float) -> bool:
        """Whether the others may still object at ``now`` (000 kill §10: within the
        window, its last second included)."""
        return now <= self.until

    def kill_at(self, now: float) -> Kill | None:
        """The kill the announcement makes once its window has passed in silence (000 kill
        §10: silence is consent), or None while the window is still open."""
        if now < self.until:
            return None
        return Kill(self.player, 0, self.reason)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving: ``{"player": str, "reason": str, "until": float}``."""
        # written out, not through the codec: saved at every commit, where the codec's
        # generic loop took several times as long (benchmarks/README.md)
        return {"player": self.player, "reason": self.reason, "until": self.until}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> KillOffer | None:
        """The offer saved by :meth:`to_dict` (None: none announced).

        Raises:
            KeyError, ValueError: data that is not an offer's.
        """
        return _OFFER.load(data) if data else None


_OFFER: Codec[KillOffer] = Codec(KillOffer, {"player": STR, "reason": STR, "until": FLOAT})
