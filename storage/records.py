"""The records that cross the storage boundary: what a caller reads back and what it asks
to be written. No SQL here: :mod:`storage.statements` turns a write record into statements,
so a second backend can take the same records.

Chips are integers; times are seconds since the epoch, stamped when the record is made.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: its ids, settings and state (JSON already parsed)."""

    id: str
    server_id: str
    channel: str
    host_id: str
    settings: dict[str, Any]
    state: dict[str, Any]
    version: int
    session_id: int | None


@dataclass(frozen=True)
class StateWrite:
    """What one commit stores of a table's state, as JSON texts.

    ``base`` is the whole state (``{"table": ..., ...}``, the hand's actions so far
    included) when more than the hand's moves and the service's fields changed, else None:
    the stored one stays and ``moves`` are its hand's new actions, as (index in the hand's
    actions, action record). ``live`` is a JSON object of the service's fields, laid over
    the base's on load (None: they are in ``base``).
    """

    base: str | None
    live: str | None
    moves: Sequence[tuple[int, str]] = ()


@dataclass(frozen=True)
class EventRow:
    """One event to store: its audience (None for the table) and its JSON data."""

    audience: str | None
    event: dict[str, Any]


def _now() -> float:
    return time.time()


@dataclass(frozen=True)
class LedgerEntry:
    """A line of a session's ledger: chips that came to or left the table outside play.

    ``kind`` is ``buy_in``, ``top_up``, ``cash_out``, ``adjust`` (a host's correction,
    with ``note``) or ``bounty`` (the 7-2 game's, won or paid in a hand: already in the
    stacks, so no balance counts it); ``amount`` in chips, negative only for an
    adjustment down or a bounty paid."""

    table_id: str
    session_id: int | None
    player_id: str
    kind: str
    amount: int
    note: str = ""
    at: float = field(default_factory=_now)


@dataclass(frozen=True)
class AuditEntry:
    """A host control, logged with its effect: who (``actor``), what (``kick``, ``adjust``,
    ``void``, ``set``) and its details as JSON data."""

    table_id: str
    actor: str
    what: str
    detail: Mapping[str, Any]
    at: float = field(default_factory=_now)


@dataclass(frozen=True)
class GameChanged:
    """The table's game after the host changed it (a :class:`bot.engine.config.Game`
    value): what the leaderboard files its hands under."""

    table_id: str
    game: str


@dataclass(frozen=True)
class HandBegun:
    """A hand dealt: its number at the table, session, game dealt, the shuffle's
    commitment root (None without one), the player ids dealt in, in seat order, and the
    tournament it is dealt for (None at a cash table)."""

    table_id: str
    number: int
    session_id: int | None
    game: str
    commitment: str | None
    players: Sequence[str]
    at: float = field(default_factory=_now)
    tournament_id: str | None = None


@dataclass(frozen=True)
class HandFinished:
    """A hand over: its PHH text, the public openings of its shuffle, each player's net
    chips (won minus put in), the biggest pot, who posted its kill (None), the openings
    of the board cards it never dealt (kept private until asked for), and ``took``: the
    most chips each player took from one pot (player id -> chips; those who took none
    left out)."""

    table_id: str
    number: int
    phh: str
    openings: Sequence[Mapping[str, Any]]
    results: Mapping[str, int]
    biggest_pot: int
    killed_by: str | None
    at: float = field(default_factory=_now)
    rabbit: Sequence[Mapping[str, Any]] = ()
    took: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class HandCredited:
    """A finished hand's results and players rewritten whole: chips credited to it after
    it ended (the antes of a passed-out deal returned unplayed, when the night ends or
    the game changes)."""

    table_id: str
    number: int
    results: Mapping[str, int]
    players: Sequence[str]


@dataclass(frozen=True)
class SessionSwitched:
    """A night of play ends (``ended``, None when the table had none) and session ``new``
    begins as the table's current one."""

    table_id: str
    ended: int | None
    new: int
    at: float = field(default_factory=_now)


@dataclass(frozen=True)
class TableDue:
    """When the table next needs a step of its own, in seconds since the epoch (a turn
    timer running out, a deal owed: now), or None: for any process sharing the database
    to find and take (:meth:`storage.db.Database.due_tables`)."""

    table_id: str
    due: float | None


@dataclass(frozen=True)
class TableWrite:
    """Another table moved on in the same commit as the one committing (a tournament's
    player moved from one of its tables to another): that table's new version (its stored
    one plus one, else the whole commit is refused as changed elsewhere), what of its
    state changed, and the command and events it is stored with."""

    table_id: str
    version: int
    state: StateWrite
    command: dict[str, Any]
    events: Sequence[EventRow] = ()
    hand_number: int | None = None


@dataclass(frozen=True)
class TournamentSaved:
    """A tournament played at the table moved on with it: its state and status as the
    table's commit leaves them, the money that moved (``storage.tournaments.MoneyLine``)
    and, when it ended, its results counted into a league season ``(server id, season
    number, results)``; all in the table's transaction."""

    tournament_id: str
    state: dict[str, Any]
    status: str
    lines: tuple[Any, ...] = ()
    season: tuple[str, int, tuple[Any, ...]] | None = None
    # the tournament's version the state was read at: when given, a tournament another
    # process wrote meanwhile refuses the whole commit (its tables share its books)
    version: int | None = None


# What a commit may carry beside the command, its events and the table's state.
Write = (
    LedgerEntry
    | AuditEntry
    | GameChanged
    | HandBegun
    | HandFinished
    | HandCredited
    | SessionSwitched
    | TableDue
    | TableWrite
    | TournamentSaved
)
