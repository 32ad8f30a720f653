"""Settling up at the end of a session: who pays whom, in few transfers, in
chips and, with a chip value, in the host's money."""

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
