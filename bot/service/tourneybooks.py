"""A tournament's books, read for players: its results (each player's place, prize,
rebuys, add-ons and knockouts), and the night's settle-up counting tournament money with
the cash tables' (RULES.md "Tournaments": the books).

Read only: the figures come from what storage holds (the tournament's state and its money
lines, the cash ledger); the words wing puts them in words (:mod:`bot.words.tourneytext`).
Money is in hundredths of the host's currency unit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine.tablesettings import TableSettings
from bot.engine.tournament import FINISHED, Tournament
from bot.service.settle import Transfer, add_balances, chips_to_money, nets, settle_up
from bot.words import tourneytext
from storage import Books, MoneyLine, StorageError, Tournaments
from storage.tournaments import PAID_IN, net_money


@dataclass(frozen=True)
class PlayerResult:
    """One player's line in a tournament's results.

    Attributes:
        player: his id.
        place, tied: his best entry's place and how many share it (0 while still in).
        entries: his entries (1, more with re-entries).
        rebuys, add_ons: taken over all his entries.
        prize: money won by his places (or a deal), in hundredths.
        bounties: money won by knockouts, in hundredths.
        paid: money paid in (buy-ins, re-entries, rebuys, add-ons, less refunds).
        net: prize and bounties less what he paid.
    """

    player: str
    place: int
    tied: int
    entries: int
    rebuys: int
    add_ons: int
    prize: int
    bounties: int
    paid: int

    @property
    def net(self) -> int:
        """Won less paid, in hundredths."""
        return self.prize + self.bounties - self.paid


def tournament_results(tournament: Tournament, lines: Sequence[MoneyLine]) -> list[PlayerResult]:
    """Each player's results, by his best entry: players still in first (in the order
    they entered), then by place; a player's re-entries are counted in his one line
    (RULES.md "Tournaments": a re-entry buys chips, its place counts as his best).

    Args:
        tournament: the tournament as stored.
        lines: its money lines (what each paid).
    """
    paid: dict[str, int] = {}
    for line in lines:
        if line.kind in PAID_IN:
            paid[line.player_id] = paid.get(line.player_id, 0) + line.amount
    players: dict[str, PlayerResult] = {}
    for entry in tournament.entries:
        old = players.get(entry.player)
        if old is None:
            old = PlayerResult(
                entry.player, entry.place, entry.tied, 0, 0, 0, 0, 0, paid.get(entry.player, 0)
            )
        best = old if old.entries and _better(old.place, entry.place) else None
        players[entry.player] = PlayerResult(
            entry.player,
            best.place if best else entry.place,
            best.tied if best else entry.tied,
            old.entries + 1,
            old.rebuys + entry.rebuys,
            old.add_ons + entry.add_on,
            old.prize + entry.prize,
            old.bounties + entry.bounties,
            old.paid,
        )
    order = list(players)
    return sorted(players.values(), key=lambda r: (r.place != 0, r.place, order.index(r.player)))


def _better(held: int, other: int) -> bool:
    """Whether place ``held`` is at least as good as ``other`` (0: still in, the best)."""
    if held == 0:
        return True
    return other != 0 and held <= other


@dataclass(frozen=True)
class NightSettle:
    """Who pays whom after a night of cash tables and tournaments, in money.

    Attributes:
        currency: the money's sign ("" when none was set).
        balances: player -> hundredths won (positive) or lost, summing to 0.
        transfers: what clears them, in hundredths (:func:`bot.service.settle.settle_up`).
        counted: the channels of the cash tables and the ids of the tournaments counted.
        unpriced: channels of cash tables with no chip value: their chips cannot be put in
            money, so they are left out (settled in chips at their own ``end``).
        other_currency: channels or tournaments in another currency than ``currency``,
            left out.
        unfinished: tournaments still in their lobby or running: their money is held in
            the prize pool until they end, so it is left out.
        fees: hundredths of fees paid to the host of each tournament (his balance holds
            them).
    """

    currency: str
    balances: dict[str, int]
    transfers: list[Transfer]
    counted: list[str]
    unpriced: list[str]
    other_currency: list[str]
    unfinished: list[str]
    fees: dict[str, int]


@dataclass(frozen=True)
class CashNight:
    """One cash session's result: where, its chip value and currency, each player's net
    in chips."""

    channel: str
    chips_per_unit: int
    currency: str
    nets: Mapping[str, int]


@dataclass(frozen=True)
class TournamentNight:
    """One tournament's money: its id, host, status, currency and money lines."""

    tournament_id: str
    host_id: str
    status: str
    currency: str
    lines: Sequence[MoneyLine]


def settle_night(cash: Sequence[CashNight], tournaments: Sequence[TournamentNight]) -> NightSettle:
    """The night's settle-up: every cash session's chips put in money at its table's chip
    value, added to every ended tournament's money, then who pays whom (RULES.md
    "Tournaments": the night's settle-up).

    The night's currency is the first tournament's, else the first priced table's. A cash
    table without a chip value, or in another currency, is left out and named; so is a
    tournament still in its lobby or running (cancelled ones count: their refunds net to
    nothing). What a finished tournament's players paid that no prize or bounty paid back
    is its fees, and goes to its host (the house, in a home game).
    """
    currency: str | None = tournaments[0].currency if tournaments else None
    parts: list[dict[str, int]] = []
    counted: list[str] = []
    unpriced: list[str] = []
    other: list[str] = []
    unfinished: list[str] = []
    fees: dict[str, int] = {}
    for session in cash:
        if session.chips_per_unit < 1:
            unpriced.append(session.channel)
            continue
        if currency is None:
            currency = session.currency
        if session.currency != currency:
            other.append(session.channel)
            continue
        parts.append(chips_to_money(session.nets, session.chips_per_unit))
        counted.append(session.channel)
    for night in tournaments:
        if night.status not in (FINISHED, "cancelled"):
            unfinished.append(night.tournament_id)
            continue
        if night.currency != currency:
            other.append(night.tournament_id)
            continue
        money = net_money((line.player_id, line.kind, line.amount) for line in night.lines)
        kept = -sum(money.values())
        if kept:
            money[night.host_id] = money.get(night.host_id, 0) + kept
            fees[night.host_id] = fees.get(night.host_id, 0) + kept
        parts.append(money)
        counted.append(night.tournament_id)
    balances = {p: b for p, b in add_balances(*parts).items() if b}
    return NightSettle(
        currency or "",
        balances,
        settle_up(balances),
        counted,
        unpriced,
        other,
        unfinished,
        fees,
    )


async def night_settle(
    books: Books,
    tournaments: Tournaments,
    server_id: str,
    since: float,
    stacks: Mapping[str, Mapping[str, int]] | None = None,
) -> NightSettle:
    """The settle-up of a server's night since ``since`` (seconds since the epoch): its
    cash sessions started since then and the tournaments made since then
    (:func:`settle_night`).

    Args:
        stacks: for a cash session not yet ended, table id -> player -> chips still on
            the table (its ledger holds only what came and went); a session still open
            without them counts its ledger alone.
    Raises:
        StorageError: the database could not be read.
    """
    cash = []
    for session, table_id, channel, _ended, data in await books.server_sessions(server_id, since):
        try:
            settings = TableSettings.from_dict(data)
        except (ValueError, KeyError, TypeError) as exc:
            raise StorageError(f"table {table_id} has settings that cannot be read") from exc
        ledger = await books.ledger(table_id, session)
        held = (stacks or {}).get(table_id, {})
        cash.append(
            CashNight(channel, settings.chips_per_unit, settings.currency, nets(ledger, held))
        )
    nights = []
    for stored in await tournaments.of_server(server_id):
        if stored.created_at < since:
            continue
        nights.append(
            TournamentNight(
                stored.id,
                stored.host_id,
                stored.status,
                stored.currency,
                await tournaments.money(stored.id),
            )
        )
    return settle_night(cash, nights)


def results_lines(
    tournament: Tournament,
    lines: Sequence[MoneyLine],
    names: Mapping[str, str],
    currency: str = "",
    title: str = "",
) -> list[str]:
    """A tournament's results in words (:func:`tournament_results`,
    :func:`bot.words.tourneytext.results_text`)."""
    rows = [
        (r.player, r.place, r.tied, r.entries, r.rebuys, r.add_ons, r.prize, r.bounties, r.net)
        for r in tournament_results(tournament, lines)
    ]
    return tourneytext.results_text(rows, names, currency, title)


def night_lines(settled: NightSettle, names: Mapping[str, str]) -> list[str]:
    """The night's settle-up in words (:func:`bot.words.tourneytext.night_settle_text`)."""
    return tourneytext.night_settle_text(
        settled.currency,
        settled.balances,
        [(t.payer, t.payee, t.chips) for t in settled.transfers],
        names,
        settled.unpriced,
        settled.other_currency,
        settled.unfinished,
        settled.fees,
    )
