"""Bad input: every malformed or illegal action is refused with an IllegalAction (or a
subclass) whose message says what is legal, and leaves the hand exactly as it was
(RULES.md "In play and in replay": "refused with the legal range and changes nothing").

``refused`` (tests/engine/helpers.py) snapshots stacks, bets, contributions, folds, the
player to act, the phase, the raise state, the pot, the log length, the events length and
the legal actions before the action, and asserts they are all the same afterwards.
"""

from __future__ import annotations

import pytest
from helpers import config, new_hand, play, refused, to_street

from bot.engine.actions import (
    AgreeRuns,
    AllIn,
    Call,
    Check,
    Fold,
    Muck,
    Raise,
    Show,
)
from bot.engine.config import Structure
from bot.engine.errors import HandOver, IllegalAction, NotYourTurn
from bot.engine.hand import Hand, Phase
from bot.words.refusals import refusal

BIG = 10_000
PREFLOP_CHOICES = f"you may fold, call 100 or raise to 200 to {BIG} (all-in)"


def preflop() -> Hand:
    """Three-handed no-limit 50/100, the button (index 2) to act."""
    h = new_hand(config(), [BIG] * 3)
    assert h.to_act == 2
    return h


@pytest.mark.parametrize("amount", ["abc", "200", 2.5, 200.0, True, False, None, [200]])
def test_non_integer_amounts_are_refused(amount: object) -> None:
    """RULES.md "Money": amounts are whole numbers of chips: a string, a float, a bool or
    anything else is refused, naming the legal choices."""
    h = preflop()
    error = refused(h, Raise(2, amount), "a bet must be a whole number of chips")  # type: ignore[arg-type]
    assert PREFLOP_CHOICES in refusal(error)


@pytest.mark.parametrize("amount", [-1, -200, 0, 50, 100])
def test_amounts_not_above_the_current_bet_are_refused(amount: int) -> None:
    """A raise to zero, a negative amount or no more than the bet already made is not a
    raise: refused, naming the legal choices."""
    h = preflop()
    error = refused(h, Raise(2, amount), "a raise must go above 100")
    assert PREFLOP_CHOICES in refusal(error)


def test_zero_or_negative_bet_on_a_new_street_is_refused() -> None:
    """A bet of 0 or less on a street with no bet is refused with the bet range."""
    h = preflop()
    to_street(h, 1)
    for amount in (0, -100):
        refused(
            h, Raise(0, amount), f"a bet must go above 0: you may check or bet 100 to {BIG - 100}"
        )


@pytest.mark.parametrize("structure", [Structure.NO_LIMIT, Structure.POT_LIMIT])
def test_a_huge_amount_is_refused(structure: Structure) -> None:
    """A raise of 10**12 chips, far more than anyone has, is refused (table stakes, 000 NL
    §16), in pot-limit too, since it is more than the player has."""
    h = new_hand(config(structure), [BIG] * 3)
    refused(h, Raise(2, 10**12), f"you have {BIG} in all")


@pytest.mark.parametrize("amount", [101, 150, 199])
def test_under_the_minimum_is_refused(amount: int) -> None:
    """000 NL §3: under the minimum raise is refused with the minimum (the 000 NL §12 house
    option is off by default)."""
    h = preflop()
    error = refused(h, Raise(2, amount), "the minimum raise is to 200")
    assert PREFLOP_CHOICES in refusal(error)


def test_over_the_maximum_is_refused() -> None:
    """No-limit: more than the stack is refused with what the player has; fixed limit: more
    than the fixed raise is refused with the maximum."""
    h = new_hand(config(), [BIG, BIG, 3000])
    refused(
        h, Raise(2, 3001), "you have 3000 in all; you may fold, call 100 or raise to 200 to 3000"
    )
    limit = new_hand(config(Structure.FIXED_LIMIT, 5, 10), [BIG] * 3)
    refused(limit, Raise(2, 30), "the maximum raise is to 20")
    strict = new_hand(config(Structure.POT_LIMIT), [BIG] * 3, strict=True)
    refused(
        strict,
        Raise(2, 400),
        "the maximum raise is to 350: you may fold, call 100 or raise to 200 to 350",
    )


def test_bet_unit_violation_is_refused() -> None:
    """000 NL §13: with a bet unit, an amount that is not a multiple is refused."""
    h = new_hand(config(bet_unit=25), [BIG] * 3)
    refused(h, Raise(2, 210), "bets go in multiples of 25")


@pytest.mark.parametrize(
    "action",
    [Fold(0), Check(1), Call(0), Raise(1, 300), AllIn(0)],
)
def test_out_of_turn_is_refused(action: object) -> None:
    """Action is in turn: anyone but the player to act is refused with NotYourTurn, naming
    the player to act."""
    h = preflop()
    refused(h, action, "it is not your turn: c is to act", NotYourTurn)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [Fold(0), Check(1), Call(2), Raise(0, 500), AllIn(1), Show(0)])
def test_after_the_hand_ended_everything_is_refused(action: object) -> None:
    """After the pots are awarded every action is refused with HandOver."""
    h = preflop()
    play(h, Raise(2, 300), Fold(0), Fold(1))
    assert h.is_complete
    refused(h, action, "this hand is over", HandOver)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="this hand is over"):
        h.legal_actions()


@pytest.mark.parametrize("player", [-1, 3, 99, "1", None, True, 1.0])
def test_a_player_not_in_the_hand_is_refused(player: object) -> None:
    """A player index that is not a seat in the hand (negative, too large, not an int) is
    refused, naming the bad index."""
    h = preflop()
    for action in (Fold(player), Call(player), Raise(player, 300)):  # type: ignore[arg-type]
        refused(h, action, "there is no player")


def test_something_that_is_not_an_action_is_refused() -> None:
    """Anything but an action record is refused."""
    h = preflop()
    refused(h, "fold", "there is no player")  # type: ignore[arg-type]
    refused(h, None, "there is no player")  # type: ignore[arg-type]


def test_fold_when_checking_is_free_is_refused() -> None:
    """Folding is offered only when there is a bet to call: a fold when a check is free is
    refused, saying to check."""
    h = preflop()
    play(h, Call(2), Call(0))
    refused(
        h,
        Fold(1),
        f"there is nothing to call, so check instead of folding: you may check or raise to 200 "
        f"to {BIG} \\(all-in\\)",
    )


def test_check_facing_a_bet_is_refused() -> None:
    """A check facing a bet is refused with the choices."""
    h = preflop()
    error = refused(h, Check(2), "you cannot check facing a bet")
    assert PREFLOP_CHOICES in refusal(error)


def test_call_with_nothing_to_call_is_refused() -> None:
    """A call with nothing to call is refused, saying to check."""
    h = preflop()
    to_street(h, 1)
    refused(h, Call(0), f"there is nothing to call: you may check or bet 100 to {BIG - 100}")


def test_raise_when_the_betting_is_not_reopened_is_refused() -> None:
    """000 NL §3: a raise by a player not fully raised is refused; so is AllIn."""
    h = new_hand(config(), [BIG, BIG, 250])
    to_street(h, 1)
    play(h, Raise(0, 100), Call(1), AllIn(2))
    refused(h, Raise(0, 300), "you may not bet or raise now: you may fold or call 50")
    refused(h, AllIn(0), "you may not raise now: you may fold or call 50")


def test_showdown_and_runs_actions_during_the_betting_are_refused() -> None:
    """Show, Muck and AgreeRuns have their own moments: during the betting they are refused."""
    h = preflop()
    refused(h, Show(2), "hands are shown only when the betting is over")
    refused(h, Muck(2), "hands are shown only when the betting is over")
    refused(h, AgreeRuns(2, 2), "only when betting is over with a player all-in")


def test_bad_run_votes_are_refused() -> None:
    """000 NL §17: the board runs once, twice or three times; each player in the pot votes
    once; betting actions wait until the vote is over."""
    h = new_hand(config(), [BIG] * 3, offer_runs=True)
    play(h, Fold(2), AllIn(0), Call(1))
    assert h.phase is Phase.RUNS_VOTE
    for runs in (0, 4, "2", 2.0, True):
        refused(h, AgreeRuns(0, runs), "once, twice or three times")  # type: ignore[arg-type]
    refused(h, AgreeRuns(2, 2), "only players in the pot vote")
    refused(h, Call(0), "choosing how many runs")
    play(h, AgreeRuns(0, 2))
    refused(h, AgreeRuns(0, 2), r"you have voted already \(runs 2\)")


def test_legal_actions_outside_the_betting_is_refused() -> None:
    """No betting decision is pending once the hand is over."""
    h = new_hand(config(), [BIG, BIG])
    play(h, AllIn(1), Call(0))
    assert h.is_complete
    with pytest.raises(IllegalAction, match="this hand is over"):
        h.legal_actions()
