"""What a table reads as for whoever asks: its status (the table message's text, and why
nothing is dealt when the game is paused or unseen) and its public state as plain data,
every player by display name. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import KillButton, Table
from bot.words.gamewords import game_title, hand_title
from bot.words.tableview import TableView


def status_text(view: TableView, unseen: str | None, running: bool, in_hand: bool) -> str:
    """The table as its message shows it (``view``), and, when the host has paused the
    game (``running`` False), that it is paused and that ``start`` deals again; ``unseen``:
    why the platform cannot show the table, which holds it until ``start``."""
    text = view.text()
    if unseen is not None:
        text += f"\nI cannot post in this channel: {unseen}; then 'start' (host)"
    elif not running:
        when = "after this hand" if in_hand else "now"
        text += f"\nThe game is paused {when}: the host's 'start' deals again"
    return text


def public_state(table: Table, table_id: str, names: Mapping[str, str]) -> dict[str, object]:
    """What everyone at the table may know, as plain data: seats and stacks (as they stand
    in the hand in play), the button and kill button, and the hand in play without anyone's
    hidden cards; players by display name (``names``: player id -> name)."""
    hand = table.hand
    # a seat's stack is settled when its hand ends; meanwhile the hand holds it
    now = dict(zip(hand.names, hand.stacks, strict=True)) if hand is not None else {}
    seats = {
        str(s.seat): {
            "name": s.name,
            "stack": now.get(s.player_id, s.stack),
            "status": s.status.value,
        }
        for s in table.seated()
    }
    state: dict[str, object] = {
        "table": table_id,
        "game": game_title(table.next_game()),
        "hand_number": table.hand_number,
        "button": table.seating.button,
        "seats": seats,
        "kill": _named_summary(table.kill_button(), names),
        "hand": None,
    }
    shown = table.snapshot()
    if shown is not None:
        state["hand"] = {
            "game": hand_title(shown.config, shown.bomb),
            "players": [names.get(p, p) for p in shown.players],
            "stacks": [p.stack for p in shown.players.values()],
            "bets": [p.bet for p in shown.players.values()],
            "board": list(shown.board),
            "pot": shown.pot,
            "to_act": names.get(shown.to_act) if shown.to_act is not None else None,
            "phase": shown.phase.replace(" ", "_"),
        }
    return state


def _named_summary(button: KillButton | None, names: Mapping[str, str]) -> dict[str, Any] | None:
    """The kill button's summary as the table shows it, players by display name."""
    if button is None:
        return None
    summary = button.summary()
    holder = summary["holder"]
    summary["holder"] = names.get(holder, holder) if holder else holder
    summary["legs"] = {names.get(p, p): n for p, n in summary["legs"].items()}
    owed = {**button.missed, **button.owes_next}
    summary["owed"] = {names.get(p, p): c for p, c in owed.items()}
    return summary
