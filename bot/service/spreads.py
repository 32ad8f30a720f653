"""Tournaments over several tables in the table service: setting one up with a table in
each of its channels, and restoring its tables over the books its row holds
(:mod:`bot.service.spread`; their steps are :mod:`bot.service.tourneysteps`').
"""

from __future__ import annotations

import logging
import secrets
from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from bot.engine import EngineError, Table, TableSettings
from bot.engine.floor import Floor
from bot.engine.levelclock import was_running
from bot.engine.tournament import Tournament
from bot.engine.tourneytable import TournamentTable, tournament_settings
from bot.service.commits import ServiceError
from bot.service.state import Player, Spread, books_of
from bot.service.timers import Timers
from bot.words.houserefusals import Refused, not_created
from bot.words.tourneysetup import TournamentSetup
from storage import StorageError
from storage.tournaments import StoredSeason, StoredTournament

log = logging.getLogger(__name__)


def table_channels(channel: str, tables: int, named: Sequence[str]) -> list[str]:
    """The channels of a tournament's tables: its own first, then those named, then (for
    the console, which has no channels of its own) ``CHANNEL-N`` for the rest."""
    extra = [*named][: tables - 1]
    extra += [f"{channel}-{n}" for n in range(len(extra) + 2, tables + 1)]
    return [channel, *extra]


def open_lobby(
    tourney: TournamentTable, setup: TournamentSetup, season: StoredSeason | None, now: float
) -> None:
    """A new tournament's lobby at its first table: how it starts (when full, at its
    time: ``now`` the clock) and the league season it counts in, if one is open."""
    tourney.starts_full = setup.starts_full
    tourney.start_at = setup.start_moment(now)
    if season is not None and not season.closed:
        tourney.season = (season.number, season.points)


class Spreads(Timers):
    """Setting up and restoring tournaments over several tables."""

    broken: list[tuple[str, str]]  # tables that could not be restored, and why

    @abstractmethod
    async def create_table(
        self, server_id: str, channel: str, host: Player, settings: TableSettings
    ) -> str:
        """Open a table in a channel (:meth:`bot.service.tables.TableService.create_table`)."""

    async def _create_spread(
        self,
        server_id: str,
        channel: str,
        host: Player,
        setup: TournamentSetup,
        named: Sequence[str],
    ) -> str:
        """:meth:`~bot.service.tables.TableService.create_tournament` for a tournament of
        several tables: the tournament's row, then a table in each channel, linked to it;
        the lobby in the first.

        Raises:
            ServiceError: a table plays in one of the channels, or it cannot be saved.
        """
        channels = table_channels(channel, setup.rules.tables, named)
        if len(set(channels)) != len(channels):
            raise ServiceError("each table of a tournament plays in a channel of its own")
        for name in channels:
            if await self.db.table_in_channel(server_id, name):
                raise ServiceError(Refused.TABLE_TAKEN)
        home = f"{server_id}/{channel}"
        tournament_id, books, season, stored = await self._stored_tournament(
            server_id, channel, host, setup
        )
        settings = tournament_settings(setup.settings)
        try:
            ids = [await self.create_table(server_id, name, host, settings) for name in channels]
            for table_id in ids:
                await self.db.tournaments.link_table(table_id, tournament_id)
        except StorageError as exc:
            raise ServiceError(not_created(str(exc))) from exc
        lives = {table_id: self.tables[table_id] for table_id in ids}
        spread = Spread(tournament_id, home, books, lives, version=stored.version)
        for live in lives.values():
            live.table = Table(settings)
            live.table.host = host.id
            live.tourney, live.tournament_id, live.spread = (
                TournamentTable(books, live.table),
                tournament_id,
                spread,
            )
        first = lives[home]
        assert first.tourney is not None
        open_lobby(first.tourney, setup, season, self.clock())
        async with self._lock(home):
            undo = first.undo_point()
            spread.keep([tid for tid in ids if tid != home])
            await self._commit(
                first,
                host,
                {"type": "TournamentNew", "id": tournament_id, "tables": ids},
                None,
                [],
                [],
                undo,
            )
        return home

    async def _stored_tournament(
        self, server_id: str, channel: str, host: Player, setup: TournamentSetup
    ) -> tuple[str, Tournament, StoredSeason | None, StoredTournament]:
        """A new tournament's row, stored at version 1 with its books: its id, the books,
        the server's league season open now (None: none) and the row as stored.

        Raises:
            ServiceError: it cannot be saved.
        """
        tournament_id = f"{server_id}/{channel}#{secrets.token_hex(4)}"
        books = Tournament(setup.rules)
        try:
            season = await self.db.tournaments.season(server_id)
            stored = await self.db.tournaments.create(
                tournament_id,
                server_id,
                channel,
                (host.id, host.platform, host.name),
                books.to_dict(),
                tournament_settings(setup.settings).currency,
            )
        except StorageError as exc:
            raise ServiceError(not_created(str(exc))) from exc
        return tournament_id, books, season, stored

    async def _restore_spreads(
        self, parts: dict[str, dict[str, dict[str, Any]]], restarted_at: float
    ) -> None:
        """Put the tables of each tournament over several tables back over the books its
        row holds, its clock resumed from the restart (the time the bot was down is not
        charged, RULES.md "Tournaments", the clock), and its floor as it stood.

        Args:
            parts: tournament id -> table id -> that table's stored tournament part.
            restarted_at: the clock now.
        """
        for tournament_id, tables in parts.items():
            try:
                stored = await self.db.tournaments.load(tournament_id)
                if stored is None:
                    raise KeyError(f"no tournament {tournament_id}")
                self._spread_from(tournament_id, stored.state, stored.version, tables, restarted_at)
            except (KeyError, TypeError, ValueError, StorageError, EngineError) as exc:
                for table_id in tables:
                    self.tables.pop(table_id, None)
                    self.broken.append((table_id, f"its tournament could not be read: {exc}"))

    async def _reload_spread(self, tournament_id: str) -> None:
        """Take every table of a tournament over several tables and its row again (another
        process moved one of them, or its books, on).

        Raises:
            StorageError: the database cannot be read."""
        parts: dict[str, dict[str, Any]] = {}
        for table_id in await self.db.tournaments.tables_of(tournament_id):
            stored = await self.db.load_table(table_id)
            if stored is None:
                continue
            self.tables[table_id] = self._live(stored)
            part = stored.state.get("tournament") or {}
            if part.get("spread"):
                parts[table_id] = part["table"]
        row = await self.db.tournaments.load(tournament_id)
        if row is None or not parts:
            return
        self._spread_from(tournament_id, row.state, row.version, parts, None)

    def _spread_from(
        self,
        tournament_id: str,
        row: dict[str, Any],
        version: int,
        parts: dict[str, dict[str, Any]],
        restarted_at: float | None,
    ) -> None:
        """One tournament's tables (their stored tournament ``parts``) over the books of
        its ``row`` at ``version``.

        Raises:
            KeyError, TypeError, ValueError, EngineError: the row or a part is not one.
        """
        data = row["spread"]
        books = Tournament.from_dict(books_of(row))
        if was_running(row.get("clock") or {}):
            # at a restart from then; read again, from the reading another process wrote
            at = restarted_at if restarted_at is not None else data.get("read_at")
            books.level_clock.resumed(float(at) if at is not None else 0.0)
        order = [str(t) for t in data["tables"]]
        lives = {tid: self.tables[tid] for tid in order}
        spread = Spread(tournament_id, order[0], books, lives, version=version)
        for table_id, live in lives.items():
            live.tourney = TournamentTable.from_dict(books, live.table, parts[table_id])
            live.tournament_id, live.spread = tournament_id, spread
        if data.get("floor") is not None:
            spread.floor = Floor.from_dict(books, spread.tourneys(), dict(data["floor"]))
