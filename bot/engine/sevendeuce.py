"""The 7-2 game (RULES.md "The 7-2 game"): a house option of hold'em in which a player
who wins the main pot alone holding seven-deuce collects a bounty from every other
player dealt in."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import UNKNOWN
from .errors import IllegalAction
from .events import Event, PotAwarded, SevenDeuce
from .gamenames import Game

BOUNTY_GAMES = (Game.HOLDEM,)  # seven-deuce is the worst start only with two hole cards


def is_seven_deuce(cards: Sequence[str]) -> bool:
    """Whether two hole cards are a seven and a deuce, suited or not (``("7h", "2c")``)."""
    return len(cards) == 2 and UNKNOWN not in cards and sorted(c[0] for c in cards) == ["2", "7"]


def seven_deuce_claim(
    bounty: int,
    hole: Sequence[tuple[str, ...] | None],
    awards: Sequence[Event],
    stacks: Sequence[int],
) -> SevenDeuce | None:
    """The bounty a finished hand pays, if any (RULES.md "The 7-2 game").

    Args:
        bounty: chips each other player dealt in pays (the table's option; 0 for none).
        hole: each player's hole cards by hand index (None when not dealt).
        awards: the hand's events; its :class:`PotAwarded` shares are read.
        stacks: each player's chips after the pots were paid.
    Returns:
        The claim: the winner, his cards and what each other player pays (his bounty, or
        all he has left when less); None when the main pot did not go whole to one
        player holding seven-deuce, or no one has a chip to pay.
    """
    if bounty <= 0:
        return None
    paid = {p for e in awards if isinstance(e, PotAwarded) and e.pot == 0 for p, _ in e.winners}
    if len(paid) != 1:
        return None  # a split main pot, or none contested
    (winner,) = paid
    cards = hole[winner] or ()
    if not is_seven_deuce(cards):
        return None
    payers = tuple(
        (i, min(bounty, stacks[i]))
        for i in range(len(stacks))
        if i != winner and hole[i] is not None and stacks[i] > 0
    )
    if not payers:
        return None
    return SevenDeuce(winner, tuple(cards), payers, sum(chips for _, chips in payers))


def seven_deuce_from(words: str, games: Sequence[Game], most: int) -> int:
    """The 7-2 game's bounty after the host's ``set 72`` words, in chips (0: off).

    Args:
        words: ``off`` or a whole number of chips.
        games: the games the table deals.
        most: the largest bounty, in chips (the table's maximum buy-in).
    Raises:
        IllegalAction: a bounty outside 1 to ``most`` (the legal forms said), or one at a
            table that deals no hold'em.
    """
    if words == "off":
        return 0
    usage = f"set 72 N: the 7-2 game's bounty, 1 to {most} chips from each other player "
    usage += "dealt in; set 72 off ends it"
    if not (words.isascii() and words.isdigit()) or not 1 <= int(words) <= most:
        raise IllegalAction(usage)
    if not any(game in BOUNTY_GAMES for game in games):
        raise IllegalAction("the 7-2 game is played in hold'em: this table deals none")
    return int(words)
