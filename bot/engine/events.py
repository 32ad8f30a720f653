"""Events: frozen records of what happened in a hand, in order.

Each event says who may see it: ``private_to`` is the hand index of the only player who
may see it (his hole cards, his card openings), or None for the whole table. A renderer
must never show a private event to anyone else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .fairness import CardOpening

_Class = TypeVar("_Class")

try:  # a mark for the compiled build only (bot/compile); a no-op without mypy installed
    from mypy_extensions import mypyc_attr
except ImportError:

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_Class], _Class]:
        return lambda cls: cls


# the service's own events (bot/service/state.py) subclass it in Python
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event."""

    @property
    def private_to(self) -> int | None:
        """The hand index of the only player who may see this event, or None for everyone."""
        return None


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: the game, its stakes and the players in hand order (button last)."""

    game: str
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    commitment: str | None


@dataclass(frozen=True, slots=True)
class Posted(Event):
    """A forced bet: ``kind`` is ante, small_blind, big_blind, straddle, blind or dead."""

    player: int
    kind: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class PotKilled(Event):
    """The pot is killed: announced to everyone with its stakes (000 kill §9, 002 misc §3),
    e.g. "KILL POT: 20/40, Carol killed for 20"."""

    player: int
    amount: int
    reason: str
    stakes: str


@dataclass(frozen=True, slots=True)
class BombPot(Event):
    """The hand is a bomb pot (RULES.md "Bomb pots"): everyone dealt in antes ``ante``
    chips, there is no betting before the flop, and ``boards`` boards (1 or 2) are dealt,
    each deciding an equal share of every pot."""

    ante: int
    boards: int


@dataclass(frozen=True, slots=True)
class PrivateEvent(Event):
    """An event about ``player`` (a hand index) that only he may see."""

    player: int

    @property
    def private_to(self) -> int | None:
        """Only the player himself."""
        return self.player


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(PrivateEvent):
    """A player's hole cards: private to him."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardProofs(PrivateEvent):
    """The openings of a player's own hole cards against the shuffle commitment: private."""

    openings: tuple[CardOpening, ...]


@dataclass(frozen=True, slots=True)
class UpCardsDealt(Event):
    """Stud: cards dealt face up, seen by everyone."""

    player: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Draw games: a player threw ``count`` cards away (0: stood pat); the cards stay hidden."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Thrown(PrivateEvent):
    """Draw games: the cards a player threw away (none: he stood pat), private to him; the
    table learns only how many (:class:`Discarded`). Kept so the hand's history holds
    every card movement (a hand history's ``sd`` line)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn(PrivateEvent):
    """Draw games: a player's new cards and his whole hand after the draw: private to him."""

    cards: tuple[str, ...]
    hand: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    """Community cards; ``run`` is 0 for the only or first run of the board, or for a
    double board's first board (``double_board``: 1 is its second board)."""

    street: int
    cards: tuple[str, ...]
    run: int = 0
    double_board: bool = False


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting action: ``action`` is fold, check, call, bet or raise.

    ``to`` is the player's total on the street afterwards and ``added`` the chips it put in.
    """

    player: int
    action: str
    to: int
    added: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Corrected(Event):
    """An amount the rules corrected in play (000 PL §1 overbet cut; 000 NL §12 raised)."""

    player: int
    asked: int
    to: int
    reason: str


@dataclass(frozen=True, slots=True)
class StreetEnded(Event):
    """A betting round closed; ``pot`` is every chip in the middle after it."""

    street: int
    pot: int


@dataclass(frozen=True, slots=True)
class UncalledReturned(Event):
    """The part of a bet no one called, given back."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class RunsAgreed(Event):
    """The players in the pot settled how many times the rest is dealt (000 NL §17): the
    fewest any of them asked for, so one "once" makes once.

    Attributes:
        runs: 1, 2 or 3.
        votes: (hand index, runs asked) for each vote cast, in order; a "once" ends the
            vote, so later players may have none.
    """

    runs: int
    votes: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A hand shown at showdown, with its description."""

    player: int
    cards: tuple[str, ...]
    description: str


@dataclass(frozen=True, slots=True)
class Mucked(Event):
    """A hand thrown away unseen."""

    player: int


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """Chips of one pot (or one half, or one run's share) going to its winners.

    Attributes:
        pot: 0 for the main pot, 1.. for side pots.
        half: "high", "low" or None when the pot is not split high-low.
        run: which run of the board decided it (0 when dealt once), or which board of a
            double board (``double_board``).
        amount: chips in this share.
        winners: (player, chips) pairs; odd chips already given by the rules.
        description: the winning hand in words, "" when won by folds.
        double_board: the hand had two boards, ``run`` naming the board.
    """

    pot: int
    half: str | None
    run: int
    amount: int
    winners: tuple[tuple[int, int], ...]
    description: str
    double_board: bool = False


@dataclass(frozen=True, slots=True)
class SevenDeuce(Event):
    """The 7-2 game's bounty (RULES.md "The 7-2 game"): ``player`` won the main pot with
    ``cards`` (shown to all with the claim) and collects ``total`` chips, ``paid`` being
    (player, chips) for each other player dealt in who had chips left."""

    player: int
    cards: tuple[str, ...]
    paid: tuple[tuple[int, int], ...]
    total: int


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over: final stacks, what each won from the pot, who scooped."""

    stacks: tuple[int, ...]
    won: tuple[int, ...]
    scoops: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShuffleOpened(Event):
    """After the hand: the openings of every card that became public (board, shown hands),
    checkable against the commitment published in :class:`HandStarted`."""

    root: str
    openings: tuple[CardOpening, ...]


@dataclass(frozen=True, slots=True)
class PassedOut(Event):
    """Jacks or better: nobody opened; the pot of ``pot`` chips carries to the next deal
    (004 jacks §1)."""

    pot: int


@dataclass(frozen=True, slots=True)
class OpenersVerified(Event):
    """Jacks or better: the opener held openers (checked by the bot when he opened; 004 jacks
    §3, §9-10). His opening hand is shown only if a player asks (§8)."""

    player: int


@dataclass(frozen=True, slots=True)
class MixGame(Event):
    """A mixed game's deal: the game in play and the one after this round (None: the
    button picks, dealer's choice), RULES.md "Games of rounds"."""

    game: str
    upcoming: str | None
