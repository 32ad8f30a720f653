"""The games of the rulebook by name: what a table, a mix or a hand history says it plays.
Their streets and rankings are in :mod:`bot.engine.games`."""

from __future__ import annotations

from enum import StrEnum


class Game(StrEnum):
    """The games of the rulebook; :mod:`bot.engine.games` gives each one's streets."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha_hilo"
    STUD = "stud"
    STUD_HILO = "stud_hilo"
    RAZZ = "razz"
    JACKS = "jacks"
    ACE_TO_FIVE = "ace_to_five"
    DEUCE_SINGLE = "deuce_to_seven_single"
    DEUCE_TRIPLE = "deuce_to_seven_triple"

    @property
    def is_hilo(self) -> bool:
        """True for split games, where half the pot goes to the best eight-or-better low."""
        return self in (Game.OMAHA_HILO, Game.STUD_HILO)

    @property
    def label(self) -> str:
        """The game's name as players say it."""
        return _GAME_LABELS[self.value]


_GAME_LABELS = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha_hilo": "Omaha Hi-Lo",
    "stud": "Seven-Card Stud",
    "stud_hilo": "Stud Hi-Lo",
    "razz": "Razz",
    "jacks": "Jacks or Better",
    "ace_to_five": "Ace-to-Five Lowball",
    "deuce_to_seven_single": "2-7 Single Draw",
    "deuce_to_seven_triple": "2-7 Triple Draw",
}
