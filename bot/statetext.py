"""A table's stored state as JSON text, its large unchanging parts encoded once.

The service saves the whole table after every action, but the settings, the hand's set-up
and its shuffle secret (three quarters of the text) change only between hands. Each is
encoded once and spliced into the text while it stays the same object.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

# A key no stored value can hold: a NUL and 128 random bits chosen at start-up.
_TOKEN = "\x00" + secrets.token_hex(16)


class StateText:
    """Encodes one table's state dicts, reusing the text of parts seen before.

    Parts are recognised by identity: :meth:`bot.engine.table.Table.to_dict` hands out the
    same settings, set-up and shuffle objects while they are unchanged.
    """

    def __init__(self) -> None:
        self._texts: dict[str, tuple[object, str]] = {}

    def _part(self, name: str, value: object) -> str:
        seen = self._texts.get(name)
        if seen is None or seen[0] is not value:
            seen = (value, json.dumps(value))
            self._texts[name] = seen
        return seen[1]

    def dumps(self, state: dict[str, Any]) -> str:
        """``json.dumps(state)`` (the same text once parsed) for a state of the shape
        ``{"table": {"settings": ..., "current": {"setup": ..., "shuffle": ...} | None,
        ...}, ...}``; any other shape is encoded as it is."""
        table = state.get("table")
        if not isinstance(table, dict) or "settings" not in table:
            return json.dumps(state)
        parts = {"settings": table["settings"]}
        table = {**table, "settings": _TOKEN + "settings"}
        current = table.get("current")
        if isinstance(current, dict) and "setup" in current and "shuffle" in current:
            parts["setup"], parts["shuffle"] = current["setup"], current["shuffle"]
            table["current"] = {
                **current,
                "setup": _TOKEN + "setup",
                "shuffle": _TOKEN + "shuffle",
            }
        text = json.dumps({**state, "table": table})
        for name, value in parts.items():
            text = text.replace(json.dumps(_TOKEN + name), self._part(name, value), 1)
        return text
