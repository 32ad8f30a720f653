"""Errors the engine raises: each is a ValueError whose message says why; a refusal of a
move carries what is legal instead (the words wing says it, :mod:`bot.words.legalwords`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import LegalActions


class EngineError(ValueError):
    """Base class of every error the engine raises; the message is meant for a player.

    A message that names players is written with a placeholder for each, e.g.
    ``EngineError("it is not your turn: {to_act} is to act", to_act="u2")``, the players
    given by player id: ``str(error)`` reads with the ids, and the words wing
    (:func:`bot.words.refusals.refusal`) puts each player's display name in its place, so
    no id is ever searched for in the finished text.

    Attributes:
        template: the message, placeholders and all; the message itself when it names no
            player (then it may hold braces of its own).
        players: placeholder -> player id; empty when the message names no player.
    """

    def __init__(self, message: str = "", **players: str) -> None:
        super().__init__(message.format(**players) if players else message)
        self.template = message
        self.players = players


class IllegalAction(EngineError):
    """An action the rules do not allow now; nothing was changed.

    The message says why, e.g. "the minimum raise is to 40". A move refused in a betting
    round carries the player's whole legal choice as ``legal`` (the rulebook's "In play
    and in replay": every refusal gives the legal range); what the player reads is the
    reason and that choice put in words by :func:`bot.words.refusals.refusal`, while the
    message alone (``str(error)``) is the short reason, for logs and a replay's report.

    Attributes:
        legal: the :class:`~bot.engine.actions.LegalActions` of the player refused, in
            chips; None when the refusal names no betting choice.
    """

    def __init__(
        self, message: str = "", legal: LegalActions | None = None, **players: str
    ) -> None:
        super().__init__(message, **players)
        self.legal = legal


class NotYourTurn(IllegalAction):
    """An action by a player who is not the one to act (000 NL §7: action in turn)."""


class StaleButton(IllegalAction):
    """A button shown for an earlier hand or an earlier decision of this one, refused
    (000 NL §7: a click never acts on a later decision than the one it was shown for).

    Attributes:
        hand, step: the hand number and the step the button was shown at (None: not
            checked).
        to_act: the player id to act now when it is another player's turn, else None.
    """

    def __init__(
        self, message: str, hand: int | None, step: int | None, to_act: str | None = None
    ) -> None:
        if to_act is None:
            super().__init__(message)
        else:
            super().__init__(message, to_act=to_act)
        self.hand = hand
        self.step = step
        self.to_act = to_act


class HandOver(IllegalAction):
    """An action after the hand has ended."""


class ConfigError(EngineError):
    """A table or hand set-up that cannot be played (stakes, stacks, seats)."""


def whole_in(word: str, low: int, high: int, what: str, usage: str) -> int:
    """``word`` as a whole number from ``low`` to ``high``, written in ASCII digits.

    Raises:
        IllegalAction: anything else (``abc``, ``-5``, ``1e9``, out of range), saying
            ``what`` the range is, the word refused and ``usage``, the legal forms.
    """
    if not (word.isascii() and word.isdigit()) or not low <= int(word) <= high:
        raise IllegalAction(f"{what}, not {word[:20]!r}: {usage}")
    return int(word)


def check_whole(record: object, bounds: Sequence[tuple[str, int, int]], owner: str) -> None:
    """Each field of ``record`` named in ``bounds`` is a whole number (never a bool) from
    its low to its high bound.

    Args:
        record: the object whose fields are read.
        bounds: ``(field, low, high)`` for each field checked.
        owner: whose fields they are in the message, e.g. "a level's".
    Raises:
        ConfigError: the first that is not, e.g. "a level's big blind is 0 to 1000".
    """
    for name, low, high in bounds:
        value = getattr(record, name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ConfigError(f"{owner} {name.replace('_', ' ')} is {low} to {high}")
