"""The end-of-session chart: each stack as every hand was dealt."""

from __future__ import annotations

from bot.chat.chart import stack_chart_png, stack_series


def test_stacks_follow_buy_ins_hands_and_late_arrivals() -> None:
    timeline = [
        (0.0, "a", "buy_in", 100),
        (0.0, "b", "buy_in", 100),
        (1.0, "a", "hand", 10),
        (1.0, "b", "hand", -10),
        (2.0, "a", "hand", -50),
        (2.0, "b", "hand", 50),
        (2.5, "c", "buy_in", 80),
        (3.0, "a", "hand", 5),
        (3.0, "b", "hand", -3),
        (3.0, "c", "hand", -2),
        (4.0, "a", "cash_out", 65),
    ]
    assert stack_series(timeline) == {
        "a": [100, 110, 60, 0],
        "b": [100, 90, 140, 137],
        "c": [0, 0, 80, 78],
    }


def test_the_chart_is_a_png() -> None:
    png = stack_chart_png({"a": [100, 120], "b": [100, 80]}, {"a": "Ann"}, "night")
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 1000
