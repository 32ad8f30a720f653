"""A hand's forced bets: the antes, dead blinds, blinds, straddle, bring-in's start, kill
blind and bomb pot's antes posted as the hand starts, in the order a table posts them.

:func:`post_forced` reads the hand's set-up (:class:`~bot.engine.setup.HandSetup`) and moves
its chips; :class:`~bot.engine.hand.Hand` calls it once, from its constructor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from . import limits
from .config import GameConfig, Structure
from .errors import ConfigError
from .events import BombPot, Event, HandStarted, Posted, PotKilled
from .games import GameSpec
from .setup import HandSetup

if TYPE_CHECKING:
    from .betting import BettingRound
    from .fairness import SecretShuffle


class ForcedHand(Protocol):
    """What posting the forced bets reads and moves of the hand being started
    (:class:`bot.engine.hand.Hand`): its set-up, the players' chips, the dead money, the
    blinds posted and its betting round."""

    setup: HandSetup
    config: GameConfig
    spec: GameSpec
    n: int
    names: tuple[str, ...]
    starting: tuple[int, ...]
    shuffle: SecretShuffle | None
    stacks: list[int]
    bets: list[int]
    contributed: list[int]
    collected: int
    dead: int
    big_blind_player: int | None
    small_blind_posted: tuple[int, int] | None
    betting: BettingRound
    events: list[Event]


def post_forced(hand: ForcedHand) -> int:
    """Post the hand's forced bets from its stacks, emitting ``HandStarted`` and a
    ``Posted`` per chip put in (``BombPot`` and ``PotKilled`` first when the hand is one),
    and set the betting round's bet to call and full raise.

    Returns:
        The hand index of the first player to act: the one after the largest blind, or
        the set-up's ``first_to_act``.
    Raises:
        ConfigError: a set-up that cannot be posted (amounts per player missing or
            negative, a straddle the house or a heads-up table does not allow, blinds in
            a game without them, a killer not dealt in); the rules: 000 NL §3 and §14,
            000 kill, TDA 2024 RP-11, RULES.md "Bomb pots".
    """
    setup = hand.setup
    n = hand.n
    blinds = setup.forced_blinds()
    antes = setup.forced_antes()
    dead = setup.dead or (0,) * n
    if len(blinds) != n or len(antes) != n or len(dead) != n:
        raise ConfigError("one blind, ante and dead amount per player is needed")
    if min(blinds) < 0 or min(antes) < 0 or min(dead) < 0 or setup.carried < 0:
        raise ConfigError("forced bets cannot be negative")
    if setup.straddle and not hand.config.rules.straddle_allowed:
        raise ConfigError("this table's house rules allow no straddle (000 NL §14)")
    if setup.straddle and n == 2:
        raise ConfigError("there is no straddle heads-up: it is posted left of the big blind")
    if any(blinds) and not hand.spec.blinds:
        raise ConfigError(f"{hand.config.game.label} is played without blinds")
    root = hand.shuffle.commitment.root if hand.shuffle else None
    hand.events.append(HandStarted(hand.config.description, hand.names, hand.starting, root))
    if setup.bomb:
        hand.events.append(BombPot(max(antes), setup.boards))
    if setup.kill is not None:
        if setup.kill.killer not in hand.names:
            raise ConfigError("{killer} is not dealt into this hand", killer=setup.kill.killer)
        killer = hand.names.index(setup.kill.killer)
        kill = setup.kill
        hand.events.append(PotKilled(killer, kill.amount, kill.reason, hand.config.describe()))
    hand.dead = setup.carried
    if setup.bomb:  # no one antes more than another can match (RULES.md "Bomb pots")
        can = sorted((min(a, s) for a, s in zip(antes, hand.stacks, strict=True)), reverse=True)
        antes = tuple(min(a, can[1]) for a in antes)
    # TDA 2024 RP-11: a big blind short of his blind and the big-blind ante fills the
    # blind first, and only what is left goes to the ante
    late_ante = (-1, 0)
    if setup.antes is None and not setup.bomb and hand.config.stakes.big_blind_ante:
        payer = 0 if n == 2 else 1
        late_ante = (payer, min(hand.config.stakes.big_blind_ante, antes[payer]))
        antes = tuple(a - late_ante[1] if i == payer else a for i, a in enumerate(antes))
    for i in range(n) if any(antes) else ():
        take = min(antes[i], hand.stacks[i])
        if take:
            hand.stacks[i] -= take
            if setup.antes_are_dead:
                hand.dead += take
            else:
                hand.contributed[i] += take
                hand.collected += take
            hand.events.append(Posted(i, "ante", take, hand.stacks[i] == 0))
    for i in range(n) if setup.dead else ():
        take = min(dead[i], hand.stacks[i])
        if take:
            hand.stacks[i] -= take
            hand.dead += take
            hand.events.append(Posted(i, "dead", take, hand.stacks[i] == 0))
    top = max(blinds)
    # heads-up the big blind is first in the hand order (PHH's), yet the small blind
    # posts first, as at any table
    order = sorted(range(n), key=lambda i: blinds[i]) if n == 2 else range(n)
    for i in order:
        take = min(blinds[i], hand.stacks[i])
        if not blinds[i]:
            continue
        hand.stacks[i] -= take
        hand.bets[i] = take
        hand.contributed[i] += take
        kind = blind_kind(hand, i, blinds)
        if kind == "small_blind":
            hand.small_blind_posted = (i, take)
        elif kind == "big_blind":
            hand.big_blind_player = i
        hand.events.append(Posted(i, kind, take, hand.stacks[i] == 0))
    payer, owed = late_ante
    if owed and hand.stacks[payer]:
        take = min(owed, hand.stacks[payer])
        hand.stacks[payer] -= take
        hand.dead += take
        hand.events.append(Posted(payer, "ante", take, hand.stacks[payer] == 0))
    # a big blind or straddle posted all-in for less than its size still sets the call
    # (RULES.md "A blind all-in for less than its size"): the others call the full size
    hand.betting.current_bet = max(max(hand.bets), top)
    if setup.kill is not None:  # a short killer is all-in, yet the pot plays killed
        hand.betting.current_bet = max(hand.betting.current_bet, setup.kill.amount)
    # The blinds are the first bet: a raise is at least as large (000 NL §3; 002 spread
    # limit: "at least the size of the last bet or raise"); fixed limit raises by its bet.
    hand.betting.full_raise = max(limits.street_minimum(hand.config, 0), top)
    if hand.config.street_structure(0) is Structure.FIXED_LIMIT:
        hand.betting.full_raise = limits.street_minimum(hand.config, 0)
    if setup.first_to_act is not None:
        first = setup.first_to_act % n
    else:
        largest = max(range(n), key=lambda i: (blinds[i] > 0 and blinds[i] == top, i))
        first = (largest + 1) % n if top else 0
    return first


def blind_kind(hand: ForcedHand, i: int, blinds: Sequence[int]) -> str:
    """What the blind of ``blinds[i]`` chips that hand index ``i`` posts is:
    ``small_blind``, ``big_blind``, ``straddle`` or ``blind`` (the set-up's own kinds
    first; heads-up the big blind is index 0)."""
    kinds = hand.setup.blind_kinds
    if kinds is not None and kinds[i]:
        return kinds[i]
    stakes = hand.config.stakes
    amount = blinds[i]
    if hand.setup.blinds is None:
        if hand.n == 2:
            return "big_blind" if i == 0 else "small_blind"
        return ("small_blind", "big_blind", "straddle")[i] if i < 3 else "blind"
    if amount == stakes.small_blind and amount != stakes.big_blind:
        return "small_blind"
    if amount == stakes.big_blind:
        return "big_blind"
    if amount > stakes.big_blind:
        return "straddle"
    return "blind"
