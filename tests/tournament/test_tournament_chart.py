"""The chart of a tournament's chip counts: every player's chips hand by hand, the levels
marked where they change, each line ending at the hand its player went out in (RULES.md
"Tournaments": the chart at the end)."""

from __future__ import annotations

from bot.chat.chart import level_chart_png
from bot.service.tourneychart import HandCount, chip_series


def _scripted() -> list[HandCount]:
    """Three players; two hands at level 1 (10/20), then level 2 (15/30), where Cat goes
    out in the third hand and two more are dealt without her."""
    return [
        HandCount(1, 10, 20, {"a": 1000, "b": 1000, "c": 1000}, {"a": 1100, "b": 900, "c": 1000}),
        HandCount(1, 10, 20, {"a": 1100, "b": 900, "c": 1000}, {"a": 1000, "b": 900, "c": 1100}),
        HandCount(2, 15, 30, {"a": 1000, "b": 900, "c": 1100}, {"a": 2100, "b": 900, "c": 0}),
        HandCount(2, 15, 30, {"a": 2100, "b": 900}, {"a": 2200, "b": 800}),
        HandCount(2, 15, 30, {"a": 2200, "b": 800}, {"a": 3000, "b": 0}),
    ]


def test_tournament_chart_series_marks_each_level_and_ends_a_line_where_he_went_out() -> None:
    series = chip_series(_scripted())
    assert series.hands == 5
    assert series.levels == [(0, 1, 10, 20), (2, 2, 15, 30)]  # level 2 from hand 3 on
    assert series.lines["a"] == [(0, 1000), (1, 1100), (2, 1000), (3, 2100), (4, 2200), (5, 3000)]
    assert series.lines["c"] == [(0, 1000), (1, 1000), (2, 1100), (3, 0)]  # no flat 0 after
    assert series.outs == {"c": 3, "b": 5}
    assert (
        sum(chips for player in series.lines for x, chips in series.lines[player] if x == 5) == 3000
    )


def test_tournament_chart_series_joins_a_late_entry_and_a_rebuy_where_they_came() -> None:
    """A late entrant's line starts at the hand he was first dealt; a rebuy after a bust
    goes on from his new chips, and he is not out."""
    counts = [
        HandCount(1, 10, 20, {"a": 1000, "b": 1000}, {"a": 2000, "b": 0}),
        HandCount(1, 10, 20, {"a": 2000, "b": 1000, "d": 1000}, {"a": 2500, "b": 500, "d": 1000}),
    ]
    series = chip_series(counts)
    assert series.lines["b"] == [(0, 1000), (1, 0), (1, 1000), (2, 500)]
    assert series.lines["d"] == [(1, 1000), (2, 1000)]
    assert series.outs == {}


def test_tournament_chart_is_a_png() -> None:
    png = level_chart_png(
        chip_series(_scripted()),
        {"a": "Ann", "b": "Bob", "c": "Cat"},
        {"a": "1st", "b": "2nd", "c": "3rd"},
        ["Level 1 (10/20)", "Level 2 (15/30)"],
        "Tournament 1",
    )
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 1000
