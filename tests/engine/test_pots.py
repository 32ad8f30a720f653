"""Forced bets and pots: blinds, antes, the big-blind ante, side pots, the uncalled bet,
split pots and their odd chips, hi-lo halves and scoops, and running the board more than
once (RULES.md "Money", "Betting structures", 000 NL §17).

Hands are dealt from stacked decks (hole cards in hand order, then the board, no burns);
every action goes through ``play``, which checks chip conservation after each one.
"""

from __future__ import annotations

from helpers import config, new_hand, of_type, play, to_street
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.actions import AgreeRuns, AllIn, Call, Check, Fold, Raise
from bot.engine.config import Game
from bot.engine.events import (
    Acted,
    BoardDealt,
    HandEnded,
    Posted,
    PotAwarded,
    RunsAgreed,
    UncalledReturned,
)
from bot.engine.hand import Hand, Phase
from bot.engine.pots import Pot, build_pots, split_evenly, split_parts, uncalled_excess
from bot.words.legalwords import turn_text

BIG = 10_000


def check_down(h: Hand) -> None:
    """Everyone checks or calls to the end of the hand."""
    while not h.is_complete:
        p = h.to_act
        assert p is not None
        play(h, Check(p) if h.legal_actions().can_check else Call(p))


def awards(h: Hand) -> list[tuple[int, str | None, int, int, tuple[tuple[int, int], ...]]]:
    """``(pot, half, run, amount, winners)`` of every PotAwarded event."""
    return [(e.pot, e.half, e.run, e.amount, e.winners) for e in of_type(h.events, PotAwarded)]


# =========================================================================== forced bets


def test_blinds_small_and_big_are_posted_before_the_deal() -> None:
    """Blinds: the first seat left of the button posts the small blind, the next the big
    blind; the first to act is left of the big blind."""
    h = new_hand(config(), [BIG] * 4)
    posted = [(e.player, e.kind, e.amount, e.all_in) for e in of_type(h.events, Posted)]
    assert posted == [(0, "small_blind", 50, False), (1, "big_blind", 100, False)]
    assert h.stacks == [BIG - 50, BIG - 100, BIG, BIG] and h.pot_total() == 150
    assert h.to_act == 2 and h.phase is Phase.BETTING


def test_antes_are_posted_by_everyone_and_play_in_the_side_pots() -> None:
    """Antes: every player antes; an ante is the player's own stake, so a short stack who
    is all-in after ante and blind wins a main pot of his ante and blind from each."""
    cards = ["As", "Ad", "Ks", "Kd", "7h", "2d", "2c", "3d", "8h", "Js", "9s"]
    h = new_hand(config(ante=10), [60, 1000, 1000], cards)
    posted = [(e.player, e.kind, e.amount) for e in of_type(h.events, Posted)]
    assert posted[:3] == [(0, "ante", 10), (1, "ante", 10), (2, "ante", 10)]
    assert posted[3:] == [(0, "small_blind", 50), (1, "big_blind", 100)]
    assert h.stacks == [0, 890, 990] and h.pot_total() == 180
    play(h, Call(2), Check(1))
    check_down(h)
    assert awards(h) == [(0, None, 0, 180, ((0, 180),)), (1, None, 0, 100, ((1, 100),))]
    assert h.stacks == [180, 990, 890]


def test_big_blind_ante_is_dead_money_for_the_main_pot() -> None:
    """Big-blind ante: the big blind antes for the table; the ante is dead money (it does
    not count toward his call) and goes to the main pot."""
    h = new_hand(config(big_blind_ante=100), [1000] * 3)
    posted = [(e.player, e.kind, e.amount) for e in of_type(h.events, Posted)]
    assert (1, "ante", 100) in posted and (1, "big_blind", 100) in posted
    assert h.dead == 100 and h.bets == [50, 100, 0] and h.pot_total() == 250
    assert h.legal_actions().call_amount == 100
    events = play(h, Fold(2), Fold(0))
    assert of_type(events, UncalledReturned) == [UncalledReturned(1, 50)]
    assert awards(h) == [(0, None, 0, 200, ((1, 200),))]
    assert h.stacks == [950, 1050, 1000]


def test_big_blind_ante_dead_money_goes_to_the_main_pot_only() -> None:
    """Big-blind ante: with a short all-in, the dead ante is in the main pot he can win."""
    cards = ["As", "Ad", "Ks", "Kd", "7h", "2d", "2c", "3d", "8h", "Js", "9s"]
    h = new_hand(config(big_blind_ante=100), [300, 1000, 1000], cards)
    events = play(h, Raise(2, 1000), AllIn(0), Call(1))
    assert h.is_complete
    assert of_type(events, UncalledReturned) == [UncalledReturned(2, 100)]  # 800 + 100 blind
    # main: 300 from each and the dead 100; side: 600 from the big blind and the button
    assert awards(h) == [(0, None, 0, 1000, ((0, 1000),)), (1, None, 0, 1200, ((1, 1200),))]
    assert h.stacks == [1000, 1200, 100]


# =========================================================================== side pots


def test_side_pots_with_several_all_ins() -> None:
    """Side pots: stacks 100, 300, 1000, 600 all-in: a main pot of 400 for all four, a side
    pot of 600 for three, another of 600 for two, and 400 uncalled back to the biggest;
    each all-in player wins only what he matched."""
    cards = ["As", "Ad", "Ks", "Kd", "5c", "4d", "Qs", "Qd", "2c", "7d", "9h", "Js", "3s"]
    h = new_hand(config(), [100, 300, 1000, 600], cards)
    events = play(h, AllIn(2), Call(3), Call(0), Call(1))
    assert [e.all_in for e in of_type(events, Acted)] == [True] * 4
    assert of_type(events, UncalledReturned) == [UncalledReturned(2, 400)]
    assert awards(h) == [
        (0, None, 0, 400, ((0, 400),)),
        (1, None, 0, 600, ((1, 600),)),
        (2, None, 0, 600, ((3, 600),)),
    ]
    assert h.stacks == [400, 600, 400, 600]
    assert of_type(events, HandEnded)[0].won == (400, 600, 0, 600)


def test_side_pot_the_best_hand_wins_every_pot_it_is_in() -> None:
    """Side pots: when the biggest stack holds the best hand it wins every pot."""
    cards = ["5c", "4d", "Ks", "Kd", "As", "Ad", "Qs", "Qd", "2c", "7d", "9h", "Js", "3s"]
    h = new_hand(config(), [100, 300, 1000, 600], cards)
    play(h, AllIn(2), Call(3), Call(0), Call(1))
    assert h.stacks == [0, 0, 2000, 0]


def test_side_pot_chips_of_a_folded_player_stay_in_the_pots() -> None:
    """A folded player's chips stay in: they go to the pots he had reached."""
    cards = ["As", "Ad", "Ks", "Kd", "7h", "2d", "2c", "3d", "8h", "Js", "9s"]
    h = new_hand(config(), [200, 1000, 1000], cards)
    to_street(h, 1)
    play(h, AllIn(0), Raise(1, 500), Call(2))
    events = play(h, Raise(1, 400), Fold(2))
    assert of_type(events, UncalledReturned) == [UncalledReturned(1, 400)]
    assert h.is_complete
    # main: 200 from each of three; side: 400 each from the big blind and the folded button
    assert awards(h) == [(0, None, 0, 600, ((0, 600),)), (1, None, 0, 800, ((1, 800),))]
    assert h.stacks == [600, 1200, 400]


# =========================================================================== uncalled bets


def test_uncalled_bet_is_returned_when_everyone_folds() -> None:
    """The uncalled bet: a bet no one calls goes back to the bettor; he wins only the pot."""
    h = new_hand(config(), [BIG] * 3)
    to_street(h, 1)
    events = play(h, Raise(0, 500), Fold(1), Fold(2))
    assert of_type(events, UncalledReturned) == [UncalledReturned(0, 500)]
    assert awards(h) == [(0, None, 0, 300, ((0, 300),))]
    assert h.stacks == [BIG + 200, BIG - 100, BIG - 100]


def test_uncalled_part_of_an_all_in_is_returned() -> None:
    """The uncalled bet: the part of an all-in the caller's chips cannot match is returned
    before the showdown."""
    cards = ["As", "Ad", "2c", "7d", "Kh", "Qh", "9s", "5c", "3d"]
    h = new_hand(config(), [300, 1000], cards)
    events = play(h, AllIn(1), Call(0))
    assert of_type(events, UncalledReturned) == [UncalledReturned(1, 700)]
    assert h.stacks == [600, 700]


# =========================================================================== split pots


ROYAL_BOARD = ["As", "Ks", "Qs", "Js", "Ts"]


def test_split_pot_odd_chip_to_the_first_winner_left_of_the_button() -> None:
    """RULES.md "Money" (pots.split_evenly): a tied pot splits evenly and the odd chip goes
    to the first winner left of the button."""
    cards = ["5s", "6s", "Tc", "3d", "Th", "4d", "7h", "8h", "Ac", "Kd", "Qh", "Jc", "2c"]
    h = new_hand(config(), [1000] * 4, cards, dead=(0, 0, 0, 1))
    check_down(h)
    assert awards(h) == [(0, None, 0, 401, ((1, 201), (2, 200)))]
    assert h.stacks == [900, 1101, 1100, 899]


def test_split_pot_heads_up_odd_chip_to_the_big_blind_left_of_the_button() -> None:
    """RULES.md "Money": heads-up, the first seat left of the button is the big blind."""
    cards = ["2c", "3c", "2d", "3d", *ROYAL_BOARD]
    h = new_hand(config(), [1000, 1000], cards, dead=(0, 1))
    check_down(h)
    assert awards(h) == [(0, None, 0, 201, ((0, 101), (1, 100)))]


def test_split_three_ways_a_chip_each_in_turn() -> None:
    """RULES.md "Money": a split three or more ways gives the odd chips one each in turn,
    from the first winner left of the button: 302 three ways is 101, 101, 100."""
    cards = ["2c", "3c", "2d", "3d", "2h", "3h", *ROYAL_BOARD]
    h = new_hand(config(), [1000] * 3, cards, dead=(2, 0, 0))
    check_down(h)
    assert awards(h) == [(0, None, 0, 302, ((0, 101), (1, 101), (2, 100)))]
    assert h.stacks == [999, 1001, 1000]


def test_split_pots_each_pot_is_split_separately_with_its_own_odd_chip() -> None:
    """RULES.md "Money": every pot (main and side) is split on its own, its odd chip to the
    first winner left of the button, even when a beaten all-in hand is mucked and the same
    two players tie for both: main 25 is 13 + 12 and side 11 is 6 + 5 (not 36 as 18 + 18)."""
    cards = ["9c", "9h", "5c", "6c", "Tc", "3h", "Td", "4h", "Ah", "Kd", "Qs", "Jc", "2d"]
    h = new_hand(config(sb=1, bb=2), [100, 6, 10, 100], cards, dead=(1, 0, 0, 0))
    play(h, Raise(2, 4), Call(3), Raise(0, 9), AllIn(1), AllIn(2), Call(3), Fold(0))
    assert h.is_complete and h.contributed == [9, 6, 10, 10]
    assert awards(h) == [(0, None, 0, 25, ((2, 13), (3, 12))), (1, None, 0, 11, ((2, 6), (3, 5)))]
    assert h.stacks == [90, 0, 19, 107]


# =========================================================================== hi-lo


HILO_HIGH = ["Kd", "Qs", "9c", "9s"]  # three kings on the board below
HILO_LOW = ["Ah", "2h", "Qd", "Jd"]  # 8-5-4-2-A
HILO_FOLDER = ["Tc", "Td", "Th", "Ts"]


def hilo_hand(board: list[str]) -> Hand:
    """Omaha hi-lo, 3 players with antes of 1, button folds: a pot of 203 between the
    small blind (a low hand) and the big blind (a high hand)."""
    cards = [*HILO_LOW, *HILO_HIGH, *HILO_FOLDER, *board]
    h = new_hand(config(game=Game.OMAHA_HILO, ante=1), [1000] * 3, cards)
    play(h, Fold(2), Call(0), Check(1))
    assert h.pot_total() == 203
    check_down(h)
    return h


def test_hilo_halves_with_the_odd_chip_to_the_high_half() -> None:
    """RULES.md "Money" (hi-lo): the pot is halved between the best high and the best
    eight-or-better low; an odd chip goes to the high half."""
    h = hilo_hand(["4c", "5d", "8h", "Kc", "Ks"])
    assert awards(h) == [(0, "high", 0, 102, ((1, 102),)), (0, "low", 0, 101, ((0, 101),))]
    assert h.stacks == [1000, 1001, 999]
    assert of_type(h.events, HandEnded)[0].scoops == ()


def test_hilo_no_qualifying_low_high_takes_all_and_it_is_a_scoop() -> None:
    """RULES.md "Kill pots" (scoop): when no low qualifies the high hand takes the whole pot,
    and winning the whole pot that way is recorded as a scoop."""
    h = hilo_hand(["9h", "Jh", "Qc", "Kc", "Ks"])
    assert awards(h) == [(0, "high", 0, 203, ((1, 203),))]
    assert of_type(h.events, HandEnded)[0].scoops == (1,)
    assert h.stacks == [899, 1102, 999]


def test_hilo_scoop_by_an_unmatched_wager() -> None:
    """002 "scooping high and low": winning the pot by an unmatched wager is a scoop."""
    cards = [*HILO_LOW, *HILO_HIGH, *HILO_FOLDER]
    h = new_hand(config(game=Game.OMAHA_HILO), [1000] * 3, cards)
    play(h, Raise(2, 300), Fold(0), Fold(1))
    assert of_type(h.events, HandEnded)[0].scoops == (2,)


def test_hilo_quartered_low_splits_its_half() -> None:
    """RULES.md "Money": a tied low splits the low half, odd chip from the left of the
    button; the high half goes whole to the high hand."""
    low2 = ["Ac", "2c", "Jh", "Jc"]
    cards = [*HILO_LOW, *HILO_HIGH, *low2, "4c", "5d", "8h", "Kc", "Ks"]
    h = new_hand(config(game=Game.OMAHA_HILO), [1000] * 3, cards, dead=(1, 0, 0))
    check_down(h)
    assert awards(h) == [
        (0, "high", 0, 151, ((1, 151),)),
        (0, "low", 0, 150, ((0, 75), (2, 75))),
    ]


# =========================================================================== run it twice


RUN_CARDS = ["Ac", "Ad", "Kc", "Kd", "2s", "3h", "7d", "9c", "Jh", "Ks", "2h", "3s", "7h", "9d"]


def test_000_nl_17_run_it_twice_each_run_for_a_share() -> None:
    """000 NL §17: when someone is all-in and betting is over, the players may agree to deal
    the rest twice; the pot is divided in two and each run is dealt for its half (odd chip
    to the first run)."""
    h = new_hand(config(), [1000, 1000], RUN_CARDS, offer_runs=True, dead=(0, 1))
    play(h, AllIn(1), Call(0))
    assert h.phase is Phase.RUNS_VOTE and h.to_act == 0
    play(h, AgreeRuns(0, 2))
    assert h.phase is Phase.RUNS_VOTE and h.to_act == 1
    events = play(h, AgreeRuns(1, 2))
    assert of_type(events, RunsAgreed) == [RunsAgreed(2, ((0, 2), (1, 2)))]
    assert [(e.run, e.cards) for e in of_type(events, BoardDealt)] == [
        (0, ("2s", "3h", "7d", "9c", "Jh")),
        (1, ("Ks", "2h", "3s", "7h", "9d")),
    ]
    assert awards(h) == [(0, None, 0, 1000, ((0, 1000),)), (0, None, 1, 999, ((1, 999),))]
    assert h.stacks == [1001, 999]


def test_000_nl_17_runs_need_everyone_to_agree() -> None:
    """000 NL §17: the players agree: the fewest runs anyone asked for is dealt (three and
    two make two; anyone saying once makes once)."""
    h = new_hand(config(), [1000, 1000, 1000], offer_runs=True)
    play(h, AllIn(2), Call(0), Call(1))
    play(h, AgreeRuns(0, 3), AgreeRuns(1, 2), AgreeRuns(2, 3))
    assert len(h.run_boards) == 2 and h.is_complete
    once = new_hand(config(), [1000, 1000], offer_runs=True)
    play(once, AllIn(1), Call(0))
    events = play(once, AgreeRuns(0, 1))
    assert of_type(events, RunsAgreed) == [RunsAgreed(1, ((0, 1),))] and once.run_boards == []
    assert once.is_complete


def test_000_nl_17_run_three_times() -> None:
    """000 NL §17: "deal twice (or three times)": three runs, a third of the pot each."""
    h = new_hand(config(), [1000, 1000], offer_runs=True)
    play(h, AllIn(1), Call(0), AgreeRuns(0, 3), AgreeRuns(1, 3))
    assert len(h.run_boards) == 3
    assert [e.amount for e in of_type(h.events, PotAwarded)] == [667, 667, 666]


# =========================================================================== pot arithmetic


def test_build_pots_levels_and_dead_money() -> None:
    """pots.build_pots: a main pot and side pots by all-in level; dead money in the main pot;
    a folded player's chips in the pots he reached."""
    pots = build_pots([100, 300, 600, 600, 250], [True, True, True, True, False], dead=30)
    assert pots == [
        Pot(500 + 30, (0, 1, 2, 3)),
        Pot(200 * 3 + 150, (1, 2, 3)),
        Pot(600, (2, 3)),
    ]
    assert uncalled_excess([100, 500, 300]) == (1, 200)
    assert uncalled_excess([300, 300, 100]) == (0, 0)


@given(
    st.lists(st.integers(0, 10_000), min_size=2, max_size=9),
    st.lists(st.booleans(), min_size=9, max_size=9),
    st.integers(0, 500),
)
def test_build_pots_conserves_chips(contributed: list[int], live: list[bool], dead: int) -> None:
    """RULES.md "Money": the pots hold exactly the chips put in, dead money included."""
    live = live[: len(contributed)]
    if not any(c > 0 and alive for c, alive in zip(contributed, live, strict=True)):
        return
    pots = build_pots(contributed, live, dead)
    assert sum(p.amount for p in pots) == sum(contributed) + dead
    for pot in pots:
        assert pot.eligible and all(live[i] for i in pot.eligible)


@given(st.integers(0, 10**9), st.lists(st.integers(0, 8), min_size=1, max_size=9, unique=True))
def test_split_evenly_conserves_and_gives_odd_chips_from_the_left(
    amount: int, winners: list[int]
) -> None:
    """RULES.md "Money": shares differ by at most one chip, the larger ones to the first
    winners left of the button; nothing is lost."""
    paid = split_evenly(amount, winners)
    assert sum(c for _, c in paid) == amount
    assert [p for p, _ in paid] == sorted(winners)
    chips = [c for _, c in paid]
    assert chips == sorted(chips, reverse=True) and chips[0] - chips[-1] <= 1


@given(st.integers(0, 10**9), st.integers(1, 3))
def test_split_parts_conserves_and_gives_the_odd_chip_first(amount: int, parts: int) -> None:
    """RULES.md "Money": high before low, and the first run before the next."""
    shares = split_parts(amount, parts)
    assert sum(shares) == amount and shares == sorted(shares, reverse=True)
    assert shares[0] - shares[-1] <= 1


def test_dead_money_alone_is_one_pot_for_the_live_hands() -> None:
    """When no live player has a chip in (a carried jacks pot after an uncalled bet came
    back, or a big-blind ante all-in with no blind left), the dead money still makes a pot
    for the live players: chips are never lost (004 jacks §1, RULES.md big-blind ante)."""
    assert build_pots([0, 0, 0], [True, False, True], dead=6) == [Pot(6, (0, 2))]
    assert build_pots([0, 0], [True, True], dead=0) == []


def test_000_nl_17_the_vote_asks_how_many_runs_and_everyone_is_told_how_it_went() -> None:
    """000 NL §17: the player to vote is asked "once, twice or three times?", not to show or
    muck; the result names each vote, so a "once" that settles it is seen by all."""
    from bot.engine.turns import turn_of
    from bot.words.render import render

    h = new_hand(config(), [1000, 1000], RUN_CARDS, offer_runs=True, dead=(0, 1))
    play(h, AllIn(1), Call(0))
    turn = turn_of(h)
    assert turn is not None and turn_text(turn.phase, turn.legal).startswith(
        "run the board once, twice or three"
    )
    events = play(h, AgreeRuns(0, 2), AgreeRuns(1, 1))
    [agreed] = of_type(events, RunsAgreed)
    message = render(agreed, ("ann", "bob"), {"ann": "Ann", "bob": "Bob"})
    assert message is not None and message.text == "The board is run once (Ann twice, Bob once)"


def test_000_nl_17_a_computer_player_asks_twice_unless_a_clear_favourite() -> None:
    """Computer players vote sensibly: behind or close, twice (less swing, same share); far
    ahead, once."""
    import random

    from bot.chat.computer import choose
    from bot.engine.seatview import seat_view

    cards = ["Ac", "Ad", "7c", "2d", *RUN_CARDS[4:]]
    h = new_hand(config(), [1000, 1000], cards, offer_runs=True, dead=(0, 1))
    play(h, AllIn(1), Call(0))
    rng = random.Random(3)
    votes = {}
    while len(votes) < 2 and h.to_act is not None:  # each in turn, from his own view only
        voter = h.to_act
        votes[h.hole[voter]] = choose(seat_view(h, voter), rng).amount
        play(h, AgreeRuns(voter, 3))  # the vote stays open for the next one's choice
    assert votes == {("Ac", "Ad"): 1, ("7c", "2d"): 2}
