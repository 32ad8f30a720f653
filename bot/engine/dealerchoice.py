"""Dealer's choice (002 games of rounds): a player picks the game a round is played at, from
the table's list. The button of the first round's first deal picks first; a round is once
round the table, which brings the button back to him, so each later round's pick passes to
the player on the left of the one who picked last, as the deal would. Who picks, and
reading his pick."""

from __future__ import annotations

from .config import Game, Stakes
from .errors import IllegalAction
from .rotation import Rotation
from .seating import Seating


def chooser(rotation: Rotation | None, seating: Seating, stakes: Stakes, now: float) -> str | None:
    """The player id who picks the coming round's game, or None when no pick is due.

    Args:
        rotation: the table's mix (None: a single game, never a pick).
        seating: the seats; the next deal is planned from them, nothing changed.
        stakes: the blinds the next deal posts (they do not move the button).
        now: the clock in seconds (a mix changing by minutes).
    Returns:
        The player on the left of the last picker among those the next deal deals in, or,
        before any pick (or when no one is dealt after him), the player on the button of
        the next deal (heads-up too: the button is last in the hand order); None when no
        dealer's choice is due or fewer than two can be dealt.
    """
    if rotation is None or not rotation.needs_choice(now):
        return None
    try:
        deal = seating.next_deal(stakes.small_blind, stakes.big_blind)
    except IllegalAction:
        return None
    dealt = sorted(deal.seats)
    last = rotation.picked_by
    if last is not None:
        later = [seat for seat in dealt if seat > last]
        return seating.seats[(later or dealt)[0]].player_id
    return seating.seats[deal.seats[-1]].player_id


def game_named(rotation: Rotation, word: str) -> Game:
    """The game of ``rotation`` a player named: its name as stored (``razz``,
    ``deuce_to_seven_triple``) or as shown (``2-7 Triple Draw``), in any case.

    Raises:
        IllegalAction: not one of the table's games, naming them.
    """
    wanted = " ".join(word.lower().replace("_", " ").split())
    for game in rotation.games:
        if wanted in (game.value.replace("_", " "), game.label.lower()):
            return game
    names = ", ".join(g.value for g in rotation.games)
    raise IllegalAction(f"{word[:30]!r} is not played here: choose one of {names}")
