"""Settling up at the end of a session: who pays whom, in few transfers, in
chips and, with a chip value, in the host's money; and chips put in money exactly, so a
night's cash tables can be settled with its tournaments' money."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Transfer:
    """``payer`` owes ``payee`` ``chips``."""

    payer: str
    payee: str
    chips: int


def nets(ledger: Sequence[tuple[str, str, int]], stacks: Mapping[str, int]) -> dict[str, int]:
    """Each player's result for the session, in chips.

    Args:
        ledger: (player, kind, amount) rows: buy_in, top_up, cash_out, adjust.
        stacks: chips still on the table per player (not yet cashed out).
    Returns:
        player -> (cash-outs + chips on the table) - (buy-ins + top-ups); host adjustments
        count as chips put in when positive.
    """
    result: dict[str, int] = {}
    for player, kind, amount in ledger:
        sign = -1 if kind in ("buy_in", "top_up", "adjust") else 1 if kind == "cash_out" else 0
        result[player] = result.get(player, 0) + sign * amount
    for player, chips in stacks.items():
        result[player] = result.get(player, 0) + chips
    return result


def settle_up(balances: Mapping[str, int]) -> list[Transfer]:
    """Transfers that clear every balance: the biggest loser pays the biggest winner, and so
    on, so at most one fewer transfer than players with a balance (never more).

    Args:
        balances: player -> chips won (positive) or lost (negative); they must sum to 0
            (chips are conserved), else the surplus is left unmatched.
    Returns:
        The transfers, largest first.
    """
    debtors = sorted(((-b, p) for p, b in balances.items() if b < 0), reverse=True)
    creditors = sorted(((b, p) for p, b in balances.items() if b > 0), reverse=True)
    transfers: list[Transfer] = []
    i = j = 0
    left_debt = debtors[0][0] if debtors else 0
    left_due = creditors[0][0] if creditors else 0
    while i < len(debtors) and j < len(creditors):
        pay = min(left_debt, left_due)
        if pay:
            transfers.append(Transfer(debtors[i][1], creditors[j][1], pay))
        left_debt -= pay
        left_due -= pay
        if not left_debt:
            i += 1
            left_debt = debtors[i][0] if i < len(debtors) else 0
        if not left_due:
            j += 1
            left_due = creditors[j][0] if j < len(creditors) else 0
    return transfers


def chips_to_money(balances: Mapping[str, int], chips_per_unit: int) -> dict[str, int]:
    """Chip balances in hundredths of the host's currency unit, at ``chips_per_unit``
    chips a unit, still summing to what the chips sum to (0 after a night of cash).

    Each balance is its exact value rounded down, and the hundredths that rounding lost
    in all go back one each to the balances that lost the largest fraction, equal
    fractions in player id order (RULES.md "Tournaments": the night's settle-up).

    Args:
        balances: player -> chips won (positive) or lost (negative).
        chips_per_unit: chips worth one unit (100 hundredths); 1 or more.
    Returns:
        player -> hundredths, for every player of ``balances``.
    Raises:
        ValueError: a chip value below 1 (a table without one cannot be put in money).
    """
    if chips_per_unit < 1:
        raise ValueError("a table without a chip value cannot be put in money")
    floors: dict[str, int] = {}
    cut: list[tuple[int, str]] = []
    for player, chips in balances.items():
        whole, rest = divmod(chips * 100, chips_per_unit)
        floors[player] = whole
        cut.append((rest, player))
    exact = sum(balances.values()) * 100 // chips_per_unit
    owed = exact - sum(floors.values())  # whole hundredths lost by rounding down
    for _, player in sorted(cut, key=lambda c: (-c[0], c[1]))[:owed]:
        floors[player] += 1
    return floors


def add_balances(*parts: Mapping[str, int]) -> dict[str, int]:
    """Balances added player by player (money of several tables and tournaments)."""
    total: dict[str, int] = {}
    for part in parts:
        for player, amount in part.items():
            total[player] = total.get(player, 0) + amount
    return total
