"""Draw games: ace-to-five lowball and deuce-to-seven single draw (no-limit, pot-limit) and
deuce-to-seven triple draw (fixed limit): the draw in turn, the stub running short, and
the betting after the draw (004 "no-limit and pot-limit lowball" §1-5, 004
"deuce-to-seven lowball", RULES.md "Draw and lowball").

Hand order: index 0 is the small blind (first seat left of the button), index 1 the big
blind, the last index the button. Each player is dealt five cards in hand order; at the
draw each discards in turn from index 0 and is dealt his replacements at once from the
deck. Every action goes through ``act`` or ``refuse``, which check after each one that the
chips in play equal the chips the players started with, and that a refused action changed
nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from helpers import assert_conserved as conserved
from helpers import legal, of_type
from helpers import play as act
from helpers import refused as refuse

from bot.engine.actions import Call, Check, Discard, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction, NotYourTurn
from bot.engine.events import Acted, CardsDrawn, Discarded, Mucked, PotAwarded, Shown, Thrown
from bot.engine.hand import Hand, HandSetup, Phase

NAMES = ("a", "b", "c", "d", "e", "f")

# a: kings and queens, draws four; b: 7-5-4-3-2 pat; c: a pair of eights, draws two.
DEAL = "Kh Kd Qc Qs Jh  2d 3d 4d 5d 7c  8s 8c 9c Td Js"
DRAWN_A = ("Ac", "2h", "3s", "4c")
DRAWN_C = ("6h", "7h")


def new_hand(
    game: Game,
    structure: Structure,
    order: Sequence[str],
    stacks: Sequence[int] = (1000, 1000, 1000),
    seed: int = 1,
    **setup: Any,
) -> Hand:
    stakes = Stakes(5, 10, small_bet=10, big_bet=20)
    deck = Deck.stacked(order, rng=random.Random(seed)).order
    config = GameConfig(game, structure, stakes)
    hand = Hand(HandSetup(config, NAMES[: len(stacks)], tuple(stacks), deck_order=deck, **setup))
    conserved(hand)
    return hand


def limp_in(hand: Hand) -> None:
    """Everyone calls the big blind, the big blind checks: the draw comes next."""
    while hand.phase is Phase.BETTING:
        p = hand.to_act
        assert p is not None
        act(hand, Check(p) if hand.legal_actions().can_check else Call(p))


def to_draw(game: Game = Game.ACE_TO_FIVE, structure: Structure = Structure.NO_LIMIT) -> Hand:
    """Three-handed, blinds 5/10, DEAL dealt, everyone limps: a is to draw."""
    h = new_hand(game, structure, [*DEAL.split(), *DRAWN_A, *DRAWN_C])
    limp_in(h)
    assert h.phase is Phase.DRAWING and h.to_act == 0 and h.pot_total() == 30
    return h


def after_draw(game: Game = Game.ACE_TO_FIVE, structure: Structure = Structure.NO_LIMIT) -> Hand:
    """:func:`to_draw`, then a draws four, b stands pat, c draws two."""
    h = to_draw(game, structure)
    act(h, Discard(0, ("Kh", "Kd", "Qc", "Qs")), Discard(1, ()), Discard(2, ("8s", "8c")))
    assert h.phase is Phase.BETTING and h.street == 1
    return h


# =========================================================================== the draw


def test_draw_discards_and_replacements_in_turn() -> None:
    """Each player discards in turn from the first left of the button and
    gets his replacements at once from the deck; the table sees only how many he drew,
    the cards he threw and drew are private to him; standing pat draws nothing."""
    h = to_draw()
    refuse(h, Check(0), "it is the draw: discard the cards you do not want, or stand pat")
    events = act(h, Discard(0, ("Kh", "Kd", "Qc", "Qs")))
    hand_a = ("Jh", *DRAWN_A)
    thrown = Thrown(0, ("Kh", "Kd", "Qc", "Qs"))
    assert events == [thrown, Discarded(0, 4), CardsDrawn(0, DRAWN_A, hand_a)]
    assert [e.private_to for e in events] == [0, None, 0]
    assert h.hole[0] == hand_a and h.to_act == 1 and h.phase is Phase.DRAWING
    assert act(h, Discard(1, ())) == [Thrown(1, ()), Discarded(1, 0)]
    assert h.hole[1] == ("2d", "3d", "4d", "5d", "7c") and h.to_act == 2
    events = act(h, Discard(2, ("8s", "8c")))
    drawn = CardsDrawn(2, DRAWN_C, ("9c", "Td", "Js", *DRAWN_C))
    assert events[:3] == [Thrown(2, ("8s", "8c")), Discarded(2, 2), drawn]
    assert h.phase is Phase.BETTING and h.street == 1
    assert h.to_act == 0 and legal(h) == (10, 990, 0)  # the first left of the button opens
    assert h.stacks == [990, 990, 990] and h.pot_total() == 30


def test_stub_runs_short_discards_are_shuffled_never_the_drawers_own() -> None:
    """Six players drawing five each in triple draw need more cards than the
    deck holds; the discards are shuffled to finish the draw, never the cards the drawing
    player has just thrown; no card is ever in two hands."""
    h = new_hand(Game.DEUCE_TRIPLE, Structure.FIXED_LIMIT, [], stacks=(1000,) * 6, seed=7)
    assert h.deck is not None
    order = h.deck.order
    limp_in(h)
    draws = 0
    while not h.is_complete:
        if h.phase is Phase.BETTING:
            limp_in(h)
            continue
        p = h.to_act
        assert p is not None
        thrown = h.hole[p] or ()
        position = h.deck.position
        events = act(h, Discard(p, tuple(thrown)))
        [drawn] = of_type(events, CardsDrawn)
        assert len(drawn.cards) == 5 and not set(drawn.cards) & set(thrown)
        held = [c for cards in h.hole for c in cards or ()]
        assert len(held) == len(set(held)) == 30
        if draws < 4:  # a to d draw from the deck: 30 + 20 cards dealt
            assert drawn.cards == order[position : position + 5]
        elif draws == 4:  # e: the deck's last 2, then 3 of a-d's discards
            assert drawn.cards[:2] == order[50:52] and h.deck.remaining() == 0
            assert set(drawn.cards[2:]) <= set(order[:20])  # never e's own 20:25
        draws += 1
    assert draws == 18
    assert sum(h.stacks) == 6000


def test_triple_draw_fixed_limit_bet_sizes() -> None:
    """RULES.md fixed limit: the small bet before the draw and after
    the first draw, the big bet after the second and third draws."""
    h = new_hand(Game.DEUCE_TRIPLE, Structure.FIXED_LIMIT, DEAL.split())
    assert h.to_act == 2 and legal(h) == (20, 20, 10)
    sizes = []
    limp_in(h)
    while not h.is_complete:
        if h.phase is Phase.DRAWING:
            act(h, Discard(h.to_act or 0, ()))
            continue
        sizes.append(legal(h)[:2])
        limp_in(h)
    assert sizes == [(10, 10), (20, 20), (20, 20)]


# =========================================================================== after the draw


def test_004_nl_lowball_4_any_hand_may_be_checked_after_the_draw() -> None:
    """004 NL lowball §4: after the draw a player may check any hand without penalty (no
    sevens rule): b checks a 7-5-4-3-2 and still wins the whole pot at the showdown."""
    h = after_draw()
    act(h, Check(0))
    assert h.to_act == 1 and h.legal_actions().can_check
    act(h, Check(1))
    events = act(h, Check(2))
    [award] = of_type(events, PotAwarded)
    assert award.winners == ((1, 30),) and award.description.startswith("7-5-4-3-2 low")
    assert h.stacks == [990, 1020, 990]


@pytest.mark.parametrize(
    ("game", "structure", "check_raise"),
    [
        (Game.ACE_TO_FIVE, Structure.NO_LIMIT, (60, 990, 30)),
        (Game.DEUCE_SINGLE, Structure.NO_LIMIT, (60, 990, 30)),
        (Game.DEUCE_SINGLE, Structure.POT_LIMIT, (60, 120, 30)),  # pot 60 + call 30 = 90
        (Game.ACE_TO_FIVE, Structure.POT_LIMIT, (60, 120, 30)),
    ],
)
def test_004_nl_lowball_5_check_raise_is_allowed(
    game: Game, structure: Structure, check_raise: tuple[int, int, int]
) -> None:
    """004 NL lowball §1, §5: the no-limit and pot-limit sizes apply and check-raise is
    allowed: a checks, b bets 30, c folds, a raises to 100."""
    h = after_draw(game, structure)
    act(h, Check(0), Raise(1, 30), Fold(2))
    assert h.to_act == 0 and legal(h) == check_raise
    assert act(h, Raise(0, 100)) == [Acted(0, "raise", 100, 100, False)]
    assert h.to_act == 1 and legal(h)[2] == 70
    events = act(h, Call(1))
    assert of_type(events, PotAwarded)[0].winners == ((1, 230),)
    assert h.stacks == [890, 1120, 990]


def test_showdown_after_a_checked_final_round_starts_left_of_the_button() -> None:
    """RULES.md "Showdown": the last aggressor on the final round shows first; when the
    round after the draw is checked, the first live player left of the button shows first
    (not the raiser before the draw); beaten hands are mucked."""
    h = new_hand(Game.ACE_TO_FIVE, Structure.NO_LIMIT, [*DEAL.split(), *DRAWN_A, *DRAWN_C])
    act(h, Raise(2, 30), Call(0), Call(1))
    act(h, Discard(0, ("Kh", "Kd", "Qc", "Qs")), Discard(1, ()), Discard(2, ("8s", "8c")))
    events = act(h, Check(0), Check(1), Check(2))
    shows = [(type(e).__name__, e.player) for e in events if isinstance(e, (Shown, Mucked))]
    assert shows == [("Shown", 0), ("Shown", 1), ("Mucked", 2)]
    assert h.stacks == [970, 1060, 970]


# =========================================================================== bad input


def test_discarding_cards_not_held_is_refused() -> None:
    """Bad input: a player discards only cards he holds, each once, at most five."""
    h = to_draw()
    refuse(h, Discard(0, ("2d",)), "2d is not in your hand: discard from Kh Kd Qc Qs Jh")
    refuse(h, Discard(0, ("Kh", "As")), "As is not in your hand")
    refuse(h, Discard(0, ("Zz",)), "Zz is not in your hand")
    refuse(h, Discard(0, ("??",)), r"\?\? is not in your hand")
    refuse(h, Discard(0, ("Kh", "Kh")), "you may discard up to 5 of your own cards")
    refuse(h, Discard(0, ("Kh", "Kd", "Qc", "Qs", "Jh", "2d")), "you may discard up to 5")


def test_discarding_twice_is_refused() -> None:
    """Bad input: one draw a player per round; after it the turn has passed, and after the
    last draw it is no longer the draw."""
    h = to_draw()
    act(h, Discard(0, ("Kh",)))
    refuse(h, Discard(0, ("Kd",)), "it is not your turn to draw: b draws", NotYourTurn)
    act(h, Discard(1, ()), Discard(2, ()))
    refuse(h, Discard(2, ("8s",)), "it is not the draw")
    refuse(h, Discard(0, ()), "it is not the draw")


def test_drawing_out_of_turn_is_refused() -> None:
    """Bad input: the draw goes in turn from the first left of the button."""
    h = to_draw()
    refuse(h, Discard(1, ()), "it is not your turn to draw: a draws", NotYourTurn)
    refuse(h, Discard(2, ("8s", "8c")), "it is not your turn to draw: a draws", NotYourTurn)


def test_drawing_during_the_betting_is_refused() -> None:
    """Bad input: no discards while a betting round is on; no bets during the draw."""
    h = new_hand(Game.ACE_TO_FIVE, Structure.NO_LIMIT, DEAL.split())
    refuse(h, Discard(2, ("8s",)), "it is not the draw")
    h = to_draw()
    refuse(h, Raise(0, 20), "it is the draw")
    refuse(h, Fold(0), "it is the draw")


def test_the_hand_history_of_a_draw_is_read_off_its_events() -> None:
    """The hand keeps one history, its events: its PHH lines (``hand.log``) are derived
    from them, the discards included from the private record of what each player threw,
    each dealt hand in seat order, then each draw after its discard."""
    h = after_draw()
    lines = h.log
    assert lines[-5:] == [
        "p1 sd KhKdQcQs",
        f"d dh p1 {''.join(DRAWN_A)}",
        "p2 sd",
        "p3 sd 8s8c",
        f"d dh p3 {''.join(DRAWN_C)}",
    ]
    dealt = [line.split()[2] for line in lines if line.startswith("d dh")]
    assert dealt == ["p1", "p2", "p3", "p1", "p3"]
    assert [e.private_to for e in h.events if isinstance(e, Thrown)] == [0, 1, 2]


def test_a_move_of_the_wrong_phase_is_refused_with_what_the_player_may_do() -> None:
    """At the draw a bet, check or fold is refused saying it is the draw and what to type;
    a discard while betting is refused with the betting choices; a draw in a game without
    one says the game has none. Nothing changes."""
    from bot.engine.decision import decide

    h = to_draw()
    for kind in ("check", "fold", "bet"):
        with pytest.raises(IllegalAction, match="it is the draw: discard the cards"):
            decide(h, 0, kind)
    h = after_draw()
    assert h.to_act == 0
    refuse(h, Discard(0, ("Jh",)), "it is not the draw: you may check or bet 10 to 990")
    board = new_hand(Game.HOLDEM, Structure.NO_LIMIT, [])
    refuse(board, Discard(board.to_act or 0, ()), "there is no draw in Hold'em")
