"""A refusal as the player reads it: the engine's message with each player it names by his
display name (:class:`bot.engine.errors.EngineError` keeps the players apart from the
words, so a name is put in its place and never searched for in the text)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import EngineError


def refusal(error: EngineError, display: Mapping[str, str] | None) -> str:
    """The refusal's text with display names.

    Args:
        error: what the engine refused, its players by id (:attr:`EngineError.players`).
        display: player id -> display name; a player missing from it is named by his id.
    Returns:
        The message, e.g. "it is not your turn: Bea is to act" (000 NL §7).
    """
    if not error.players:
        return str(error)
    names = display or {}
    return error.template.format(**{k: names.get(v, v) for k, v in error.players.items()})
