"""The words players use for each game, shared by ``new`` (a table's game) and ``choose``
(dealer's choice), and a game's title as players read it."""

from __future__ import annotations

from bot.engine import MIXES, Game, GameConfig, Structure

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


def game_title(config: GameConfig) -> str:
    """The game's one-line title with its stakes in chips, as the table message, ``status``
    and a showdown's picture name it: "No-Limit Hold'em 1/2", "Fixed-Limit Razz 10/20",
    a spread limit by its sizes ("Spread-Limit Hold'em 2-4-6")."""
    stakes = config.stakes
    if config.structure is Structure.FIXED_LIMIT:
        sizes = f"{stakes.fixed_small}/{stakes.fixed_big}"
    elif config.structure is Structure.SPREAD_LIMIT:
        sizes = "-".join(str(x) for x in (stakes.spread_min, *stakes.spread_max))
    else:
        sizes = f"{stakes.small_blind}/{stakes.big_blind}"
    return f"{config.structure.label} {config.game.label} {sizes}"


def hand_title(config: GameConfig, bomb: bool) -> str:
    """The title of a hand in play: its game (:func:`game_title`), a bomb pot marked
    (RULES.md "Bomb pots")."""
    return game_title(config) + (" · bomb pot" if bomb else "")


def picture_title(number: int, config: GameConfig) -> str:
    """The title of hand ``number``'s showdown picture: "Hand #12 · No-Limit Hold'em 1/2"
    (RULES.md "Showdown pictures")."""
    return f"Hand #{number} · {game_title(config)}"
