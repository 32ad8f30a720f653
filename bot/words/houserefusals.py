"""The house's own refusals, those that name no player, as the player reads them: a kind of
refusal the service raises (:class:`Refused`) and the host controls' refusals with the
figures they give (when a control can be done, the range a stack adjustment allows).

Every one of them changed nothing; each says what to do instead where there is anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from bot.words.commands import ADJUST_USAGE


class Refused(Enum):
    """A refusal of the service's own, by kind; its value is what the player reads."""

    TABLE_TAKEN = "a table already plays in this channel"
    NO_TABLE = "there is no table in this channel: start one with /poker new"
    TABLE_GONE = "there is no table in this channel any more"
    REQUEST_UNCHECKED = (
        "the request could not be checked against those already done, so nothing was done: "
        "try again"
    )
    REQUEST_REUSED = "that request was already used for another command: nothing was done"
    FAILED = "that could not be done (an error on our side, logged): nothing changed"
    NOT_CLOSED = "the session could not be closed: try again"
    NOT_SAVED = "the table could not be saved, so nothing changed: try again"
    DISK_FULL = (
        "the bot's database has no room left (its disk is full), so that was not saved and "
        "nothing changed: whoever runs the bot must free some space, then try again"
    )
    UNSTORABLE = (
        "that could not be saved (a name or text the database cannot hold), so nothing changed"
    )
    COMMIT_UNKNOWN = (
        "the database did not answer whether that was saved: look at the table before you act "
        "again (it is read again first)"
    )
    SAVE_FAILED = "that could not be saved (an error on our side, logged), so nothing changed"


KICK_SELF = "to leave the table yourself, type 'leave'"  # the host kicking himself
NOT_A_CONTROL = "that is not a host control"


def player_ambiguous(name: str) -> str:
    """A host control naming ``name``, which more than one player at the table is called."""
    return f"more than one player is called {name}: name him by mention"


def no_such_player(name: str, seated: Sequence[tuple[int, str]]) -> str:
    """A host control naming ``name``, who is not at the table, with who is ``seated``
    (seat number, display name)."""
    listed = ", ".join(f"{n}. {display}" for n, display in seated)
    return (
        f"no player called {name} here: seated are {listed or 'nobody'} "
        "(name a player or his seat number; quote a name with spaces)"
    )


def not_seated(name: str) -> str:
    """A host control for ``name`` (as the host typed it), who has no seat."""
    return f"{name} is not seated"


def not_created(reason: str) -> str:
    """A new table the database refused, with its ``reason`` (the storage error's text)."""
    return f"the table could not be created: {reason}"


def between_hands(refusal: str, running: bool, again: str = "type it again") -> str:
    """``refusal`` of a host control asked during a hand, with when it can be done: when
    the hand is over, after a ``pause`` while the game deals on (``running``: the next hand
    is dealt as soon as one ends, so there would be no moment between hands); ``again``
    says how (RULES.md "Leaving, the waiting list and host controls")."""
    pause = " ('pause' first, so that no hand is dealt after it)" if running else ""
    return f"{refusal}: {again} when this hand is over{pause}"


def adjust_range(name: str, stack: int, amount: int) -> str:
    """An adjustment of ``amount`` chips to the stack of the player named ``name`` (his
    display name), who has ``stack`` chips, refused, with the range it allows: every chip of
    it taken at most, any number added, never 0 (RULES.md "Leaving, the waiting list and
    host controls")."""
    shown = f'"{name}"' if " " in name else name
    taken = f"-{stack} to -1 (chips taken) or " if stack else ""
    example = f"-{min(stack, 50)} miscount" if stack else "50 comp"
    return (
        f"{ADJUST_USAGE}: {name} has {stack}, so the amount is {taken}1 or more (chips "
        f"added), not {amount}; e.g. 'adjust {shown} {example}'"
    )


def no_bomb_called(every: int) -> str:
    """``bomb off`` with no bomb pot called: says so, and how a schedule of one every
    ``every`` hands (0: none) stops (RULES.md "Bomb pots")."""
    if every:
        return (
            f"bomb off: no bomb pot is called for the next hand; the one after every {every} "
            "hands stops with 'set bomb off'"
        )
    return "bomb off: no bomb pot is called for the next hand ('bomb [ANTE]' calls one)"


# ``end`` at a tournament's table.
NO_SESSION_END = (
    "a tournament has no session to end: it ends with its winner, or the host's 'tournament "
    "cancel' before the start; 'results' shows its places and prizes"
)
