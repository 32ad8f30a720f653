"""A hand's history in hand-history notation, derived from its events.

The hand keeps one history, its events (:mod:`bot.engine.events`); the action lines of a
PHH file (``d dh p1 AcKd``, ``p2 cbr 300``, ``p1 sm``...) are read off them here, so the
two can never disagree. What a hand history does not record is left out: the boards of a
hand run more than once (000 NL §17) and a hand shown after it was won without a showdown.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import (
    Acted,
    BoardDealt,
    CardsDrawn,
    Event,
    HandEnded,
    HoleCardsDealt,
    Mucked,
    RunsAgreed,
    Shown,
    Thrown,
)

# PHH's verb for each betting action; a bet, raise or completion is "cbr" to its total
_VERBS = {"fold": "f", "check": "cc", "call": "cc", "bring_in": "pb"}


def phh_actions(events: Iterable[Event]) -> list[str]:
    """The PHH action lines of a hand, in order, from its events.

    Args:
        events: the hand's events as it made them, in order.
    Returns:
        One line per dealing or player action, e.g. ``["d dh p1 AcKd", "p1 cbr 300"]``;
        ``??`` stands for a card no one saw (a replay).
    """
    lines: list[str] = []
    runs = over = False
    for event in events:
        kind = type(event)
        if kind is Acted:
            assert isinstance(event, Acted)
            verb = _VERBS.get(event.action) or f"cbr {event.to}"
            lines.append(f"p{event.player + 1} {verb}")
        elif kind is HoleCardsDealt or kind is CardsDrawn:
            assert isinstance(event, HoleCardsDealt | CardsDrawn)
            lines.append(f"d dh p{event.player + 1} {''.join(event.cards)}")
        elif kind is BoardDealt:
            assert isinstance(event, BoardDealt)
            if not runs:
                lines.append(f"d db {''.join(event.cards)}")
        elif kind is Thrown:
            assert isinstance(event, Thrown)
            lines.append(f"p{event.player + 1} sd {''.join(event.cards)}".rstrip())
        elif kind is Shown:
            assert isinstance(event, Shown)
            if not over:
                lines.append(f"p{event.player + 1} sm {''.join(event.cards)}")
        elif kind is Mucked:
            assert isinstance(event, Mucked)
            lines.append(f"p{event.player + 1} sm")
        elif kind is RunsAgreed:
            assert isinstance(event, RunsAgreed)
            runs = event.runs > 1
        elif kind is HandEnded:
            over = True
    return lines
