"""A table's stored state as JSON text: only what changed, its large parts encoded once.

Within a hand most actions change only the hand's list of moves and the service's timers,
so :meth:`StateText.encode` writes just the new moves and the service's fields then (see
:class:`storage.records.StateWrite`). When more changed, the whole table is written; its
settings, the hand's set-up and its shuffle secret (three quarters of the text) change only
between hands, so each is encoded once and spliced into the text while it stays the same
object.
"""

from __future__ import annotations

import secrets
from typing import Any

from bot.engine import BETWEEN_MOVES
from storage import StateWrite, jsontext

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
            seen = (value, jsontext.dumps(value))
            self._texts[name] = seen
        return seen[1]

    def dumps(self, state: dict[str, Any]) -> str:
        """``jsontext.dumps(state)`` (the same text once parsed) for a state of the shape
        ``{"table": {"settings": ..., "current": {"setup": ..., "shuffle": ...} | None,
        ...}, ...}``; any other shape is encoded as it is."""
        table = state.get("table")
        if not isinstance(table, dict) or "settings" not in table:
            return jsontext.dumps(state)
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
        text = jsontext.dumps({**state, "table": table})
        for name, value in parts.items():
            text = text.replace(jsontext.dumps(_TOKEN + name), self._part(name, value), 1)
        return text

    def encode(self, state: dict[str, Any], committed: dict[str, Any] | None) -> StateWrite:
        """What to store of ``state`` (``{"table": <Table.to_dict()>, <service fields>}``)
        when the table was last stored as ``committed`` (its ``"table"`` part; None when
        unknown): the new moves alone if only the hand's moves were added, else the whole
        state. The table's parts that change between moves
        (:attr:`bot.engine.table.BETWEEN_MOVES`) go with the service's fields, under
        ``"table_live"``, at every commit (:func:`table_data` puts them back)."""
        table = state["table"]
        fields = {k: v for k, v in state.items() if k != "table"}
        fields["table_live"] = {k: table[k] for k in BETWEEN_MOVES if k in table}
        live = jsontext.dumps(fields)
        if committed is None or not _only_moves_added(committed, table):
            return StateWrite(self.dumps({"table": table}), live)
        stored = len(committed["current"]["actions"]) if committed["current"] else 0
        actions = table["current"]["actions"] if table["current"] else []
        moves = [(seq, jsontext.dumps(actions[seq])) for seq in range(stored, len(actions))]
        return StateWrite(None, live, moves)


def table_data(state: dict[str, Any]) -> dict[str, Any]:
    """The table's :meth:`~bot.engine.table.Table.to_dict` data from a stored ``state``:
    its part stored with each commit (``"table_live"``, see :meth:`StateText.encode`) laid
    over the rest."""
    table: dict[str, Any] = state["table"]
    apart = state.get("table_live")
    return {**table, **apart} if apart else table


# what is compared apart from the table's other parts: the moves, and what goes with them
_APART = frozenset(("current", *BETWEEN_MOVES))


def _only_moves_added(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether table dict ``new`` is ``old`` with moves appended to the same hand (parts
    reused from ``old`` compare by identity first, so this is cheap)."""
    if old.keys() != new.keys():
        return False
    if any(value != old[key] for key, value in new.items() if key not in _APART):
        return False
    before, after = old["current"], new["current"]
    if before is None or after is None:
        return before is after
    if before.keys() != after.keys():
        return False
    if any(value != before[key] for key, value in after.items() if key != "actions"):
        return False
    done = before["actions"]
    return bool(after["actions"][: len(done)] == done)
