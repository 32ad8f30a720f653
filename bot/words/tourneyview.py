"""The tournament's part of the table message: header lines for its lobby, its play and its
end, and the table-wide choices anyone at it may click (register, rebuy, the add-on, a
deal's answers). Pure: it reads a tournament's table and its books, never a card.

Money is in hundredths of the unit, written with the table's currency sign; chips are
integers (RULES.md "A tournament's table message").
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine.blindlevels import Level
from bot.engine.tournament import CANCELLED, FINISHED, REGISTERING, Tournament
from bot.engine.tourneytable import TournamentTable
from bot.words.counts import counted
from bot.words.tourneylines import DEAL_NAMES, Name, payout_table, place_text
from bot.words.tourneytext import cash

# (label, command, style) of a table-wide button; the command is the words it sends
TableChoice = tuple[str, str, str]

REGISTER: TableChoice = ("Register", "register", "success")
UNREGISTER: TableChoice = ("Unregister", "unregister", "secondary")
REBUY: TableChoice = ("Rebuy", "rebuy", "success")
ADD_ON: TableChoice = ("Add-on", "addon", "success")
DEAL_CHOICES: tuple[TableChoice, ...] = (
    ("Accept ICM", "chop icm", "primary"),
    ("Accept chop", "chop chips", "primary"),
    ("No deal", "chop no", "danger"),
)


def clock_text(seconds: float) -> str:
    """Seconds as a clock shows them, rounded up: 462.2 -> ``7:43``, 0 -> ``0:00``."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def _blinds(level: Level) -> str:
    return level.blinds_text()


def _payouts(tournament: Tournament, currency: str) -> str:
    paid = ", ".join(
        f"{place_text(place)} {cash(prize, currency)}"
        for place, prize in enumerate(tournament.prizes(), 1)
        if prize
    )
    own = tournament.rules.shares
    table = f" · {'' if own == (1000,) else 'payouts '}{payout_table(own)}" if own else ""
    pool = f"Prize pool {cash(tournament.pool, currency)}"
    return pool + (f" · paid: {paid}" if paid else "") + table


@dataclass(frozen=True)
class Standings:
    """Where a table of a tournament over several tables stands among them: its number,
    the tables in play, the largest stack over all of them (chips) and whether play is
    hand-for-hand (TDA 2024 RP-8)."""

    table: int
    tables: int
    largest: int
    hand_for_hand: bool = False


def tournament_lines(
    tourney: TournamentTable,
    names: Mapping[str, str],
    now: float,
    currency: str = "",
    standings: Standings | None = None,
) -> tuple[str, ...]:
    """The tournament's header lines of the table message.

    Args:
        tourney: the tournament's table (read only).
        names: player id -> display name (a player missing is named by his id).
        now: the service's clock, in seconds: the time left of a level, a break and the
            wait for rebuys are counted from it.
        currency: the table's money sign ("" for none).
        standings: over several tables, this table's place among them (None for one).
    Returns:
        In the lobby: the buy-in and stack, the entrants, the prize pool and payouts by
        place, how it starts and the seats left. In play: the level and its time (or
        hands) left, or the break's time and whether the add-on is open; the next level
        and break; players left and the average stack; the prize pool and payouts; late
        registration; a deal on offer; players just out who may rebuy. At the end: the
        results, or that it was cancelled.
    """
    tournament = tourney.tournament

    def name(player_id: str) -> str:
        return names.get(player_id, player_id)

    if tournament.status == CANCELLED:
        return ("Tournament cancelled: every entry was refunded",)
    if tournament.status == FINISHED:
        return _results(tournament, name, currency)
    if tournament.status == REGISTERING:
        return _lobby(tourney, name, now, currency)
    lines = _running(tourney, name, now, currency)
    if standings is None:
        return lines
    where = f"Table {standings.table} of {counted(standings.tables, 'table')} in play"
    if standings.tables == 1:
        where = "The final table"
    h4h = " · hand-for-hand" if standings.hand_for_hand else ""
    return (*lines, f"{where} · largest stack {standings.largest:,}{h4h}")


def _lobby(tourney: TournamentTable, name: Name, now: float, currency: str) -> tuple[str, ...]:
    tournament = tourney.tournament
    rules = tournament.rules
    fee = f" + {cash(rules.fee, currency)} fee" if rules.fee else ""
    level = tournament.rules.schedule.level(1)
    length = counted(level.minutes, "minute") if level.minutes else counted(level.hands, "hand")
    entrants = [name(entry.player) for entry in tournament.entries]
    seats = rules.seats * rules.tables
    left = seats - len(entrants)
    return (
        f"Tournament lobby · buy-in {cash(rules.buy_in, currency)}{fee} · "
        f"{rules.stack} chips · level 1: {_blinds(level)}, {length}",
        f"Entrants ({len(entrants)}): {', '.join(entrants)}" if entrants else "Entrants: none yet",
        _payouts(tournament, currency),
        f"{_starts(tourney, seats, now)} · {counted(left, 'seat')} left",
    )


def _starts(tourney: TournamentTable, seats: int, now: float) -> str:
    """How the lobby starts: when its seats are taken, at its time (the bot's local time,
    and how long until it), or at the host's start; a time that came with fewer than two
    entries says so."""
    at = tourney.start_at
    if at is None:
        if tourney.starts_full:
            return f"Starts when the {seats} seats are taken, or when the host starts it"
        return "Starts when the host starts it (two entries or more)"
    clock = time.strftime("%H:%M", time.localtime(at))
    if tourney.start_missed:
        return (
            f"The start time {clock} came with fewer than two entries: "
            "it starts when the host starts it"
        )
    full = f", or when the {seats} seats are taken" if tourney.starts_full else ""
    return f"Starts at {clock} (in {until_text(at - now)}){full}"


def until_text(seconds: float) -> str:
    """Time still to wait, in whole minutes rounded up: ``25 min``, ``2 h 5 min``,
    ``1 h``; under a minute is ``1 min``."""
    minutes = max(1, math.ceil(seconds / 60))
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def _running(tourney: TournamentTable, name: Name, now: float, currency: str) -> tuple[str, ...]:
    tournament = tourney.tournament
    clock = tournament.level_clock
    schedule = tournament.rules.schedule
    level = clock.level
    lines = []
    if clock.on_break:
        add_on = " (the add-on is open)" if tournament.add_on_open() else ""
        lines.append(
            f"Break after level {clock.number}: {clock_text(clock.time_left(now))} left{add_on}"
        )
        lines.append(f"Next: level {clock.number + 1}, {_blinds(schedule.level(clock.number + 1))}")
    else:
        if level.minutes:
            left = f"{clock_text(clock.time_left(now))} left"
        else:
            left = f"{counted(max(level.hands - clock.hands, 0), 'hand')} left"
        lines.append(f"Level {clock.number}: {_blinds(level)} · {left}")
        upcoming = [f"Next: level {clock.number + 1}, {_blinds(schedule.level(clock.number + 1))}"]
        if schedule.break_every:
            after = -(-clock.number // schedule.break_every) * schedule.break_every
            when = "after this level" if after == clock.number else f"after level {after}"
            upcoming.append(f"break {when} ({counted(schedule.break_minutes, 'minute')})")
        lines.append(" · ".join(upcoming))
    alive = tournament.alive
    average = tournament.chips // len(alive) if alive else 0
    lines.append(
        f"Players left: {len(alive)} of {len(tournament.entries)} · average stack {average}"
    )
    lines.append(_payouts(tournament, currency))
    if tournament.late_open():
        lines.append(
            f"Late registration is open until the end of level {tournament.rules.late_until}"
        )
    offer = tourney.offer
    if offer is not None:
        amounts = ", ".join(
            f"{name(player)} {cash(money, currency)}" for player, money in offer.by_player()
        )
        accepted = ", ".join(name(player) for player in offer.accepted) or "nobody yet"
        kind = DEAL_NAMES.get(offer.kind, offer.kind)
        lines.append(f"Deal on offer ({kind}): {amounts} · accepted: {accepted}")
    rebuying = [
        bust.player for bust in tourney.busts if tournament.may_rebuy(bust.entry, 0) is None
    ]
    if rebuying:
        until = (
            f": {clock_text(tourney.rebuy_until - now)} left"
            if tourney.rebuy_until is not None
            else ""
        )
        who = ", ".join(name(player) for player in rebuying)
        lines.append(f"Out, may rebuy before the next deal ('rebuy'){until}: {who}")
    return tuple(lines)


def _results(tournament: Tournament, name: Name, currency: str) -> tuple[str, ...]:
    lines = ["Tournament over. Results:"]
    for entry in sorted(tournament.entries, key=lambda e: e.place or len(tournament.entries)):
        prize = entry.prize + entry.bounties
        won = f" {cash(prize, currency)}" if prize else ""
        lines.append(f"{place_text(entry.place, entry.tied)} {name(entry.player)}{won}")
    return tuple(lines)


def table_choices(tourney: TournamentTable) -> tuple[TableChoice, ...]:
    """The table-wide buttons of a tournament's table message, each sending its command's
    words as a typed command would: Register and Unregister in the lobby, Register alone
    during late registration (an entry is not taken back once play began:
    :meth:`~bot.engine.tournament.Tournament.unregister`), Rebuy while a player may
    rebuy, Add-on while the add-on is open, and a deal's three answers while one is on
    offer."""
    tournament = tourney.tournament
    if tournament.status == REGISTERING:
        return (REGISTER, UNREGISTER)
    if tournament.status in (FINISHED, CANCELLED):
        return ()
    choices: list[TableChoice] = []
    if tournament.late_open():
        choices.append(REGISTER)
    if _someone_may_rebuy(tourney):
        choices.append(REBUY)
    if tournament.add_on_open():
        choices.append(ADD_ON)
    if tourney.offer is not None:
        choices += DEAL_CHOICES
    return tuple(choices)


def _someone_may_rebuy(tourney: TournamentTable) -> bool:
    """Whether a player just out, or (between hands) one seated with a stack the rules let
    rebuy, may rebuy now (RULES.md "Rebuys and the add-on")."""
    tournament = tourney.tournament
    if any(tournament.may_rebuy(bust.entry, 0) is None for bust in tourney.busts):
        return True
    if tourney.table.current is not None:
        return False
    for seat in tourney.table.seating.seats.values():
        entry = tournament.current(seat.player_id)
        if (
            entry is not None
            and not entry.out
            and tournament.may_rebuy(entry.id, seat.stack) is None
        ):
            return True
    return False
