"""Actions as plain data, so a hand in progress is saved as its set-up plus its actions and
rebuilt exactly: a restart resumes every hand exactly."""

from __future__ import annotations

from typing import Any

from .actions import (
    Action,
    AgreeRuns,
    AllIn,
    BringIn,
    Call,
    Check,
    Discard,
    Fold,
    Muck,
    Raise,
    Show,
)
from .errors import EngineError

_KINDS: dict[str, type] = {
    "fold": Fold,
    "check": Check,
    "call": Call,
    "raise": Raise,
    "all_in": AllIn,
    "bring_in": BringIn,
    "discard": Discard,
    "show": Show,
    "muck": Muck,
    "runs": AgreeRuns,
}
_NAMES = {cls: name for name, cls in _KINDS.items()}
KINDS = frozenset(_KINDS)
"""The action kinds a record may hold."""


def action_to_dict(action: Action) -> dict[str, Any]:
    """``Raise(2, 40)`` -> ``{"kind": "raise", "player": 2, "to": 40}``."""
    data: dict[str, Any] = {"kind": _NAMES[type(action)], "player": action.player}
    if isinstance(action, Raise):
        data["to"] = action.to
    elif isinstance(action, Discard):
        data["cards"] = list(action.cards)
    elif isinstance(action, AgreeRuns):
        data["runs"] = action.runs
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    """The inverse of :func:`action_to_dict`.

    Raises:
        EngineError: an unknown kind or missing fields.
    """
    try:
        cls = _KINDS[data["kind"]]
        player = int(data["player"])
        if cls is Raise:
            return Raise(player, int(data["to"]))
        if cls is Discard:
            return Discard(player, tuple(data.get("cards", ())))
        if cls is AgreeRuns:
            return AgreeRuns(player, int(data["runs"]))
        action: Action = cls(player)
        return action
    except (KeyError, TypeError, ValueError) as exc:
        raise EngineError(f"a saved action cannot be read: {data!r}") from exc
