"""A tournament of several tables: which tables are out of balance, who moves and to
which seat, which table breaks and where its players go, the final table, and when
play goes hand-for-hand (RULES.md "Tournaments", several tables).

Everything here reads seats and counts and answers; the caller moves the players, each
move between hands at both tables.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import IllegalAction
from .seating import Seating

TIGHT_UP_TO = 6  # tables kept within one player up to this many tables, two beyond


def tolerance_for(tables: int, house: int = 0) -> int:
    """How many players tables may differ by: the host's number (1 or 2) when set, else
    one player up to six tables and two beyond (RROP tourn.; the TDA leaves it to the
    house, TDA 2024 R11-D)."""
    if house:
        return house
    return 1 if tables <= TIGHT_UP_TO else 2


def due_move(counts: Mapping[str, int], tolerance: int) -> tuple[str, str] | None:
    """The next move balancing calls for, or None when the tables are within
    ``tolerance`` players of each other.

    Args:
        counts: table id -> players seated, in the tables' order (their numbers).
        tolerance: the difference allowed.
    Returns:
        ``(from, to)``: the fullest table gives, ties to the first in order (TDA 2024
        R11-C, a house choice), to the shortest, ties to the first in order.
    """
    if len(counts) < 2:
        return None
    order = list(counts)
    fullest = max(order, key=lambda t: (counts[t], -order.index(t)))
    shortest = min(order, key=lambda t: (counts[t], order.index(t)))
    if counts[fullest] - counts[shortest] <= tolerance:
        return None
    return fullest, shortest


def next_big_blind(seating: Seating) -> str | None:
    """The player due the big blind at the next deal (the one who moves from a long
    table, TDA 2024 R11-A), or None when no hand can be dealt there."""
    try:
        deal = seating.next_deal(1, 2)
    except IllegalAction:
        return None
    return seating.seats[deal.big_blind].player_id


def worst_seat(seating: Seating) -> int:
    """The seat a player moving to this table takes: the open seat that will post the big
    blind soonest, taken at once if it is open, even for a second big blind in a row; the
    small blind's seat is never it (TDA 2024 R11-A). Before the table's first deal, the
    lowest open seat.

    Raises:
        IllegalAction: the table has no open seat.
    """
    free = [s for s in range(1, seating.size + 1) if s not in seating.seats]
    if not free:
        raise IllegalAction("the table has no open seat")
    if seating.big_blind is None:
        return free[0]
    # the big blind moves clockwise from the last one to the next seat with a player: an
    # open seat on the way is the first to reach it
    after = [(seating.big_blind + k - 1) % seating.size + 1 for k in range(1, seating.size + 1)]
    return next(s for s in after if s in free)


def waits_for_button(seating: Seating, seat: int) -> bool:
    """Whether a player arriving at ``seat`` waits for the button to pass him: the seat
    lies between the coming deal's button and its small blind (TDA 2024 R10-A); anywhere
    else he is dealt in at once."""
    try:
        deal = seating.next_deal(1, 2)
    except IllegalAction:
        return False
    blind = deal.small_blind if deal.small_blind is not None else deal.big_blind
    number = deal.button % seating.size + 1
    while number not in (blind, deal.button):
        if number == seat:
            return True
        number = number % seating.size + 1
    return False


def table_to_break(counts: Mapping[str, int], seats: int, order: Sequence[str]) -> str | None:
    """The table to break, or None: as soon as the other tables can seat its players, the
    first table of ``order`` still playing (the order drawn at the start, TDA 2024 RP-19:
    a random order leaves no one a reason to stall).

    Args:
        counts: table id -> players seated.
        seats: the seats of a table.
        order: the tables in the order they break.
    """
    if len(counts) < 2 or sum(counts.values()) > (len(counts) - 1) * seats:
        return None
    return next((table for table in order if table in counts), None)


@dataclass(frozen=True)
class Draw:
    """Where a player is drawn to: a table and a seat there.

    Attributes:
        player: his id.
        table: the table's id.
        seat: the seat number.
    """

    player: str
    table: str
    seat: int


def draw_seats(
    players: Sequence[str],
    free: Mapping[str, Sequence[int]],
    counts: Mapping[str, int],
    rng: random.Random,
) -> list[Draw]:
    """Draw ``players`` (a broken table's, or late entrants) to open seats: each in a
    random order goes to one of the tables with the fewest players (drawn among them),
    then to a seat drawn from its open ones (TDA 2024 R10-B, a two-step random draw that
    keeps the tables balanced).

    Args:
        players: who is drawn.
        free: table id -> its open seats.
        counts: table id -> players seated now.
        rng: the draw (the OS's CSPRNG in play, seeded in tests).
    Returns:
        One draw per player.
    Raises:
        IllegalAction: more players than open seats.
    """
    open_seats = {table: list(seats) for table, seats in free.items()}
    seated = dict(counts)
    if len(players) > sum(len(s) for s in open_seats.values()):
        raise IllegalAction("there are more players than open seats")
    order = list(players)
    rng.shuffle(order)
    draws = []
    for player in order:
        tables = [t for t in open_seats if open_seats[t]]
        fewest = min(seated.get(t, 0) for t in tables)
        table = rng.choice([t for t in tables if seated.get(t, 0) == fewest])
        seat = rng.choice(open_seats[table])
        open_seats[table].remove(seat)
        seated[table] = seated.get(table, 0) + 1
        draws.append(Draw(player, table, seat))
    return draws


def final_table_size(seats: int) -> int:
    """The players of the final table for tables of ``seats``: an 8- or 9-handed event
    plays from two tables of five to a final nine, a 6- or 7-handed one from two of four
    to a final seven (TDA 2024 RP-9); otherwise a full table."""
    if seats in (8, 9):
        return 9
    if seats in (6, 7):
        return 7
    return seats


def hand_for_hand_due(left: int, prizes: Sequence[int], at_pay_jumps: bool = False) -> bool:
    """Whether the tables play hand-for-hand: when the next player out is the last one
    unpaid (the bubble), and, if the host asks, whenever the next one out would be paid
    less than the one after him (every pay jump). The TDA leaves when to the house
    (TDA 2024 RP-8).

    Args:
        left: entries still in.
        prizes: the prizes by place, first place first.
        at_pay_jumps: the host's option to play each pay jump hand-for-hand too.
    """
    paid = sum(1 for prize in prizes if prize > 0)
    if left == paid + 1:
        return True
    if not at_pay_jumps or left > paid or left <= 2:
        return False
    return prizes[left - 1] < prizes[left - 2]
