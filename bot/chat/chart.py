"""The picture posted at the end of a session: every player's stack, hand by hand.

Lines differ by marker and dash as well as colour, so the chart reads without colour. The
chart library is imported only when a chart is drawn: it doubles the console's start-up
time and memory, and most runs never draw one.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

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
    from matplotlib.ticker import MaxNLocator

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
        ax.set_title(title)
        ax.set_xlabel("hands played")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel("chips")
        ax.grid(True, alpha=0.3)
        if series:
            ax.legend(loc="best", fontsize="small")
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()
    finally:
        plt.close(fig)
