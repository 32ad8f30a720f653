"""A refusal as the player reads it: the engine's message with each player it names by his
display name (:class:`bot.engine.errors.EngineError` keeps the players apart from the
words, so a name is put in its place and never searched for in the text)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import EngineError, IllegalAction
from bot.words.legalwords import with_legal


def refusal(error: EngineError, display: Mapping[str, str] | None = None) -> str:
    """The refusal's text with display names.

    Args:
        error: what the engine refused, its players by id (:attr:`EngineError.players`).
        display: player id -> display name; a player missing from it is named by his id.
    Returns:
        The message, e.g. "it is not your turn: Bea is to act" (000 NL §7); a refusal
        that carries the player's legal choice says it after the reason ("the minimum
        raise is to 40: you may fold, call 20 or raise to 40 to 500", the rulebook's "In
        play and in replay").
    """
    if not error.players:
        text = str(error)
    else:
        names = display or {}
        text = error.template.format(**{k: names.get(v, v) for k, v in error.players.items()})
    legal = error.legal if isinstance(error, IllegalAction) else None
    return text if legal is None else with_legal(text, legal)
