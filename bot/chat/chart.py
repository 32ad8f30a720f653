"""The pictures posted at the end of a session, every player's stack hand by hand, and
at the end of a tournament, every player's chips hand by hand over its levels.

Lines differ by marker and dash as well as colour, so the chart reads without colour. The
chart library is imported only when a chart is drawn: it doubles the console's start-up
time and memory, and most runs never draw one.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.tourneychart import ChipSeries
from bot.words.tourneylines import CHART_CHIPS, CHART_HANDS

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "<")
DASHES = ("-", "--", "-.", ":")
LEDGER_SIGN = {"buy_in": 1, "top_up": 1, "adjust": 1, "cash_out": -1}


def stack_series(timeline: Sequence[tuple[float, str, str, int]]) -> dict[str, list[int]]:
    """Each player's stack after each hand of a session.

    Args:
        timeline: (time, player id, kind, chips) rows in time order, as
            :meth:`storage.db.Database.session_timeline` gives them; kind ``hand`` is a
            player's net for one hand, other kinds are ledger movements.
    Returns:
        player id -> stacks as each hand was dealt, then at the end (so one more than
        the hands); a player not yet seated shows 0 until he is.
    """
    stacks: dict[str, int] = {}
    points: list[dict[str, int]] = []
    hand_at: float | None = None
    for at, player, kind, chips in timeline:
        if kind == "hand":
            if at != hand_at:
                points.append(dict(stacks))  # the stacks as this hand was dealt
                hand_at = at
            stacks[player] = stacks.get(player, 0) + chips
        else:
            hand_at = None
            stacks[player] = stacks.get(player, 0) + LEDGER_SIGN.get(kind, 0) * chips
    points.append(dict(stacks))
    return {player: [p.get(player, 0) for p in points] for player in stacks}


def stack_chart_png(
    series: Mapping[str, Sequence[int]], names: Mapping[str, str], title: str
) -> bytes:
    """A PNG line chart of the series (player id -> stacks by hand), one line a player,
    labelled with his display name.

    Returns:
        The PNG file's bytes.
    """
    import matplotlib

    matplotlib.use("Agg")  # no display: the chart is drawn into memory
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    try:
        for n, (player, stacks) in enumerate(sorted(series.items())):
            ax.plot(
                range(len(stacks)),
                stacks,
                linestyle=DASHES[n % len(DASHES)],
                marker=MARKERS[n % len(MARKERS)],
                markersize=4,
                label=f"{names.get(player, player)} ({stacks[-1] if stacks else 0})",
            )
        return _png(fig, ax, title, "chips", bool(series))
    finally:
        plt.close(fig)


def _png(fig: Any, ax: Any, title: str, chips: str, legend: bool, pad: float = 6.0) -> bytes:
    """A chart's title, axes (hands across, ``chips`` up), grid and legend, drawn into a
    PNG's bytes."""
    from matplotlib.ticker import MaxNLocator

    ax.set_title(title, pad=pad)
    ax.set_xlabel(CHART_HANDS)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel(chips)
    ax.grid(True, alpha=0.3)
    if legend:
        ax.legend(loc="best", fontsize="small")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


def level_chart_png(
    series: ChipSeries,
    names: Mapping[str, str],
    places: Mapping[str, str],
    level_labels: Sequence[str],
    title: str,
) -> bytes:
    """A PNG line chart of a tournament's chips (:class:`ChipSeries`): one line a player,
    labelled with his name and place, ending with a cross at the hand he went out in;
    each level a band of its own, shaded in turn and labelled at its start.

    Args:
        names: player id -> display name; places: player id -> his place in words.
        level_labels: one label a level of ``series.levels``, in order
            (``Level 2 (15/30)``).
    Returns:
        The PNG file's bytes.
    """
    import matplotlib

    matplotlib.use("Agg")  # no display: the chart is drawn into memory
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 5), dpi=100)
    try:
        for n, (player, points) in enumerate(sorted(series.lines.items())):
            style: dict[str, Any] = {
                "linestyle": DASHES[n % len(DASHES)],
                "marker": MARKERS[n % len(MARKERS)],
                "markersize": 3,
            }
            place = places.get(player)
            label = names.get(player, player) + (f" ({place})" if place else "")
            drawn = ax.plot([x for x, _ in points], [c for _, c in points], label=label, **style)
            if player in series.outs:
                colour = drawn[0].get_color()
                ax.plot(series.outs[player], 0, marker="X", markersize=9, color=colour)
        top = max((c for points in series.lines.values() for _, c in points), default=1)
        ends = [start for start, *_ in series.levels[1:]] + [series.hands]
        for n, ((start, *_), end) in enumerate(zip(series.levels, ends, strict=False)):
            if n % 2:
                ax.axvspan(start, end, color="grey", alpha=0.12, linewidth=0)
            if n:
                ax.axvline(start, color="grey", linestyle=":", linewidth=1)
            text = level_labels[n] if n < len(level_labels) else ""
            # above the plot, at the band's start: x in hands, y in the axes' height
            ax.text(start, 1.01, text, fontsize="x-small", transform=ax.get_xaxis_transform())
        ax.set_xlim(0, max(series.hands, 1))
        ax.set_ylim(0, top * 1.1)
        return _png(fig, ax, title, CHART_CHIPS, bool(series.lines), pad=18)
    finally:
        plt.close(fig)
