"""Hand histories in PokerStars' format, read back by a parser no one here wrote:
pokerkit's PokerStars parser must rebuild every no-limit hold'em hand to the same final
stacks and the same betting, and no one's unshown cards may be in another player's file."""

from __future__ import annotations

import random
import warnings

import pytest
from pokerkit import HandHistory as PokerkitHistory

from bot.engine.actions import AllIn, Call, Check, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand, HandSetup
from bot.phh.convert import Unsupported, hand_to_phh
from bot.phh.notation import parse_action
from bot.phh.pokerstars import hand_number, pokerstars_text
from bot.phh.redact import redact

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ida")
DEALT = 1_796_000_000.0  # 2026-11-30 00:53:20 UTC


def _random_hand(config: GameConfig, rng: random.Random, players: int) -> Hand:
    """A hand of random legal play: unequal stacks, so all-ins make side pots."""
    stacks = tuple(rng.choice((40, 90, 200, 350)) for _ in range(players))
    hand = Hand(HandSetup(config, NAMES[:players], stacks, deck_order=Deck(rng=rng).order))
    while not hand.is_complete:
        legal = hand.legal_actions()
        roll = rng.random()
        p = legal.player
        if roll < 0.15 and legal.can_fold:
            hand.apply(Fold(p))
        elif roll < 0.25 and legal.can_raise and legal.all_in_to <= (legal.max_raise_to or 0):
            hand.apply(AllIn(p))
        elif roll < 0.45 and legal.can_raise:
            hand.apply(Raise(p, rng.randint(legal.min_raise_to, legal.max_raise_to)))
        else:
            hand.apply(Check(p) if legal.can_check else Call(p))
    return hand


def _parsed(text: str) -> PokerkitHistory:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit names the time zone field unexpected
        (parsed,) = PokerkitHistory.from_pokerstars(text, error_status=True)
    return parsed


def _betting(actions: list[str]) -> list[str]:
    """The betting of a PHH action list: what each player did, and the board."""
    return [a for a in actions if not a.startswith("d dh") and " sm" not in a]


def test_pokerkit_rebuilds_every_no_limit_holdem_hand_to_the_same_stacks() -> None:
    """300 random hands, 2 to 9 players, each exported for every player: pokerkit's
    parser reads each, its states end on our final stacks, the betting is ours action
    for action, and only the viewer's and the shown cards are in his file."""
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    rng = random.Random(11)
    for k in range(300):
        hand = _random_hand(config, rng, 2 + k % 8)
        history = hand_to_phh(hand)
        for viewer in range(hand.n):
            text = pokerstars_text(history, viewer, number=k + 1, table="home", started=DEALT)
            parsed = _parsed(text)
            assert list(parsed)[-1].stacks == hand.stacks, text
            assert _betting(parsed.actions) == _betting(redact(history, viewer).actions), text
            shown = {c for i, cards in hand.shown.items() for c in cards}
            for other in range(hand.n):
                hidden = set(hand.hole[other] or ()) - shown
                if other != viewer and hidden:
                    assert not any(f"{c} " in text or f"{c}]" in text for c in hidden), text


def test_a_hand_reads_as_pokerstars_writes_it() -> None:
    """Header, seats, blinds, Dealt to, an uncalled bet, who collected and the summary."""
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    deck = Deck.stacked(["Ks", "Kh", "As", "Ah", "7h", "2c"]).order
    hand = Hand(HandSetup(config, ("ann", "bob", "cat"), (200, 200, 200), deck_order=deck))
    for action in (Raise(2, 20), Fold(0), Fold(1)):
        hand.apply(action)
    text = pokerstars_text(hand_to_phh(hand), 2, number=7, table="home", started=DEALT)
    assert text.splitlines() == [
        "PokerStars Hand #7: Hold'em No Limit (1/2) - 2026/11/30 00:53:20 UTC",
        "Table 'home' 3-max Seat #3 is the button",
        "Seat 1: ann (200 in chips)",
        "Seat 2: bob (200 in chips)",
        "Seat 3: cat (200 in chips)",
        "ann: posts small blind 1",
        "bob: posts big blind 2",
        "*** HOLE CARDS ***",
        "Dealt to cat [7h 2c]",
        "cat: raises 18 to 20",
        "ann: folds",
        "bob: folds",
        "Uncalled bet (18) returned to cat",
        "cat collected 5 from pot",
        "*** SUMMARY ***",
        "Total pot 5 | Rake 0",
        "Seat 1: ann (small blind) folded before Flop",
        "Seat 2: bob (big blind) folded before Flop",
        "Seat 3: cat (button) collected (5)",
    ]
    assert hand_number("T1/C1", 7) != hand_number("T1/C2", 7)  # trackers keep both


@pytest.mark.parametrize(
    ("game", "structure", "title"),
    [
        (Game.OMAHA, Structure.POT_LIMIT, "Omaha Pot Limit (1/2)"),
        (Game.OMAHA_HILO, Structure.FIXED_LIMIT, "Omaha Hi/Lo Limit (2/4)"),
        (Game.HOLDEM, Structure.FIXED_LIMIT, "Hold'em Limit (2/4)"),
        (Game.HOLDEM, Structure.POT_LIMIT, "Hold'em Pot Limit (1/2)"),
    ],
)
def test_omaha_and_limit_hands_are_written_with_their_names_and_every_chip(
    game: Game, structure: Structure, title: str
) -> None:
    """The other games PokerStars' format has: named as PokerStars names them, and what
    was collected is the whole pot."""
    stakes = Stakes(1, 2, small_bet=2, big_bet=4)
    config = GameConfig(game, structure, stakes)
    rng = random.Random(5)
    for _ in range(20):
        hand = _random_hand(config, rng, 4)
        text = pokerstars_text(hand_to_phh(hand), 0, number=1, table="t", started=DEALT)
        assert f": {title} - " in text.splitlines()[0]
        collected = sum(
            int(line.split(" collected ")[1].split()[0])
            for line in text.splitlines()
            if " collected " in line and not line.startswith("Seat")
        )
        total = int(text.split("Total pot ")[1].split()[0])
        assert collected == total == sum(hand.starting) - sum(hand.stacks) + sum(hand.won)


def test_games_pokerstars_is_not_written_for_are_refused_with_the_reason() -> None:
    config = GameConfig(
        Game.RAZZ, Structure.FIXED_LIMIT, Stakes(0, 0, small_bet=2, big_bet=4, bring_in=1, ante=1)
    )
    hand = _random_hand(config, random.Random(2), 3)
    with pytest.raises(Unsupported, match="no PokerStars format here"):
        pokerstars_text(hand_to_phh(hand), 0, number=1, table="t", started=DEALT)
    assert parse_action("p1 f").kind == "fold"


def test_names_a_reader_could_mistake_are_made_plain_and_told_apart() -> None:
    """Two players called Sam and one called 'x: raises 50': no colon or bracket is
    left, the Sams are told apart by seat, and pokerkit reads the hand to our stacks."""
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    hand = _random_hand(config, random.Random(3), 3)
    history = hand_to_phh(hand)
    history.players = ["Sam", "Sam", "x: raises [50]"]
    text = pokerstars_text(history, 0, number=1, table="t", started=DEALT)
    assert "Seat 1: Sam #1 (" in text and "Seat 2: Sam #2 (" in text
    assert "Seat 3: x raises 50 (" in text and "Dealt to Sam #1 [" in text
    assert list(_parsed(text))[-1].stacks == hand.stacks


def test_the_header_names_the_table_s_stakes_when_the_small_blind_is_dead() -> None:
    """A dead small blind: only the big blind is posted, the header still says 1/2, and
    the big blind who wins the walk collected it."""
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    setup = HandSetup(config, NAMES[:3], (200, 200, 200), blinds=(0, 2, 0), first_to_act=2)
    hand = Hand(setup)
    hand.apply(Fold(2))
    hand.apply(Fold(0))
    text = pokerstars_text(hand_to_phh(hand), 2, number=1, table="t", started=DEALT)
    assert ": Hold'em No Limit (1/2) - " in text.splitlines()[0]
    assert "Seat 2: bob (big blind) collected (0)" in text
