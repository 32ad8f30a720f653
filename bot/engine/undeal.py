"""Taking back a deal when the host voids the hand in play.

A voided hand is redealt as if it had never been dealt: the same button, the same blinds
owed, the same players counted as new for the kill rules (000 kill §12) and the mix's
rotation where it was. :func:`seating_before` keeps, before the deal, what dealing changes
in the seats (:meth:`bot.engine.seating.Seating.commit_deal`); :func:`undo_deal` puts it
back. Stacks need nothing: seat stacks change only when a hand ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .seating import Seating, SeatStatus


def seating_before(seating: Seating) -> dict[str, Any]:
    """What a deal changes in ``seating``, as plain data: the button and blind positions, and
    per seat its player id, status, missed blinds and choice to post."""
    return {
        "button": seating.button,
        "small_blind": seating.small_blind,
        "big_blind": seating.big_blind,
        "seats": {
            str(n): [s.player_id, s.status.value, s.missed_big, s.missed_small, s.post_next]
            for n, s in seating.seats.items()
        },
    }


def undo_deal(seating: Seating, before: dict[str, Any], dealt: Sequence[int]) -> None:
    """Put ``seating`` back as :func:`seating_before` saw it, for the seats ``dealt`` and
    for players still sitting out (dealing may have charged them a missed blind).

    A seat now held by someone else, or a player who changed his status meanwhile (sat in
    or out between hands), keeps what he has now. A dealt player who asked to sit out
    after the hand sits out now, as he would have after it; a seat that emptied is skipped.
    """
    seating.button = before["button"]
    seating.small_blind = before["small_blind"]
    seating.big_blind = before["big_blind"]
    for key, (player_id, status, missed_big, missed_small, post_next) in before["seats"].items():
        number = int(key)
        seat = seating.seats.get(number)
        if seat is None or seat.player_id != player_id:
            continue
        if number in dealt:
            seat.status = SeatStatus(status)
            seat.post_next = bool(post_next)
        elif seat.status is not SeatStatus.SITTING_OUT or status != SeatStatus.SITTING_OUT:
            continue
        seat.missed_big, seat.missed_small = bool(missed_big), bool(missed_small)
        if number in dealt and seat.sit_out_next:
            seat.sit_out_next = False
            seating.sit_out(player_id)
