"""A tournament over several tables as one process serves it: its tables' ``Live``s over
one set of books and the engine's floor (:mod:`bot.engine.floor`), the tournament's row as
the books' home, and what a step that moves players puts back if it fails.

Each table's own row holds its table and its tournament part (who is away, its players
out); the books, the clock and the floor's state are the tournament's row's, written with
the version they were read at, so a step at one table that changes them and a step at
another never both stand (RULES.md "Tournaments", several tables). Every table of one
tournament takes the tournament's lock: a player moved between two tables is moved under
both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.engine import Table
from bot.engine.floor import Floor
from bot.engine.tournament import Tournament
from bot.engine.tourneytable import TournamentTable

if TYPE_CHECKING:
    from bot.service.state import Live


@dataclass
class Spread:
    """A tournament's tables in this process.

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
