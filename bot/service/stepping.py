"""Which steps a table takes: a cash table's (:mod:`bot.service.steps`) or a tournament's
(:mod:`bot.service.tourneysteps`). The service calls these, never the two directly."""

from __future__ import annotations

from bot.engine import Decision
from bot.service import steps, tourneysteps
from bot.service.state import Player
from bot.service.steps import Step
from bot.words.commands import Command


def apply_command(
    step: Step, player: Player, command: Command, decision: Decision | None = None
) -> None:
    """A player's command at the step's table (see :func:`bot.service.steps.apply_command`).

    Raises:
        EngineError: the engine refused; the caller puts the table back.
    """
    if step.live.tourney is not None:
        tourneysteps.apply_command(step, player, command, decision)
    else:
        steps.apply_command(step, player, command, decision)


def advance(step: Step, deal_now: bool = False) -> None:
    """What follows at the step's table by itself (see :func:`bot.service.steps.advance`).

    Raises:
        EngineError: the engine refused the deal (the caller pauses the game).
    """
    if step.live.tourney is not None:
        tourneysteps.advance(step, deal_now)
    else:
        steps.advance(step, deal_now)


def time_out(step: Step, player_id: str) -> None:
    """The turn timer ran out for ``player_id`` (see :func:`bot.service.steps.time_out`).

    Raises:
        EngineError: the decision was no longer pending.
    """
    if step.live.tourney is not None:
        tourneysteps.time_out(step, player_id)
    else:
        steps.time_out(step, player_id)
