"""Side pots and splitting chips (RULES.md "Money"; 000 NL §17 for runs).

Pure arithmetic on integer chips: nothing here knows about cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    """One pot: ``amount`` chips that only the ``eligible`` hand indices can win."""

    amount: int
    eligible: tuple[int, ...]


def uncalled_excess(contributed: Sequence[int]) -> tuple[int, int]:
    """The uncalled part of the largest contribution.

    Args:
        contributed: chips each player put in this hand (folded players included).
    Returns:
        ``(player, chips)``: the top contributor and what exceeds the second largest
        contribution; chips is 0 when two players are level at the top.
    """
    top = max(range(len(contributed)), key=lambda i: contributed[i])
    second = max((c for i, c in enumerate(contributed) if i != top), default=0)
    return top, max(0, contributed[top] - second)


def build_pots(contributed: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Split the chips in the middle into a main pot and side pots.

    Args:
        contributed: chips each player put in (after any uncalled bet was returned).
        live: True for players still holding cards (not folded).
        dead: dead money (not any player's bet), added to the main pot.
    Returns:
        Pots from the main pot outwards; a level that only one live player reached still
        makes a pot, which that player alone can win. Chips of folded players above the
        highest live level go to the last pot. When no live player has a chip in, the
        dead money is one pot for the live players.
    """
    levels = sorted({contributed[i] for i in range(len(contributed)) if live[i]})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        if level <= previous:
            continue
        amount = sum(max(0, min(c, level) - previous) for c in contributed)
        eligible = tuple(i for i in range(len(contributed)) if live[i] and contributed[i] >= level)
        pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(max(0, c - previous) for c in contributed)
    if not pots and (dead or leftover):
        # no live player has a chip in: the middle is only dead money (antes, a carried
        # pot, returned bets' blinds) and it still goes to the live hands
        return [Pot(dead + leftover, tuple(i for i in range(len(contributed)) if live[i]))]
    if pots:
        first = pots[0]
        pots[0] = Pot(first.amount + dead, first.eligible)
        last = pots[-1]
        pots[-1] = Pot(last.amount + leftover, last.eligible)
    return pots


def split_evenly(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Divide ``amount`` chips among ``winners``, odd chips one each from left of the button.

    Args:
        amount: chips to divide.
        winners: hand indices (0 is first left of the button). The odd chips go to the
            winners in increasing hand index, i.e. starting left of the button (RULES.md
            "Money": the odd chip to the first winner left of the button, a chip each in
            turn for a split three or more ways).
    Returns:
        ``(player, chips)`` pairs in hand-index order; the chips add up to ``amount``.
    """
    ordered = sorted(winners)
    share, odd = divmod(amount, len(ordered))
    return [(p, share + (1 if k < odd else 0)) for k, p in enumerate(ordered)]


def split_parts(amount: int, parts: int) -> list[int]:
    """Divide ``amount`` into ``parts`` near-equal shares, the odd chips to the first shares.

    Used for the high half before the low half (the odd chip to high) and for the runs of
    a board dealt more than once (the first run takes an odd chip).
    """
    share, odd = divmod(amount, parts)
    return [share + (1 if k < odd else 0) for k in range(parts)]
