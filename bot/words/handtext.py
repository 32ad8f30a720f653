"""A finished hand as a player reads it: who did what, street by street, in words.

Pure: a hand history in, lines of text out. The history is read as given: pass it through
:func:`bot.phh.redact.redact` first, so that it holds no card its reader may not see. Even
then only public cards and the reader's own are written: another player's cards appear
only as his upcards (stud) or as the hand he shows at the showdown, and a card written
``??`` never appears.

Amounts are chips, as the file gives them (``cbr N`` bets or raises *to* N on the street,
``cc`` checks or calls what is owed, capped at the stack). The PHH forced bets are read as
the engine posts them: antes, then dead money, then blinds (heads-up the file lists the
blinds the other way round); a big blind or straddle posted all-in for less still sets
the call at its full size (RULES.md "A blind all-in for less than its size").
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    UNKNOWN,
    CardError,
    EngineError,
    GameSpec,
    Showdown,
    Structure,
    parse_cards,
    spec_for,
)
from bot.phh.notation import HandHistory, Number, PhhAction
from bot.phh.variants import UnsupportedVariant, from_phh
from bot.words.render import cards_text

__all__ = ["game_label", "hand_lines"]

_ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh")


def game_label(hh: HandHistory, with_stakes: bool = True) -> str:
    """The game a hand was played at, e.g. ``"No-Limit Hold'em 1/2"`` or
    ``"Limit 2-7 Triple Draw 2/4"``; the variant code itself for a game not played here.

    The stakes are the small and big bet in fixed limit, the spread in spread limit, else
    the blinds as posted, smallest first (``1/2``, ``1/2/4`` with a straddle or a kill);
    without ``with_stakes`` they are left out (a tournament's rise with its levels).
    """
    try:
        game, structure = from_phh(hh.variant, hh.extra.get("_game"), hh.extra.get("_structure"))
    except UnsupportedVariant:
        return hh.variant
    if not with_stakes:
        return f"{structure.label} {game.label}"
    spread = hh.extra.get("_spread")
    if structure is Structure.SPREAD_LIMIT and isinstance(spread, list) and spread:
        stakes = "-".join(_chips(x) for x in spread)
    elif structure.is_limit and hh.small_bet and hh.big_bet:
        stakes = f"{_chips(hh.small_bet)}/{_chips(hh.big_bet)}"
    else:
        posted = sorted({b for b in hh.blinds_or_straddles if b > 0})
        table = hh.extra.get("_blinds")  # the table's blinds, not posted as such
        if isinstance(table, list):
            posted = sorted(b for b in table if isinstance(b, int) and b > 0)
        stakes = "/".join(_chips(b) for b in posted or [b for b in [hh.min_bet] if b])
    return f"{structure.label} {game.label} {stakes}".rstrip()


def hand_lines(hh: HandHistory, viewer: int, names: Sequence[str] | None = None) -> list[str]:
    """The hand in words, one line per step a player would follow at the table.

    Args:
        hh: the hand as ``viewer`` may see it (redacted: other players' unshown cards
            ``??``).
        viewer: the reader's seat, 0-based (``p1`` is 0); -1 or any seat not in the hand
            for a reader who was not dealt in (no "Your cards" lines).
        names: the players' names in seat order; None takes the history's ``players``,
            or ``p1``, ``p2``, ... when it has none (or not one per seat).
    Returns:
        Lines without the hand's heading: the forced bets, the reader's cards, each street
        (its board cards, stud upcards or the draw, then its betting on one line), what
        was shown or mucked at the showdown, and each player's net result when the
        history records ``finishing_stacks``, biggest winner first.
    Raises:
        PhhError: an action that is not PHH (see :func:`bot.phh.notation.parse_action`).
    """
    n = len(hh.starting_stacks)
    if names is None or len(names) != n:
        names = hh.players if hh.players and len(hh.players) == n else None
    return _Reader(hh, viewer, list(names or (f"p{i + 1}" for i in range(n)))).read()


def _chips(amount: Number) -> str:
    if isinstance(amount, float) and amount.is_integer():
        return str(int(amount))
    return str(amount)


def _spec(hh: HandHistory) -> GameSpec | None:
    try:
        game, _ = from_phh(hh.variant, hh.extra.get("_game"), hh.extra.get("_structure"))
    except UnsupportedVariant:
        return None
    return spec_for(game)


def _seat_values(values: Sequence[Number], n: int) -> list[Number]:
    return [values[i] if i < len(values) else 0 for i in range(n)]


class _Reader:
    """Reads the actions in order, keeping the stacks, the street's bets and the lines."""

    def __init__(self, hh: HandHistory, viewer: int, names: list[str]) -> None:
        self.hh = hh
        self.n = n = len(hh.starting_stacks)
        self.viewer = viewer
        self.names = names
        self.spec = _spec(hh)
        self.stacks: list[Number] = list(hh.starting_stacks)
        self.bets: list[Number] = [0] * n
        self.level: Number = 0  # what the street's bet stands at
        self.acted = False  # someone bet, called, checked or folded since the last deal
        self.street = 0  # betting rounds begun before this one
        self.completed = False  # stud: the first round's bet has been completed
        self.cards: list[list[str]] = [[] for _ in range(n)]  # as the history deals them
        self.faces: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[str] = []
        self.draws = 0
        self.lines: list[str] = []
        self.kind = ""  # what the open line holds: "deal", "draw", "bet" or ""
        self.head = ""
        self.items: list[str] = []
        self.mine: list[str] | None = None  # the reader's cards to show when the line ends
        self.thrown: int | None = None  # index of the reader's draw among the items
        self.shown: list[tuple[int, list[str]]] = []  # (line, cards) of each hand shown

    # ------------------------------------------------------------------ the whole hand

    def read(self) -> list[str]:
        self._forced()
        actions = self.hh.parsed_actions()
        for action in actions:
            self._action(action)
        self._close()
        self._runs()
        self._describe()
        if self._passed_out(actions):
            self.lines.append("No one opened: the antes stay in the pot for the next deal")
        self.lines.extend(self._results())
        return self.lines

    def _runs(self) -> None:
        """A board run more than once (000 NL §17): every run, the first as dealt."""
        runs = self.hh.extra.get("_runs")
        if not isinstance(runs, list) or not runs:
            return
        try:
            extra = [parse_cards(str(run)) for run in runs]
        except CardError:
            return  # not cards: the replay refuses such a file; the text leaves it out
        shared = self.board[: 5 - len(extra[0])]
        self.lines.append(f"Run 1: {cards_text(self.board)}")
        for k, cards in enumerate(extra, start=2):
            self.lines.append(f"Run {k}: {cards_text(shared + cards)}")

    def _name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < self.n:
            return f"p{(seat or 0) + 1}"
        return self.names[seat]

    def _take(self, seat: int, amount: Number) -> Number:
        """Move up to ``amount`` from the stack; returns what was moved."""
        take = min(amount, self.stacks[seat])
        self.stacks[seat] -= take
        return take

    def _all_in(self, seat: int) -> str:
        return " (all-in)" if self.stacks[seat] <= 0 else ""

    def _forced(self) -> None:
        hh, n = self.hh, self.n
        antes = [self._take(i, a) for i, a in enumerate(_seat_values(hh.antes, n))]
        dead_field = hh.extra.get("_dead")
        dead = _seat_values(dead_field if isinstance(dead_field, list) else [], n)
        dead = [self._take(i, d) for i, d in enumerate(dead)]
        blinds = _seat_values(hh.blinds_or_straddles, n)
        if n == 2:
            blinds.reverse()
        for i, blind in enumerate(blinds):
            self.bets[i] = self._take(i, blind)
        self.level = max(blinds, default=0)
        posted = [a for a in antes if a]
        if posted and len(posted) == n and len(set(antes)) == 1:
            self.lines.append(f"Antes: {_chips(antes[0])} each")
        elif posted:
            self.lines.append("Antes: " + self._per_seat(antes))
        if any(dead):
            self.lines.append("Dead money: " + self._per_seat(dead))
        if any(blinds):
            self.lines.append("Blinds: " + self._per_seat(self.bets))

    def _per_seat(self, amounts: Sequence[Number]) -> str:
        return ", ".join(
            f"{self.names[i]} {_chips(a)}{self._all_in(i)}" for i, a in enumerate(amounts) if a
        )

    def _passed_out(self, actions: Sequence[PhhAction]) -> bool:
        """Jacks or better: every player checked the first round (004 jacks §1)."""
        if self.spec is None or not self.spec.openers:
            return False
        kinds = {a.kind for a in actions}
        return not kinds & {"bet_raise", "fold", "discard", "show", "muck"}

    def _results(self) -> list[str]:
        finishing = self.hh.finishing_stacks
        if finishing is None or len(finishing) != self.n:
            return []
        nets = [
            (f - s, i)
            for i, (s, f) in enumerate(zip(self.hh.starting_stacks, finishing, strict=True))
        ]
        words = []
        for net, i in sorted(nets, key=lambda x: (-x[0], x[1])):
            if net > 0:
                words.append(f"{self.names[i]} wins {_chips(net)}")
            elif net < 0:
                words.append(f"{self.names[i]} loses {_chips(-net)}")
            else:
                words.append(f"{self.names[i]} breaks even")
        lines = ["Result: " + ", ".join(words)]
        claim = self.hh.extra.get("_seven_deuce_won")  # RULES.md "The 7-2 game"
        if isinstance(claim, list) and len(claim) == 2 and 0 <= int(claim[0]) < self.n:
            lines.append(
                f"{self.names[int(claim[0])]} won with seven-deuce: the 7-2 bounty, "
                f"{_chips(claim[1])} in all, is in the result"
            )
        return lines

    # ------------------------------------------------------------------ lines

    def _open(self, kind: str, head: str = "") -> None:
        if self.kind != kind:
            self._close()
            self.kind, self.head = kind, head

    def _close(self) -> None:
        if self.kind == "deal" and self.head and not self.items:
            self.lines.append(f"{self.head}: dealt face down")  # stud's seventh street
        elif self.items:
            joined = ", ".join(self.items)
            self.lines.append(f"{self.head}: {joined}" if self.head else joined)
        if self.mine is not None:
            shown = [c for c in self.mine if c != UNKNOWN]
            if shown:
                self.lines.append(f"Your cards: {cards_text(shown)}")
        self.kind, self.head, self.items, self.mine, self.thrown = "", "", [], None, None

    def _new_street(self) -> None:
        """A deal or a draw after betting: the street's bets are in the pot."""
        if self.acted:
            self.bets = [0] * self.n
            self.level = 0
            self.acted = False
            self.street += 1

    # ------------------------------------------------------------------ actions

    def _action(self, action: PhhAction) -> None:
        kind = action.kind
        if kind == "noop":
            return
        if kind == "deal_hole" and action.target is not None:
            self._deal_hole(action.target, list(action.cards))
        elif kind == "deal_board":
            self._deal_board(list(action.cards))
        elif kind == "discard" and action.actor is not None:
            self._discard(action.actor, list(action.cards))
        elif kind in ("show", "muck") and action.actor is not None:
            self._show(action.actor, list(action.cards) if kind == "show" else None)
        elif action.actor is not None and 0 <= action.actor < self.n:
            self._open("bet")
            self.items.append(self._bet(action))
            self.acted = True

    def _deal_hole(self, seat: int, cards: list[str]) -> None:
        if not 0 <= seat < self.n:
            return
        self._new_street()
        spec = self.spec
        if self.kind == "draw":  # the cards drawn
            self.cards[seat] += cards
            self.faces[seat] += [False] * len(cards)
            if seat == self.viewer and self.thrown is not None and UNKNOWN not in cards:
                self.items[self.thrown] += f" and draws {cards_text(cards)}"
                self.mine = self.cards[seat]
            return
        start = len(self.cards[seat])
        flags = [face for street in spec.streets for face in street.hole] if spec else []
        faces = [flags[start + k] if start + k < len(flags) else False for k in range(len(cards))]
        head = ""
        if spec is not None and spec.is_stud:
            count = start + len(cards)
            head = f"{_ORDINALS[count - 1]} street" if count <= len(_ORDINALS) else "Street"
        self._open("deal", head)
        self.cards[seat] += cards
        self.faces[seat] += faces
        up = [c for c, face in zip(cards, faces, strict=True) if face and c != UNKNOWN]
        if up:
            self.items.append(f"{self._name(seat)} {cards_text(up)}")
        if seat == self.viewer:
            self.mine = self.cards[seat]

    def _deal_board(self, cards: list[str]) -> None:
        self._new_street()
        self._close()
        before = len(self.board)
        if self.hh.extra.get("_boards") == 2 and len(cards) % 2 == 0:
            half = len(cards) // 2  # a double board's line deals both: board 1, then 2
            self.board += cards[:half]
            street = {0: "Flop", 3: "Turn", 4: "River"}.get(before, "Board")
            first, second = cards_text(cards[:half]), cards_text(cards[half:])
            self.lines.append(f"{street}, board 1: {first} · board 2: {second}")
            return
        self.board += cards
        shown = cards_text([c for c in cards if c != UNKNOWN])
        if self.spec is not None and self.spec.is_stud:
            self.lines.append(f"Shared card for everyone: {shown}")
        elif before == 0 and len(cards) == 3:
            self.lines.append(f"Flop: {shown}")
        elif before == 3 and len(cards) == 1:
            self.lines.append(f"Turn: {shown}")
        elif before == 4 and len(cards) == 1:
            self.lines.append(f"River: {shown}")
        else:
            self.lines.append(f"Board: {shown}")

    def _discard(self, seat: int, cards: list[str]) -> None:
        if not 0 <= seat < self.n:
            return
        self._new_street()
        if self.kind != "draw":
            self._close()
            self.draws += 1
            total = sum(s.draw for s in self.spec.streets) if self.spec else 0
            head = "Draw" if total == 1 else f"{_ORDINALS[min(self.draws, 7) - 1]} draw"
            self.kind, self.head = "draw", head
        for card in cards:
            if card in self.cards[seat]:
                self.cards[seat].remove(card)
            elif UNKNOWN in self.cards[seat]:
                self.cards[seat].remove(UNKNOWN)
        self.faces[seat] = [False] * len(self.cards[seat])
        name = self._name(seat)
        if not cards:
            self.items.append(f"{name} stands pat")
        elif seat == self.viewer and UNKNOWN not in cards:
            self.thrown = len(self.items)
            self.items.append(f"{name} throws {cards_text(cards)}")
        else:
            self.items.append(f"{name} draws {len(cards)}")

    def _show(self, seat: int, cards: list[str] | None) -> None:
        if not 0 <= seat < self.n:
            return
        self._close()
        name = self._name(seat)
        if cards is None:
            self.lines.append(f"{name} mucks")
            return
        if cards:
            self.cards[seat] = list(cards)
        known = [c for c in self.cards[seat] if c != UNKNOWN]
        if not known:
            self.lines.append(f"{name} shows")
            return
        if len(known) == len(self.cards[seat]):
            self.shown.append((len(self.lines), known))
        self.lines.append(f"{name} shows {cards_text(known)}")

    def _describe(self) -> None:
        """Name each hand shown, from its cards and the whole board (a hand shown all-in
        before the last board cards is named as it ended)."""
        if self.spec is None:
            return
        for index, cards in self.shown:
            try:
                what = Showdown(self.spec, [tuple(cards)]).describe(0, self.board)
            except (EngineError, ValueError, KeyError, IndexError):
                continue
            best = what.rpartition(" (")[2].rstrip(")").split()
            if what.endswith(")") and sorted(best) == sorted(cards_text(cards).split()):
                what = what.rpartition(" (")[0]  # the five cards named are those shown
            if what:
                self.lines[index] += f": {what}"

    def _bet(self, action: PhhAction) -> str:
        seat = action.actor
        assert seat is not None
        name = self._name(seat)
        if action.kind == "fold":
            return f"{name} folds"
        if action.kind == "bring_in":
            amount = self._take(seat, self.hh.bring_in or 0)
            self.bets[seat] += amount
            self.level = max(self.level, self.bets[seat])
            return f"{name} brings it in for {_chips(amount)}{self._all_in(seat)}"
        if action.kind == "check_call":
            owed = self._take(seat, max(0, self.level - self.bets[seat]))
            if not owed:
                return f"{name} checks"
            self.bets[seat] += owed
            return f"{name} calls {_chips(owed)}{self._all_in(seat)}"
        to = action.amount or 0
        self.bets[seat] += self._take(seat, max(0, to - self.bets[seat]))
        stud_opening = self.spec is not None and self.spec.is_stud and self.street == 0
        if stud_opening and not self.completed:
            verb = "completes to"
            self.completed = True
        elif not self.level:
            verb = "bets"
        else:
            verb = "raises to"
        self.level = max(self.level, to)
        return f"{name} {verb} {_chips(to)}{self._all_in(seat)}"
