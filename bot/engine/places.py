"""Finishing places: the last player with chips is first, the rest rank in reverse order
of elimination, and players out in the same hand rank by the chips they began it with
(RULES.md "Tournaments", finishing places).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import ConfigError


@dataclass(frozen=True)
class Finish:
    """One entry's finish.

    Attributes:
        entry: the entry's id (a player may have several entries by re-entering).
        place: the place, from 1; players tied share the places ``place`` to
            ``place + tied - 1``.
        tied: how many share the place (1 when nobody does).
    """

    entry: str
    place: int
    tied: int = 1


def finishing_places(out: Sequence[tuple[str, int, int]], left: int) -> tuple[Finish, ...]:
    """The places of every entry that is out.

    Args:
        out: ``(entry, round, chips)`` for each entry out: the number of the hand it went
            out in, counted over the tournament (a later one finishes higher), and the
            chips it began that hand with, counted before the hand's blinds and antes;
            entries of one round in seat order from the button's left (the order tied
            players are paid their odd units in).
        left: the entries still in (1 when the winner is decided: he is first).
    Returns:
        One finish per entry out, best place first. Out in the same hand, the one who
        began it with more chips finishes higher; equal stacks tie and share the places
        (a house choice, as PokerStars: RULES.md "Tournaments").
    Raises:
        ConfigError: nobody left, or a round below 1.
    """
    if left < 1:
        raise ConfigError("a hand leaves at least one player with chips")
    if any(round_ < 1 for _, round_, _ in out):
        raise ConfigError("the hands players go out in are counted from 1")
    order = sorted(range(len(out)), key=lambda i: (-out[i][1], -out[i][2], i))
    finishes: list[Finish] = []
    place = left + 1
    i = 0
    while i < len(order):
        _, round_, chips = out[order[i]]
        group = [j for j in order[i:] if out[j][1] == round_ and out[j][2] == chips]
        finishes += [Finish(out[j][0], place, len(group)) for j in group]
        place += len(group)
        i += len(group)
    return tuple(finishes)
