"""A player's statistics in tournaments, read off the hands stored for each tournament:
at a tournament's table the one playing there, and any tournament of the server by its
number (the first set up is tournament 1, as its results name it), from any channel.

A tournament's chips are its own: its hands count in VPIP, PFR and the rest, but their
net and pots are in tournament chips, never added to the cash tables' (RULES.md
"Tournaments": the books).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import IllegalAction
from bot.engine.tournament import Tournament
from bot.phh.notation import HandHistory, load_phh
from bot.phh.stats import Tally, tally
from bot.words import booktext
from bot.words.handtext import game_label
from storage import Books, PlayedHand, Tournaments

Counted = tuple[HandHistory, list[str], dict[str, int], dict[str, int]]


def counted(hands: Iterable[PlayedHand]) -> list[Counted]:
    """Stored hands as :func:`bot.phh.stats.tally` counts them: (history, player ids,
    results, most taken from one pot)."""
    return [(load_phh(h.phh), h.players, h.results, h.took) for h in hands]


def by_game(hands: Iterable[Counted], player_id: str, stakes: bool) -> dict[str, Tally]:
    """A player's tallies per game (``"No-Limit Hold'em 1/2"``; without ``stakes`` the
    game alone, as a tournament's levels change them), in the order first played."""
    games: dict[str, list[Counted]] = {}
    for hand in hands:
        games.setdefault(game_label(hand[0], with_stakes=stakes), []).append(hand)
    return {label: tally(player_id, played) for label, played in games.items()}


async def tournament_number(tournaments: Tournaments, server_id: str, tournament_id: str) -> int:
    """A tournament's number on its server (1 for the first set up), 0 when it is not
    stored.

    Raises:
        StorageError: the database cannot be read.
    """
    ids = await tournaments.numbered(server_id)
    return ids.index(tournament_id) + 1 if tournament_id in ids else 0


async def tournament_stats_lines(
    books: Books,
    tournaments: Tournaments,
    server_id: str,
    number: int,
    asker: tuple[str, str],
    wanted: str = "",
) -> list[str]:
    """The statistics of one player in the server's tournament ``number``: the asker's
    (``asker``: his id and name), or with ``wanted`` those of the entrant of that name
    (or id).

    Returns:
        Lines for the asker's eyes.
    Raises:
        IllegalAction: the server has no tournament ``number`` (naming the numbers it
            has), or no entrant of it is called ``wanted`` (naming its entrants).
        StorageError: the database cannot be read.
    """
    numbered = await tournaments.numbered(server_id)
    if not 1 <= number <= len(numbered):
        raise IllegalAction(booktext.no_tournament(number, len(numbered)))
    tournament_id = numbered[number - 1]
    player_id, name = asker
    if wanted:
        player_id, name = await _entrant(books, tournaments, tournament_id, number, wanted)
    hands = counted(await books.tournament_hands(tournament_id))
    mine = tally(player_id, hands)
    return booktext.tournament_stats_text(name, number, mine if mine.hands else None)


async def _entrant(
    books: Books, tournaments: Tournaments, tournament_id: str, number: int, wanted: str
) -> tuple[str, str]:
    """(id, name) of the tournament's entrant called ``wanted`` (his name or id, in any
    case).

    Raises:
        IllegalAction: none is, with who entered.
    """
    stored = await tournaments.load(tournament_id)
    entries = Tournament.from_dict(stored.state).entries if stored is not None else []
    players = list(dict.fromkeys(entry.player for entry in entries))
    names = await books.display_names(players)
    looked = wanted.lstrip("@").lower()
    for player in players:
        if looked in (player.lower(), names.get(player, player).lower()):
            return player, names.get(player, player)
    entrants = [names.get(p, p) for p in players]
    raise IllegalAction(booktext.not_in_tournament(wanted, number, entrants))
