"""Hand values agree with pokerkit's reference ordering, and the rulebook's edge cases hold."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from pokerkit import (
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    StandardHighHand,
)

from bot.engine.cards import FULL_DECK
from bot.engine.evaluate import (
    HIGH_VALUE_MAX,
    HandError,
    best_five_high,
    describe_high,
    describe_low,
    describe_omaha_high,
    describe_omaha_low,
    eight_low_value,
    high_value,
    omaha_eight_low_value,
    omaha_high_value,
)


def c(text: str) -> list[str]:
    """ "As Kd 7h" -> ["As", "Kd", "7h"]."""
    return text.split()


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def pk_sign(a: Hand | None, b: Hand | None) -> int:
    """Compare two pokerkit hands (None = no hand, worse than any hand)."""
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (a > b) - (a < b)


def opt_sign(a: int | None, b: int | None) -> int:
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return sign(a - b)


def pk_cards(hand: Hand) -> list[str]:
    return [card.rank.value + card.suit.value for card in hand.cards]


def deals(seed: int, count: int, size: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(FULL_DECK, size) for _ in range(count)]


# --------------------------------------------------------------------------- agreement


def test_high_value_orders_random_seven_card_hands_as_pokerkit_does() -> None:
    hands = deals(20240501, 3000, 7)
    ours = [high_value(h) for h in hands]
    theirs = [StandardHighHand.from_game("".join(h)) for h in hands]
    for i in range(1, len(hands)):
        assert sign(ours[i] - ours[i - 1]) == pk_sign(theirs[i], theirs[i - 1]), (
            hands[i - 1],
            hands[i],
        )
    for hand, value, reference in zip(hands, ours, theirs, strict=True):
        # pokerkit's chosen five, valued on their own, are worth the whole seven.
        assert high_value(pk_cards(reference)) == value, hand
        assert 1 <= value <= HIGH_VALUE_MAX


def test_high_value_head_to_head_on_a_shared_board_matches_pokerkit() -> None:
    # Two hold'em players on one board: ties (the board plays) come up often here.
    ties = 0
    for deal in deals(7, 1000, 9):
        board, first, second = deal[:5], deal[5:7], deal[7:]
        ours = sign(high_value(first + board) - high_value(second + board))
        theirs = pk_sign(
            StandardHighHand.from_game("".join(first), "".join(board)),
            StandardHighHand.from_game("".join(second), "".join(board)),
        )
        assert ours == theirs, deal
        ties += ours == 0
    assert ties > 10  # the sample really exercised ties


@pytest.mark.parametrize("size", [5, 6])
def test_high_value_agrees_with_pokerkit_on_five_and_six_cards(size: int) -> None:
    hands = deals(size, 1500, size)
    ours = [high_value(h) for h in hands]
    theirs = [StandardHighHand.from_game("".join(h)) for h in hands]
    for i in range(1, len(hands)):
        assert sign(ours[i] - ours[i - 1]) == pk_sign(theirs[i], theirs[i - 1])


def test_omaha_high_orders_random_deals_as_pokerkit_does() -> None:
    values: list[int] = []
    references: list[Hand] = []
    for deal in deals(99, 1000, 13):
        board, first, second = deal[:5], deal[5:9], deal[9:]
        for hole in (first, second):
            value = omaha_high_value(hole, board)
            reference = OmahaHoldemHand.from_game("".join(hole), "".join(board))
            assert high_value(pk_cards(reference)) == value, (hole, board)
            values.append(value)
            references.append(reference)
    # consecutive entries alternate head-to-head (same board) and across deals
    for i in range(1, len(values)):
        assert sign(values[i] - values[i - 1]) == pk_sign(references[i], references[i - 1])


@pytest.mark.parametrize(("hole_size", "board_size"), [(5, 5), (6, 5), (4, 3), (4, 4), (6, 4)])
def test_omaha_high_other_hole_and_board_sizes_match_pokerkit(
    hole_size: int, board_size: int
) -> None:
    for deal in deals(hole_size * 10 + board_size, 150, hole_size + board_size):
        hole, board = deal[:hole_size], deal[hole_size:]
        reference = OmahaHoldemHand.from_game("".join(hole), "".join(board))
        assert omaha_high_value(hole, board) == high_value(pk_cards(reference)), deal


def test_eight_low_orders_random_hands_as_pokerkit_does() -> None:
    hands = deals(8, 2000, 7)
    ours = [eight_low_value(h) for h in hands]
    theirs = [EightOrBetterLowHand.from_game_or_none("".join(h)) for h in hands]
    assert any(v is None for v in ours)
    assert any(v is not None for v in ours)
    for i in range(1, len(hands)):
        assert opt_sign(ours[i], ours[i - 1]) == pk_sign(theirs[i], theirs[i - 1]), (
            hands[i - 1],
            hands[i],
        )


def test_omaha_low_orders_random_deals_as_pokerkit_does() -> None:
    ours: list[int | None] = []
    theirs: list[Hand | None] = []
    for deal in deals(88, 400, 13):
        board, first, second = deal[:5], deal[5:9], deal[9:]
        for hole in (first, second):
            ours.append(omaha_eight_low_value(hole, board))
            theirs.append(
                OmahaEightOrBetterLowHand.from_game_or_none("".join(hole), "".join(board))
            )
    assert sum(v is not None for v in ours) > 50
    for i in range(1, len(ours)):
        assert opt_sign(ours[i], ours[i - 1]) == pk_sign(theirs[i], theirs[i - 1])


def test_every_eight_or_better_low_gets_its_own_value_from_1_to_56() -> None:
    lows: list[tuple[int, Hand]] = []
    for ranks in combinations("A2345678", 5):
        cards = [rank + "cdhsc"[i] for i, rank in enumerate(ranks)]
        value = eight_low_value(cards)
        assert value is not None, cards
        lows.append((value, EightOrBetterLowHand("".join(cards))))
    assert sorted(v for v, _ in lows) == list(range(1, 57))
    for (v1, h1), (v2, h2) in combinations(lows, 2):
        assert sign(v1 - v2) == pk_sign(h1, h2)


def test_high_value_range_ends() -> None:
    assert high_value(c("As Ks Qs Js Ts")) == HIGH_VALUE_MAX
    assert high_value(c("7c 5d 4h 3s 2c")) == 1


# --------------------------------------------------------------------------- high edge cases


def test_wheel_is_a_straight_that_loses_to_six_high() -> None:
    wheel = c("Ac 2d 3h 4s 5c Kd 9h")
    six_high = c("2d 3h 4s 5c 6d Kd 9h")
    trips = c("Ac Ad Ah 4s 5c Kd 9h")
    assert high_value(trips) < high_value(wheel) < high_value(six_high)
    assert describe_high(wheel) == "straight, five high (5♣ 4♠ 3♥ 2♦ A♣)"
    assert best_five_high(wheel) == ("5c", "4s", "3h", "2d", "Ac")


def test_steel_wheel_beats_quads_and_loses_to_six_high_straight_flush() -> None:
    steel_wheel = c("As 2s 3s 4s 5s")
    quads = c("Ac Ad Ah As Kc")
    six_high = c("2s 3s 4s 5s 6s")
    assert high_value(quads) < high_value(steel_wheel) < high_value(six_high)
    assert describe_high(steel_wheel).startswith("straight flush, five high")


def test_flush_kickers_decide() -> None:
    board = c("As 9s 5s 3s Jd")
    ace_king = high_value(c("Ks 2c") + board)
    ace_queen = high_value(c("Qs Kd") + board)
    assert ace_king > ace_queen
    assert describe_high(c("Ks 2c") + board) == "flush, ace high (A♠ K♠ 9♠ 5♠ 3♠)"
    # down to the fifth card
    assert high_value(c("Ah Kh 9h 5h 3h")) > high_value(c("Ad Kd 9d 5d 2d"))


def test_the_board_plays_for_a_tie() -> None:
    board = c("9c Td Jh Qs Kc")
    assert high_value(c("2c 3d") + board) == high_value(c("4h 5s") + board)
    assert high_value(c("Ah 2d") + board) > high_value(c("4h 5s") + board)
    royal_board = c("As Ks Qs Js Ts")
    assert high_value(c("Ah Ad") + royal_board) == high_value(c("2c 3d") + royal_board)
    # a fifth flush card lower than the board's does not play
    flush_board = c("Ah Jh 9h 6h 4h")
    assert high_value(c("2h Kc") + flush_board) == high_value(c("3c 3d") + flush_board)
    assert high_value(c("Kh 2c") + flush_board) > high_value(c("3c 3d") + flush_board)


def test_three_pairs_play_the_best_two_with_the_best_kicker() -> None:
    seven = c("Kh Kd 7c 7s 4h 4d Ac")
    assert high_value(seven) == high_value(c("Kh Kd 7c 7s Ac"))
    assert best_five_high(seven) == ("Kh", "Kd", "7s", "7c", "Ac")
    assert describe_high(seven) == "two pair, kings and sevens (K♥ K♦ 7♠ 7♣ A♣)"
    # the third pair can be the kicker
    assert high_value(c("Kh Kd 7c 7s 4h 4d 2c")) == high_value(c("Kh Kd 7c 7s 4h"))
    assert high_value(c("Kh Kd 7c 7s 4h 4d 2c")) < high_value(c("Kh Kd 7c 7s 5h 4d 2c"))


def test_full_house_description_and_the_better_of_two_trips() -> None:
    cards = c("Kh Kd Ks 7c 7s 7d 2c")
    assert describe_high(cards).startswith("full house, kings full of sevens (K♠ K♥ K♦ 7")
    assert high_value(cards) == high_value(c("Kh Kd Ks 7c 7s"))
    assert describe_high(c("7c Kh 7s Kd 2c Ks")) == (
        "full house, kings full of sevens (K♠ K♥ K♦ 7♠ 7♣)"
    )
    assert best_five_high(c("7c Kh 7s Kd 2c Ks")) == ("Ks", "Kh", "Kd", "7s", "7c")


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts 2c 2d", "royal flush (A♠ K♠ Q♠ J♠ 10♠)"),
        ("8d 8c 8h 8s 2c", "four of a kind, eights (8♠ 8♥ 8♦ 8♣ 2♣)"),
        ("9c 9d 9h Ks 2c 4d", "three of a kind, nines (9♥ 9♦ 9♣ K♠ 4♦)"),
        ("Kd Qh 7c 9s 2d 4c Ah", "ace high (A♥ K♦ Q♥ 9♠ 7♣)"),
        ("Ad Ah 7c 9s 2d 4c Kh", "pair of aces (A♥ A♦ K♥ 9♠ 7♣)"),
        ("9c Td Jh Qs Kc 2d", "straight, king high (K♣ Q♠ J♥ 10♦ 9♣)"),
    ],
)
def test_describe_high_names(cards: str, name: str) -> None:
    assert describe_high(c(cards)) == name


# --------------------------------------------------------------------------- Omaha high


def test_omaha_four_suited_board_and_one_suited_hole_card_is_no_flush() -> None:
    hole, board = c("Qh Js Td 2c"), c("Ah Kh 7h 4h 3c")
    weakest_flush = high_value(c("7h 5h 4h 3h 2h"))
    value = omaha_high_value(hole, board)
    assert value < weakest_flush
    assert not describe_omaha_high(hole, board).startswith("flush")
    assert high_value(c("Qh Js") + board) > weakest_flush  # hold'em reading: a flush
    # two hearts in the hole do make it
    assert omaha_high_value(c("Qh Jh Td 2c"), board) > weakest_flush


def test_omaha_four_aces_in_the_hole_are_one_pair() -> None:
    hole, board = c("As Ah Ad Ac"), c("Kd Qc 7s 4h 2d")
    assert omaha_high_value(hole, board) == high_value(c("As Ah Kd Qc 7s"))
    assert describe_omaha_high(hole, board).startswith("pair of aces (A")
    assert describe_omaha_high(hole, board).endswith(" K♦ Q♣ 7♠)")


def test_omaha_board_straight_does_not_play_alone() -> None:
    hole, board = c("2c 2d Kh Ks"), c("9c Td Jh Qs 3c")
    # K + any two of the hole... must use exactly two: K K with three board cards is a pair
    value = omaha_high_value(hole, board)
    assert value < high_value(c("9c Td Jh Qs Kc"))  # no straight from the board's four
    assert value == high_value(c("Kh Ks Qs Jh Td"))


def test_omaha_five_and_six_card_holes_use_any_two() -> None:
    board = c("9c Td Jh 2s 3d")
    assert omaha_high_value(c("4c 5d 6h 7s 8c"), board) == high_value(c("7s 8c 9c Td Jh"))
    assert omaha_high_value(c("4c 5d 6h 7s 8c Qd"), board) == high_value(c("Qd 8c 9c Td Jh"))


# --------------------------------------------------------------------------- lows


def test_nine_low_does_not_qualify_but_eight_seven_six_five_four_does() -> None:
    assert eight_low_value(c("9c 6d 4h 3s Ac Kd Qh")) is None
    assert describe_low(c("9c 6d 4h 3s Ac Kd Qh")) == "no eight-or-better low"
    assert eight_low_value(c("8c 7d 6h 5s 4c")) == 1  # the worst qualifying low
    assert describe_low(c("8c 7d 6h 5s 4c")) == "8-7-6-5-4 low"


def test_straights_and_flushes_do_not_spoil_a_low() -> None:
    assert eight_low_value(c("Ah 2h 3h 4h 5h")) == 56
    assert describe_low(c("5h 4h 3h Ah 2h Kc Kd")) == "5-4-3-2-A low"
    assert eight_low_value(c("Ah 2h 3h 4h 6h")) == eight_low_value(c("Ac 2d 3h 4s 6c"))


def test_pairs_do_not_count_for_low_but_a_paired_board_can_leave_one() -> None:
    assert eight_low_value(c("Ac Ad 2c 3d 4h 5s")) == 56
    paired = c("Ac 2d 2h 3c 5s 8d 8h")
    assert eight_low_value(paired) == eight_low_value(c("Ac 2d 3c 5s 8d"))
    assert describe_low(paired) == "8-5-3-2-A low"
    assert eight_low_value(c("Ac 2d 2h 3c 3s 8d 8h")) is None  # only four low ranks


def test_low_order_examples() -> None:
    values = [
        eight_low_value(c(h))
        for h in ("8c 7d 6h 5s 4c", "8c 6d 4h 3s Ac", "7c 6d 4h 3s 2c", "6c 5d 4h 3s 2c")
    ]
    assert None not in values
    assert values == sorted(values, key=lambda v: v or 0)
    assert len(set(values)) == 4


def test_omaha_low_counterfeit_when_the_board_pairs_the_deuce() -> None:
    ace_deuce, ace_four = c("Ac 2d Kh Ks"), c("Ah 4d Kc Kd")
    clean = c("3c 5d 8h Qs Jd")
    assert omaha_eight_low_value(ace_deuce, clean) == eight_low_value(c("Ac 2d 3c 5d 8h"))
    assert describe_omaha_low(ace_deuce, clean) == "8-5-3-2-A low"
    # the deuce on board counterfeits the A-2: no third low board card besides it
    counterfeit = c("3c 5d 2h Qs Jd")
    assert omaha_eight_low_value(ace_deuce, counterfeit) is None
    assert omaha_eight_low_value(ace_four, counterfeit) == 56  # A-4 with 2-3-5: the wheel
    # with a fourth low card on board the A-2 survives, but the A-4 now holds the better low
    board = c("3c 5d 2h 8s Jd")
    a2 = omaha_eight_low_value(ace_deuce, board)
    a4 = omaha_eight_low_value(ace_four, board)
    assert a2 is not None and a4 is not None and a2 < a4


def test_omaha_low_must_use_exactly_two_hole_cards() -> None:
    board = c("2c 3d 4h 5s 6c")
    assert omaha_eight_low_value(c("Kh Kd Qs Qc"), board) is None
    assert describe_omaha_low(c("Kh Kd Qs Qc"), board) == "no eight-or-better low"
    assert omaha_eight_low_value(c("Ah Kd Qs Qc"), board) is None  # one low hole card
    assert eight_low_value(c("Kh Kd") + board) is not None  # the hold'em reading has one
    assert omaha_eight_low_value(c("Ah 7d Qs Qc"), board) == eight_low_value(c("Ah 7d 2c 3d 4h"))


def test_omaha_low_with_paired_hole_cards_uses_two_different_ranks() -> None:
    board = c("3c 5d 8h Qs Jd")
    assert omaha_eight_low_value(c("Ac Ad Kh Ks"), board) is None
    assert omaha_eight_low_value(c("Ac Ad 2h Ks"), board) == eight_low_value(c("Ac 2h 3c 5d 8h"))


# --------------------------------------------------------------------------- errors


_SEVEN = "As Kd 7h 7c 2s 9d Th"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (c("As Kd 7h 7c"), "5 to 7 cards, not 4"),
        (c(_SEVEN + " 3c"), "5 to 7 cards, not 8"),
        (c("As Kd 7h 7c As"), "'As' appears twice"),
        (c("?? Kd 7h 7c 2s"), "unknown card"),
        (c("?? ?? 7h 7c 2s"), "unknown card"),
        (c("1s Kd 7h 7c 2s"), "'1s', which is not a card"),
        ("AsKd7h7c2s", "not the string"),
    ],
)
def test_bad_cards_raise_value_error(cards: Sequence[str], message: str) -> None:
    for function in (high_value, eight_low_value, describe_high, describe_low, best_five_high):
        with pytest.raises(ValueError, match=message) as error:
            function(cards)
        assert isinstance(error.value, HandError)


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As Kd 7h", "2c 3c 4c 5c 6c", "hole must be 4 to 6 cards, not 3"),
        ("As Kd 7h 7c 8c 9c Tc", "2c 3c 4c 5c 6c", "hole must be 4 to 6 cards, not 7"),
        ("As Kd 7h 7c", "2c 3c", "board must be 3 to 5 cards, not 2"),
        ("As Kd 7h 7c", "2c 3c 4c 5c 6c 8c", "board must be 3 to 5 cards, not 6"),
        ("As Kd 7h 7c", "As 3c 4c 5c 6c", "'As' appears twice in the Omaha hole and board"),
        ("As Kd 7h As", "2c 3c 4c 5c 6c", "'As' appears twice in an Omaha hole"),
        ("?? Kd 7h 7c", "2c 3c 4c 5c 6c", "unknown card"),
        ("As Kd 7h 7c", "2c 3c ?? 5c 6c", "unknown card"),
        ("As Kd 7h 7c", "2c 3c 4x 5c 6c", "'4x', which is not a card"),
    ],
)
def test_bad_omaha_cards_raise_value_error(hole: str, board: str, message: str) -> None:
    for function in (
        omaha_high_value,
        omaha_eight_low_value,
        describe_omaha_high,
        describe_omaha_low,
    ):
        with pytest.raises(HandError, match=message):
            function(c(hole), c(board))


def test_values_accept_tuples_and_lists_alike() -> None:
    assert high_value(tuple(c(_SEVEN))) == high_value(c(_SEVEN))
    hole, board = c("As Kd 7h 7c"), c("2c 3c 4c 5c 6c")
    assert omaha_high_value(tuple(hole), tuple(board)) == omaha_high_value(hole, board)
