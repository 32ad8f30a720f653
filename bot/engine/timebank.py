"""The time bank (RULES.md "The time bank"): seconds each player may draw on when his
time to act runs out, refilled by a set amount every N hands.

The engine keeps the banks and decides what is granted and spent; the service, which
owns the clock, says when a turn's time ran out and how long the player then took.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .codec import INT, As, Codec
from .errors import IllegalAction, whole_in

SECONDS_MOST = 600  # a bank of ten minutes at most
EVERY_MOST = 100  # hands between refills, at most

_USAGE = (
    "set timebank SECONDS (each player's bank, 1 to {most}), set timebank SECONDS add S "
    "every N (S seconds back every N hands, up to the bank), set timebank off"
)


@dataclass(frozen=True)
class TimeBankRules:
    """The table's time bank, a house option.

    Attributes:
        seconds: each player's bank when he first sits, and the most it holds; 0 for no
            time bank.
        refill: seconds given back to every seated player ...
        every: ... after every this many hands (0: never refilled).
    """

    seconds: int = 0
    refill: int = 0
    every: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving: ``{"seconds": int, "refill": int, "every": int}``."""
        return _RULES.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TimeBankRules:
        """The rules saved by :meth:`to_dict` (None: no time bank).

        Raises:
            KeyError: a field missing.
            ValueError: a value that is not a number.
        """
        return _RULES.load(data) if data else cls()


_RULES: Codec[TimeBankRules] = Codec(
    TimeBankRules, {"seconds": INT, "refill": INT, "every": INT}, required=True
)


def time_bank_from(words: str) -> TimeBankRules:
    """The time bank option after the host's ``set timebank`` words.

    Args:
        words: ``off``, ``SECONDS`` or ``SECONDS add S every N``.
    Returns:
        The option.
    Raises:
        IllegalAction: anything else, or a number out of its range (bank 1 to 600
            seconds, refill 1 to the bank, N 1 to 100 hands), with the legal forms.
    """
    parts = words.lower().split()
    usage = _USAGE.format(most=SECONDS_MOST)
    if parts == ["off"]:
        return TimeBankRules()
    if len(parts) not in (1, 5) or (len(parts) == 5 and parts[1::2] != ["add", "every"]):
        raise IllegalAction(usage)
    seconds = whole_in(parts[0], 1, SECONDS_MOST, "a time bank is 1 to 600 seconds", usage)
    if len(parts) == 1:
        return TimeBankRules(seconds)
    what = f"the refill is 1 to the bank's {seconds} seconds"
    refill = whole_in(parts[2], 1, seconds, what, usage)
    every = whole_in(parts[4], 1, EVERY_MOST, f"a refill every 1 to {EVERY_MOST} hands", usage)
    return TimeBankRules(seconds, refill, every)


@dataclass
class TimeBanks:
    """Every player's time bank at a table, in whole seconds by player id, the bank
    running now, if any (``running``: the player and the seconds granted him), and whose
    bank has run in the decision pending (``ran``: a bank runs once a decision)."""

    seconds: dict[str, int] = field(default_factory=dict)
    running: tuple[str, int] | None = None
    ran: str | None = None

    def left(self, rules: TimeBankRules, player_id: str) -> int:
        """Seconds in ``player_id``'s bank (a player new to the table has a full one)."""
        if not rules.seconds:
            return 0
        return min(rules.seconds, self.seconds.get(player_id, rules.seconds))

    def open(self, rules: TimeBankRules, player_id: str) -> int:
        """His time to act ran out: the seconds his bank grants him now (all of it), 0
        when it is empty, off, or already running for him on this decision."""
        if self.running is not None or self.ran == player_id:
            return 0
        granted = self.left(rules, player_id)
        if granted > 0:
            self.running = (player_id, granted)
        return granted

    def close(self, used: int) -> None:
        """The decision the bank ran for is over, ``used`` seconds of it taken (rounded up
        by the caller; at most what was granted, at least 0)."""
        if self.running is None:
            return
        player_id, granted = self.running
        spent = min(max(used, 0), granted)
        self.seconds[player_id] = granted - spent
        self.running, self.ran = None, player_id

    def next_decision(self) -> None:
        """The decision the table waited on is over: a bank may run on the next one."""
        self.ran = None

    def refill(self, rules: TimeBankRules, hand_number: int, players: list[str]) -> None:
        """After hand ``hand_number``: every ``every`` hands, each of ``players`` gets
        ``refill`` seconds back, up to the bank's size."""
        if not rules.seconds or not rules.every or hand_number % rules.every:
            return
        for player_id in players:
            left = self.left(rules, player_id)
            self.seconds[player_id] = min(rules.seconds, left + rules.refill)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving: ``{"seconds": {player id: int}, "running": [player id,
        seconds granted] or None, "ran": player id or None}``."""
        # written out, not through the codec: saved at every commit, where the codec's
        # generic loop took several times as long (benchmarks/README.md)
        return {
            "seconds": dict(self.seconds),
            "running": list(self.running or []) or None,
            "ran": self.ran,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TimeBanks:
        """The banks saved by :meth:`to_dict` (None: none yet).

        Raises:
            ValueError: seconds that are not a number.
        """
        return _BANKS.load(data) if data else cls()


_BANKS: Codec[TimeBanks] = Codec(
    TimeBanks,
    {
        "seconds": As(dict, lambda data: {str(k): int(v) for k, v in data.items()}),
        "running": As(
            lambda running: list(running or []) or None,
            lambda data: (str(data[0]), int(data[1])) if data else None,
        ),
    },
)
