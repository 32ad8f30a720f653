"""Tournaments stored: a tournament's own books (the engine's
:class:`bot.engine.tournament.Tournament` as plain data), committed with a version like a
table's, its money lines in the same transaction, the tables it is dealt at, and a
server's league seasons with the results counted into them.

Money is in hundredths of the host's currency unit, apart from the cash ledger's chips.
A money line's ``amount`` is what the engine says moved: for a payment in (``buy-in``,
``re-entry``, ``rebuy``, ``add-on``) the money paid, for a ``refund`` the negative of what
is given back, for a payment out (``prize``, ``bounty``, ``deal``) the money won; so a
player's net is what he won less what he paid (:func:`net_money`).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import jsontext
from .backend import Rows
from .errors import ChangedElsewhere, StorageError
from .writes import ONE_ROW

PAID_IN = ("buy-in", "re-entry", "rebuy", "add-on", "refund")
PAID_OUT = ("prize", "bounty", "deal")
MONEY_KINDS = PAID_IN + PAID_OUT
ENDED = ("finished", "cancelled")

Statements = list[tuple[str, Sequence[Any]]]
WriteFn = Callable[[Iterable[tuple[str, Sequence[Any]]], int], Awaitable[None]]


def _now() -> float:
    return time.time()


@dataclass(frozen=True)
class StoredTournament:
    """A tournament as stored.

    Attributes:
        id, server_id, channel, host_id: where it is and who runs it.
        status: ``registering``, ``running``, ``finished`` or ``cancelled``.
        state: the tournament as plain data (``Tournament.to_dict()``, JSON parsed).
        currency: the sign of the money its buy-ins are in (its table's), "" for none.
        version: bumped by every commit, from 1 when created.
        created_at, ended_at: seconds since the epoch (``ended_at`` None while it runs).
    """

    id: str
    server_id: str
    channel: str
    host_id: str
    status: str
    state: dict[str, Any]
    currency: str
    version: int
    created_at: float
    ended_at: float | None


@dataclass(frozen=True)
class MoneyLine:
    """One line of a tournament's money: who, which entry, what kind and how much.

    Attributes:
        player_id: the player's id.
        kind: one of :data:`MONEY_KINDS`.
        amount: hundredths of the currency unit, as the module says (a refund negative).
        entry: the entry's id (``player#2`` for a re-entry), "" when none applies.
        at: seconds since the epoch.
    Raises:
        ValueError: an unknown kind, or an amount that is not an integer.
    """

    player_id: str
    kind: str
    amount: int
    entry: str = ""
    at: float = field(default_factory=_now)

    def __post_init__(self) -> None:
        if self.kind not in MONEY_KINDS:
            raise ValueError(f"{self.kind!r} is not a tournament money kind: {MONEY_KINDS}")
        if not isinstance(self.amount, int) or isinstance(self.amount, bool):
            raise ValueError("a tournament's money is whole hundredths of the unit")


@dataclass(frozen=True)
class SeasonResult:
    """A player's result counted into a league season (the engine's ``LeagueResult``):
    place and how many shared it, the field's size, the money won in hundredths and the
    points in tenths."""

    tournament_id: str
    player_id: str
    place: int
    tied: int
    entries: int
    prize: int
    points: int


@dataclass(frozen=True)
class StoredSeason:
    """A league season as stored: its number, the host's points table (() for the
    default), whether it has ended, and its results in the order they were counted, as
    the engine's ``Season.from_dict`` reads them (:meth:`to_dict`)."""

    server_id: str
    number: int
    points: tuple[int, ...]
    closed: bool
    results: tuple[SeasonResult, ...]

    def to_dict(self) -> dict[str, Any]:
        """The season as the engine's ``Season.to_dict`` writes it."""
        return {
            "number": self.number,
            "points": list(self.points),
            "closed": self.closed,
            "results": [
                {
                    "tournament": r.tournament_id,
                    "player": r.player_id,
                    "place": r.place,
                    "tied": r.tied,
                    "entries": r.entries,
                    "prize": r.prize,
                    "points": r.points,
                }
                for r in self.results
            ],
        }


def net_money(lines: Iterable[tuple[str, str, int]]) -> dict[str, int]:
    """Each player's net from (player id, kind, amount) money lines: won less paid, in
    hundredths of the unit."""
    nets: dict[str, int] = {}
    for player, kind, amount in lines:
        sign = 1 if kind in PAID_OUT else -1
        nets[player] = nets.get(player, 0) + sign * int(amount)
    return nets


def _money_statements(tournament_id: str, lines: Sequence[MoneyLine]) -> Statements:
    return [
        (
            "INSERT INTO tournament_money (tournament_id, player_id, entry, kind, amount, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (tournament_id, line.player_id, line.entry, line.kind, line.amount, line.at),
        )
        for line in lines
    ]


def _season_statements(server_id: str, season: int, results: Sequence[SeasonResult]) -> Statements:
    now = time.time()
    return [
        (
            "INSERT INTO league_results (server_id, season, tournament_id, player_id, place,"
            " tied, entries, prize, points, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                server_id,
                season,
                r.tournament_id,
                r.player_id,
                r.place,
                r.tied,
                r.entries,
                r.prize,
                r.points,
                now,
            ),
        )
        for r in results
    ]


def tournament_statements(write: Any) -> Statements:
    """The statements of a ``storage.records.TournamentSaved``: the tournament's new state,
    status and version (stamped as ended once it is finished or cancelled), its money lines
    and its league results, run in the table's commit."""
    status = str(write.status)
    params: tuple[Any, ...] = (
        jsontext.dumps(dict(write.state)),
        status,
        status in ENDED,
        time.time(),
        write.tournament_id,
    )
    sql = (
        "UPDATE tournaments SET state = ?, status = ?, version = version + 1,"
        " ended_at = CASE WHEN ? THEN coalesce(ended_at, ?) ELSE NULL END WHERE id = ?"
    )
    if write.version is not None:  # read at that version: refused if written since
        sql, params = f"{ONE_ROW}{sql} AND version = ?", (*params, write.version)
    return [
        (sql, params),
        *_money_statements(write.tournament_id, write.lines),
        *(_season_statements(*write.season) if write.season is not None else []),
    ]


class Tournaments:
    """The tournaments and league seasons of one database.

    Args:
        rows: runs a query (the database's reader).
        write: commits statements all or nothing, the statement at the given index
            having to change a row (:meth:`storage.db.Database._write`).
    """

    def __init__(self, rows: Rows, write: WriteFn) -> None:
        self._rows = rows
        self._write = write

    # -------------------------------------------------------------- tournaments

    async def create(
        self,
        tournament_id: str,
        server_id: str,
        channel: str,
        host: tuple[str, str, str],
        state: Mapping[str, Any],
        currency: str = "",
        lines: Sequence[MoneyLine] = (),
    ) -> StoredTournament:
        """Store a new tournament at version 1 (and its server and host), with its first
        money lines, at once.

        Args:
            host: (player id, platform, display name) of the host; the server is stored
                on the same platform.
            state: the tournament as plain data (``Tournament.to_dict()``); its
                ``status`` is stored beside it.
            currency: the sign of its money (its table settings' ``currency``).
            lines: money lines to store with it (a host who enters at once, say).
        Returns:
            The tournament as stored.
        Raises:
            StorageError: a tournament with that id exists, or the write failed.
        """
        now = time.time()
        player_id, platform, name = host
        status = str(state.get("status", "registering"))
        await self._write(
            [
                (
                    "INSERT OR IGNORE INTO servers (id, platform) VALUES (?, ?)",
                    (server_id, platform),
                ),
                (
                    "INSERT INTO players (id, platform, display_name) VALUES (?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET display_name = excluded.display_name",
                    (player_id, platform, name),
                ),
                (
                    "INSERT INTO tournaments (id, server_id, channel, host_id, status, state,"
                    " currency, version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)",
                    (
                        tournament_id,
                        server_id,
                        channel,
                        player_id,
                        status,
                        jsontext.dumps(dict(state)),
                        currency,
                        now,
                    ),
                ),
                *_money_statements(tournament_id, lines),
            ],
            -1,
        )
        return StoredTournament(
            tournament_id,
            server_id,
            channel,
            player_id,
            status,
            dict(state),
            currency,
            1,
            now,
            None,
        )

    async def commit(
        self,
        tournament_id: str,
        version: int,
        state: Mapping[str, Any],
        lines: Sequence[MoneyLine] = (),
        players: Sequence[tuple[str, str, str]] = (),
        season: tuple[str, int, Sequence[SeasonResult]] | None = None,
    ) -> None:
        """Commit the tournament's new state at ``version`` (the one read plus one) with
        its money lines, all or nothing: a commit built on a stale version is refused and
        nothing of it is kept (optimistic, as a table's commit).

        Args:
            state: the tournament as plain data; its ``status`` is stored beside it, and
                a tournament finished or cancelled is stamped as ended.
            lines: the money that moved with this change.
            players: (player id, platform, display name) of players its lines name who may
                not be stored yet (a new entrant).
            season: (server id, season number, results) to count into a league season in
                the same transaction (a result counted twice is refused).
        Raises:
            ChangedElsewhere: the tournament is not at ``version - 1`` (another process
                committed first, or there is no such tournament); nothing was written.
            StorageError: the database refused (nothing was written).
        """
        status = str(state.get("status", ""))
        statements: Statements = [
            (
                "INSERT INTO players (id, platform, display_name) VALUES (?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET display_name = excluded.display_name",
                player,
            )
            for player in players
        ]
        must_change = len(statements)
        statements.append(
            (
                "UPDATE tournaments SET state = ?, status = ?, version = ?,"
                " ended_at = CASE WHEN ? THEN coalesce(ended_at, ?) ELSE NULL END"
                " WHERE id = ? AND version = ?",
                (
                    jsontext.dumps(dict(state)),
                    status,
                    version,
                    status in ENDED,
                    time.time(),
                    tournament_id,
                    version - 1,
                ),
            )
        )
        statements += _money_statements(tournament_id, lines)
        if season is not None:
            statements += _season_statements(*season)
        try:
            await self._write(statements, must_change)
        except ChangedElsewhere as exc:
            raise ChangedElsewhere(
                f"tournament {tournament_id} was changed elsewhere: read it again"
            ) from exc

    async def load(self, tournament_id: str) -> StoredTournament | None:
        """The tournament as last committed, or None when there is none.

        Raises:
            StorageError: the database cannot be read, or its stored state is corrupt.
        """
        found = await self._tournaments(" WHERE id = ?", (tournament_id,))
        return found[0] if found else None

    async def of_server(self, server_id: str, status: str | None = None) -> list[StoredTournament]:
        """A server's tournaments, oldest first; of one ``status`` when given.

        Raises:
            StorageError: the database cannot be read, or a stored state is corrupt.
        """
        where, params = " WHERE server_id = ?", [server_id]
        if status is not None:
            where += " AND status = ?"
            params.append(status)
        return await self._tournaments(where + " ORDER BY created_at, id", params)

    async def numbered(self, server_id: str) -> list[str]:
        """The ids of a server's tournaments in the order they were set up: a
        tournament's number is its place here, from 1 (cancelled ones counted).

        Raises:
            StorageError: the database cannot be read.
        """
        sql = "SELECT id FROM tournaments WHERE server_id = ? ORDER BY created_at, id"
        return [str(found) for (found,) in await self._rows(sql, (server_id,))]

    async def _tournaments(self, where: str, params: Sequence[Any]) -> list[StoredTournament]:
        rows = await self._rows(
            "SELECT id, server_id, channel, host_id, status, state, currency, version,"
            " created_at, ended_at FROM tournaments" + where,
            params,
        )
        found = []
        for tid, server, channel, host, status, state, currency, version, created, ended in rows:
            try:
                data = jsontext.loads(state)
            except ValueError as exc:
                raise StorageError(f"tournament {tid} is stored corrupt: {exc}") from exc
            found.append(
                StoredTournament(
                    str(tid),
                    str(server),
                    str(channel),
                    str(host),
                    str(status),
                    data,
                    str(currency),
                    int(version),
                    float(created),
                    None if ended is None else float(ended),
                )
            )
        return found

    async def link_table(self, table_id: str, tournament_id: str | None) -> None:
        """Say which tournament a stored table deals for (None: a cash table again).

        Raises:
            StorageError: no such table or tournament, or the write was refused.
        """
        await self._write(
            [
                (
                    "UPDATE poker_tables SET tournament_id = ? WHERE id = ?",
                    (tournament_id, table_id),
                )
            ],
            0,
        )

    async def tables_of(self, tournament_id: str) -> list[str]:
        """The ids of the stored tables a tournament is dealt at, in id order.

        Raises:
            StorageError: the database cannot be read.
        """
        rows = await self._rows(
            "SELECT id FROM poker_tables WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [str(table_id) for (table_id,) in rows]

    async def money(self, tournament_id: str) -> list[MoneyLine]:
        """A tournament's money lines in the order they were committed.

        Raises:
            StorageError: the database cannot be read.
        """
        rows = await self._rows(
            "SELECT player_id, kind, amount, entry, at FROM tournament_money"
            " WHERE tournament_id = ? ORDER BY id",
            (tournament_id,),
        )
        return [MoneyLine(str(p), str(k), int(a), str(e), float(at)) for p, k, a, e, at in rows]

    # -------------------------------------------------------------- leagues

    async def start_season(self, server_id: str, platform: str, points: Sequence[int] = ()) -> int:
        """End the server's open season, if any, and start the next with ``points`` (the
        host's points by place; () for the default), at once. The first is season 1; the
        server is stored on ``platform`` if it was not.

        Returns:
            The new season's number.
        Raises:
            StorageError: the write was refused (two started at once: one of them is).
        """
        now = time.time()
        rows = await self._rows(
            "SELECT coalesce(max(number), 0) FROM league_seasons WHERE server_id = ?",
            (server_id,),
        )
        number = int(rows[0][0]) + 1
        await self._write(
            [
                (
                    "INSERT OR IGNORE INTO servers (id, platform) VALUES (?, ?)",
                    (server_id, platform),
                ),
                (
                    "UPDATE league_seasons SET closed = 1, ended_at = ?"
                    " WHERE server_id = ? AND closed = 0",
                    (now, server_id),
                ),
                (
                    "INSERT INTO league_seasons (server_id, number, points, closed, started_at)"
                    " VALUES (?, ?, ?, 0, ?)",
                    (server_id, number, jsontext.dumps([int(p) for p in points]), now),
                ),
            ],
            -1,
        )
        return number

    async def season(self, server_id: str, number: int | None = None) -> StoredSeason | None:
        """Season ``number`` of a server (None: its latest), with its results in the
        order counted; None when it has none.

        Raises:
            StorageError: the database cannot be read.
        """
        sql = "SELECT number, points, closed FROM league_seasons WHERE server_id = ?"
        params: list[Any] = [server_id]
        if number is not None:
            sql += " AND number = ?"
            params.append(number)
        rows = await self._rows(sql + " ORDER BY number DESC LIMIT 1", params)
        if not rows:
            return None
        found, points, closed = rows[0]
        results = await self._rows(
            "SELECT tournament_id, player_id, place, tied, entries, prize, points"
            " FROM league_results WHERE server_id = ? AND season = ?"
            " ORDER BY at, tournament_id, place, player_id",
            (server_id, int(found)),
        )
        return StoredSeason(
            server_id,
            int(found),
            tuple(int(p) for p in jsontext.loads(points)),
            bool(closed),
            tuple(
                SeasonResult(str(t), str(p), int(pl), int(ti), int(e), int(pr), int(po))
                for t, p, pl, ti, e, pr, po in results
            ),
        )
