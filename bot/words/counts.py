"""Words for counts in what players read: "1 hand", "2 hands"."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` and ``noun``, the noun in the plural unless the number is one.

    Args:
        number: how many.
        noun: the singular ("hand"); ``plural`` when it is not the noun and an s ("pots").
    Returns:
        e.g. ``"1 hand"``, ``"3 hands"``, ``"0 kills"``.
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
