"""Games, betting structures, stakes and house rules: the settings a hand is played under.

Every amount is an integer number of chips in the table's smallest unit (RULES.md "Money").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property

from .errors import ConfigError
from .gamenames import Game as Game  # where the games are named; re-exported here


class Structure(StrEnum):
    """Betting structures (RULES.md "Betting structures"; 000 NL, 000 PL, 002, 003)."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    HALF_POT = "half_pot"  # 002 pot-limit variation 3
    PL_PREFLOP_NL_POSTFLOP = "pl_preflop_nl_postflop"  # 002 pot-limit variation 2
    FIXED_LIMIT = "fixed_limit"
    SPREAD_LIMIT = "spread_limit"

    @property
    def is_limit(self) -> bool:
        """Fixed and spread limit: raises are counted and capped."""
        return self in (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)

    @property
    def label(self) -> str:
        """The structure's name as players say it."""
        return {
            "no_limit": "No-Limit",
            "pot_limit": "Pot-Limit",
            "half_pot": "Half-Pot-Limit",
            "pl_preflop_nl_postflop": "Pot-Limit preflop, No-Limit after",
            "fixed_limit": "Limit",
            "spread_limit": "Spread-Limit",
        }[self.value]


@dataclass(frozen=True)
class Stakes:
    """The forced bets and bet sizes.

    Attributes:
        small_blind, big_blind: chips; the big blind is also the minimum bring-in in
            no-limit and pot-limit (000 NL §2).
        ante: chips every player antes (0 for none).
        big_blind_ante: chips the big blind posts as an ante for the whole table (0: none).
        small_bet, big_bet: fixed limit sizes, small bet on the first two streets and big
            bet on the last two; default the big blind and twice it.
        spread_min, spread_max: spread limit (002): the minimum bet and the maximum per
            street, e.g. ``1-4-8-8`` is ``spread_min=1, spread_max=(4, 4, 8, 8)``.
        straddle: the live straddle amount when one is posted (000 NL §14: twice the big
            blind); 0 means use twice the big blind.
        bring_in: stud's forced bring-in (0: three tenths of the small bet, rounded up,
            RULES.md "Games of rounds").
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    small_bet: int = 0
    big_bet: int = 0
    spread_min: int = 0
    spread_max: tuple[int, ...] = ()
    straddle: int = 0
    bring_in: int = 0

    def __post_init__(self) -> None:
        for name in (
            "small_blind",
            "big_blind",
            "ante",
            "big_blind_ante",
            "small_bet",
            "big_bet",
            "spread_min",
            "straddle",
            "bring_in",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ConfigError(f"{name} must be a whole number of chips, 0 or more")
        if self.big_blind <= 0 and self.small_bet <= 0:
            raise ConfigError(
                "the big blind (or, without blinds, the small bet) must be 1 chip or more"
            )
        if self.small_blind > self.big_blind:
            raise ConfigError("the small blind may not be larger than the big blind")
        if any(not isinstance(m, int) or m <= 0 for m in self.spread_max):
            raise ConfigError("spread maxima must be whole numbers of chips")

    @property
    def fixed_small(self) -> int:
        """The fixed-limit small bet (default: the big blind)."""
        return self.small_bet or self.big_blind

    @property
    def fixed_big(self) -> int:
        """The fixed-limit big bet (default: twice the small bet)."""
        return self.big_bet or 2 * self.fixed_small

    @property
    def bring_in_amount(self) -> int:
        """Stud's bring-in: as set, else three tenths of the small bet rounded up (RULES.md)."""
        return self.bring_in or -(-3 * self.fixed_small // 10)

    @property
    def bring_in_below_completion(self) -> bool:
        """Whether stud's bring-in leaves a completion above it: a bring-in as large as the
        small bet leaves the first player no choice between the two (RULES.md "Games of
        rounds": three tenths of the small bet, rounded up, so a small bet of 2 or more)."""
        return self.bring_in_amount < self.fixed_small

    @property
    def straddle_amount(self) -> int:
        """The straddle (000 NL §14: twice the big blind unless set)."""
        return self.straddle or 2 * self.big_blind

    def scaled(self, numerator: int, denominator: int, unit: int = 1) -> Stakes:
        """Every blind and limit multiplied by ``numerator/denominator``, rounded up to ``unit``.

        Used for killed pots (002 kill: full kill doubles, half kill × 1.5; spread limits
        scale both ends).
        """

        def up(value: int) -> int:
            raw = -(-value * numerator // denominator)
            return -(-raw // unit) * unit if unit > 1 else raw

        return replace(
            self,
            small_blind=up(self.small_blind),
            big_blind=up(self.big_blind),
            small_bet=up(self.fixed_small),
            big_bet=up(self.fixed_big),
            spread_min=up(self.spread_min) if self.spread_min else 0,
            spread_max=tuple(up(m) for m in self.spread_max),
            straddle=up(self.straddle) if self.straddle else 0,
            bring_in=up(self.bring_in) if self.bring_in else 0,
        )


def limit_blinds(small_bet: int) -> tuple[int, int]:
    """The blinds of a limit game with this small bet: the big blind is the small bet and
    the small blind half of it, rounded up to the chip (002: blinds 5/10 in a 10/20 game;
    RULES.md "Money": a fraction the rules derive is rounded up).

    Args:
        small_bet: chips, 1 or more.
    Returns:
        ``(small_blind, big_blind)`` in chips: 3/6 gives (2, 3), 2/4 gives (1, 2).
    """
    return -(-small_bet // 2), small_bet


@dataclass(frozen=True)
class HouseRules:
    """House options of the betting rules, with RULES.md's defaults.

    Attributes:
        bet_unit: every bet and raise is a multiple of it, except an all-in (000 NL §13).
        raise_cap: raises allowed after the opening bet in limit games (default 3: a bet and
            three raises); None for no cap.
        cap_heads_up: whether the cap also applies heads-up (default False: no cap).
        pot_rounding_unit: pot-limit: the pot after the call is rounded up to this unit
            (000 PL §4, 003 §12); 0 for off.
        small_blind_counts_as_big: pot-limit: until the big blind has acted on the first
            round, the small blind counts as a big blind (000 PL §5).
        max_open_multiple: pot-limit: the first raise may be up to this many big blinds
            (003 §11); 0 for off.
        pot_cap: capped pot-limit (002 variation 1): a bet or raise of at most this many
            chips on top of the call; 0 for off.
        raise_short_to_minimum: in play, a bet or raise under the minimum by a player with
            more chips is brought up to the minimum (000 NL §12); default off (refused).
        straddle_allowed: whether the player left of the big blind may post a live
            straddle (000 NL §14).
        check_raise: whether a player who checked may raise later in the round.
        joker: a 53-card deck with the joker, in jacks or better and ace-to-five lowball
            (004 jacks §10).
    """

    bet_unit: int = 1
    raise_cap: int | None = 3
    cap_heads_up: bool = False
    pot_rounding_unit: int = 0
    small_blind_counts_as_big: bool = False
    max_open_multiple: int = 0
    pot_cap: int = 0
    raise_short_to_minimum: bool = False
    straddle_allowed: bool = True
    check_raise: bool = True
    joker: bool = False

    def __post_init__(self) -> None:
        if self.bet_unit < 1:
            raise ConfigError("the bet unit must be at least 1 chip")
        if self.raise_cap is not None and self.raise_cap < 0:
            raise ConfigError("the raise cap must be 0 or more (or none)")


@dataclass(frozen=True)
class GameConfig:
    """A game as a table plays it: which game, which structure, the stakes, the house rules."""

    game: Game = Game.HOLDEM
    structure: Structure = Structure.NO_LIMIT
    stakes: Stakes = field(default_factory=lambda: Stakes(1, 2))
    rules: HouseRules = field(default_factory=HouseRules)

    def __post_init__(self) -> None:
        if self.structure is Structure.SPREAD_LIMIT:
            if not self.stakes.spread_min or not self.stakes.spread_max:
                raise ConfigError("spread limit needs a minimum and per-street maxima")
            if any(m < self.stakes.spread_min for m in self.stakes.spread_max):
                raise ConfigError("a spread maximum may not be under the minimum")

    def street_structure(self, street: int) -> Structure:
        """The structure that governs ``street`` (0 = preflop); 002 variation 2 switches."""
        if self.structure is Structure.PL_PREFLOP_NL_POSTFLOP:
            return Structure.POT_LIMIT if street == 0 else Structure.NO_LIMIT
        return self.structure

    def spread_max_for(self, street: int) -> int:
        """The spread-limit maximum on ``street``; the last maximum repeats."""
        maxima = self.stakes.spread_max
        return maxima[min(street, len(maxima) - 1)]

    def fixed_bet_for(self, street: int) -> int:
        """The fixed-limit bet size on ``street``: the small bet, or the big bet on the
        streets the game plays for the big bet (hold'em's turn and river, stud from fifth
        street, the draws after the first)."""
        from .games import spec_for

        streets = spec_for(self.game).streets
        big = streets[min(street, len(streets) - 1)].big_bet
        return self.stakes.fixed_big if big else self.stakes.fixed_small

    @property
    def full_bet(self) -> int:
        """The "one full bet" of the kill rules (RULES.md "Sizes the kill rules refer to")."""
        if self.structure is Structure.FIXED_LIMIT:
            return self.stakes.fixed_small
        if self.structure is Structure.SPREAD_LIMIT:
            return self.stakes.spread_min
        return self.stakes.big_blind

    @property
    def upper_limit(self) -> int:
        """The "upper limit" of the kill rules (RULES.md "Sizes the kill rules refer to")."""
        if self.structure is Structure.FIXED_LIMIT:
            return self.stakes.fixed_big
        if self.structure is Structure.SPREAD_LIMIT:
            return max(self.stakes.spread_max)
        return 2 * self.stakes.big_blind

    @cached_property
    def description(self) -> str:
        """:meth:`describe`, computed once."""
        return self.describe()

    def describe(self) -> str:
        """A one-line name such as "No-Limit Hold'em 1/2"."""
        s = self.stakes
        if self.structure is Structure.FIXED_LIMIT:
            stakes = f"{s.fixed_small}/{s.fixed_big}"
        elif self.structure is Structure.SPREAD_LIMIT:
            stakes = "-".join(str(x) for x in (s.spread_min, *s.spread_max))
        else:
            stakes = f"{s.small_blind}/{s.big_blind}"
        return f"{self.structure.label} {self.game.label} {stakes}"
