"""Player statistics read off stored hand histories: what counts as VPIP, PFR, a 3-bet
and its chance, seeing the second round, a showdown; a tally over hands."""

from __future__ import annotations

from bot.phh.notation import HandHistory
from bot.phh.stats import HandFacts, biggest_takes, hand_facts, tally

THREE_BET = HandHistory(
    variant="NT",
    antes=[0, 0, 0],
    blinds_or_straddles=[1, 2, 0],
    min_bet=2,
    starting_stacks=[200, 200, 200],
    actions=[
        "d dh p1 AsKd",
        "d dh p2 ????",
        "d dh p3 QsQh",
        "p3 cbr 6",
        "p1 cbr 18",
        "p2 f",
        "p3 cc",
        "d db 9c8d3s",
        "p1 cbr 20",
        "p3 cc",
        "d db Th",
        "p1 cc",
        "p3 cc",
        "d db Jd",
        "p1 cc",
        "p3 cc",
        "p1 sm AsKd",
        "p3 sm QsQh",
    ],
    players=["bob", "carol", "alice"],
)


def test_an_open_a_three_bet_and_a_fold_in_the_first_round() -> None:
    """Alice opens (VPIP, PFR), Bob re-raises her (a 3-bet, with its chance), Carol in the
    big blind folds facing two raises (no chance to 3-bet, not voluntary); Bob and Alice
    see the flop and go to showdown."""
    bob, carol, alice = hand_facts(THREE_BET)
    assert bob == HandFacts(True, True, True, True, True, True)
    assert carol == HandFacts()
    assert alice == HandFacts(
        vpip=True, pfr=True, three_bet=False, three_bet_chance=False, saw_second=True, showdown=True
    )


def test_a_blind_that_checks_its_option_put_in_nothing_voluntarily() -> None:
    """The small blind completes (a call facing the big blind: voluntary), the big blind
    checks his option (not voluntary), both see the flop, no showdown (a fold on it)."""
    hh = HandHistory(
        variant="NT",
        antes=[0, 0],
        blinds_or_straddles=[1, 2],
        min_bet=2,
        starting_stacks=[100, 100],
        actions=[
            "d dh p1 ????",
            "d dh p2 ????",
            "p1 cc",
            "p2 cc",
            "d db 2c3d4h",
            "p2 cbr 2",
            "p1 f",
        ],
    )
    small, big = hand_facts(hh)
    assert small == HandFacts(vpip=True, saw_second=True)
    assert big == HandFacts(saw_second=True)


def test_a_tally_counts_hands_shares_net_and_the_biggest_pot_won() -> None:
    """Over two hands: Bob's counts, net and biggest pot won; a hand he was not dealt is
    left out."""
    hands = [
        (
            THREE_BET,
            ["bob", "carol", "alice"],
            {"bob": -38, "carol": -2, "alice": 40},
            {"alice": 80},
        ),
        (THREE_BET, ["dan", "carol", "alice"], {"dan": 5}, {"dan": 10}),
        (
            THREE_BET,
            ["alice", "carol", "bob"],
            {"alice": 40, "carol": -2, "bob": -38},
            {"alice": 80},
        ),
    ]
    bob = tally("bob", hands)
    assert (bob.hands, bob.vpip, bob.pfr, bob.three_bets, bob.three_bet_chances) == (2, 2, 2, 1, 1)
    assert (bob.saw_second, bob.showdowns, bob.won_at_showdown) == (2, 2, 0)
    assert (bob.net, bob.biggest_pot_won) == (-76, 0)
    alice = tally("alice", hands)
    assert (alice.won_at_showdown, alice.net, alice.biggest_pot_won) == (2, 80, 80)


def test_a_bomb_pot_has_no_preflop_so_its_flop_bet_is_not_vpip_or_pfr() -> None:
    """A bomb pot's first betting round is the flop's (RULES.md "Bomb pots"): no one
    chose to put money in before the flop, so it counts toward no VPIP, PFR or 3-bet."""
    bomb = HandHistory(
        variant="NT",
        antes=[10, 10, 10],
        blinds_or_straddles=[0, 0, 0],
        min_bet=2,
        starting_stacks=[200, 200, 200],
        actions=[
            "d dh p1 AsKd",
            "d dh p2 ????",
            "d dh p3 QsQh",
            "d db 9c8d3s",
            "p1 cbr 20",
            "p2 cbr 60",
            "p3 f",
            "p1 f",
        ],
        extra={"_bomb_pot": True},
    )
    facts = hand_facts(bomb)
    assert not any(f.vpip or f.pfr or f.three_bet or f.three_bet_chance for f in facts)


def test_stats_a_seven_deuce_claim_after_folds_is_no_showdown() -> None:
    """Everyone folds to Alice's raise and she shows seven-deuce for the 7-2 bounty (the
    history writes the claim as her show, RULES.md "The 7-2 game"): no one went to a
    showdown, so her show counts as none, and she did not win one; a hand that was called
    down to the river and shown is one."""
    claim = HandHistory(
        variant="NT",
        antes=[0, 0, 0],
        blinds_or_straddles=[1, 2, 0],
        min_bet=2,
        starting_stacks=[200, 200, 200],
        actions=[
            "d dh p1 ????",
            "d dh p2 ????",
            "d dh p3 7h2c",
            "p3 cbr 6",
            "p1 cc",
            "p2 f",
            "d db 9c8d3s",
            "p1 cc",
            "p3 cbr 10",
            "p1 f",
            "p3 sm 7h2c",
        ],
        extra={"_seven_deuce": 5, "_seven_deuce_won": [2, 10]},
    )
    small, _, alice = hand_facts(claim)
    assert alice == HandFacts(vpip=True, pfr=True, saw_second=True, showdown=False)
    assert small == HandFacts(vpip=True, three_bet_chance=True, saw_second=True)
    ids = ["bob", "carol", "alice"]
    won = tally("alice", [(claim, ids, {"alice": 20, "bob": -11, "carol": -7}, {"alice": 18})])
    assert (won.saw_second, won.showdowns, won.won_at_showdown) == (1, 0, 0)
    bob, _, alice = hand_facts(THREE_BET)
    assert bob.showdown and alice.showdown  # called down and shown: a showdown


def test_biggest_pot_won_is_the_most_he_took_from_one_pot() -> None:
    """A pot's halves and runs add up to what its winner took from it; a side pot he won no
    share of is not his, and of a pot divided between runs each takes his runs' shares."""
    from bot.engine.events import PotAwarded

    awards = [
        PotAwarded(0, None, 0, 61, ((0, 61),), ""),  # main pot, run 1: Ann
        PotAwarded(0, None, 1, 60, ((1, 60),), ""),  # run 2: Bob
        PotAwarded(1, None, 0, 160, ((1, 80), (2, 80)), ""),  # side pot, run 1: split
        PotAwarded(1, None, 1, 160, ((2, 160),), ""),  # run 2: Cat
    ]
    assert biggest_takes(awards, 4) == [61, 80, 240, 0]
    hilo = [
        PotAwarded(0, "high", 0, 50, ((0, 50),), ""),
        PotAwarded(0, "low", 0, 50, ((0, 50),), ""),
    ]
    assert biggest_takes(hilo, 2) == [100, 0]
