"""Set-ups and game configs as plain JSON-able data, for saving hands and tables exactly."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from .config import Game, GameConfig, HouseRules, Stakes, Structure
from .errors import ConfigError
from .kills import Kill, KillRules, KillSize, Trigger
from .setup import HandSetup, LowballKill

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _flat(record: Any) -> dict[str, Any]:
    """A dataclass of plain values as a dict; unlike ``asdict`` it copies nothing deeply
    (a table is saved after every action, and ``asdict`` was most of that time)."""
    names = _FIELD_NAMES.get(type(record))
    if names is None:
        names = _FIELD_NAMES[type(record)] = tuple(f.name for f in fields(record))
    return {name: getattr(record, name) for name in names}


def config_to_dict(config: GameConfig) -> dict[str, Any]:
    """A game config as plain data."""
    return {
        "game": config.game.value,
        "structure": config.structure.value,
        "stakes": {**_flat(config.stakes), "spread_max": list(config.stakes.spread_max)},
        "rules": _flat(config.rules),
    }


def config_from_dict(data: dict[str, Any]) -> GameConfig:
    """The config saved by :func:`config_to_dict`.

    Raises:
        ConfigError: unknown names or values out of range.
    """
    try:
        stakes = dict(data["stakes"])
        stakes["spread_max"] = tuple(stakes.get("spread_max", ()))
        return GameConfig(
            Game(data["game"]),
            Structure(data["structure"]),
            Stakes(**stakes),
            HouseRules(**data.get("rules", {})),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"a saved game cannot be read: {exc}") from exc


def kill_rules_to_dict(rules: KillRules) -> dict[str, Any]:
    """Kill rules as plain data."""
    data = asdict(rules)
    data["size"] = rules.size.value
    data["triggers"] = sorted(t.value for t in rules.triggers)
    return data


def kill_rules_from_dict(data: dict[str, Any]) -> KillRules:
    """The kill rules saved by :func:`kill_rules_to_dict`.

    Raises:
        ConfigError: unknown values.
    """
    try:
        fields = dict(data)
        fields["size"] = KillSize(fields.get("size", "full"))
        fields["triggers"] = frozenset(Trigger(t) for t in fields.get("triggers", ()))
        return KillRules(**fields)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"saved kill rules cannot be read: {exc}") from exc


def _opt_tuple(value: Any) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


def setup_to_dict(setup: HandSetup) -> dict[str, Any]:
    """A hand set-up as plain data (the deck order included: keep it secret)."""
    return {
        "config": config_to_dict(setup.config),
        "names": list(setup.names),
        "stacks": list(setup.stacks),
        "blinds": None if setup.blinds is None else list(setup.blinds),
        "antes": None if setup.antes is None else list(setup.antes),
        "dead": None if setup.dead is None else list(setup.dead),
        "straddle": setup.straddle,
        "first_to_act": setup.first_to_act,
        "deck_order": None if setup.deck_order is None else list(setup.deck_order),
        "dead_antes": setup.dead_antes,
        "blind_kinds": None if setup.blind_kinds is None else list(setup.blind_kinds),
        "kill": None if setup.kill is None else _flat(setup.kill),
        "reshuffle_seed": setup.reshuffle_seed,
        "carried": setup.carried,
        "bomb": setup.bomb,
        "boards": setup.boards,
        "seven_deuce": setup.seven_deuce,
        "runs": [list(r) for r in setup.runs],
        "lowball_kill": None
        if setup.lowball_kill is None
        else {
            "amount": setup.lowball_kill.amount,
            "config": config_to_dict(setup.lowball_kill.config),
        },
    }


def setup_from_dict(data: dict[str, Any]) -> HandSetup:
    """The set-up saved by :func:`setup_to_dict`.

    Raises:
        ConfigError: a field that cannot be read.
    """
    try:
        lowball = data.get("lowball_kill")
        kill = data.get("kill")
        return HandSetup(
            config=config_from_dict(data["config"]),
            names=tuple(data["names"]),
            stacks=tuple(int(s) for s in data["stacks"]),
            blinds=_opt_tuple(data.get("blinds")),
            antes=_opt_tuple(data.get("antes")),
            dead=_opt_tuple(data.get("dead")),
            straddle=bool(data.get("straddle", False)),
            first_to_act=data.get("first_to_act"),
            deck_order=_opt_tuple(data.get("deck_order")),
            dead_antes=data.get("dead_antes"),
            blind_kinds=_opt_tuple(data.get("blind_kinds")),
            kill=None if kill is None else Kill(**kill),
            reshuffle_seed=int(data.get("reshuffle_seed", 0)),
            carried=int(data.get("carried", 0)),
            bomb=bool(data.get("bomb", False)),
            boards=int(data.get("boards", 1)),
            seven_deuce=int(data.get("seven_deuce", 0)),
            runs=tuple(tuple(r) for r in data.get("runs", ())),
            lowball_kill=None
            if lowball is None
            else LowballKill(int(lowball["amount"]), config_from_dict(lowball["config"])),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"a saved hand cannot be read: {exc}") from exc
