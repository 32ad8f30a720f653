"""The readers no one here wrote that our PokerStars text is checked with, and a tracker's
count of its chips.

- pokerkit's PokerStars parser (``pokerkit.HandHistory.from_pokerstars``) rebuilds a hand
  and plays it, so it checks the betting and the final stacks; it reads no-limit hold'em
  with its small and big blinds (and big blinds posted to come in, when the small blind
  is not dead) only: it has no words for antes, straddles or ``posts small & big
  blinds``, and reads other games not at all.
- the ``poker`` package's ``PokerStarsHandHistory`` reads the header (the hand's number,
  stakes and time), the table's size and button, each seat and stack, the hero's two
  cards, the flop's actions, the pot, the board and the winners; it reads hands with a
  ``Dealt to`` line of two cards (hold'em), and any game's header.

The ``poker`` package imports ``pkg_resources`` for its version; Python 3.12 and later
make virtual environments without setuptools, which provides it, so when it is missing a
stand-in giving the same answer from :mod:`importlib.metadata` is put in its place.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import sys
import types
import warnings
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from pokerkit import HandHistory as PokerkitHistory

from bot.engine.events import PotAwarded
from bot.engine.hand import Hand
from bot.phh.notation import HandHistory
from bot.phh.redact import redact
from bot.phh.replay import play_history


def _pkg_resources_stand_in() -> None:
    if importlib.util.find_spec("pkg_resources") is not None:
        return
    stand_in = types.ModuleType("pkg_resources")

    def get_distribution(name: str) -> types.SimpleNamespace:
        return types.SimpleNamespace(version=importlib.metadata.version(name))

    stand_in.get_distribution = get_distribution  # type: ignore[attr-defined]
    sys.modules["pkg_resources"] = stand_in


_pkg_resources_stand_in()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # pkg_resources names itself deprecated
    from poker.card import Card
    from poker.hand import Combo
    from poker.room.pokerstars import PokerStarsHandHistory


def poker_package(text: str, *, header_only: bool = False) -> Any:
    """The ``poker`` package's reading of one hand (its header alone: ``header_only``)."""
    parsed = PokerStarsHandHistory(text)
    if header_only:
        parsed.parse_header()
    else:
        parsed.parse()
    return parsed


def pokerkit_hands(text: str) -> list[PokerkitHistory]:
    """pokerkit's reading of a file of hands; a hand it cannot read raises ValueError."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # it names the time zone field unexpected
        return list(PokerkitHistory.from_pokerstars(text, error_status=True))


def pokerkit_reads(text: str) -> bool:
    """Whether a hand is one pokerkit's parser is written for (see the module's words)."""
    head = text.splitlines()[0]
    unread = ("posts the ante", "posts straddle", "posts small & big blinds")
    if ": Hold'em No Limit (" not in head or any(word in text for word in unread):
        return False
    # it takes the first two players from the button for the blinds: with the small blind
    # dead, a big blind posted to come in beside the big blind reads as the big blind
    return ": posts small blind " in text or text.count(": posts big blind ") < 2


_SEAT = re.compile(r"^Seat (\d+): (.+) \((\d+) in chips\)$")
_ACT = re.compile(
    r"^(?P<name>.+?): (?P<verb>posts the ante|posts small & big blinds|posts small blind"
    r"|posts big blind|posts straddle|calls|bets|raises) (?P<amount>\d+)(?: to (?P<to>\d+))?"
)
_RETURNED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
_COLLECTED = re.compile(r"^(.+) collected (\d+) from (?:pot|main pot|side pot-\d+)$")
_BOUNTY = re.compile(r"^7-2 bounty: (\d+) to (.+) \((.+)\), outside the pot$")


def tracker_stacks(text: str) -> dict[str, int]:
    """Each player's stack at the end of a hand as a tracker counts PokerStars' lines:
    antes are dead, ``posts small & big blinds`` puts in the header's small blind dead
    and the rest as a bet, ``raises X to Y`` brings the street's bet to Y, uncalled bets
    come back and what is collected is won (and a 7-2 bounty line moves its chips)."""
    lines = text.splitlines()
    stakes = re.search(r"\((\d+)/(\d+)\) - ", lines[0])
    assert stakes is not None, lines[0]
    small = int(stakes[1]) // 2 if " Limit (" in lines[0] and "No Limit" not in lines[0] else 0
    small = small or int(stakes[1])
    stacks: dict[str, int] = {}
    for line in lines[2:]:
        seat = _SEAT.match(line)
        if seat is None:
            break
        stacks[seat[2]] = int(seat[3])
    bets: defaultdict[str, int] = defaultdict(int)
    for line in lines:
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            bets.clear()
        if line.startswith("*** SUMMARY"):
            break
        if act := _ACT.match(line):
            name, verb, amount = act["name"], act["verb"], int(act["amount"])
            put = amount
            if verb == "raises":
                put = int(act["to"]) - bets[name]
            if verb == "posts small & big blinds":
                bets[name] += amount - small
            elif verb != "posts the ante":
                bets[name] += put
            stacks[name] -= put
        elif back := _RETURNED.match(line):
            stacks[back[2]] += int(back[1])
        elif won := _COLLECTED.match(line):
            stacks[won[1]] += int(won[2])
    for line in lines:
        if bounty := _BOUNTY.match(line):
            stacks[bounty[2]] += int(bounty[1])
            for payer in bounty[3].split(", "):
                name, chips = payer.rsplit(" ", 1)
                stacks[name] -= int(chips)
    return stacks


def _betting(actions: list[str]) -> list[str]:
    """The betting of a PHH action list: what each player did, and the board."""
    return [a for a in actions if not a.startswith("d dh") and " sm" not in a]


def _same_but_odd_chips(rebuilt: dict[str, int], final: dict[str, int], hand: Hand) -> None:
    """pokerkit's stacks are ours, but for the odd chips of a pot split three or more
    ways: pokerkit gives them by its own rule, we one each to the winners from the left of
    the button (the rulebook's "Odd chips"), as the text's ``collected`` lines say."""
    off = {p: rebuilt[p] - final[p] for p in final if rebuilt[p] != final[p]}
    if not off:
        return
    splits = [e for e in hand.events if isinstance(e, PotAwarded) and len(e.winners) > 2]
    split_by = {hand.names[w]: len(e.winners) for e in splits for w, _ in e.winners}
    assert sum(off.values()) == 0, (rebuilt, final)
    assert all(abs(chips) < split_by.get(p, 0) for p, chips in off.items()), (rebuilt, final)


def check_text(text: str, hh: HandHistory, viewer: int, number: int, started: float) -> None:
    """Everything the readers can check of one exported hand, ``text``, exported from
    ``hh`` for ``viewer`` as hand ``number`` dealt at ``started``: a tracker's count of
    its chips ends on the stacks the hand replays to; pokerkit, where it reads the hand,
    rebuilds those stacks and the betting; the ``poker`` package reads its number, stakes
    and time, and of a hold'em hand the table's size and button, every seat and stack,
    the hero's cards, the pot, the board and winners; and no card the viewer did not see
    is in it."""
    full, _, error = play_history(hh)
    assert error is None, error
    names = list(hh.players or ())
    final = dict(zip(names, full.stacks, strict=True))
    assert tracker_stacks(text) == final, text
    if pokerkit_reads(text):
        (parsed,) = pokerkit_hands(text)
        rebuilt = dict(zip(parsed.players or (), list(parsed)[-1].stacks, strict=True))
        _same_but_odd_chips(rebuilt, final, full)
        assert _betting(parsed.actions) == _betting(redact(hh, viewer).actions), text
    holdem = hh.variant in ("NT", "FT", "PT") or hh.extra.get("_game") == "holdem"
    read_all = holdem and 0 <= viewer < full.n
    ps = poker_package(text, header_only=not read_all)
    assert int(ps.ident) == number
    assert ps.date == datetime.fromtimestamp(started, UTC).replace(microsecond=0)
    stakes = re.search(r"\((\d+)/(\d+)\) - ", text)
    assert stakes is not None and (ps.sb, ps.bb) == (int(stakes[1]), int(stakes[2]))
    if not read_all:
        return
    seats = hh.extra.get("seats") or list(range(1, full.n + 1))
    size = hh.extra.get("seat_count") or full.n
    button = hh.extra.get("_button", seats[-1])
    assert ps.max_players == size
    assert ps.button.seat == button
    held = {p.seat: (p.name, p.stack) for p in ps.players if not p.name.startswith("Empty Seat")}
    assert held == {seats[i]: (names[i], full.starting[i]) for i in range(full.n)}
    assert ps.hero.name == names[viewer]
    assert ps.hero.combo == Combo("".join(full.hole[viewer] or ()))
    assert ps.total_pot == sum(full.won)
    assert ps.board == (tuple(Card(c) for c in full.board) if full.board else None)
    winners = {re.sub(r" \(.*\)$", "", w) for w in ps.winners}
    # it reads the winners from the summary's seats after a board line, so without a board
    # it passes over the first seat; a walk with nothing in the pot (a dead small blind, the
    # big blind's own chips back) is still the walk's, "collected (0)"
    took = {names[i] for i, chips in enumerate(full.won) if chips}
    left = [i for i in range(full.n) if not full.folded[i]]
    walk = {names[left[0]]} if len(left) == 1 and not sum(full.won) else set()
    assert winners <= took | walk
    assert winners or not full.board
    shown = {c for cards in full.shown.items() for c in cards[1]}
    seen = set(full.hole[viewer] or ()) | shown | set(full.board)
    hidden = {c for i in range(full.n) for c in full.hole[i] or ()} - seen
    assert not any(f"{c} " in text or f"{c}]" in text for c in hidden), text
