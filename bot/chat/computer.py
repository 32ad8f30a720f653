"""Computer players that fill a console's empty seats: a simple but sensible strategy.

They are given only what a player may see (:meth:`bot.chat.core.ChatCore.acting` gives a
:class:`bot.engine.seatview.SeatView`: their own cards, the board, the pot and the legal
actions, never the hand itself), estimate their chance to win by dealing out the unseen
cards a few hundred times with the library evaluators, and compare it with the price of a
call.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import (
    FULL_DECK,
    AgreeRuns,
    BringIn,
    Check,
    Discard,
    Phase,
    Ranking,
    SeatView,
    Show,
    high_value,
    omaha_high_value,
)
from bot.words.commands import Play

SAMPLES = 200


def equity(view: SeatView, rng: random.Random, samples: int = SAMPLES) -> float:
    """The player's share of wins against the live opponents, dealing out the cards he
    cannot see (a fraction from 0 to 1).

    Only board games with a high ranking are simulated; other games return a flat 0.5
    (the strategy then plays them by the price alone).
    """
    ranking = view.ranking
    if ranking not in (Ranking.HIGH, Ranking.OMAHA) or view.stud or view.draw:
        return 0.5
    mine = view.hole
    if not view.opponents or not mine:
        return 1.0
    seen = set(mine) | set(view.board)
    stub = [c for c in FULL_DECK if c not in seen]
    hole = len(mine)
    missing = 5 - len(view.board)
    wins = 0.0
    for _ in range(samples):
        draw = rng.sample(stub, missing + hole * view.opponents)
        board = (*view.board, *draw[:missing])
        others = [
            draw[missing + k * hole : missing + (k + 1) * hole] for k in range(view.opponents)
        ]
        if ranking is Ranking.OMAHA:
            me = omaha_high_value(mine, board)
            best = max(omaha_high_value(o, board) for o in others)
        else:
            me = high_value((*mine, *board))
            best = max(high_value((*o, *board)) for o in others)
        wins += 1.0 if me > best else 0.5 if me == best else 0.0
    return wins / samples


def choose(view: SeatView, rng: random.Random) -> Play:
    """The computer player's move now, from what he may see of the hand waiting on him
    (its ``view``)."""
    if view.phase is Phase.DRAWING:
        return Play("draw", cards=_discards(view))
    if view.phase is Phase.RUNS_VOTE:
        # running twice halves the swing and keeps the share (000 NL §17): an underdog or a
        # close call asks for it, a clear favourite keeps the one run
        return Play("runs", 1 if equity(view, rng) > 0.7 else 2)
    legal = view.legal
    if legal is None:  # a showdown: what the turn timer does
        return away(view)
    if legal.bring_in:
        return Play("bringin")
    win = equity(view, rng)
    pot = view.pot
    call = legal.call_amount
    price = call / (pot + call) if call else 0.0
    if legal.min_raise_to is not None and (win > 0.7 or (win > 0.55 and rng.random() < 0.3)):
        target = legal.min_raise_to
        if legal.max_raise_to is not None and win > 0.8:
            target = min(legal.max_raise_to, max(target, view.current_bet + pot // 2))
        return Play("raise" if view.current_bet else "bet", target)
    if legal.can_check:
        return Play("check")
    if win >= price + 0.05 or (call <= view.big_blind and rng.random() < 0.5):
        return Play("call")
    return Play("fold")


def _discards(view: SeatView) -> tuple[str, ...]:
    cards = view.hole
    ranks = [c[0] for c in cards]
    if view.lowball:
        high = "9TJQK" if view.ranking is not Ranking.DEUCE_TO_SEVEN else "9TJQKA"
        keep: set[str] = set()
        out = []
        for card in cards:
            if card[0] in high or card[0] in keep:
                out.append(card)
            else:
                keep.add(card[0])
        return tuple(out)
    paired = {r for r in ranks if ranks.count(r) > 1}
    return tuple(c for c in cards if c[0] not in paired and c[0] not in "AK")[:3]


def away(view: SeatView) -> Play:
    """The move made for a player who is not at the keyboard (a console seat of another
    name): what the turn timer does (000 NL §15: check if free, else fold; bring in, stand
    pat, one run, show), never a strategy of ours with his chips.

    Args:
        view: the hand as he may see it, waiting on him.
    Returns:
        The move as a command.
    """
    action = view.timer_move
    if isinstance(action, Discard):
        return Play("draw", cards=())
    if isinstance(action, AgreeRuns):
        return Play("runs", 1)
    if isinstance(action, BringIn):
        return Play("bringin")
    if isinstance(action, Show):
        return Play("show")
    return Play("check" if isinstance(action, Check) else "fold")


def as_words(move: Play) -> str:
    """The move as a player types it (``raise 40``, ``draw 7h 2c``, ``pat``), to be sent
    through the chat like anyone's."""
    if move.kind == "draw":
        return f"draw {' '.join(move.cards)}" if move.cards else "pat"
    return move.kind if move.amount is None else f"{move.kind} {move.amount}"


def deal_answer(kind: str, stack: int, stacks: Sequence[int]) -> str:
    """A computer player's answer to a deal on offer, as words: an ICM deal is taken
    (it pays each the worth of his chips); a chip chop, which pays big stacks more than
    their chips are worth, only by a stack at or above the average (``stacks`` every
    player's left in chips)."""
    if kind == "icm":
        return "chop icm"
    average = sum(stacks) / len(stacks) if stacks else 0
    return "chop chips" if stack >= average else "chop no"
