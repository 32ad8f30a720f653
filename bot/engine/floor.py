"""A tournament over several tables: the draw to tables at the start, the moves that
keep them balanced, the tables that break, the final table and hand-for-hand rounds
(RULES.md "Tournaments", several tables).

A table is told nothing of the others; the floor watches their counts and, when a hand
ends at one, makes the moves due at the tables that are between hands. A player moves
only between hands at both tables: he leaves one when its hand ends, and the table he
goes to deals him in at its next hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .balancing import (
    draw_seats,
    due_move,
    final_table_size,
    hand_for_hand_due,
    next_big_blind,
    table_to_break,
    tolerance_for,
    waits_for_button,
    worst_seat,
)
from .errors import IllegalAction
from .places import Finish
from .seating import SeatStatus
from .tournament import Bought, Tournament
from .tourneytable import Bust, TournamentTable, close_busts


@dataclass(frozen=True)
class Moved:
    """A player moved from one table to another, with his stack.

    Attributes:
        player: his id.
        source, target: the tables' ids.
        seat: his seat at ``target``.
        chips: his stack.
        why: ``balance``, ``break`` or ``final`` (the final table's redraw).
    """

    player: str
    source: str
    target: str
    seat: int
    chips: int
    why: str


@dataclass
class FloorEnd:
    """What the end of a hand at one table led to.

    Attributes:
        finishes: places now known (a hand-for-hand round's, once every table is done).
        moves: players moved between tables.
        broken: tables broken.
        hand_for_hand: whether play is now hand-for-hand.
    """

    finishes: tuple[Finish, ...] = ()
    moves: list[Moved] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    hand_for_hand: bool = False


class Floor:
    """A tournament's tables.

    Args:
        tournament: the tournament's books.
        tables: table id -> its tournament table, in the tables' order.
        break_order: the order tables break in (drawn at the start); the last one is the
            final table.
        tolerance: players tables may differ by (0: the house default,
            :func:`~bot.engine.balancing.tolerance_for`).
        at_pay_jumps: play each pay jump hand-for-hand too.

    Attributes:
        hand_for_hand: the tables play hand-for-hand (TDA 2024 RP-8).
        played: hand-for-hand: the tables that dealt in this round.
        held: hand-for-hand: the round's players out so far, placed when it ends.
    """

    def __init__(
        self,
        tournament: Tournament,
        tables: dict[str, TournamentTable],
        break_order: Sequence[str],
        tolerance: int = 0,
        at_pay_jumps: bool = False,
    ) -> None:
        if set(break_order) != set(tables):
            raise IllegalAction("the break order names every table once")
        self.tournament = tournament
        self.tables = dict(tables)
        self.break_order = list(break_order)
        self.tolerance = tolerance
        self.at_pay_jumps = at_pay_jumps
        self.hand_for_hand = False
        self.played: set[str] = set()
        self.held: list[Bust] = []

    # ---------------------------------------------------------------- reading

    def counts(self) -> dict[str, int]:
        """Table id -> players seated there, in the tables' order."""
        return {tid: len(t.table.seating.seats) for tid, t in self.tables.items()}

    def table_of(self, player: str) -> str | None:
        """The table ``player`` is seated at, or None."""
        for tid, table in self.tables.items():
            if table.table.seating.seat_of(player) is not None:
                return tid
        return None

    def _idle(self, tid: str) -> bool:
        return self.tables[tid].table.current is None

    def _free(self, skip: str | None = None) -> dict[str, list[int]]:
        return {
            tid: [s for s in range(1, t.table.settings.seats + 1) if s not in t.table.seating.seats]
            for tid, t in self.tables.items()
            if tid != skip
        }

    # ----------------------------------------------------------------- start

    def start(self, names: dict[str, str], rng: random.Random) -> list[Moved]:
        """Draw every entry still in to a table and a seat at random, with the starting
        stack, the tables kept within one player (TDA 2024 R7, R10-B).

        Returns:
            Where each went (``source`` empty).
        Raises:
            IllegalAction: more entries than seats.
        """
        players = [entry.player for entry in self.tournament.alive]
        draws = draw_seats(players, self._free(), self.counts(), rng)
        stack = self.tournament.rules.stack
        placed = []
        for draw in draws:
            seating = self.tables[draw.table].table.seating
            seating.sit(draw.player, names.get(draw.player, draw.player), stack, draw.seat)
            placed.append(Moved(draw.player, "", draw.table, draw.seat, stack, "draw"))
        return placed

    def enter(self, player: str, name: str, rng: random.Random) -> tuple[Bought, Moved]:
        """A late entry or a re-entry (for a player whose last entry is out): bought and
        seated at once at one of the shortest tables, or neither.

        Returns:
            What was bought and where he sits.
        Raises:
            IllegalAction: no open seat at any table, or the tournament's rules refuse.
        """
        if not any(self._free().values()):
            raise IllegalAction("every table is full: wait for a seat to open")
        last = self.tournament.current(player)
        if last is not None and last.out:
            bought = self.tournament.re_enter(player)
        else:
            bought = self.tournament.register(player)
        return bought, self.seat_late(player, name, bought.chips, rng)

    def full(self) -> bool:
        """Whether every seat of every table in play is taken."""
        return not any(self._free().values())

    def open_table(self, tid: str, table: TournamentTable) -> None:
        """Bring another table into play (late entries fill the tables in play): it breaks
        first, and balancing fills it from the fullest tables (TDA 2024 R11-A).

        Raises:
            IllegalAction: it plays already.
        """
        if tid in self.tables:
            raise IllegalAction(f"table {tid} plays already")
        self.tables[tid] = table
        self.break_order.insert(0, tid)

    def seat_late(self, player: str, name: str, chips: int, rng: random.Random) -> Moved:
        """Seat a late entrant or a re-entry at a seat drawn at one of the shortest
        tables (TDA 2024 R8-A); he waits for the button if that seat lies between the
        button and the small blind.

        Raises:
            IllegalAction: no open seat.
        """
        (draw,) = draw_seats([player], self._free(), self.counts(), rng)
        table = self.tables[draw.table]
        wait = waits_for_button(table.table.seating, draw.seat)
        seat = table.table.seating.sit(player, name, chips, draw.seat)
        seat.status = SeatStatus.ACTIVE
        if wait:
            table.waiting.add(player)
        return Moved(player, "", draw.table, draw.seat, chips, "late")

    # ------------------------------------------------------------------ play

    def why_not_deal(self, tid: str, now: float | None = None) -> str | None:
        """Why table ``tid`` may not deal now, or None: its own reasons (at ``now``,
        seconds: :meth:`TournamentTable.why_not_deal`), or, hand-for-hand, it has played
        this round's hand and waits for the other tables."""
        why = self.tables[tid].why_not_deal(now)
        if why is not None:
            return why
        if self.hand_for_hand and tid in self.played:
            return "hand-for-hand: this table waits for the other tables to finish their hand"
        return None

    def dealt(self, tid: str) -> None:
        """Table ``tid`` dealt a hand (counted in a hand-for-hand round)."""
        if self.hand_for_hand:
            self.played.add(tid)

    def hand_ended(self, tid: str, rng: random.Random) -> FloorEnd:
        """After table ``tid``'s hand ended (its :meth:`TournamentTable.finish` called with
        ``hold`` as :attr:`hand_for_hand`): place the players out (a hand-for-hand round's
        once every table has played it), then make the moves due between hands: a table
        broken, the tables balanced, the final table drawn.

        Returns:
            What changed.
        """
        end = FloorEnd()
        if self.hand_for_hand:
            if tid in self.played:
                self.held += self.tables[tid].take_busts()
            else:
                # a hand dealt before the round began is no part of it: its players out
                # are placed now, before the round's
                end.finishes = close_busts(self.tournament, self.tables[tid].take_busts())
            # the round is over once no table can still play its hand of it (a table the
            # last hand left short of players cannot)
            done = all(
                t in self.played or self.tables[t].why_not_deal() is not None for t in self.tables
            ) and all(self._idle(t) for t in self.tables)
            if done and self.played:
                end.finishes += close_busts(self.tournament, self.held)
                self.held, self.played = [], set()
        if not self.hand_for_hand or not self.played:
            end.moves += self._settle(end, rng)
            due = len(self.tables) > 1 and hand_for_hand_due(
                len(self.tournament.alive), self.tournament.prizes(), self.at_pay_jumps
            )
            if due != self.hand_for_hand:
                self.hand_for_hand, self.played, self.held = due, set(), []
        end.hand_for_hand = self.hand_for_hand
        return end

    def _settle(self, end: FloorEnd, rng: random.Random) -> list[Moved]:
        """The final table, breaks and balancing moves due at the tables between hands."""
        moves: list[Moved] = []
        if self.tournament.status != "running":
            return moves
        seats = max(t.table.settings.seats for t in self.tables.values())
        left = sum(self.counts().values())
        if len(self.tables) > 1 and left <= final_table_size(seats):
            if all(self._idle(t) for t in self.tables):
                moves += self._final(end, rng)
            return moves
        while True:
            broken = table_to_break(self.counts(), seats, self.break_order)
            if broken is None or not self._idle(broken):
                break
            moves += self._break(broken, rng)
            end.broken.append(broken)
        tolerance = tolerance_for(len(self.tables), self.tolerance)
        while (move := due_move(self.counts(), tolerance)) is not None:
            source, target = move
            if not self._idle(source):
                break  # its hand ends first; the move is made then
            moves.append(self._balance(source, target))
        return moves

    def _balance(self, source: str, target: str) -> Moved:
        """Move the player due the big blind next at ``source`` to the worst seat at
        ``target`` (TDA 2024 R11-A)."""
        giver, taker = self.tables[source], self.tables[target]
        player = next_big_blind(giver.table.seating) or next(
            seat.player_id for seat in giver.table.seating.seats.values()
        )
        number = worst_seat(taker.table.seating)
        wait = waits_for_button(taker.table.seating, number)
        seat = giver.unseat(player)
        taker.seat_moved(seat, number, wait)
        self._carry(giver, taker, player)
        return Moved(player, source, target, number, seat.stack, "balance")

    def _break(self, broken: str, rng: random.Random) -> list[Moved]:
        """Break table ``broken``: its players drawn to open seats at the shortest tables
        (TDA 2024 R10-B), dealt in at once unless between the button and the small blind."""
        giver = self.tables.pop(broken)
        self.break_order.remove(broken)
        players = [seat.player_id for seat in giver.table.seating.seats.values()]
        moves = []
        for draw in draw_seats(players, self._free(), self.counts(), rng):
            taker = self.tables[draw.table]
            wait = waits_for_button(taker.table.seating, draw.seat)
            seat = giver.unseat(draw.player)
            taker.seat_moved(seat, draw.seat, wait)
            self._carry(giver, taker, draw.player)
            moves.append(Moved(draw.player, broken, draw.table, draw.seat, seat.stack, "break"))
        return moves

    def _final(self, end: FloorEnd, rng: random.Random) -> list[Moved]:
        """Every player still in drawn afresh to the final table (the last of the break
        order): new seats, and the button to the lowest seat taken (a house choice: a
        random redraw, common practice; TDA 2024 has none)."""
        final = self.break_order[-1]
        target = self.tables[final]
        everyone: list[tuple[str, TournamentTable]] = [
            (seat.player_id, table)
            for tid, table in self.tables.items()
            for seat in list(table.table.seating.seats.values())
        ]
        size = max(final_table_size(target.table.settings.seats), len(everyone))
        if size > target.table.settings.seats:  # a final seven from six-handed tables
            target.table.settings = replace(target.table.settings, seats=size)
            target.table.seating.size = size
        seats = list(range(1, size + 1))
        drawn = rng.sample(seats, len(everyone))
        lifted = [(player, table, table.unseat(player)) for player, table in everyone]
        seating = target.table.seating
        seating.button = seating.small_blind = seating.big_blind = None
        moves = []
        for (player, table, seat), number in zip(lifted, drawn, strict=True):
            target.seat_moved(seat, number, wait=False)
            if table is not target:
                self._carry(table, target, player)
            source = next(tid for tid, t in self.tables.items() if t is table)
            moves.append(Moved(player, source, final, number, seat.stack, "final"))
        for tid in [t for t in self.tables if t != final]:
            del self.tables[tid]
            self.break_order.remove(tid)
            end.broken.append(tid)
        return moves

    @staticmethod
    def _carry(giver: TournamentTable, taker: TournamentTable, player: str) -> None:
        """What the player's tournament part says goes with him: away stays away."""
        if player in giver.away:
            giver.away.discard(player)
            taker.away.add(player)

    # -------------------------------------------------------------- storage

    def to_dict(self) -> dict[str, Any]:
        """The floor's own part as plain data: the tables in play and their break order,
        the house options and a hand-for-hand round's state (each table and the
        tournament are saved by their own ``to_dict``)."""
        return {
            "tables": list(self.tables),
            "break_order": list(self.break_order),
            "tolerance": self.tolerance,
            "at_pay_jumps": self.at_pay_jumps,
            "hand_for_hand": self.hand_for_hand,
            "played": sorted(self.played),
            "held": [bust.to_dict() for bust in self.held],
        }

    @classmethod
    def from_dict(
        cls, tournament: Tournament, tables: dict[str, TournamentTable], data: dict[str, Any]
    ) -> Floor:
        """The floor :meth:`to_dict` wrote, over the tournament's books and its tables
        restored (``tables``: table id -> its tournament table, those in play at least).

        Raises:
            IllegalAction: a table in play was not given.
        """
        order = [str(t) for t in data["tables"]]
        missing = [t for t in order if t not in tables]
        if missing:
            raise IllegalAction(f"the tournament's table {missing[0]} was not restored")
        floor = cls(
            tournament,
            {t: tables[t] for t in order},
            [str(t) for t in data["break_order"]],
            int(data.get("tolerance", 0)),
            bool(data.get("at_pay_jumps", False)),
        )
        floor.hand_for_hand = bool(data.get("hand_for_hand", False))
        floor.played = {str(t) for t in data.get("played", ())}
        floor.held = [Bust.from_dict(b) for b in data.get("held", ())]
        return floor
