"""A tournament's own steps told in words (:mod:`bot.engine.tourneyevents`): each event one
line, every player by his display name and money in the table's currency. Pure.

Places read as players say them ("2nd"; "2nd-3rd (shared)" for a tie), levels as a clock
shows them ("Level 3: 50/100 ante 100, 10 minutes"): RULES.md "Tournaments".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.engine import tourneyevents as tv
from bot.engine.tableevents import TableEvent
from bot.words.counts import counted
from bot.words.tourneytext import cash

Name = Callable[[str], str]

# how a deal's kind is named, and the words that accept it
DEAL_NAMES = {"icm": "ICM", "chop": "chip chop"}
DEAL_WORDS = {"icm": "chop icm", "chop": "chop chips"}
_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal(number: int) -> str:
    """``1`` -> ``1st``, ``2`` -> ``2nd``, ``11`` -> ``11th``, ``22`` -> ``22nd``."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{_SUFFIXES.get(number % 10, 'th')}"


def place_text(place: int, tied: int = 1) -> str:
    """A finishing place: ``2nd``, or ``2nd-3rd (shared)`` when ``tied`` players share
    places ``place`` to ``place + tied - 1`` (their prizes shared: RULES.md "Finishing
    places, and places shared by a tie")."""
    if tied <= 1:
        return ordinal(place)
    return f"{ordinal(place)}-{ordinal(place + tied - 1)} (shared)"


CHART_HANDS = "hands played"  # the tournament chart's axes
CHART_CHIPS = "tournament chips"
CHART_CAPTION = "Chip counts over the tournament"


def chart_level(number: int, small_blind: int, big_blind: int) -> str:
    """A level as the tournament chart marks it: ``Level 2 (15/30)``."""
    return f"Level {number} ({small_blind}/{big_blind})"


def chart_title(number: int, channel: str) -> str:
    """The tournament chart's title: ``Tournament 3 · poker``."""
    return f"Tournament {number} · {channel}" if number else channel


def level_text(
    number: int, small_blind: int, big_blind: int, ante: int, minutes: int, hands: int
) -> str:
    """A level as the clock shows it: ``Level 3: 50/100 ante 100, 10 minutes``, or
    ``..., 12 hands`` for a level of hands (TDA 2024 R23); chips as integers."""
    blinds = f"{small_blind}/{big_blind}" + (f" ante {ante}" if ante else "")
    length = counted(minutes, "minute") if minutes else counted(hands, "hand")
    return f"Level {number}: {blinds}, {length}"


def tourney_text(event: TableEvent, display: Mapping[str, str], currency: str = "") -> str | None:
    """The line for one of a tournament table's own events, or None for an event that is
    not a tournament's.

    Args:
        event: what the step did, players by id, money in hundredths of the unit.
        display: player id -> display name (a player missing is named by his id).
        currency: the money's sign (``TableSettings.currency``), "" for none.
    """
    told = _TOLD.get(type(event))
    if told is None:
        return None

    def name(player_id: str) -> str:
        return display.get(player_id, player_id)

    return told(event, name, currency)


def _registered(event: tv.Registered, name: Name, currency: str) -> str:
    verb = "re-enters" if event.again else "registers"
    seat = f" and takes seat {event.seat}" if event.seat is not None else ""
    return (
        f"{name(event.player)} {verb}{seat}: {counted(event.entries, 'entry', 'entries')}, "
        f"prize pool {cash(event.pool, currency)}"
    )


def _unregistered(event: tv.Unregistered, name: Name, currency: str) -> str:
    who = name(event.player)
    done = f"the host removes {who}" if event.by_host else f"{who} unregisters"
    left = counted(event.entries, "entry", "entries")
    return f"{done}, refunded {cash(event.refund, currency)}: {left} left"


def _begins(event: tv.TournamentBegins, name: Name, currency: str) -> str:
    seats = ", ".join(f"{seat}. {name(player)}" for player, seat in sorted(event.seats, key=_seat))
    holder = next((player for player, seat in event.seats if seat == event.button), None)
    button = f"{name(holder)} has the button" if holder is not None else "the button"
    blinds = f"{event.small_blind}/{event.big_blind}" + (
        f" ante {event.ante}" if event.ante else ""
    )
    return (
        f"The tournament begins. Seats drawn at random (TDA 2024 R7): {seats}; {button} "
        f"(seat {event.button}). Level 1: {blinds}"
    )


def _seat(pair: tuple[str, int]) -> int:
    return pair[1]


def _level(event: tv.LevelBegins, name: Name, currency: str) -> str:
    return level_text(
        event.number, event.small_blind, event.big_blind, event.ante, event.minutes, event.hands
    )


def _break(event: tv.BreakBegins, name: Name, currency: str) -> str:
    add_on = " (the add-on is open)" if event.add_on else ""
    return f"Break: {counted(event.minutes, 'minute')}{add_on}"


def _out(event: tv.PlayerOut, name: Name, currency: str) -> str:
    won = f" and wins {cash(event.prize, currency)}" if event.prize else ""
    return f"{name(event.player)} is out in {place_text(event.place, event.tied)}{won}"


def _rebuy_open(event: tv.RebuyOpen, name: Name, currency: str) -> str:
    return f"{name(event.player)} has no chips left: 'rebuy' before the next deal, or he is out"


def _bought(event: tv.ChipsBought, name: Name, currency: str) -> str:
    verb = "takes the add-on" if event.kind == "add-on" else "rebuys"
    return (
        f"{name(event.player)} {verb}: {event.chips} chips for "
        f"{cash(event.money, currency)}, a stack of {event.stack}"
    )


def _away(event: tv.AwayChanged, name: Name, currency: str) -> str:
    if event.away:
        return f"{name(event.player)} is away: dealt in and blinded off (TDA 2024 R71-A)"
    return f"{name(event.player)} is back"


def _offered(event: tv.DealOffered, name: Name, currency: str) -> str:
    kind = DEAL_NAMES.get(event.kind, event.kind)
    amounts = ", ".join(
        f"{name(player)} {cash(money, currency)}" for player, money in event.amounts
    )
    players = {player for player, _ in event.amounts}
    if players and players <= set(event.accepted):
        return f"A deal is made ({kind}): {amounts}"
    accepted = ", ".join(name(player) for player in event.accepted) or "nobody yet"
    words = DEAL_WORDS.get(event.kind, "chop")
    return (
        f"A deal is offered ({kind}): {amounts}; accepted: {accepted}. "
        f"'{words}' accepts, 'chop no' turns it down"
    )


def _asked(event: tv.DealAsked, name: Name, currency: str) -> str:
    how = "by ICM" if event.kind == "icm" else "by chip count"
    return f"{name(event.player)} asks for a deal {how}: it is offered when this hand is over"


def _turned_down(event: tv.DealTurnedDown, name: Name, currency: str) -> str:
    return f"{name(event.player)} turns the deal down: play goes on"


def _won(event: tv.TournamentWon, name: Name, currency: str) -> str:
    how = " by a deal" if event.dealt else ""
    results = "; ".join(
        f"{place_text(place, tied)} {name(player)}" + (f" {cash(prize, currency)}" if prize else "")
        for player, place, tied, prize in event.results
    )
    won = f" and {cash(event.prize, currency)}" if event.prize else ""
    head = f"{name(event.player)} wins the tournament{how}{won}"
    return f"{head}. Results: {results}" if results else head


def _cancelled(event: tv.TournamentCancelled, name: Name, currency: str) -> str:
    if not event.refunds:
        return "The host cancels the tournament: nobody had registered"
    refunds = ", ".join(
        f"{name(player)} {cash(money, currency)}" for player, money in event.refunds
    )
    return f"The host cancels the tournament: every entry is refunded ({refunds})"


def _full(event: tv.TournamentFull, name: Name, currency: str) -> str:
    return "Every seat is taken: the tournament starts now"


def _start_time(event: tv.StartTimeCame, name: Name, currency: str) -> str:
    if event.started:
        return "The start time has come: the tournament starts now"
    entered = counted(event.entries, "entry", "entries")
    return (
        f"The start time has come with {entered}: a tournament starts with two or more, so "
        "it waits for the host's 'start'"
    )


def payout_table(shares: tuple[int, ...]) -> str:
    """A payout table in words: ``70%, 30%``, ``winner takes all``, or ``the standard
    table by entries`` for ()."""
    if not shares:
        return "the standard table by entries"
    if shares == (1000,):
        return "winner takes all"
    return ", ".join(f"{share / 10:g}%" for share in shares)


def _payouts_changed(event: tv.PayoutsChanged, name: Name, currency: str) -> str:
    paid = ", ".join(
        f"{place_text(place)} {cash(prize, currency)}"
        for place, prize in enumerate(event.prizes, 1)
        if prize
    )
    today = f" (today: {paid})" if paid else ""
    return f"The host changes the payouts: {payout_table(event.shares)}{today}"


# Each event's line by its type: (event, name, currency) -> the line.
def _season(event: tv.SeasonStarted, name: Name, currency: str) -> str:
    points = (
        "points by place " + ", ".join(str(p) for p in event.points)
        if event.points
        else "a point for each entry beaten, and one for playing"
    )
    return f"League season {event.number} starts: {points}"


def _drawn(event: tv.TablesDrawn, name: Name, currency: str) -> str:
    tables = "; ".join(
        f"table {number}: " + ", ".join(name(player) for player in players)
        for number, players in event.tables
    )
    count = len(event.tables)
    return f"The tournament begins over {count} tables, drawn at random (TDA 2024 R7): {tables}"


_WHY_MOVED = {
    "balance": "to balance the tables (TDA 2024 R11-A)",
    "break": "as his table broke (TDA 2024 R10-B)",
    "final": "to the final table, its seats drawn again",
}


def _moved(event: tv.PlayerMoved, name: Name, currency: str) -> str:
    waits = "; he waits there for the button to pass" if event.waits else ""
    if not event.source:  # drawn at the start, or seated late
        return (
            f"{name(event.player)}: table {event.target}, seat {event.seat}, with"
            f" {event.chips:,} chips{waits}"
        )
    if event.source == event.target:
        return f"{name(event.player)} is drawn to seat {event.seat} at the final table{waits}"
    return (
        f"{name(event.player)} moves from table {event.source} to table {event.target}, seat"
        f" {event.seat}, with {event.chips:,} chips, {_WHY_MOVED.get(event.why, event.why)}{waits}"
    )


def _broken(event: tv.TableBroken, name: Name, currency: str) -> str:
    return f"Table {event.number} breaks: its players are drawn to seats at the other tables"


def _hand_for_hand(event: tv.HandForHand, name: Name, currency: str) -> str:
    if event.on:
        return (
            "Hand-for-hand (TDA 2024 RP-8): every table plays one hand, then waits for the"
            " others; players out in the same round finish by their stacks at its start"
        )
    return "Hand-for-hand is over: the tables deal at their own pace again"


def _h4h_waits(event: tv.HandForHandWaits, name: Name, currency: str) -> str:
    tables = "table" if event.tables == 1 else "tables"
    return f"Hand-for-hand: this table waits for {event.tables} other {tables} to finish"


_TOLD: dict[type, Callable[[Any, Name, str], str]] = {
    tv.TablesDrawn: _drawn,
    tv.PlayerMoved: _moved,
    tv.TableBroken: _broken,
    tv.HandForHand: _hand_for_hand,
    tv.HandForHandWaits: _h4h_waits,
    tv.Registered: _registered,
    tv.Unregistered: _unregistered,
    tv.TournamentBegins: _begins,
    tv.LevelBegins: _level,
    tv.BreakBegins: _break,
    tv.PlayerOut: _out,
    tv.RebuyOpen: _rebuy_open,
    tv.ChipsBought: _bought,
    tv.AwayChanged: _away,
    tv.DealOffered: _offered,
    tv.DealAsked: _asked,
    tv.DealTurnedDown: _turned_down,
    tv.TournamentWon: _won,
    tv.SeasonStarted: _season,
    tv.TournamentCancelled: _cancelled,
    tv.TournamentFull: _full,
    tv.StartTimeCame: _start_time,
    tv.PayoutsChanged: _payouts_changed,
}
