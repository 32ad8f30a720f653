"""The one decision gate: a player's proposed move as the rules will apply it.

Every layer above the engine asks here, once, under the table's lock, instead of sizing a
move, reading the hand or checking whose turn it is itself. For a player and a move it
answers the engine action that will be applied (a bare bet or raise is the minimum the
rules allow now), whether the move puts the player all-in or adds more chips than the
host's confirmation size (then it is asked to be confirmed first), or refuses it with the
player's whole legal choice (RULES.md "In play and in replay": every refusal gives the
legal range).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import limits
from .actiondata import KINDS, action_from_dict
from .actions import Action, AgreeRuns, AllIn, Discard, LegalActions, Raise
from .errors import IllegalAction
from .hand import Hand, Phase

# the words of the command vocabulary for the engine's action kinds
MOVE_KINDS = {
    "bet": "raise",
    "complete": "raise",
    "allin": "all_in",
    "bringin": "bring_in",
    "draw": "discard",
}
BETTING_KINDS = frozenset({"fold", "check", "call", "raise", "all_in", "bring_in"})


@dataclass(frozen=True)
class Decision:
    """A move as it will be applied.

    Attributes:
        action: the engine action (a bare ``raise`` already sized to the minimum).
        all_in: the move puts every chip the player has into the pot.
        adds: chips the move adds to the pot now (0 for a fold, a check, a draw).
        confirm: the question to ask before applying it ("Go all-in for 200?"), or None
            when it is applied at once.
    """

    action: Action
    all_in: bool
    adds: int
    confirm: str | None


def engine_action(kind: str, index: int, amount: int | None, cards: Sequence[str]) -> Action:
    """The engine action for a move of the command vocabulary (``bet``, ``raise``, ``allin``,
    ``draw``... or an engine kind), by the player at hand index ``index``.

    Raises:
        IllegalAction: a word that is not a move, or a bet or raise without an amount.
    """
    engine_kind = MOVE_KINDS.get(kind, kind)
    if engine_kind not in KINDS:
        raise IllegalAction(f"{kind} is not a move in a hand")
    if engine_kind == "raise" and amount is None:
        raise IllegalAction(f"{kind} needs an amount")
    record = {
        "kind": engine_kind,
        "player": index,
        "to": amount,
        "cards": list(cards),
        "runs": amount or 1,
    }
    return action_from_dict(record)


def decide(
    hand: Hand,
    index: int,
    kind: str,
    amount: int | None = None,
    cards: Sequence[str] = (),
    confirm_over: int = 0,
) -> Decision:
    """The move ``kind`` (with ``amount`` to bet or raise to, or ``cards`` to throw) by the
    player at hand index ``index``, as it will be applied.

    A bet or raise without an amount is the minimum the rules allow (the only size in
    fixed limit); a call with an amount must name the call itself. An all-in, a bet that
    puts the player all-in, or one adding more than ``confirm_over`` chips (0: all-ins
    only) is to be confirmed first.

    Raises:
        IllegalAction: it is not the player's turn (naming who is to act, by player id), he
            may not bet or raise now (jacks or better without openers, 004 jacks §1), a
            call names an amount that is not the call, or the move is not a move; each with
            what he may do.
    """
    engine_kind = MOVE_KINDS.get(kind, kind)
    if engine_kind in BETTING_KINDS:
        to_act = hand.to_act
        if to_act is None or hand.phase is not Phase.BETTING:
            raise IllegalAction(hand.no_betting_reason())
        if to_act != index:
            raise IllegalAction(
                "it is not your turn: {to_act} is to act", to_act=hand.names[to_act]
            )
        legal = hand.legal_actions()
        if kind == "complete" and not hand.config.street_structure(hand.street).is_limit:
            raise IllegalAction("completing a bet is for limit poker (000 NL §4)", legal=legal)
        if engine_kind == "raise" and amount is None:
            if legal.min_raise_to is None:
                openers = hand.spec.openers and hand.opener is None
                why = " without jacks or better to open (004 jacks §1)" if openers else ""
                raise IllegalAction(f"you cannot {kind} now{why}", legal=legal)
            amount = legal.min_raise_to
    action = engine_action(kind, index, amount, cards)
    if engine_kind not in BETTING_KINDS or isinstance(action, (Discard, AgreeRuns)):
        return Decision(action, False, 0, None)
    already = hand.bets[index] if hand.bets else 0
    stack = hand.stacks[index]
    if isinstance(action, (AllIn, Raise)):
        # the engine applies the move as asked (a pot-limit overbet is cut there, and the
        # player told, 000 PL §1); the question is about what it will come to
        if isinstance(action, AllIn):
            if legal.max_raise_to is None or legal.all_in_to <= legal.max_raise_to:
                if legal.max_raise_to is None and stack > legal.call_amount:
                    raise IllegalAction("you may not raise now", legal=legal)
                return Decision(action, True, stack, f"Go all-in for {stack + already}?")
            to = _within_limit(hand, legal, legal.all_in_to)
        else:
            to = _within_limit(hand, legal, action.to)
        adds = to - already
        if adds >= stack:
            question = f"Raising to {to} puts you all-in for {stack + already}: confirm?"
            return Decision(action, True, stack, question)
        if to != getattr(action, "to", to) or isinstance(action, AllIn):
            question = f"Raise to {to}, the most the pot limit allows (000 PL §1)?"
            return Decision(action, False, adds, question)
        if confirm_over and adds > confirm_over:
            verb = "Bet" if kind == "bet" else "Raise"
            question = f"{verb} to {to}? (more than {confirm_over} chips)"
            return Decision(action, False, adds, question)
        return Decision(action, False, adds, None)
    if engine_kind == "call":
        if amount is not None and amount != legal.call_amount:
            # a call names no size of its own: an amount that is not the call is a slip
            what = f"the call is {legal.call_amount}" if legal.call_amount else "nothing to call"
            raise IllegalAction(f"{what}, not {amount}", legal=legal)
        if stack and legal.call_amount >= stack:
            question = f"Calling {legal.call_amount} puts you all-in: confirm?"
            return Decision(action, True, stack, question)
        return Decision(action, False, legal.call_amount, None)
    return Decision(action, False, 0, None)


def _within_limit(hand: Hand, legal: LegalActions, to: int) -> int:
    """What a bet or raise to ``to`` comes to under the limits: above the player's chips it
    is refused (table stakes, 000 NL §16); above a pot limit it is cut to the maximum (000
    PL §1, 003 §10); above any other limit it is refused. The refusals give the whole
    legal choice.

    Raises:
        IllegalAction: as above, or no bet or raise allowed now.
    """
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        raise IllegalAction("you may not bet or raise now", legal=legal)
    if to > legal.all_in_to:
        raise IllegalAction(f"you have {legal.all_in_to} in all", legal=legal)
    if to <= high:
        return to
    if limits.is_pot_limited(hand.config, hand.street) and not hand.strict:
        return high
    raise IllegalAction(f"the most you may bet or raise to is {high}", legal=legal)
