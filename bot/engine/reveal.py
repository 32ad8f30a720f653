"""The showdown of a hand: who shows first, show or muck, and the pots awarded
(RULES.md "Showdown": the last aggressor on the final round shows first, then each player
in turn may show or muck; an all-in player shows when betting is over; a winner by folds
may show or not).

:class:`ShowdownFlow` is owned by :class:`bot.engine.hand.Hand` (``hand.showdown``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from .actions import Muck, Show
from .cards import UNKNOWN
from .errors import HandOver, IllegalAction
from .events import (
    Event,
    HandEnded,
    Mucked,
    OpenersVerified,
    PotAwarded,
    SevenDeuce,
    Shown,
    ShuffleOpened,
)
from .games import GameSpec
from .phases import Phase
from .pots import Pot, build_pots
from .sevendeuce import seven_deuce_claim
from .showdown import Showdown

if TYPE_CHECKING:
    from .fairness import CardOpening, SecretShuffle
    from .setup import HandSetup


class ShowdownHand(Protocol):
    """What a showdown reads and moves of the hand it belongs to
    (:class:`bot.engine.hand.Hand`): the cards, the chips in the pot and the stacks it
    pays, whose turn it is, the hand's history and its shuffle commitment."""

    spec: GameSpec
    n: int
    names: tuple[str, ...]
    phase: Phase
    hole: list[tuple[str, ...] | None]
    board: list[str]
    second_board: list[str]
    run_boards: list[list[str]]
    setup: HandSetup
    folded: list[bool]
    stacks: list[int]
    contributed: list[int]
    dead: int
    collected: int
    to_act: int | None
    final_aggressor: int | None
    betting_over: bool
    describe: bool
    opener: int | None
    events: list[Event]
    shuffle: SecretShuffle | None
    _in_play: set[str]

    def live(self) -> list[int]: ...
    def public_openings(self) -> list[CardOpening]: ...
    def _pending(self) -> str: ...


class ShowdownFlow:
    """The showdown of a hand, owned by it (``Hand.showdown``): who has shown (``shown``,
    index -> cards) or mucked (``mucked``), and once the pots are awarded what each player
    won (``won``, chips by index) and who scooped (``scoops``). It reads the hand's cards
    and chips, pays the pots into the stacks and records shows and mucks in the hand's
    history.

    Args:
        hand: the hand it belongs to.
    """

    __slots__ = ("hand", "shown", "mucked", "won", "scoops")

    def __init__(self, hand: ShowdownHand) -> None:
        self.hand = hand
        self.shown: dict[int, tuple[str, ...]] = {}
        self.mucked: set[int] = set()
        self.won = [0] * hand.n
        self.scoops: tuple[int, ...] = ()

    def _complete(self) -> bool:
        return self.hand.phase.value == "complete"

    def showdown_order(self) -> list[int]:
        """Who shows first: the last aggressor of the final betting, else the first live
        player left of the button; then clockwise (RULES.md "Showdown")."""
        live = self.hand.live()
        first = self.hand.final_aggressor if self.hand.final_aggressor in live else live[0]
        start = live.index(first)
        return live[start:] + live[:start]

    def boards(self) -> list[list[str]]:
        """The complete board of each run (one board unless the rest was run twice or more)."""
        return self.hand.run_boards if self.hand.run_boards else [self.hand.board]

    def _pots(self) -> list[Pot]:
        """The pots, built from every live hand's chips; mucked hands cannot win them."""
        pots = build_pots(self.hand.contributed, [not f for f in self.hand.folded], self.hand.dead)
        if not self.mucked:
            return pots
        return [Pot(p.amount, tuple(i for i in p.eligible if i not in self.mucked)) for p in pots]

    def _enter_showdown(self) -> None:
        self.hand.phase = Phase.SHOWDOWN
        self.hand.betting_over = True
        waiting = [i for i in self.showdown_order() if i not in self.shown and i not in self.mucked]
        self.hand.to_act = waiting[0] if waiting else None
        if self._showdown_settled():
            self._award()

    def _showdown_settled(self) -> bool:
        contenders = [i for i in self.hand.live() if i not in self.mucked]
        if len(contenders) <= 1:
            return True
        return all(i in self.shown for i in contenders)

    def _evaluator(self) -> Showdown:
        return Showdown(self.hand.spec, self.hand.hole)

    def _show(self, i: int) -> None:
        if i in self.shown or i in self.mucked:
            return
        cards = self.hand.hole[i] or ()
        self.shown[i] = cards
        description = ""
        if self.hand.describe and self.hand.phase.value == "showdown" and UNKNOWN not in cards:
            evaluator = self._evaluator()
            description = evaluator.describe(i, self.hand.board)
            if self.hand.setup.boards > 1:
                second = evaluator.describe(i, self.hand.second_board)
                description = f"board 1 {description}; board 2 {second}"
        self.hand.events.append(Shown(i, cards, description))

    def reveal(self, player: int, cards: Sequence[str]) -> None:
        """Replay: a player shows cards; unknown hole cards (``??``) become the shown ones.

        Raises:
            IllegalAction: the cards differ from the player's known hole cards, are the
                wrong number, or were dealt to someone else.
        """
        hole = self.hand.hole[player]
        if hole is None or len(cards) != len(hole):
            raise IllegalAction(
                f"{{player}} holds {len(hole or ())} cards, not {len(cards)}",
                player=self.hand.names[player],
            )
        if UNKNOWN not in hole:
            if sorted(hole) != sorted(cards):
                raise IllegalAction(
                    f"{{player}} was dealt {''.join(hole)}, not {''.join(cards)}",
                    player=self.hand.names[player],
                )
            return
        known = [c for c in hole if c != UNKNOWN]
        if any(c not in cards for c in known):
            raise IllegalAction(
                "{player}'s shown cards differ from those dealt", player=self.hand.names[player]
            )
        new = [c for c in cards if c not in known]
        if set(new) & self.hand._in_play:
            raise IllegalAction("a card cannot be dealt twice")
        fill = iter(new)
        merged = tuple(c if c != UNKNOWN else next(fill) for c in hole)
        self.hand.hole[player] = merged
        self.hand._in_play.update(new)

    def _showdown_action(self, action: Show | Muck) -> None:
        p = action.player
        if self._complete():
            if isinstance(action, Show) and self._won_by_folds(p):
                self._show_after(p)
                return
            raise HandOver("this hand is over")
        if not self.hand.betting_over:
            raise IllegalAction("hands are shown only when the betting is over")
        if self.hand.folded[p]:
            raise IllegalAction("a folded hand cannot be shown at the showdown")
        if p in self.shown or p in self.mucked:
            raise IllegalAction("{player} has already shown or mucked", player=self.hand.names[p])
        if isinstance(action, Show):
            self._show(p)
        else:
            self._check_muck(p)
            self.mucked.add(p)
            self.hand.events.append(Mucked(p))
        if self.hand.phase.value == "showdown":
            self._enter_showdown()

    def _check_muck(self, p: int) -> None:
        for pot in self._pots():
            if pot.amount and pot.eligible == (p,):
                raise IllegalAction(
                    "the last hand in a pot wins it and is not mucked: show to take it"
                )

    def _won_by_folds(self, p: int) -> bool:
        return (
            not self.hand.folded[p]
            and self.hand.live().count(p) == 1
            and len(self.hand.live()) == 1
        )

    def _show_after(self, p: int) -> None:
        """A winner by folds may show his hand (RULES.md "Showdown"); the 7-2 game's claim
        has shown it already (a replay reads the claim's show here)."""
        if p in self.shown and any(isinstance(e, SevenDeuce) for e in self.hand.events):
            return
        if p in self.shown:
            raise IllegalAction("{player} has already shown", player=self.hand.names[p])
        cards = self.hand.hole[p] or ()
        self.shown[p] = cards
        self.hand.events.append(Shown(p, cards, ""))

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
            if [j for j in self.hand.live() if j not in self.mucked] == [i]:
                break  # everyone else mucked: he wins without showing
            must = self.hand.stacks[i] == 0 or not self.shown  # all-in hands show (RULES.md)
            if must or evaluator.could_win(i, boards, best, mine):
                self._show(i)
                evaluator.note_shown(i, boards, best, mine)
            else:
                self.mucked.add(i)
                self.hand.events.append(Mucked(i))
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
        if self.hand.phase.value != "showdown":
            raise IllegalAction("the hand is not over: " + self.hand._pending())
        start = len(self.hand.events)
        for i in self.showdown_order():
            if i not in self.shown and i not in self.mucked:
                self._show(i)
        self._award()
        return self.hand.events[start:]

    def _collect_bounty(self, awards: Sequence[Event]) -> None:
        """The 7-2 game: the main pot's winner holding seven-deuce shows it and collects
        the bounty from each other player dealt in (RULES.md "The 7-2 game")."""
        hand = self.hand
        claim = seven_deuce_claim(hand.setup.seven_deuce, hand.hole, awards, hand.stacks)
        if claim is None:
            return
        for i, chips in claim.paid:
            hand.stacks[i] -= chips
        hand.stacks[claim.player] += claim.total
        self.shown.setdefault(claim.player, claim.cards)  # opened with the shuffle's proof
        hand.events.append(claim)

    def _award(self) -> None:
        self.hand.phase = Phase.COMPLETE
        self.hand.to_act = None
        pots = self._pots()
        events, won, scoops = self._evaluator().award(
            pots, self.boards(), self.hand.describe, self.shown
        )
        if self.hand.setup.boards > 1:
            events = [
                replace(e, double_board=True) if isinstance(e, PotAwarded) else e for e in events
            ]
        self.hand.events.extend(events)
        for i, amount in enumerate(won):
            self.hand.stacks[i] += amount
        self._collect_bounty(events)
        self.won = won
        self.scoops = tuple(scoops)
        self.hand.collected = 0
        self.hand.dead = 0
        if self.hand.opener is not None:
            self.hand.events.append(OpenersVerified(self.hand.opener))
        self.hand.events.append(HandEnded(tuple(self.hand.stacks), tuple(won), self.scoops))
        if self.hand.shuffle is not None:
            root = self.hand.shuffle.commitment.root
            self.hand.events.append(ShuffleOpened(root, tuple(self.hand.public_openings())))
