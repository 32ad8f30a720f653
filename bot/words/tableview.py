"""The table summary every adapter shows: one message per hand, edited in place.

Pure: it reads a table and says what the channel may see (board, upcards, pot, stacks,
bets, whose turn, the legal range) and which buttons the player to act gets. It never
reads a hidden card: only the board, stud upcards and hands shown at showdown.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.engine import LegalMove, Table
from bot.engine.tourneytable import TournamentTable
from bot.words.gamewords import game_title, hand_title
from bot.words.legalwords import phase_legal_text
from bot.words.render import cards_text
from bot.words.tourneyview import Standings, table_choices, tournament_lines


@dataclass(frozen=True)
class Choice:
    """One button for the player to act: the engine's :class:`~bot.engine.LegalMove` with
    its label.

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


_RUNS = {1: "Run once", 2: "Run twice", 3: "Run three times"}
_WORDS = {"fold": "Fold", "check": "Check", "pat": "Stand pat", "draw": "Draw…"}


def choice_label(move: LegalMove) -> str:
    """What a move's button says: ``Fold``, ``Call 20 (all-in)``, ``Raise to 40`` (one
    size), ``Bet 20…`` (a range, the amount asked for), ``All-in 500``, ``Run twice``."""
    if move.move in _WORDS:
        return _WORDS[move.move]
    if move.move == "bring_in":
        return f"Bring in {move.amount}"
    if move.move == "call":
        return f"Call {move.amount}" + (" (all-in)" if move.confirm else "")
    if move.move == "all_in":
        return f"All-in {move.amount}"
    if move.move == "runs":
        return _RUNS.get(move.amount or 1, f"Run {move.amount} times")
    verb = move.move.capitalize()  # bet, raise or complete
    return f"{verb} to {move.amount}" if move.minimum is None else f"{verb} {move.minimum}…"


def choice(move: LegalMove) -> Choice:
    """The button for one legal move (:func:`choice_label`)."""
    label = choice_label(move)
    return Choice(label, move.command, move.style, move.minimum, move.maximum, move.confirm)


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
        second_board: a double board's second board, else ().
        tournament: at a tournament's table, its header lines (the lobby, the level and
            its clock, the prize pool, a deal on offer...: :mod:`bot.words.tourneyview`);
            () at a cash table.
        lobby: the table-wide buttons anyone at it may click (register, rebuy, the
            add-on, a deal's answers), each sending its command's words; () when none.
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
    second_board: tuple[str, ...] = ()
    tournament: tuple[str, ...] = ()
    lobby: tuple[Choice, ...] = ()

    def board_lines(self) -> list[str]:
        """The board in words, a line per board: ``Board: A♠ K♥ 2♦``, or ``Board 1: ...``
        and ``Board 2: ...`` for a double board (cards without markup)."""
        if self.second_board:
            return [
                f"Board 1: {cards_text(self.board)}",
                f"Board 2: {cards_text(self.second_board)}",
            ]
        return [f"Board: {cards_text(self.board)}"] if self.board else []

    def to_act_name(self) -> str | None:
        """The display name of the player to act, or None."""
        for line in self.seats:
            if line.player_id == self.to_act:
                return line.name
        return None

    def text(self) -> str:
        """The whole summary as plain text (the console, and chat clients without rich
        messages)."""
        lines = [f"Hand #{self.hand_number} · {self.title}", *self.tournament]
        lines += self.board_lines()
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
        if self.lobby:
            lines.append("Anyone may type: " + " · ".join(c.command for c in self.lobby))
        return "\n".join(lines)


def table_view(
    table_id: str,
    table: Table,
    names: Mapping[str, str],
    deadline: float | None = None,
    now: float = 0.0,
    tourney: TournamentTable | None = None,
    standings: Standings | None = None,
) -> TableView:
    """The summary of a table now, and at a tournament's table its tournament part.

    Args:
        table_id: the table's id.
        table: the table (read only).
        names: player id -> display name.
        deadline: when the time to act of the decision pending runs out, in the
            service's clock's seconds (None: no timer runs).
        now: the service's clock now, in seconds: with ``deadline``, the seconds left of a
            time bank running, or of the clock put on a player, rounded up (RULES.md "The
            time bank", 000 NL §15); a tournament's level, break and rebuy wait are
            counted from it too.
        tourney: the tournament's table whose ``table`` is ``table`` (None at a cash
            table): its header lines and table-wide buttons (:mod:`bot.words.tourneyview`).
        standings: at a table of several, where it stands among them.
    Returns:
        The view; between hands it shows the seats and stacks only (and a tournament's
        lines and buttons).
    """
    view = _view(table_id, table, names, deadline, now)
    if tourney is None:
        return view
    currency = table.settings.currency
    lobby = tuple(Choice(label, command, style) for label, command, style in table_choices(tourney))
    lines = tournament_lines(tourney, names, now, currency, standings)
    return replace(view, tournament=lines, lobby=lobby)


def _view(
    table_id: str,
    table: Table,
    names: Mapping[str, str],
    deadline: float | None,
    now: float,
) -> TableView:
    """:func:`table_view` of the table alone."""
    shown = table.snapshot()
    seating = table.seating
    holder = None
    footer: list[str] = []
    if table.kills is not None:
        footer.append(kill_status(table, names))
        button = table.kill_button()
        holder = button.holder if button is not None else None
    if table.banks.running is not None:
        banking = names.get(table.banks.running[0], table.banks.running[0])
        if deadline is None:
            footer.append(f"⏳ {banking} is on the time bank")
        else:
            left = max(0, math.ceil(deadline - now))
            footer.append(f"⏳ {banking} is on the time bank: {left}s left")
    elif table.clock.clock_on and table.clock.turn is not None and deadline is not None:
        on = table.clock.turn[1] or ""
        left = max(0, math.ceil(deadline - now))
        footer.append(f"⏱ the clock is on {names.get(on, on)}: {left}s left")
    seats = []
    for number in sorted(seating.seats):
        seat = seating.seats[number]
        marks: list[str] = []
        if seating.button == number:
            marks.append("button")
        if holder is not None and holder in (seat.player_id, seat.name):
            marks.append("kill button")
        up: tuple[str, ...] = ()
        stack, bet = seat.stack, 0
        state = shown.players.get(seat.player_id) if shown is not None else None
        if state is not None:
            stack, bet, up = state.stack, state.bet, state.upcards
            if state.folded:
                marks.append("folded")
            elif state.all_in:
                marks.append("all-in")
            if state.to_act:
                marks.append("to act")
        elif seat.status.value != "active":
            marks.append(seat.status.value.replace("_", " "))
        name = names.get(seat.player_id, seat.name)
        seats.append(SeatLine(number, seat.player_id, name, stack, bet, tuple(marks), up))
    if shown is None or shown.over:
        return TableView(
            table_id,
            table.hand_number,
            game_title(table.next_game()),
            shown.board if shown is not None else (),
            0,
            tuple(seats),
            None,
            "",
            (),
            " · ".join(footer),
            "between hands",
            second_board=shown.second_board if shown is not None else (),
        )
    return TableView(
        table_id,
        table.hand_number,
        hand_title(shown.config, shown.bomb),
        shown.board,
        shown.pot,
        tuple(seats),
        shown.to_act,
        phase_legal_text(shown.phase, shown.legal) if shown.to_act else "",
        tuple(choice(move) for move in shown.choices),
        " · ".join(footer),
        shown.phase,
        table.step,
        shown.second_board,
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
