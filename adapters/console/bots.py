"""Computer players that fill empty seats: a simple but sensible strategy.

They look only at what a player may see (their own cards, the board, the pot and the legal
actions), estimate their chance to win by dealing out the unseen cards a few hundred times
with the library evaluators, and compare it with the price of a call.
"""

from __future__ import annotations

import random

from bot.engine import (
    FULL_DECK,
    AgreeRuns,
    BringIn,
    Check,
    Discard,
    Hand,
    Phase,
    Ranking,
    Show,
    high_value,
    omaha_high_value,
    timeout_action,
)
from bot.words.commands import Play

SAMPLES = 200


def equity(hand: Hand, player: int, rng: random.Random, samples: int = SAMPLES) -> float:
    """The player's share of wins against the live opponents, dealing out unseen cards.

    Only board games with a high ranking are simulated; other games return a flat 0.5
    (the strategy then plays them by the price alone).
    """
    ranking = hand.spec.ranking
    if ranking not in (Ranking.HIGH, Ranking.OMAHA) or hand.spec.is_stud or hand.spec.is_draw:
        return 0.5
    mine = hand.hole[player] or ()
    opponents = [i for i in hand.live() if i != player]
    if not opponents or not mine:
        return 1.0
    seen = set(mine) | set(hand.board)
    stub = [c for c in FULL_DECK if c not in seen]
    hole = len(mine)
    missing = 5 - len(hand.board)
    wins = 0.0
    for _ in range(samples):
        draw = rng.sample(stub, missing + hole * len(opponents))
        board = (*hand.board, *draw[:missing])
        others = [
            draw[missing + k * hole : missing + (k + 1) * hole] for k in range(len(opponents))
        ]
        if ranking is Ranking.OMAHA:
            me = omaha_high_value(mine, board)
            best = max(omaha_high_value(o, board) for o in others)
        else:
            me = high_value((*mine, *board))
            best = max(high_value((*o, *board)) for o in others)
        wins += 1.0 if me > best else 0.5 if me == best else 0.0
    return wins / samples


def choose(hand: Hand, player: int, rng: random.Random) -> Play:
    """The computer player's move now (the hand must be waiting on him)."""
    if hand.phase is Phase.DRAWING:
        return Play("draw", cards=_discards(hand, player))
    if hand.phase is Phase.RUNS_VOTE:
        # running twice halves the swing and keeps the share (000 NL §17): an underdog or a
        # close call asks for it, a clear favourite keeps the one run
        return Play("runs", 1 if equity(hand, player, rng) > 0.7 else 2)
    legal = hand.legal_actions()
    if legal.bring_in:
        return Play("bringin")
    win = equity(hand, player, rng)
    pot = hand.pot_total()
    call = legal.call_amount
    price = call / (pot + call) if call else 0.0
    if legal.min_raise_to is not None and (win > 0.7 or (win > 0.55 and rng.random() < 0.3)):
        target = legal.min_raise_to
        if legal.max_raise_to is not None and win > 0.8:
            target = min(legal.max_raise_to, max(target, hand.current_bet + pot // 2))
        return Play("raise" if hand.current_bet else "bet", target)
    if legal.can_check:
        return Play("check")
    if win >= price + 0.05 or (call <= hand.config.stakes.big_blind and rng.random() < 0.5):
        return Play("call")
    return Play("fold")


def _discards(hand: Hand, player: int) -> tuple[str, ...]:
    cards = hand.hole[player] or ()
    ranks = [c[0] for c in cards]
    if hand.spec.is_lowball:
        high = "9TJQK" if hand.spec.ranking is not Ranking.DEUCE_TO_SEVEN else "9TJQKA"
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


def away(hand: Hand, player: int) -> Play:
    """The move made for a player who is not at the keyboard (a console seat of another
    name): what the turn timer does (000 NL §15: check if free, else fold; bring in, stand
    pat, one run, show), never a strategy of ours with his chips.

    Args:
        hand: the hand, waiting on ``player``.
        player: his hand index.
    Returns:
        The move as a command.
    """
    action = timeout_action(hand, player)
    if isinstance(action, Discard):
        return Play("draw", cards=())
    if isinstance(action, AgreeRuns):
        return Play("runs", 1)
    if isinstance(action, BringIn):
        return Play("bringin")
    if isinstance(action, Show):
        return Play("show")
    return Play("check" if isinstance(action, Check) else "fold")
