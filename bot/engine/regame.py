"""The host changes the game, the structure, the stakes or the buy-ins between hands.

:func:`changed_settings` reads the host's words into new :class:`TableSettings`; the table
applies them with :meth:`bot.engine.table.Table.change_settings`. Stakes are written as the
table shows them (:meth:`bot.engine.config.GameConfig.describe`): ``2/5`` is the blinds in
no-limit and pot-limit, the small and big bet in limit (the blinds then half the small bet
and the small bet), and ``2-10`` or ``1-4-8-8`` is spread limit's minimum and per-street
maxima (002), read and built as ``new`` reads them (:func:`bot.engine.tablesettings.read_bets`,
:func:`bot.engine.tablesettings.stakes_config`). Games without blinds (stud, razz, jacks or
better) are played at limit: their ante and bring-in are a fifth and three tenths of the
small bet, rounded up, as in a mix (RULES.md "Games of rounds"). A buy-in range the host
never named follows a new game, structure or stakes (000 NL §16: 20 to 100 big blinds, as
``new`` sets it); one he named stays.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from .config import Game, GameConfig, Stakes, Structure, limit_blinds
from .errors import ConfigError, IllegalAction
from .games import spec_for
from .rotation import MIXES, bring_in_problem, parse_mix, stud_stakes
from .tablesettings import (
    TableSettings,
    default_buy_in,
    kill_refusal,
    read_bets,
    stakes_config,
    whole_chips,
)

OPTIONS = ("game", "structure", "stakes", "buyin")
_LIMITS = (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)


def changed_settings(
    settings: TableSettings, option: str, value: str, taken: Iterable[int] = ()
) -> TableSettings:
    """The table's settings with one of :data:`OPTIONS` changed.

    Args:
        settings: the settings now.
        option: ``game`` (a game, a mix such as ``horse``, or games joined by commas),
            ``structure`` (``no_limit``, ``pot_limit``, ``fixed_limit``...), ``stakes``
            (see the module) or ``buyin`` (``MIN MAX``, ``MIN-MAX`` or ``MIN/MAX``, whole
            chips, 000 NL §16).
        value: the host's words.
        taken: the seat numbers with a player in them (a game seating fewer must fit them).
    Returns:
        New settings; ``settings`` is not changed.
    Raises:
        IllegalAction: an unknown option or value, or settings the table cannot play, with
            what is accepted.
    """
    try:
        if option == "buyin":
            low, high = _two_amounts(value)
            return replace(settings, min_buy_in=low, max_buy_in=high)
        if option == "game":
            changed = _with_game(settings, value, taken)
        elif option == "structure":
            changed = replace(settings, config=_with_structure(settings.config, value))
        elif option == "stakes":
            changed = replace(settings, config=_with_stakes(settings, value))
        else:
            raise IllegalAction(f"{option} is not something the host sets: {', '.join(OPTIONS)}")
    except ConfigError as exc:
        raise IllegalAction(str(exc)) from exc
    problem = bring_in_problem(changed.mix or (changed.config.game,), changed.config.stakes)
    if problem is not None:
        raise IllegalAction(problem)
    return _buy_in_follows(settings, changed)


def _two_amounts(value: str) -> tuple[int, int]:
    """``MIN MAX``, ``MIN-MAX`` or ``MIN/MAX`` in whole chips; a minus sign is never a
    separator in front of the first number (``-5 400`` is refused, not read as 5 to 400).

    Raises:
        IllegalAction: anything else, with how it is written.
    """
    parts = value.split()
    if len(parts) == 1:
        for sep in ("-", "/"):
            first, found, second = parts[0].partition(sep)
            if found:
                parts = [first, second]
                break
    if len(parts) != 2 or not all(whole_chips(p) for p in parts):
        raise IllegalAction("set buyin MIN MAX: whole chips, e.g. 'set buyin 100 1000'")
    low, high = int(parts[0]), int(parts[1])
    if not 0 < low <= high:
        raise IllegalAction("the buy-in range needs 0 < minimum <= maximum (000 NL §16)")
    return low, high


def _with_game(settings: TableSettings, value: str, taken: Iterable[int]) -> TableSettings:
    key = value.strip().lower()
    if key in MIXES or "," in key:
        mix = parse_mix(key)
        base = next((g for g in mix if spec_for(g).blinds), mix[0])
    else:
        try:
            base, mix = Game(key), ()
        except ValueError as exc:
            known = ", ".join([*(g.value for g in Game), *MIXES])
            raise IllegalAction(f"{value!r} is not a game: try {known}") from exc
    most = min(spec_for(g).max_players for g in (mix or (base,)))
    beyond = sorted(n for n in taken if n > most)
    if beyond:
        raise IllegalAction(
            f"this game seats at most {most}: seats {beyond} must be empty before it is dealt"
        )
    config = as_game(settings.config, base)
    changed = replace(settings, config=config, mix=mix, seats=min(settings.seats, most))
    refused = kill_refusal(changed)
    if refused is not None:
        raise IllegalAction(refused)
    return changed


def as_game(config: GameConfig, game: Game) -> GameConfig:
    """``config`` for another game at the same stakes: a game without blinds takes the small
    and big bet with its ante and bring-in, at limit; a game with blinds coming from one
    without takes blinds of half the small bet and the small bet, and no ante."""
    stakes, structure = config.stakes, config.structure
    if not spec_for(game).blinds:
        bets = Stakes(
            0,
            0,
            small_bet=stakes.fixed_small,
            big_bet=stakes.fixed_big,
            spread_min=stakes.spread_min,
            spread_max=stakes.spread_max,
        )
        stakes = stud_stakes(bets)
        if structure not in _LIMITS:
            structure = Structure.FIXED_LIMIT
    elif not stakes.big_blind:
        small = stakes.fixed_small
        small_blind, big_blind = limit_blinds(small)
        stakes = replace(stakes, small_blind=small_blind, big_blind=big_blind, ante=0, bring_in=0)
    return replace(config, game=game, structure=structure, stakes=stakes)


def _with_structure(config: GameConfig, value: str) -> GameConfig:
    try:
        structure = Structure(value.strip().lower())
    except ValueError as exc:
        known = ", ".join(s.value for s in Structure)
        raise IllegalAction(f"{value!r} is not a betting structure: try {known}") from exc
    if not spec_for(config.game).blinds and structure not in _LIMITS:
        raise IllegalAction(f"{config.game.label} is played fixed_limit or spread_limit here")
    if structure is Structure.SPREAD_LIMIT and not config.stakes.spread_max:
        raise IllegalAction("spread limit needs its limits: 'set stakes 2-10' sets both")
    return replace(config, structure=structure)


def _with_stakes(settings: TableSettings, value: str) -> GameConfig:
    config = settings.config
    games = settings.mix or (config.game,)
    built = stakes_config(games, config.structure, read_bets(value), config.rules)
    return replace(built, game=config.game)  # a mix keeps the game its config is dealt as


def _buy_in_follows(before: TableSettings, after: TableSettings) -> TableSettings:
    """``after`` with the buy-in range the new stakes give when ``before``'s was the one its
    stakes gave (the host named none, 000 NL §16, as ``new`` derives it); a range the host
    named stays."""
    was = default_buy_in(before.config, before.mix or (before.config.game,))
    if (before.min_buy_in, before.max_buy_in) != was:
        return after
    low, high = default_buy_in(after.config, after.mix or (after.config.game,))
    return replace(after, min_buy_in=low, max_buy_in=high)
