"""What a player owes at a table and who can be dealt in (000 kill §6, RULES.md
"Obligations"): the kills owed, a kill kept against a player rather than held over the
table, the player who owes the kill dealt in to post it, and the players who owe a kill at
another table held out of a deal here, owing the blinds that pass them.

Each function is given the parts of the table it reads and moves: the seats
(:class:`~bot.engine.seating.Seating`) and the kill button's tracker
(:class:`~bot.engine.killtracker.KillTracker`, None at a table without kills).
"""

from __future__ import annotations

from collections.abc import Collection

from .kills import ButtonState
from .killtracker import KillTracker
from .seating import Seat, Seating, SeatStatus

IN_GAME = (SeatStatus.ACTIVE, SeatStatus.WAITING)
"""The statuses of a seat in the game: dealt in when the deal reaches him."""


def owes_kill(kills: KillTracker | None, player_id: str) -> int | None:
    """The required kill, in chips, that ``player_id`` must post at the next deal at the
    table whose button ``kills`` tracks (000 kill §6), or None (None too without kills)."""
    if kills is None:
        return None
    button = kills.button
    if button.state is ButtonState.KILLED and button.holder == player_id:
        return button.amount
    return None


def kills_owed(kills: KillTracker | None) -> dict[str, int]:
    """Every kill owed at the table whose button ``kills`` tracks, player id -> chips: the
    button's holder when it is killed, and kills recorded against players who went (000
    kill §6, §12); {} without kills."""
    if kills is None:
        return {}
    button = kills.button
    owed = dict(button.owes_next)
    if button.state is ButtonState.KILLED and button.holder and button.amount is not None:
        owed[button.holder] = button.amount
    return owed


def record_owed(kills: KillTracker | None, seating: Seating, player_id: str) -> None:
    """A kill ``player_id`` owes at this table, kept against him rather than held over the
    table: the button goes neutral and he posts it on the first deal he is back in (000 kill
    §6: no game "until the kill money is posted"). Nothing without kills."""
    if kills is not None:
        present = [s.player_id for s in seating.seats.values() if s.player_id != player_id]
        kills.defer_absent_killer(present)


def can_deal(seating: Seating, kills: KillTracker | None, away: Collection[str] = ()) -> bool:
    """Whether the next hand can be dealt: two players with chips who are in the game (a
    player away who owes a kill here counts: he is dealt in to post it; one who owes a kill
    at another table, in ``away`` (player ids), does not: 000 kill §6)."""
    button = kills.button if kills is not None else None
    holder = button.holder if button and button.state is ButtonState.KILLED else None
    able = [
        s
        for s in seating.seats.values()
        if s.stack > 0
        and (s.player_id not in away or s.player_id == holder)
        and (s.status in IN_GAME or (s.status is SeatStatus.SITTING_OUT and s.player_id == holder))
    ]
    return len(able) >= 2


def hold_out(
    seating: Seating, kills: KillTracker | None, away: Collection[str]
) -> list[tuple[Seat, SeatStatus]]:
    """Seat the players in ``away`` (player ids who owe a kill at another table, 000 kill
    §6) out of one deal (not one who owes the kill here); returns each held seat with the
    status to put back after it (:func:`let_back`)."""
    held = []
    for seat in seating.seats.values():
        owes_here = owes_kill(kills, seat.player_id) is not None
        if seat.player_id in away and not owes_here and seat.status in IN_GAME:
            held.append((seat, seat.status))
            seat.status = SeatStatus.SITTING_OUT
    return held


def let_back(held: list[tuple[Seat, SeatStatus]]) -> None:
    """After the deal, the seats :func:`hold_out` held back in the game with the status
    each had; one the blinds passed owes them (RULES.md "New players, sitting out and
    missed blinds")."""
    for seat, status in held:
        seat.status = status
        if status is SeatStatus.ACTIVE and (seat.missed_big or seat.missed_small):
            # passed by the blinds while held out: he owes them as a player back
            # from sitting out does, and posts them as soon as he may be dealt in
            seat.status = SeatStatus.WAITING
            seat.post_next = True


def deal_in_killer(seating: Seating, kills: KillTracker | None) -> None:
    """The player who owes a kill is dealt in to post it even if he sat out since (000
    kill §6, RULES.md "Obligations"): his wish to sit out is kept for after the hand."""
    button = kills.button if kills is not None else None
    if button is None or button.state is not ButtonState.KILLED or button.holder is None:
        return
    seat = seating.seat_of(button.holder)
    if seat is not None and seat.stack > 0 and seat.status is SeatStatus.SITTING_OUT:
        seat.status, seat.sit_out_next = SeatStatus.ACTIVE, True
