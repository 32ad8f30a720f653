"""Mixed games: games of rounds (HORSE, HOSE, HOE, ROE, any list) and dealer's choice.

RULES.md "Games of rounds" (002): one hand of each game per player active at the start of
the round, the round starting left of the dealer; when the button has gone all the way
round, the next game starts (alternate: change every N minutes, default 30). The stakes
are the same in all games: a stud game at 10/20 takes an ante of a fifth of the small bet
and a bring-in of three tenths, rounded up, unless the host sets them. Dealer's choice,
where the button picks the game for the round, is a mix too. Kills happen only in the
games with blinds (002 "kill pot games"): see :class:`bot.engine.killtracker.KillTracker`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .codec import BOOL, INT, As, Codec, enum, tuple_of
from .config import Game, GameConfig, Stakes, Structure
from .errors import ConfigError, IllegalAction
from .games import spec_for

MIXES: dict[str, tuple[Game, ...]] = {
    "horse": (Game.HOLDEM, Game.OMAHA_HILO, Game.RAZZ, Game.STUD, Game.STUD_HILO),
    "hose": (Game.HOLDEM, Game.OMAHA_HILO, Game.STUD, Game.STUD_HILO),
    "hoe": (Game.HOLDEM, Game.OMAHA_HILO, Game.STUD_HILO),
    "roe": (Game.RAZZ, Game.OMAHA_HILO, Game.STUD_HILO),
}


def parse_mix(text: str) -> tuple[Game, ...]:
    """A mix by name (``horse``, ``hose``, ``hoe``, ``roe``) or a comma-separated list of
    games (``holdem,razz,deuce_to_seven_triple``).

    Raises:
        ConfigError: an unknown mix or game, with the names that are known.
    """
    key = text.strip().lower()
    if key in MIXES:
        return MIXES[key]
    games = []
    for part in key.split(","):
        try:
            games.append(Game(part.strip()))
        except ValueError as exc:
            known = ", ".join([*MIXES, *(g.value for g in Game)])
            raise ConfigError(f"{part.strip()!r} is not a mix or a game: try {known}") from exc
    if len(games) < 2:
        raise ConfigError("a mix needs at least two games")
    return tuple(games)


def stud_stakes(stakes: Stakes) -> Stakes:
    """Stud's ante and bring-in at the mix's stakes: a fifth and three tenths of the small
    bet, rounded up, unless the host set them (RULES.md "Games of rounds")."""
    small = stakes.fixed_small
    ante = stakes.ante or -(-small // 5)
    bring_in = stakes.bring_in or -(-3 * small // 10)
    return replace(stakes, ante=ante, bring_in=bring_in, big_blind_ante=0)


def bring_in_problem(games: tuple[Game, ...], stakes: Stakes) -> str | None:
    """Why these stakes cannot deal the stud games among ``games``, or None: stud's
    bring-in must stay below the completion (RULES.md "Games of rounds": three tenths of the
    small bet, rounded up, is the whole small bet when that is 1 chip).

    Args:
        games: the games the table deals (one, or a mix's).
        stakes: the table's stakes.
    Returns:
        A sentence naming stakes that work, or None.
    """
    if not any(spec_for(g).bring_in for g in games):
        return None
    if stud_stakes(stakes).bring_in_below_completion:
        return None
    return (
        f"at a small bet of {stakes.fixed_small} stud has no bring-in below the completion: "
        "play 2/4 or more"
    )


def config_for(game: Game, base: GameConfig) -> GameConfig:
    """The config of one game of a mix: the same stakes (and structure) in every game;
    stud games take their derived ante and bring-in and no blinds, jacks or better, which
    has no blinds either, stud's ante (004 jacks §1: a deal is played for antes)."""
    stakes = base.stakes
    structure = base.structure
    if spec_for(game).bring_in:
        stakes = stud_stakes(stakes)
        if structure not in (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT):
            structure = Structure.FIXED_LIMIT
    elif not spec_for(game).blinds:
        stakes = replace(stakes, ante=stud_stakes(stakes).ante, big_blind_ante=0)
    elif stakes.ante and base.game is not game and not spec_for(base.game).blinds:
        stakes = replace(stakes, ante=0)
    return replace(base, game=game, structure=structure, stakes=stakes)


def seats_for(game: Game) -> int:
    """The most players a game seats by default: stud 8, draw 6, board games 10."""
    return spec_for(game).max_players


@dataclass
class Rotation:
    """Which game is dealt next at a mixed table; plain data that saves and restores.

    Attributes:
        games: the games in order.
        minutes: 0 for rounds (the default); else change game every N minutes (002 alt).
        dealer_choice: a player picks each round's game from ``games`` (the first
            round's button, then the player left of the last picker).
        index: the game in play.
        hands_left: hands of the game in play still to deal this round (None: a new round
            starts at the next deal).
        round_started: when the game in play started (seconds, for ``minutes``).
        chosen: dealer's choice: the game picked for the coming round.
        picked_by: dealer's choice: the seat number of the player who picked last (the
            next round's pick passes to the player on his left).
    """

    games: tuple[Game, ...]
    minutes: int = 0
    dealer_choice: bool = False
    index: int = 0
    hands_left: int | None = None
    round_started: float | None = None
    chosen: Game | None = None
    picked_by: int | None = None

    def __post_init__(self) -> None:
        if not self.games:
            raise ConfigError("a mix needs games")
        if self.minutes < 0:
            raise ConfigError("minutes cannot be negative")

    @property
    def current(self) -> Game:
        """The game in play (or about to be dealt)."""
        return self.games[self.index]

    @property
    def upcoming(self) -> Game | None:
        """The game after this round (None under dealer's choice: a player picks)."""
        if self.dealer_choice:
            return None
        return self.games[(self.index + 1) % len(self.games)]

    def needs_choice(self, now: float = 0.0) -> bool:
        """Dealer's choice: a new round is due and the button has not picked its game."""
        due = self.hands_left is None or self._round_over(now)
        return self.dealer_choice and due and self.chosen is None

    def choose(self, game: Game, now: float = 0.0, seat: int | None = None) -> None:
        """Dealer's choice: the player whose pick it is (at ``seat``) picks the next
        round's game.

        Raises:
            IllegalAction: no choice is due, or the game is not in this table's list.
        """
        if not self.dealer_choice:
            raise IllegalAction("this table plays a fixed rotation, not dealer's choice")
        if game not in self.games:
            names = ", ".join(g.label for g in self.games)
            raise IllegalAction(f"{game.label} is not played here: choose one of {names}")
        if self.hands_left is not None and not self._round_over(now):
            raise IllegalAction("the game is chosen when the round is over")
        self.chosen = game
        self.picked_by = seat

    def deal(self, active: int, now: float = 0.0) -> Game:
        """The game of the next deal, counting it against the round.

        Args:
            active: players dealt in at this deal (a new round lasts one hand per player
                active at its start: once round the table).
            now: the clock, in seconds (for ``minutes``).
        Returns:
            The game to deal.
        Raises:
            IllegalAction: dealer's choice with no game picked yet.
        """
        if self.hands_left is not None and self._round_over(now):
            self.hands_left = None
            if not self.dealer_choice:
                self.index = (self.index + 1) % len(self.games)
        if self.hands_left is None:
            if self.dealer_choice:
                if self.chosen is None:
                    raise IllegalAction("the game for this round is picked first (dealer's choice)")
                self.index = self.games.index(self.chosen)
                self.chosen = None
            self.hands_left = max(1, active)
            self.round_started = now
        self.hands_left -= 1
        return self.current

    def _round_over(self, now: float) -> bool:
        if self.minutes:
            started = self.round_started or 0.0
            return now - started >= self.minutes * 60
        return self.hands_left == 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving: the fields by name, the games by their names."""
        # written out, not through the codec: saved at every commit of a mixed table, where
        # the codec's generic loop took half as long again (benchmarks/README.md)
        return {
            "games": [g.value for g in self.games],
            "minutes": self.minutes,
            "dealer_choice": self.dealer_choice,
            "index": self.index,
            "hands_left": self.hands_left,
            "round_started": self.round_started,
            "chosen": self.chosen.value if self.chosen else None,
            "picked_by": self.picked_by,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rotation:
        """The rotation saved by :meth:`to_dict`.

        Raises:
            ConfigError: no games, an unknown game or a number that is not one.
        """
        try:
            return _ROTATION.load(data)
        except ConfigError:
            raise
        except (KeyError, ValueError) as exc:
            raise ConfigError(f"a saved rotation cannot be read: {exc}") from exc

    def describe(self) -> str:
        """The table's game line, e.g. ``Now: Razz; next: Seven-Card Stud``."""
        nxt = self.upcoming
        later = f"; next: {nxt.label}" if nxt else "; next: dealer's choice"
        return f"Now: {self.current.label}{later}"


_ROTATION: Codec[Rotation] = Codec(
    Rotation,
    {
        "games": tuple_of(enum(Game)),
        "minutes": INT,
        "dealer_choice": BOOL,
        "index": INT,
        "chosen": As(
            lambda game: game.value if game else None,
            lambda name: Game(name) if name else None,
        ),
    },
)
