"""The words players use for each game, shared by ``new`` (a table's game) and ``choose``
(dealer's choice)."""

from __future__ import annotations

from bot.engine import MIXES, Game

GAME_WORDS: dict[str, Game] = {
    "holdem": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
    "nlhe": Game.HOLDEM,
    "omaha": Game.OMAHA,
    "plo": Game.OMAHA,
    "o8": Game.OMAHA_HILO,
    "omaha8": Game.OMAHA_HILO,
    "omaha_hilo": Game.OMAHA_HILO,
    "stud": Game.STUD,
    "stud8": Game.STUD_HILO,
    "stud_hilo": Game.STUD_HILO,
    "razz": Game.RAZZ,
    "jacks": Game.JACKS,
    "a5": Game.ACE_TO_FIVE,
    "ace_to_five": Game.ACE_TO_FIVE,
    "lowball": Game.ACE_TO_FIVE,
    "27": Game.DEUCE_SINGLE,
    "2-7": Game.DEUCE_SINGLE,
    "deuce_to_seven_single": Game.DEUCE_SINGLE,
    "27td": Game.DEUCE_TRIPLE,
    "triple": Game.DEUCE_TRIPLE,
    "deuce_to_seven_triple": Game.DEUCE_TRIPLE,
}


def game_choices() -> list[str]:
    """Every word ``new`` reads as a game, sorted: the games' common names and the mixes
    (``horse``, ``8game``...), for a platform's suggestions."""
    return sorted({*GAME_WORDS, *MIXES})
