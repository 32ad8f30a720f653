"""A table's settings: what the host chose for it (the game or mix, the stakes, the seats and
buy-ins, the kill, the clock and the house's extras), as plain data for saving, and the kill
tracker and game rotation a table plays them with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bombpot import BombRules
from .config import Game, GameConfig
from .errors import ConfigError
from .games import spec_for
from .kills import KillRules
from .killtracker import KillTracker
from .rotation import Rotation
from .serial import config_from_dict, config_to_dict, kill_rules_from_dict, kill_rules_to_dict
from .timebank import TimeBankRules


@dataclass(frozen=True)
class TableSettings:
    """What the host chose for a table.

    Attributes:
        config: the game, structure, stakes and house rules (for a mix, its stakes and
            structure apply to every game, RULES.md "Games of rounds").
        mix: the games of a mix in order, or () for a single game.
        mix_minutes: change game every N minutes instead of by rounds (0: rounds).
        dealer_choice: a player picks each round's game from ``mix``, the pick passing
            to the left each round (:mod:`bot.engine.dealerchoice`).
        seats: the table's size (at most what the deck allows for every game played).
        min_buy_in, max_buy_in: the buy-in range (000 NL §16).
        kill: the kill rules, or None for a game without a kill.
        turn_seconds: time to act before the turn timer checks or folds (000 NL §15).
        timeouts_to_sit_out: turns timed out in a row before a player is sat out.
        offer_runs: offer to run the board twice when all-in (000 NL §17).
        jacks_deals: in jacks or better, deals with an ante before the antes stop when
            nobody opens (004 jacks §1: most games allow three).
        chips_per_unit: an optional chip value: this many chips make one unit of the host's
            currency (100 chips = 1.00); 0 for none.
        currency: the currency's sign, e.g. "$".
        confirm_over: a bet or raise adding more than this many chips asks the player for a
            confirmation click (an all-in always does); 0 for all-ins only.
        bomb: the table's bomb pots (RULES.md "Bomb pots").
        seven_deuce: the 7-2 game's bounty, chips from each other player dealt in to the
            winner of a hold'em main pot with seven-deuce (RULES.md "The 7-2 game"); 0
            for none.
        time_bank: the time bank's size and refill (RULES.md "The time bank").
        pictures: a showdown's result comes with a picture of the board and the hands
            shown, where the platform shows pictures.
    """

    config: GameConfig
    mix: tuple[Game, ...] = ()
    mix_minutes: int = 0
    dealer_choice: bool = False
    seats: int = 9
    min_buy_in: int = 0
    max_buy_in: int = 0
    kill: KillRules | None = None
    turn_seconds: int = 30
    timeouts_to_sit_out: int = 3
    offer_runs: bool = True
    jacks_deals: int = 3
    chips_per_unit: int = 0
    currency: str = ""
    confirm_over: int = 0
    bomb: BombRules = BombRules()
    seven_deuce: int = 0
    time_bank: TimeBankRules = TimeBankRules()
    pictures: bool = True

    def __post_init__(self) -> None:
        games = self.mix or (self.config.game,)
        most = min(spec_for(g).max_players for g in games)
        if not 2 <= self.seats <= most:
            raise ConfigError(f"this table seats 2 to {most} players")
        if not 0 < self.min_buy_in <= self.max_buy_in:
            raise ConfigError("the buy-in range needs 0 < minimum <= maximum")

    @property
    def default_buy_in(self) -> int:
        """The buy-in a player gets without naming one, in chips: the most the table allows
        (000 NL §16), the stack players expect to sit with."""
        return self.max_buy_in

    @property
    def game_key(self) -> str:
        """The game as stored for the leaderboard: ``holdem``, or a mix's games joined by
        ``+``."""
        return "+".join(g.value for g in self.mix) if self.mix else self.config.game.value

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving."""
        return {
            "config": config_to_dict(self.config),
            "mix": [g.value for g in self.mix],
            "mix_minutes": self.mix_minutes,
            "dealer_choice": self.dealer_choice,
            "seats": self.seats,
            "min_buy_in": self.min_buy_in,
            "max_buy_in": self.max_buy_in,
            "kill": None if self.kill is None else kill_rules_to_dict(self.kill),
            "turn_seconds": self.turn_seconds,
            "timeouts_to_sit_out": self.timeouts_to_sit_out,
            "offer_runs": self.offer_runs,
            "jacks_deals": self.jacks_deals,
            "chips_per_unit": self.chips_per_unit,
            "currency": self.currency,
            "confirm_over": self.confirm_over,
            "bomb": self.bomb.to_dict(),
            "seven_deuce": self.seven_deuce,
            "time_bank": self.time_bank.to_dict(),
            "pictures": self.pictures,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """The settings saved by :meth:`to_dict`.

        Raises:
            ConfigError: a value that cannot be read.
        """
        kill = data.get("kill")
        try:
            return cls(
                config=config_from_dict(data["config"]),
                mix=tuple(Game(g) for g in data.get("mix", ())),
                mix_minutes=int(data.get("mix_minutes", 0)),
                dealer_choice=bool(data.get("dealer_choice", False)),
                seats=int(data["seats"]),
                min_buy_in=int(data["min_buy_in"]),
                max_buy_in=int(data["max_buy_in"]),
                kill=None if kill is None else kill_rules_from_dict(kill),
                turn_seconds=int(data.get("turn_seconds", 30)),
                timeouts_to_sit_out=int(data.get("timeouts_to_sit_out", 3)),
                offer_runs=bool(data.get("offer_runs", True)),
                jacks_deals=int(data.get("jacks_deals", 3)),
                chips_per_unit=int(data.get("chips_per_unit", 0)),
                currency=str(data.get("currency", "")),
                confirm_over=int(data.get("confirm_over", 0)),
                bomb=BombRules.from_dict(data.get("bomb")),
                seven_deuce=int(data.get("seven_deuce", 0)),
                time_bank=TimeBankRules.from_dict(data.get("time_bank")),
                pictures=bool(data.get("pictures", True)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"saved table settings cannot be read: {exc}") from exc


def kill_tracker_for(settings: TableSettings) -> KillTracker | None:
    """The kill button's tracker a table with ``settings`` starts with, or None for a game
    without a kill (000 kill §1a: it starts neutral)."""
    return KillTracker(settings.kill) if settings.kill else None


def rotation_for(settings: TableSettings) -> Rotation | None:
    """The mix's rotation a table with ``settings`` starts with, at its first game, or None
    for a single game (RULES.md "Games of rounds")."""
    if not settings.mix:
        return None
    return Rotation(settings.mix, settings.mix_minutes, settings.dealer_choice)
