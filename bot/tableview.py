"""The table summary every adapter shows: one message per hand, edited in place.

Pure: it reads a table and says what the channel may see (board, upcards, pot, stacks,
bets, whose turn, the legal range) and which buttons the player to act gets. It never
reads a hidden card: only the board, stud upcards and hands shown at showdown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .engine.errors import IllegalAction
from .engine.hand import Hand, Phase
from .engine.table import Table
from .render import cards_text


@dataclass(frozen=True)
class Choice:
    """One button for the player to act.

    Attributes:
        label: what the button says, e.g. ``Call 20``.
        command: the command it sends, e.g. ``call`` (``raise`` takes an amount).
        style: ``danger`` (fold), ``primary`` (check or call), ``success`` (bet or raise),
            ``secondary`` (anything else).
        minimum, maximum: for ``bet``/``raise``, the legal range *to* in chips.
        confirm: an all-in: the adapter asks for a confirmation click first.
    """

    label: str
    command: str
    style: str = "secondary"
    minimum: int | None = None
    maximum: int | None = None
    confirm: bool = False


@dataclass(frozen=True)
class SeatLine:
    """One seat as the channel sees it; ``marks`` are short words like ``button``."""

    seat: int
    player_id: str
    name: str
    stack: int
    bet: int
    marks: tuple[str, ...]
    upcards: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableView:
    """What the table message shows.

    Attributes:
        table_id: the table.
        hand_number: the hand in play (or the last one), 0 before the first.
        title: the game and stakes.
        board: the community cards (empty in stud and draw games).
        pot: chips in the middle, this street's bets included.
        seats: every seat in seat order.
        to_act: the player id to act, or None.
        legal: the legal choices in words for the player to act ("" if none).
        choices: the buttons for the player to act.
        footer: the kill button and what the table waits for.
        phase: the hand's phase (``betting``, ``drawing``...), or ``between hands``.
        step: how many moves the hand has had: a button shown for one decision carries it,
            so a second click of the same button cannot act on the next decision.
    """

    table_id: str
    hand_number: int
    title: str
    board: tuple[str, ...]
    pot: int
    seats: tuple[SeatLine, ...]
    to_act: str | None
    legal: str
    choices: tuple[Choice, ...]
    footer: str
    phase: str
    step: int = 0

    def to_act_name(self) -> str | None:
        """The display name of the player to act, or None."""
        for line in self.seats:
            if line.player_id == self.to_act:
                return line.name
        return None

    def text(self) -> str:
        """The whole summary as plain text (the console, and chat clients without rich
        messages)."""
        lines = [f"Hand #{self.hand_number} · {self.title}"]
        if self.board:
            lines.append(f"Board: {cards_text(self.board)}")
        if self.pot or self.phase != "between hands":
            lines.append(f"Pot: {self.pot}")
        for seat in self.seats:
            marks = f" [{', '.join(seat.marks)}]" if seat.marks else ""
            bet = f" · bet {seat.bet}" if seat.bet else ""
            up = f" · shows {cards_text(seat.upcards)}" if seat.upcards else ""
            lines.append(f"{seat.seat}. {seat.name} {seat.stack}{bet}{up}{marks}")
        name = self.to_act_name()
        if name is not None:
            lines.append(f"To act: {name}" + (f": {self.legal}" if self.legal else ""))
        if self.footer:
            lines.append(self.footer)
        return "\n".join(lines)


def table_view(table_id: str, table: Table, names: Mapping[str, str]) -> TableView:
    """The summary of a table now.

    Args:
        table_id: the table's id.
        table: the table (read only).
        names: player id -> display name.
    Returns:
        The view; between hands it shows the seats and stacks only.
    """
    hand = table.hand
    seating = table.seating
    in_hand: dict[str, int] = {pid: i for i, pid in enumerate(hand.names)} if hand else {}
    holder = None
    footer: list[str] = []
    if table.kills is not None:
        footer.append(kill_status(table, names))
        shown = table.kill_button()
        holder = shown.holder if shown is not None else None
    seats = []
    for number in sorted(seating.seats):
        seat = seating.seats[number]
        marks: list[str] = []
        if seating.button == number:
            marks.append("button")
        if holder is not None and holder in (seat.player_id, seat.name):
            marks.append("kill button")
        stack, bet, up = seat.stack, 0, ()
        index = in_hand.get(seat.player_id)
        if hand is not None and index is not None:
            stack = hand.stacks[index]
            bet = hand.bets[index] if hand.bets is not None else 0
            up = hand.upcards(index) if hand.spec.is_stud else ()
            if hand.folded[index]:
                marks.append("folded")
            elif stack == 0:
                marks.append("all-in")
            if hand.to_act == index and not hand.is_complete:
                marks.append("to act")
        elif seat.status.value != "active":
            marks.append(seat.status.value.replace("_", " "))
        name = names.get(seat.player_id, seat.name)
        seats.append(SeatLine(number, seat.player_id, name, stack, bet, tuple(marks), up))
    if hand is None or hand.is_complete:
        return TableView(
            table_id,
            table.hand_number,
            table.next_game().description,
            tuple(hand.board) if hand else (),
            0,
            tuple(seats),
            None,
            "",
            (),
            " · ".join(footer),
            "between hands",
        )
    to_act = hand.names[hand.to_act] if hand.to_act is not None else None
    legal, choices = _choices(hand)
    step = len(table.current.actions) if table.current is not None else 0
    return TableView(
        table_id,
        table.hand_number,
        hand.config.description,
        tuple(hand.board),
        hand.pot_total(),
        tuple(seats),
        to_act,
        legal,
        choices,
        " · ".join(footer),
        hand.phase.value.replace("_", " "),
        step,
    )


def kill_status(table: Table, names: Mapping[str, str]) -> str:
    """The kill button, every leg up and every kill owed, in one line (000 kill §1-§6):
    e.g. ``Kill button: leg up (Ann) · legs: Ann · owes a kill: Cat 4``; "" without kills."""
    button = table.kill_button()
    if button is None:
        return ""
    state = button.state.value.replace("_", " ")
    holder = f" ({names.get(button.holder, button.holder)})" if button.holder else ""
    amount = f" for {button.amount}" if button.state.value == "killed" and button.amount else ""
    parts = [f"Kill button: {state}{holder}{amount}"]
    legs = [names.get(n, n) for n in button.legs()]
    if legs:
        frozen = set(button.frozen)
        parts.append(
            "legs: "
            + ", ".join(
                f"{name} (frozen)" if raw in frozen else name
                for name, raw in zip(legs, button.legs(), strict=True)
            )
        )
    owed = {**button.missed, **button.owes_next}
    if owed:
        parts.append("owes a kill: " + ", ".join(f"{names.get(n, n)} {c}" for n, c in owed.items()))
    return " · ".join(parts)


def _choices(hand: Hand) -> tuple[str, tuple[Choice, ...]]:
    """The legal range in words and the buttons for the player to act."""
    if hand.to_act is None:
        return "", ()
    if hand.phase is Phase.DRAWING:
        return "discard the cards you do not want, or stand pat", (
            Choice("Stand pat", "pat", "primary"),
            Choice("Draw…", "draw", "success"),
        )
    if hand.phase is Phase.RUNS_VOTE:
        return "run the board once, twice or three times", (
            Choice("Run once", "runs 1", "primary"),
            Choice("Run twice", "runs 2", "success"),
            Choice("Run three times", "runs 3", "secondary"),
        )
    if hand.phase is not Phase.BETTING:
        return "", ()
    try:
        legal = hand.legal_actions()
    except IllegalAction:
        return "", ()
    choices: list[Choice] = []
    if legal.bring_in:
        choices.append(Choice(f"Bring in {legal.bring_in}", "bringin", "primary"))
    if legal.can_fold:
        choices.append(Choice("Fold", "fold", "danger"))
    if legal.can_check:
        choices.append(Choice("Check", "check", "primary"))
    elif legal.call_amount:
        all_in = legal.call_amount >= legal.stack
        label = f"Call {legal.call_amount}" + (" (all-in)" if all_in else "")
        choices.append(Choice(label, "call", "primary", confirm=all_in))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        verb = "Complete" if legal.completes else ("Bet" if hand.current_bet == 0 else "Raise")
        low, high = legal.min_raise_to, legal.max_raise_to
        if low == high and high < legal.all_in_to:
            choices.append(Choice(f"{verb} to {low}", f"raise {low}", "success"))
        elif low < high:
            choices.append(Choice(f"{verb} {low}…", "raise", "success", low, high))
        if high >= legal.all_in_to:
            choices.append(Choice(f"All-in {legal.all_in_to}", "allin", "danger", confirm=True))
    return legal.describe(), tuple(choices)
