"""Hand histories in PokerStars' text format, the one tracking programs import.

A stored hand (PHH) is replayed through the engine as one player saw it (his own cards,
and the hands shown at the showdown; :func:`bot.phh.redact.redact`) and told in
PokerStars' words: the header (the time where the bot runs, then in ET), the table's
size, its button and each player's own seat, the antes and blinds, ``Dealt to`` the
player, each street's actions, the showdown, who collected what, and the summary.
PokerStars' format is written here for hold'em and Omaha, high and hi-lo, no-limit,
pot-limit and fixed limit, with one board; any other hand raises :class:`Unsupported`.

What PokerStars never deals is written in the words trackers read, with every chip where
it went: a straddle is ``posts straddle``; a kill blind too, the big blind staying
``posts big blind`` and the header giving the killed stakes (a big blind who kills posts
the kill as his big blind); a bomb pot is everyone's ``posts the ante`` and no action
before the flop. A missed small blind posted with the big blind on return is PokerStars'
one line ``posts small & big blinds``; any other dead blind, which PokerStars has no line
for, is written as the dead money it is, ``posts the ante``.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from bot.engine.cards import UNKNOWN
from bot.engine.config import Game, GameConfig, Structure
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
_LIVE = ("small_blind", "big_blind", "blind", "straddle", "kill")
# an abbreviation PokerStars could print for a time zone ("CET", "EST", "+03"); a longer
# name (Windows gives "W. Europe Standard Time") would break the header's words
_ZONE_NAME = re.compile(r"[A-Za-z0-9+\-]{1,6}")
# the currency codes PokerStars writes after a tournament's buy-in, by the host's sign
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}


@dataclass(frozen=True)
class TournamentHeader:
    """What a tournament hand's header says beside a cash hand's.

    Attributes:
        number: the tournament's number.
        buy_in, fee: its buy-in and fee in hundredths of the currency unit (both 0: a
            freeroll).
        currency: the host's currency sign (``$``, ``€``, ``£``), or "" for none.
        level: the level the hand was dealt at, from 1.
    """

    number: int
    buy_in: int
    fee: int
    currency: str
    level: int

    def words(self) -> str:
        """``Tournament #7, $20+$2 USD`` or ``Tournament #7, Freeroll``, as PokerStars
        writes it; a buy-in without a known currency is written without one."""
        if not self.buy_in and not self.fee:
            return f"Tournament #{self.number}, Freeroll"
        code = _CURRENCIES.get(self.currency)
        sign = "$" if code == "USD" else ""
        money = f"{sign}{_money(self.buy_in)}+{sign}{_money(self.fee)}"
        return f"Tournament #{self.number}, {money}" + (f" {code}" if code else "")


def _money(hundredths: int) -> str:
    whole, cents = divmod(hundredths, 100)
    return f"{whole}.{cents:02d}" if cents else str(whole)


def roman(number: int) -> str:
    """``number`` (1 or more) in Roman numerals, as PokerStars numbers levels: 3 is III."""
    numerals = (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    )
    text = ""
    for value, letters in numerals:
        while number >= value:
            text, number = text + letters, number - value
    return text


def hand_number(table_id: str, number: int) -> int:
    """A PokerStars hand number for hand ``number`` of table ``table_id``: trackers tell
    hands apart by it, so two tables' hand 1 must differ (a checksum of the table's id,
    then the hand's number in six digits)."""
    return zlib.crc32(table_id.encode("utf-8")) * 1_000_000 + number % 1_000_000


def tournament_number(tournament_id: str) -> int:
    """A PokerStars tournament number for a tournament's id (a checksum of it): trackers
    tell tournaments apart by it."""
    return zlib.crc32(tournament_id.encode("utf-8"))


def tournament_fields(header: TournamentHeader) -> dict[str, Any]:
    """The PHH fields that keep a tournament hand's header: ``level`` (the PHH
    specification's) and ``_tournament`` (its number, buy-in, fee and currency)."""
    return {
        "level": header.level,
        "_tournament": [header.number, header.buy_in, header.fee, header.currency],
    }


def tournament_header(extra: dict[str, Any]) -> TournamentHeader | None:
    """The header :func:`tournament_fields` kept in a hand's PHH fields, or None for a
    cash hand (or fields that are not a tournament's)."""
    kept, level = extra.get("_tournament"), extra.get("level")
    if not isinstance(kept, list) or len(kept) != 4 or not isinstance(level, int):
        return None
    number, buy_in, fee, currency = kept
    if not all(isinstance(v, int) for v in (number, buy_in, fee)):
        return None
    return TournamentHeader(number, buy_in, fee, str(currency), level)


def seat_fields(seats: Sequence[int], size: int, button: int | None) -> dict[str, Any]:
    """The PHH fields that keep where a hand was played, for :func:`pokerstars_text`.

    Args:
        seats: each player's seat number, in the hand's order (PHH's: the button last).
        size: the table's number of seats.
        button: the button's seat, empty for a dead button; None: no button yet.
    Returns:
        ``seats`` and ``seat_count`` (the PHH specification's fields) and ``_button``.
    """
    fields: dict[str, Any] = {"seats": list(seats), "seat_count": size}
    if button is not None:
        fields["_button"] = button
    return fields


def pokerstars_text(
    hh: HandHistory,
    viewer: int,
    *,
    number: int,
    table: str,
    started: float,
    zone: tzinfo | None = None,
    tournament: TournamentHeader | None = None,
) -> str:
    """One hand in PokerStars' format, as player ``viewer`` saw it.

    Args:
        hh: the stored hand history, every card in it (the viewer's view is taken here).
            Its ``seats``, ``seat_count`` and ``_button`` fields, when the table wrote
            them, give each player's seat, the table's size and the button's seat (an
            empty seat for a dead button); without them (a hand stored before they were
            kept) the seats are numbered in hand order, the button last.
        viewer: the 0-based index of the player it is for, in the hand's order (-1: no
            one's cards, only the hands shown).
        number: the hand number to print (see :func:`hand_number`).
        table: the table's name.
        started: when the hand was dealt, in seconds since the epoch.
        zone: the time zone the header's first time is in; None: the zone of the machine
            the bot runs on (its ``TZ``; UTC on a machine that has none). The second time
            is always in ET, as PokerStars writes it.
        tournament: a tournament hand's number, buy-in and level, for its header
            (``Tournament #7, $20+$2 USD Hold'em No Limit - Level III (50/100)``); None for
            a cash hand.
    Returns:
        The hand's text, lines ending in newlines, chips as whole numbers.
    Raises:
        Unsupported: a game, structure or board PokerStars' format is not written for
            here (stud, draw, spread limit, a board run twice or a double board), seats
            that do not fit the table, or a hand that does not replay.
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
    n = hand.n
    seats, size, button = _seating(hh, n)
    names = _safe_names(list(hh.players or setup.names), seats)
    stakes = config.stakes
    if config.structure is Structure.FIXED_LIMIT:
        blinds = f"{stakes.fixed_small}/{stakes.fixed_big}"
    else:
        blinds = f"{stakes.small_blind}/{stakes.big_blind}"
    head = f"{game} {structure}"
    if tournament is not None:
        head = f"{tournament.words()} {head} - Level {roman(tournament.level)}"
    lines = [
        f"PokerStars Hand #{number}: {head} ({blinds}) - {header_time(started, zone)}",
        f"Table '{table}' {size}-max Seat #{button} is the button",
    ]
    in_seat_order = sorted(range(n), key=seats.__getitem__)
    lines += [f"Seat {seats[i]}: {names[i]} ({hand.starting[i]} in chips)" for i in in_seat_order]
    posts = _forced_bets(hand, config)
    lines += _story(hand, names, viewer, posts)
    lines += _summary(hand, names, seats, button, posts)
    for claim in (e for e in hand.events if isinstance(e, SevenDeuce)):
        # outside the pot, which PokerStars' format has no words for: said for the reader
        paid = ", ".join(f"{names[p]} {chips}" for p, chips in claim.paid)
        lines.append(
            f"7-2 bounty: {claim.total} to {names[claim.player]} ({paid}), outside the pot"
        )
    return "\n".join(lines) + "\n"


def header_time(started: float, zone: tzinfo | None = None) -> str:
    """The time of a PokerStars header: the local time and its zone, then the time in ET
    in brackets, hours without a leading zero (``2026/12/03 8:31:13 CET [2026/12/03
    2:31:13 ET]``).

    Args:
        started: seconds since the epoch.
        zone: the local zone; None: the machine's own (UTC when it has none). A zone
            without a short name (one PokerStars could print) is written as UTC.
    Raises:
        Unsupported: ET is not known on this machine (no time zone database; the
            ``tzdata`` package, a dependency, provides one).
    """
    moment = datetime.fromtimestamp(started, UTC)
    local = moment.astimezone(zone) if zone is not None else moment.astimezone()
    name = local.tzname() or ""
    if not _ZONE_NAME.fullmatch(name):
        local, name = moment, "UTC"
    return f"{_clock(local)} {name} [{_clock(moment.astimezone(_eastern()))} ET]"


@cache
def _eastern() -> ZoneInfo:
    try:
        return ZoneInfo("America/New_York")
    except (KeyError, OSError, ValueError) as exc:  # ZoneInfoNotFoundError is a KeyError
        raise Unsupported(f"ET is not known here: {exc} (install the tzdata package)") from exc


def _clock(moment: datetime) -> str:
    return f"{moment:%Y/%m/%d} {moment.hour}:{moment:%M:%S}"


def _seating(hh: HandHistory, n: int) -> tuple[list[int], int, int]:
    """Each player's seat (by hand index), the table's size and the button's seat.

    Raises:
        Unsupported: seats that are not one distinct seat of the table per player.
    """
    seats, size, button = hh.extra.get("seats"), hh.extra.get("seat_count"), None
    if seats is None:
        return list(range(1, n + 1)), n, n
    if (
        not isinstance(seats, list)
        or len(seats) != n
        or not all(type(s) is int and s >= 1 for s in seats)
        or len(set(seats)) != n
    ):
        raise Unsupported(f"the hand's seats {seats!r} are not one seat number per player")
    if size is None:
        size = max(seats)
    if type(size) is not int or size < max(seats):
        raise Unsupported(f"a table of {size!r} seats cannot seat players at {seats}")
    button = hh.extra.get("_button", seats[-1])  # in hand order the button is last
    if type(button) is not int or not 1 <= button <= size:
        raise Unsupported(f"the button's seat {button!r} is not a seat of the table")
    return list(seats), size, button


def _safe_names(names: list[str], seats: Sequence[int]) -> list[str]:
    """Names a PokerStars reader cannot take for its own marks: no colon or square bracket
    (``x: raises 50`` would read as an action), and two players of one name told apart
    by their seat (``Sam #1``, ``Sam #4``)."""
    clean = [
        re.sub(r"[:\[\]]", "", name).strip() or f"Player {seats[i]}" for i, name in enumerate(names)
    ]
    return [f"{c} #{seats[i]}" if clean.count(c) > 1 else c for i, c in enumerate(clean)]


@dataclass(frozen=True)
class _Posts:
    """The forced bets in PokerStars' words: ``lines`` by the index of their
    :class:`Posted` event (an event said within another's line has none), and the players
    the summary marks as the small and big blind."""

    lines: dict[int, str]
    small_blind: int | None
    big_blind: int | None


def _forced_bets(hand: Hand, config: GameConfig) -> _Posts:
    """Each ante and blind as PokerStars writes it.

    The replayed hand names a blind by its size: a kill blind is the killed stakes' big
    blind, and the big blind beside it is smaller than that, so a hand with a blind
    between the small and the big blind is a killed pot, whose big blind is written
    ``posts big blind`` and the kill ``posts straddle``. A dead small blind goes with the
    big blind posted beside it as ``posts small & big blinds`` (their sum; trackers take
    the header's small blind of it as dead), other dead money as ``posts the ante``.
    """
    posted = [(k, e) for k, e in enumerate(hand.events) if isinstance(e, Posted)]
    killed = any(e.kind in ("blind", "kill") for _, e in posted)
    words: dict[int, str] = {}
    for k, e in posted:
        if e.kind in ("straddle", "kill") or (killed and e.kind == "big_blind"):
            words[k] = "straddle"
        elif e.kind == "small_blind":
            words[k] = "small blind"
        elif e.kind in _LIVE:
            words[k] = "big blind"
        else:
            words[k] = "the ante"  # an ante, or dead money
    # trackers read the header's small blind out of "small & big blinds" as dead; in limit
    # its first figure is the small bet, twice the small blind
    limit = config.structure is Structure.FIXED_LIMIT
    told_small = config.stakes.fixed_small // 2 if limit else config.stakes.small_blind
    with_big = {e.player for k, e in posted if words[k] == "big blind"}
    said_with = {  # a dead small blind said with its player's big blind: event index
        k: e.player
        for k, e in posted
        if e.kind == "dead" and e.amount == told_small and e.player in with_big
    }
    lines: dict[int, str] = {}
    small = big = None
    for k, e in posted:
        verb, amount = words[k], e.amount
        if k in said_with:
            continue
        if verb == "big blind" and e.player in said_with.values():
            verb, amount = "small & big blinds", amount + told_small
        if not amount:
            continue  # a blind of nothing, its player all-in on what he posted before it
        if verb == "small blind":
            small = e.player
        elif verb == "big blind" and big is None:
            big = e.player  # the big blind; players posting to come in follow him
        lines[k] = f"posts {verb} {amount}{_all_in(e.all_in)}"
    return _Posts(lines, small, big)


def _story(hand: Hand, names: Sequence[str], viewer: int, posts: _Posts) -> list[str]:
    """From the blinds to who collected what, street by street."""
    lines: list[str] = []
    bets = [0] * hand.n
    board: list[str] = []
    showdown: list[str] = []
    side_pots = _pot_sizes(hand)[1:]
    for k, event in enumerate(hand.events):
        match event:
            case Posted(player=p, kind=kind, amount=amount):
                if kind in _LIVE:
                    bets[p] += amount
                if k in posts.lines:
                    lines.append(f"{names[p]}: {posts.lines[k]}")
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


def _summary(
    hand: Hand, names: Sequence[str], seats: Sequence[int], button: int, posts: _Posts
) -> list[str]:
    """The summary: the pot, the board, and each seat's outcome, in seat order."""
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
    board = 0
    for event in hand.events:
        match event:
            case BoardDealt(cards=cards):
                board += len(cards)
            case Acted(player=p, action="fold"):
                folded_on[p] = board
    shown = hand.shown
    blinds = {posts.small_blind: "small blind", posts.big_blind: "big blind"}
    for i in sorted(range(hand.n), key=seats.__getitem__):
        marks = [m for m in ("button" if seats[i] == button else "", blinds.get(i, "")) if m]
        who = f"Seat {seats[i]}: {names[i]}" + "".join(f" ({m})" for m in marks)
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
