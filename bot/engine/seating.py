"""Seats, the button and the blinds from hand to hand.

Pure rules, no time and no I/O: who is dealt in, who posts what, and in which order, by the
dead-button rule, so no one skips the big blind or pays it twice in a row when players
bust, sit out or leave. A new player waits for the big blind or posts one to come in (000
kill preamble: or kills to come in); a player who missed blinds posts them on return (the
big blind live, the small blind dead) or waits for the big blind; a busted player stays out
until he buys in again. Buy-ins are between the table's minimum and maximum (000 NL §16).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .codec import INT, As, Codec, enum
from .errors import IllegalAction


class SeatStatus(StrEnum):
    """Where a seated player stands between hands."""

    ACTIVE = "active"  # dealt in
    WAITING = "waiting"  # new: waits for the big blind (or posts to come in)
    SITTING_OUT = "sitting_out"
    BUSTED = "busted"  # no chips: out until he buys in again


@dataclass
class Seat:
    """One seated player.

    Attributes:
        seat: the seat number, 1 to the table's size.
        player_id: the platform user id.
        name: the display name.
        stack: chips on the table.
        status: see :class:`SeatStatus`.
        missed_big, missed_small: blinds passed while he sat out.
        post_next: he chose to post (a big blind to come in, or his missed blinds) at the
            next deal instead of waiting for the big blind.
        sit_out_next: a pre-action: sit out after this hand.
        leaving: leave with a cash-out after this hand (after the next one, if he owes
            a kill then: 000 kill §6).
        kicked: the host removes him after this hand, a kill owed or not.
        timeouts: turns timed out in a row.
    """

    seat: int
    player_id: str
    name: str
    stack: int
    status: SeatStatus = SeatStatus.WAITING
    missed_big: bool = False
    missed_small: bool = False
    post_next: bool = False
    sit_out_next: bool = False
    leaving: bool = False
    kicked: bool = False
    timeouts: int = 0


@dataclass(frozen=True)
class Deal:
    """Who is dealt into the next hand and what each posts.

    Attributes:
        seats: seat numbers in hand order (index 0 left of the button, the button last;
            heads-up the big blind first and the button second, as PHH has it).
        blinds: per hand index, the live blind posted.
        dead: per hand index, dead money (a missed small blind).
        kinds: per hand index, the blind's name (``small_blind``, ``big_blind``, ``blind``:
            posted to come in; empty: none, or only a missed small blind posted dead).
        button: the button's seat (it may be empty: a dead button).
        small_blind, big_blind: the blinds' seats (None: a dead small blind).
        small_blind_position: where the small blind is, live or dead (the next button); by
            the dead-button rule, so heads-up it may not be the button's seat.
    """

    seats: tuple[int, ...]
    blinds: tuple[int, ...]
    dead: tuple[int, ...]
    kinds: tuple[str, ...]
    button: int
    small_blind: int | None
    big_blind: int
    small_blind_position: int


@dataclass
class Seating:
    """The seats of one table and the button's history: plain data, saved and restored.

    Attributes:
        size: seats at the table.
        min_buy_in, max_buy_in: the buy-in range in chips (000 NL §16).
        seats: seat number -> :class:`Seat`.
        button, small_blind, big_blind: seats of the last hand (None before the first); the
            small blind's position is kept even when it was dead (the next button goes there).
        waiting_list: (player_id, name) in order, when the table is full.
    """

    size: int
    min_buy_in: int
    max_buy_in: int
    seats: dict[int, Seat] = field(default_factory=dict)
    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    waiting_list: list[tuple[str, str]] = field(default_factory=list)

    # ------------------------------------------------------------------ players

    def seat_of(self, player_id: str) -> Seat | None:
        """The player's seat, or None if he is not seated."""
        for seat in self.seats.values():
            if seat.player_id == player_id:
                return seat
        return None

    def _buy_in_range(self) -> str:
        return f"between {self.min_buy_in} and {self.max_buy_in} chips"

    def sit(self, player_id: str, name: str, buy_in: object, seat: object = None) -> Seat:
        """Seat a player with a buy-in (000 NL §16).

        Args:
            player_id, name: who.
            buy_in: chips, between the table's minimum and maximum.
            seat: the seat wanted, or None for the next free one.
        Returns:
            The seat; the player waits for the big blind (or posts to come in).
        Raises:
            IllegalAction: already seated, a buy-in out of range, a taken or unknown seat,
                or a full table (he may join the waiting list).
        """
        held = self.seat_of(player_id)
        if held is not None:
            raise IllegalAction(
                f"{name} already has a seat (seat {held.seat}, {held.stack} chips): "
                f"'topup N' adds chips between hands, up to {self.max_buy_in} in all"
            )
        if (
            not isinstance(buy_in, int)
            or isinstance(buy_in, bool)
            or not (self.min_buy_in <= buy_in <= self.max_buy_in)
        ):
            raise IllegalAction(f"buy in for {self._buy_in_range()}: e.g. 'sit {self.max_buy_in}'")
        free = [s for s in range(1, self.size + 1) if s not in self.seats]
        if not free:
            raise IllegalAction("the table is full: join the waiting list")
        if seat is None:
            seat = free[0]
        elif not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
            taken = "taken" if seat in self.seats else "not at this table"
            raise IllegalAction(f"seat {seat!r} is {taken}: free seats are {free}")
        placed = Seat(seat, player_id, name, buy_in)
        self.seats[seat] = placed
        self.waiting_list = [w for w in self.waiting_list if w[0] != player_id]
        return placed

    def join_waiting_list(self, player_id: str, name: str) -> int:
        """Put a player on the waiting list of a full table; returns his place (1 is next).

        Raises:
            IllegalAction: he is seated, already waiting, or a seat is free (he sits
                instead, with a buy-in in the table's range, 000 NL §16).
        """
        if self.seat_of(player_id):
            raise IllegalAction(f"{name} already has a seat")
        free = [s for s in range(1, self.size + 1) if s not in self.seats]
        if free:
            raise IllegalAction(
                f"seat {free[0]} is free, so there is no waiting list: sit with a buy-in "
                f"{self._buy_in_range()} (000 NL §16), e.g. 'sit {self.min_buy_in}'"
            )
        if any(w[0] == player_id for w in self.waiting_list):
            raise IllegalAction(f"{name} is already on the waiting list")
        self.waiting_list.append((player_id, name))
        return len(self.waiting_list)

    def top_up(self, player_id: str, amount: object, in_hand: bool) -> Seat:
        """Add chips between hands, up to the maximum buy-in (000 NL §16: table stakes).

        Raises:
            IllegalAction: not seated, in a hand, or an amount that is not a positive whole
                number keeping the stack within the maximum (with no chips left: a whole
                buy-in, see :meth:`rebuy`).
        """
        seat = self._seated(player_id)
        if in_hand:
            room = max(self.max_buy_in - seat.stack, 0)
            raise IllegalAction(
                f"chips are added between hands, not during one: after this hand you may add "
                f"up to {room}"
            )
        if seat.stack == 0:
            return self.rebuy(player_id, amount)
        room = self.max_buy_in - seat.stack
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise IllegalAction(f"top up by a whole number of chips, up to {max(room, 0)}")
        if amount > room:
            raise IllegalAction(f"the most you may add is {max(room, 0)}")
        self.set_stack(seat, seat.stack + amount)
        return seat

    def rebuy(self, player_id: str, amount: object) -> Seat:
        """A player with no chips buys in again (between the minimum and maximum); the
        buy-in is added to the stack, never put in its place, so no chip the ledger counts
        is ever lost (000 NL §16).

        Raises:
            IllegalAction: not seated, chips still on the table (top up instead), or a
                buy-in out of range.
        """
        seat = self._seated(player_id)
        if seat.stack != 0:
            raise IllegalAction(
                f"you still have {seat.stack} chips: top up by at most "
                f"{max(self.max_buy_in - seat.stack, 0)}"
            )
        if (
            not isinstance(amount, int)
            or isinstance(amount, bool)
            or not self.min_buy_in <= amount <= self.max_buy_in
        ):
            raise IllegalAction(f"buy in for {self._buy_in_range()}: e.g. 'sit {self.max_buy_in}'")
        self.set_stack(seat, seat.stack + amount)
        return seat

    def set_stack(self, seat: Seat, chips: int) -> None:
        """Put ``chips`` on a seat between hands, keeping its status true to the stack:
        a player left with no chips is busted (out until he buys in again; one sitting out
        stays sitting out), and a busted player given chips (a re-buy, a host adjustment,
        antes returned) waits for the big blind like any player back in the game. Every
        change of a stack between hands goes through here, so a stack and its status never
        disagree.

        Raises:
            IllegalAction: a negative stack.
        """
        if chips < 0:
            raise IllegalAction(f"{seat.name} has {seat.stack}: the stack cannot go below 0")
        seat.stack = chips
        if chips == 0 and seat.status is not SeatStatus.SITTING_OUT:
            seat.status = SeatStatus.BUSTED
        elif chips > 0 and seat.status is SeatStatus.BUSTED:
            seat.status = SeatStatus.WAITING

    def adjust(self, player_id: str, chips: int) -> Seat:
        """Host control between hands: add ``chips`` (negative: take away) to a stack.

        Raises:
            IllegalAction: not seated, or a stack that would go below 0.
        """
        seat = self._seated(player_id)
        self.set_stack(seat, seat.stack + chips)
        return seat

    def _seated(self, player_id: str) -> Seat:
        seat = self.seat_of(player_id)
        if seat is None:
            raise IllegalAction("you are not seated at this table")
        return seat

    def sit_out(self, player_id: str) -> Seat:
        """Sit out from the next deal; blinds passed meanwhile are owed on return (a new
        player still owes his big blind to come in).

        Raises:
            IllegalAction: not seated.
        """
        seat = self._seated(player_id)
        if seat.status is SeatStatus.WAITING and not (seat.missed_big or seat.missed_small):
            seat.missed_big = True  # not dealt in yet: he still waits for or posts a big blind
        if seat.status is SeatStatus.ACTIVE or seat.status is SeatStatus.WAITING:
            seat.status = SeatStatus.SITTING_OUT
        return seat

    def sit_in(self, player_id: str, post: bool = False) -> Seat:
        """Come back: post the missed blinds now (``post``) or wait for the big blind.

        Raises:
            IllegalAction: not seated, or busted (buy in again first).
        """
        seat = self._seated(player_id)
        if seat.status is SeatStatus.BUSTED:
            raise IllegalAction("you have no chips: buy in again to play")
        if seat.status is SeatStatus.SITTING_OUT:
            owes = seat.missed_big or seat.missed_small
            seat.status = SeatStatus.WAITING if owes else SeatStatus.ACTIVE
        seat.post_next = post
        return seat

    def leave(self, player_id: str) -> int:
        """Remove a player between hands; returns his cash-out in chips.

        Raises:
            IllegalAction: not seated.
        """
        seat = self._seated(player_id)
        del self.seats[seat.seat]
        return seat.stack

    # ------------------------------------------------------------------ the deal

    def _clockwise(self, after: int) -> list[int]:
        return [(after + k - 1) % self.size + 1 for k in range(1, self.size + 1)]

    def _can_take_big_blind(self, seat: Seat) -> bool:
        return seat.stack > 0 and seat.status in (SeatStatus.ACTIVE, SeatStatus.WAITING)

    def next_deal(self, small: int, big: int) -> Deal:
        """Who is dealt in next, who posts what, and the hand order (dead-button rule).

        The big blind moves to the next player clockwise able to take it (a waiting new
        player or a returning one included); the small blind is the seat that had the big
        blind (dead when that player is gone); the button is the seat that had the small
        blind (possibly empty: a dead button). Heads-up, the button posts the small blind;
        a player dealt in between the button and the blinds (after heads-up play or a new
        game placed them around him) takes the button. Players passed by the big blind
        while sitting out owe it on return; the last big blind, sitting out, owes the small
        blind. A player posting to come in is not dealt in between the button and the big
        blind (TDA, Robert's Rules: he waits for the button to pass), nor in the first hand
        after heads-up play. With fewer than two active players (the first hand, or a game
        starting again), everyone able to play is dealt in and no one posts to come in; the
        big blind still moves on.

        Args:
            small, big: the blinds in chips.
        Returns:
            The :class:`Deal`; nothing is changed until :meth:`commit_deal`.
        Raises:
            IllegalAction: fewer than two players can be dealt in.
        """
        candidates = {s for s, seat in self.seats.items() if self._can_take_big_blind(seat)}
        if len(candidates) < 2:
            raise IllegalAction("at least two players with chips are needed to deal")
        active = [s for s in candidates if self.seats[s].status is SeatStatus.ACTIVE]
        if self.big_blind is None or len(active) < 2:  # a new game: everyone is dealt in
            if self.big_blind is None:  # the button on the first seat, the blinds next
                order = [s for s in self._clockwise(min(candidates)) if s in candidates]
                bb = order[1] if len(candidates) > 2 else order[0]
            else:
                bb = next(s for s in self._clockwise(self.big_blind) if s in candidates)
            behind = [s for s in reversed(self._clockwise(bb)) if s in candidates][1:]
            button = behind[1] if len(behind) > 1 else behind[0]
            return self._deal(button, behind[0], bb, small, big, behind[0], fresh=True)
        bb = next(s for s in self._clockwise(self.big_blind) if s in candidates)
        sb_position = self.big_blind  # the small blind is where the big blind was
        sb = sb_position if sb_position in active else None  # dead when he is not dealt in
        button = self.small_blind if self.small_blind is not None else sb_position
        order = self._clockwise(button)
        barred = frozenset(order[: order.index(bb)])  # between the button and the big blind
        if button == bb:  # after heads-up: posters wait a hand for the big blind
            button, barred = sb_position, frozenset(candidates)
        return self._deal(button, sb, bb, small, big, sb_position, barred=barred)

    def _deal(
        self,
        button: int,
        sb: int | None,
        bb: int,
        small: int,
        big: int,
        sb_position: int = 0,
        fresh: bool = False,
        barred: frozenset[int] = frozenset(),
    ) -> Deal:
        dealt = [
            s
            for s in self._clockwise(button)
            if s in self.seats
            and self.seats[s].stack > 0
            and (
                self.seats[s].status is SeatStatus.ACTIVE
                or s == bb
                or (
                    self.seats[s].status is SeatStatus.WAITING
                    and (fresh or (self.seats[s].post_next and s not in barred))
                )
            )
        ]
        if len(dealt) == 2:  # heads-up: the button posts the small blind, the other the big
            other = bb if bb in dealt else dealt[0]
            button_seat = next(s for s in dealt if s != other)
            dealt = [other, button_seat]
            sb, bb, button = button_seat, other, button_seat  # sb_position stays: next button
        else:  # a player dealt in ahead of the blinds (back from sitting out when heads-up
            # play or a new game moved them) takes the button; so does the player right of
            # the small blind when the button fell on it (from heads-up to three or more)
            ahead = dealt[: dealt.index(sb if sb is not None else bb)]
            if ahead or button == sb_position:
                button = (ahead or dealt)[-1]
                dealt = [s for s in self._clockwise(button) if s in dealt]
        posts: list[tuple[int, int, str]] = []
        for s in dealt:
            seat = self.seats[s]
            if s == bb:
                posts.append((big, 0, "big_blind"))
            elif s == sb:
                posts.append((small, 0, "small_blind"))
            elif seat.status is SeatStatus.WAITING and not fresh:  # posting to come in
                live = big if seat.missed_big or not seat.missed_small else 0  # else SB only
                posts.append((live, small if seat.missed_small else 0, "blind" if live else ""))
            else:
                posts.append((0, 0, ""))
        blinds = [p[0] for p in posts]
        dead = [p[1] for p in posts]
        kinds = [p[2] for p in posts]
        return Deal(
            tuple(dealt),
            tuple(blinds),
            tuple(dead),
            tuple(kinds),
            button,
            sb,
            bb,
            sb_position or (sb if sb is not None else button),
        )

    def commit_deal(self, deal: Deal) -> None:
        """Record that ``deal`` was dealt: the button moves, players passed by the big blind
        while out owe it (the last big blind, sitting out, owes the small blind he missed),
        and those dealt in are active."""
        if self.big_blind is not None:
            owes = self.seats.get(self.big_blind)
            if owes and owes.status is SeatStatus.SITTING_OUT:
                owes.missed_small = True
            passed = self._clockwise(self.big_blind)
            for s in passed[: passed.index(deal.big_blind)]:
                seat = self.seats.get(s)
                if seat and seat.status is SeatStatus.SITTING_OUT:
                    seat.missed_big = True
                    seat.missed_small = True
        for s in deal.seats:
            seat = self.seats[s]
            seat.status = SeatStatus.ACTIVE
            seat.missed_big = seat.missed_small = seat.post_next = False
        self.button, self.big_blind = deal.button, deal.big_blind
        self.small_blind = deal.small_blind_position

    def settle(self, stacks: dict[int, int], keep: frozenset[str] = frozenset()) -> list[Seat]:
        """Stacks after a hand (seat -> chips); busted players are marked, pre-actions
        (sit out next hand) applied, except for the players in ``keep`` (player ids), who
        are dealt the next hand first (000 kill §6: a kill owed is posted before a player
        may sit out) and keep their wish for after it. Returns the players who busted."""
        busted = []
        for s, stack in stacks.items():
            seat = self.seats[s]
            self.set_stack(seat, stack)
            if stack == 0:
                busted.append(seat)
            elif seat.sit_out_next and seat.player_id not in keep:
                seat.status = SeatStatus.SITTING_OUT
                seat.sit_out_next = False
        return busted

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving: the fields by name, the seats by their number as text."""
        return _SEATING.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seating:
        """The seating saved by :meth:`to_dict`.

        Raises:
            KeyError: the size, a buy-in bound or a seat's status missing.
            ValueError: a status that is not one of :class:`SeatStatus`.
            TypeError: a seat's field that is not one of :class:`Seat`'s.
        """
        return _SEATING.load(data)


# a seat is read as saved (no conversions), its status required, and no other field allowed
_SEAT: Codec[Seat] = Codec(
    Seat, {"status": enum(SeatStatus)}, required=("status",), refuse_unknown=True
)
_SEATING: Codec[Seating] = Codec(
    Seating,
    {
        "size": INT,
        "min_buy_in": INT,
        "max_buy_in": INT,
        "seats": As(
            lambda seats: {str(k): _SEAT.dump(v) for k, v in seats.items()},
            lambda data: {int(k): _SEAT.load(v) for k, v in data.items()},
        ),
        "waiting_list": As(
            lambda waiting: [list(w) for w in waiting],
            lambda data: [(str(a), str(b)) for a, b in data],
        ),
    },
)
