"""Hand histories to engine set-ups and back: PHH fields <-> :class:`HandSetup`.

Seat order is the same on both sides (p1 is hand index 0, left of the button), except
that heads-up PHH lists the blinds small blind first while p1 posts the big blind
(tests/data/phh/README.md), so the list is reversed onto the seats.

House rules PHH has no field for travel in ``_`` fields: ``_spread`` (``[min, max1, ...]``),
``_bet_unit``, ``_raise_cap`` (a number, or ``"none"``), ``_pot_rounding_unit``,
``_small_blind_counts_as_big``, ``_max_open_multiple``, ``_pot_cap``, ``_dead`` (per-seat
dead money such as a missed small blind), ``_carried`` (a jacks-or-better pot carried from
deals nobody opened, 004 jacks §1) and, in a table's killed hand, ``_blind_kinds`` (the
blind each seat posted: ``small_blind``, ``big_blind``, ``blind`` for a post to come in,
``kill`` or ``""``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from bot.engine.cards import CardError, parse_cards
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.errors import ConfigError, EngineError
from bot.engine.events import Posted, SevenDeuce
from bot.engine.games import spec_for
from bot.engine.hand import Hand, HandSetup
from bot.phh.notation import HandHistory
from bot.phh.variants import from_phh, to_phh


class Unsupported(ValueError):
    """A hand we cannot play as written (fractional chips, a missing stake), in words."""


class KillMismatch(EngineError):
    """A hand whose kill is not the one the rules require, with who owed what."""


def _whole(values: list[Any], what: str) -> tuple[int, ...]:
    if all(type(v) is int for v in values):  # nearly always: taken as they are
        return tuple(values)
    out = []
    for v in values:
        if isinstance(v, float):
            if not v.is_integer():
                raise Unsupported(f"{what} has fractional chips ({v}); we play in whole chips")
            v = int(v)
        out.append(int(v))
    return tuple(out)


def _rules(extra: dict[str, Any]) -> HouseRules:
    cap = extra.get("_raise_cap", 3)
    return HouseRules(
        bet_unit=int(extra.get("_bet_unit", 1)),
        raise_cap=None if cap in ("none", None) else int(cap),
        pot_rounding_unit=int(extra.get("_pot_rounding_unit", 0)),
        small_blind_counts_as_big=bool(extra.get("_small_blind_counts_as_big", False)),
        max_open_multiple=int(extra.get("_max_open_multiple", 0)),
        pot_cap=int(extra.get("_pot_cap", 0)),
    )


def _first_by_blinds(phh_blinds: list[int | float]) -> int:
    """Who acts first when a file says nothing: left of the largest blind (the engine's
    rule for a set-up without ``first_to_act``), by hand index; ``phh_blinds`` in PHH's
    order (heads-up, the big blind's and small blind's swapped)."""
    blinds = list(reversed(phh_blinds)) if len(phh_blinds) == 2 else list(phh_blinds)
    top = max(blinds, default=0)
    if not top:
        return 0
    largest = max(i for i, b in enumerate(blinds) if b == top)
    return (largest + 1) % len(blinds)


def _runs(runs: Sequence[Any]) -> tuple[tuple[str, ...], ...]:
    """The ``_runs`` field's boards (``["KdKc", ...]``) as cards.

    Raises:
        Unsupported: a run that is not cards.
    """
    try:
        return tuple(tuple(parse_cards(str(run))) for run in runs)
    except CardError as exc:
        raise Unsupported(f"the other runs of the board cannot be read: {exc}") from exc


_RULE_FIELDS = (
    "_bet_unit",
    "_raise_cap",
    "_pot_rounding_unit",
    "_small_blind_counts_as_big",
    "_max_open_multiple",
    "_pot_cap",
)
_CONFIGS: dict[tuple[Any, ...], GameConfig] = {}


def _config(
    game: Game,
    structure: Structure,
    small_blind: int,
    big_blind: int,
    hh: HandHistory,
    extra: dict[str, Any],
) -> GameConfig:
    """The game a hand history plays, its stakes and house rules checked.

    Raises:
        Unsupported: stakes or house rules that are not whole numbers of chips.
    """
    spread = extra.get("_spread")
    try:
        stakes = Stakes(
            small_blind=min(small_blind, big_blind),
            big_blind=big_blind,
            small_bet=int(hh.small_bet or 0),
            big_bet=int(hh.big_bet or 0),
            spread_min=int(spread[0]) if spread else 0,
            spread_max=tuple(int(x) for x in spread[1:]) if spread else (),
            bring_in=int(hh.bring_in or 0),
        )
        return GameConfig(game, structure, stakes, _rules(extra))
    except (ConfigError, TypeError, ValueError) as exc:
        raise Unsupported(str(exc)) from exc


def setup_from_phh(hh: HandHistory) -> HandSetup:
    """The engine set-up a hand history describes.

    Returns:
        A :class:`HandSetup` with per-seat blinds and antes exactly as the file posts them.
    Raises:
        UnsupportedVariant: a variant we do not deal.
        Unsupported: fractional chips or stakes we cannot read.
    """
    extra = hh.extra
    game, structure = from_phh(hh.variant, extra.get("_game"), extra.get("_structure"))
    stacks = _whole(hh.starting_stacks, "a starting stack")
    n = len(stacks)
    blinds = list(_whole(hh.blinds_or_straddles or [0] * n, "a blind"))
    antes = _whole(hh.antes or [0] * n, "an ante")
    if len(blinds) != n or len(antes) != n:
        raise Unsupported("the blinds, antes and stacks do not list the same seats")
    positive = sorted(b for b in blinds if b > 0)
    if "_blinds" in extra:  # a bomb pot's stakes: its blinds were not posted
        positive = sorted(_whole(extra["_blinds"], "a blind"))
    small_blind = positive[0] if len(positive) > 1 else 0
    big_blind = (
        int(hh.min_bet)
        if hh.min_bet
        else (positive[1] if len(positive) > 1 else (positive[0] if positive else 0))
    )
    if structure.is_limit and len(positive) > 1:
        big_blind = positive[1]
    if not spec_for(game).blinds:
        small_blind = big_blind = 0
        if not hh.small_bet:
            raise Unsupported("a game without blinds needs its small bet")
    elif not big_blind:
        raise Unsupported("the hand has no big blind or minimum bet")
    spread = extra.get("_spread")
    # a replay meets the same few games over and over: each is built and checked once
    key: tuple[Any, ...] | None = None
    if spread is None or isinstance(spread, list):
        key = (game, structure, small_blind, big_blind, hh.small_bet, hh.big_bet, hh.bring_in)
        key += (*(extra.get(name) for name in _RULE_FIELDS), *(spread or ()))
        try:
            hash(key)
        except TypeError:  # a field that is not a plain value: built as it is, not kept
            key = None
    config = _CONFIGS.get(key) if key is not None else None
    if config is None:
        config = _config(game, structure, small_blind, big_blind, hh, extra)
        if key is not None:
            if len(_CONFIGS) >= 256:
                _CONFIGS.clear()
            _CONFIGS[key] = config
    if n == 2:
        blinds.reverse()
    names = (
        tuple(hh.players)
        if hh.players and len(hh.players) == n
        else tuple(f"p{i + 1}" for i in range(n))
    )
    dead = _whole(extra["_dead"], "dead money") if "_dead" in extra else None
    return HandSetup(
        config,
        names,
        stacks,
        blinds=tuple(blinds),
        antes=antes,
        dead=dead,
        dead_antes=hh.ante_trimming_status is False,
        first_to_act=int(extra["_first_to_act"]) if "_first_to_act" in extra else None,
        bomb=bool(extra.get("_bomb_pot", False)),
        boards=int(extra.get("_boards", 1)),
        seven_deuce=int(extra.get("_seven_deuce", 0)),
        runs=_runs(extra.get("_runs", ())),
        carried=_whole([extra.get("_carried", 0)], "a carried pot")[0],
    )


def _antes_posted(played: Hand) -> list[int | float]:
    """The antes of a hand as the file gives them: the table's antes, except that a big
    blind short of his blind and the big-blind ante paid the blind first (TDA 2024 RP-11),
    so his ante is what he had left after it, which a reader posting antes first then
    posts before the blind to the same stacks."""
    setup = played.setup
    antes: list[int | float] = list(setup.forced_antes())
    if setup.antes is not None or setup.bomb or not setup.config.stakes.big_blind_ante:
        return antes
    payer = 0 if played.n == 2 else 1
    posted = sum(
        e.amount
        for e in played.events
        if isinstance(e, Posted) and e.kind == "ante" and e.player == payer
    )
    antes[payer] = posted
    return antes


def hand_to_phh(played: Hand, **fields: Any) -> HandHistory:
    """The hand history of a hand the engine played (complete or not).

    Args:
        played: the engine hand; its PHH action log is written as is.
        fields: further fields (``hand``, ``event``, ``_killer`` ...) to add to ``extra``.
    Returns:
        A :class:`HandHistory` that replays to the same stacks.
    """
    setup = played.setup
    config = setup.config
    variant, extra = to_phh(config.game, config.structure)
    blinds: list[int | float] = list(setup.forced_blinds())
    if played.n == 2:
        blinds.reverse()
    stakes = config.stakes
    rules = config.rules
    defaults = HouseRules()
    if config.structure is Structure.SPREAD_LIMIT:
        extra_spread: list[int] = [stakes.spread_min, *stakes.spread_max]
        fields.setdefault("_spread", extra_spread)
    for name, value in (
        ("_bet_unit", rules.bet_unit),
        ("_pot_rounding_unit", rules.pot_rounding_unit),
        ("_small_blind_counts_as_big", rules.small_blind_counts_as_big),
        ("_max_open_multiple", rules.max_open_multiple),
        ("_pot_cap", rules.pot_cap),
    ):
        if value != getattr(defaults, name[1:]):
            fields.setdefault(name, value)
    if rules.raise_cap != defaults.raise_cap:
        fields.setdefault("_raise_cap", "none" if rules.raise_cap is None else rules.raise_cap)
    if setup.dead and any(setup.dead):
        fields.setdefault("_dead", list(setup.dead))
    if setup.first_to_act is not None and setup.first_to_act != _first_by_blinds(blinds):
        # a blind posted to come in, or a kill from the small blind: not the largest
        # blind's left, so the file says who opens (as a hand index)
        fields.setdefault("_first_to_act", setup.first_to_act)
    if setup.bomb:  # no betting before the flop (RULES.md "Bomb pots")
        fields.setdefault("_bomb_pot", True)
    posted = sorted(int(b) for b in blinds if b > 0)[:2]
    if spec_for(config.game).blinds and posted != [stakes.small_blind, stakes.big_blind]:
        # the table's blinds were not posted as such (a bomb pot, a dead small blind):
        # the file keeps them, so it names the stakes it was played at
        fields.setdefault("_blinds", [stakes.small_blind, stakes.big_blind])
    if setup.boards > 1:
        fields.setdefault("_boards", setup.boards)
    if setup.carried:  # jacks or better: the pot carried from deals nobody opened
        fields.setdefault("_carried", setup.carried)
    if setup.kill is not None and setup.blind_kinds is not None:
        # a table's killed deal: which seat posted which blind (a dead small blind, a
        # returning player's post), so the kill's replay finds the big blind as dealt
        fields.setdefault("_blind_kinds", list(setup.blind_kinds))
    if setup.seven_deuce:
        fields.setdefault("_seven_deuce", setup.seven_deuce)
        for claim in (e for e in played.events if isinstance(e, SevenDeuce)):
            fields.setdefault("_seven_deuce_won", [claim.player, claim.total])
    if len(played.run_boards) > 1 and setup.boards == 1:  # 000 NL §17: the other runs
        shared = len(os.path.commonprefix(played.run_boards))
        fields.setdefault("_runs", ["".join(board[shared:]) for board in played.run_boards[1:]])
    # a game without blinds has only its bets to give its stakes, whatever the structure
    # (no-limit jacks or better)
    limit = config.structure in (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)
    limit = limit or not spec_for(config.game).blinds
    number = fields.pop("hand", None)
    stud = spec_for(config.game).bring_in
    return HandHistory(
        variant=variant,
        antes=_antes_posted(played),
        blinds_or_straddles=blinds,
        small_bet=stakes.fixed_small if limit else None,
        big_bet=stakes.fixed_big if limit else None,
        min_bet=None if limit else stakes.big_blind,
        bring_in=stakes.bring_in_amount if stud else None,
        starting_stacks=list(setup.stacks),
        actions=list(played.log),
        finishing_stacks=list(played.stacks) if played.is_complete else None,
        players=list(setup.names),
        hand=number,
        ante_trimming_status=not setup.antes_are_dead,
        extra={**extra, **fields},
    )
