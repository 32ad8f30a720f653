"""Set-ups and game configs as plain JSON-able data, for saving hands and tables exactly."""

from __future__ import annotations

from typing import Any

from .codec import BOOL, INT, PLAIN, As, Codec, enum, optional, record, tuple_of
from .config import Game, GameConfig, HouseRules, Stakes, Structure
from .errors import ConfigError
from .kills import TRIGGERS, Kill, KillRules, KillSize
from .setup import HandSetup, LowballKill

# the stakes, house rules, kill rules and kill are read as saved, refusing a field the
# class does not have (a store from a later version is not read half)
_STAKES: Codec[Stakes] = Codec(Stakes, {"spread_max": tuple_of()}, refuse_unknown=True)
_RULES: Codec[HouseRules] = Codec(HouseRules, refuse_unknown=True)
_CONFIG: Codec[GameConfig] = Codec(
    GameConfig,
    {
        "game": enum(Game),
        "structure": enum(Structure),
        "stakes": record(_STAKES),
        "rules": record(_RULES),
    },
    required=("game", "structure", "stakes"),
)
_KILL_RULES: Codec[KillRules] = Codec(
    KillRules, {"size": enum(KillSize), "triggers": TRIGGERS}, refuse_unknown=True
)
_KILL: Codec[Kill] = Codec(Kill, refuse_unknown=True)


def config_to_dict(config: GameConfig) -> dict[str, Any]:
    """A game config as plain data: ``{"game", "structure", "stakes": {...}, "rules":
    {...}}``, the stakes and house rules by their fields."""
    return _CONFIG.dump(config)


def config_from_dict(data: dict[str, Any]) -> GameConfig:
    """The config saved by :func:`config_to_dict`.

    Raises:
        ConfigError: unknown names or values out of range.
    """
    try:
        return _CONFIG.load(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"a saved game cannot be read: {exc}") from exc


CONFIG = As(config_to_dict, config_from_dict)
"""A game config as a field of a saved record (:func:`config_to_dict`,
:func:`config_from_dict`)."""

_LOWBALL: Codec[LowballKill] = Codec(LowballKill, {"amount": INT, "config": CONFIG})
_OPT_TUPLE = optional(tuple_of())
# the set-up's fields in their saved order (the lowball kill, added last, is saved last)
_SETUP: Codec[HandSetup] = Codec(
    HandSetup,
    {
        "config": CONFIG,
        "names": tuple_of(),
        "stacks": tuple_of(INT),
        "blinds": _OPT_TUPLE,
        "antes": _OPT_TUPLE,
        "dead": _OPT_TUPLE,
        "straddle": BOOL,
        "first_to_act": PLAIN,
        "deck_order": _OPT_TUPLE,
        "dead_antes": PLAIN,
        "blind_kinds": _OPT_TUPLE,
        "kill": optional(record(_KILL)),
        "reshuffle_seed": INT,
        "carried": INT,
        "bomb": BOOL,
        "boards": INT,
        "seven_deuce": INT,
        "runs": tuple_of(tuple_of()),
        "lowball_kill": optional(record(_LOWBALL)),
    },
    names=(
        "config",
        "names",
        "stacks",
        "blinds",
        "antes",
        "dead",
        "straddle",
        "first_to_act",
        "deck_order",
        "dead_antes",
        "blind_kinds",
        "kill",
        "reshuffle_seed",
        "carried",
        "bomb",
        "boards",
        "seven_deuce",
        "runs",
        "lowball_kill",
    ),
)


def kill_rules_to_dict(rules: KillRules) -> dict[str, Any]:
    """Kill rules as plain data: every field by name, the size and triggers by their
    names (the triggers sorted)."""
    return _KILL_RULES.dump(rules)


def kill_rules_from_dict(data: dict[str, Any]) -> KillRules:
    """The kill rules saved by :func:`kill_rules_to_dict`.

    Raises:
        ConfigError: unknown values.
    """
    try:
        return _KILL_RULES.load(data)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"saved kill rules cannot be read: {exc}") from exc


def kill_to_dict(kill: Kill) -> dict[str, Any]:
    """A kill as plain data: ``{"killer", "amount", "reason"}``."""
    return _KILL.dump(kill)


def kill_from_dict(data: dict[str, Any]) -> Kill:
    """The kill saved by :func:`kill_to_dict`.

    Raises:
        KeyError: a field missing; TypeError: a field a kill does not have.
    """
    return _KILL.load(data)


def setup_to_dict(setup: HandSetup) -> dict[str, Any]:
    """A hand set-up as plain data (the deck order included: keep it secret)."""
    return _SETUP.dump(setup)


def setup_from_dict(data: dict[str, Any]) -> HandSetup:
    """The set-up saved by :func:`setup_to_dict`.

    Raises:
        ConfigError: a field that cannot be read.
    """
    try:
        return _SETUP.load(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"a saved hand cannot be read: {exc}") from exc
