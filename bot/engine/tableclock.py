"""The table's clock: the time the decision it waits on may take, the clock a player puts on
another (000 NL §15), the ten-second warning, and the time bank's hand-off. Pure: every
method is given the time as seconds (the service's clock), so the same table restores
with the same deadlines after a restart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .codec import BOOL, FLOAT, As, Codec, optional
from .errors import IllegalAction
from .timebank import TimeBankRules, TimeBanks
from .turns import WARNING_SECONDS, clock_deadline

TurnKey = tuple[int, str | None, int]
"""The decision a table waits on: (hand number, player id or None, moves made)."""


@dataclass
class TableClock:
    """The timer of the decision the table waits on (000 NL §15).

    Attributes:
        turn: the decision the timer runs for, or None before the first.
        deadline: when the time to act runs out, in the service's seconds; None when no
            timer runs (no one to act, or the table is held).
        clock_on: the clock has been put on the player to act (once a decision).
        warned: the clock's ten-second warning has been given.
    """

    turn: TurnKey | None = None
    deadline: float | None = None
    clock_on: bool = False
    warned: bool = False

    def follow(self, turn: TurnKey, now: float, seconds: int, banks: TimeBanks) -> bool:
        """The table now waits on ``turn``: a new decision closes the time bank that ran
        for the last one and starts the turn timer of ``seconds`` (none when no one is to
        act); the same decision keeps the timer it has.

        Returns:
            Whether a new decision began.
        """
        if turn == self.turn and self.deadline is not None:
            return False
        self.close_bank(banks, now)
        banks.next_decision()
        self.turn = turn
        self.clock_on = self.warned = False
        self.deadline = now + seconds if turn[1] is not None else None
        return True

    def put_on(self, now: float, banks: TimeBanks, name: str) -> int:
        """The clock goes on the player to act, named ``name`` (000 NL §15): his time is
        the lesser of what he has left and the clock's seventy seconds
        (:func:`~bot.engine.turns.clock_deadline`); a time bank it cuts short is closed.

        Returns:
            The whole seconds he has to act.
        Raises:
            IllegalAction: the clock is already on him (once a decision), saying how long
                he has.
        """
        if self.clock_on:
            raise IllegalAction(f"the clock is already on {name}: {self.left(now)} seconds left")
        deadline = clock_deadline(now, self.deadline)
        if deadline != self.deadline:
            self.close_bank(banks, now)
        self.clock_on = True
        self.deadline = deadline
        left = self.left(now)
        self.warned = left <= WARNING_SECONDS  # a warning due already is the clock's word
        return left

    def left(self, now: float) -> int:
        """Whole seconds left to act, rounded up (0 when no timer runs or it has run out)."""
        return max(0, math.ceil((self.deadline or 0.0) - now))

    def warning_due(self, now: float) -> bool:
        """The clock is on, its ten-second warning not yet given, and it is time for it."""
        return (
            self.deadline is not None
            and self.clock_on
            and not self.warned
            and now >= self.deadline - WARNING_SECONDS
        )

    def warn(self) -> None:
        """The ten-second warning has been given (once a decision)."""
        self.warned = True

    def wake_at(self) -> float | None:
        """When the table must next be looked at: the clock's warning, else the deadline;
        None when no timer runs."""
        if self.deadline is None:
            return None
        if self.clock_on and not self.warned:
            return self.deadline - WARNING_SECONDS
        return self.deadline

    def ran_out(self, now: float) -> bool:
        """Whether the time to act has run out at ``now``."""
        return self.deadline is not None and now >= self.deadline

    def stop(self) -> None:
        """No timer runs until the table moves on (the table is held, or its decision
        is over)."""
        self.deadline = None

    def draw_bank(self, banks: TimeBanks, rules: TimeBankRules, player_id: str, now: float) -> int:
        """The time to act ran out: ``player_id``'s whole time bank runs instead, if he
        has one to run on this decision (RULES.md "The time bank").

        Returns:
            The seconds granted; 0 when no bank runs (the timer acts).
        """
        granted = banks.open(rules, player_id)
        if granted:
            self.deadline = now + granted
        return granted

    def close_bank(self, banks: TimeBanks, now: float) -> None:
        """The decision a time bank ran for is over: the seconds taken of it, rounded up,
        come off the player's bank (RULES.md "The time bank")."""
        if banks.running is None:
            return
        left = max(0.0, (self.deadline or 0.0) - now)
        banks.close(math.ceil(banks.running[1] - left))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving: ``{"turn": [hand number, player id or None, moves] or
        None, "deadline": float or None, "clock_on": bool, "warned": bool}``."""
        # written out, not through the codec: saved at every commit, where the codec's
        # generic loop took several times as long (benchmarks/README.md)
        return {
            "turn": None if self.turn is None else list(self.turn),
            "deadline": self.deadline,
            "clock_on": self.clock_on,
            "warned": self.warned,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TableClock:
        """The clock saved by :meth:`to_dict` (None: no timer yet).

        Raises:
            ValueError: a deadline or a turn's numbers that are not numbers.
        """
        return _CLOCK.load(data) if data else cls()


_CLOCK: Codec[TableClock] = Codec(
    TableClock,
    {
        "turn": optional(As(list, lambda turn: (int(turn[0]), turn[1], int(turn[2])))),
        "deadline": optional(FLOAT),
        "clock_on": BOOL,
        "warned": BOOL,
    },
)
