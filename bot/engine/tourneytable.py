"""One table of a tournament: the engine's :class:`~bot.engine.table.Table` dealt at the
level the clock is on, with the tournament's own rules for who is dealt in, who is out and
what a player away is dealt (RULES.md "Tournaments").

The tournament's books (:class:`~bot.engine.tournament.Tournament`) are shared by every
table of it; a table tells them who went out of each hand and with how many chips he
began it, and who won his last chips. A sit & go is one of these; a tournament of several
tables moves players between them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .actions import Action
from .bombpot import BombRules
from .chop import deal as deal_split
from .codec import INT, STR, Codec, tuple_of
from .dealoffer import OFFER_SECONDS, DealOffer
from .errors import IllegalAction
from .events import Event, PotAwarded
from .hand import Hand
from .levelclock import ClockChange
from .places import Finish
from .pots import build_pots
from .seating import Seat, SeatStatus
from .table import Table
from .tablesettings import TableSettings
from .tournament import REGISTERING, RUNNING, Bought, Entry, Tournament

STACK_MOST = 10**12

# Seconds the next hand waits for the players just out who may rebuy (TDA 2024 R27: a
# rebuy is made before the table deals again); each who answers shortens it.
REBUY_SECONDS = 30.0


def tournament_settings(settings: TableSettings) -> TableSettings:
    """The settings a tournament's table plays with: the host's game, seats and timer;
    no kill, no run-it-twice, no bomb pots and no 7-2 game (RULES.md "Tournaments": each
    changes the tournament's chips by a cash game's custom, and the TDA has none), no
    buy-in range (a seat is given the tournament's chips), and no sitting out after
    time-outs (an away player is dealt in and blinded off, TDA 2024 R71-A)."""
    return replace(
        settings,
        kill=None,
        offer_runs=False,
        seven_deuce=0,
        min_buy_in=1,
        max_buy_in=STACK_MOST,
        bomb=BombRules(),
    )


@dataclass(frozen=True)
class Bust:
    """A player with no chips left at the end of a hand.

    Attributes:
        player: his id.
        entry: his entry's id.
        start: the chips he began the hand with, before its blinds and antes.
        knocked_by: the entries that won his last chips (the winners of the highest pot
            he was in), in hand order from the button's left.
    """

    player: str
    entry: str
    start: int
    knocked_by: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The bust as plain data."""
        return _BUST.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Bust:
        """The bust :meth:`to_dict` wrote."""
        return _BUST.load(data)


_BUST: Codec[Bust] = Codec(
    Bust, {"player": STR, "entry": STR, "start": INT, "knocked_by": tuple_of(STR)}
)


@dataclass(frozen=True)
class HandEnd:
    """What a tournament hand's end leaves to tell.

    Attributes:
        finishes: the places of the players out, best first (the winner's first place
            included when the tournament is over).
        offers: players who may rebuy before the next deal (they are out if they do not).
    """

    finishes: tuple[Finish, ...]
    offers: tuple[str, ...]


class TournamentTable:
    """One table of a tournament.

    Args:
        tournament: the tournament's books, shared with its other tables.
        table: the table, with :func:`tournament_settings` (a new one is made from
            ``settings`` when None).
        settings: the host's table settings, used when ``table`` is None.

    Attributes:
        away: players who are not at their seat: dealt in, blinded off, their hand
            checked when free and otherwise folded at their turn (TDA 2024 R71-A).
        busts: the last hand's players with no chips, while one of them may still rebuy.
        starts: each player's chips at the start of the hand in play.
        waiting: late entrants seated between the button and the small blind, who are
            dealt in once the button has passed them (TDA 2024 R8-A).
        rebuy_until: while players just out may rebuy, when the next hand stops waiting
            for them (seconds on the service's clock); None otherwise.
        offer: the deal of the prizes left on offer, or None.
        deal_asked: ``(kind, players)`` of a deal asked for during a hand by those
            players, offered when it ends with them accepting it; None otherwise.
        starts_full: the tournament starts by itself when its seats fill (else the host
            starts it, or its time does).
        start_at: when the tournament starts by itself, in epoch seconds (the service's
            clock), if it has two entries or more then; None: no time was set.
        start_missed: the start's time came with fewer than two entries: it waits for
            the host's start (RULES.md "Tournaments", the start).
        season: ``(number, points by place)`` of the league season open on the server
            when the tournament was set up, which its results count towards; None when
            none was open.
        counted: its results have been counted into that season.
        dealt_level: the level the hand in play (or the last one) was dealt at, 0 before
            the first.
        held_at: since when the table is held because the platform cannot show it
            (seconds on the service's clock); None when it is not held.
    """

    def __init__(
        self,
        tournament: Tournament,
        table: Table | None = None,
        settings: TableSettings | None = None,
    ) -> None:
        if table is None:
            if settings is None:
                raise IllegalAction("a tournament table needs its settings")
            table = Table(tournament_settings(settings))
        self.tournament = tournament
        self.table = table
        self.away: set[str] = set()
        self.busts: list[Bust] = []
        self.starts: dict[str, int] = {}
        self.waiting: set[str] = set()
        self.rebuy_until: float | None = None
        self.offer: DealOffer | None = None
        self.deal_asked: tuple[str, tuple[str, ...]] | None = None
        self.starts_full = True
        self.start_at: float | None = None
        self.start_missed = False
        self.season: tuple[int, tuple[int, ...]] | None = None
        self.counted = False
        self.dealt_level = 0
        self.held_at: float | None = None

    # ---------------------------------------------------------------- seats

    def seat_entries(self, names: dict[str, str], rng: random.Random) -> list[Seat]:
        """Draw every entry still in to a seat at random (TDA 2024 R7), each with the
        tournament's starting stack; the button starts at the lowest seat taken, so which
        player has it is drawn too (a house choice, as online rooms).

        Args:
            names: player id -> display name.
            rng: the draw (the OS's CSPRNG in play, seeded in tests).
        Returns:
            The seats taken, in seat order.
        Raises:
            IllegalAction: more entries than seats, or a seat taken already.
        """
        players = [entry.player for entry in self.tournament.alive]
        if len(players) > self.table.settings.seats:
            raise IllegalAction(
                f"{len(players)} entries do not fit {self.table.settings.seats} seats"
            )
        free = [
            s for s in range(1, self.table.settings.seats + 1) if s not in self.table.seating.seats
        ]
        drawn = rng.sample(free, len(players))
        stack = self.tournament.rules.stack
        for player, seat in zip(players, drawn, strict=True):
            self.table.seating.sit(player, names.get(player, player), stack, seat)
        return [self.table.seating.seats[s] for s in sorted(drawn)]

    def seat_late(self, player: str, name: str, chips: int, rng: random.Random) -> Seat:
        """Seat a late entrant or a re-entry at a seat drawn from the free ones, with
        ``chips``; he is dealt the next hand unless his seat lies between the button and
        the small blind, when he waits for the button to pass (TDA 2024 R8-A).

        Raises:
            IllegalAction: the table is full, or he is seated.
        """
        free = [
            s for s in range(1, self.table.settings.seats + 1) if s not in self.table.seating.seats
        ]
        if not free:
            raise IllegalAction("the table is full")
        seat = self.table.seating.sit(player, name, chips, rng.choice(free))
        seat.status = SeatStatus.ACTIVE
        self.waiting.add(player)
        return seat

    def entrant(self, player: str) -> tuple[Seat, Entry]:
        """``player``'s seat here and his entry, for what only a player in the tournament's
        play may do (rebuy, add-on, away).

        Raises:
            IllegalAction: he is not entered, the tournament has not started (or is over),
                or he is not seated at this table.
        """
        entry = self.tournament.current(player)
        if entry is None:
            raise IllegalAction("you are not entered in this tournament")
        if self.tournament.status != RUNNING:
            if self.tournament.status == REGISTERING:
                raise IllegalAction("the tournament has not started: this is for its play")
            raise IllegalAction(f"the tournament is {self.tournament.status}")
        seat = self.table.seating.seat_of(player)
        if seat is None:
            raise IllegalAction("you are not seated at this table")
        return seat, entry

    def set_away(self, player: str, away: bool) -> None:
        """Mark ``player`` away (dealt in and blinded off) or back at his seat.

        Raises:
            IllegalAction: see :meth:`entrant`.
        """
        self.entrant(player)
        if not away and player not in self.away:
            raise IllegalAction("you are not away: you are dealt in and play your hands")
        if away:
            self.away.add(player)
        else:
            self.away.discard(player)

    # ----------------------------------------------------------------- deal

    def why_not_deal(self, now: float | None = None) -> str | None:
        """Why the next hand cannot be dealt now, or None: the tournament is not running,
        it is on a break, a hand is in play, fewer than two players have chips, players
        just out may still rebuy, or a deal is on offer (until ``now``, seconds, passes
        their time; None: they are waited for)."""
        tournament = self.tournament
        if tournament.status != RUNNING:
            return f"the tournament is {tournament.status}"
        clock = tournament.level_clock
        if clock.on_break:
            return f"the tournament is on a break after level {clock.number}"
        if self.table.current is not None:
            return "a hand is in play"
        with_chips = [s for s in self.table.seating.seats.values() if s.stack > 0]
        waiting_busts = [b for b in self.busts if self.tournament.may_rebuy(b.entry, 0) is None]
        if len(with_chips) < 2 and not waiting_busts:
            return "fewer than two players have chips at this table"
        if with_chips and all(seat.player_id in self.away for seat in with_chips):
            # hands dealt to nobody at the table would be played by the table alone
            return "every player at this table is away ('back' deals again)"
        if (
            waiting_busts
            and self.rebuy_until is not None
            and (now is None or now < self.rebuy_until)
        ):
            return "players just out may rebuy ('rebuy')"
        if self.offer is not None and (now is None or now < self.offer.until):
            return "a deal is on offer: each player left says 'chop ...' or 'chop no'"
        return None

    def timed_start(self, now: float) -> bool | None:
        """Whether the start's time has come at ``now`` (epoch seconds) in the lobby:
        True when the tournament is to start now (two entries or more), False when it
        came with fewer, the start then missed and the host's to make (a house choice:
        RULES.md "Tournaments", the start); None when no timed start is due. Told once.
        """
        if (
            self.start_at is None
            or self.start_missed
            or self.tournament.status != REGISTERING
            or now < self.start_at
        ):
            return None
        if len(self.tournament.entries) < 2:
            self.start_missed = True
            return False
        return True

    def hold(self, why: str, now: float) -> bool:
        """Hold the game at ``now`` (seconds) because the platform cannot show the table
        (:meth:`~bot.engine.table.Table.hold`; ``why``: what the host must do). Nobody can
        play, so nothing of the tournament's runs on either: the level clock stops with its
        time left, as at the host's pause, and the wait for rebuys and a deal on offer keep
        the seconds they had (TDA 2024 R23, R27; RULES.md "Tournaments", the clock).
        Returns False when it was held already (nothing changed)."""
        if not self.table.hold(why):
            return False
        clock = self.tournament.level_clock
        if clock.running:
            clock.pause(now)
        self.held_at = now
        return True

    def start_again(self, now: float) -> bool:
        """The host starts the game again at ``now`` (seconds) after his pause or a hold:
        the deal and the level clock run again from the time it had left, and after a
        hold the wait for rebuys and a deal on offer are put off by the time it lasted.
        Returns False when the game was running, not held, with its clock running
        (nothing changed)."""
        clock = self.tournament.level_clock
        if not self.table.start_game() and clock.running:
            return False
        clock.resumed(now)
        if self.held_at is not None:
            self.waits_moved(now - self.held_at)
            self.held_at = None
        return True

    def waits_moved(self, seconds: float) -> None:
        """The table's timed waits (the wait for rebuys and a deal's offer, in seconds on
        the service's clock) put ``seconds`` later: time nobody could play in (the bot
        down, the table held) is not charged to them."""
        if seconds <= 0:
            return
        if self.rebuy_until is not None:
            self.rebuy_until += seconds
        if self.offer is not None:
            self.offer.until += seconds

    def wake_at(self) -> float | None:
        """When the table next needs a step of its own for the tournament (its start at a
        time, the clock's next change, the end of the wait for rebuys, a deal's offer
        lapsing), in seconds on the service's clock; None when nothing is timed."""
        waiting_start = self.tournament.status == REGISTERING and not self.start_missed
        times = [
            t
            for t in (
                self.start_at if waiting_start else None,
                self.tournament.level_clock.wake_at()
                if self.tournament.status == RUNNING
                else None,
                self.rebuy_until if self.busts else None,
                self.offer.until if self.offer is not None else None,
            )
            if t is not None
        ]
        return min(times) if times else None

    def deal(
        self, deck_order: Sequence[str], now: float, reshuffle_seed: int = 0
    ) -> tuple[list[ClockChange], tuple[Finish, ...], list[Event]]:
        """Deal the next hand at the level the clock is on (TDA 2024 R23: a new level
        applies from the next hand).

        Busts of the last hand still offered a rebuy are out first (TDA 2024 R27: a
        rebuy is taken before the table deals again).

        Args:
            deck_order: the shuffled deck.
            now: the clock, in seconds.
            reshuffle_seed: seeds a draw's reshuffle.
        Returns:
            The clock's changes due at ``now``, the finishes of the busts now out, and the
            hand's first events (none when those changes leave no hand to deal: a break
            began, or the last busts ended the tournament).
        Raises:
            IllegalAction: :meth:`why_not_deal` gives a reason, and nothing changed.
        """
        changes = self.tournament.clock_due(now)
        if self.why_not_deal(now) is None:
            self.offer = None  # an offer whose time is up lapses with the deal
        finishes = self.close_busts()
        self.rebuy_until = None
        why = self.why_not_deal(now)
        if why is not None:
            if changes or finishes:  # a break began, or the tournament is over
                return changes, finishes, []
            raise IllegalAction(why)
        self._level_stakes()
        held = self._hold_waiting()
        try:
            events = self.table.start_hand(deck_order, now=now, reshuffle_seed=reshuffle_seed)
        finally:
            for seat in held:
                seat.status = SeatStatus.ACTIVE
                seat.missed_big = seat.missed_small = False
        hand = self.table.hand
        assert hand is not None
        self.starts = dict(zip(hand.names, hand.starting, strict=True))
        self.dealt_level = self.tournament.level_clock.number
        changes += self.tournament.level_clock.hand_dealt(now)
        return changes, finishes, events

    def _level_stakes(self) -> None:
        """The table's stakes as the clock's level gives them; a mix keeps its rotation
        and the button goes on (a new level is no new game)."""
        settings = self.table.settings
        stakes = self.tournament.level_clock.level.stakes(settings.config.structure)
        if stakes != settings.config.stakes:
            self.table.settings = replace(settings, config=replace(settings.config, stakes=stakes))

    def _hold_waiting(self) -> list[Seat]:
        """Late entrants and players moved in whose seat lies between the button and the
        small blind of the coming deal sit this one out (TDA 2024 R10-A); the others are
        dealt in from now. None sits out when fewer than two others could then be dealt
        to: a bust after he arrived left the table short, and a hand not dealt at all
        would hold the whole table (a house choice, RULES.md "Tournaments", several
        tables)."""
        seating = self.table.seating
        if not self.waiting:
            return []
        level = self.tournament.level_clock.level
        try:
            deal = seating.next_deal(level.small_blind, level.big_blind)
        except IllegalAction:
            return []
        blind = deal.small_blind if deal.small_blind is not None else deal.big_blind
        between: set[int] = set()
        seat_number = deal.button % seating.size + 1
        while seat_number not in (blind, deal.button):
            between.add(seat_number)
            seat_number = seat_number % seating.size + 1
        held = []
        for player in sorted(self.waiting):
            seat = seating.seat_of(player)
            if seat is None:
                self.waiting.discard(player)
            elif seat.seat in between and seating.big_blind is not None:
                seat.status = SeatStatus.SITTING_OUT
                held.append(seat)
            else:
                self.waiting.discard(player)
        dealt = [
            s
            for s in seating.seats.values()
            if s.stack > 0 and s.status is SeatStatus.ACTIVE and s not in held
        ]
        if held and len(dealt) < 2:
            for seat in held:
                seat.status = SeatStatus.ACTIVE
                self.waiting.discard(seat.player_id)
            return []
        return held

    # ----------------------------------------------------------------- play

    def act(self, player: str, make: Callable[[int], Action]) -> list[Event]:
        """A player's move in the hand in play (he is back at his seat if he was away).

        Raises:
            IllegalAction: as :meth:`Table.act`.
        """
        events = self.table.act(player, make)
        self.away.discard(player)
        return events

    def play_away(self) -> tuple[str, list[Event]] | None:
        """The move of an away player whose turn it is: a check when free, else a fold
        (TDA 2024 R71-A: dealt in and blinded off; the engine's timer move). Returns him
        and the events, or None when the player to act is at his seat."""
        hand = self.table.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            return None
        player = hand.names[hand.to_act]
        if player not in self.away:
            return None
        events, _ = self.table.time_out(player)
        seat = self.table.seating.seat_of(player)
        if seat is not None:
            seat.sit_out_next, seat.timeouts = False, 0
        return player, events

    def time_out(self, player: str) -> list[Event]:
        """The turn timer plays for ``player`` (check if free, else fold); after the
        table's time-outs in a row he is away, never sat out (TDA 2024 R71-A).

        Raises:
            IllegalAction: he is not the player to act.
        """
        events, sits_out = self.table.time_out(player)
        seat = self.table.seating.seat_of(player)
        if seat is not None and sits_out:
            seat.sit_out_next, seat.timeouts = False, 0
            self.away.add(player)
        return events

    def finish(self, hold: bool = False, now: float | None = None) -> HandEnd:
        """End the hand in play: stacks back to the seats; a player with no chips is
        offered a rebuy if the rules allow one, else he is out with his place.

        Args:
            hold: keep the players out unplaced (hand-for-hand: the round's players out
                at every table are placed together, :func:`close_busts`).
            now: the clock, in seconds: the next hand waits :data:`REBUY_SECONDS` from
                it for the players offered a rebuy (None: it does not wait).
        Returns:
            The finishes now known and the rebuys offered.
        Raises:
            IllegalAction: no hand, or it is not over.
        """
        hand = self.table.hand
        if hand is None or not hand.is_complete:
            raise IllegalAction("the hand is not over")
        busts = self._busts(hand)
        self.table.finish_hand()
        self.busts = busts
        offers = tuple(
            bust.player for bust in busts if self.tournament.may_rebuy(bust.entry, 0) is None
        )
        if offers and now is not None:
            self.rebuy_until = now + REBUY_SECONDS
        if offers or hold:
            return HandEnd((), offers)
        return HandEnd(self.close_busts(), ())

    def _busts(self, hand: Hand) -> list[Bust]:
        """The players of ``hand`` left with no chips, with what they began it with and
        who won their last chips: the winners of the highest pot each was in (online
        rooms: a bounty goes with the last chips)."""
        pots = build_pots(hand.contributed, [not f for f in hand.folded], hand.dead)
        winners: dict[int, list[int]] = {}
        for event in hand.events:
            if isinstance(event, PotAwarded):
                for player, _ in event.winners:
                    if player not in winners.setdefault(event.pot, []):
                        winners[event.pot].append(player)
        busts = []
        for i, name in enumerate(hand.names):
            if hand.stacks[i] or name not in self.starts:
                continue
            entry = self.tournament.current(name)
            if entry is None:
                continue
            highest = max((k for k, pot in enumerate(pots) if i in pot.eligible), default=0)
            takers = sorted(p for p in winners.get(highest, []) if p != i)
            knocked = tuple(
                taker.id
                for p in takers
                if (taker := self.tournament.current(hand.names[p])) is not None
            )
            busts.append(Bust(name, entry.id, self.starts[name], knocked))
        return busts

    # ---------------------------------------------------------- rebuys, out

    def rebuy(self, player: str) -> Bought:
        """``player`` rebuys between hands: after he went out of the last hand, or with a
        stack at or below the rebuy limit (TDA 2024 R27: never at the cost of a hand).

        Raises:
            IllegalAction: a hand is in play, he is not seated here, or the tournament's
                rules refuse (:meth:`Tournament.may_rebuy`).
        """
        seat, entry = self.entrant(player)
        if self.table.current is not None:
            raise IllegalAction("a rebuy is made between hands: wait for this one to end")
        bought = self.tournament.rebuy(entry.id, seat.stack)
        seat.stack += bought.chips
        if seat.status is SeatStatus.BUSTED:
            seat.status = SeatStatus.ACTIVE
        self.busts = [bust for bust in self.busts if bust.player != player]
        if not self.busts:
            self.rebuy_until = None
        return bought

    def add_on(self, player: str) -> Bought:
        """``player`` takes his add-on between hands.

        Raises:
            IllegalAction: a hand is in play, he is not seated here, or the tournament's
                rules refuse.
        """
        seat, entry = self.entrant(player)
        if self.table.current is not None and self.tournament.add_on_open():
            raise IllegalAction("the add-on is taken between hands")
        bought = self.tournament.take_add_on(entry.id)
        seat.stack += bought.chips
        return bought

    # ---------------------------------------------------------------- deals

    def ask_deal(self, player: str, kind: str, now: float) -> DealOffer | None:
        """``player`` offers or accepts a deal of the prizes left: an offer of the same
        kind is accepted, one of another kind replaced by his; asked during a hand, it is
        offered when the hand ends. A deal every player left accepts is made
        (:meth:`deal_made`).

        Args:
            kind: ``icm`` or ``chop``.
            now: the clock, in seconds (the offer stands :data:`OFFER_SECONDS`).
        Returns:
            The offer as it stands, or None when it waits for the hand to end.
        Raises:
            IllegalAction: he is not in, the prize pool may still grow, a deal was made,
                or the kind is not a deal's.
        """
        entry = self.tournament.current(player)
        if entry is None or entry.out or self.table.seating.seat_of(player) is None:
            raise IllegalAction("only a player still in the tournament takes part in a deal")
        if not self.tournament.pool_final():
            raise IllegalAction("a deal is made once registration, rebuys and the add-on are over")
        if any(e.dealt for e in self.tournament.entries):
            raise IllegalAction("a deal was made already")
        if kind not in ("icm", "chop"):
            raise IllegalAction("a deal is 'chop icm' or 'chop chips'")
        if self.table.current is not None:
            asked = self.deal_asked
            players = asked[1] if asked is not None and asked[0] == kind else ()
            self.deal_asked = (kind, players if player in players else (*players, player))
            return None
        offer = self.offer
        if offer is None or offer.kind != kind or now >= offer.until:
            offer = self.offer = self._offer(kind, now)
        if player not in offer.accepted:
            offer.accepted += (player,)
        return offer

    def _offer(self, kind: str, now: float) -> DealOffer:
        """A deal of ``kind`` on the stacks now, in seat order from the button's left."""
        seating = self.table.seating
        order = sorted(
            (s for s in seating.seats.values() if s.stack > 0),
            key=lambda s: (s.seat - (seating.button or 0) - 1) % seating.size,
        )
        entries = [self.tournament.current(s.player_id) for s in order]
        ids = [e.id for e in entries if e is not None]
        amounts = deal_split(kind, [s.stack for s in order], self.tournament.unpaid())
        return DealOffer(
            kind,
            dict(zip(ids, amounts, strict=True)),
            {e.id: e.player for e in entries if e is not None},
            (),
            now + OFFER_SECONDS,
        )

    def offer_asked(self, now: float) -> DealOffer | None:
        """Between hands: the deal asked for during the last hand, offered now (its
        askers accepting it), or None when none was asked or it can no longer be made.
        When the hand put a player out, the deal asked for was among a field that is
        gone: it is offered with its new amounts and no one's acceptance."""
        asked, self.deal_asked = self.deal_asked, None
        if asked is None or self.table.current is not None:
            return None
        kind, players = asked
        offer = None
        for player in players:
            try:
                offer = self.ask_deal(player, kind, now)
            except IllegalAction:
                continue  # out in the hand since he asked
        if offer is not None and any(self.table.seating.seat_of(p) is None for p in self.starts):
            offer.accepted = ()
        return offer

    def turn_down_deal(self, player: str) -> None:
        """``player`` turns the deal on offer down: it is off, play goes on.

        Raises:
            IllegalAction: no deal is on offer, or he is not in it.
        """
        self.deal_asked = None
        offer = self.offer
        if offer is None or player not in offer.players.values():
            raise IllegalAction(
                "no deal is on offer to you ('chop icm' or 'chop chips' offers one)"
            )
        self.offer = None

    def deal_made(self) -> tuple[Finish, ...]:
        """The deal on offer, accepted by every player left, is made: each is paid what
        it gave him, places by chip count, and the tournament is over (TOURNAMENT.md
        "Deals").

        Returns:
            Every entry's finish, best first.
        Raises:
            IllegalAction: no deal on offer, or not every player left has accepted it.
        """
        offer = self.offer
        if offer is None or not offer.agreed:
            raise IllegalAction("a deal is made when every player left accepts it")
        self.tournament.agree_deal(dict(offer.amounts))
        stacks = {
            entry: seat.stack
            for entry, player in offer.players.items()
            if (seat := self.table.seating.seat_of(player)) is not None
        }
        self.offer = None
        return self.tournament.close_by_deal(stacks)

    def take_busts(self) -> list[Bust]:
        """The last hand's players with no chips who did not rebuy, their seats freed:
        they are out, and :func:`close_busts` of every table of the round places them."""
        busts = [
            bust
            for bust in self.busts
            if (seat := self.table.seating.seat_of(bust.player)) is not None and not seat.stack
        ]
        self.busts = []
        for bust in busts:
            self.table.seating.leave(bust.player)
            self.away.discard(bust.player)
            self.waiting.discard(bust.player)
        return busts

    def close_busts(self) -> tuple[Finish, ...]:
        """The last hand's players with no chips who did not rebuy are out: their
        places, their seats freed, their bounties paid.

        Returns:
            The finishes, best first.
        """
        return close_busts(self.tournament, self.take_busts())

    def unseat(self, player: str) -> Seat:
        """Take ``player`` from his seat between hands, his stack with him (a move to
        another table of the tournament).

        Raises:
            IllegalAction: a hand is in play, or he is not seated here.
        """
        if self.table.current is not None:
            raise IllegalAction("a player moves between hands")
        seat = self.table.seating.seat_of(player)
        if seat is None:
            raise IllegalAction(f"{player} is not seated at this table")
        self.table.seating.leave(player)
        self.waiting.discard(player)
        return seat

    def seat_moved(self, seat: Seat, number: int, wait: bool) -> Seat:
        """Seat a player moved from another table at seat ``number`` with his stack; he
        is dealt the next hand unless ``wait`` (his seat lies between the button and the
        small blind: TDA 2024 R10-A). He keeps being away if he was.

        Raises:
            IllegalAction: the seat is taken.
        """
        placed = self.table.seating.sit(seat.player_id, seat.name, seat.stack, number)
        placed.status = SeatStatus.ACTIVE
        if wait:
            self.waiting.add(seat.player_id)
        return placed

    # -------------------------------------------------------------- storage

    def to_dict(self) -> dict[str, Any]:
        """The table's tournament part as plain data (the table and the tournament are
        saved by their own ``to_dict``)."""
        return {
            "away": sorted(self.away),
            "busts": [bust.to_dict() for bust in self.busts],
            "starts": dict(self.starts),
            "waiting": sorted(self.waiting),
            "rebuy_until": self.rebuy_until,
            "offer": self.offer.to_dict() if self.offer is not None else None,
            "deal_asked": (
                [self.deal_asked[0], list(self.deal_asked[1])] if self.deal_asked else None
            ),
            "starts_full": self.starts_full,
            "start_at": self.start_at,
            "start_missed": self.start_missed,
            "season": [self.season[0], list(self.season[1])] if self.season else None,
            "counted": self.counted,
            "dealt_level": self.dealt_level,
            "held_at": self.held_at,
        }

    @classmethod
    def from_dict(
        cls, tournament: Tournament, table: Table, data: dict[str, Any]
    ) -> TournamentTable:
        """The tournament table :meth:`to_dict` wrote, over its restored table and the
        tournament's books."""
        restored = cls(tournament, table)
        restored.away = {str(p) for p in data.get("away", ())}
        restored.busts = [Bust.from_dict(b) for b in data.get("busts", ())]
        restored.starts = {str(p): int(c) for p, c in data.get("starts", {}).items()}
        restored.waiting = {str(p) for p in data.get("waiting", ())}
        until = data.get("rebuy_until")
        restored.rebuy_until = float(until) if until is not None else None
        offer = data.get("offer")
        restored.offer = DealOffer.from_dict(offer) if offer else None
        asked = data.get("deal_asked")
        restored.deal_asked = (str(asked[0]), tuple(str(p) for p in asked[1])) if asked else None
        restored.starts_full = bool(data.get("starts_full", True))
        start_at = data.get("start_at")
        restored.start_at = float(start_at) if start_at is not None else None
        restored.start_missed = bool(data.get("start_missed", False))
        season = data.get("season")
        restored.season = (int(season[0]), tuple(int(p) for p in season[1])) if season else None
        restored.counted = bool(data.get("counted", False))
        restored.dealt_level = int(data.get("dealt_level", 0))
        held_at = data.get("held_at")
        restored.held_at = float(held_at) if held_at is not None else None
        return restored

    def tournament_player(self, entry_id: str) -> str:
        """The player id of an entry's id (``player``, or ``player#N`` for a re-entry),
        whether or not the entry is still in the books (a refund's)."""
        for entry in self.tournament.entries:
            if entry.id == entry_id:
                return entry.player
        head, _, number = entry_id.rpartition("#")
        return head if head and number.isdigit() else entry_id


def close_busts(tournament: Tournament, busts: Sequence[Bust]) -> tuple[Finish, ...]:
    """Place the players out of one round of hands (one hand at one table, or one
    hand-for-hand round at every table): by the chips they began their hands with, their
    bounties to who won their last chips (RULES.md "Tournaments", finishing places).

    Returns:
        The finishes, best first; () when no one is out.
    """
    if not busts:
        return ()
    return tournament.hand_over(
        [(bust.entry, bust.start) for bust in busts],
        {bust.entry: list(bust.knocked_by) for bust in busts if bust.knocked_by},
    )
