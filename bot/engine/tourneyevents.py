"""What a tournament's table did outside a hand's own events: an entry taken or given
back, the start and its seat draw, a new level or a break, a player out with his place,
a rebuy, an add-on, a deal offered and made, the winner, a cancellation. Frozen records
naming players by player id and money in hundredths of the host's unit; the words wing
(:mod:`bot.words.tourneylines`) tells each in words (RULES.md "Tournaments").
"""

from __future__ import annotations

from dataclasses import dataclass

from .tableevents import TableEvent


@dataclass(frozen=True, slots=True)
class Registered(TableEvent):
    """``player`` entered (``again``: a re-entry); ``entries`` entries now, a prize pool
    of ``pool`` money units; ``seat`` his seat when he was seated at once (late
    registration), else None."""

    player: str
    entries: int
    pool: int
    again: bool = False
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Unregistered(TableEvent):
    """``player`` left the lobby, refunded ``refund`` money units (``by_host``: the host
    took him out); ``entries`` entries left."""

    player: str
    refund: int
    entries: int
    by_host: bool = False


@dataclass(frozen=True, slots=True)
class TournamentBegins(TableEvent):
    """The tournament started: each ``(player, seat)`` drawn at random (TDA 2024 R7), the
    button at ``button``; level 1 is ``small_blind``/``big_blind`` with ``ante``."""

    seats: tuple[tuple[str, int], ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int


@dataclass(frozen=True, slots=True)
class LevelBegins(TableEvent):
    """Level ``number`` is on from the next hand (TDA 2024 R23): its blinds, its ante and
    its length (``minutes``, or ``hands`` for a level of hands)."""

    number: int
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    hands: int


@dataclass(frozen=True, slots=True)
class BreakBegins(TableEvent):
    """A break of ``minutes`` after level ``after``, from the end of the hand in play;
    ``add_on``: the add-on may be taken during it."""

    minutes: int
    after: int
    add_on: bool = False


@dataclass(frozen=True, slots=True)
class StartTimeCame(TableEvent):
    """The start's time came with ``entries`` entries: the tournament starts now
    (``started``), or, with fewer than two, waits for the host's start."""

    entries: int
    started: bool


@dataclass(frozen=True, slots=True)
class PayoutsChanged(TableEvent):
    """The host changed the payouts: ``shares`` in per mille by place, first place first
    (() for the standard table by entries), paying ``prizes`` money units by place from
    today's pool."""

    shares: tuple[int, ...]
    prizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerOut(TableEvent):
    """``player`` is out in ``place`` (``tied`` players share places ``place`` to
    ``place + tied - 1``), paid ``prize`` money units (0 out of the money)."""

    player: str
    place: int
    tied: int
    prize: int


@dataclass(frozen=True, slots=True)
class RebuyOpen(TableEvent):
    """``player`` has no chips left but may rebuy before the next deal."""

    player: str


@dataclass(frozen=True, slots=True)
class ChipsBought(TableEvent):
    """``player`` bought ``chips`` for ``money`` units (``kind``: ``rebuy`` or
    ``add-on``), for a stack of ``stack``."""

    player: str
    kind: str
    chips: int
    money: int
    stack: int


@dataclass(frozen=True, slots=True)
class AwayChanged(TableEvent):
    """``player`` is away (dealt in and blinded off, TDA 2024 R71-A) or back."""

    player: str
    away: bool


@dataclass(frozen=True, slots=True)
class DealOffered(TableEvent):
    """A deal of the prizes left (``kind``: ``icm`` or ``chop``): each ``(player, money)``;
    ``accepted`` the players who said yes so far; made when all have."""

    kind: str
    amounts: tuple[tuple[str, int], ...]
    accepted: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealAsked(TableEvent):
    """``player`` asked for a deal (``kind``) during a hand: it is offered when the hand
    ends."""

    player: str
    kind: str


@dataclass(frozen=True, slots=True)
class DealTurnedDown(TableEvent):
    """``player`` turned the deal on offer down; play goes on."""

    player: str


@dataclass(frozen=True, slots=True)
class TournamentWon(TableEvent):
    """The tournament is over: ``player`` won ``prize`` money units; ``results`` each
    entrant's ``(player, place, tied, prize)`` best first; ``dealt``: a deal set the
    prizes."""

    player: str
    prize: int
    results: tuple[tuple[str, int, int, int], ...]
    dealt: bool = False


@dataclass(frozen=True, slots=True)
class TournamentCancelled(TableEvent):
    """The host cancelled the tournament before its start; ``refunds`` each
    ``(player, money)`` given back."""

    refunds: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class TournamentFull(TableEvent):
    """Every seat is taken: the tournament starts now (``start full``)."""


@dataclass(frozen=True, slots=True)
class SeasonStarted(TableEvent):
    """League season ``number`` starts on the server, with the host's ``points`` by place
    (() for the default table)."""

    number: int
    points: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TablesDrawn(TableEvent):
    """The tournament spreads over several tables: each ``(table number, players)``
    drawn at random (TDA 2024 R7); every table's own seat draw is told at it."""

    tables: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class PlayerMoved(TableEvent):
    """``player`` moved with ``chips`` from table ``source`` to seat ``seat`` of table
    ``target`` (table numbers), ``why``: ``balance`` (TDA 2024 R11-A), ``break`` (R10-B) or
    ``final`` (the final table's redraw); ``waits`` he waits for the button there."""

    player: str
    source: int
    target: int
    seat: int
    chips: int
    why: str
    waits: bool = False


@dataclass(frozen=True, slots=True)
class TableBroken(TableEvent):
    """Table ``number`` broke: its players were drawn to other tables (TDA 2024 R10-B)."""

    number: int


@dataclass(frozen=True, slots=True)
class HandForHand(TableEvent):
    """Play is hand-for-hand (``on``) or no longer (TDA 2024 RP-8): each table plays one
    hand and waits for the others."""

    on: bool


@dataclass(frozen=True, slots=True)
class HandForHandWaits(TableEvent):
    """This table played its hand-for-hand hand and waits for ``tables`` other tables."""

    tables: int
