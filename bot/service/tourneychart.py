"""A tournament's chip counts hand by hand, for the chart posted when it ends: each
player's chips as each hand was dealt and after it, and the level each hand was dealt at,
read off the hands stored for the tournament (RULES.md "Tournaments": the chart at the
end).

The series is what the chart draws (:func:`bot.chat.chart.level_chart_png`): a line a
player, from the hand he was first dealt to the hand he went out in, never a flat line at
0 for the rest of the tournament.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.phh.notation import load_phh
from storage import Books


@dataclass(frozen=True)
class HandCount:
    """One hand of a tournament, for its chart.

    Attributes:
        level: the number of the level it was dealt at (1 for the first).
        small_blind, big_blind: that level's blinds, in tournament chips.
        before: player id -> his chips as it was dealt (the players dealt in).
        after: player id -> his chips after it.
    """

    level: int
    small_blind: int
    big_blind: int
    before: dict[str, int]
    after: dict[str, int]


@dataclass(frozen=True)
class ChipSeries:
    """Every player's chips over a tournament, as its chart draws them.

    Attributes:
        hands: how many hands were dealt; x runs from 0 (before the first) to ``hands``.
        lines: player id -> (x, chips) points in order: for each hand k he was dealt,
            (k - 1, his chips as dealt) when k is his first hand or his chips changed
            since his last (a rebuy, an add-on), then (k, his chips after it).
        levels: (x where the level's first hand starts, its number, small blind, big
            blind) for each level a hand was dealt at, in order.
        outs: player id -> the x of the hand he went out in (his line ends there, at 0).
    """

    hands: int
    lines: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    levels: list[tuple[int, int, int, int]] = field(default_factory=list)
    outs: dict[str, int] = field(default_factory=dict)


def chip_series(counts: Sequence[HandCount]) -> ChipSeries:
    """The chart's series from the tournament's hands in the order dealt (see
    :class:`ChipSeries`); a player whose last chips are 0 went out in that hand.

    Args:
        counts: the hands, first dealt first.
    Returns:
        The series; chips are integers, as dealt.
    """
    series = ChipSeries(len(counts))
    for k, hand in enumerate(counts, start=1):
        if not series.levels or series.levels[-1][1] != hand.level:
            series.levels.append((k - 1, hand.level, hand.small_blind, hand.big_blind))
        for player, chips in hand.before.items():
            line = series.lines.setdefault(player, [])
            if not line or line[-1] != (k - 1, chips):
                line.append((k - 1, chips))
            line.append((k, hand.after.get(player, chips)))
    for player, line in series.lines.items():
        if line[-1][1] == 0:
            series.outs[player] = line[-1][0]
    return series


def hand_counts(phh_texts: Sequence[tuple[str, Sequence[str]]]) -> list[HandCount]:
    """Each stored hand's counts: its history (``level`` and the blinds it was dealt at,
    the stacks as dealt and after) with the player ids in hand order.

    Raises:
        ValueError: a history that cannot be read.
    """
    counts = []
    for text, ids in phh_texts:
        hh = load_phh(text)
        level = hh.extra.get("level")
        blinds = sorted(int(b) for b in hh.blinds_or_straddles if b > 0)
        small, big = (blinds[0], blinds[-1]) if blinds else (0, 0)
        after = hh.finishing_stacks or hh.starting_stacks
        counts.append(
            HandCount(
                int(level) if isinstance(level, int) else 1,
                int(small),
                int(big),
                {p: int(c) for p, c in zip(ids, hh.starting_stacks, strict=False)},
                {p: int(c) for p, c in zip(ids, after, strict=False)},
            )
        )
    return counts


async def tournament_series(books: Books, tournament_id: str) -> ChipSeries:
    """The chart's series of a tournament, from its hands stored.

    Raises:
        StorageError: the database cannot be read.
        ValueError: a stored history that cannot be read.
    """
    hands = await books.tournament_hands(tournament_id)
    return chip_series(hand_counts([(h.phh, h.players) for h in hands]))
