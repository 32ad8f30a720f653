"""A tournament's books in words: its results, and the night's settle-up counting its
money with the cash tables'. Pure: the service reads the figures and hands them here
(players by id, with ``names`` their display names; money in hundredths of the unit)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from bot.words.counts import counted
from bot.words.moneytext import money

# (player id, place, tied, entries, rebuys, add-ons, prize, bounties, net)
ResultRow = tuple[str, int, int, int, int, int, int, int, int]


def cash(amount: int, currency: str = "") -> str:
    """Hundredths of the unit as money: 2050 -> "$20.50" with the sign "$"."""
    return money(amount, 100, currency)


def signed(amount: int, currency: str = "") -> str:
    """Money with its sign: "+$20.50", "-$5.00", "$0.00"."""
    return ("+" if amount > 0 else "") + cash(amount, currency)


def _place(place: int, tied: int) -> str:
    if not place:
        return "in"
    return f"{place}." if tied == 1 else f"{place}-{place + tied - 1}."


def results_text(
    rows: Sequence[ResultRow], names: Mapping[str, str], currency: str = "", title: str = ""
) -> list[str]:
    """A tournament's results, one line a player, best first (players still in marked
    ``in``): his place (``2-3.`` for places shared), prize, bounties, rebuys, add-on,
    entries and net.

    Args:
        rows: (player id, place, tied, entries, rebuys, add-ons, prize, bounties, net),
            money in hundredths; place 0 while still in.
        title: names the tournament in the first line ("Results of tournament 3").
    """
    lines = [f"{title or 'Results'}:"]
    for player, place, tied, entries, rebuys, add_ons, prize, bounties, net in rows:
        parts = [f"prize {cash(prize, currency)}" if prize else "no prize"]
        if bounties:
            parts.append(f"bounties {cash(bounties, currency)}")
        if rebuys:
            parts.append(counted(rebuys, "rebuy"))
        if add_ons:
            parts.append("add-on" if add_ons == 1 else counted(add_ons, "add-on"))
        if entries > 1:
            parts.append(counted(entries, "entry", "entries"))
        head = f"{_place(place, tied)} {names.get(player, player)}"
        lines.append(f"{head}: {', '.join(parts)}; net {signed(net, currency)}")
    return lines if rows else [f"{title or 'Results'}: no entries"]


def night_settle_text(
    currency: str,
    balances: Mapping[str, int],
    transfers: Sequence[tuple[str, str, int]],
    names: Mapping[str, str],
    unpriced: Sequence[str] = (),
    other_currency: Sequence[str] = (),
    unfinished: Sequence[str] = (),
    fees: Mapping[str, int] | None = None,
) -> list[str]:
    """The night's settle-up in money, cash tables and tournaments together: each
    player's balance, best first, who pays whom, the fees kept by each host, then what
    was left out and why.

    Args:
        balances: player id -> hundredths won or lost.
        transfers: (payer, payee, hundredths).
        unpriced: channels of cash tables without a chip value.
        other_currency: tables or tournaments in another currency.
        unfinished: tournaments still in their lobby or running.
        fees: host id -> hundredths of fees in his balance.
    """

    def name(pid: str) -> str:
        return names.get(pid, pid)

    lines = ["The night's settle-up, cash tables and tournaments together:"]
    for pid, amount in sorted(balances.items(), key=lambda kv: (-kv[1], name(kv[0]))):
        lines.append(f"{name(pid)}: {signed(amount, currency)}")
    if not balances:
        lines.append("nobody is owed anything")
    if transfers:
        lines.append("Settle up:")
    for payer, payee, amount in transfers:
        lines.append(f"{name(payer)} pays {name(payee)} {cash(amount, currency)}")
    for host, amount in sorted((fees or {}).items()):
        lines.append(f"{name(host)}'s balance holds {cash(amount, currency)} of fees, as host")
    for channel in unpriced:
        lines.append(
            f"not counted: the table in {channel} has no chip value, so its chips cannot be"
            " put in money (a table is given one with 'value 100=1 $'; settle it in chips"
            " at its end)"
        )
    for where in other_currency:
        lines.append(f"not counted: {where} plays in another currency than {currency or 'none'}")
    for tournament in unfinished:
        lines.append(
            f"not counted: tournament {tournament} has not ended, its money is in the prize pool"
        )
    return lines


# (player id, points in tenths, played, wins, cashes, money won in hundredths, best place)
StandingRow = tuple[str, int, int, int, int, int, int]


def league_text(
    number: int,
    closed: bool,
    rows: Sequence[StandingRow],
    names: Mapping[str, str],
    currency: str = "",
) -> list[str]:
    """A league season's standings, one line a player, most points first: points,
    tournaments played, wins, cashes, money won and best place."""
    head = f"League season {number}" + (" (ended)" if closed else "")
    if not rows:
        return [f"{head}: no tournament counted yet"]
    lines = [f"{head}:"]
    for rank, (player, points, played, wins, cashes, won, best) in enumerate(rows, start=1):
        whole, tenth = divmod(points, 10)
        shown = f"{whole}.{tenth}" if tenth else str(whole)
        lines.append(
            f"{rank}. {names.get(player, player)}: {shown} points, "
            f"{counted(played, 'tournament')}, {counted(wins, 'win')}, "
            f"{counted(cashes, 'cash', 'cashes')}, won {cash(won, currency)}, best {best}."
        )
    return lines


def money_csv(
    lines: Sequence[Any], names: Mapping[str, str], channel: str, number: int
) -> tuple[str, bytes, str]:
    """A tournament's money as a CSV file: one row a buy-in, re-entry, rebuy, add-on,
    refund, prize, deal or bounty (``storage.tournaments.MoneyLine``s), with its time in
    UTC, the player's name beside his id, the entry and the amount in the currency's units
    (``7.50``).

    Returns:
        (file name, UTF-8 bytes, a line to post with it).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["time_utc", "player", "player_id", "entry", "kind", "amount"])
    for line in lines:
        when = datetime.fromtimestamp(line.at, UTC).isoformat(timespec="seconds")
        name = names.get(line.player_id, line.player_id)
        writer.writerow([when, name, line.player_id, line.entry, line.kind, cash(line.amount)])
    filename = f"tournament-{channel}-{number or 'money'}.csv"
    return filename, out.getvalue().encode(), "The tournament's money, as CSV"
