"""A table's settings: what the host chose for it (the game or mix, the stakes, the seats and
buy-ins, the kill, the clock and the house's extras), as plain data for saving, and the kill
tracker and game rotation a table plays them with.

The stakes are built here, for ``new`` (:func:`bot.words.tablesetup.parse_table_setup`) and
for ``set`` (:func:`bot.engine.regame.changed_settings`) alike: :func:`read_bets` reads them
as the table shows them (:meth:`bot.engine.config.GameConfig.describe`), ``2/5`` the blinds
in no-limit and pot-limit and the small and big bet in limit, ``2-10`` or ``1-4-8-8`` spread
limit's minimum and per-street maxima (002); :func:`stakes_config` makes the game's config
of them, and :func:`default_buy_in` the buy-in range they give when the host names none
(000 NL §16).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from .bombpot import BombRules
from .codec import BOOL, INT, STR, As, Codec, enum, optional, tuple_of
from .config import Game, GameConfig, HouseRules, Stakes, Structure, limit_blinds
from .errors import ConfigError
from .games import spec_for
from .kills import KillRules
from .killtracker import KillTracker
from .rotation import Rotation, stud_stakes
from .serial import CONFIG, kill_rules_from_dict, kill_rules_to_dict
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
        """Plain data for saving: the fields by name, the game config, kill rules, bomb
        pots and time bank as their own data, the mix's games by their names."""
        return _SETTINGS.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """The settings saved by :meth:`to_dict`.

        Raises:
            ConfigError: a value that cannot be read.
        """
        try:
            return _SETTINGS.load(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"saved table settings cannot be read: {exc}") from exc


_SETTINGS: Codec[TableSettings] = Codec(
    TableSettings,
    {
        "config": CONFIG,
        "mix": tuple_of(enum(Game)),
        "mix_minutes": INT,
        "dealer_choice": BOOL,
        "seats": INT,
        "min_buy_in": INT,
        "max_buy_in": INT,
        "kill": optional(As(kill_rules_to_dict, kill_rules_from_dict)),
        "turn_seconds": INT,
        "timeouts_to_sit_out": INT,
        "offer_runs": BOOL,
        "jacks_deals": INT,
        "chips_per_unit": INT,
        "currency": STR,
        "confirm_over": INT,
        "bomb": As(BombRules.to_dict, BombRules.from_dict),
        "seven_deuce": INT,
        "time_bank": As(TimeBankRules.to_dict, TimeBankRules.from_dict),
        "pictures": BOOL,
    },
    required=("seats", "min_buy_in", "max_buy_in"),
)


def kill_refusal(settings: TableSettings) -> str | None:
    """Why ``settings`` cannot have their kill, or None: a kill needs blinds, and not one
    of the games dealt is played with them (002 kill/kill-pot-games: stud, razz and jacks
    or better are played with antes)."""
    if settings.kill is None:
        return None
    games = settings.mix or (settings.config.game,)
    if any(spec_for(game).blinds for game in games):
        return None
    named = ", ".join(game.label for game in games)
    return (
        f"a kill needs blinds, and {named} {'is' if len(games) == 1 else 'are'} played with "
        "antes (002 kill/kill-pot-games): leave out 'kill', or choose a game with blinds"
    )


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


@dataclass(frozen=True)
class Bets:
    """Stakes as the host writes them, before a game gives them their blinds or ante.

    Attributes:
        low: chips: the small blind (no-limit, pot-limit), the small bet (limit) or the
            spread's minimum bet.
        highs: chips: the big blind or the big bet, one number; or the spread's maximum,
            one number or one a street (the last repeats).
        spread: written ``MIN-MAX``: spread limit (002).
    """

    low: int
    highs: tuple[int, ...]
    spread: bool = False


STAKES_FORMS = (
    "whole chips as the table shows them, e.g. 1/2 (blinds, or the bets in limit) or 2-10 "
    "(spread limit)"
)


def read_bets(text: str) -> Bets:
    """The stakes ``text`` writes: ``SMALL/BIG`` or ``MIN-MAX`` (``MIN-MAX-MAX-MAX`` a
    street each), whole chips in digits, 1 to a trillion. A space may stand around a
    separator (``1 / 2``), never inside an amount: ``1/2 0`` is no 1/20.

    Raises:
        ConfigError: anything else, with the forms stakes take.
    """
    spaced = re.sub(r"\s*([/-])\s*", r"\1", text.strip())
    if any(c.isspace() for c in spaced):
        raise _not_stakes(text)
    spread = "-" in spaced and "/" not in spaced
    parts = spaced.split("-" if spread else "/")
    if (len(parts) < 2) if spread else (len(parts) != 2):
        raise _not_stakes(text)
    wrong = next((p for p in parts if not whole_chips(p)), None)
    if wrong is not None:
        raise _not_stakes(text, wrong)
    numbers = [int(p) for p in parts]
    return Bets(numbers[0], tuple(numbers[1:]), spread)


def default_bets(structure: Structure) -> Bets:
    """The stakes a table is dealt at when the host names none: 1/2 blinds, and 2/4 at
    limit (blinds of 1 and 2, and a stud bring-in below the completion), 2-4 spread."""
    if structure is Structure.SPREAD_LIMIT:
        return Bets(2, (4,), spread=True)
    return Bets(2, (4,)) if structure.is_limit else Bets(1, (2,))


def stakes_config(
    games: tuple[Game, ...],
    structure: Structure,
    bets: Bets,
    rules: HouseRules | None = None,
    ante: int = 0,
    big_blind_ante: int = 0,
) -> GameConfig:
    """The config of a table dealing ``games`` (one, or a mix's in order) at ``bets``.

    Limit's blinds are half the small bet, rounded up, and the small bet (002; RULES.md
    "Money"); spread limit's the same of its minimum. Games without blinds (stud, razz,
    jacks or better) take no blinds and, unless set, an ante of a fifth of the small bet
    and stud's bring-in of three tenths, rounded up (RULES.md "Games of rounds").

    Args:
        games: the games dealt; the config is the first's.
        structure: the betting structure; stakes written ``MIN-MAX`` make it spread limit.
        bets: the stakes as written (:func:`read_bets`).
        rules: the house rules (None: the defaults).
        ante, big_blind_ante: chips, 0 for none.
    Returns:
        The config.
    Raises:
        ConfigError: stakes the structure does not take (a pair at spread limit, a small
            blind or small bet over the big one) or a game cannot be dealt at.
    """
    low, high = bets.low, bets.highs[0]
    if bets.spread:
        structure = Structure.SPREAD_LIMIT
    elif structure is Structure.SPREAD_LIMIT:
        raise ConfigError("spread limit stakes are MIN-MAX or one a street, e.g. 2-10 or 1-4-8-8")
    elif len(bets.highs) != 1:
        raise _not_stakes(f"{low}/{'/'.join(map(str, bets.highs))}")
    if bets.spread:
        stakes = Stakes(
            *limit_blinds(low),
            ante=ante,
            big_blind_ante=big_blind_ante,
            small_bet=low,
            spread_min=low,
            spread_max=bets.highs,
        )
    elif structure is Structure.FIXED_LIMIT:
        if low > high:
            raise ConfigError("the small bet may not be larger than the big bet")
        stakes = Stakes(
            *limit_blinds(low),
            ante=ante,
            big_blind_ante=big_blind_ante,
            small_bet=low,
            big_bet=high,
        )
    else:
        stakes = Stakes(low, high, ante=ante, big_blind_ante=big_blind_ante)
    if not any(spec_for(g).blinds for g in games):
        small, big = stakes.fixed_small, stakes.fixed_big
        stakes = replace(stakes, small_blind=0, big_blind=0, small_bet=small, big_bet=big)
        if any(spec_for(g).bring_in for g in games):
            stakes = stud_stakes(stakes)
        else:  # jacks or better: played for antes (004 jacks §1)
            stakes = replace(stakes, ante=stud_stakes(stakes).ante, big_blind_ante=0)
    return GameConfig(games[0], structure, stakes, rules or HouseRules())


def default_buy_in(config: GameConfig, games: tuple[Game, ...]) -> tuple[int, int]:
    """The buy-in range, in chips, of a table dealing ``games`` under ``config`` when the
    host names none: 20 to 100 big blinds, or of the small bet in a game without blinds,
    or of the big bet when every game is a stud game (000 NL §16)."""
    stakes = config.stakes
    if all(spec_for(g).is_stud for g in games):
        unit = stakes.fixed_big
    else:
        unit = stakes.big_blind or stakes.fixed_small
    return 20 * unit, 100 * unit


def whole_chips(text: str) -> bool:
    """Whether ``text`` is a whole number of chips in digits, 1 to a trillion."""
    return text.isascii() and text.isdigit() and 0 < int(text) <= 10**12


def _not_stakes(value: str, part: str | None = None) -> ConfigError:
    """The refusal of words that are not stakes, with how stakes are written."""
    wrong = f"; {part!r} is not an amount" if part is not None and part != value else ""
    return ConfigError(f"{value!r} is not stakes: {STAKES_FORMS}{wrong}")
