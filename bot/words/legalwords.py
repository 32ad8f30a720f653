"""The legal range in words: what the player to act may do, with exact amounts in chips,
as every refusal and the table message say it ("fold, call 20 or raise to 40 to 500").
The engine hands over the :class:`~bot.engine.LegalActions` (a refusal carries them, see
:class:`bot.engine.errors.IllegalAction`); the words are written here alone."""

from __future__ import annotations

from bot.engine import LegalActions

# what the player to act may do outside a betting round, by the hand's phase
_PHASE_WORDS = {
    "drawing": "discard the cards you do not want, or stand pat",
    "runs vote": "run the board once, twice or three times",
}
_TURN_WORDS = {
    "drawing": "draw CARDS or 'pat'",
    # 000 NL §17: the fewest runs anyone asks for is dealt
    "runs vote": "run the board once, twice or three times? ('runs 1', 'runs 2' or 'runs 3')",
}


def legal_text(legal: LegalActions) -> str:
    """The legal choices in words (the rulebook's "In play and in replay"), e.g. "fold,
    call 20 or raise to 40 to 500 (all-in)"; amounts are chips, a raise's *to* the
    street's total. "nothing" when no move is open."""
    parts: list[str] = []
    if legal.bring_in:
        # the words to type: 'bringin' posts it, 'complete to N' completes
        parts.append(f"bringin ({legal.bring_in})")
    if legal.can_fold:
        parts.append("fold")
    if legal.can_check:
        parts.append("check")
    elif legal.call_amount:
        all_in = " (all-in)" if legal.call_amount >= legal.stack else ""
        parts.append(f"call {legal.call_amount}{all_in}")
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        verb = (
            "complete to"
            if legal.bring_in or legal.completes
            else "bet"
            if legal.can_check and not legal.opened
            else "raise to"
        )
        if legal.either:
            parts.append(f"{verb} {low} or {high}")
        elif low == high:
            all_in = " (all-in)" if low == legal.all_in_to else ""
            parts.append(f"{verb} {low}{all_in}")
        else:
            top = " (all-in)" if high == legal.all_in_to else ""
            parts.append(f"{verb} {low} to {high}{top}")
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " or " + parts[-1]
    return parts[0] if parts else "nothing"


def with_legal(reason: str, legal: LegalActions) -> str:
    """A refusal's ``reason`` followed by the whole legal choice: "the minimum raise is to
    40: you may fold, call 20 or raise to 40 to 500". A reason that states the chips the
    player has ("you have 300 in all") is a clause of its own, joined by a semicolon."""
    joint = "; " if reason.endswith(" in all") else ": "
    return f"{reason}{joint}you may {legal_text(legal)}"


def phase_legal_text(phase: str, legal: LegalActions | None) -> str:
    """What the player to act may do in a hand at ``phase`` (a
    :class:`~bot.engine.Phase` value, its underscores as spaces or not), for the table
    message: the legal range in a betting round, what a draw or a vote on the runs asks
    for; "" in any other phase."""
    if legal is not None:
        return legal_text(legal)
    return _PHASE_WORDS.get(phase.replace("_", " "), "")


def turn_text(phase: str, legal: LegalActions | None) -> str:
    """What the player whose turn it is may do, as his prompt says it (see
    :class:`bot.engine.Turn`): the legal range in a betting round, the draw's words, the
    vote on the runs (000 NL §17), else show or muck at the showdown."""
    if legal is not None:
        return legal_text(legal)
    return _TURN_WORDS.get(phase.replace("_", " "), "show or muck")
