"""A tournament hand in PokerStars' words: the tournament's header, read by pokerkit's
parser and the ``poker`` package as trackers read it."""

from __future__ import annotations

import random

from poker.constants import GameType
from pokerkit import HandHistory as PokerkitHistory

from bot.engine.actions import AllIn, Call, Check, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand, HandSetup
from bot.phh.convert import hand_to_phh
from bot.phh.notation import dumps_phh, load_phh
from bot.phh.pokerstars import TournamentHeader, pokerstars_text, roman
from bot.phh.replay import play_history
from tests.phh.stars_readers import check_text, poker_package, pokerkit_hands

DEALT = 1_796_000_000.0
NAMES = ("ann", "bob", "cat", "dan")


def _hand(config: GameConfig, seed: int) -> Hand:
    rng = random.Random(seed)
    stacks = (1500, 2600, 900, 3100)
    hand = Hand(HandSetup(config, NAMES, stacks, deck_order=Deck(rng=rng).order))
    while not hand.is_complete:
        legal = hand.legal_actions()
        roll = rng.random()
        if roll < 0.15 and legal.can_fold:
            hand.apply(Fold(legal.player))
        elif roll < 0.25 and legal.can_raise and legal.all_in_to <= (legal.max_raise_to or 0):
            hand.apply(AllIn(legal.player))
        elif roll < 0.4 and legal.can_raise:
            hand.apply(Raise(legal.player, legal.min_raise_to))
        else:
            hand.apply(Check(legal.player) if legal.can_check else Call(legal.player))
    return hand


def test_levels_are_numbered_in_roman_numerals() -> None:
    assert [roman(n) for n in (1, 3, 4, 9, 14, 40)] == ["I", "III", "IV", "IX", "XIV", "XL"]


def test_pokerstars_a_tournament_hand_has_the_tournament_header_both_readers_read() -> None:
    header = TournamentHeader(number=42, buy_in=2000, fee=200, currency="$", level=3)
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(25, 50))
    for seed in range(8):
        hand = _hand(config, seed)
        hh = hand_to_phh(hand)
        text = pokerstars_text(hh, 1, number=7, table="42 1", started=DEALT, tournament=header)
        first = text.splitlines()[0]
        assert first.startswith(
            "PokerStars Hand #7: Tournament #42, $20+$2 USD Hold'em No Limit - Level III (25/50)"
        )
        check_text(text, hh, 1, 7, DEALT)
        read = poker_package(text)
        assert read.game_type is GameType.TOUR
        assert (read.tournament_ident, read.tournament_level) == ("42", "III")
        assert (read.buyin, read.rake, str(read.currency)) == (20, 2, "USD")
        (theirs,) = pokerkit_hands(text)
        assert list(theirs)[-1].stacks == hand.stacks


def test_pokerstars_a_freeroll_and_a_big_blind_ante_level() -> None:
    header = TournamentHeader(number=5, buy_in=0, fee=0, currency="", level=12)
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(100, 200, big_blind_ante=200))
    hand = _hand(config, 3)
    hh = hand_to_phh(hand)
    text = pokerstars_text(hh, 0, number=8, table="5 1", started=DEALT, tournament=header)
    assert "Tournament #5, Freeroll Hold'em No Limit - Level XII (100/200)" in text
    check_text(text, hh, 0, 8, DEALT)
    read = poker_package(text)
    assert read.game_type is GameType.TOUR and read.tournament_level == "XII"


def test_phh_a_tournament_hand_names_its_event_and_level() -> None:
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(25, 50))
    hand = _hand(config, 1)
    hh = hand_to_phh(hand, event="Tournament #42", level=3)
    theirs = PokerkitHistory.loads(dumps_phh(hh))
    assert (theirs.event, theirs.level) == ("Tournament #42", 3)
    replayed, index, error = play_history(load_phh(dumps_phh(hh)))
    assert (index, error) == (None, None) and replayed.stacks == hand.stacks
