"""Showdown: who wins each pot, each half of a hi-lo pot and each run of the board.

Hand values come from :mod:`bot.engine.evaluate` (phevaluator and pokerkit). The chip
arithmetic follows RULES.md "Money": ties split evenly with the odd chips one each from
the first winner left of the button; a hi-lo pot's odd chip goes to the high half; a
board run more than once divides the pot into near-equal shares, one a run (000 NL §17).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from . import evaluate, joker, lowball
from .cards import JOKER, UNKNOWN
from .errors import EngineError
from .events import Event, PotAwarded
from .games import GameSpec, Ranking
from .pots import Pot, split_evenly, split_parts

Best = dict[tuple[int, int, str], int]


class Showdown:
    """Evaluates the live hands of one hand against one or more boards.

    Args:
        spec: the game (its ranking: high, Omaha, hi-lo, ace-to-five, deuce-to-seven).
        hole: each player's cards by hand index (None for a seat never dealt); in stud and
            draw games these are all his cards, the board being empty or stud's shared card.
    """

    def __init__(self, spec: GameSpec, hole: Sequence[tuple[str, ...] | None]) -> None:
        self.spec = spec
        self.ranking = spec.ranking
        self.hole = hole

    def _cards(self, player: int) -> tuple[str, ...]:
        cards = self.hole[player]
        if not cards or UNKNOWN in cards:
            raise EngineError(
                f"player {player + 1}'s cards are unknown, so the showdown cannot be decided"
            )
        if JOKER in cards:  # the joker stands for its best card (004 jacks §10)
            if self.ranking in (Ranking.RAZZ, Ranking.ACE_TO_FIVE):
                return joker.joker_as_low(cards)
            return joker.joker_as_high(cards)
        return cards

    def high(self, player: int, board: Sequence[str]) -> int:
        """The player's value for the main half on ``board`` (higher is better): the high
        hand, or in lowball games the low hand."""
        cards = self._cards(player)
        ranking = self.ranking
        if ranking in (Ranking.OMAHA, Ranking.OMAHA_HILO):
            return evaluate.omaha_high_value(cards, board)
        if ranking in (Ranking.RAZZ, Ranking.ACE_TO_FIVE):
            return lowball.ace_to_five_value((*cards, *board))
        if ranking is Ranking.DEUCE_TO_SEVEN:
            return lowball.deuce_to_seven_value((*cards, *board))
        return evaluate.high_value((*cards, *board))

    def low(self, player: int, board: Sequence[str]) -> int | None:
        """The player's eight-or-better low value (higher is better), None if no low."""
        if self.ranking is Ranking.OMAHA_HILO:
            return evaluate.omaha_eight_low_value(self._cards(player), board)
        if self.ranking is Ranking.STUD_HILO:
            return evaluate.eight_low_value((*self._cards(player), *board))
        return None

    def describe(self, player: int, board: Sequence[str]) -> str:
        """The player's hand in words, e.g. "flush, ace high (...)"; hi-lo adds the low."""
        text = self._describe_half("high", player, board)
        if self.spec.is_hilo:
            text += "; " + self._describe_half("low", player, board)
        return text

    def _halves(self) -> tuple[str, ...]:
        return ("high", "low") if self.spec.is_hilo else ("high",)

    def _value(self, half: str, player: int, board: Sequence[str]) -> int | None:
        return self.high(player, board) if half == "high" else self.low(player, board)

    def could_win(
        self, player: int, boards: Sequence[Sequence[str]], best: Best, pots: Sequence[int]
    ) -> bool:
        """Whether the player's hand beats or ties the best shown so far for some share of
        a pot he is in (the auto-showdown shows such a hand and mucks the others)."""
        for pot in pots:
            for run, board in enumerate(boards):
                for half in self._halves():
                    value = self._value(half, player, board)
                    if value is None:
                        continue
                    shown = best.get((pot, run, half))
                    if shown is None or value >= shown:
                        return True
        return False

    def note_shown(
        self, player: int, boards: Sequence[Sequence[str]], best: Best, pots: Sequence[int]
    ) -> None:
        """Record a shown hand as the best to beat for the pots he is in."""
        for pot in pots:
            for run, board in enumerate(boards):
                for half in self._halves():
                    value = self._value(half, player, board)
                    if value is not None and value > best.get((pot, run, half), 0):
                        best[(pot, run, half)] = value

    def award(
        self,
        pots: Sequence[Pot],
        boards: Sequence[Sequence[str]],
        describe: bool = True,
        shown: Collection[int] = (),
    ) -> tuple[list[Event], list[int], list[int]]:
        """Divide every pot among its winners.

        Args:
            pots: from :func:`bot.engine.pots.build_pots`, eligible lists already without
                folded and mucked hands.
            boards: one complete board per run (only consulted when a pot is contested).
            describe: name the winning hands in the events (skipped in replays).
            shown: the hands shown at the showdown; a pot left to one of them because the
                others mucked is described too (only a pot won by folds is not), and with
                several boards or runs it is his in one share a board or run, each with
                the hand he holds on it, as a pot he won on each would be.
        Returns:
            ``(events, won, scoops)``: a :class:`PotAwarded` per share, chips won by each
            hand index, and in hi-lo the players who took the whole main pot (a scoop,
            whether at showdown or by an unmatched wager).
        Raises:
            EngineError: a contested pot needs a hand whose cards are unknown.
        """
        n = len(self.hole)
        won = [0] * n
        events: list[Event] = []
        main_winners: set[int] = set()
        hilo = self.spec.is_hilo
        for k, pot in enumerate(pots):
            if not pot.amount:
                continue
            if len(pot.eligible) == 1:
                winner = pot.eligible[0]
                won[winner] += pot.amount
                if k == 0:
                    main_winners.add(winner)
                if winner not in shown or len(boards) == 1:
                    text = self.describe(winner, boards[0]) if describe and winner in shown else ""
                    events.append(PotAwarded(k, None, 0, pot.amount, ((winner, pot.amount),), text))
                    continue
                # the others mucked at a showdown of several boards or runs: he takes each
                # board's or run's share with the hand he holds on it
                for run, share in enumerate(split_parts(pot.amount, len(boards))):
                    text = self.describe(winner, boards[run]) if describe else ""
                    events.append(PotAwarded(k, None, run, share, ((winner, share),), text))
                continue
            for run, share in enumerate(split_parts(pot.amount, len(boards))):
                board = boards[run]
                for half, amount, winners in self._shares(pot, board, share):
                    paid = split_evenly(amount, winners)
                    for player, chips in paid:
                        won[player] += chips
                    if k == 0:
                        main_winners.update(winners)
                    label = half if hilo else None
                    events.append(
                        PotAwarded(
                            k,
                            label,
                            run,
                            amount,
                            tuple(paid),
                            self._describe_half(half, winners[0], board) if describe else "",
                        )
                    )
        scoops = sorted(main_winners) if hilo and len(main_winners) == 1 else []
        return events, won, scoops

    def _describe_half(self, half: str, player: int, board: Sequence[str]) -> str:
        cards = self._cards(player)
        ranking = self.ranking
        omaha = ranking in (Ranking.OMAHA, Ranking.OMAHA_HILO)
        if half == "low":
            if omaha:
                return evaluate.describe_omaha_low(cards, board)
            return evaluate.describe_low((*cards, *board))
        if omaha:
            return evaluate.describe_omaha_high(cards, board)
        if ranking in (Ranking.RAZZ, Ranking.ACE_TO_FIVE):
            return lowball.describe_ace_to_five((*cards, *board))
        if ranking is Ranking.DEUCE_TO_SEVEN:
            return lowball.describe_deuce_to_seven((*cards, *board))
        return evaluate.describe_high((*cards, *board))

    def _shares(
        self, pot: Pot, board: Sequence[str], share: int
    ) -> list[tuple[str, int, list[int]]]:
        highs = {p: self.high(p, board) for p in pot.eligible}
        top = max(highs.values())
        high_winners = [p for p in pot.eligible if highs[p] == top]
        if not self.spec.is_hilo:
            return [("high", share, high_winners)]
        lows = {p: v for p in pot.eligible if (v := self.low(p, board)) is not None}
        if not lows:
            return [("high", share, high_winners)]
        best_low = max(lows.values())
        low_winners = [p for p in pot.eligible if lows.get(p) == best_low]
        high_half, low_half = split_parts(share, 2)
        return [("high", high_half, high_winners), ("low", low_half, low_winners)]
