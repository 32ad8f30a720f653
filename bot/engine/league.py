"""A league: a season of tournaments on a server, points for each finish, and the
standings (RULES.md "Tournaments", leagues).

Points are kept in tenths of a point, as whole numbers, so places shared by a tie split
them finely enough to show (``12.5``) with no fraction anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .codec import BOOL, INT, STR, As, Codec, tuple_of
from .errors import ConfigError, IllegalAction

POINTS_MOST = 10_000  # a place's points at most, in whole points
PLACES_MOST = 100


def checked_points(points: Sequence[int]) -> tuple[int, ...]:
    """A host's points table, whole points by place, first place first.

    Raises:
        ConfigError: no places, too many, a negative or too large number, or a place worth
            more than the one above it.
    """
    if not 1 <= len(points) <= PLACES_MOST:
        raise ConfigError(f"a points table gives points to 1 to {PLACES_MOST} places")
    if any(not 0 <= p <= POINTS_MOST for p in points):
        raise ConfigError(f"a place's points are 0 to {POINTS_MOST}")
    if any(lower > higher for higher, lower in pairwise(points)):
        raise ConfigError("a place is never worth more points than the place above it")
    return tuple(points)


def place_points(place: int, entries: int, table: Sequence[int] = ()) -> int:
    """The points of one place, in tenths.

    Args:
        place: the place, from 1.
        entries: the field's size (entries, re-entries counted).
        table: the host's points by place (whole points), or () for the default: one point
            for each entry the place finished ahead of, and one for playing (the winner of
            ten entries scores 10, the last 1).
    Raises:
        ConfigError: a place outside the field.
    """
    if not 1 <= place <= entries:
        raise ConfigError(f"place {place} is not in a field of {entries}")
    if table:
        return 10 * table[place - 1] if place <= len(table) else 0
    return 10 * (entries - place + 1)


def shared_points(place: int, tied: int, entries: int, table: Sequence[int] = ()) -> int:
    """The points of each of ``tied`` players sharing places ``place`` onward, in tenths:
    the places' points shared equally, rounded down to the tenth."""
    total = sum(place_points(p, entries, table) for p in range(place, place + tied))
    return total // tied


@dataclass(frozen=True)
class LeagueResult:
    """One player's finish in one tournament of the season.

    Attributes:
        tournament: the tournament's id.
        player: the player's id.
        place, tied: his best entry's place and how many shared it.
        entries: the tournament's field.
        prize: money units won (prize and bounties), in hundredths.
        points: the points scored, in tenths.
    """

    tournament: str
    player: str
    place: int
    tied: int
    entries: int
    prize: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data."""
        return _RESULT.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LeagueResult:
        """The result :meth:`to_dict` wrote."""
        return _RESULT.load(data)


_RESULT: Codec[LeagueResult] = Codec(
    LeagueResult,
    {
        "tournament": STR,
        "player": STR,
        **{name: INT for name in ("place", "tied", "entries", "prize", "points")},
    },
)


@dataclass(frozen=True)
class Standing:
    """A player's line in the season's standings.

    Attributes:
        player: his id.
        points: in tenths.
        played: tournaments played.
        wins: first places.
        cashes: tournaments he won money in.
        won: money units won, in hundredths.
        best: his best place.
    """

    player: str
    points: int
    played: int
    wins: int
    cashes: int
    won: int
    best: int


@dataclass
class Season:
    """A league's season on a server.

    Attributes:
        number: the season's number, from 1.
        points: the host's points table, () for the default.
        results: every result counted, in the order the tournaments ended.
        closed: the season has ended (a new one starts at 0).
    """

    number: int = 1
    points: tuple[int, ...] = ()
    results: list[LeagueResult] = field(default_factory=list)
    closed: bool = False

    def count(
        self, tournament: str, finishes: Sequence[tuple[str, int, int, int]], entries: int
    ) -> list[LeagueResult]:
        """Count a finished tournament towards the season.

        Args:
            tournament: its id (counted once).
            finishes: ``(player, place, tied, prize)`` for each entry; a player with several
                entries counts his best one (a house choice: a re-entry buys chips, not
                league points).
            entries: the field's size.
        Returns:
            The results added, best place first.
        Raises:
            IllegalAction: the season is closed, or the tournament was counted already.
        """
        if self.closed:
            raise IllegalAction(f"season {self.number} has ended: start a new one")
        if any(result.tournament == tournament for result in self.results):
            raise IllegalAction(f"tournament {tournament} is counted already")
        best: dict[str, tuple[int, int, int]] = {}
        won: dict[str, int] = {}
        for player, place, tied, prize in finishes:
            won[player] = won.get(player, 0) + prize
            if player not in best or place < best[player][0]:
                best[player] = (place, tied, prize)
        added = [
            LeagueResult(
                tournament,
                player,
                place,
                tied,
                entries,
                won[player],
                shared_points(place, tied, entries, self.points),
            )
            for player, (place, tied, _) in sorted(best.items(), key=lambda kv: kv[1][0])
        ]
        self.results += added
        return added

    def standings(self) -> list[Standing]:
        """The season's standings: most points first; equal points by more wins, then the
        better best place, then fewer tournaments played (a house choice), then the
        player's id so the order is stable."""
        lines: dict[str, Standing] = {}
        for result in self.results:
            old = lines.get(result.player, Standing(result.player, 0, 0, 0, 0, 0, result.place))
            lines[result.player] = Standing(
                result.player,
                old.points + result.points,
                old.played + 1,
                old.wins + (result.place == 1),
                old.cashes + (result.prize > 0),
                old.won + result.prize,
                min(old.best, result.place),
            )
        return sorted(
            lines.values(), key=lambda s: (-s.points, -s.wins, s.best, s.played, s.player)
        )

    def close(self) -> Season:
        """End the season; returns the next one, with the same points table.

        Raises:
            IllegalAction: it has ended already.
        """
        if self.closed:
            raise IllegalAction(f"season {self.number} has ended already")
        self.closed = True
        return Season(self.number + 1, self.points)

    def to_dict(self) -> dict[str, Any]:
        """The season as plain data."""
        return _SEASON.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Season:
        """The season :meth:`to_dict` wrote."""
        return _SEASON.load(data)


_SEASON: Codec[Season] = Codec(
    Season,
    {
        "number": INT,
        "points": tuple_of(INT),
        "results": As(
            lambda results: [_RESULT.dump(r) for r in results],
            lambda data: [_RESULT.load(r) for r in data],
        ),
        "closed": BOOL,
    },
)
