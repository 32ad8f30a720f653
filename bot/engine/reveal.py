"""The showdown of a hand: who shows first, show or muck, and the pots awarded
(RULES.md "Showdown": the last aggressor on the final round shows first, then each player
in turn may show or muck; an all-in player shows when betting is over; a winner by folds
may show or not).

:class:`ShowdownFlow` is the showdown half of :class:`bot.engine.hand.Hand`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Muck, Show
from .cards import UNKNOWN
from .errors import IllegalAction
from .events import Event, HandEnded, Mucked, OpenersVerified, Shown, ShuffleOpened
from .fairness import CardOpening, SecretShuffle
from .games import GameSpec
from .phases import Phase
from .pots import Pot, build_pots
from .showdown import Showdown


class ShowdownFlow:
    """Show, muck and award (mixed into ``Hand``)."""

    spec: GameSpec
    n: int
    names: tuple[str, ...]
    phase: Phase
    hole: list[tuple[str, ...] | None]
    board: list[str]
    run_boards: list[list[str]]
    folded: list[bool]
    stacks: list[int]
    contributed: list[int]
    dead: int
    collected: int
    shown: dict[int, tuple[str, ...]]
    mucked: set[int]
    won: list[int]
    scoops: tuple[int, ...]
    to_act: int | None
    final_aggressor: int | None
    betting_over: bool
    describe: bool
    opener: int | None
    log: list[str]
    events: list[Event]
    shuffle: SecretShuffle | None
    _in_play: set[str]

    def live(self) -> list[int]:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def public_openings(self) -> list[CardOpening]:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _pending(self) -> str:  # pragma: no cover - defined by Hand
        raise NotImplementedError

    def _complete(self) -> bool:
        return self.phase.value == "complete"

    def showdown_order(self) -> list[int]:
        """Who shows first: the last aggressor of the final betting, else the first live
        player left of the button; then clockwise (RULES.md "Showdown")."""
        live = self.live()
        first = self.final_aggressor if self.final_aggressor in live else live[0]
        start = live.index(first)
        return live[start:] + live[:start]

    def boards(self) -> list[list[str]]:
        """The complete board of each run (one board unless the rest was run twice or more)."""
        return self.run_boards if self.run_boards else [self.board]

    def _pots(self) -> list[Pot]:
        """The pots, built from every live hand's chips; mucked hands cannot win them."""
        pots = build_pots(self.contributed, [not f for f in self.folded], self.dead)
        if not self.mucked:
            return pots
        return [Pot(p.amount, tuple(i for i in p.eligible if i not in self.mucked)) for p in pots]

    def _enter_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        self.betting_over = True
        waiting = [i for i in self.showdown_order() if i not in self.shown and i not in self.mucked]
        self.to_act = waiting[0] if waiting else None
        if self._showdown_settled():
            self._award()

    def _showdown_settled(self) -> bool:
        contenders = [i for i in self.live() if i not in self.mucked]
        if len(contenders) <= 1:
            return True
        return all(i in self.shown for i in contenders)

    def _evaluator(self) -> Showdown:
        return Showdown(self.spec, self.hole)

    def _show(self, i: int) -> None:
        if i in self.shown or i in self.mucked:
            return
        cards = self.hole[i] or ()
        self.shown[i] = cards
        self.log.append(f"p{i + 1} sm {''.join(cards)}")
        description = ""
        if self.describe and self.phase.value == "showdown" and UNKNOWN not in cards:
            description = self._evaluator().describe(i, self.board)
        self.events.append(Shown(i, cards, description))

    def reveal(self, player: int, cards: Sequence[str]) -> None:
        """Replay: a player shows cards; unknown hole cards (``??``) become the shown ones.

        Raises:
            IllegalAction: the cards differ from the player's known hole cards, are the
                wrong number, or were dealt to someone else.
        """
        hole = self.hole[player]
        if hole is None or len(cards) != len(hole):
            raise IllegalAction(
                f"{self.names[player]} holds {len(hole or ())} cards, not {len(cards)}"
            )
        if UNKNOWN not in hole:
            if sorted(hole) != sorted(cards):
                raise IllegalAction(
                    f"{self.names[player]} was dealt {''.join(hole)}, not {''.join(cards)}"
                )
            return
        known = [c for c in hole if c != UNKNOWN]
        if any(c not in cards for c in known):
            raise IllegalAction(f"{self.names[player]}'s shown cards differ from those dealt")
        new = [c for c in cards if c not in known]
        if set(new) & self._in_play:
            raise IllegalAction("a card cannot be dealt twice")
        fill = iter(new)
        merged = tuple(c if c != UNKNOWN else next(fill) for c in hole)
        self.hole[player] = merged
        self._in_play.update(new)

    def _showdown_action(self, action: Show | Muck) -> None:
        p = action.player
        if self._complete():
            if isinstance(action, Show) and self._won_by_folds(p):
                self._show_after(p)
                return
            raise IllegalAction("this hand is over")
        if not self.betting_over:
            raise IllegalAction("hands are shown only when the betting is over")
        if self.folded[p]:
            raise IllegalAction("a folded hand cannot be shown at the showdown")
        if p in self.shown or p in self.mucked:
            raise IllegalAction(f"{self.names[p]} has already shown or mucked")
        if isinstance(action, Show):
            self._show(p)
        else:
            self._check_muck(p)
            self.mucked.add(p)
            self.log.append(f"p{p + 1} sm")
            self.events.append(Mucked(p))
        if self.phase.value == "showdown":
            self._enter_showdown()

    def _check_muck(self, p: int) -> None:
        for pot in self._pots():
            if pot.amount and pot.eligible == (p,):
                raise IllegalAction(
                    "the last hand in a pot wins it and is not mucked: show to take it"
                )

    def _won_by_folds(self, p: int) -> bool:
        return not self.folded[p] and self.live().count(p) == 1 and len(self.live()) == 1

    def _show_after(self, p: int) -> None:
        """A winner by folds may show his hand (RULES.md "Showdown")."""
        if p in self.shown:
            raise IllegalAction(f"{self.names[p]} has already shown")
        cards = self.hole[p] or ()
        self.shown[p] = cards
        self.events.append(Shown(p, cards, ""))

    def _auto_showdown(self) -> None:
        evaluator = self._evaluator()
        best: dict[tuple[int, int, str], int] = {}
        pots = self._pots()
        boards = self.boards()
        for i in self.showdown_order():
            if i in self.mucked:
                continue
            mine = [k for k, pot in enumerate(pots) if i in pot.eligible]
            if i in self.shown:
                evaluator.note_shown(i, boards, best, mine)
                continue
            if [j for j in self.live() if j not in self.mucked] == [i]:
                break  # everyone else mucked: he wins without showing
            must = self.stacks[i] == 0 or not self.shown  # all-in hands show (RULES.md)
            if must or evaluator.could_win(i, boards, best, mine):
                self._show(i)
                evaluator.note_shown(i, boards, best, mine)
            else:
                self.mucked.add(i)
                self.log.append(f"p{i + 1} sm")
                self.events.append(Mucked(i))
        self._award()

    def finish(self) -> list[Event]:
        """Replay: settle a hand whose file stops before every live player showed.

        The remaining live hands are shown as dealt (a hand history shows a hand by
        listing it), then the pots are awarded.

        Raises:
            IllegalAction: betting, drawing or dealing is still due.
        """
        if self._complete():
            return []
        if self.phase.value != "showdown":
            raise IllegalAction("the hand is not over: " + self._pending())
        start = len(self.events)
        for i in self.showdown_order():
            if i not in self.shown and i not in self.mucked:
                self._show(i)
        self._award()
        return self.events[start:]

    def _award(self) -> None:
        self.phase = Phase.COMPLETE
        self.to_act = None
        pots = self._pots()
        events, won, scoops = self._evaluator().award(
            pots, self.boards(), self.describe, self.shown
        )
        self.events.extend(events)
        for i, amount in enumerate(won):
            self.stacks[i] += amount
        self.won = won
        self.scoops = tuple(scoops)
        self.collected = 0
        self.dead = 0
        if self.opener is not None:
            self.events.append(OpenersVerified(self.opener))
        self.events.append(HandEnded(tuple(self.stacks), tuple(won), self.scoops))
        if self.shuffle is not None:
            root = self.shuffle.commitment.root
            self.events.append(ShuffleOpened(root, tuple(self.public_openings())))
