"""Hand histories in PokerStars' text format, the one tracking programs import.

A stored hand (PHH) is replayed through the engine as one player saw it (his own cards,
and the hands shown at the showdown; :func:`bot.phh.redact.redact`) and told in
PokerStars' words: the header, the seats, the blinds, ``Dealt to`` the player, each
street's actions, the showdown, who collected what, and the summary. PokerStars' format
is written here for hold'em and Omaha, high and hi-lo, no-limit, pot-limit and fixed
limit, with one board; any other hand raises :class:`Unsupported`.
"""

from __future__ import annotations

import re
import time
import zlib
from collections.abc import Sequence

from bot.engine.cards import UNKNOWN
from bot.engine.config import Game, Structure
from bot.engine.events import (
    Acted,
    BoardDealt,
    HoleCardsDealt,
    Mucked,
    Posted,
    PotAwarded,
    SevenDeuce,
    Shown,
    UncalledReturned,
)
from bot.engine.hand import Hand
from bot.engine.showdown import Showdown

from .convert import Unsupported, setup_from_phh
from .notation import HandHistory
from .redact import redact
from .replay import play_history

_GAMES = {Game.HOLDEM: "Hold'em", Game.OMAHA: "Omaha", Game.OMAHA_HILO: "Omaha Hi/Lo"}
_STRUCTURES = {
    Structure.NO_LIMIT: "No Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.FIXED_LIMIT: "Limit",
}
_POSTS = {
    "small_blind": "posts small blind",
    "big_blind": "posts big blind",
    "ante": "posts the ante",
    "dead": "posts small blind",  # a dead blind owed: PokerStars posts it as a small blind
}


def hand_number(table_id: str, number: int) -> int:
    """A PokerStars hand number for hand ``number`` of table ``table_id``: trackers tell
    hands apart by it, so two tables' hand 1 must differ (a checksum of the table's id,
    then the hand's number in six digits)."""
    return zlib.crc32(table_id.encode("utf-8")) * 1_000_000 + number % 1_000_000


def pokerstars_text(
    hh: HandHistory,
    viewer: int,
    *,
    number: int,
    table: str,
    started: float,
) -> str:
    """One hand in PokerStars' format, as player ``viewer`` saw it.

    Args:
        hh: the stored hand history, every card in it (the viewer's view is taken here).
        viewer: the 0-based index of the player it is for, in the hand's order (-1: no
            one's cards, only the hands shown).
        number: the hand number to print (see :func:`hand_number`).
        table: the table's name.
        started: when the hand was dealt, in seconds since the epoch (printed in UTC).
    Returns:
        The hand's text, lines ending in newlines, chips as whole numbers.
    Raises:
        Unsupported: a game, structure or board PokerStars' format is not written for
            here (stud, draw, spread limit, a board run twice or a double board), or a
            hand that does not replay.
    """
    setup = setup_from_phh(hh)
    config = setup.config
    game, structure = _GAMES.get(config.game), _STRUCTURES.get(config.structure)
    if game is None or structure is None:
        raise Unsupported(
            f"{config.description} has no PokerStars format here: it is written for hold'em "
            "and Omaha, no-limit, pot-limit and fixed limit ('history phh' has every game)"
        )
    if setup.boards > 1 or setup.runs:
        raise Unsupported(
            "a double board or a board run twice has no PokerStars format here ('history phh' "
            "has it)"
        )
    seen = redact(hh, viewer)
    hand, index, error = play_history(seen)
    if error is not None:
        raise Unsupported(f"the hand does not replay (action {index}): {error}")
    names = _safe_names(list(hh.players or setup.names))
    stakes = config.stakes
    if config.structure is Structure.FIXED_LIMIT:
        blinds = f"{stakes.fixed_small}/{stakes.fixed_big}"
    else:
        blinds = f"{stakes.small_blind}/{stakes.big_blind}"
    when = time.strftime("%Y/%m/%d %H:%M:%S", time.gmtime(started))
    n = hand.n
    button = 2 if n == 2 else n  # seats in hand order: the button is last (heads-up, 2nd)
    lines = [
        f"PokerStars Hand #{number}: {game} {structure} ({blinds}) - {when} UTC",
        f"Table '{table}' {n}-max Seat #{button} is the button",
    ]
    lines += [f"Seat {i + 1}: {names[i]} ({hand.starting[i]} in chips)" for i in range(n)]
    lines += _story(hand, names, viewer)
    lines += _summary(hand, names, button)
    for claim in (e for e in hand.events if isinstance(e, SevenDeuce)):
        # outside the pot, which PokerStars' format has no words for: said for the reader
        paid = ", ".join(f"{names[p]} {chips}" for p, chips in claim.paid)
        lines.append(
            f"7-2 bounty: {claim.total} to {names[claim.player]} ({paid}), outside the pot"
        )
    return "\n".join(lines) + "\n"


def _safe_names(names: list[str]) -> list[str]:
    """Names a PokerStars reader cannot take for its own marks: no colon or square bracket
    (``x: raises 50`` would read as an action), and two players of one name told apart
    by their seat (``Sam #1``, ``Sam #2``)."""
    clean = [
        re.sub(r"[:\[\]]", "", name).strip() or f"Player {i + 1}" for i, name in enumerate(names)
    ]
    return [f"{c} #{i + 1}" if clean.count(c) > 1 else c for i, c in enumerate(clean)]


def _story(hand: Hand, names: Sequence[str], viewer: int) -> list[str]:
    """From the blinds to who collected what, street by street."""
    lines: list[str] = []
    bets = [0] * hand.n
    board: list[str] = []
    showdown: list[str] = []
    side_pots = _pot_sizes(hand)[1:]
    for event in hand.events:
        match event:
            case Posted(player=p, kind=kind, amount=amount, all_in=all_in):
                verb = _POSTS.get(kind, "posts straddle")  # a straddle or a kill blind
                if kind not in ("ante", "dead"):
                    bets[p] += amount
                lines.append(f"{names[p]}: {verb} {amount}{_all_in(all_in)}")
            case HoleCardsDealt(player=p) if "*** HOLE CARDS ***" not in lines:
                lines.append("*** HOLE CARDS ***")
                if 0 <= viewer < hand.n and hand.hole[viewer]:
                    lines.append(f"Dealt to {names[viewer]} [{' '.join(hand.hole[viewer] or ())}]")
            case BoardDealt(cards=cards):
                street = {0: "FLOP", 3: "TURN", 4: "RIVER"}[len(board)]
                before = f" [{' '.join(board)}]" if board else ""
                board += cards
                lines.append(f"*** {street} ***{before} [{' '.join(cards)}]")
                bets = [0] * hand.n
            case Acted(player=p, action=action, to=to, added=added, all_in=all_in):
                lines.append(f"{names[p]}: {_acted(action, to, added, max(bets))}{_all_in(all_in)}")
                bets[p] = to
            case UncalledReturned(player=p, amount=amount):
                lines.append(f"Uncalled bet ({amount}) returned to {names[p]}")
            case Shown(player=p, cards=cards):
                # hands shown when all are all-in are told at the showdown, after the board
                showdown.append(f"{names[p]}: shows [{' '.join(cards)}] ({_named(hand, p)})")
            case Mucked(player=p):
                showdown.append(f"{names[p]}: mucks hand")
            case PotAwarded(pot=pot, winners=winners):
                if showdown:
                    lines += ["*** SHOW DOWN ***", *showdown]
                    showdown = []
                where = "pot" if not side_pots else f"side pot-{pot}" if pot else "main pot"
                lines += [f"{names[w]} collected {chips} from {where}" for w, chips in winners]
    return lines


def _named(hand: Hand, player: int) -> str:
    """A shown hand's name on the final board ("pair of aces"), without its cards."""
    if len(hand.board) < 5 or UNKNOWN in (hand.hole[player] or (UNKNOWN,)):
        return "shown"
    return Showdown(hand.spec, hand.hole).describe(player, hand.board).split(" (")[0]


def _acted(action: str, to: int, added: int, facing: int) -> str:
    """A betting action in PokerStars' words: a raise says by how much and to what."""
    if action in ("fold", "check"):
        return f"{action}s"
    if action == "call":
        return f"calls {added}"
    if action == "bet" or not facing:
        return f"bets {to}"
    return f"raises {to - facing} to {to}"


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def _pot_sizes(hand: Hand) -> list[int]:
    """Chips in the main pot, then each side pot, as awarded (halves and runs summed)."""
    sizes: dict[int, int] = {}
    for event in hand.events:
        if isinstance(event, PotAwarded):
            sizes[event.pot] = sizes.get(event.pot, 0) + event.amount
    return [sizes[k] for k in sorted(sizes)]


def _summary(hand: Hand, names: Sequence[str], button: int) -> list[str]:
    """The summary: the pot, the board, and each seat's outcome."""
    pots = _pot_sizes(hand)
    total = f"Total pot {sum(pots)}"
    if len(pots) > 1:
        sides = " ".join(f"Side pot-{k} {size}." for k, size in enumerate(pots[1:], start=1))
        total += f" Main pot {pots[0]}. {sides}"
    lines = ["*** SUMMARY ***", f"{total} | Rake 0"]
    if hand.board:
        lines.append(f"Board [{' '.join(hand.board)}]")
    won = hand.won  # chips each took from the pots
    folded_on: dict[int, int] = {}
    blinds: dict[int, str] = {}
    board = 0
    for event in hand.events:
        match event:
            case BoardDealt(cards=cards):
                board += len(cards)
            case Acted(player=p, action="fold"):
                folded_on[p] = board
            case Posted(player=p, kind="small_blind" | "big_blind" as kind):
                blinds[p] = kind.replace("_", " ")
    shown = hand.shown
    for i in range(hand.n):
        marks = [m for m in ("button" if i + 1 == button else "", blinds.get(i, "")) if m]
        who = f"Seat {i + 1}: {names[i]}" + "".join(f" ({m})" for m in marks)
        held = f"[{' '.join(shown[i])}]" if i in shown else ""
        if i in folded_on:
            where = {0: "before Flop", 3: "on the Flop", 4: "on the Turn"}.get(
                folded_on[i], "on the River"
            )
            lines.append(f"{who} folded {where}")
        elif i in shown and won[i]:
            lines.append(f"{who} showed {held} and won ({won[i]})")
        elif i in shown:
            lines.append(f"{who} showed {held} and lost")
        elif won[i] or len(folded_on) == hand.n - 1:  # the pot, or a walk with none
            lines.append(f"{who} collected ({won[i]})")
        else:
            lines.append(f"{who} mucked")
    return lines
