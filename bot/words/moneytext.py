"""Chips and money in words: a number of chips at a table's chip value as money. Kept
apart from the books' words so that the table's own lines (a tournament's prizes among
them) can write money without reading the books."""

from __future__ import annotations


def money(chips: int, chips_per_unit: int, currency: str = "") -> str:
    """Chips in the host's money: 250 chips at 100 a unit -> "2.50"; "250 chips" with no
    rate (``chips_per_unit`` 0)."""
    if chips_per_unit <= 0:
        return f"{chips} chips"
    cents = chips * 100 // chips_per_unit
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{currency}{cents // 100}.{cents % 100:02d}"
