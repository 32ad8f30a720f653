"""Seven-card stud, stud eight-or-better and razz: antes, the bring-in, who opens each
street, the bet sizes, the open-pair option and the shared last card (RULES.md
"Betting structures" fixed limit, "Games of rounds"; 002 games of rounds).

Hand order: index 0 is the first seat left of the dealer, the last index the dealer. Third
street deals each player two cards down and one up, in hand order; fourth to sixth one up,
seventh one down. Stakes throughout: ante 2, bring-in 3, 10/20 fixed limit. Every action
goes through ``act`` or ``refuse``, which check after each one that the chips in play equal
the chips the players started with, and that a refused action changed nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from helpers import assert_conserved as conserved
from helpers import legal, of_type
from helpers import play as act
from helpers import refused as refuse

from bot.engine.actions import Action, BringIn, Call, Check, Discard, Fold, Raise
from bot.engine.cards import FULL_DECK, Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import NotYourTurn
from bot.engine.evaluate import high_value
from bot.engine.events import (
    Acted,
    BoardDealt,
    Event,
    HoleCardsDealt,
    Posted,
    PotAwarded,
    Shown,
    ShuffleOpened,
    StreetEnded,
    UncalledReturned,
    UpCardsDealt,
)
from bot.engine.hand import Hand, HandSetup, Phase
from bot.words.legalwords import legal_text

NAMES = ("a", "b", "c", "d", "e", "f", "g", "h")
STAKES = Stakes(0, 0, ante=2, small_bet=10, big_bet=20, bring_in=3)

# Seven cards a player (two down, one up, three up, one down). On fourth street c shows a
# pair of deuces, on fifth a shows a pair of fives, on sixth c shows two pair.
HANDS = ("Ah Kh 5c 9d 5d 7s 8c", "Ad Kd 2d Kc Qh Qd Jc", "As Ks 2c 2h 3c 3d 4c")


def cfg(game: Game = Game.STUD) -> GameConfig:
    return GameConfig(game, Structure.FIXED_LIMIT, STAKES)


def stud_deck(hands: Sequence[str]) -> list[str]:
    """The dealing order of seven-card hands when no one folds: third street three cards
    a player in hand order, then one card each a street."""
    split = [h.split() for h in hands]
    order = [c for h in split for c in h[:3]]
    for street in range(3, 7):
        order += [h[street] for h in split if len(h) > street]
    return order


def third_street(upcards: Sequence[str], later: Sequence[str] = ()) -> list[str]:
    """Third-street cards giving each player ``upcards[i]`` face up and two filler cards
    down (cards neither the upcards nor the ``later`` streets use)."""
    fillers = iter(c for c in reversed(FULL_DECK) if c not in (*upcards, *later))
    order: list[str] = []
    for up in upcards:
        order += [next(fillers), next(fillers), up]
    return order


def new_hand(
    game: Game, order: Sequence[str], stacks: Sequence[int] = (500, 500, 500), seed: int = 1
) -> Hand:
    deck = Deck.stacked(order, rng=random.Random(seed)).order
    hand = Hand(HandSetup(cfg(game), NAMES[: len(stacks)], tuple(stacks), deck_order=deck))
    conserved(hand)
    return hand


def call_round(hand: Hand) -> list[Event]:
    """Bring in, check or call until the current betting round closes."""
    street = hand.street
    events: list[Event] = []
    while hand.phase is Phase.BETTING and hand.street == street:
        p = hand.to_act
        assert p is not None
        la = hand.legal_actions()
        if la.bring_in:
            events += act(hand, BringIn(p))
        else:
            events += act(hand, Check(p) if la.can_check else Call(p))
    return events


# =========================================================================== antes and bring-in


def test_stud_antes_then_the_bring_in_is_due() -> None:
    """Every player antes before the deal; no blinds; the bring-in player
    acts first and must bring it in or complete (no fold, no check)."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    assert of_type(h.events, Posted) == [Posted(i, "ante", 2, False) for i in range(3)]
    assert h.stacks == [498, 498, 498] and h.pot_total() == 6
    assert [e.cards for e in of_type(h.events, UpCardsDealt)] == [("5c",), ("2d",), ("2c",)]
    assert [h.upcards(i) for i in range(3)] == [("5c",), ("2d",), ("2c",)]
    la = h.legal_actions()
    assert la.player == 2 and h.to_act == 2
    assert (la.bring_in, la.min_raise_to, la.max_raise_to, la.call_amount) == (3, 10, 10, 0)
    assert not la.can_fold and not la.can_check
    assert legal_text(la) == "bringin (3) or complete to 10"


@pytest.mark.parametrize(
    ("game", "upcards", "stacks", "brings_in"),
    [
        (Game.STUD, ("2c", "Kd", "9h"), (2, 500, 500), 1),  # the 2c is all-in: the Kd
        (Game.RAZZ, ("9h", "Kd", "2c"), (500, 2, 500), 2),  # the Kd is all-in: the 2c
    ],
)
def test_the_bring_in_passes_on_when_its_player_is_all_in_from_the_ante(
    game: Game, upcards: tuple[str, ...], stacks: tuple[int, ...], brings_in: int
) -> None:
    """The player whose upcard brings it in has only his ante: the rulebook is silent, so as
    pokerkit deals it, the next player able to act brings it in or completes (no check)."""
    h = new_hand(game, third_street(upcards), stacks=stacks)
    la = h.legal_actions()
    assert (la.player, la.bring_in, la.can_check, la.can_fold) == (brings_in, 3, False, False)
    assert act(h, BringIn(brings_in)) == [Acted(brings_in, "bring_in", 3, 3, False)]
    assert h.betting.bring_in_due is None and h.legal_actions().call_amount == 3


@pytest.mark.parametrize(
    ("game", "upcards", "bring_in"),
    [
        (Game.STUD, ("2s", "2h", "2d", "2c"), 3),  # clubs lowest
        (Game.STUD, ("2s", "2h", "2d"), 2),  # then diamonds
        (Game.STUD, ("2s", "2h"), 1),  # then hearts, spades highest
        (Game.STUD, ("3c", "2s", "4d"), 1),  # rank first, suit only breaks ties
        (Game.STUD, ("Ac", "Kd"), 1),  # aces are high in stud
        (Game.STUD_HILO, ("Ac", "2s", "3c"), 1),  # and in stud eight-or-better
        (Game.RAZZ, ("Kc", "Kd", "Kh", "Ks"), 3),  # razz: the highest; spades highest
        (Game.RAZZ, ("Kh", "Kd"), 0),
        (Game.RAZZ, ("Qs", "Kc", "5h"), 1),
        (Game.RAZZ, ("2c", "As"), 0),  # aces are low in razz
    ],
)
def test_bring_in_by_the_lowest_upcard_in_stud_the_highest_in_razz(
    game: Game, upcards: tuple[str, ...], bring_in: int
) -> None:
    """The lowest upcard brings it in in stud and stud eight-or-better,
    the highest in razz; suits break ties: clubs lowest, then diamonds, hearts, spades."""
    h = new_hand(game, third_street(upcards), stacks=(500,) * len(upcards))
    assert [h.upcards(i) for i in range(len(upcards))] == [(u,) for u in upcards]
    assert h.to_act == bring_in and h.betting.bring_in_due == bring_in
    assert h.legal_actions().bring_in == 3


def test_bring_in_player_may_post_the_bring_in_and_others_call_it_or_complete() -> None:
    """The bring-in player posts the bring-in; the next players may fold,
    call the bring-in or complete to the small bet; then raises go by the small bet."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    assert act(h, BringIn(2)) == [Acted(2, "bring_in", 3, 3, False)]
    assert h.stacks == [498, 498, 495] and h.to_act == 0 and h.betting.bring_in_due is None
    la = h.legal_actions()
    assert la.can_fold and not la.can_check and la.bring_in == 0
    assert legal(h) == (10, 10, 3)
    assert act(h, Call(0)) == [Acted(0, "call", 3, 3, False)]
    assert h.to_act == 1 and legal(h) == (10, 10, 3)
    assert act(h, Raise(1, 10)) == [Acted(1, "complete", 10, 10, False)]
    assert h.to_act == 2 and legal(h) == (20, 20, 7)
    act(h, Call(2))
    assert h.to_act == 0 and legal(h) == (20, 20, 7)
    events = act(h, Call(0))
    assert of_type(events, StreetEnded) == [StreetEnded(0, 36)]
    assert h.stacks == [488, 488, 488] and h.street == 1


def test_bring_in_player_may_complete() -> None:
    """Instead of the bring-in, its player may complete to the small
    bet; the others then call 10 or raise to 20."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    assert act(h, Raise(2, 10)) == [Acted(2, "complete", 10, 10, False)]
    assert h.stacks == [498, 498, 488] and h.betting.bring_in_due is None
    assert h.to_act == 0 and legal(h) == (20, 20, 10) and h.legal_actions().can_fold


def test_completion_counts_as_the_bet_then_three_raises_cap_it() -> None:
    """RULES.md "Betting structures" fixed limit: a bet and three raises; in stud the
    completion is the bet (the bring-in is not), so 10, 20, 30, 40 and then only calls."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    events = act(h, BringIn(2), Raise(0, 10), Raise(1, 20), Raise(2, 30), Raise(0, 40))
    assert [(e.player, e.action, e.to) for e in of_type(events, Acted)] == [
        (2, "bring_in", 3),
        (0, "complete", 10),
        (1, "raise", 20),
        (2, "raise", 30),
        (0, "raise", 40),
    ]
    assert h.to_act == 1 and legal(h) == (None, None, 20)
    refuse(h, Raise(1, 50), "you may not bet or raise now: you may fold or call 20")


def test_everyone_folds_to_the_bring_in() -> None:
    """Bring-in: when everyone folds to the bring-in, its unmatched 3 chips come back and
    the bring-in player wins the antes."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    events = act(h, BringIn(2), Fold(0), Fold(1))
    assert of_type(events, UncalledReturned) == [UncalledReturned(2, 3)]
    assert of_type(events, PotAwarded) == [PotAwarded(0, None, 0, 6, ((2, 6),), "")]
    assert h.stacks == [498, 498, 504] and h.is_complete


# =========================================================================== later streets


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD_HILO])
def test_stud_later_streets_open_with_the_best_hand_showing(game: Game) -> None:
    """On fourth street and later the best hand showing acts first in
    stud and stud eight-or-better: c's pair of deuces on fourth, a's pair of fives on
    fifth, c's two pair on sixth and seventh (seventh's card is down, the order stays)."""
    h = new_hand(game, stud_deck(HANDS))
    openers = []
    for street in range(1, 5):
        call_round(h)
        assert h.street == street and h.phase is Phase.BETTING
        openers.append(h.to_act)
        if street < 4:
            assert len(h.upcards(0)) == street + 1
    assert openers == [2, 0, 2, 2]
    assert [h.upcards(i) for i in range(3)] == [
        ("5c", "9d", "5d", "7s"),
        ("2d", "Kc", "Qh", "Qd"),
        ("2c", "2h", "3c", "3d"),
    ]


@pytest.mark.parametrize(
    ("upcards", "first"),
    [
        (("Kc", "9d", "Kh", "9s", "2c", "Qd"), 0),  # equal hands: the first left of the dealer
        (("Kc", "8d", "Kh", "9s", "2c", "Qd"), 1),  # K-9 beats K-8
        (("Kc", "8d", "3h", "3s", "2c", "Ad"), 1),  # a pair beats high cards
    ],
)
def test_stud_ties_showing_go_to_the_first_left_of_the_dealer(
    upcards: tuple[str, ...], first: int
) -> None:
    """RULES.md "Showdown" order: equal hands showing are broken by
    position, the first player left of the dealer acting first."""
    third = third_street(upcards[0::2], upcards[1::2])
    h = new_hand(Game.STUD, [*third, *upcards[1::2]])
    call_round(h)
    assert h.street == 1 and h.to_act == first


@pytest.mark.parametrize(
    ("fourth", "first"),
    [
        (("9d", "Ks", "3h"), 0),  # 9-5 is the lowest showing
        (("5d", "Ks", "3h"), 1),  # a's pair of fives is the worst; K-2 beats K-3
    ],
)
def test_razz_later_streets_open_with_the_lowest_hand_showing(
    fourth: tuple[str, str, str], first: int
) -> None:
    """In razz the highest upcard brings it in and the lowest hand
    showing (aces low, pairs bad) opens the later streets."""
    h = new_hand(Game.RAZZ, [*third_street(("5c", "2d", "Kc"), fourth), *fourth])
    assert h.to_act == 2  # the king brings it in
    call_round(h)
    assert h.street == 1 and h.to_act == first


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD_HILO, Game.RAZZ])
def test_big_bet_from_fifth_street(game: Game) -> None:
    """RULES.md fixed limit: the small bet (10) on third
    and fourth street, the big bet (20) on fifth, sixth and seventh; raises by the same."""
    h = new_hand(game, stud_deck(HANDS))
    act(h, BringIn(h.to_act or 0))
    assert legal(h) == (10, 10, 3)
    for street, size in ((1, 10), (2, 20), (3, 20), (4, 20)):
        call_round(h)
        assert h.street == street
        low, high, _ = legal(h)
        if game is Game.STUD and street == 1:
            assert (low, high) == (10, 20)  # the open-pair option, tested below
        else:
            assert (low, high) == (size, size)
        p = h.to_act
        assert p is not None
        act(h, Raise(p, size))
        assert legal(h) == (2 * size, 2 * size, size)


@pytest.mark.parametrize(("size", "raise_to"), [(10, 20), (20, 40)])
def test_stud_open_pair_on_fourth_street_allows_the_big_bet(size: int, raise_to: int) -> None:
    """In stud, with an open pair showing on fourth street, the opening
    bet may be the small or the big bet, nothing between; raises follow the size bet."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    call_round(h)
    assert h.street == 1 and h.to_act == 2 and h.upcards(2) == ("2c", "2h")
    assert legal(h) == (10, 20, 0)
    refuse(h, Raise(2, 15), "bet 10 or 20")
    refuse(h, Raise(2, 30), "the maximum bet is to 20")
    assert act(h, Raise(2, size)) == [Acted(2, "bet", size, size, False)]
    assert h.to_act == 0 and legal(h) == (raise_to, raise_to, size)
    act(h, Raise(0, raise_to))
    assert h.to_act == 1 and legal(h) == (raise_to + size, raise_to + size, raise_to)
    act(h, Call(1), Call(2))
    assert h.street == 2 and h.stacks == [495 - raise_to] * 3


def test_stud_open_pair_option_belongs_to_every_player() -> None:
    """The option is the street's, not the pair holder's: when c (the
    pair) checks, a may open for the big bet."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    call_round(h)
    act(h, Check(2))
    assert h.to_act == 0 and legal(h) == (10, 20, 0)
    act(h, Raise(0, 20))
    assert legal(h) == (40, 40, 20)


@pytest.mark.parametrize("game", [Game.STUD_HILO, Game.RAZZ])
def test_open_pair_option_is_for_stud_high_only(game: Game) -> None:
    """The big-bet option is stud's; stud eight-or-better and razz keep
    the small bet on fourth street with a pair showing."""
    h = new_hand(game, stud_deck(HANDS))
    call_round(h)
    assert h.upcards(2) == ("2c", "2h")
    assert legal(h)[:2] == (10, 10)
    refuse(h, Raise(h.to_act or 0, 20), "the maximum bet is to 10")


# =========================================================================== shared last card


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD_HILO, Game.RAZZ])
def test_shared_last_card_when_the_deck_runs_short(game: Game) -> None:
    """Eight players staying to seventh street need 56 cards; after
    48 the deck has 4 left, so one card is dealt face up to the board, shared by all."""
    h = new_hand(game, [], stacks=(500,) * 8, seed=5)
    while h.phase is Phase.BETTING:
        call_round(h)
    assert h.is_complete
    assert len(h.board) == 1
    assert of_type(h.events, BoardDealt) == [BoardDealt(4, tuple(h.board))]
    assert all(len(cards or ()) == 6 for cards in h.hole)
    assert h.deck is not None and h.deck.remaining() == 3
    assert sum(h.won) == 8 * 2 + 8 * 3 and sum(h.stacks) == 4000
    if game is Game.STUD:
        values = [high_value((*(cards or ()), *h.board)) for cards in h.hole]
        best = max(values)
        assert [i for i, w in enumerate(h.won) if w] == [
            i for i, v in enumerate(values) if v == best
        ]


def test_no_shared_card_when_the_deck_suffices() -> None:
    """Only when the deck cannot give everyone a card: with one of
    eight players gone on third street, 45 cards are out and 7 remain for 7 players."""
    h = new_hand(Game.STUD, [], stacks=(500,) * 8, seed=5)
    act(h, BringIn(h.to_act or 0))
    act(h, Fold(h.to_act or 0))
    while h.phase is Phase.BETTING:
        call_round(h)
    assert h.board == [] and not of_type(h.events, BoardDealt)
    assert sorted(len(c or ()) for c in h.hole) == [3] + [7] * 7


# =========================================================================== all-in exposure


def test_stud_all_in_hands_stay_face_up_to_seventh_street() -> None:
    """RULES.md "Showdown": an all-in hand is shown when the betting is over; in stud the
    cards dealt after that (seventh street's too) come face up, so the whole hands are
    public and their cards proved in ShuffleOpened."""
    h = new_hand(Game.STUD, stud_deck([*HANDS[:2], "As Ks 2c"]), stacks=(500, 12, 500))
    events = act(h, BringIn(2), Raise(0, 10), Call(1), Fold(2))
    assert Acted(1, "call", 10, 10, True) in events and h.is_complete
    shown = of_type(events, Shown)
    assert [s.player for s in shown] == [0, 1]
    assert h.shown == {0: h.hole[0], 1: h.hole[1]}
    assert all(len(h.hole[i] or ()) == 7 for i in (0, 1))
    seventh = [e for e in of_type(events, UpCardsDealt) if e.cards in (("8c",), ("Jc",))]
    assert seventh == [UpCardsDealt(0, ("8c",)), UpCardsDealt(1, ("Jc",))]
    [opened] = of_type(events, ShuffleOpened)
    proved = {o.card for o in opened.openings}
    assert set(h.hole[0] or ()) | set(h.hole[1] or ()) <= proved
    assert not set(h.hole[2] or ()) - set(h.upcards(2)) & proved  # the folded hand stays hidden
    assert h.won == [0, 29, 0]  # b's kings and queens


# =========================================================================== bad input


def test_bring_in_by_the_wrong_player_is_refused() -> None:
    """Bad input: only the bring-in player brings it in, and only once."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    refuse(h, BringIn(0), "it is not your turn: c is to act", NotYourTurn)
    refuse(h, BringIn(1), "it is not your turn: c is to act", NotYourTurn)
    act(h, BringIn(2))
    refuse(h, BringIn(0), "there is no bring-in to post: you may fold, call 3 or complete to 10")


@pytest.mark.parametrize("action", [Fold(2), Check(2), Call(2)])
def test_folding_or_checking_instead_of_bringing_in_is_refused(action: Action) -> None:
    """Bad input: the bring-in is forced: its player may post it or complete, nothing else."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    refuse(h, action, r"c brings it in: type 'bringin' \(post 3\) or 'complete to 10'")


@pytest.mark.parametrize(
    ("player", "before", "to", "match"),
    [
        (2, (), 5, "the minimum complete is to 10"),
        (2, (), 9, "the minimum complete is to 10"),
        (2, (), 11, "the maximum complete is to 10"),
        (2, (), 20, "the maximum complete is to 10"),
        (2, (), 0, "a complete must go above 0"),
        (0, (BringIn(2),), 3, "a complete must go above 3"),
        (0, (BringIn(2),), 7, "the minimum complete is to 10"),
        (0, (BringIn(2),), 13, "the maximum complete is to 10"),
        (1, (BringIn(2), Raise(0, 10)), 25, "the maximum raise is to 20"),
    ],
)
def test_completing_to_a_wrong_amount_is_refused(
    player: int, before: tuple[Action, ...], to: int, match: str
) -> None:
    """Bad input: a completion is to the small bet exactly (10), a raise after it to 20."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    act(h, *before)
    refuse(h, Raise(player, to), match)


def test_drawing_in_stud_is_refused() -> None:
    """Bad input: there is no draw in stud."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    refuse(h, Discard(2, ("2c",)), "there is no draw in Seven-Card Stud")


def test_stud_hole_cards_are_private_and_upcards_public() -> None:
    """Third street's two down cards are private to their player, the
    upcard is dealt to everyone."""
    h = new_hand(Game.STUD, stud_deck(HANDS))
    dealt = of_type(h.events, HoleCardsDealt)
    assert [(e.player, e.private_to) for e in dealt] == [(0, 0), (1, 1), (2, 2)]
    assert all(e.private_to is None for e in of_type(h.events, UpCardsDealt))


def test_a_check_fold_chosen_in_advance_brings_it_in_when_the_bring_in_is_due() -> None:
    """The bring-in is forced (no fold, no check): a check/fold chosen in advance, like the
    turn timer (000 NL §15), posts the bring-in rather than leaving the table waiting."""
    from bot.engine.turns import check_or_fold

    h = new_hand(Game.STUD, stud_deck(HANDS))
    assert check_or_fold(h) == BringIn(2)
