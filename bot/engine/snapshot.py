"""What everyone at the table may know of the hand in play, as plain data: each dealt
player's stack, bet, upcards and state, the board, the pot, whose turn it is, his legal
range and the buttons it gives him. The table message is drawn from this alone,
so no layer above the engine reads the hand. No hidden card is in it: only the board,
stud upcards and what the rules make public. Nothing here is a button's words: the words
wing labels each :class:`LegalMove` as a button (:mod:`bot.words.tableview`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import LegalActions
from .config import GameConfig
from .errors import IllegalAction
from .hand import Hand, Phase


@dataclass(frozen=True)
class LegalMove:
    """One move the player to act may make, as data: the words wing makes a button of it.

    Attributes:
        move: what it does: ``bring_in``, ``fold``, ``check``, ``call``, ``bet``, ``raise``
            or ``complete`` (to ``amount``, or to a sum in ``minimum``-``maximum``),
            ``all_in``, ``pat``, ``draw`` or ``runs`` (``amount`` times).
        command: the command it sends, e.g. ``call`` (``raise`` takes an amount).
        style: ``danger`` (fold), ``primary`` (check or call), ``success`` (bet or raise),
            ``secondary`` (anything else).
        minimum, maximum: for ``bet``/``raise``, the legal range *to* in chips.
        confirm: an all-in: the adapter asks for a confirmation click first.
        amount: the chips the move puts in or goes to (or the runs), None when it names
            none (fold, check, pat, draw, a range).
    """

    move: str
    command: str
    style: str = "secondary"
    minimum: int | None = None
    maximum: int | None = None
    confirm: bool = False
    amount: int | None = None


@dataclass(frozen=True)
class PlayerState:
    """One dealt player as the channel sees him: ``stack`` and ``bet`` in chips, his
    ``upcards`` (stud), and whether he has ``folded``, is ``all_in`` or is ``to_act``."""

    stack: int
    bet: int
    upcards: tuple[str, ...]
    folded: bool
    all_in: bool
    to_act: bool


@dataclass(frozen=True)
class Snapshot:
    """The hand in play as everyone may know it.

    Attributes:
        config: the game and stakes it is played at (a killed hand at the killed stakes),
            which the words wing titles (:func:`bot.words.gamewords.hand_title`).
        board: the community cards.
        pot: chips in the middle, this street's bets included.
        players: player id -> :class:`PlayerState`, for those dealt in.
        over: the hand is complete.
        to_act: the player id to act, or None.
        legal: his legal range in a betting round, in chips (the words wing says it, by
            ``phase``: :func:`bot.words.legalwords.phase_legal_text`); None otherwise.
        choices: his buttons.
        phase: the hand's phase in words (``betting``, ``drawing``...).
        second_board: a double board's second board (RULES.md "Bomb pots"), else ().
        bomb: the hand is a bomb pot (RULES.md "Bomb pots").
    """

    config: GameConfig
    board: tuple[str, ...]
    pot: int
    players: dict[str, PlayerState]
    over: bool
    to_act: str | None
    legal: LegalActions | None
    choices: tuple[LegalMove, ...]
    phase: str
    second_board: tuple[str, ...] = ()
    bomb: bool = False


def snapshot(hand: Hand) -> Snapshot:
    """The public :class:`Snapshot` of ``hand``."""
    players = {}
    for index, player_id in enumerate(hand.names):
        stack = hand.stacks[index]
        players[player_id] = PlayerState(
            stack,
            hand.bets[index] if hand.bets is not None else 0,
            hand.upcards(index) if hand.spec.is_stud else (),
            bool(hand.folded[index]),
            stack == 0,
            hand.to_act == index and not hand.is_complete,
        )
    to_act = hand.names[hand.to_act] if hand.to_act is not None else None
    legal, choices = _choices(hand) if not hand.is_complete else (None, ())
    return Snapshot(
        hand.config,
        tuple(hand.board),
        hand.pot_total(),
        players,
        hand.is_complete,
        to_act,
        legal,
        choices,
        hand.phase.value.replace("_", " "),
        tuple(hand.second_board),
        hand.setup.bomb,
    )


def _choices(hand: Hand) -> tuple[LegalActions | None, tuple[LegalMove, ...]]:
    """The legal range in a betting round and the buttons for the player to act."""
    if hand.to_act is None:
        return None, ()
    if hand.phase is Phase.DRAWING:
        return None, (
            LegalMove("pat", "pat", "primary"),
            LegalMove("draw", "draw", "success"),
        )
    if hand.phase is Phase.RUNS_VOTE:
        return None, (
            LegalMove("runs", "runs 1", "primary", amount=1),
            LegalMove("runs", "runs 2", "success", amount=2),
            LegalMove("runs", "runs 3", "secondary", amount=3),
        )
    if hand.phase is not Phase.BETTING:
        return None, ()
    try:
        legal = hand.legal_actions()
    except IllegalAction:
        return None, ()
    choices: list[LegalMove] = []
    if legal.bring_in:
        choices.append(LegalMove("bring_in", "bringin", "primary", amount=legal.bring_in))
    if legal.can_fold:
        choices.append(LegalMove("fold", "fold", "danger"))
    if legal.can_check:
        choices.append(LegalMove("check", "check", "primary"))
    elif legal.call_amount:
        all_in = legal.call_amount >= legal.stack
        choices.append(
            LegalMove("call", "call", "primary", confirm=all_in, amount=legal.call_amount)
        )
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        move = "complete" if legal.completes else ("bet" if hand.current_bet == 0 else "raise")
        low, high = legal.min_raise_to, legal.max_raise_to
        if low == high and high < legal.all_in_to:
            choices.append(LegalMove(move, f"raise {low}", "success", amount=low))
        elif low < high:
            choices.append(LegalMove(move, "raise", "success", low, high))
        if high >= legal.all_in_to:
            all_in_to = legal.all_in_to
            choices.append(LegalMove("all_in", "allin", "danger", confirm=True, amount=all_in_to))
    return legal, tuple(choices)
