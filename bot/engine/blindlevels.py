"""A tournament's blind schedule: its levels, their length, the antes and the breaks, and
the named presets a host picks from (RULES.md "Tournaments").

A level is plain data; what is played at it is :meth:`Level.stakes` for the table's betting
structure, so limit games step their limits with the levels. The clock that moves through
the schedule is :mod:`bot.engine.levelclock`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .codec import INT, Codec, record, tuple_of
from .config import Stakes, Structure
from .errors import ConfigError, check_whole

LEVELS_MOST = 60  # levels written out in one schedule
MINUTES_MOST = 240  # a level or a break of four hours at most
HANDS_MOST = 500  # a level of N hands at most
CHIPS_MOST = 10**12  # a blind or an ante at most


@dataclass(frozen=True)
class Level:
    """One level of a blind schedule.

    Attributes:
        small_blind, big_blind: chips. In limit games the big blind is also the small bet
            and the big bet twice it, so the limits step with the levels.
        ante: chips each player antes (0 for none).
        big_blind_ante: chips the big blind posts as the table's ante (TDA 2024 RP-11; 0
            for none): the big blind is paid first when he is short, and the ante is never
            reduced as the table shrinks.
        minutes: the level's length in minutes, or 0 when it lasts ``hands`` hands.
        hands: the level's length in hands dealt at the table, when ``minutes`` is 0.
    Raises:
        ConfigError: a negative or fractional amount, a small blind over the big blind, a
            level without a length, or with both a time and a number of hands.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    minutes: int = 0
    hands: int = 0

    def __post_init__(self) -> None:
        check_whole(
            self,
            (
                ("small_blind", 0, CHIPS_MOST),
                ("big_blind", 0, CHIPS_MOST),
                ("ante", 0, CHIPS_MOST),
                ("big_blind_ante", 0, CHIPS_MOST),
                ("minutes", 0, MINUTES_MOST),
                ("hands", 0, HANDS_MOST),
            ),
            "a level's",
        )
        if self.big_blind < 1:
            raise ConfigError("a level's big blind is 1 chip or more")
        if self.small_blind > self.big_blind:
            raise ConfigError(
                f"a level's small blind ({self.small_blind}) may not be larger than its big "
                f"blind ({self.big_blind})"
            )
        if self.ante and self.big_blind_ante:
            raise ConfigError("a level has an ante from each player or a big-blind ante, not both")
        if bool(self.minutes) == bool(self.hands):
            raise ConfigError("a level lasts a number of minutes or a number of hands, one of them")

    def stakes(self, structure: Structure) -> Stakes:
        """The stakes dealt at this level.

        Args:
            structure: the table's betting structure.
        Returns:
            The blinds and antes; in fixed limit, a small bet of the big blind and a big
            bet of twice it (002: blinds 5/10 in a 10/20 game).
        Raises:
            ConfigError: spread limit, which a tournament does not play.
        """
        if structure is Structure.SPREAD_LIMIT:
            raise ConfigError(
                "a tournament plays no-limit, pot-limit or fixed limit: spread limit is a "
                "cash game's structure"
            )
        if structure is Structure.FIXED_LIMIT:
            return Stakes(
                self.small_blind,
                self.big_blind,
                self.ante,
                self.big_blind_ante,
                small_bet=self.big_blind,
                big_bet=2 * self.big_blind,
            )
        return Stakes(self.small_blind, self.big_blind, self.ante, self.big_blind_ante)

    def blinds_text(self) -> str:
        """``50/100``, ``50/100 ante 100`` or ``50/100 bb ante 100``, as written in a schedule."""
        text = f"{self.small_blind}/{self.big_blind}"
        if self.ante:
            text += f" ante {self.ante}"
        if self.big_blind_ante:
            text += f" bb ante {self.big_blind_ante}"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The level as plain data."""
        return _LEVEL.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Level:
        """The level :meth:`to_dict` wrote."""
        return _LEVEL.load(data)


@dataclass(frozen=True)
class Schedule:
    """A tournament's blind schedule.

    Attributes:
        levels: the levels written out, in order (1 to :data:`LEVELS_MOST`).
        break_every: a break after every N levels (0 for no breaks).
        break_minutes: the break's length in minutes.
    Raises:
        ConfigError: no levels, too many, blinds that go down from one level to the next,
            or breaks without a length.

    After the last level written, each further level doubles the blinds and antes of the
    one before, for the same length (a house choice, RULES.md "Tournaments": the blinds
    never stop rising, so a tournament always ends).
    """

    levels: tuple[Level, ...]
    break_every: int = 0
    break_minutes: int = 0

    def __post_init__(self) -> None:
        if not 1 <= len(self.levels) <= LEVELS_MOST:
            raise ConfigError(f"a blind schedule has 1 to {LEVELS_MOST} levels")
        for number, (before, after) in enumerate(pairwise(self.levels), start=2):
            if after.big_blind < before.big_blind:
                raise ConfigError(
                    f"level {number}'s big blind ({after.big_blind}) is below level "
                    f"{number - 1}'s ({before.big_blind}): blinds only rise"
                )
        if not 0 <= self.break_every <= LEVELS_MOST:
            raise ConfigError(f"a break comes every 1 to {LEVELS_MOST} levels, or never (0)")
        if not 0 <= self.break_minutes <= MINUTES_MOST:
            raise ConfigError(f"a break lasts 1 to {MINUTES_MOST} minutes")
        if bool(self.break_every) != bool(self.break_minutes):
            raise ConfigError(
                "breaks need both how often (every N levels) and how long (M minutes)"
            )

    def level(self, number: int) -> Level:
        """Level ``number``, counted from 1; past the last written, doubled each level.

        Raises:
            ConfigError: ``number`` below 1.
        """
        if number < 1:
            raise ConfigError("levels are counted from 1")
        if number <= len(self.levels):
            return self.levels[number - 1]
        last = self.levels[-1]
        times = 2 ** (number - len(self.levels))
        return Level(
            min(last.small_blind * times, CHIPS_MOST),
            min(last.big_blind * times, CHIPS_MOST),
            min(last.ante * times, CHIPS_MOST),
            min(last.big_blind_ante * times, CHIPS_MOST),
            last.minutes,
            last.hands,
        )

    def break_after(self, number: int) -> bool:
        """Whether a break follows level ``number`` (every ``break_every`` levels)."""
        return bool(self.break_every) and number % self.break_every == 0

    def to_dict(self) -> dict[str, Any]:
        """The schedule as plain data."""
        return _SCHEDULE.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Schedule:
        """The schedule :meth:`to_dict` wrote."""
        return _SCHEDULE.load(data)


_LEVEL: Codec[Level] = Codec(
    Level,
    {
        name: INT
        for name in ("small_blind", "big_blind", "ante", "big_blind_ante", "minutes", "hands")
    },
)
_SCHEDULE: Codec[Schedule] = Codec(
    Schedule,
    {"levels": tuple_of(record(_LEVEL)), "break_every": INT, "break_minutes": INT},
)


# The blinds of the presets: a usual home-game progression (each roughly 1.3 to 1.5 times
# the last), with a big-blind ante equal to the big blind from the fourth level (TDA 2024
# RP-11: the ante is usually the big blind).
_BLINDS = (
    (10, 20),
    (15, 30),
    (25, 50),
    (50, 100),
    (75, 150),
    (100, 200),
    (150, 300),
    (200, 400),
    (300, 600),
    (400, 800),
    (500, 1000),
    (600, 1200),
    (800, 1600),
    (1000, 2000),
    (1500, 3000),
    (2000, 4000),
    (3000, 6000),
    (4000, 8000),
    (5000, 10000),
    (7000, 14000),
    (10000, 20000),
)
_ANTE_FROM = 4


@dataclass(frozen=True)
class Preset:
    """A named schedule and the starting stack it is made for.

    Attributes:
        name: ``turbo``, ``regular`` or ``deep``.
        stack: the starting stack in chips.
        minutes: each level's length.
        break_every, break_minutes: the breaks.
        summary: one line for the help.
    """

    name: str
    stack: int
    minutes: int
    break_every: int
    break_minutes: int
    summary: str

    def schedule(self, big_blind_ante: bool = True) -> Schedule:
        """The preset's schedule; ``big_blind_ante`` False leaves the antes out."""
        levels = tuple(
            Level(
                small,
                big,
                big_blind_ante=big if big_blind_ante and number >= _ANTE_FROM else 0,
                minutes=self.minutes,
            )
            for number, (small, big) in enumerate(_BLINDS, start=1)
        )
        return Schedule(levels, self.break_every, self.break_minutes)


PRESETS = {
    preset.name: preset
    for preset in (
        Preset("turbo", 1500, 5, 0, 0, "5-minute levels, 1,500 chips, no breaks"),
        Preset("regular", 3000, 10, 6, 5, "10-minute levels, 3,000 chips, 5-minute break hourly"),
        Preset("deep", 5000, 15, 4, 10, "15-minute levels, 5,000 chips, 10-minute break hourly"),
    )
}
