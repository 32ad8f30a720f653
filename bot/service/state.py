"""What the service keeps of a table in memory beside the engine's state, who sends a
command, and what the service hands on to be shown: records shared by the service and the
host's controls, free of the service's own machinery."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, Table
from bot.engine.floor import Floor
from bot.engine.levelclock import was_running
from bot.engine.tournament import Tournament
from bot.engine.tourneytable import TournamentTable
from bot.service.statetext import StateText
from bot.words.tableview import TableView


@dataclass(frozen=True)
class Player:
    """Who sent a command: a platform user id, his display name, the platform, and whether
    he administers the server (an administrator may use the host's controls)."""

    id: str
    name: str
    platform: str = "console"
    admin: bool = False


@dataclass(frozen=True)
class Notice(Event):
    """A service message for the table or one player, e.g. "Ann sits in seat 3 with 500"."""

    text: str


@dataclass(frozen=True)
class Attachment(Event):
    """A file for the table's channel (the session's ledger as CSV, say): its file name,
    its bytes and a line to post with it."""

    filename: str
    data: bytes
    caption: str


@dataclass(frozen=True)
class ShowdownPicture(Event):
    """What a picture of a showdown shows (:mod:`bot.chat.picture` draws it): only public
    cards. ``boards`` holds each board's cards; ``hands`` is (display name, cards shown,
    the hand in words, chips won) per hand shown, in the order shown."""

    title: str
    boards: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, tuple[str, ...], str, int], ...]


@dataclass(frozen=True)
class TableChanged(Event):
    """The table changed without anything to say (e.g. a vote on running it twice): the
    table message is shown again; renders to nothing."""


@dataclass(frozen=True)
class TableShown(Event):
    """The table as it stood when its batch was committed, for the table message: shown
    from this, never from the table as it stands when the platform gets to it (a later
    command may be applied there and not yet committed, or be rolled back). Renders to
    nothing."""

    view: TableView


@dataclass(frozen=True)
class TableHeld(Event):
    """The table's channel refuses the bot, so the game is held (no deal and no turn timer
    until the host's ``start``): for the host only, ``why`` what he must do, e.g. the
    permissions the bot lacks. The presenter tells him privately."""

    why: str


# Seconds between saves of a running tournament clock's reading while nothing else is
# committed at its table: what a restart after a crash may give back at most.
CLOCK_SAVE_SECONDS = 15.0


@dataclass(frozen=True)
class Outgoing:
    """One thing to show: the table's channel (``audience`` None) or one player only."""

    table_id: str
    audience: str | None
    event: Event
    names: tuple[str, ...] = ()  # the hand's player ids in hand order, for rendering


@dataclass(frozen=True)
class ChannelRefused:
    """A publisher's answer to a batch: the platform refuses the bot's posts in the table's
    channel (Discord's Missing Permissions, Slack's ``not_in_channel``), so nobody can see
    the table; ``why`` says what the host must do, e.g. "type /invite @bot"."""

    why: str


# What shows a committed batch, given with its asker: the player id whose command it
# commits when his own notices come back in the command's reply (the chat core's), so they
# are not sent him again; None for a step of the table's own or a command whose caller
# shows nothing itself. It answers None, or that the table's channel refuses the bot (the
# service then holds the table).
Publisher = Callable[[Sequence[Outgoing], str | None], Awaitable[ChannelRefused | None]]


@dataclass
class Live:
    """A table in memory with what the service keeps beside the engine's table (which
    holds its host and whether the game is held): where it plays, its stored version and
    session, the display names of those who spoke there, and caches in memory."""

    id: str
    server_id: str
    channel: str
    table: Table
    version: int
    session_id: int | None
    names: dict[str, str] | None = None
    # when the table message was last built for the publisher, by the service's clock (in
    # memory only): a time bank's countdown shows it again only when a mark passed since
    shown_at: float | None = None
    committed: dict[str, Any] | None = None  # the table as last committed, to roll back to
    text: StateText = field(default_factory=StateText, repr=False, compare=False)
    # a tournament's table: the engine's tournament part over ``table`` (its books, its
    # clock, who is away), stored with the table in one commit; None at a cash table
    tourney: TournamentTable | None = None
    tournament_id: str | None = None
    # the tournament's books as its own row last holds them, the clock's reading left out
    # (in memory only): a step that leaves them so writes the table's row alone
    books_stored: dict[str, Any] | None = None
    # a table of a tournament over several tables: the tournament as this process serves
    # it, whose row holds the books this table shares with the others
    spread: Spread | None = None

    def state(self) -> dict[str, Any]:
        """The stored state: the engine's table plus the display names (and, at a
        tournament's table, the tournament: :func:`tourney_state`)."""
        state = {"table": self.table.to_dict(), "names": self.names or {}}
        if self.spread is not None and self.tourney is not None:
            state["tournament"] = {
                "id": self.spread.tournament_id,
                "table": self.tourney.to_dict(),
                "spread": True,  # the books are the tournament's row's
            }
        elif self.tourney is not None:
            state["tournament"] = tourney_state(self.tourney, self.tournament_id or "")
        return state

    def undo_point(self) -> UndoPoint:
        """What a step rolls back to if it fails before or at its commit: the table as last
        committed and a copy of the service's own fields."""
        return UndoPoint(
            self.committed or self.table.to_dict(),
            {
                "names": dict(self.names or {}),
                "session_id": self.session_id,  # ending a session switches it before its commit
            },
            tourney_state(self.tourney, self.tournament_id or "") if self.tourney else None,
            self.spread.snapshot() if self.spread is not None else None,
        )


def tourney_state(tourney: TournamentTable, tournament_id: str) -> dict[str, Any]:
    """A tournament table's part of the stored state: the tournament's id, its books and
    the table's tournament fields (the clock read by the step that changed it)."""
    return {
        "id": tournament_id,
        "books": tourney.tournament.to_dict(),
        "table": tourney.to_dict(),
        "read_at": tourney.tournament.level_clock.at,
    }


def books_unclocked(books: Mapping[str, Any]) -> dict[str, Any]:
    """A tournament's books as plain data (``Tournament.to_dict()``) without the clock's
    reading of the time left, which changes with every step: what makes its row worth
    writing again. The table's row holds the reading (:func:`tourney_state`)."""
    clock = {key: value for key, value in (books.get("clock") or {}).items() if key != "left"}
    return {**books, "clock": clock}


def tourney_from(
    data: dict[str, Any], table: Table, restarted_at: float | None = None
) -> TournamentTable:
    """The tournament table :func:`tourney_state` wrote, over the restored ``table``.

    A clock saved running runs on from the reading it was saved with (seconds on the
    service's clock, the wall clock in play): another process that committed it, or a
    step rolled back, loses no time and gains none. At a restart (``restarted_at``, the
    clock now) it resumes from then instead: the time the bot was down is not charged
    (RULES.md "Tournaments", the clock), to the level, to the wait for rebuys (TDA 2024
    R27) or to a deal on offer, which keep the seconds they had left.

    Raises:
        KeyError, ValueError, TypeError: data not a tournament's.
    """
    books = data["books"]
    tourney = TournamentTable.from_dict(Tournament.from_dict(books), table, data["table"])
    clock = tourney.tournament.level_clock
    if was_running(books.get("clock") or {}):
        read_at = data.get("read_at")
        if restarted_at is not None and read_at is not None:
            tourney.waits_moved(restarted_at - float(read_at))
        if restarted_at is not None or read_at is None:
            clock.resumed(restarted_at if restarted_at is not None else 0.0)
        else:
            clock.at = float(read_at)
    return tourney


@dataclass(frozen=True)
class UndoPoint:
    """A table as it was before a step (see :meth:`Live.undo_point`): ``table`` is its
    ``Table.to_dict()``, ``fields`` the service's fields by name."""

    table: dict[str, Any]
    fields: dict[str, Any]
    tourney: dict[str, Any] | None = None
    spread: dict[str, Any] | None = None  # a tournament over several tables: its books

    def restore(self, live: Live) -> None:
        """Put ``live`` back as it was: the table rebuilt from its data, the fields set.

        Raises:
            KeyError, ValueError: the table data is not a table's (never for a point made
                by :meth:`Live.undo_point`)."""
        live.table = Table.from_dict(self.table)
        for name, value in self.fields.items():
            setattr(live, name, value)
        if live.spread is not None and self.spread is not None and self.tourney is not None:
            live.spread.put_back(self.spread, live.id, self.tourney["table"])
        elif self.tourney is not None:
            live.tourney = tourney_from(self.tourney, live.table)


@dataclass
class Spread:
    """A tournament's tables in this process: its tables' ``Live``s over one set of books
    and the engine's floor (:mod:`bot.engine.floor`), the tournament's row as the books'
    home, and what a step that moves players puts back if it fails.

    Each table's own row holds its table and its tournament part (who is away, its
    players out); the books, the clock and the floor's state are the tournament's row's,
    written with the version they were read at, so a step at one table that changes them
    and a step at another never both stand (RULES.md "Tournaments", several tables).
    Every table of one tournament takes the tournament's lock: a player moved between two
    tables is moved under both.

    Attributes:
        tournament_id: its id.
        home: the table id of the tournament's own channel (table 1, the lobby).
        books: the tournament's books, shared by every table's ``TournamentTable``.
        lives: table id -> its ``Live`` (``bot.service.state.Live``), table 1 first, in
            the tables' order.
        floor: the engine's floor once the start drew the tables, else None.
        version: the tournament's row's version as last read or written.
        stored: its books as last written, the clock's reading left out
            (:func:`bot.service.state.books_unclocked`).
        written_at: the clock's reading last written (seconds on the service's clock).
        before: the tables a step is about to change beside its own, as they were (table
            id -> (``Table.to_dict()``, ``TournamentTable.to_dict()``)): put back if the
            step fails, cleared once it is committed.
    """

    tournament_id: str
    home: str
    books: Tournament
    lives: dict[str, Live]
    floor: Floor | None = None
    version: int = 1
    stored: dict[str, Any] | None = None
    written_at: float | None = None
    before: dict[str, tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=dict)
    # player id -> the table he went out at, for a hand-for-hand round's places, told
    # there when the round ends (in memory: after a restart they are told at home)
    out_at: dict[str, str] = field(default_factory=dict)

    def number(self, table_id: str) -> int:
        """A table's number (1 for the tournament's own channel's)."""
        return list(self.lives).index(table_id) + 1

    def tourneys(self) -> dict[str, TournamentTable]:
        """Table id -> its tournament table, every table of the tournament."""
        return {tid: self.tourney(tid) for tid in self.lives}

    def tourney(self, table_id: str) -> TournamentTable:
        """Table ``table_id``'s tournament table."""
        tourney = self.lives[table_id].tourney
        assert tourney is not None, "a table of a tournament has its tournament part"
        return tourney

    def why_not_deal(self, table_id: str, now: float) -> str | None:
        """Why table ``table_id`` may not deal at ``now`` (seconds), or None: its own
        reasons, the floor's (hand-for-hand, TDA 2024 RP-8), or it is not in play (broken,
        or left unused by the start)."""
        if self.floor is None:
            return self.tourney(table_id).why_not_deal(now)
        if table_id not in self.floor.tables:
            return "this table is not in play: its players were drawn to the others"
        return self.floor.why_not_deal(table_id, now)

    def keep(self, table_ids: list[str] | None = None) -> None:
        """Note the tables a step may change (every table but those already noted, when
        ``table_ids`` is None), before it changes them."""
        for tid in self.lives if table_ids is None else table_ids:
            if tid not in self.before:
                live = self.lives[tid]
                self.before[tid] = (live.table.to_dict(), self.tourney(tid).to_dict())

    def snapshot(self) -> dict[str, Any]:
        """The books and the floor as plain data, for a step's undo point."""
        return {
            "books": self.books.to_dict(),
            "read_at": self.books.level_clock.at,
            "floor": self.floor.to_dict() if self.floor is not None else None,
        }

    def put_back(self, snapshot: dict[str, Any], own: str, part: dict[str, Any]) -> None:
        """A step failed: the books and floor as in ``snapshot``, the tables it changed as
        they were, each table's tournament part over the books put back. Table ``own``
        (the step's, its table put back by its undo point first) takes ``part``, its
        tournament part as it was."""
        books = Tournament.from_dict(snapshot["books"])
        books.level_clock.at = snapshot["read_at"]
        self.books = books
        for tid, live in self.lives.items():
            kept = self.before.get(tid)
            if tid == own:
                live.tourney = TournamentTable.from_dict(books, live.table, part)
            elif kept is not None:
                live.table = Table.from_dict(kept[0])
                live.tourney = TournamentTable.from_dict(books, live.table, kept[1])
            else:
                self.tourney(tid).tournament = books
        self.before.clear()
        if snapshot["floor"] is not None:
            self.floor = Floor.from_dict(
                books,
                self.tourneys(),
                snapshot["floor"],
            )

    def state(self) -> dict[str, Any]:
        """The tournament's row: its books, and beside them (key ``spread``) the clock's
        reading, the tables in order and the floor's state."""
        return {
            **self.books.to_dict(),
            "spread": {
                "read_at": self.books.level_clock.at,
                "tables": list(self.lives),
                "floor": self.floor.to_dict() if self.floor is not None else None,
            },
        }


def books_of(row: dict[str, Any]) -> dict[str, Any]:
    """The books in a tournament's row written by :meth:`Spread.state` (or a sit & go's,
    which are the row)."""
    return {key: value for key, value in row.items() if key != "spread"}
