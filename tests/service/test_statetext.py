"""The stored state text: the same JSON as ``json.dumps``, its unchanged parts reused."""

from __future__ import annotations

import json

from bot.service.statetext import StateText


def test_state_text_parses_to_the_state_and_follows_changed_parts() -> None:
    text = StateText()
    setup = {"names": ["a", "b"], "deck_order": ["As", "Kd"]}
    state = {
        "table": {
            "settings": {"seats": 6},
            "seating": {"name": "\x00settings"},
            "current": {"number": 3, "setup": setup, "shuffle": None, "actions": []},
        },
        "running": True,
    }
    assert json.loads(text.dumps(state)) == state
    state["table"]["current"]["actions"].append({"kind": "fold", "player": 0})
    assert json.loads(text.dumps(state)) == state
    state["table"]["current"] = {
        "number": 4,
        "setup": {"names": ["c"]},
        "shuffle": {},
        "actions": [],
    }
    assert json.loads(text.dumps(state)) == state
    state["table"]["current"] = None
    assert json.loads(text.dumps(state)) == state
    assert json.loads(text.dumps({"other": 1})) == {"other": 1}
