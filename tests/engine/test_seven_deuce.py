"""The 7-2 game (RULES.md "The 7-2 game"): the main pot won alone with seven-deuce in
hold'em collects a bounty from every other player dealt in, shown with its cards, kept in
the stacks, the hand's history and its shuffle proof."""

from __future__ import annotations

import pytest
from helpers import assert_conserved, config, new_hand, of_type, play

from bot.engine.actions import AllIn, Call, Check, Fold, Raise
from bot.engine.config import Game, Structure
from bot.engine.errors import ConfigError
from bot.engine.events import SevenDeuce, Shown
from bot.engine.sevendeuce import is_seven_deuce
from bot.phh.convert import hand_to_phh
from bot.phh.notation import dumps_phh, load_phh
from bot.phh.replay import play_history

NL = config(sb=1, bb=2)


def test_seven_deuce_winning_by_folds_shows_it_and_collects_from_everyone_dealt_in() -> None:
    # a (small blind) Ks Kh, b (big blind) As Ah, c (button) 7h 2c
    hand = new_hand(NL, [200, 200, 200], ["Ks", "Kh", "As", "Ah", "7h", "2c"], seven_deuce=5)
    play(hand, Raise(2, 20), Fold(0), Fold(1))
    (claim,) = of_type(hand.events, SevenDeuce)
    assert claim == SevenDeuce(2, ("7h", "2c"), ((0, 5), (1, 5)), 10)
    assert hand.stacks == [194, 193, 213]  # blinds lost, then the bounty
    assert_conserved(hand)
    assert not of_type(hand.events, Shown)  # the claim shows the cards; no show action
    opened = {o.card for o in hand.public_openings()}
    assert {"7h", "2c"} <= opened  # proved against the commitment like a shown hand
    assert not {"Ks", "Kh", "As", "Ah"} & opened


def test_a_short_player_pays_what_he_has_and_a_busted_one_nothing() -> None:
    # c holds 7-2 and fills up on 7 7 2 x x; b is all-in and busts, a folds keeping 3 chips
    cards = ["Ks", "Kh", "As", "Ah", "7h", "2c", "7d", "7c", "2s", "9h", "4d"]
    hand = new_hand(NL, [30, 50, 200], cards, seven_deuce=5)
    play(hand, Raise(2, 27), Call(0), AllIn(1), Call(2), Fold(0))
    assert hand.is_complete
    (claim,) = of_type(hand.events, SevenDeuce)
    assert claim.paid == ((0, 3),) and claim.total == 3
    assert hand.stacks == [0, 0, 280]
    assert_conserved(hand)


def test_no_bounty_for_a_split_main_pot_another_hand_or_a_side_pot_only() -> None:
    assert is_seven_deuce(("7s", "2s")) and is_seven_deuce(("2d", "7c"))
    assert not is_seven_deuce(("7s", "3s")) and not is_seven_deuce(("7s", "??"))
    # both hold 7-2 and the board plays: the main pot is split, no one collects
    cards = ["7h", "2c", "7d", "2s", "Ac", "Kd", "Qh", "Js", "Tc"]
    hand = new_hand(NL, [200, 200], cards, seven_deuce=5)
    play(hand, Call(1), Check(0))
    while not hand.is_complete:
        play(hand, Check(hand.legal_actions().player))
    assert not of_type(hand.events, SevenDeuce) and hand.stacks == [200, 200]
    # no bounty set: a 7-2 win is a win and no more
    hand = new_hand(NL, [200, 200, 200], ["Ks", "Kh", "As", "Ah", "7h", "2c"])
    play(hand, Raise(2, 20), Fold(0), Fold(1))
    assert not of_type(hand.events, SevenDeuce) and hand.stacks == [199, 198, 203]


def test_the_bounty_is_a_holdem_option_only() -> None:
    with pytest.raises(ConfigError, match="hold'em only"):
        new_hand(
            config(sb=1, bb=2, game=Game.OMAHA, structure=Structure.POT_LIMIT),
            [100, 100],
            seven_deuce=5,
        )


def test_a_seven_deuce_hand_replays_from_its_history_with_the_bounty() -> None:
    hand = new_hand(NL, [200, 200, 200], ["Ks", "Kh", "As", "Ah", "7h", "2c"], seven_deuce=5)
    play(hand, Raise(2, 20), Fold(0), Fold(1))
    replayed, index, error = play_history(load_phh(dumps_phh(hand_to_phh(hand))))
    assert (index, error) == (None, None)
    assert replayed.stacks == hand.stacks == [194, 193, 213]


def test_the_claim_s_cards_are_public_in_every_player_s_history() -> None:
    """The claim shows the cards to all: each other player's own view of the hand keeps
    them, and replays to the stacks with the bounty."""
    from bot.phh.redact import redact

    hand = new_hand(NL, [200, 200, 200], ["Ks", "Kh", "As", "Ah", "7h", "2c"], seven_deuce=5)
    play(hand, Raise(2, 20), Fold(0), Fold(1))
    history = hand_to_phh(hand)
    assert history.actions[-1] == "p3 sm 7h2c"
    for viewer in (0, 1):
        seen = redact(history, viewer)
        replayed, index, error = play_history(seen)
        assert (index, error) == (None, None)
        assert replayed.stacks == [194, 193, 213]


def test_the_hand_told_in_words_says_the_bounty_is_in_the_result() -> None:
    from bot.words.handtext import hand_lines

    hand = new_hand(NL, [200, 200, 200], ["Ks", "Kh", "As", "Ah", "7h", "2c"], seven_deuce=5)
    play(hand, Raise(2, 20), Fold(0), Fold(1))
    lines = hand_lines(hand_to_phh(hand), 0)
    assert lines[-2:] == [
        "Result: c wins 13, a loses 6, b loses 7",
        "c won with seven-deuce: the 7-2 bounty, 10 in all, is in the result",
    ]
