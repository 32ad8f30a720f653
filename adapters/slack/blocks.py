"""Block Kit for the table message, the replies and the two modals (raise, draw).

Pure: views and texts in, Slack JSON out. Every button carries its table and hand number
in its ``value`` (see :func:`button_value`) so that a click on an old hand's message is
refused instead of acting in the hand now in play.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.words.render import cards_text
from bot.words.tableview import Choice, TableView

PLAY = "kb_play_"  # a direct move, e.g. kb_play_0 (fold); action ids are unique per message
RAISE = "kb_raise"  # opens the raise modal
DRAW = "kb_draw"  # opens the draw modal
CARDS = "kb_cards"  # "My cards", for everyone
TABLE_WIDE = f"{PLAY}table_"  # a tournament's button for anyone, e.g. kb_play_table_0
CONFIRM = "kb_confirm"  # the Confirm button of a reply that asks for one
RAISE_MODAL = "kb_raise_modal"
DRAW_MODAL = "kb_draw_modal"
AMOUNT_BLOCK, AMOUNT_INPUT = "amount", "amount_input"
DISCARD_BLOCK, DISCARD_INPUT = "discard", "discard_input"

Block = dict[str, Any]


@dataclass(frozen=True)
class ButtonValue:
    """What a button carries: the table, the hand it was shown for and the command.

    Attributes:
        table_id: ``team/channel``.
        hand: the hand number the message was for (0 before the first deal).
        command: the command words, e.g. ``call`` or ``raise`` (the modal asks how much,
            with the chat core's legal range as it is when it opens: a button carries none).
        confirmed: the button asked to confirm in a dialog (an all-in) before it was sent.
        step: the hand's move count when a move's button was shown (None: good for the
            whole hand, e.g. My cards), so a double click cannot act on the next decision.
    """

    table_id: str
    hand: int
    command: str
    confirmed: bool = False
    step: int | None = None


def button_value(value: ButtonValue) -> str:
    """The button's ``value`` string (compact JSON, well under Slack's 2000 characters)."""
    data: dict[str, Any] = {"t": value.table_id, "h": value.hand, "c": value.command}
    if value.confirmed:
        data["ok"] = 1
    if value.step is not None:
        data["s"] = value.step
    return json.dumps(data, separators=(",", ":"))


def parse_value(text: str) -> ButtonValue:
    """Read a button's ``value`` (or a modal's ``private_metadata``).

    Keys it does not read are left alone: a raise button drawn before buttons stopped
    carrying the range (``lo``, ``hi``) still reads, its range unused.

    Raises:
        ValueError: not a value this adapter wrote (not JSON, no object, a field missing
            or of another type).
    """
    try:
        data = json.loads(text)
        return ButtonValue(
            str(data["t"]),
            int(data["h"]),
            str(data["c"]),
            bool(data.get("ok")),
            None if data.get("s") is None else int(data["s"]),
        )
    except (TypeError, KeyError, ValueError, OverflowError, AttributeError) as exc:
        # OverflowError: a hand number of 1e999; AttributeError: JSON that is no object
        raise ValueError(f"not a killbutton button value: {str(text)[:80]!r}") from exc


def escape(text: str) -> str:
    """Text safe for mrkdwn: Slack's three control characters escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text(kind: str, text: str) -> dict[str, Any]:
    return {"type": kind, "text": text}


def _button(label: str, action_id: str, value: str, style: str = "") -> Block:
    button: Block = {
        "type": "button",
        "text": _text("plain_text", label[:75]),
        "action_id": action_id,
        "value": value,
    }
    if style in ("primary", "danger"):  # Slack knows only these two styles
        button["style"] = style
    return button


def _confirm_dialog(question: str) -> Block:
    return {
        "title": _text("plain_text", "Are you sure?"),
        "text": _text("plain_text", question),
        "confirm": _text("plain_text", "Yes"),
        "deny": _text("plain_text", "No"),
        "style": "danger",
    }


def choice_button(view: TableView, index: int, choice: Choice) -> Block:
    """The button for one of the player's choices: raise and draw open a modal, an
    all-in asks to confirm in a dialog, anything else acts at once."""
    value = ButtonValue(
        view.table_id, view.hand_number, choice.command, confirmed=choice.confirm, step=view.step
    )
    if choice.command == "raise" and choice.minimum is not None:
        value = ButtonValue(view.table_id, view.hand_number, "raise", step=view.step)
        return _button(choice.label, RAISE, button_value(value), choice.style)
    if choice.command == "draw":
        return _button(choice.label, DRAW, button_value(value), choice.style)
    button = _button(choice.label, f"{PLAY}{index}", button_value(value), choice.style)
    if choice.confirm:
        button["confirm"] = _confirm_dialog(f"{choice.label}: are you sure?")
    return button


def table_wide_button(view: TableView, index: int, choice: Choice) -> Block:
    """A tournament's button for anyone at the table (register, rebuy, the add-on, a
    deal's answers): it sends its command's words for whoever clicks, through the same
    path as a move's button, good for the hand shown as "My cards" is."""
    value = ButtonValue(view.table_id, view.hand_number, choice.command)
    return _button(choice.label, f"{TABLE_WIDE}{index}", button_value(value), choice.style)


def _seat_line(view: TableView, index: int) -> str:
    seat = view.seats[index]
    parts = [f"`{seat.seat}` *{escape(seat.name)}* {seat.stack}"]
    if seat.bet:
        parts.append(f"bet {seat.bet}")
    if seat.upcards:
        parts.append(f"shows {cards_text(seat.upcards)}")
    line = " · ".join(parts)
    return line + (f"  _{', '.join(seat.marks)}_" if seat.marks else "")


def table_blocks(view: TableView, recent: Sequence[str], over: bool = False) -> list[Block]:
    """The table message: title, a tournament's lines, board and pot, seats, whose turn,
    the buttons, a tournament's table-wide buttons, the hand's recent lines and the
    footer.

    Args:
        view: the table as the channel may see it (never a hidden card).
        recent: the hand's last public lines, oldest first.
        over: the hand is over and a newer message replaced this one (no buttons).
    """
    hand = f"Hand #{view.hand_number} · " if view.hand_number else ""
    blocks: list[Block] = [
        {"type": "header", "text": _text("plain_text", (hand + view.title)[:150])}
    ]
    facts = []
    for line in view.board_lines():
        label, cards = line.split(": ", 1)
        facts.append(f"*{label}* {cards}")
    if view.pot or view.phase != "between hands":
        facts.append(f"*Pot* {view.pot}")
    facts.append(f"_{view.phase}_")
    if view.tournament:
        tournament = "\n".join(escape(line) for line in view.tournament)
        blocks.append({"type": "section", "text": _text("mrkdwn", tournament[:3000])})
    blocks.append({"type": "section", "text": _text("mrkdwn", "   ".join(facts))})
    if view.seats:
        lines = [_seat_line(view, i) for i in range(len(view.seats))]
        blocks.append({"type": "section", "text": _text("mrkdwn", "\n".join(lines)[:3000])})
    name = view.to_act_name()
    if name is not None and not over:
        legal = f": {escape(view.legal)}" if view.legal else ""
        blocks.append(
            {"type": "section", "text": _text("mrkdwn", f"*{escape(name)}* to act{legal}")}
        )
    buttons = [] if over else [choice_button(view, i, c) for i, c in enumerate(view.choices)]
    if buttons:
        blocks.append({"type": "actions", "block_id": "play", "elements": buttons[:25]})
    if view.hand_number and not over:
        value = button_value(ButtonValue(view.table_id, view.hand_number, "cards"))
        blocks.append(
            {"type": "actions", "block_id": "mine", "elements": [_button("My cards", CARDS, value)]}
        )
    if view.lobby and not over:
        wide = [table_wide_button(view, i, c) for i, c in enumerate(view.lobby)]
        blocks.append({"type": "actions", "block_id": "table", "elements": wide[:25]})
    notes = [escape(line) for line in recent]
    if over:
        started = "This hand is over" if view.hand_number else "The game is on"
        notes.append(f"{started}: the newest table message is below.")
    if view.footer:
        notes.append(escape(view.footer))
    if notes:
        blocks.append({"type": "context", "elements": [_text("mrkdwn", "\n".join(notes)[:3000])]})
    return blocks


def reply_blocks(
    text: str, confirm: str | None, table_id: str, hand: int, step: int | None = None
) -> list[Block] | None:
    """An ephemeral reply's blocks: only when it asks to confirm (``confirm`` is the
    command to send again, good for ``hand`` at ``step`` only), else None (plain text says
    it all)."""
    if confirm is None:
        return None
    value = button_value(ButtonValue(table_id, hand, confirm, step=step))
    return [
        {"type": "section", "text": _text("mrkdwn", escape(text)[:3000])},
        {
            "type": "actions",
            "block_id": "confirm",
            "elements": [_button("Confirm", CONFIRM, value, "danger")],
        },
    ]


def _modal(callback_id: str, title: str, meta: ButtonValue, blocks: list[Block]) -> Block:
    return {
        "type": "modal",
        "callback_id": callback_id,
        "private_metadata": button_value(meta),
        "title": _text("plain_text", title),
        "submit": _text("plain_text", "Send"),
        "close": _text("plain_text", "Cancel"),
        "blocks": blocks,
    }


def raise_modal(value: ButtonValue, minimum: int | None, maximum: int | None) -> Block:
    """The raise modal: an amount field holding ``minimum``, with the legal range *to* in
    chips (the chat core's, as it opens); the button's value rides along as
    ``private_metadata`` (a submission names no channel)."""
    hint = f"Raise to, from {minimum} to {maximum} (e.g. 40, 1k, 2.5k)"
    field = {
        "type": "input",
        "block_id": AMOUNT_BLOCK,
        "label": _text("plain_text", "Amount"),
        "hint": _text("plain_text", hint),
        "element": {
            "type": "plain_text_input",
            "action_id": AMOUNT_INPUT,
            "initial_value": str(minimum),
        },
    }
    return _modal(RAISE_MODAL, "Raise", value, [field])


def draw_modal(value: ButtonValue, own: Sequence[str]) -> Block:
    """The draw modal: tick the cards to throw away (the clicker's own cards, shown to him
    only), or type them when his cards are not known here. Nothing ticked stands pat."""
    if own:
        element: Block = {
            "type": "checkboxes",
            "action_id": DISCARD_INPUT,
            "options": [
                {"text": _text("plain_text", cards_text([c])), "value": c} for c in own[:10]
            ],
        }
    else:
        element = {"type": "plain_text_input", "action_id": DISCARD_INPUT}
    field = {
        "type": "input",
        "block_id": DISCARD_BLOCK,
        "optional": True,
        "label": _text("plain_text", "Cards to throw away"),
        "hint": _text("plain_text", "None ticked or typed: you stand pat"),
        "element": element,
    }
    return _modal(DRAW_MODAL, "Draw", value, [field])


def submitted_discards(state: dict[str, Any]) -> list[str]:
    """The cards ticked or typed in the draw modal's submitted ``view.state.values``."""
    field = state.get(DISCARD_BLOCK, {}).get(DISCARD_INPUT, {})
    if "selected_options" in field:
        return [option["value"] for option in field["selected_options"] or []]
    return (field.get("value") or "").split()


def submitted_amount(state: dict[str, Any]) -> str:
    """The text typed in the raise modal's amount field ("" when empty)."""
    return (state.get(AMOUNT_BLOCK, {}).get(AMOUNT_INPUT, {}).get("value") or "").strip()
