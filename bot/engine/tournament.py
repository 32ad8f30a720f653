"""A tournament's own rules and books, apart from its tables: registration, entries and
re-entries, rebuys and add-ons, the prize pool, finishing places and prizes, knockout
bounties and the level clock (RULES.md "Tournaments").

Money is whole units of the host's currency (cents, say); chips are tournament chips. A
table plays the hands; this is told who went out of each hand and answers what follows.
Nothing here knows how many tables there are: an entry's seat is the caller's business.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .blindlevels import Schedule
from .codec import BOOL, INT, STR, As, Codec, optional, record, tuple_of
from .errors import ConfigError, IllegalAction, check_whole
from .levelclock import ClockChange, LevelClock, LevelUp
from .payouts import checked_shares, prizes, shared_prizes, standard_shares
from .places import Finish, finishing_places

REGISTERING, RUNNING, FINISHED, CANCELLED = "registering", "running", "finished", "cancelled"
ENTRANTS_MOST = 1000
MONEY_MOST = 10**9  # a buy-in of at most this many money units
STACK_MOST = 10**9


@dataclass(frozen=True)
class TournamentRules:
    """What the host chose for a tournament.

    Attributes:
        buy_in: money units one entry costs (its bounty included, a fee not).
        stack: the starting stack in tournament chips.
        schedule: the blind schedule.
        seats: players a table seats.
        tables: the tables it may spread over (1: a sit & go); the field is at most
            ``seats`` times ``tables`` entries at a time.
        fee: money units each entry pays the house beside the buy-in (0 in a home game).
        late_until: late registration and re-entry until the end of level N (0: none;
            TDA 2024 R8-A).
        rebuy_levels: rebuys during the first N levels (0: none).
        rebuys_most: rebuys per entry at most (0: unlimited while rebuys last).
        rebuy_stack_most: a rebuy is open while the stack is at or below this (0: the
            starting stack).
        add_on: one add-on each, at the first break (or, without breaks, as the rebuy
            levels end).
        add_on_price, add_on_stack: the add-on's money and chips (0: the buy-in's and
            the starting stack).
        re_entries: re-entries per player at most, during late registration (0: none).
        shares: the host's own payout shares in per mille, first place first; () for
            the standard table by entries.
        bounty: money units of each buy-in that go on the entry's head (knockout; 0 for
            none).
        balance: players tables of several may differ by (1 or 2; 0: the house default,
            :func:`bot.engine.balancing.tolerance_for`, TDA 2024 R11-D).
        pay_jumps: play hand-for-hand at every pay jump too, not only at the bubble
            (TDA 2024 RP-8 leaves when to the house).
    Raises:
        ConfigError: an amount out of range or a bounty over the buy-in.
    """

    buy_in: int
    stack: int
    schedule: Schedule
    seats: int = 9
    tables: int = 1
    fee: int = 0
    late_until: int = 0
    rebuy_levels: int = 0
    rebuys_most: int = 0
    rebuy_stack_most: int = 0
    add_on: bool = False
    add_on_price: int = 0
    add_on_stack: int = 0
    re_entries: int = 0
    shares: tuple[int, ...] = ()
    bounty: int = 0
    balance: int = 0
    pay_jumps: bool = False

    def __post_init__(self) -> None:
        check_whole(
            self,
            (
                ("buy_in", 0, MONEY_MOST),
                ("stack", 1, STACK_MOST),
                ("seats", 2, 10),
                ("tables", 1, 200),
                ("fee", 0, MONEY_MOST),
                ("late_until", 0, 60),
                ("rebuy_levels", 0, 60),
                ("rebuys_most", 0, 100),
                ("rebuy_stack_most", 0, STACK_MOST),
                ("add_on_price", 0, MONEY_MOST),
                ("add_on_stack", 0, STACK_MOST),
                ("re_entries", 0, 100),
                ("bounty", 0, MONEY_MOST),
                ("balance", 0, 2),
            ),
            "a tournament's",
        )
        if self.bounty > self.buy_in:
            raise ConfigError(
                f"the bounty ({self.bounty}) is part of the buy-in ({self.buy_in}), not more"
            )
        if self.shares:
            checked_shares(self.shares)

    @property
    def rebuy_chips(self) -> int:
        """Chips a rebuy gives: the starting stack (TOURNAMENT.md: the buy-in's chips)."""
        return self.stack

    @property
    def add_on_chips(self) -> int:
        """Chips the add-on gives."""
        return self.add_on_stack or self.stack

    @property
    def add_on_cost(self) -> int:
        """Money units the add-on costs."""
        return self.add_on_price or self.buy_in

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain data."""
        return _RULES.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentRules:
        """The rules :meth:`to_dict` wrote."""
        return _RULES.load(data)


@dataclass
class Entry:
    """One entry: a player's buy-in (his first, or a re-entry), with its own place.

    Attributes:
        id: ``player`` for the first entry, ``player#2`` for his first re-entry, and on.
        player: the player's id.
        number: 1 for the first entry, 2 for the first re-entry, and on.
        rebuys: rebuys taken.
        add_on: whether the add-on was taken.
        place: the finishing place (0 while in); ``tied`` players share places
            ``place`` to ``place + tied - 1``. An entry out during late registration
            moves down a place with each entry that comes after it.
        tied: how many share the place.
        out_round: the number of the hand the entry went out in, counted over the
            tournament (0 while in).
        out_stack: the chips the entry began that hand with.
        prize: money units won by the place (or the deal).
        bounties: money units won by knocking players out.
        dealt: the entry was in a deal, which fixed its prize.
    """

    id: str
    player: str
    number: int = 1
    rebuys: int = 0
    add_on: bool = False
    place: int = 0
    tied: int = 1
    prize: int = 0
    bounties: int = 0
    dealt: bool = False
    out_round: int = 0
    out_stack: int = 0

    @property
    def out(self) -> bool:
        """Whether the entry is out (the winner is not)."""
        return self.out_round > 0

    def to_dict(self) -> dict[str, Any]:
        """The entry as plain data."""
        return _ENTRY.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entry:
        """The entry :meth:`to_dict` wrote."""
        return _ENTRY.load(data)


@dataclass(frozen=True)
class Bought:
    """Money paid in and the chips it bought (a buy-in, re-entry, rebuy or add-on): one
    ledger line, and chips for the entry's stack.

    Attributes:
        entry: the entry's id.
        kind: ``buy-in``, ``re-entry``, ``rebuy``, ``add-on``, or ``refund`` (negative).
        money: money units paid (the fee included).
        chips: tournament chips it gives.
    """

    entry: str
    kind: str
    money: int
    chips: int


@dataclass
class Tournament:
    """A tournament's state apart from its tables.

    Attributes:
        rules: what the host chose.
        status: ``registering``, ``running``, ``finished`` or ``cancelled``.
        entries: every entry in the order they came.
        clock: the level clock.
        closed: registration is over (late registration ended, or none was offered and
            the tournament started): the payout shares are fixed.
        fixed_shares: the shares fixed when registration closed, () before.
        paid_in: money units in the prize pool (buy-ins less bounties and fees,
            rebuys, add-ons).
        chips: tournament chips given out in all (stacks, rebuys, add-ons).
        left_aside: money units a deal left to play for (0 when none was made).
        rounds: hands that put an entry out so far (the rounds entries go out in).
    """

    rules: TournamentRules
    status: str = REGISTERING
    entries: list[Entry] = field(default_factory=list)
    clock: LevelClock | None = None
    closed: bool = False
    fixed_shares: tuple[int, ...] = ()
    paid_in: int = 0
    chips: int = 0
    left_aside: int = 0
    rounds: int = 0

    def __post_init__(self) -> None:
        if self.clock is None:
            self.clock = LevelClock(self.rules.schedule)

    # ---------------------------------------------------------------- reading

    @property
    def level_clock(self) -> LevelClock:
        """The level clock."""
        assert self.clock is not None
        return self.clock

    def entry(self, entry_id: str) -> Entry:
        """The entry ``entry_id``.

        Raises:
            IllegalAction: no such entry.
        """
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise IllegalAction(f"{entry_id} has no entry in this tournament")

    def current(self, player: str) -> Entry | None:
        """The player's latest entry, or None if he never entered."""
        found = [entry for entry in self.entries if entry.player == player]
        return found[-1] if found else None

    @property
    def alive(self) -> list[Entry]:
        """The entries still in, in the order they came."""
        return [entry for entry in self.entries if not entry.out]

    @property
    def pool(self) -> int:
        """The prize pool in money units (buy-ins, rebuys and add-ons less bounties and
        fees: TOURNAMENT.md "Pool")."""
        return self.paid_in

    @property
    def bounty_pool(self) -> int:
        """Money units on the heads of the entries still in."""
        return self.rules.bounty * len(self.alive)

    def shares(self) -> tuple[int, ...]:
        """The payout shares: fixed once registration closes; before, what the entries so
        far would get."""
        if self.fixed_shares:
            return self.fixed_shares
        return self.rules.shares or standard_shares(max(len(self.entries), 1))

    def prizes(self) -> tuple[int, ...]:
        """The prizes by place in money units, first place first, from today's pool
        (TOURNAMENT.md "Payouts": each the floor of its share, the rest to first)."""
        return prizes(self.pool, self.shares(), len(self.entries) or None)

    # ----------------------------------------------------------- registration

    def register(self, player: str) -> Bought:
        """Enter ``player`` before the start or during late registration (TDA 2024 R8-A).

        Returns:
            What he paid and the chips he gets (his starting stack).
        Raises:
            IllegalAction: he is registered already, the seats or the field are full,
                registration is closed.
        """
        held = self.current(player)
        if held is not None and not held.out:
            if self.status == REGISTERING:
                raise IllegalAction("you are registered already ('unregister' to leave the lobby)")
            if self.status == RUNNING:
                raise IllegalAction("you are in the tournament already, with your entry still in")
        if self.status == RUNNING and not self.late_open():
            raise IllegalAction(self._closed_why())
        if self.status not in (REGISTERING, RUNNING):
            raise IllegalAction(f"the tournament is {self.status}: registration is closed")
        if held is not None:
            raise IllegalAction("you are registered already ('unregister' to leave the lobby)")
        room = self.rules.seats * self.rules.tables
        if len(self.alive) >= room:
            raise IllegalAction(f"the tournament is full ({room} seats)")
        return self._enter(Entry(player, player), "buy-in")

    def unregister(self, player: str) -> Bought:
        """Take ``player`` out of the lobby before the start, refunded.

        Returns:
            The refund as a negative payment.
        Raises:
            IllegalAction: he is not registered, or the tournament has started.
        """
        if self.status != REGISTERING:
            raise IllegalAction("the tournament has started: an entry cannot be taken back")
        entry = self.current(player)
        if entry is None:
            raise IllegalAction("you are not registered ('register' to enter)")
        self.entries.remove(entry)
        self.paid_in -= self._to_pool(self.rules.buy_in)
        self.chips -= self.rules.stack
        return Bought(entry.id, "refund", -(self.rules.buy_in + self.rules.fee), -self.rules.stack)

    def cancel(self) -> list[Bought]:
        """Cancel before the start: every entry refunded.

        Raises:
            IllegalAction: the tournament has started.
        """
        if self.status != REGISTERING:
            raise IllegalAction("only a tournament that has not started can be cancelled")
        refunds = [self.unregister(entry.player) for entry in list(self.entries)]
        self.status = CANCELLED
        return refunds

    def start(self, now: float) -> LevelUp:
        """Start level 1 at ``now`` (seconds); registration stays open through late
        registration if there is one, else it closes now.

        Raises:
            IllegalAction: fewer than two entries, or the tournament is not in its lobby.
        """
        if self.status != REGISTERING:
            raise IllegalAction(f"the tournament is {self.status}")
        if len(self.entries) < 2:
            raise IllegalAction("a tournament starts with two entries or more")
        self.status = RUNNING
        change = self.level_clock.start(now)
        if not self.rules.late_until:
            self._close()
        return change

    def change_payouts(self, shares: tuple[int, ...]) -> tuple[int, ...]:
        """The host's new payout table while registration is open (the lobby, and late
        registration): ``shares`` in per mille by place, first place first, () for the
        standard table by entries. A house choice: the field may still grow, so the
        table may still change; once registration closes the shares are fixed
        (RULES.md "Tournaments", the payout table).

        Returns:
            The shares now (:meth:`shares`).
        Raises:
            IllegalAction: registration has closed, or the tournament is over.
            ConfigError: shares that cannot pay (:func:`checked_shares`).
        """
        if self.closed or self.status not in (REGISTERING, RUNNING):
            why = self._closed_why() if self.status == RUNNING else f"it is {self.status}"
            raise IllegalAction(f"the payouts are fixed once registration closes: {why}")
        if shares:
            checked_shares(shares)
        self.rules = replace(self.rules, shares=tuple(shares))
        return self.shares()

    def late_open(self) -> bool:
        """Whether late registration and re-entry are open: the tournament runs and its
        level is at most ``late_until`` (TDA 2024 R8-A)."""
        clock = self.level_clock
        return (
            self.status == RUNNING
            and not self.closed
            and bool(self.rules.late_until)
            and clock.number <= self.rules.late_until
            and not (clock.on_break and clock.number == self.rules.late_until)
        )

    def re_enter(self, player: str) -> Bought:
        """A new entry for a player whose last entry is out, during late registration
        (TDA 2024 R8: a fresh stack and seat, its own place).

        Raises:
            IllegalAction: re-entry is not offered or closed, he is still in, or he has
                used his re-entries.
        """
        if not self.rules.re_entries:
            raise IllegalAction("this tournament has no re-entry")
        if not self.late_open():
            raise IllegalAction(self._closed_why())
        last = self.current(player)
        if last is None:
            raise IllegalAction("you have no entry to re-enter: 'register' to enter")
        if not last.out:
            raise IllegalAction("you are still in: a re-entry is for a player who is out")
        if last.number > self.rules.re_entries:
            raise IllegalAction(
                f"you have used your {self.rules.re_entries} re-entr"
                + ("y" if self.rules.re_entries == 1 else "ies")
            )
        number = last.number + 1
        return self._enter(Entry(f"{player}#{number}", player, number), "re-entry")

    def may_rebuy(self, entry_id: str, stack: int) -> str | None:
        """Why the entry may not rebuy with ``stack`` chips now, or None if it may: during
        the first ``rebuy_levels`` levels, with a stack at or below the limit, within the
        entry's count (TOURNAMENT.md "Rebuys").

        Raises:
            IllegalAction: no such entry.
        """
        entry = self.entry(entry_id)
        rules = self.rules
        if not rules.rebuy_levels:
            return "this tournament has no rebuys"
        if self.status != RUNNING or self.level_clock.number > rules.rebuy_levels:
            return f"rebuys were during the first {rules.rebuy_levels} levels"
        if rules.rebuys_most and entry.rebuys >= rules.rebuys_most:
            return f"you have used your {rules.rebuys_most} rebuys"
        most = rules.rebuy_stack_most or rules.stack
        if stack > most:
            return f"a rebuy is for a stack of {most} chips or less (you have {stack})"
        return None

    def rebuy(self, entry_id: str, stack: int) -> Bought:
        """Rebuy for the entry holding ``stack`` chips (a busted entry rebuys at 0).

        Raises:
            IllegalAction: :meth:`may_rebuy` says why not.
        """
        why = self.may_rebuy(entry_id, stack)
        if why is not None:
            raise IllegalAction(why)
        entry = self.entry(entry_id)
        entry.rebuys += 1
        entry.out_round = 0
        self._rank()
        self.paid_in += self.rules.buy_in
        self.chips += self.rules.rebuy_chips
        return Bought(entry_id, "rebuy", self.rules.buy_in, self.rules.rebuy_chips)

    def add_on_open(self) -> bool:
        """Whether the add-on may be taken now: at the first break, or without breaks
        during the level after the rebuy levels (TOURNAMENT.md "Rebuys")."""
        if not self.rules.add_on or self.status != RUNNING:
            return False
        clock = self.level_clock
        schedule = self.rules.schedule
        if schedule.break_every:
            return clock.on_break and clock.number == schedule.break_every
        return clock.number == self.rules.rebuy_levels + 1

    def take_add_on(self, entry_id: str) -> Bought:
        """The entry takes its one add-on.

        Raises:
            IllegalAction: no add-on now, the entry is out, or it has taken it.
        """
        entry = self.entry(entry_id)
        if not self.rules.add_on:
            raise IllegalAction("this tournament has no add-on")
        if not self.add_on_open():
            schedule = self.rules.schedule
            if schedule.break_every:
                raise IllegalAction(
                    f"the add-on is taken at the first break, after level {schedule.break_every}"
                )
            raise IllegalAction(
                f"the add-on is taken during level {self.rules.rebuy_levels + 1}, after the rebuys"
            )
        if entry.out:
            raise IllegalAction("you are out of the tournament")
        if entry.add_on:
            raise IllegalAction("you have taken your add-on")
        entry.add_on = True
        self.paid_in += self.rules.add_on_cost
        self.chips += self.rules.add_on_chips
        return Bought(entry_id, "add-on", self.rules.add_on_cost, self.rules.add_on_chips)

    # ----------------------------------------------------------------- play

    def clock_due(self, now: float) -> list[ClockChange]:
        """The clock's changes due at ``now``; late registration closes as its last level
        ends."""
        changes = self.level_clock.due(now)
        if changes and not self.closed and not self.late_open() and self.status == RUNNING:
            self._close()
        return changes

    def hand_over(
        self, busted: Sequence[tuple[str, int]], knocked_by: dict[str, list[str]] | None = None
    ) -> tuple[Finish, ...]:
        """Entries out in one hand take their places; bounties go to who knocked them out.

        Args:
            busted: ``(entry, chips at the start of the hand)`` for each entry with no
                chips left that does not rebuy, in seat order from the button's left.
            knocked_by: for each busted entry, the entries that won its last chips (the
                winners of the highest pot it was in), in seat order from the button's
                left; they share its bounty, odd units to the first.
        Returns:
            The finishes, best first; when one entry is left it is first, and the
            tournament is finished with its prizes paid.
        Raises:
            IllegalAction: an entry that is out already or unknown.
        """
        for entry_id, _ in busted:
            if self.entry(entry_id).out:
                raise IllegalAction(f"{entry_id} is out already")
        self.rounds += 1
        for entry_id, chips in busted:
            entry = self.entry(entry_id)
            entry.out_round, entry.out_stack = self.rounds, chips
        if self.rules.bounty and knocked_by:
            for winners in knocked_by.values():
                shares = shared_prizes([self.rules.bounty], 1, len(winners))
                for winner, amount in zip(winners, shares, strict=True):
                    self.entry(winner).bounties += amount
        alive = [entry for entry in self.entries if not entry.out_round]
        if len(alive) == 1 and self.status == RUNNING:
            alive[0].bounties += self.rules.bounty  # the champion keeps his own bounty
        self._rank()
        out = {entry_id for entry_id, _ in busted}
        finishes = tuple(
            Finish(e.id, e.place, e.tied)
            for e in sorted(self.entries, key=lambda e: e.place)
            if e.id in out or (e.place == 1 and len(alive) == 1)
        )
        if len(alive) == 1 and self.status == RUNNING:
            self._finish()
        return finishes

    # --------------------------------------------------------------- inside

    def _rank(self) -> None:
        """Every entry's place from the hands they went out in: the last one in is first
        once he is alone (TOURNAMENT.md "Finishing places")."""
        alive = [entry for entry in self.entries if not entry.out_round]
        won = len(alive) == 1 and self.rounds > 0
        for entry in alive:
            entry.place, entry.tied = (1, 1) if won else (0, 1)
        out = [entry for entry in self.entries if entry.out_round]
        ranked = finishing_places([(e.id, e.out_round, e.out_stack) for e in out], len(alive))
        for finish in ranked:
            entry = self.entry(finish.entry)
            entry.place, entry.tied = finish.place, finish.tied

    def _to_pool(self, money: int) -> int:
        return money - self.rules.bounty

    def _enter(self, entry: Entry, kind: str) -> Bought:
        if len(self.entries) >= ENTRANTS_MOST:
            raise IllegalAction(f"a tournament takes {ENTRANTS_MOST} entries at most")
        self.entries.append(entry)
        self._rank()
        self.paid_in += self._to_pool(self.rules.buy_in)
        self.chips += self.rules.stack
        return Bought(entry.id, kind, self.rules.buy_in + self.rules.fee, self.rules.stack)

    def _close(self) -> None:
        self.closed = True
        self.fixed_shares = self.rules.shares or standard_shares(len(self.entries))

    def _closed_why(self) -> str:
        if not self.rules.late_until:
            return "the tournament has started and has no late registration"
        return f"late registration closed at the end of level {self.rules.late_until}"

    def _finish(self) -> None:
        """Pay every place its prize (tied places share), once the last entry is placed;
        a deal's entries keep what the deal gave them, and the winner takes what it left
        to play for."""
        if not self.closed:
            self._close()
        by_place = self.prizes()
        for place in sorted({entry.place for entry in self.entries if not entry.dealt}):
            group = [e for e in self.entries if e.place == place and not e.dealt]
            for member, prize in zip(
                group, shared_prizes(by_place, place, len(group)), strict=True
            ):
                member.prize = prize
        for entry in self.entries:
            if entry.dealt and entry.place == 1:
                entry.prize += self.left_aside
        self.status = FINISHED

    def pool_final(self) -> bool:
        """Whether the prize pool can no longer grow: registration closed and no rebuy or
        add-on can come (a deal is made on the final pool)."""
        clock = self.level_clock
        rules = self.rules
        rebuys_over = not rules.rebuy_levels or clock.number > rules.rebuy_levels
        add_on_over = not rules.add_on or (
            clock.number > (rules.schedule.break_every or rules.rebuy_levels + 1)
        )
        return self.closed and rebuys_over and add_on_over

    def unpaid(self) -> tuple[int, ...]:
        """The prizes of the places the entries still in will take, first place first (0
        for a place not paid): what a deal divides."""
        by_place = self.prizes()
        return tuple(
            by_place[place - 1] if place <= len(by_place) else 0
            for place in range(1, len(self.alive) + 1)
        )

    def agree_deal(self, amounts: dict[str, int], aside: int = 0) -> None:
        """Every entry still in agreed to a deal: each is paid ``amounts[entry]`` money
        units whatever his place, and ``aside`` is left for the winner of the play that
        goes on (TOURNAMENT.md "Deals").

        Raises:
            IllegalAction: the pool is not final, a deal was made already, an entry still
                in has no amount (or one that is out has one), or the amounts and
                ``aside`` do not add up to what is left to pay.
        """
        alive = {entry.id for entry in self.alive}
        if not self.pool_final():
            raise IllegalAction("a deal is made once rebuys, add-ons and registration are over")
        if any(entry.dealt for entry in self.entries):
            raise IllegalAction("a deal was made already")
        if set(amounts) != alive:
            raise IllegalAction("a deal is agreed by every player still in, and only by them")
        if any(amount < 0 for amount in amounts.values()) or aside < 0:
            raise IllegalAction("a deal pays 0 or more to each")
        if sum(amounts.values()) + aside != sum(self.unpaid()):
            raise IllegalAction(
                f"a deal divides the {sum(self.unpaid())} left to pay, not "
                f"{sum(amounts.values()) + aside}"
            )
        for entry_id, amount in amounts.items():
            entry = self.entry(entry_id)
            entry.prize, entry.dealt = amount, True
        self.left_aside = aside

    def close_by_deal(self, stacks: dict[str, int]) -> tuple[Finish, ...]:
        """After a deal that leaves nothing to play for: the entries still in take the
        places by their chips (more chips, the better place; equal stacks share), the
        tournament is over, each keeping what the deal paid and the bounty on his own head
        (TOURNAMENT.md "Deals"; RULES.md "Tournaments", knockout bounties).

        Args:
            stacks: entry id -> chips, for every entry still in.
        Returns:
            The finishes of the entries that were still in, best first.
        Raises:
            IllegalAction: no deal was made, money is still left to play for, or an entry
                still in has no stack.
        """
        alive = self.alive
        if not alive or not all(entry.dealt for entry in alive):
            raise IllegalAction("a deal is made by every player still in")
        if self.left_aside:
            raise IllegalAction("money is left to play for: play goes on")
        if {entry.id for entry in alive} != set(stacks):
            raise IllegalAction("every entry still in has its stack in the deal")
        # ranked as if out together in one last hand, by their chips: places from 2
        ranked = finishing_places([(e.id, 1, stacks[e.id]) for e in alive], 1)
        finishes = []
        for finish in ranked:
            entry = self.entry(finish.entry)
            entry.place, entry.tied = finish.place - 1, finish.tied
            # no one won these heads: each keeps his own, as the champion does
            entry.bounties += self.rules.bounty
            finishes.append(Finish(entry.id, entry.place, entry.tied))
        self.status = FINISHED
        return tuple(sorted(finishes, key=lambda f: f.place))

    # ------------------------------------------------------------- storage

    def to_dict(self) -> dict[str, Any]:
        """The tournament as plain data (the clock read by the caller first)."""
        return _TOURNAMENT.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tournament:
        """The tournament :meth:`to_dict` wrote, its clock stopped until resumed."""
        return _TOURNAMENT.load(data)


_RULES: Codec[TournamentRules] = Codec(
    TournamentRules,
    {
        **{
            name: INT
            for name in (
                "buy_in",
                "stack",
                "seats",
                "tables",
                "fee",
                "late_until",
                "rebuy_levels",
                "rebuys_most",
                "rebuy_stack_most",
                "add_on_price",
                "add_on_stack",
                "re_entries",
                "bounty",
                "balance",
            )
        },
        "schedule": As(Schedule.to_dict, Schedule.from_dict),
        "add_on": BOOL,
        "pay_jumps": BOOL,
        "shares": tuple_of(INT),
    },
)
_ENTRY: Codec[Entry] = Codec(
    Entry,
    {
        **{
            name: INT
            for name in (
                "number",
                "rebuys",
                "place",
                "tied",
                "prize",
                "bounties",
                "out_round",
                "out_stack",
            )
        },
        "id": STR,
        "player": STR,
        "add_on": BOOL,
        "dealt": BOOL,
    },
)
_TOURNAMENT: Codec[Tournament] = Codec(
    Tournament,
    {
        "rules": record(_RULES),
        "status": STR,
        "entries": As(
            lambda entries: [_ENTRY.dump(entry) for entry in entries],
            lambda data: [_ENTRY.load(entry) for entry in data],
        ),
        "clock": optional(As(LevelClock.to_dict, LevelClock.from_dict)),
        "closed": BOOL,
        "fixed_shares": tuple_of(INT),
        "paid_in": INT,
        "chips": INT,
        "left_aside": INT,
        "rounds": INT,
    },
    required=("status",),
)
