"""The books, read: a session's results, the ledger, the leaderboard, a player's hands, a
hand's shuffle proof and a session's chip movements in time. Read only, from what was
committed; nothing here is a counter kept beside the hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from . import jsontext
from .backend import Rows

# a hand dealt at a cash table: neither the hand nor its table is a tournament's
CASH_HAND = "h.tournament_id IS NULL AND t.tournament_id IS NULL"


class PlayedHand(NamedTuple):
    """A finished hand as the statistics read it.

    Attributes:
        session: the table's session it was dealt in (None for a table without one).
        game: the game dealt (a :class:`bot.engine.config.Game` value).
        phh: its hand history, PHH text.
        players: the player ids in hand order.
        results: each player's result, in chips (a tournament's chips at its table).
        took: the most chips each player took from one pot, as :func:`_took` reads it.
        tournament: the id of the tournament it was dealt for; None at a cash table, ""
            at a tournament's table for a hand stored without it.
        number: its number at its table.
    """

    session: int | None
    game: str
    phh: str
    players: list[str]
    results: dict[str, int]
    took: dict[str, int]
    tournament: str | None
    number: int


class Books:
    """The books of one database.

    Args:
        rows: runs a query (the database's reader).
    """

    def __init__(self, rows: Rows) -> None:
        self._rows = rows

    async def _names(self, ids: Sequence[str]) -> dict[str, str]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self._rows(f"SELECT id, display_name FROM players WHERE id IN ({marks})", ids)
        return {str(a): str(b) for a, b in rows}

    async def display_names(self, ids: Sequence[str]) -> dict[str, str]:
        """Each stored player's display name, by id (a player never stored is left out).

        Raises:
            StorageError: the database cannot be read.
        """
        return await self._names(list(ids)) if ids else {}

    async def session_results(self, session_id: int) -> list[tuple[str, str, int, int, int, int]]:
        """Per player in a session: (id, name, net chips, hands played, hands in which he
        took chips from a pot, the most chips he took from one pot).

        Net is the sum of the hands' results (chips won minus chips put in); what he took
        from a pot is read as :func:`_took` reads it.
        """
        rows = await self._rows(
            "SELECT results, biggest_pot, players, took FROM hands WHERE session_id = ?"
            " AND results IS NOT NULL",
            (session_id,),
        )
        totals: dict[str, list[int]] = {}
        for results_json, biggest, players_json, took_json in rows:
            results = jsontext.loads(results_json)
            took = _took(results, int(biggest), took_json)
            for player in jsontext.loads(players_json):
                entry = totals.setdefault(player, [0, 0, 0, 0])
                entry[0] += int(results.get(player, 0))
                entry[1] += 1
                if took.get(player, 0) > 0:
                    entry[2] += 1
                    entry[3] = max(entry[3], took[player])
        names = await self._names(tuple(totals))
        return [
            (p, str(names.get(p, p)), v[0], v[1], v[2], v[3]) for p, v in sorted(totals.items())
        ]

    async def kills_posted(self, session_id: int) -> dict[str, int]:
        """Kills posted per player in a session."""
        rows = await self._rows(
            "SELECT killed_by, count(*) FROM hands WHERE session_id = ? AND killed_by IS NOT NULL"
            " GROUP BY killed_by",
            (session_id,),
        )
        return {str(a): int(b) for a, b in rows}

    async def leaderboard(
        self, server_id: str, game: str | None = None, kill_game: bool | None = None
    ) -> list[tuple[str, str, int, int]]:
        """All-time results at a server's cash tables: (player id, name, net chips,
        hands), best first; filtered by the game dealt (a :class:`bot.engine.config.Game`
        value) and by kill or non-kill games (000 kill §13). A tournament's hands are
        left out: their chips are tournament chips, never money won at a cash table."""
        sql = (
            "SELECT h.results, h.players FROM hands h JOIN poker_tables t ON t.id = h.table_id"
            f" WHERE t.server_id = ? AND h.results IS NOT NULL AND {CASH_HAND}"
        )
        params: list[Any] = [server_id]
        if game is not None:  # the game dealt, so one game's hands count in a mix too
            sql += " AND h.game = ?"
            params.append(game)
        if kill_game is not None:
            sql += " AND t.kill_game = ?"
            params.append(int(kill_game))
        totals: dict[str, list[int]] = {}
        for results_json, players_json in await self._rows(sql, params):
            results = jsontext.loads(results_json)
            for player in jsontext.loads(players_json):
                entry = totals.setdefault(player, [0, 0])
                entry[0] += int(results.get(player, 0))
                entry[1] += 1
        if not totals:
            return []
        names = await self._names(tuple(totals))
        board = [(p, str(names.get(p, p)), v[0], v[1]) for p, v in totals.items()]
        return sorted(board, key=lambda r: (-r[2], r[1]))

    async def sessions(self, table_id: str) -> list[tuple[int, bool, int]]:
        """A table's sessions, oldest first: (id, whether it has ended, hands dealt in it).

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows(
            "SELECT s.id, s.ended_at IS NOT NULL,"
            " (SELECT count(*) FROM hands h WHERE h.session_id = s.id)"
            " FROM sessions s WHERE s.table_id = ? ORDER BY s.id",
            (table_id,),
        )
        return [(int(i), bool(ended), int(hands)) for i, ended, hands in rows]

    async def ledger(self, table_id: str, session_id: int | None) -> list[tuple[str, str, int]]:
        """The ledger of a session: (player id, kind, amount) in order."""
        rows = await self._rows(
            "SELECT player_id, kind, amount FROM ledger WHERE table_id = ? AND session_id IS ?"
            " ORDER BY id",
            (table_id, session_id),
        )
        return [(str(a), str(b), int(c)) for a, b, c in rows]

    async def ledger_entries(
        self, table_id: str, session_id: int | None
    ) -> list[tuple[float, str, str, int, str]]:
        """The ledger of a session with times and notes: (seconds since the epoch, player
        id, kind, amount, note) in order."""
        rows = await self._rows(
            "SELECT at, player_id, kind, amount, note FROM ledger WHERE table_id = ?"
            " AND session_id IS ? ORDER BY id",
            (table_id, session_id),
        )
        return [(float(at), str(p), str(k), int(a), str(n)) for at, p, k, a, n in rows]

    async def hands_of(
        self, table_id: str, player_id: str, limit: int = 10
    ) -> list[tuple[int, str, list[str]]]:
        """A player's own recent hands at a table: (number, PHH, player ids in hand
        order), newest first."""
        rows = await self._rows(
            "SELECT number, phh, players FROM hands WHERE table_id = ? AND phh IS NOT NULL"
            " AND EXISTS (SELECT 1 FROM json_each(hands.players) WHERE value = ?)"
            " ORDER BY number DESC LIMIT ?",
            (table_id, player_id, limit),
        )
        return [(int(n), str(p), list(jsontext.loads(ids))) for n, p, ids in rows]

    async def hands_with_times(
        self, table_id: str, player_id: str, limit: int, session_id: int | None = None
    ) -> list[tuple[int, str, list[str], float]]:
        """A player's own recent hands at a table, of one session when ``session_id`` is
        given: (number, PHH, player ids in hand order, when it was dealt in seconds since
        the epoch), newest first, at most ``limit``."""
        session = " AND session_id = ?" if session_id is not None else ""
        rows = await self._rows(
            "SELECT number, phh, players, started_at FROM hands WHERE table_id = ?"
            " AND phh IS NOT NULL"
            " AND EXISTS (SELECT 1 FROM json_each(hands.players) WHERE value = ?)"
            + session
            + " ORDER BY number DESC LIMIT ?",
            (table_id, player_id, *(() if session_id is None else (session_id,)), limit),
        )
        return [(int(n), str(p), list(jsontext.loads(ids)), float(at)) for n, p, ids, at in rows]

    async def hand_record(
        self, table_id: str, number: int
    ) -> tuple[str | None, list[str], float] | None:
        """Hand ``number`` of a table: (its PHH, None until it ends; the player ids in hand
        order; when it was dealt, in seconds since the epoch), or None when there is no
        such hand.

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows(
            "SELECT phh, players, started_at FROM hands WHERE table_id = ? AND number = ?",
            (table_id, number),
        )
        if not rows:
            return None
        phh, players, started = rows[0]
        return (None if phh is None else str(phh)), list(jsontext.loads(players)), float(started)

    async def events_since(
        self, table_id: str, version: int
    ) -> list[tuple[int, str | None, dict[str, Any]]]:
        """Events committed after ``version``: (version, audience, event)."""
        rows = await self._rows(
            "SELECT version, audience, event FROM events WHERE table_id = ? AND version > ?"
            " ORDER BY id",
            (table_id, version),
        )
        return [(int(v), a, jsontext.loads(e)) for v, a, e in rows]

    async def hand_proof(
        self, table_id: str, number: int
    ) -> tuple[str | None, list[dict[str, Any]] | None] | None:
        """A hand's shuffle commitment root and its public openings (None until the hand
        ends), or None when there is no such hand."""
        rows = await self._rows(
            "SELECT commitment, openings FROM hands WHERE table_id = ? AND number = ?",
            (table_id, number),
        )
        if not rows:
            return None
        root, openings = rows[0]
        return root, (jsontext.loads(openings) if openings else None)

    async def hands_played(self, server_id: str, player_id: str) -> list[PlayedHand]:
        """Every finished hand a player was dealt on a server, cash tables' and
        tournaments', for his statistics, oldest first.

        Raises:
            StorageError: the database could not be read.
        """
        return await self._played(
            "JOIN poker_tables t ON t.id = h.table_id WHERE t.server_id = ?"
            " AND EXISTS (SELECT 1 FROM json_each(h.players) WHERE value = ?)",
            (server_id, player_id),
        )

    async def tournament_hands(self, tournament_id: str) -> list[PlayedHand]:
        """Every finished hand dealt for a tournament, in the order they were dealt.

        Raises:
            StorageError: the database could not be read.
        """
        return await self._played(
            "JOIN poker_tables t ON t.id = h.table_id WHERE h.tournament_id = ?",
            (tournament_id,),
        )

    async def _played(self, where: str, params: Sequence[Any]) -> list[PlayedHand]:
        """The finished hands ``where`` selects (a join of ``t``, their tables, and a
        condition on ``h``, the hands), oldest first."""
        rows = await self._rows(
            "SELECT h.session_id, h.game, h.phh, h.players, h.results, h.biggest_pot, h.took,"
            " CASE WHEN h.tournament_id IS NOT NULL THEN h.tournament_id"
            " WHEN t.tournament_id IS NOT NULL THEN '' END, h.number FROM hands h "
            + where
            + " AND h.results IS NOT NULL AND h.phh IS NOT NULL ORDER BY h.started_at, h.number",
            params,
        )
        played = []
        for session, game, phh, players, results_json, pot, took, tournament, number in rows:
            results = {str(p): int(n) for p, n in jsontext.loads(results_json).items()}
            played.append(
                PlayedHand(
                    None if session is None else int(session),
                    str(game),
                    str(phh),
                    list(jsontext.loads(players)),
                    results,
                    _took(results, int(pot), took),
                    None if tournament is None else str(tournament),
                    int(number),
                )
            )
        return played

    async def rabbit(self, table_id: str) -> tuple[int, str | None, list[dict[str, Any]]] | None:
        """The table's last finished hand for a rabbit hunt: (its number, its shuffle
        commitment root, the openings of the board cards it never dealt, empty when it
        reached the river or has none), or None before any hand ended."""
        rows = await self._rows(
            "SELECT number, commitment, rabbit FROM hands WHERE table_id = ?"
            " AND results IS NOT NULL ORDER BY number DESC LIMIT 1",
            (table_id,),
        )
        if not rows:
            return None
        number, root, rabbit = rows[0]
        return int(number), root, (list(jsontext.loads(rabbit)) if rabbit else [])

    async def session_timeline(self, session_id: int) -> list[tuple[float, str, str, int]]:
        """A session's chip movements in time order, to chart every stack: rows of
        (time in seconds, player id, kind, chips) where kind is a ledger kind (``buy_in``,
        ``top_up``, ``cash_out``, ``adjust``) or ``hand`` (his net for one hand)."""
        ledger = await self._rows(
            "SELECT at, player_id, kind, amount FROM ledger WHERE session_id = ?", (session_id,)
        )
        hands = await self._rows(
            "SELECT ended_at, results FROM hands WHERE session_id = ? AND results IS NOT NULL",
            (session_id,),
        )
        rows = [(float(a), str(p), str(k), int(n)) for a, p, k, n in ledger]
        for at, results in hands:
            for player, net in jsontext.loads(results).items():
                rows.append((float(at or 0), str(player), "hand", int(net)))
        return sorted(rows, key=lambda r: (r[0], r[2] != "hand"))

    async def server_sessions(
        self, server_id: str, since: float
    ) -> list[tuple[int, str, str, bool, dict[str, Any]]]:
        """A server's cash sessions started at or after ``since`` (seconds since the
        epoch), oldest first: (session id, table id, channel, whether it has ended, the
        table's settings as they stand now, as data). A tournament's tables are left out:
        their chips are tournament chips, whose money is the tournament's own.

        Raises:
            StorageError: the database could not be read.
        """
        rows = await self._rows(
            "SELECT s.id, t.id, t.channel, s.ended_at IS NOT NULL, t.settings, t.state"
            " FROM sessions s JOIN poker_tables t ON t.id = s.table_id"
            " WHERE t.server_id = ? AND s.started_at >= ? AND t.tournament_id IS NULL"
            " ORDER BY s.started_at, s.id",
            (server_id, since),
        )
        found = []
        for session, table, channel, ended, settings, state in rows:
            current = jsontext.loads(state).get("table", {}).get("settings")
            found.append(
                (
                    int(session),
                    str(table),
                    str(channel),
                    bool(ended),
                    dict(current or jsontext.loads(settings)),
                )
            )
        return found


def _took(results: dict[str, Any], biggest: int, took: str | None) -> dict[str, int]:
    """The most chips each player took from one pot of a hand: as stored (``took``), or,
    for a hand stored before that was kept (NULL), the hand's biggest pot for each player
    whose result was a gain, as such hands were counted when they were played."""
    if took is not None:
        return {str(p): int(n) for p, n in jsontext.loads(took).items()}
    return {str(p): biggest for p, net in results.items() if int(net) > 0}
