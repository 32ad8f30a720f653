"""Rendering: events in, platform-neutral text out, each with its audience.

Pure: no I/O. A hidden card can only ever go to a private audience: the only events that
carry cards are the owner's own (hole cards, cards drawn, card proofs) and what became
public (board, upcards, hands shown, openings after the hand).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine import Event, pretty
from bot.engine import events as ev
from bot.engine.tableevents import TableEvent
from bot.words.tabletext import table_text

STREETS = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True)
class Message:
    """One line to show: ``audience`` None for the channel, else one player id."""

    audience: str | None
    text: str


def cards_text(cards: Sequence[str]) -> str:
    """Cards with suit symbols that read in every client: ``A♠ 10♥``."""
    return " ".join(pretty(c) for c in cards)


def render(
    event: Event, names: Sequence[str], display: Mapping[str, str], currency: str = ""
) -> Message | None:
    """The message for one event, or None for events only the machinery needs.

    Args:
        event: the event.
        names: player ids in hand order (events name players by hand index).
        display: player id -> display name.
        currency: the table's money sign (``TableSettings.currency``), for a
            tournament's money; "" for none.
    The table's own events (:mod:`bot.engine.tableevents`, a tournament's among them)
    are told by :func:`bot.words.tabletext.table_text`; their audience is the service's
    to say.
    """

    if isinstance(event, TableEvent):  # the table's own steps name players by id
        line = table_text(event, display, currency)
        return None if line is None else Message(None, line)

    def who(index: int) -> str:
        pid = names[index] if 0 <= index < len(names) else str(index)
        return display.get(pid, pid)

    private = event.private_to
    audience = names[private] if private is not None and private < len(names) else None
    text = _text(event, who)
    if text is None:
        return None
    return Message(audience, text)


def _text(event: Event, who: object) -> str | None:  # noqa: C901 - one branch per event
    name = who  # a callable index -> name
    assert callable(name)
    if isinstance(event, ev.HandStarted):
        proof = f" · deck commitment {event.commitment[:16]}…" if event.commitment else ""
        return f"── New hand: {event.game}{proof}"
    if isinstance(event, ev.MixGame):
        nxt = event.upcoming or "dealer's choice"
        return f"Now playing {event.game}; next: {nxt}"
    if isinstance(event, ev.PotKilled):
        return f"KILL POT: {event.stakes}, {name(event.player)} killed for {event.amount}"
    if isinstance(event, ev.Posted):
        label = event.kind.replace("_", " ")
        return f"{name(event.player)} posts {label} {event.amount}" + (
            " (all-in)" if event.all_in else ""
        )
    if isinstance(event, ev.HoleCardsDealt):
        return f"Your cards: {cards_text(event.cards)}"
    if isinstance(event, ev.UpCardsDealt):
        return f"{name(event.player)} shows up {cards_text(event.cards)}"
    if isinstance(event, ev.CardsDrawn):
        return f"You draw {cards_text(event.cards)}: {cards_text(event.hand)}"
    if isinstance(event, ev.Discarded):
        taken = "stands pat" if not event.count else f"draws {event.count}"
        return f"{name(event.player)} {taken}"
    if isinstance(event, ev.BombPot):
        boards = ", two boards, each for half of every pot" if event.boards > 1 else ""
        return f"BOMB POT: everyone antes {event.ante}, no betting before the flop{boards}"
    if isinstance(event, ev.BoardDealt):
        run = f" (run {event.run + 1})" if event.run else ""
        if event.double_board:
            run = f" (board {event.run + 1})"
        street = STREETS[event.street] if event.street < len(STREETS) else "board"
        if len(event.cards) > (3 if event.street == 1 else 1):
            street = "board"  # a run dealt out at once after an all-in: more than a street
        return f"{street.capitalize()}{run}: {cards_text(event.cards)}"
    if isinstance(event, ev.Acted):
        return _acted(event, name(event.player))
    if isinstance(event, ev.Corrected):
        return f"{name(event.player)} asked for {event.asked}: {event.reason}, to {event.to}"
    if isinstance(event, ev.UncalledReturned):
        return f"{event.amount} uncalled returned to {name(event.player)}"
    if isinstance(event, ev.StreetEnded):
        return f"Pot: {event.pot}"
    if isinstance(event, ev.RunsAgreed):
        times = {1: "once", 2: "twice", 3: "three times"}
        said = ", ".join(f"{name(p)} {times.get(r, r)}" for p, r in event.votes)
        how = f" ({said})" if said else ""
        return f"The board is run {times.get(event.runs, event.runs)}{how}"
    if isinstance(event, ev.Shown):
        what = f": {event.description}" if event.description else ""
        return f"{name(event.player)} shows {cards_text(event.cards)}{what}"
    if isinstance(event, ev.Mucked):
        return f"{name(event.player)} mucks"
    if isinstance(event, ev.PotAwarded):
        return _awarded(event, name)
    if isinstance(event, PotResult):
        return _result(event, name)
    if isinstance(event, ev.SevenDeuce):
        paid = ", ".join(f"{name(p)} {chips}" for p, chips in event.paid)
        return (
            f"{name(event.player)} shows {cards_text(event.cards)} and collects the 7-2 "
            f"bounty: {event.total} ({paid})"
        )
    if isinstance(event, ev.PassedOut):
        return f"No one opened: the pot of {event.pot} stays for the next deal"
    if isinstance(event, ev.OpenersVerified):
        return f"{name(event.player)}'s openers were verified"
    text = getattr(event, "text", None)
    return text if isinstance(text, str) else None


def _acted(event: ev.Acted, who: str) -> str:
    allin = " (all-in)" if event.all_in else ""
    if event.action in ("fold", "check"):
        return f"{who} {event.action}s"
    if event.action == "call":
        return f"{who} calls {event.added}{allin}"
    if event.action == "bring_in":
        return f"{who} brings it in for {event.added}{allin}"
    verb = {"bet": "bets", "raise": "raises to", "complete": "completes to"}[event.action]
    return f"{who} {verb} {event.to}{allin}"


_TIMES = {2: "both", 3: "all three"}


def _awarded(event: ev.PotAwarded, name: object) -> str:
    """One award told alone, its run or board named when it names one."""
    return _result(PotResult((event,), bool(event.run) or event.double_board), name)


def _result(result: PotResult, name: object) -> str:
    assert callable(name)
    first = result.shares[0]
    pot = "main pot" if first.pot == 0 else f"side pot {first.pot}"
    half = f" ({first.half})" if first.half else ""
    what = "board" if first.double_board else "run"
    if len(result.shares) > 1:  # one player took every share
        ((player, _),) = first.winners
        total = sum(share.amount for share in result.shares)
        each = "; ".join(
            f"{what} {share.run + 1}" + (f" with {share.description}" if share.description else "")
            for share in result.shares
        )
        times = _TIMES.get(len(result.shares), f"all {len(result.shares)}")
        return f"{name(player)} wins {total}: the {pot}{half} on {times} {what}s: {each}"
    where = f" on {what} {first.run + 1}" if result.divided else ""
    how = f" with {first.description}" if first.description else ""
    if len(first.winners) == 1:
        player, chips = first.winners[0]
        return f"{name(player)} wins {chips}: the {pot}{half}{where}{how}"
    winners = ", ".join(f"{name(p)} {chips}" for p, chips in first.winners)
    return f"{winners} split the {pot}{half}{where}{how}"


@dataclass(frozen=True)
class PotResult(Event):
    """One line of a hand's result: ``shares`` are the awards (:class:`PotAwarded`) of
    one pot, or of one half of it, that the line tells; ``divided`` when that pot was
    divided between runs or boards (000 NL §17; bomb pots' two boards), so each share is
    named by its run or board. Several shares are one player's every run or board."""

    shares: tuple[ev.PotAwarded, ...]
    divided: bool


def results_together(events: Sequence[Event]) -> list[tuple[int, Event]]:
    """The events to tell, a hand's awards as its result lines: a pot won whole (by folds,
    or by the only player left in it) names no run or board; a pot divided between runs or
    boards names each share's, or says in one line that one player took them all, with
    each one's hand (000 NL §17).

    Args:
        events: events in the order they are told; a hand's awards come one after another.
    Returns:
        ``(index, event)`` pairs in order: every event that is not an award as it is, at
        its own index, and in place of each pot's awards its :class:`PotResult` lines, at
        the index of the pot's first award.
    """
    told: list[tuple[int, Event]] = []
    i = 0
    while i < len(events):
        event = events[i]
        if not isinstance(event, ev.PotAwarded):
            told.append((i, event))
            i += 1
            continue
        end = i
        while (
            end < len(events)
            and isinstance(share := events[end], ev.PotAwarded)
            and share.pot == event.pot
        ):
            end += 1
        shares = [e for e in events[i:end] if isinstance(e, ev.PotAwarded)]
        told += [(i, line) for line in _pot_lines(shares)]
        i = end
    return told


def _pot_lines(shares: list[ev.PotAwarded]) -> list[PotResult]:
    """One pot's result lines: for each half (or the whole), one line when one player took
    every run or board of it, else a line a share."""
    lines: list[PotResult] = []
    for half in dict.fromkeys(share.half for share in shares):
        mine = tuple(share for share in shares if share.half == half)
        divided = len(mine) > 1
        # by who won, not by the chips: the first run's share holds the odd chip
        winners = {tuple(player for player, _ in share.winners) for share in mine}
        if divided and len(winners) == 1 and len(mine[0].winners) == 1:
            lines.append(PotResult(mine, divided))
        else:
            lines += [PotResult((share,), divided) for share in mine]
    return lines
