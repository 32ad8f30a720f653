"""The tournament's level clock: which level is being played, the time left of it or of a
break, and the changes due when time passes (RULES.md "Tournaments").

The clock is plain stored data. It counts seconds the caller gives it (the service's
clock); it never reads the time itself. What it stores is the time left as of the last
reading, so a restart resumes a level where it stood instead of charging the time the bot
was down (:meth:`LevelClock.resumed`). A new level applies from the next hand
(TDA 2024 R23): the table reads :attr:`LevelClock.number` when it deals, and a hand
already dealt plays out at its own stakes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .blindlevels import Level, Schedule
from .codec import BOOL, FLOAT, INT, As, Codec
from .errors import ConfigError, IllegalAction


@dataclass(frozen=True)
class LevelUp:
    """A new level is on: it applies from the next hand dealt (TDA 2024 R23).

    Attributes:
        number: the level's number, from 1.
        level: its blinds, antes and length.
    """

    number: int
    level: Level


@dataclass(frozen=True)
class BreakBegins:
    """A break: no hand is dealt until it ends; a hand in play finishes first.

    Attributes:
        minutes: its length.
        after: the number of the level it follows.
    """

    minutes: int
    after: int


ClockChange = LevelUp | BreakBegins


@dataclass
class LevelClock:
    """Where a tournament stands in its blind schedule.

    Attributes:
        schedule: the blind schedule.
        number: the level being played (its number from 1), or the one a break follows;
            0 before the start.
        on_break: a break is running.
        left: seconds left of the level (a timed one) or of the break, as of ``at``.
        at: the clock's reading when ``left`` was counted, in seconds; None while the
            clock is stopped (before the start, paused by the host, restored and not yet
            resumed).
        hands: hands dealt at this level (for a level of N hands).
    """

    schedule: Schedule
    number: int = 0
    on_break: bool = False
    left: float = 0.0
    at: float | None = None
    hands: int = 0

    @property
    def level(self) -> Level:
        """The level being played (the first one before the start)."""
        return self.schedule.level(max(self.number, 1))

    @property
    def running(self) -> bool:
        """Whether time is passing on the clock."""
        return self.at is not None

    def start(self, now: float) -> LevelUp:
        """Start level 1 at ``now`` (seconds).

        Raises:
            IllegalAction: the clock has started already.
        """
        if self.number:
            raise IllegalAction("the tournament's clock is running already")
        self._enter(1, now)
        return LevelUp(1, self.level)

    def time_left(self, now: float) -> float:
        """Seconds left of the timed level or break at ``now``; 0 for a level of hands."""
        if not self.number or (not self.on_break and not self.level.minutes):
            return 0.0
        if self.at is None:
            return max(self.left, 0.0)
        return max(self.left - (now - self.at), 0.0)

    def wake_at(self) -> float | None:
        """When the clock next changes (the reading in seconds), or None while it is
        stopped or counts hands."""
        if self.at is None or (not self.on_break and not self.level.minutes):
            return None
        return self.at + self.left

    def due(self, now: float) -> list[ClockChange]:
        """Move the clock to ``now``: every level end and break end passed since it was
        last read, in order (several when a long time went by).

        Returns:
            The changes, oldest first; [] when none is due or the clock is stopped.
        """
        changes: list[ClockChange] = []
        while self.at is not None and (self.on_break or self.level.minutes):
            ends = self.at + self.left
            if ends > now:
                break
            changes.append(self._next(ends))
        return changes

    def hand_dealt(self, now: float) -> list[ClockChange]:
        """Count a hand dealt at ``now`` (seconds); a level of N hands ends with its Nth
        hand dealt: the next level, or the break after it, is on from the next deal.

        Returns:
            The change due, or [].
        """
        if not self.number or self.on_break or self.level.minutes:
            return []
        self.hands += 1
        if self.hands < self.level.hands:
            return []
        return [self._next(now)]

    def pause(self, now: float) -> None:
        """Stop the clock at ``now`` (the host's pause): the time left is kept.

        Raises:
            IllegalAction: it is stopped already.
        """
        if self.at is None:
            raise IllegalAction("the tournament's clock is stopped already")
        self.left = self.time_left(now)
        self.at = None

    def resumed(self, now: float) -> None:
        """Start the stopped clock again at ``now`` with the time it had left (after a
        pause, or a restart: the time the bot was down is not charged)."""
        if self.number and self.at is None:
            self.at = now

    def read(self, now: float) -> None:
        """Count the time left as of ``now`` (before the clock is saved), so a restart
        resumes from this reading."""
        if self.at is not None:
            self.left = self.time_left(now)
            self.at = now

    def _enter(self, number: int, now: float) -> None:
        self.number, self.on_break, self.hands = number, False, 0
        self.left = 60.0 * self.schedule.level(number).minutes
        self.at = now

    def _next(self, ends: float) -> ClockChange:
        if not self.on_break and self.schedule.break_after(self.number):
            self.on_break = True
            self.left = 60.0 * self.schedule.break_minutes
            self.at = ends
            return BreakBegins(self.schedule.break_minutes, self.number)
        self._enter(self.number + 1, ends)
        return LevelUp(self.number, self.level)

    def to_dict(self) -> dict[str, Any]:
        """The clock as plain data; call :meth:`read` first so ``left`` is current. A
        stopped clock (``at`` None) is saved stopped."""
        return {**_CLOCK.dump(self), "running": self.at is not None}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LevelClock:
        """The clock :meth:`to_dict` wrote, stopped: :meth:`resumed` starts it again
        unless it was saved stopped (see :func:`was_running`).

        Raises:
            ConfigError: a level number below 0.
        """
        clock = _CLOCK.load({key: value for key, value in data.items() if key != "running"})
        if clock.number < 0:
            raise ConfigError("a stored level number is 0 or more")
        return clock


# the reading of ``at`` is not saved: a clock is restored stopped, and resumed
_CLOCK: Codec[LevelClock] = Codec(
    LevelClock,
    {
        "schedule": As(Schedule.to_dict, Schedule.from_dict),
        "number": INT,
        "on_break": BOOL,
        "left": FLOAT,
        "hands": INT,
    },
    names=("schedule", "number", "on_break", "left", "hands"),
    required=("number",),
)


def was_running(data: dict[str, Any]) -> bool:
    """Whether the clock stored as ``data`` was running when saved (so a restart resumes
    it), rather than paused by the host."""
    return bool(data.get("running", False))
