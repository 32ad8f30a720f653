"""A hand's history in hand-history notation, derived from its events.

The hand keeps one history, its events (:mod:`bot.engine.events`); the action lines of a
PHH file (``d dh p1 AcKd``, ``p2 cbr 300``, ``p1 sm``...) are read off them here, so the
two can never disagree. The 7-2 game's claim is a show (``sm``) after the pot is won. A
hand run more than once (000 NL §17) deals its first run street by street as if dealt
once; the other runs are the history's ``_runs`` field
(:func:`bot.phh.convert.hand_to_phh`). A double board's line deals both boards, the first
board's cards then the second's. A hand shown after it was won without a showdown is left
out. Lowball's first deal at a kill table, two cards then the rest, is one line a player.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import (
    Acted,
    BoardDealt,
    CardsDrawn,
    Event,
    HandEnded,
    HoleCardsDealt,
    Mucked,
    RunsAgreed,
    SevenDeuce,
    Shown,
    Thrown,
)

# PHH's verb for each betting action; a bet, raise or completion is "cbr" to its total
_VERBS = {"fold": "f", "check": "cc", "call": "cc", "bring_in": "pb"}
# the streets still to deal in a flop game, by how many board cards are out
_STREETS_LEFT = {0: (3, 1, 1), 3: (1, 1), 4: (1,)}


def phh_actions(events: Iterable[Event], whole_deal: bool = False) -> list[str]:
    """The PHH action lines of a hand, in order, from its events.

    Args:
        events: the hand's events as it made them, in order.
        whole_deal: the first deal came in two parts (lowball at a kill table: two cards,
            a pause for a kill, then the rest; 000 kill §10): each player's cards of it are
            written in one line, as a deal in one go is.
    Returns:
        One line per dealing or player action, e.g. ``["d dh p1 AcKd", "p1 cbr 300"]``;
        ``??`` stands for a card no one saw (a replay).
    """
    lines: list[str] = []
    runs = over = False
    shown: set[int] = set()
    first: dict[int, int] = {}  # each player's first deal: its line
    board = 0  # board cards dealt before the runs
    for event in events:
        match event:
            case Acted(player=p, action=action, to=to):
                lines.append(f"p{p + 1} {_VERBS.get(action) or f'cbr {to}'}")
            case HoleCardsDealt(player=p, cards=cards) if whole_deal and p in first:
                lines[first[p]] += "".join(cards)
            case HoleCardsDealt(player=p, cards=cards) | CardsDrawn(player=p, cards=cards):
                first.setdefault(p, len(lines))
                lines.append(f"d dh p{p + 1} {''.join(cards)}")
            case BoardDealt(cards=cards, double_board=True, run=1):
                lines[-1] += "".join(cards)  # a double board's line deals both boards
            case BoardDealt(cards=cards, run=0) if runs:
                # the first run, street by street, as a board dealt once would be
                for size in _STREETS_LEFT.get(board, (len(cards),)):
                    lines.append(f"d db {''.join(cards[:size])}")
                    cards = cards[size:]
            case BoardDealt(cards=cards) if not runs:
                board += len(cards)
                lines.append(f"d db {''.join(cards)}")
            case Thrown(player=p, cards=cards):
                lines.append(f"p{p + 1} sd {''.join(cards)}".rstrip())
            case Shown(player=p, cards=cards) if not over:
                shown.add(p)
                lines.append(f"p{p + 1} sm {''.join(cards)}")
            case SevenDeuce(player=p, cards=cards) if p not in shown:
                # the 7-2 game's claim shows the cards to all (RULES.md "The 7-2 game")
                lines.append(f"p{p + 1} sm {''.join(cards)}")
            case Mucked(player=p):
                lines.append(f"p{p + 1} sm")
            case RunsAgreed(runs=agreed):
                runs = agreed > 1
            case HandEnded():
                over = True
    return lines
