"""What one step does at a tournament's table, under the table's lock: a player's command
dispatched to its handler, or a step of the table's own (the next deal at the level the
clock is on, a time-out, the clock's next change). The engine decides every rule
(:mod:`bot.engine.tournament`, :mod:`bot.engine.tourneytable`); this calls it and gathers
what to tell and what to write: the tournament's state and money go with the table's
commit, in its transaction (RULES.md "Tournaments").

A cash table's steps are :mod:`bot.service.steps`; :mod:`bot.service.stepping` chooses.
"""

from __future__ import annotations

import contextlib
import random
import secrets
from collections.abc import Callable
from typing import Any

from bot.engine import HandStarted, IllegalAction
from bot.engine import tableevents as te
from bot.engine import tourneyevents as tv
from bot.engine.blindlevels import Level
from bot.engine.floor import Floor
from bot.engine.league import place_points
from bot.engine.levelclock import BreakBegins, ClockChange, LevelUp
from bot.engine.payouts import shared_prizes
from bot.engine.places import Finish
from bot.engine.tournament import FINISHED, REGISTERING, RUNNING, Bought
from bot.engine.tourneytable import TournamentTable
from bot.phh.pokerstars import TournamentHeader, tournament_fields, tournament_number
from bot.service import steps
from bot.service.state import CLOCK_SAVE_SECONDS, Live, Player, books_unclocked
from bot.service.steps import Step
from bot.words.commands import (
    AddOn,
    CancelTournament,
    Chop,
    Clock,
    Command,
    Pause,
    Payouts,
    Play,
    PreAction,
    Rebuy,
    Register,
    RemoveEntrant,
    SitIn,
    SitOut,
    Start,
    Unregister,
)
from storage import HandBegun, MoneyLine, SeasonResult, TournamentSaved

# What a cash table does that a tournament's does not, and why (RULES.md "Tournaments").
NOT_IN_A_TOURNAMENT = (
    "a tournament's table does not do that: its chips are the tournament's, not bought or "
    "cashed out, and "
    "its settings are fixed when it is set up ('register', 'rebuy', 'addon', 'sitout' "
    "to be away, 'chop' for a deal)"
)


def _tourney(step: Step) -> TournamentTable:
    tourney = step.live.tourney
    assert tourney is not None, "a tournament step at a cash table"
    return tourney


def _draw(step: Step) -> random.Random:
    """A seat draw's randomness: seeded from a fresh shuffle, which is the OS's CSPRNG in
    play and seeded in tests."""
    return random.Random("".join(step.shuffle()))


def _line(step: Step, player: str, bought: Bought) -> None:
    step.money.append(MoneyLine(player, bought.kind, bought.money, bought.entry))


# ---------------------------------------------------------------------- commands


def apply_command(
    step: Step, player: Player, command: Command, decision: Any | None = None
) -> None:
    """Apply a player's command at a tournament's table through its handler, then what
    follows it (:func:`advance`); the tournament's state is written with the commit.

    Raises:
        EngineError: the engine refused (with what is legal, or why not in a
            tournament); the table may be half changed, so the caller puts it back.
    """
    live = step.live
    names = live.names if live.names is not None else {}
    live.names = names
    names[player.id] = player.name
    step.decision = decision
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise IllegalAction(NOT_IN_A_TOURNAMENT)
    handler(step, player, command)
    advance(step)


def _play(step: Step, player: Player, command: Play) -> None:
    tourney = _tourney(step)
    decision = step.decision
    if decision is None:  # refused by the gate: this says why
        decision = tourney.table.decide(player.id, command.kind, command.amount, command.cards)
    move = decision.action
    step.show(tourney.act(player.id, lambda i: move))
    mover = tourney.table.seat_of(player.id)
    if mover is not None:
        mover.timeouts = 0


def _register(step: Step, player: Player, command: Register) -> None:
    tourney = _tourney(step)
    books = tourney.tournament
    last = books.current(player.id)
    again = last is not None and last.out and books.status == RUNNING
    bought = books.re_enter(player.id) if again else books.register(player.id)
    _line(step, player.id, bought)
    seat = None
    spread = step.live.spread
    if books.status == RUNNING and spread is not None and spread.floor is not None:
        # at the shortest table (TDA 2024 R8-A): told there, and to the player
        spread.keep()
        floor = spread.floor
        if floor.full():  # a table not yet played opens for the late entries
            unused = [tid for tid in spread.lives if tid not in floor.tables]
            if not unused:
                raise IllegalAction("every seat of every table is taken: wait for one to open")
            floor.open_table(unused[0], spread.tourney(unused[0]))
            spread.lives[unused[0]].table.running = True
        moved = floor.seat_late(player.id, player.name, bought.chips, _draw(step))
        where = spread.number(moved.target)
        step.say(tv.Registered(player.id, len(books.entries), books.pool, again))
        late = tv.PlayerMoved(player.id, 0, where, moved.seat, moved.chips, "late")
        there = spread.lives[moved.target]
        there.names = {**(there.names or {}), player.id: player.name}
        step.say_at(moved.target, late)
        step.say_at(moved.target, late, player.id)
        return
    if books.status == RUNNING:  # late registration: a seat drawn at once (TDA 2024 R8-A)
        seat = tourney.seat_late(player.id, player.name, bought.chips, _draw(step)).seat
    step.say(tv.Registered(player.id, len(books.entries), books.pool, again, seat))
    tables = len(spread.lives) if spread is not None else books.rules.tables
    full = len(books.alive) >= books.rules.seats * tables
    if books.status == REGISTERING and tourney.starts_full and full:
        step.say(tv.TournamentFull())
        _begin(step)


def _unregister(step: Step, player: Player, command: Unregister) -> None:
    books = _tourney(step).tournament
    bought = books.unregister(player.id)
    _line(step, player.id, bought)
    step.say(tv.Unregistered(player.id, -bought.money, len(books.alive)))


def _remove(step: Step, player: Player, command: RemoveEntrant) -> None:
    """The host takes an entrant out of the lobby, refunded; a name that is no entrant's
    is refused naming who is entered."""
    books = _tourney(step).tournament
    if books.status != REGISTERING:
        books.unregister("")  # refused: says why no entry is taken back now
    names = step.live.names or {}
    entered = {entry.player: names.get(entry.player, entry.player) for entry in books.entries}
    wanted = command.target.lstrip("@").lower()
    target = next(
        (pid for pid, name in entered.items() if wanted in (pid.lower(), name.lower())), None
    )
    if target is None:
        listed = ", ".join(entered.values()) or "nobody"
        raise IllegalAction(f"{command.target} is not entered (entered: {listed})")
    bought = books.unregister(target)
    _line(step, target, bought)
    step.say(tv.Unregistered(target, -bought.money, len(books.alive), by_host=True))


def _cancel(step: Step, player: Player, command: CancelTournament) -> None:
    tourney = _tourney(step)
    refunds = tourney.tournament.cancel()
    for bought in refunds:
        owner = tourney.tournament_player(bought.entry)
        step.money.append(MoneyLine(owner, bought.kind, bought.money, bought.entry))
    tourney.table.running = False
    step.say(
        tv.TournamentCancelled(
            tuple((tourney.tournament_player(b.entry), -b.money) for b in refunds)
        )
    )


def _start(step: Step, player: Player, command: Start) -> None:
    """The host starts the tournament (early, before its seats fill), or after a pause
    starts its clock and the deal again."""
    tourney = _tourney(step)
    books = tourney.tournament
    if books.status == REGISTERING:
        _begin(step)
        return
    if books.status != RUNNING:
        raise IllegalAction(f"the tournament is {books.status}")
    started = tourney.start_again(step.clock())  # a hold is lifted; a new one holds again
    others = _others(step)
    if step.live.spread is not None:
        step.live.spread.keep([other.id for other in others])  # written with this commit
    for other in others:
        other.table.running = other.table.running or _in_play(step, other.id)
    if not started:
        step.say(te.AlreadyRunning(), player.id)
        return
    step.say(te.GameStarted())


def _begin(step: Step) -> None:
    """Start the tournament: level 1 on the clock, every entrant drawn to a seat (over
    several tables: :func:`_begin_spread`)."""
    tourney = _tourney(step)
    books = tourney.tournament
    if step.live.spread is not None:
        _begin_spread(step)
        return
    change = books.start(step.clock())
    tourney.seat_entries(step.live.names or {}, _draw(step))
    tourney.table.running = True
    _tell_seats(step, step.live.id, tourney, change.level)


def _tell_seats(step: Step, table_id: str, tourney: TournamentTable, level: Level) -> None:
    """Tell table ``table_id`` its seats as drawn and its first button."""
    seats = list(tourney.table.seating.seats.values())
    button = min(seat.seat for seat in seats)
    with contextlib.suppress(IllegalAction):  # the first deal's button, when it is known
        button = tourney.table.seating.next_deal(level.small_blind, level.big_blind).button
    step.say_at(
        table_id,
        tv.TournamentBegins(
            tuple((seat.player_id, seat.seat) for seat in seats),
            button,
            level.small_blind,
            level.big_blind,
            level.big_blind_ante or level.ante,
        ),
    )


def _payouts(step: Step, player: Player, command: Payouts) -> None:
    """The host changes the payout table while registration is open; the engine refuses
    once it has closed."""
    books = _tourney(step).tournament
    books.change_payouts(command.shares)
    step.say(tv.PayoutsChanged(command.shares, books.prizes()))


def _begin_spread(step: Step) -> None:
    """Start a tournament over several tables: as many tables as the entries need
    (TDA 2024 R7), every entrant drawn to a table and a seat, the tables breaking in a
    drawn order with the tournament's own channel's table last: the final table plays
    where the tournament was set up (a house choice)."""
    spread = step.live.spread
    assert spread is not None
    books = spread.books
    seats = books.rules.seats
    needed = max(1, -(-len(books.alive) // seats))
    if needed > len(spread.lives):
        raise IllegalAction(
            f"{len(books.alive)} entries need {needed} tables of {seats} seats:"
            f" this tournament has {len(spread.lives)}"
        )
    used = list(spread.lives)[:needed]
    rng = _draw(step)
    order = used[1:]
    rng.shuffle(order)
    spread.keep(used)
    floor = Floor(
        books,
        {tid: spread.tourney(tid) for tid in used},
        [*order, used[0]],
        books.rules.balance,
        books.rules.pay_jumps,
    )
    change = books.start(step.clock())
    floor.start(step.live.names or {}, rng)
    spread.floor = floor
    drawn = []
    names = step.live.names or {}
    for tid in used:
        spread.lives[tid].names = {**(spread.lives[tid].names or {}), **names}
        tourney = spread.tourney(tid)
        tourney.table.running = True
        players = tuple(seat.player_id for seat in tourney.table.seating.seats.values())
        drawn.append((spread.number(tid), players))
    if len(used) > 1:  # one table's draw is told by its seats alone
        step.say(tv.TablesDrawn(tuple(drawn)))
    for tid in used:
        _tell_seats(step, tid, spread.tourney(tid), change.level)
        for seat in spread.tourney(tid).table.seating.seats.values():
            where = tv.PlayerMoved(
                seat.player_id, 0, spread.number(tid), seat.seat, seat.stack, "draw"
            )
            step.say_at(tid, where, seat.player_id)


def _others(step: Step) -> list[Live]:
    """The other tables of the step's tournament over several tables (their ``Live``s),
    none at a sit & go."""
    spread = step.live.spread
    if spread is None:
        return []
    return [live for tid, live in spread.lives.items() if tid != step.live.id]


def _in_play(step: Step, table_id: str) -> bool:
    """Whether a table of the step's tournament is one the floor plays (not broken, not
    left unused by the start)."""
    spread = step.live.spread
    return spread is not None and spread.floor is not None and table_id in spread.floor.tables


def _why_not_deal(step: Step, now: float) -> str | None:
    """Why the step's table may not deal now: its own reasons, and over several tables
    the floor's (hand-for-hand, TDA 2024 RP-8)."""
    spread = step.live.spread
    if spread is not None:
        return spread.why_not_deal(step.live.id, now)
    return _tourney(step).why_not_deal(now)


def _pause(step: Step, player: Player, command: Pause) -> None:
    """The host stops the clock now and the deal after this hand (TDA: the floor may stop
    the clock)."""
    tourney = _tourney(step)
    clock = tourney.tournament.level_clock
    if clock.running:
        clock.pause(step.clock())
    tourney.table.running = False
    step.say(te.GamePaused())
    for other in _others(step):
        other.table.running = False
        step.say_at(other.id, te.GamePaused())


def _away(step: Step, player: Player, command: SitOut) -> None:
    _tourney(step).set_away(player.id, True)
    step.say(tv.AwayChanged(player.id, True))


def _back(step: Step, player: Player, command: SitIn) -> None:
    _tourney(step).set_away(player.id, False)
    step.say(tv.AwayChanged(player.id, False))


def _rebuy(step: Step, player: Player, command: Rebuy) -> None:
    if command.amount is not None:
        raise IllegalAction("a tournament's rebuy buys the chips its rules give: type 'rebuy'")
    tourney = _tourney(step)
    bought = tourney.rebuy(player.id)
    _bought(step, player, bought)


def _add_on(step: Step, player: Player, command: AddOn) -> None:
    if command.amount is not None:
        raise IllegalAction("a tournament's add-on buys the chips its rules give: type 'addon'")
    bought = _tourney(step).add_on(player.id)
    _bought(step, player, bought)


def _bought(step: Step, player: Player, bought: Bought) -> None:
    _line(step, player.id, bought)
    seat = _tourney(step).table.seat_of(player.id)
    stack = seat.stack if seat is not None else bought.chips
    step.say(tv.ChipsBought(player.id, bought.kind, bought.chips, bought.money, stack))


def _chop(step: Step, player: Player, command: Chop) -> None:
    """A deal of the prizes left: offered, accepted, or turned down (TOURNAMENT.md
    "Deals"); made when every player left has accepted the same one."""
    tourney = _tourney(step)
    spread = step.live.spread
    entry = tourney.tournament.current(player.id)
    if entry is None or entry.out:
        raise IllegalAction("only a player still in the tournament takes part in a deal")
    if spread is not None and spread.floor is not None and len(spread.floor.tables) > 1:
        raise IllegalAction("a deal is made at the final table, by every player left")
    if command.kind == "no":
        tourney.turn_down_deal(player.id)
        step.say(tv.DealTurnedDown(player.id))
        return
    offer = tourney.ask_deal(player.id, command.kind, step.clock())
    if offer is None:
        step.say(tv.DealAsked(player.id, command.kind))
        return
    _offered(step)


def _offered(step: Step) -> None:
    """Tell the deal on offer, or make it when every player left has accepted."""
    tourney = _tourney(step)
    offer = tourney.offer
    if offer is None:
        return
    if offer.agreed:
        _over(step, tourney.deal_made())
        return
    step.say(tv.DealOffered(offer.kind, offer.by_player(), offer.accepted))


HANDLERS: dict[type[Command], Callable[[Step, Player, Any], None]] = {
    Play: _play,
    Register: _register,
    Unregister: _unregister,
    RemoveEntrant: _remove,
    CancelTournament: _cancel,
    Start: _start,
    Pause: _pause,
    Payouts: _payouts,
    SitOut: _away,
    SitIn: _back,
    Rebuy: _rebuy,
    AddOn: _add_on,
    Chop: _chop,
    Clock: steps.HANDLERS[Clock],
    PreAction: steps.HANDLERS[PreAction],
}


# ---------------------------------------------------------------------- the table's own steps


def advance(step: Step, deal_now: bool = False) -> None:
    """The clock's changes due, moves chosen in advance and away players' turns, the end
    of a completed hand, the next deal at the clock's level while the tournament runs
    (its breaks, rebuys and deals waited for), the turn timer; the tournament's state
    gathered for the commit.

    As at a cash table, a hand finished here is not followed by the next deal unless
    ``deal_now`` (the deal is a step of its own)."""
    tourney = _tourney(step)
    table = tourney.table
    now = step.clock()
    _timed_start(step, now)
    _changes(step, tourney.tournament.clock_due(now))
    finished = False
    for _ in range(4):
        while steps._apply_pre_action(step) or _play_away(step):
            pass
        if table.hand_over():
            _finish(step)
            finished = True
            continue
        if finished and not deal_now:
            break
        if table.current is None and table.running and _why_not_deal(step, now) is None:
            if tourney.offer_asked(now) is not None:
                _offered(step)
                break  # the next hand waits for the players' answers
            _deal(step)
            if table.current is not None:
                continue  # the new hand's first turns: an away player's is played now
        break
    table.follow_turn(now)
    _save(step)


def _timed_start(step: Step, now: float) -> None:
    """The start's time come: the tournament starts with two entries or more, else the
    table is told it waits for the host's start (RULES.md "Tournaments", the start)."""
    tourney = _tourney(step)
    due = tourney.timed_start(now)
    if due is None:
        return
    step.say(tv.StartTimeCame(len(tourney.tournament.entries), due))
    if due:
        _begin(step)


def _play_away(step: Step) -> bool:
    """The turn of an away player: checked when free, else folded (TDA 2024 R71-A)."""
    played = _tourney(step).play_away()
    if played is None:
        return False
    step.show(played[1])
    return True


def _deal(step: Step) -> None:
    """Deal the next hand at the level on the clock (TDA 2024 R23); the players out of
    the last hand who did not rebuy take their places first."""
    tourney = _tourney(step)
    live = step.live
    deck, seed = step.shuffle(), secrets.randbits(62)
    changes, finishes, events = tourney.deal(deck, step.clock(), seed)
    _changes(step, changes)
    _finished(step, finishes)
    if tourney.tournament.status == FINISHED:
        _over(step, finishes)
        return
    if not events:
        return
    spread = live.spread
    if spread is not None and spread.floor is not None:
        spread.floor.dealt(live.id)
    current = tourney.table.current
    assert current is not None
    commit = next((e.commitment for e in events if isinstance(e, HandStarted)), None)
    setup = current.setup
    step.extra.append(
        HandBegun(
            live.id,
            tourney.table.hand_number,
            live.session_id,
            setup.config.game.value,
            commit,
            setup.names,
            tournament_id=live.tournament_id,
        )
    )
    step.show(events)


def _changes(step: Step, changes: list[ClockChange]) -> None:
    """Announce each change of the clock: a new level, from the next hand, or a break."""
    books = _tourney(step).tournament
    tables = [step.live.id, *(o.id for o in _others(step) if _in_play(step, o.id))]
    for change in changes:
        for table_id in tables:  # one clock: every table is told at once
            if isinstance(change, LevelUp):
                step.say_at(table_id, _level(change.number, change.level))
            elif isinstance(change, BreakBegins):
                told = tv.BreakBegins(change.minutes, change.after, books.add_on_open())
                step.say_at(table_id, told)


def _level(number: int, level: Level) -> tv.LevelBegins:
    return tv.LevelBegins(
        number,
        level.small_blind,
        level.big_blind,
        level.big_blind_ante or level.ante,
        level.minutes,
        level.hands,
    )


def _finish(step: Step) -> None:
    """A hand over: its record written as at a cash table; players with no chips are
    offered a rebuy where the rules give one, else out with their places."""
    tourney = _tourney(step)
    books = tourney.tournament
    live = step.live
    header = TournamentHeader(
        tournament_number(live.tournament_id or live.id),
        books.rules.buy_in,
        books.rules.fee,
        live.table.settings.currency,
        tourney.dealt_level or books.level_clock.number,
    )
    steps.record_hand(step, tournament_fields(header))
    spread = live.spread
    floor = spread.floor if spread is not None else None
    end = tourney.finish(hold=floor is not None and floor.hand_for_hand, now=step.clock())
    _finished(step, end.finishes)
    for player in end.offers:
        step.say(tv.RebuyOpen(player))
    if floor is not None:
        _floor_after(step)
    if tourney.tournament.status == FINISHED:
        _over(step, end.finishes)


def _floor_after(step: Step) -> None:
    """After a hand at one table of several: the floor places a hand-for-hand round's
    players out once every table has played it, and makes the moves due between hands
    (TDA 2024 R10-B, R11-A, the final table's redraw), each told at both tables and to
    the player; a table broken is told so and stops."""
    spread = step.live.spread
    assert spread is not None and spread.floor is not None
    floor = spread.floor
    spread.keep()
    was = floor.hand_for_hand
    for bust in _tourney(step).busts:
        spread.out_at[bust.player] = step.live.id
    end = floor.hand_ended(step.live.id, _draw(step))
    if end.finishes:
        _finished_at(step, end.finishes)
    for move in end.moves:
        target = spread.tourney(move.target)
        source_names = spread.lives[move.source].names or {}
        if move.player in source_names:  # his name goes with him
            arrived = spread.lives[move.target].names or {}
            spread.lives[move.target].names = {**arrived, move.player: source_names[move.player]}
        waits = move.player in target.waiting
        told = tv.PlayerMoved(
            move.player,
            spread.number(move.source),
            spread.number(move.target),
            move.seat,
            move.chips,
            move.why,
            waits,
        )
        for table_id in dict.fromkeys((move.source, move.target)):
            step.say_at(table_id, told)
        step.say_at(move.target, told, move.player)
    for broken in end.broken:
        spread.lives[broken].table.running = False
        step.say_at(broken, tv.TableBroken(spread.number(broken)))
    if end.hand_for_hand != was:
        for table_id in floor.tables:
            step.say_at(table_id, tv.HandForHand(end.hand_for_hand))
    elif floor.hand_for_hand and step.live.id in floor.played:
        waiting = [t for t in floor.tables if t not in floor.played and t != step.live.id]
        if waiting:
            step.say(tv.HandForHandWaits(len(waiting)))


def _finished_at(step: Step, finishes: tuple[Finish, ...]) -> None:
    """A hand-for-hand round's players out, each told at the table he went out at and in
    the tournament's own channel."""
    spread = step.live.spread
    assert spread is not None
    books = spread.books
    by_place = books.prizes() if books.closed else ()
    for finish in finishes:
        entry = books.entry(finish.entry)
        if finish.place == 1 and books.status == FINISHED:
            continue
        prize = entry.prize or (
            shared_prizes(by_place, finish.place, finish.tied)[0] if by_place else 0
        )
        told = tv.PlayerOut(entry.player, finish.place, finish.tied, prize)
        where = spread.out_at.pop(entry.player, step.live.id)
        for table_id in dict.fromkeys((where, spread.home)):
            step.say_at(table_id, told)


def _finished(step: Step, finishes: tuple[Finish, ...]) -> None:
    """Tell each player out his place and what it pays (the winner is told at the end)."""
    tourney = _tourney(step)
    books = tourney.tournament
    by_place = books.prizes() if books.closed else ()
    for finish in finishes:
        if finish.place == 1 and books.status == FINISHED:
            continue
        entry = books.entry(finish.entry)
        prize = entry.prize or (
            shared_prizes(by_place, finish.place, finish.tied)[0] if by_place else 0
        )
        step.say(tv.PlayerOut(entry.player, finish.place, finish.tied, prize))


def _over(step: Step, finishes: tuple[Finish, ...]) -> None:
    """The tournament is over: every prize and bounty a money line, the results told, the
    table stops, and the results counted into the server's league season when one was
    open at its start."""
    tourney = _tourney(step)
    books = tourney.tournament
    tourney.table.running = False
    for entry in books.entries:
        if entry.prize:
            kind = "deal" if entry.dealt else "prize"
            step.money.append(MoneyLine(entry.player, kind, entry.prize, entry.id))
        if entry.bounties:
            step.money.append(MoneyLine(entry.player, "bounty", entry.bounties, entry.id))
    ranked = sorted(books.entries, key=lambda e: (e.place or len(books.entries) + 1, e.id))
    winner = ranked[0]
    step.say(
        tv.TournamentWon(
            winner.player,
            winner.prize,
            tuple((e.player, e.place, e.tied, e.prize) for e in ranked),
            any(e.dealt for e in books.entries),
        )
    )


def season_results(tourney: TournamentTable, tournament_id: str) -> tuple[SeasonResult, ...]:
    """A finished tournament's results as a league season counts them: each player's best
    entry, his points by place from the season's table (RULES.md "Tournaments",
    leagues)."""
    books = tourney.tournament
    season = tourney.season
    points_table = season[1] if season is not None else ()
    entries = len(books.entries)
    best: dict[str, Any] = {}
    for entry in books.entries:
        held = best.get(entry.player)
        if entry.place and (held is None or entry.place < held.place):
            best[entry.player] = entry
    return tuple(
        SeasonResult(
            tournament_id,
            player,
            entry.place,
            entry.tied,
            entries,
            entry.prize + entry.bounties,
            place_points(entry.place, entries, points_table),
        )
        for player, entry in best.items()
    )


def _save(step: Step) -> None:
    """The tournament's state and the money that moved, written with the table's commit
    when its books changed (the table's own row carries the clock's reading); its league
    results too once it is over."""
    live = step.live
    tourney = _tourney(step)
    books = tourney.tournament
    books.level_clock.read(step.clock())
    season = None
    if books.status == FINISHED and tourney.season is not None and not tourney.counted:
        tourney.counted = True
        results = season_results(tourney, live.tournament_id or "")
        season = (live.server_id, tourney.season[0], results)
    if live.spread is not None:
        _save_spread(step, season)
        return
    state = books.to_dict()
    if step.money or season is not None or books_unclocked(state) != live.books_stored:
        step.extra.append(
            TournamentSaved(
                live.tournament_id or "", state, books.status, tuple(step.money), season
            )
        )
    step.money.clear()


def _save_spread(step: Step, season: tuple[str, int, tuple[SeasonResult, ...]] | None) -> None:
    """The tournament's row of a tournament over several tables, written at the version
    it was read at when its books changed, or when its clock's reading is older than
    :data:`CLOCK_SAVE_SECONDS` (the row alone holds it)."""
    spread = step.live.spread
    assert spread is not None
    books = spread.books
    state = spread.state()
    stale = spread.written_at is None or step.clock() - spread.written_at >= CLOCK_SAVE_SECONDS
    changed = books_unclocked(state) != spread.stored
    if step.money or season is not None or changed or (stale and books.level_clock.running):
        money = tuple(step.money)
        step.extra.append(
            TournamentSaved(
                spread.tournament_id, state, books.status, money, season, spread.version
            )
        )
    step.money.clear()


def time_out(step: Step, player_id: str) -> None:
    """The turn timer ran out: a time bank first, else the engine checks if free or folds
    (000 NL §15); after the table's time-outs in a row the player is away, dealt in and
    blinded off, never sat out (TDA 2024 R71-A); then :func:`advance`.

    Raises:
        EngineError: the engine refused (the decision was no longer pending)."""
    tourney = _tourney(step)
    granted, events, sat_out = tourney.table.out_of_time(player_id, step.clock())
    if granted:
        step.say(te.TimeBankRuns(player_id, granted))
        _save(step)
        return
    step.say(te.TimedOut(player_id))
    if sat_out:
        seat = tourney.table.seat_of(player_id)
        if seat is not None:
            seat.sit_out_next, seat.timeouts = False, 0
        tourney.away.add(player_id)
        step.say(tv.AwayChanged(player_id, True))
    step.show(events)
    advance(step)
