"""What a tournament pays: the standard payout table by number of entries, a host's own
shares, the prizes in whole money units, and the prizes of places shared by a tie
(RULES.md "Tournaments").

Shares are kept in tenths of a percent (per mille) so 6.5% is exact; money is whole units
(cents, or chips of the chip value the ledger uses).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from .errors import ConfigError

PER_MILLE = 1000

# An online cardroom's schedule (the payout table of RULES.md "Tournaments"): up to this
# many entries, these shares of the pool in per mille, first place first.
STANDARD_TABLE: tuple[tuple[int, tuple[int, ...]], ...] = (
    (8, (1000,)),
    (27, (500, 300, 200)),
    (45, (400, 240, 160, 120, 80)),
    (100, (300, 200, 120, 100, 80, 65, 55, 45, 35)),
)
PLACES_MOST = 100


def standard_shares(entries: int) -> tuple[int, ...]:
    """The standard payout table's shares for a field of ``entries`` entries (each rebuy
    is no entry; a re-entry is), first place first, in per mille summing to 1000.

    Past 100 entries the 46-100 row is used (a field that size plays several tables, and
    the host may set his own shares).

    Raises:
        ConfigError: fewer than 1 entry.
    """
    if entries < 1:
        raise ConfigError("a tournament pays out with 1 entry or more")
    for most, shares in STANDARD_TABLE:
        if entries <= most:
            return shares
    return STANDARD_TABLE[-1][1]


def checked_shares(shares: Sequence[int]) -> tuple[int, ...]:
    """A host's own shares (``payouts 50 30 20``, in per mille: 500, 300, 200), checked.

    Raises:
        ConfigError: no shares, more than :data:`PLACES_MOST`, one that is not positive,
            a place paid more than the one above it, or a sum other than 1000 (100%).
    """
    if not 1 <= len(shares) <= PLACES_MOST:
        raise ConfigError(f"a payout pays 1 to {PLACES_MOST} places")
    if any(share <= 0 for share in shares):
        raise ConfigError("every place paid gets more than 0%")
    if any(lower > higher for higher, lower in pairwise(shares)):
        raise ConfigError("a place is never paid more than the place above it")
    if sum(shares) != PER_MILLE:
        raise ConfigError(
            f"the shares add up to {sum(shares) / 10:g}%, not 100%: e.g. 'payouts 50 30 20'"
        )
    return tuple(shares)


def prizes(pool: int, shares: Sequence[int], entries: int | None = None) -> tuple[int, ...]:
    """The prizes of the paid places in whole money units.

    Args:
        pool: the prize pool in money units (0 or more).
        shares: per mille by place, first place first, summing to 1000.
        entries: the field's size; a share for a place beyond it goes to the places
            that can be paid, by their own shares (a table for more entries than came).
    Returns:
        One prize per paid place: each the floor of its share, the units left over to
        first place (payout table: "the rest goes to first"); they add up to ``pool``.
    Raises:
        ConfigError: a negative pool.
    """
    if pool < 0:
        raise ConfigError("a prize pool is 0 or more")
    paid = list(shares[: entries if entries is not None else len(shares)]) or [PER_MILLE]
    whole = sum(paid)
    amounts = [pool * share // whole for share in paid]
    amounts[0] += pool - sum(amounts)
    return tuple(amounts)


def shared_prizes(prizes_by_place: Sequence[int], first: int, count: int) -> tuple[int, ...]:
    """What each of ``count`` players tied for places ``first`` to ``first + count - 1``
    (numbered from 1) is paid: the sum of those places' prizes, shared equally (payout
    table: "tied places share their summed prizes equally"); the odd units go one each to
    the first players in the order given (the caller orders them from the first seat left
    of the button, as the odd chip, TDA 2024 R20).

    Args:
        prizes_by_place: the prizes of the paid places, first place first; places past
            them pay 0.
        first: the best of the tied places, from 1.
        count: how many share them (1 or more).
    Returns:
        ``count`` amounts adding up to the places' prizes.
    Raises:
        ConfigError: ``first`` below 1 or ``count`` below 1.
    """
    if first < 1 or count < 1:
        raise ConfigError("tied places are counted from 1, one player or more")
    total = sum(prizes_by_place[first - 1 : first - 1 + count])
    each, odd = divmod(total, count)
    return tuple(each + (1 if i < odd else 0) for i in range(count))
