"""Where a hand stands, for the hand and the parts it is made of."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a hand stands."""

    DEALING_HOLE = "dealing_hole"
    DEALING_BOARD = "dealing_board"
    DRAWING = "drawing"
    KILL_WINDOW = "kill_window"
    BETTING = "betting"
    RUNS_VOTE = "runs_vote"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"
