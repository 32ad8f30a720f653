"""Between PHH variant codes and the engine's games and structures.

PHH has codes for no-limit hold'em (NT), fixed-limit hold'em (FT), pot-limit Omaha (PO)
and fixed-limit Omaha eight-or-better (FO/8), among others. A game or structure PHH has no
code for is written with the nearest code plus ``_game`` and ``_structure`` fields saying
what it really is.
"""

from __future__ import annotations

from bot.engine.config import Game, Structure

_CODES: dict[str, tuple[Game, Structure]] = {
    "NT": (Game.HOLDEM, Structure.NO_LIMIT),
    "FT": (Game.HOLDEM, Structure.FIXED_LIMIT),
    "PT": (Game.HOLDEM, Structure.POT_LIMIT),
    "NO": (Game.OMAHA, Structure.NO_LIMIT),
    "FO": (Game.OMAHA, Structure.FIXED_LIMIT),
    "PO": (Game.OMAHA, Structure.POT_LIMIT),
    "NO/8": (Game.OMAHA_HILO, Structure.NO_LIMIT),
    "FO/8": (Game.OMAHA_HILO, Structure.FIXED_LIMIT),
    "PO/8": (Game.OMAHA_HILO, Structure.POT_LIMIT),
    "F7S": (Game.STUD, Structure.FIXED_LIMIT),
    "F7S/8": (Game.STUD_HILO, Structure.FIXED_LIMIT),
    "FR": (Game.RAZZ, Structure.FIXED_LIMIT),
    "N2L1D": (Game.DEUCE_SINGLE, Structure.NO_LIMIT),
    "P2L1D": (Game.DEUCE_SINGLE, Structure.POT_LIMIT),
    "F2L1D": (Game.DEUCE_SINGLE, Structure.FIXED_LIMIT),
    "N2L3D": (Game.DEUCE_TRIPLE, Structure.NO_LIMIT),
    "P2L3D": (Game.DEUCE_TRIPLE, Structure.POT_LIMIT),
    "F2L3D": (Game.DEUCE_TRIPLE, Structure.FIXED_LIMIT),
}
_PREFIX = {Structure.NO_LIMIT: "N", Structure.POT_LIMIT: "P", Structure.FIXED_LIMIT: "F"}
_NEAREST = {
    Structure.HALF_POT: Structure.POT_LIMIT,
    Structure.PL_PREFLOP_NL_POSTFLOP: Structure.POT_LIMIT,
    Structure.SPREAD_LIMIT: Structure.FIXED_LIMIT,
}
_GAME_CODE = {
    Game.HOLDEM: "T",
    Game.OMAHA: "O",
    Game.OMAHA_HILO: "O/8",
    Game.STUD: "7S",
    Game.STUD_HILO: "7S/8",
    Game.RAZZ: "R",
    Game.DEUCE_SINGLE: "2L1D",
    Game.DEUCE_TRIPLE: "2L3D",
    Game.JACKS: "2L1D",  # no PHH code: the nearest (a single draw) plus _game
    Game.ACE_TO_FIVE: "2L1D",
}
_NO_CODE = {Game.JACKS, Game.ACE_TO_FIVE}


class UnsupportedVariant(ValueError):
    """A PHH variant the engine does not deal (yet), with its name in the message."""


def from_phh(
    variant: str, game: str | None = None, structure: str | None = None
) -> tuple[Game, Structure]:
    """The game and structure a hand history describes.

    Args:
        variant: the PHH ``variant`` code, e.g. ``"NT"``.
        game, structure: the ``_game`` and ``_structure`` fields, when present; they win.
    Returns:
        ``(game, structure)``.
    Raises:
        UnsupportedVariant: for a code or ``_game``/``_structure`` value we do not play.
    """
    base = _CODES.get(variant)
    try:
        chosen_game = Game(game) if game else (base[0] if base else None)
        chosen_structure = Structure(structure) if structure else (base[1] if base else None)
    except ValueError as exc:
        raise UnsupportedVariant(
            f"{game or structure!r} is not a game or structure we play"
        ) from exc
    if chosen_game is None or chosen_structure is None:
        raise UnsupportedVariant(f"the variant {variant!r} is not played here yet")
    return chosen_game, chosen_structure


def to_phh(game: Game, structure: Structure) -> tuple[str, dict[str, str]]:
    """The PHH code for a game and structure, and the ``_`` fields it needs.

    Returns:
        ``(variant, extra)``; ``extra`` holds ``_game`` and ``_structure`` when the code
        alone does not say what was played (pot-limit hold'em has a code; spread limit,
        half-pot and pot-limit-preflop do not).
    """
    nearest = _NEAREST.get(structure, structure)
    code = _PREFIX[nearest] + _GAME_CODE[game]
    extra: dict[str, str] = {}
    if structure is not nearest or game in _NO_CODE:
        extra = {"_game": game.value, "_structure": structure.value}
    return code, extra
