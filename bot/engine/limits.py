"""How much a player may bet or raise: the arithmetic of each betting structure.

Pure functions over a small snapshot of the betting round, so every structure's rule sits
in one place (RULES.md "Betting structures"; 000 NL §2-§5, 000 PL §1-§5, 002, 003 §10-§13).
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import GameConfig, Structure


@dataclass(frozen=True)
class RoundView:
    """What the limits depend on, for the player about to act.

    Attributes:
        street: 0 preflop (the first betting round), 1 flop, 2 turn, 3 river.
        current_bet: the largest total any player has on this street, in chips.
        player_bet: the acting player's total on this street.
        stack: the acting player's chips behind.
        full_raise: the last full bet or raise on the street (its increment), or the
            street's minimum before any.
        pot: every chip in the middle, this street's bets included, plus any chips the
            pot-limit rules count as if posted (000 PL §5).
        opening: True while no voluntary bet or raise has been made on the first round.
        completing: stud's first round, where the bring-in is completed to a full bet.
        open_pair: stud's fourth street with an open pair showing: the opening bet may be
            the small or the big bet.
    """

    street: int
    current_bet: int
    player_bet: int
    stack: int
    full_raise: int
    pot: int
    opening: bool
    completing: bool = False
    open_pair: bool = False


def street_minimum(config: GameConfig, street: int) -> int:
    """The smallest bet on ``street`` before anyone bets: the big blind in big-bet games
    (000 NL §2), the street's bet in fixed limit, the spread minimum in spread limit (002)."""
    structure = config.street_structure(street)
    if structure is Structure.FIXED_LIMIT:
        return config.fixed_bet_for(street)
    if structure is Structure.SPREAD_LIMIT:
        return config.stakes.spread_min
    return config.stakes.big_blind


def reopen_threshold(config: GameConfig, street: int, full_raise: int) -> int:
    """How far the bet must have risen since a player acted for him to raise again.

    A full raise in big-bet and spread games (000 NL §3, §5: several short all-ins that add
    up to a full raise reopen); half a bet in fixed limit (000 NL §3: "the half-the-size
    rule for reopening the betting is for limit poker only").
    """
    if config.street_structure(street) is Structure.FIXED_LIMIT:
        return -(-config.fixed_bet_for(street) // 2)
    return full_raise


def counts_as_raise(config: GameConfig, street: int, increment: int, full_raise: int) -> bool:
    """Whether a raise of ``increment`` chips over the current bet is a full raise.

    In fixed limit an all-in of at least half a bet counts (000 NL §3's limit rule);
    elsewhere only a raise of at least the last full bet or raise does (000 NL §3-§4).
    """
    return increment >= reopen_threshold(config, street, full_raise)


def raise_range(config: GameConfig, view: RoundView) -> tuple[int, int]:
    """The smallest and largest total a bet or raise may go *to* on this street.

    Returns:
        ``(lowest, highest)`` in chips, before capping at the player's all-in and before
        rounding to the bet unit. A player may always bet the structure's minimum, even
        when it is more than the pot (002 "betting up to the amount in the pot").
    """
    structure = config.street_structure(view.street)
    current = view.current_bet
    minimum = street_minimum(config, view.street)
    lowest = current + max(view.full_raise, minimum)
    if view.completing and current < minimum:
        lowest = minimum  # completing the bring-in to a full bet is the first bet
    if structure is Structure.FIXED_LIMIT:
        if view.open_pair and current == 0:
            return lowest, config.stakes.fixed_big
        return lowest, lowest
    if structure is Structure.SPREAD_LIMIT:
        return lowest, current + config.spread_max_for(view.street)
    if structure is Structure.NO_LIMIT:
        return lowest, view.player_bet + view.stack
    return lowest, max(lowest, pot_limit_top(config, view))


def pot_limit_top(config: GameConfig, view: RoundView) -> int:
    """The pot-limit maximum raise-to: the current bet plus the pot after the call.

    003 §13 / 000 NL preamble: pot 100, bet 50: call 50 and raise 200, to 250 in all. House
    options: the pot after the call rounded up to ``pot_rounding_unit`` (000 PL §4, 003 §12);
    half-pot (002 variation 3), the half rounded up to the bet unit (RULES.md "Money"); a cap
    on the amount raised (002 variation 1); the opening raise up to ``max_open_multiple`` big
    blinds (003 §11).
    """
    rules = config.rules
    call = max(0, view.current_bet - view.player_bet)
    after_call = view.pot + call
    unit = rules.pot_rounding_unit
    if unit > 1:
        after_call = -(-after_call // unit) * unit
    if config.street_structure(view.street) is Structure.HALF_POT:
        half = -(-after_call // 2)  # a fraction rounds up to the bet unit (RULES.md "Money")
        after_call = -(-half // rules.bet_unit) * rules.bet_unit
    if rules.pot_cap:
        after_call = min(after_call, rules.pot_cap)
    top = view.current_bet + after_call
    if rules.max_open_multiple and view.opening:
        top = max(top, rules.max_open_multiple * config.stakes.big_blind)
    return top


def is_pot_limited(config: GameConfig, street: int) -> bool:
    """Whether an overbet on ``street`` is cut to the maximum (000 PL §1, 003 §10)."""
    return config.street_structure(street) in (Structure.POT_LIMIT, Structure.HALF_POT)
