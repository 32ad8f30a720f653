"""What the table's own steps did, as a hand's events say what happened in it: a player
seated, topped up, sitting out or leaving, the clock called, a time bank running, a kill
announced or owed elsewhere, a straddle void, the host's changes. Frozen records naming
players by player id (a hand's events name them by hand index); the words wing
(:mod:`bot.words.tabletext`) tells each in words with display names. Who reads one is the
service's to say (the table, or one player).
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import Event


@dataclass(frozen=True, slots=True)
class TableEvent(Event):
    """Base class of what a table's step did outside a hand's own events: each is told as
    one line of its own."""


@dataclass(frozen=True, slots=True)
class Seated(TableEvent):
    """``player`` sat down in ``seat`` (numbered from 1) with ``stack`` chips (000 NL §16)."""

    player: str
    seat: int
    stack: int


@dataclass(frozen=True, slots=True)
class ToppedUp(TableEvent):
    """``player`` added ``amount`` chips, for a stack of ``stack``."""

    player: str
    amount: int
    stack: int


@dataclass(frozen=True, slots=True)
class SittingOut(TableEvent):
    """``player`` sits out: ``when`` is ``now``, ``after_hand`` (he is in the hand in
    play) or ``after_kill`` (he owes a kill of ``kill`` chips, is dealt the next hand to
    post it, then sits out: 000 kill §6)."""

    player: str
    when: str
    kill: int | None = None


@dataclass(frozen=True, slots=True)
class SatIn(TableEvent):
    """``player`` is back in the game; ``posts``: he posts to come in now."""

    player: str
    posts: bool


@dataclass(frozen=True, slots=True)
class Leaving(TableEvent):
    """``player`` asked to leave and cannot go yet: he is in the hand in play, or he owes a
    kill of ``kill`` chips and is dealt the next hand to post it (000 kill §6)."""

    player: str
    kill: int | None = None


@dataclass(frozen=True, slots=True)
class Left(TableEvent):
    """``player`` left the table, cashing out ``chips``."""

    player: str
    chips: int


@dataclass(frozen=True, slots=True)
class SeatFree(TableEvent):
    """A seat is free for ``player``, the first on the waiting list, who buys in for
    ``low`` to ``high`` chips (000 NL §16)."""

    player: str
    low: int
    high: int


@dataclass(frozen=True, slots=True)
class WaitingListed(TableEvent):
    """``player`` is number ``place`` (from 1) on the waiting list (000 NL §16)."""

    player: str
    place: int


@dataclass(frozen=True, slots=True)
class OutOfChips(TableEvent):
    """``player`` has no chips left and keeps his seat to buy in again."""

    player: str


@dataclass(frozen=True, slots=True)
class GameStarted(TableEvent):
    """The host started the game: hands are dealt while it runs."""


@dataclass(frozen=True, slots=True)
class AlreadyRunning(TableEvent):
    """The host asked to start a game that already runs."""


@dataclass(frozen=True, slots=True)
class GamePaused(TableEvent):
    """The host paused the game: no hand is dealt after the one in play."""


@dataclass(frozen=True, slots=True)
class GameChosen(TableEvent):
    """Dealer's choice (002): ``player`` picked ``game`` (its label) for this round."""

    player: str
    game: str


@dataclass(frozen=True, slots=True)
class PickDue(TableEvent):
    """Dealer's choice (002): ``player`` is to pick this round's game, one of ``games``
    (their names) before anything is dealt."""

    player: str
    games: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ClockCalled(TableEvent):
    """``player`` put the clock on ``facing``, who has ``seconds`` to act (000 NL §15)."""

    player: str
    facing: str
    seconds: int


@dataclass(frozen=True, slots=True)
class ClockWarning(TableEvent):
    """``player``, on the clock, has ten seconds left (000 NL §15)."""

    player: str


@dataclass(frozen=True, slots=True)
class TimeBankRuns(TableEvent):
    """``player``'s turn ran out and his time bank gives him ``seconds`` more (RULES.md
    "The time bank")."""

    player: str
    seconds: int


@dataclass(frozen=True, slots=True)
class TimedOut(TableEvent):
    """``player``'s time to act ran out: the timer checks or folds for him (000 NL §15)."""

    player: str


@dataclass(frozen=True, slots=True)
class SatOutForTime(TableEvent):
    """``player`` timed out too often in a row and is sat out after this hand."""

    player: str


@dataclass(frozen=True, slots=True)
class KillAnnounced(TableEvent):
    """``player`` announced a kill for the next hand (``come_in``: a kill to come in),
    open to objection for ``seconds`` (000 kill §10, §12)."""

    player: str
    come_in: bool
    seconds: int


@dataclass(frozen=True, slots=True)
class KillObjected(TableEvent):
    """``player`` objected: no voluntary kill next hand (000 kill §10)."""

    player: str


@dataclass(frozen=True, slots=True)
class KillNotDealt(TableEvent):
    """The kill announced was not dealt: ``why`` is the rules' refusal, its players as
    ``{placeholder}`` with ``players`` the (placeholder, player id) pairs (see
    :class:`bot.engine.errors.EngineError`)."""

    why: str
    players: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class KillOwedElsewhere(TableEvent):
    """``player`` owes a kill of ``chips`` at another table, in channel ``channel``
    (``mention``: named by the platform's channel mention), and is dealt into no game
    until it is posted (000 kill §6)."""

    player: str
    chips: int
    channel: str
    mention: bool


@dataclass(frozen=True, slots=True)
class StraddleAsked(TableEvent):
    """``player`` will straddle next hand if he is left of the big blind (000 NL §14)."""

    player: str


@dataclass(frozen=True, slots=True)
class StraddleVoid(TableEvent):
    """``player``'s straddle does not play this hand, a killed pot (or ``bomb``: a bomb
    pot) having none; it stands for the next hand that has one."""

    player: str
    bomb: bool


@dataclass(frozen=True, slots=True)
class StraddleLapsed(TableEvent):
    """``player``'s straddle lapsed: he was not left of the big blind (000 NL §14)."""

    player: str


@dataclass(frozen=True, slots=True)
class CheckFoldSet(TableEvent):
    """A check/fold chosen in advance, for its player alone: ``state`` is ``off``
    (cancelled), ``now`` (his turn is now, so it is played at once) or ``later``."""

    state: str


@dataclass(frozen=True, slots=True)
class DealFailed(TableEvent):
    """The next hand could not be dealt, so the game is paused until ``start``: ``why``
    as in :class:`KillNotDealt`, or ``""`` for an error on our side (logged)."""

    why: str
    players: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Removed(TableEvent):
    """The host removed ``player``: at once, cashing out ``chips`` (None: after the hand
    in play), a kill of ``kill`` chips he owes waiting for his return (000 kill §6)."""

    player: str
    chips: int | None
    kill: int | None = None


@dataclass(frozen=True, slots=True)
class StackAdjusted(TableEvent):
    """The host adjusted ``player``'s stack by ``amount`` chips (negative: taken) for
    ``reason``, between hands."""

    player: str
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class HandVoided(TableEvent):
    """The host voided hand ``number``: every chip goes back (the same deal is dealt
    again)."""

    number: int


@dataclass(frozen=True, slots=True)
class BombCalled(TableEvent):
    """The host called a bomb pot (RULES.md "Bomb pots") of ``ante`` chips each: for the
    next hand, or (``in_hand``) the one after the hand in play; at a mix (``mix``) the next
    hold'em or Omaha hand; ``double_board``: two boards."""

    ante: int
    in_hand: bool
    mix: bool
    double_board: bool


@dataclass(frozen=True, slots=True)
class BombCalledOff(TableEvent):
    """The host called off the bomb pot called for the next hand."""


@dataclass(frozen=True, slots=True)
class OptionSet(TableEvent):
    """The host set a house option between hands: ``option`` is ``turn`` (seconds),
    ``timeouts`` (in a row), ``confirm`` (chips; 0: all-ins only), ``sevendeuce`` (chips;
    0: off), ``pictures`` and ``runs`` (1 on, 0 off) with ``value``; ``bomb`` with ``value``
    the ante in chips, ``every`` (hands; 0: when the host calls one) and ``double_board``;
    ``timebank`` with ``value`` the bank in seconds, ``refill`` seconds back ``every`` hands
    (RULES.md "Bomb pots", "The time bank")."""

    option: str
    value: int = 0
    every: int = 0
    refill: int = 0
    double_board: bool = False


@dataclass(frozen=True, slots=True)
class BuyInChanged(TableEvent):
    """The host set buy-ins to ``low`` to ``high`` chips (000 NL §16)."""

    low: int
    high: int


@dataclass(frozen=True, slots=True)
class GameChanged(TableEvent):
    """The host changed the game to ``game`` (its title) from the next deal;
    ``kill_reset``: the kill button went neutral (000 kill §1a); ``returned``: (player id,
    chips) for antes carried from passed-out deals that went back to who anted them (004
    jacks §1)."""

    game: str
    kill_reset: bool
    returned: tuple[tuple[str, int], ...] = ()
