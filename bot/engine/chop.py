"""A deal among the last players of a tournament: what each is offered by the
independent chip model, by a chip chop or by an even split, computed in exact fractions
and paid in whole money units (RULES.md "Tournaments", the deal).

Each split divides the prizes still to be paid among the players still in; a part may be
left aside for the winner of the play that goes on (taken from first prize).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

from .errors import ConfigError

PLAYERS_MOST = 10  # the players a deal is computed for: a final table at most


def _checked(stacks: Sequence[int], prizes: Sequence[int]) -> None:
    if not 2 <= len(stacks) <= PLAYERS_MOST:
        raise ConfigError(f"a deal is made among 2 to {PLAYERS_MOST} players")
    if any(stack <= 0 for stack in stacks):
        raise ConfigError("every player in a deal has chips")
    if any(prize < 0 for prize in prizes):
        raise ConfigError("a prize is 0 or more")
    if any(lower > higher for higher, lower in pairwise(prizes)):
        raise ConfigError("a place is never paid more than the place above it")


def _places(prizes: Sequence[int], players: int) -> tuple[int, ...]:
    """The prizes of places 1 to ``players``, 0 for places not paid."""
    return tuple(prizes[:players]) + (0,) * max(players - len(prizes), 0)


def icm_values(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's value of the prizes by the independent chip model (Malmuth-Harville):
    the chance of first place is one's share of the chips; given the places above, the
    chance of the next is one's chips over the chips not yet placed; a player's value
    sums chance times prize over every finishing order.

    Args:
        stacks: each player's chips (2 to :data:`PLAYERS_MOST` players, each over 0).
        prizes: the prizes still to be paid, first place first (places past them pay 0).
    Returns:
        Exact values in the players' order, adding up to the prizes of their places.
    Raises:
        ConfigError: the shapes above are not met.
    """
    _checked(stacks, prizes)
    paid = _places(prizes, len(stacks))
    chips = tuple(stacks)
    everyone = (1 << len(chips)) - 1
    memo: dict[tuple[int, int, int], Fraction] = {}
    return tuple(_icm(player, everyone, 0, chips, paid, memo) for player in range(len(chips)))


def _icm(
    player: int,
    left: int,
    place: int,
    chips: tuple[int, ...],
    paid: tuple[int, ...],
    memo: dict[tuple[int, int, int], Fraction],
) -> Fraction:
    """The player's expected prize from ``place`` (from 0) down, with the players of the
    bit mask ``left`` not yet placed."""
    if place >= len(paid) or not paid[place]:
        return Fraction(0)
    key = (player, left, place)
    known = memo.get(key)
    if known is not None:
        return known
    total = sum(chips[i] for i in range(len(chips)) if left >> i & 1)
    worth = Fraction(chips[player], total) * paid[place]
    for other in range(len(chips)):
        if other != player and left >> other & 1:
            rest = _icm(player, left & ~(1 << other), place + 1, chips, paid, memo)
            worth += Fraction(chips[other], total) * rest
    memo[key] = worth
    return worth


def chip_chop_values(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """The chip chop: every player first gets the next-out prize N (the prize of the last
    place still in play), and the rest of the prizes R is split by chips:
    ``N + (R - n x N) x c / T`` for ``c`` of ``T`` chips among ``n`` players.

    Args and raises as :func:`icm_values`.
    """
    _checked(stacks, prizes)
    paid = _places(prizes, len(stacks))
    floor = paid[-1]
    rest = sum(paid) - len(stacks) * floor
    total = sum(stacks)
    return tuple(floor + Fraction(rest * stack, total) for stack in stacks)


def even_values(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """An even split of the prizes still to be paid among the players still in.

    Args and raises as :func:`icm_values`.
    """
    _checked(stacks, prizes)
    paid = _places(prizes, len(stacks))
    return tuple(Fraction(sum(paid), len(stacks)) for _ in stacks)


def whole_units(values: Sequence[Fraction], stacks: Sequence[int]) -> tuple[int, ...]:
    """Exact values paid in whole money units: each gets the floor of his value, then the
    units left over go one each by the largest fraction cut off; equal fractions go first
    to the larger stack, then to the earlier player (seat order from the button's left,
    as the caller orders them).

    Args:
        values: exact values whose sum is a whole number of units.
        stacks: the players' chips, in the same order.
    Returns:
        Whole amounts adding up to the values' sum.
    Raises:
        ConfigError: the values do not add up to a whole number.
    """
    total = sum(values, Fraction(0))
    if total.denominator != 1:
        raise ConfigError("a deal divides a whole number of money units")
    floors = [value.numerator // value.denominator for value in values]
    left = int(total) - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(values[i] - floors[i]), -stacks[i], i))
    for i in order[:left]:
        floors[i] += 1
    return tuple(floors)


DEAL_KINDS = ("icm", "chop", "even")


def deal(
    kind: str, stacks: Sequence[int], prizes: Sequence[int], aside: int = 0
) -> tuple[int, ...]:
    """What each player is offered in a deal, in whole money units.

    Args:
        kind: ``icm``, ``chop`` (chip chop) or ``even``.
        stacks: each player's chips, in seat order from the button's left.
        prizes: the prizes still to be paid, first place first.
        aside: money units left aside for the winner of the play that goes on, taken
            from first prize (at most the gap between first and second prize, so first
            place is still worth more); 0 when the deal ends the tournament.
    Returns:
        One amount per player; with ``aside``, they add up to the prizes less it.
    Raises:
        ConfigError: an unknown kind, an ``aside`` out of range, or the shapes of
            :func:`icm_values` not met.
    """
    if kind not in DEAL_KINDS:
        raise ConfigError(f"a deal is one of {', '.join(DEAL_KINDS)}, not {kind!r}")
    paid = list(_places(prizes, len(stacks)))
    gap = paid[0] - paid[1] if len(paid) > 1 else paid[0]
    if not 0 <= aside <= gap:
        raise ConfigError(
            f"the amount left to play for is 0 to {gap} (first prize less second), not {aside}"
        )
    paid[0] -= aside
    values = {"icm": icm_values, "chop": chip_chop_values, "even": even_values}[kind](stacks, paid)
    return whole_units(values, stacks)
