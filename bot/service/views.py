"""What a table shows and what may be read of it: the read-only commands' answers (status,
the ledger, the leaderboard, history, stats, the rabbit hunt: :data:`READS`), the table's
status and public state, and the reads an adapter makes (whose turn, his choices in
words, whether a button is current, his own cards, the hand as the player to act may see
it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.engine import EngineError, SeatView, Turn, seat_view
from bot.engine.league import Season
from bot.service import booklines, controls
from bot.service.outbox import Outbox
from bot.service.state import Attachment, Live, Notice, Outgoing, Player
from bot.service.tourneybooks import results_lines
from bot.service.tourneystats import tournament_number, tournament_stats_lines
from bot.words.booktext import tournament_name
from bot.words.commands import (
    Command,
    History,
    Leaderboard,
    League,
    Ledger,
    Rabbit,
    Results,
    Stats,
    Status,
)
from bot.words.houserefusals import Refused
from bot.words.legalwords import legal_text
from bot.words.refusals import refusal
from bot.words.tablestate import public_state, status_text
from bot.words.tourneytext import league_text, money_csv

NO_TOURNAMENT = "no tournament plays at this table: 'tournament new …' sets one up"
NO_SEASON = "no league season on this server yet: the host's 'season' starts one"


class Views(Outbox):
    """The tables as they read: nothing here changes a table."""

    async def _status(self, live: Live, player: Player, command: Status) -> list[Outgoing]:
        return _to(live, player, [self.status_text(live)])

    async def _ledger(self, live: Live, player: Player, command: Ledger) -> list[Outgoing]:
        """The ledger's lines to the asking player, or as a CSV file to the channel; at a
        tournament's table its money (what each paid in and won, each line in the CSV)."""
        if live.tourney is not None and live.tournament_id and command.session is None:
            if not command.csv:
                return await self._results(live, player, Results())
            money = await self.db.tournaments.money(live.tournament_id)
            number = await self._number(live)
            filename, data, caption = money_csv(money, live.names or {}, live.channel, number)
            return [Outgoing(live.id, None, Attachment(filename, data, caption))]
        if not command.csv:
            return _to(
                live, player, await booklines.ledger_lines(live, self.db.books, command.session)
            )
        filename, data, caption = await booklines.ledger_csv(live, self.db.books, command.session)
        return [Outgoing(live.id, None, Attachment(filename, data, caption))]

    async def _leaderboard(
        self, live: Live, player: Player, command: Leaderboard
    ) -> list[Outgoing]:
        lines = await booklines.leaderboard_lines(live, self.db.books, command.kill, command.game)
        return _to(live, player, lines)

    async def _history(self, live: Live, player: Player, command: History) -> list[Outgoing]:
        """A player's own hands at this table; at a tournament over several tables, at the
        table he sits at now (asked from any of its channels)."""
        played = live
        if live.spread is not None:
            played = next(
                (t for t in live.spread.lives.values() if t.table.seating.seat_of(player.id)),
                live,
            )
        lines = await booklines.history_lines(played, self.db.books, player.id, command)
        return _to(live, player, lines)

    async def _stats(self, live: Live, player: Player, command: Stats) -> list[Outgoing]:
        if command.tournament is not None:
            lines = await tournament_stats_lines(
                self.db.books,
                self.db.tournaments,
                live.server_id,
                command.tournament,
                (player.id, player.name),
                command.player,
            )
            return _to(live, player, lines)
        number = await self._number(live)
        who, name = player.id, player.name
        if command.player:
            who = controls.find_player(live, command.player)
            name = (live.names or {}).get(who, command.player)
        return _to(
            live, player, await booklines.stats_lines(live, self.db.books, who, name, number)
        )

    async def _number(self, live: Live) -> int:
        """The number of the tournament at the table on its server (0 at a cash table)."""
        if live.tourney is None or live.tournament_id is None:
            return 0
        return await tournament_number(self.db.tournaments, live.server_id, live.tournament_id)

    async def _rabbit(self, live: Live, player: Player, command: Rabbit) -> list[Outgoing]:
        """Read only, but for the whole channel to see."""
        lines = await booklines.rabbit_lines(live, self.db.books)
        return [Outgoing(live.id, None, Notice("\n".join(lines)))]

    async def _results(self, live: Live, player: Player, command: Results) -> list[Outgoing]:
        tourney = live.tourney
        if tourney is None or live.tournament_id is None:
            return _to(live, player, [NO_TOURNAMENT])
        money = await self.db.tournaments.money(live.tournament_id)
        number = await self._number(live)
        lines = results_lines(
            tourney.tournament,
            money,
            live.names or {},
            live.table.settings.currency,
            f"Results of {tournament_name(number)}" if number else "",
        )
        return _to(live, player, lines)

    async def _league(self, live: Live, player: Player, command: League) -> list[Outgoing]:
        stored = await self.db.tournaments.season(live.server_id)
        if stored is None:
            return _to(live, player, [NO_SEASON])
        season = Season.from_dict(stored.to_dict())
        rows = [
            (s.player, s.points, s.played, s.wins, s.cashes, s.won, s.best)
            for s in season.standings()
        ]
        names = await self.db.books.display_names([row[0] for row in rows])
        names = {**names, **(live.names or {})}
        currency = live.table.settings.currency
        return _to(live, player, league_text(season.number, season.closed, rows, names, currency))

    def turn(self, table_id: str) -> Turn | None:
        """The decision the table waits for (who, what he may do, the pot, the board), or
        None: see :meth:`bot.engine.table.Table.turn`."""
        live = self.tables.get(table_id)
        return None if live is None else live.table.turn()

    def acting(self, table_id: str) -> tuple[str, SeatView] | None:
        """Who is to act at the table and the hand as he may see it (his own cards only,
        :func:`bot.engine.seatview.seat_view`), or None when no one is: for computer
        players, which are never handed the hand itself."""
        live = self.tables.get(table_id)
        acting = live.table.acting() if live is not None else None
        if live is None or acting is None or live.table.hand is None:
            return None
        return acting[0], seat_view(live.table.hand, acting[1])

    def choices(self, table_id: str, player_id: str) -> str | None:
        """The player's whole legal choice in words when it is his turn to bet, else None:
        for a refusal that says what he may do."""
        live = self.tables.get(table_id)
        if live is None:
            return None
        legal = live.table.legal_for(player_id)
        return None if legal is None else legal_text(legal)

    def fresh(
        self, table_id: str, player_id: str, hand: int | None, step: int | None
    ) -> str | None:
        """Why a button shown at ``hand`` and ``step`` may not be used by ``player_id`` now
        (the engine's :meth:`~bot.engine.table.Table.check_fresh`), or None: for an adapter
        deciding whether to open a form; the command itself is checked again under the
        table's lock when it is sent."""
        live = self.tables.get(table_id)
        if live is None:
            return Refused.TABLE_GONE.value
        try:
            live.table.check_fresh(player_id, hand, step)
        except EngineError as exc:
            return refusal(exc, live.names)
        return None

    def position(self, table_id: str) -> tuple[int, int] | None:
        """The table's hand number and the moves made in it (the step a button is shown
        at, see :meth:`bot.engine.table.Table.check_fresh`), or None without a table."""
        live = self.tables.get(table_id)
        return None if live is None else (live.table.hand_number, live.table.step)

    def own_cards(self, table_id: str, player_id: str) -> tuple[tuple[str, ...], bool] | None:
        """A player's own hole cards in the hand in play (``()`` before they are dealt)
        and whether he has folded, for his eyes only; None when the table has no hand in
        play or he is not dealt in."""
        live = self.tables.get(table_id)
        return live.table.own_cards(player_id) if live is not None else None

    def public_state(self, table_id: str) -> dict[str, object]:
        """What everyone at the table may know, as plain data: seats and stacks, the button
        and kill button, and the hand in play without anyone's hidden cards (see
        :func:`bot.words.tablestate.public_state`).

        Raises:
            KeyError: no such table.
        """
        live = self.tables[table_id]
        return public_state(live.table, table_id, live.names or {})

    def status_text(self, live: Live) -> str:
        """The table as its message shows it: the game, the board, the pot, every seat with
        its stack and bet as they stand now, whose turn and the legal range, and the kill
        button with every leg and every kill owed; and, when the host has paused the game,
        that it is paused and that ``start`` deals again."""
        table = live.table
        view = self.table_message(live)
        return status_text(view, table.held, table.running, table.current is not None)


def _to(live: Live, player: Player, lines: list[str]) -> list[Outgoing]:
    """Lines for the asking player's eyes only, as one notice."""
    return [Outgoing(live.id, player.id, Notice("\n".join(lines)))]


# The read-only commands the service answers under the table's lock (declared ``reads``;
# the chat core answers the others as last committed): (service, table, sender, command).
READS: dict[type[Command], Callable[[Views, Live, Player, Any], Awaitable[list[Outgoing]]]] = {
    Status: Views._status,
    Ledger: Views._ledger,
    Leaderboard: Views._leaderboard,
    History: Views._history,
    Stats: Views._stats,
    Rabbit: Views._rabbit,
    Results: Views._results,
    League: Views._league,
}
