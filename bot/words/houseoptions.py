"""House options in words, as ``rules`` lists them and the table is told when the host sets
one: the bomb pots and the time bank (RULES.md "Bomb pots", "The time bank")."""

from __future__ import annotations


def bomb_text(ante: int, every: int, double_board: bool) -> str:
    """The bomb pots, e.g. "a bomb pot of 10 each after every 12 hands, two boards".

    Args:
        ante: each player's ante in chips (the house's, or the big blind when it set none).
        every: a bomb pot after every this many hands; 0 when only the host calls one.
        double_board: bomb pots are dealt two boards.
    """
    when = f"after every {every} hands" if every else "when the host types 'bomb'"
    boards = ", two boards" if double_board else ""
    return f"a bomb pot of {ante} each {when}{boards}"


def time_bank_text(seconds: int, refill: int, every: int) -> str:
    """The time bank, e.g. "time bank: 60s each when the time to act runs out, 10s back
    every 20 hands"; "no time bank" when ``seconds`` is 0.

    Args:
        seconds: each player's bank in seconds.
        refill, every: ``refill`` seconds back after every ``every`` hands (0: none).
    """
    if not seconds:
        return "no time bank"
    back = f", {refill}s back every {every} hands" if every else ""
    return f"time bank: {seconds}s each when the time to act runs out{back}"
