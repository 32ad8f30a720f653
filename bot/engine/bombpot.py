"""Bomb pots (RULES.md "Bomb pots"): when one is due, and the deal it changes.

A bomb pot is a hand of a flop game in which everyone dealt in antes an agreed amount,
no blind is posted, and the betting starts on the flop; as a house option it is dealt
with two boards, each deciding half of every pot. The host calls one for the next hand
(``bomb``) or has one dealt after every N hands (``set bomb 10 every 12``). It is a hand
between hands: the button and the blinds stay for the hand after it, it is never a
killed pot and it neither wins nor loses a kill leg.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .codec import BOOL, INT, Codec
from .config import Game, GameConfig
from .errors import IllegalAction, whole_in
from .games import spec_for
from .setup import HandSetup

EVERY_MOST = 500  # hands between scheduled bomb pots, at most

_USAGE = (
    "set bomb ANTE every N (a bomb pot after every N hands, N 1 to {most}), "
    "set bomb ANTE (the ante), set bomb off, "
    "set bomb double on|off (two boards)"
)


@dataclass(frozen=True)
class BombRules:
    """The table's bomb pots, a house option.

    Attributes:
        ante: each player's ante in a bomb pot, in chips; 0 for the big blind.
        every: a bomb pot is dealt after every this many hands; 0 only when the host
            calls one.
        double_board: bomb pots are dealt two boards, each deciding half of every pot.
    """

    ante: int = 0
    every: int = 0
    double_board: bool = False

    def ante_for(self, config: GameConfig) -> int:
        """The ante of a bomb pot at ``config``'s stakes, in chips (the big blind when
        the house set none)."""
        return self.ante or config.stakes.big_blind or 1

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saving: ``{"ante": int, "every": int, "double_board": bool}``."""
        return _BOMB_RULES.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> BombRules:
        """The rules saved by :meth:`to_dict` (None: no bomb pots set).

        Raises:
            KeyError: a field missing.
            ValueError: a value that is not a number.
        """
        return _BOMB_RULES.load(data) if data else cls()


_BOMB_RULES: Codec[BombRules] = Codec(
    BombRules, {"ante": INT, "every": INT, "double_board": BOOL}, required=True
)


def bomb_rules_from(words: str, rules: BombRules, most: int) -> BombRules:
    """The bomb pot option after the host's ``set bomb`` words.

    Args:
        words: ``off``, ``ANTE``, ``ANTE every N``, ``every N`` or ``double on|off``.
        rules: the table's option now.
        most: the largest ante allowed, in chips (the table's maximum buy-in).
    Returns:
        The new option.
    Raises:
        IllegalAction: anything else, an ante outside 1 to ``most`` or N outside 1 to 500,
            with the forms that are legal (``double`` without on or off: its own form
            first).
    """
    parts = words.lower().split()
    usage = _USAGE.format(most=EVERY_MOST)
    if parts == ["off"]:
        return BombRules(double_board=rules.double_board)
    if parts[:1] == ["double"]:
        if parts[1:] in (["on"], ["off"]):
            return replace(rules, double_board=parts[1] == "on")
        said = " ".join(parts[1:])
        raise IllegalAction(
            "set bomb double on|off: bomb pots with two boards (on) or one (off)"
            + (f", not {said[:20]!r}" if said else "")
        )
    ante, every = rules.ante, rules.every
    if parts and parts[0] != "every":
        what = f"a bomb pot's ante is 1 to {most} chips"
        ante = whole_in(parts.pop(0), 1, most, what, usage)
    if parts[:1] == ["every"] and len(parts) == 2:
        what = f"a bomb pot after every 1 to {EVERY_MOST} hands"
        every = whole_in(parts[1], 1, EVERY_MOST, what, usage)
    elif parts:
        raise IllegalAction(usage)
    return replace(rules, ante=ante, every=every)


def bomb_refusal(game: Game) -> str | None:
    """Why ``game`` cannot be a bomb pot (it has no flop), or None when it can."""
    spec = spec_for(game)
    if spec.blinds and not spec.is_draw and spec.streets[-1].board > 0:
        return None
    return f"{game.label} has no flop: bomb pots are dealt in hold'em and Omaha games"


def boards_fit(config: GameConfig, players: int) -> bool:
    """Whether the deck holds every player's cards and two boards (a double board)."""
    hole = len(spec_for(config.game).streets[0].hole)
    return players * hole + 10 <= 52


def bomb_order(seats: tuple[int, ...], button: int | None, size: int) -> tuple[int, ...]:
    """The seats dealt into a bomb pot in hand order: clockwise from the first seat left
    of ``button`` (the button as it stands, which a bomb pot does not move), the button
    last; ``seats`` as they are when the table has no button yet."""
    if button is None:
        return seats
    return tuple(sorted(seats, key=lambda s: (s - button - 1) % size))


def as_bomb(
    setup: HandSetup,
    ante: int,
    double_board: bool,
    seats: tuple[int, ...] = (),
    order: tuple[int, ...] = (),
) -> HandSetup:
    """``setup`` dealt as a bomb pot: ``ante`` chips from everyone dealt in as his stake in
    the pot, no blind or straddle, no dead blind collected (a blind owed waits for the
    next hand), the first to act left of the button, and two boards when ``double_board``
    and the deck holds them (else one). ``seats`` are the set-up's players' seats and
    ``order`` the same seats in the bomb pot's hand order (:func:`bomb_order`)."""
    n = len(setup.names)
    boards = 2 if double_board and boards_fit(setup.config, n) else 1
    if order:
        moved = [seats.index(s) for s in order]
        setup = replace(
            setup,
            names=tuple(setup.names[i] for i in moved),
            stacks=tuple(setup.stacks[i] for i in moved),
        )
    return replace(
        setup,
        blinds=(0,) * n,
        antes=(ante,) * n,
        dead=None,
        blind_kinds=None,
        straddle=False,
        first_to_act=None,
        dead_antes=False,
        bomb=True,
        boards=boards,
    )


def bomb_due(rules: BombRules, config: GameConfig, called: int, since: int) -> int:
    """The ante of the bomb pot due at the next deal, in chips; 0 for none.

    Args:
        rules: the table's option.
        config: the game of the next deal (its big blind is the ante when none is set).
        called: the ante of a bomb pot the host called, 0 for none.
        since: hands dealt since the last bomb pot.
    """
    if called:
        return called
    return rules.ante_for(config) if rules.every and since >= rules.every else 0
