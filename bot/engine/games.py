"""The shape of each game: its streets, how cards are dealt, who opens, how hands rank.

One :class:`GameSpec` per :class:`~bot.engine.config.Game`. The hand state machine reads
it street by street: which hole cards each player gets (face down or up), how many board
cards, whether a draw comes first, whether the limit's big bet applies, and who opens the
betting (RULES.md "Betting structures", 004, 002 "games of rounds").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .gamenames import Game


class Opener(StrEnum):
    """Who acts first on a street."""

    POSITION = "position"  # left of the blinds on the first round, else left of the button
    BRING_IN_LOW = "bring_in_low"  # stud: the lowest upcard brings it in
    BRING_IN_HIGH = "bring_in_high"  # razz: the highest upcard brings it in
    BEST_SHOWING = "best_showing"  # stud later streets: the best hand showing
    WORST_SHOWING = "worst_showing"  # razz later streets: the lowest hand showing


class Ranking(StrEnum):
    """How showdown hands are ranked (bot.engine.evaluate)."""

    HIGH = "high"  # best five of hole and board (hold'em, stud, draw high)
    OMAHA = "omaha"  # exactly two hole cards and three board cards
    OMAHA_HILO = "omaha_hilo"  # Omaha high, and an Omaha eight-or-better low half
    STUD_HILO = "stud_hilo"  # high, and an eight-or-better low half from seven cards
    RAZZ = "razz"  # ace-to-five low from seven cards
    ACE_TO_FIVE = "ace_to_five"  # ace-to-five low, five cards (lowball draw)
    DEUCE_TO_SEVEN = "deuce_to_seven"  # deuce-to-seven low, five cards


@dataclass(frozen=True)
class Street:
    """One street: the cards dealt, then (after a draw, if any) a betting round.

    Attributes:
        hole: one flag per hole card each live player gets: True face up (stud's upcards).
        board: community cards dealt.
        draw: players discard and draw before this street's betting.
        big_bet: fixed and spread limit play the big bet (or the street's maximum) here.
        opener: who opens this street's betting.
    """

    hole: tuple[bool, ...] = ()
    board: int = 0
    draw: bool = False
    big_bet: bool = False
    opener: Opener = Opener.POSITION


@dataclass(frozen=True)
class GameSpec:
    """A game: its streets, ranking, forced bets and table size.

    Attributes:
        streets: in order; the first deals the starting hand.
        ranking: how the showdown is decided.
        blinds: played with blinds (only such games can be killed, 002); else antes and a
            bring-in (stud) or antes alone (jacks or better).
        bring_in: stud games: the first round opens with a forced bring-in.
        openers: jacks or better: a pair of jacks or better is needed to open (004 jacks §1).
        max_players: the table size the deck allows by default (stud 8, draw 6).
        hole_count: cards in a full hand (for display and checks).
    """

    game: Game
    streets: tuple[Street, ...]
    ranking: Ranking
    blinds: bool = True
    bring_in: bool = False
    openers: bool = False
    max_players: int = 10

    @property
    def hole_count(self) -> int:
        """Hole cards a player holds at the end (board excluded)."""
        return sum(len(s.hole) for s in self.streets)

    @property
    def is_hilo(self) -> bool:
        """Split pots: half to the best eight-or-better low."""
        return self.ranking in (Ranking.OMAHA_HILO, Ranking.STUD_HILO)

    @property
    def is_stud(self) -> bool:
        """A stud game: upcards, a bring-in, no board but a shared last card if needed."""
        return self.bring_in

    @property
    def is_draw(self) -> bool:
        """A draw game."""
        return any(s.draw for s in self.streets)

    @property
    def is_lowball(self) -> bool:
        """A lowball game (the lowest hand wins)."""
        return self.ranking in (Ranking.RAZZ, Ranking.ACE_TO_FIVE, Ranking.DEUCE_TO_SEVEN)


_DOWN2 = (False, False)
_FIVE = (False,) * 5
_BOARD_GAME_STREETS = (
    Street(hole=_DOWN2),
    Street(board=3),
    Street(board=1, big_bet=True),
    Street(board=1, big_bet=True),
)
_OMAHA_STREETS = (Street(hole=(False,) * 4), *_BOARD_GAME_STREETS[1:])


def _stud(bring_in: Opener, later: Opener) -> tuple[Street, ...]:
    return (
        Street(hole=(False, False, True), opener=bring_in),
        Street(hole=(True,), opener=later),
        Street(hole=(True,), big_bet=True, opener=later),
        Street(hole=(True,), big_bet=True, opener=later),
        Street(hole=(False,), big_bet=True, opener=later),
    )


_SINGLE_DRAW = (Street(hole=_FIVE), Street(draw=True, big_bet=True))
_TRIPLE_DRAW = (
    Street(hole=_FIVE),
    Street(draw=True),
    Street(draw=True, big_bet=True),
    Street(draw=True, big_bet=True),
)

_STUD = _stud(Opener.BRING_IN_LOW, Opener.BEST_SHOWING)
_RAZZ = _stud(Opener.BRING_IN_HIGH, Opener.WORST_SHOWING)

SPECS: dict[Game, GameSpec] = {
    Game.HOLDEM: GameSpec(Game.HOLDEM, _BOARD_GAME_STREETS, Ranking.HIGH),
    Game.OMAHA: GameSpec(Game.OMAHA, _OMAHA_STREETS, Ranking.OMAHA),
    Game.OMAHA_HILO: GameSpec(Game.OMAHA_HILO, _OMAHA_STREETS, Ranking.OMAHA_HILO),
    Game.STUD: GameSpec(Game.STUD, _STUD, Ranking.HIGH, blinds=False, bring_in=True, max_players=8),
    Game.STUD_HILO: GameSpec(
        Game.STUD_HILO, _STUD, Ranking.STUD_HILO, blinds=False, bring_in=True, max_players=8
    ),
    Game.RAZZ: GameSpec(Game.RAZZ, _RAZZ, Ranking.RAZZ, blinds=False, bring_in=True, max_players=8),
    Game.JACKS: GameSpec(
        Game.JACKS, _SINGLE_DRAW, Ranking.HIGH, blinds=False, openers=True, max_players=6
    ),
    Game.ACE_TO_FIVE: GameSpec(Game.ACE_TO_FIVE, _SINGLE_DRAW, Ranking.ACE_TO_FIVE, max_players=6),
    Game.DEUCE_SINGLE: GameSpec(
        Game.DEUCE_SINGLE, _SINGLE_DRAW, Ranking.DEUCE_TO_SEVEN, max_players=6
    ),
    Game.DEUCE_TRIPLE: GameSpec(
        Game.DEUCE_TRIPLE, _TRIPLE_DRAW, Ranking.DEUCE_TO_SEVEN, max_players=6
    ),
}


def spec_for(game: Game) -> GameSpec:
    """The spec of ``game``.

    Raises:
        KeyError: a game with no spec (a bug: every :class:`Game` has one).
    """
    return SPECS[game]
