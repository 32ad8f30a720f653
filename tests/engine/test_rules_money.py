"""RULES.md "Money" and "In play and in replay": whole chips, the bet unit, rounding, and
the two corrections play makes (000 PL §1 overbet cut, 000 NL §12 short raise brought up)
that replay never makes.

Every action goes through ``play``/``refused`` (tests/engine/helpers.py), which check chip
conservation after each action and that a refused action changes nothing.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers import config, legal, new_hand, of_type, play, refused, to_street

from bot.engine.actions import AllIn, Call, Check, Fold, Raise
from bot.engine.config import HouseRules, Stakes, Structure
from bot.engine.errors import ConfigError, IllegalAction
from bot.engine.events import Acted, Corrected, Event, HandEnded
from bot.engine.hand import Hand, HandSetup
from bot.words.legalwords import legal_text
from bot.words.refusals import refusal

BIG = 10_000


# =========================================================================== Money


@pytest.mark.parametrize(
    "make",
    [
        lambda: Stakes(0.5, 1),  # type: ignore[arg-type]
        lambda: Stakes(1, 2.0),  # type: ignore[arg-type]
        lambda: Stakes(1, 2, ante=0.25),  # type: ignore[arg-type]
        lambda: Stakes(1, 2, big_blind_ante=True),
        lambda: Stakes(1, 2, spread_min=1, spread_max=(4.5,)),  # type: ignore[arg-type]
        lambda: Stakes(-1, 2),
        lambda: HouseRules(bet_unit=0),
    ],
)
def test_money_chips_are_whole_numbers_in_the_stakes(make: object) -> None:
    """RULES.md "Money": chips are integers in the table's smallest unit, no floats."""
    with pytest.raises(ConfigError):
        make()  # type: ignore[operator]


@pytest.mark.parametrize("bad", [100.0, 99.5, True, 0, -5, "100"])
def test_money_stacks_are_whole_numbers_of_chips(bad: object) -> None:
    """RULES.md "Money": a stack is a positive whole number of chips; anything else cannot
    be dealt in."""
    with pytest.raises(ConfigError, match="whole number"):
        Hand(HandSetup(config(), ("a", "b"), (1000, bad)))  # type: ignore[arg-type]


def _amounts(event: Event) -> list[object]:
    values: list[object] = []
    for f in dataclasses.fields(event):
        if f.name in ("stacks", "won", "amount", "to", "added", "asked", "pot"):
            value = getattr(event, f.name)
            values += list(value) if isinstance(value, tuple) else [value]
        if f.name == "winners":
            values += [chips for _, chips in getattr(event, f.name)]
    return values


def test_money_every_amount_a_hand_produces_is_a_whole_number() -> None:
    """RULES.md "Money": no floats anywhere near a stack or a pot: every amount in every
    event of a hand with a three-way split, a half-pot and an odd chip is an int."""
    cards = ["2c", "3c", "2d", "3d", "2h", "3h", "As", "Ks", "Qs", "Js", "Ts"]
    h = new_hand(config(Structure.HALF_POT), [1001, 999, 1003], cards, dead=(1, 0, 0))
    to_street(h, 1)
    play(h, Raise(0, 151), Call(1), Call(2))
    to_street(h, 3)
    play(h, Check(0), Check(1), Check(2))
    assert h.is_complete
    amounts = [a for e in h.events for a in _amounts(e)]
    assert amounts and all(type(a) is int for a in amounts)
    assert all(type(s) is int for s in h.stacks)
    ended = of_type(h.events, HandEnded)[0]
    assert sum(ended.stacks) == 1001 + 999 + 1003


def test_000_nl_13_bet_unit_every_bet_and_raise_a_multiple_except_all_in() -> None:
    """000 NL §13, RULES.md "Money": with a bet unit of 25 every bet and raise is a multiple
    of 25 (the range is rounded to it), except an all-in, which may be any amount."""
    h = new_hand(config(bet_unit=25), [BIG, BIG, 1037])
    la = h.legal_actions()
    assert (la.min_raise_to, la.max_raise_to, la.all_in_to, la.bet_unit) == (200, 1037, 1037, 25)
    refused(h, Raise(2, 230), "bets go in multiples of 25")
    refused(h, Raise(2, 1030), "bets go in multiples of 25")
    events = play(h, Raise(2, 1037))  # the all-in needs no rounding
    assert of_type(events, Acted) == [Acted(2, "raise", 1037, 1037, True)]
    other = new_hand(config(bet_unit=25), [BIG, BIG, 1037])
    play(other, AllIn(2))
    assert other.bets == [50, 100, 1037]
    third = new_hand(config(bet_unit=25), [BIG, BIG, BIG])
    play(third, Raise(2, 225))
    assert third.legal_actions().min_raise_to == 350


def test_000_nl_13_bet_unit_postflop_bets() -> None:
    """000 NL §13: the minimum bring-in and every size above it in units; a player short of
    a unit multiple may still go all-in for his odd amount."""
    h = new_hand(config(bet_unit=25), [BIG, 1010, BIG])
    to_street(h, 1)
    assert legal(h) == (100, BIG - 100, 0)
    refused(h, Raise(0, 110), "multiples of 25")
    play(h, Raise(0, 125), AllIn(1))
    assert h.bets == [125, 910, 0]
    assert legal(h) == (1700, BIG - 100, 910)  # raise by at least 785, rounded to 25


def test_000_pl_5_pot_limit_in_increments_of_five() -> None:
    """000 PL §5 ("raise in increments of five dollars to any amount from 20 to 40"),
    RULES.md "Money": in pot-limit with a unit, the range is in units: the minimum is
    rounded up and the pot maximum down (a bet may not exceed the pot)."""
    h = new_hand(config(Structure.POT_LIMIT, 1, 2, bet_unit=5), [BIG] * 3)
    assert legal(h) == (5, 5, 2)  # min 4 -> 5, pot max 7 -> 5
    play(h, Raise(2, 5))
    assert legal(h) == (10, 15, 4)  # min 8 -> 10, max 5 + 13 = 18 -> 15


def test_money_fractions_round_up_to_the_bet_unit_half_pot() -> None:
    """RULES.md "Money": an amount the rules derive by a fraction (a half-pot bet) is
    rounded up to the bet unit: half-pot with unit 50: 150 in the pot + the call of 100 is
    250, half is 125, up to 150: the raise goes to at most 250."""
    h = new_hand(config(Structure.HALF_POT, bet_unit=50), [BIG] * 3)
    assert legal(h) == (200, 250, 100)
    plain = new_hand(config(Structure.HALF_POT), [BIG] * 3)
    assert legal(plain) == (200, 225, 100)  # unit 1: 125 exactly


def test_money_half_kill_is_rounded_up_to_the_bet_unit() -> None:
    """RULES.md "Money" and "Kill pots" size: a half kill multiplies by 1.5, rounding up to
    the bet unit (002: a 10-20 game with 5/10 blinds is played 15-30)."""
    stakes = Stakes(5, 10, small_bet=10, big_bet=20)
    half = stakes.scaled(3, 2)
    assert (half.small_blind, half.big_blind, half.small_bet, half.big_bet) == (8, 15, 15, 30)
    assert stakes.scaled(2, 1).big_bet == 40
    units = Stakes(5, 25).scaled(3, 2, unit=5)
    assert (units.small_blind, units.big_blind) == (10, 40)  # 7.5 -> 10, 37.5 -> 40


# =========================================================================== in play


def test_in_play_the_legal_range_is_shown_before_anyone_acts() -> None:
    """RULES.md "In play and in replay": the bot shows the legal range before anyone acts,
    with exact amounts."""
    h = new_hand(config(), [BIG] * 3)
    la = h.legal_actions()
    assert (la.player, la.can_fold, la.can_check, la.call_amount) == (2, True, False, 100)
    assert legal_text(la) == f"fold, call 100 or raise to 200 to {BIG} (all-in)"
    to_street(h, 1)
    assert legal_text(h.legal_actions()) == f"check or bet 100 to {BIG - 100} (all-in)"


def test_in_play_an_amount_it_cannot_take_is_refused_with_the_legal_range() -> None:
    """RULES.md "In play and in replay": an amount the bot cannot take is refused with the
    legal range and changes nothing (no-limit: more than the stack; limit: off the size)."""
    h = new_hand(config(), [BIG, BIG, 3000])
    error = refused(h, Raise(2, 3500), "you have 3000 in all")
    assert "raise to 200 to 3000 (all-in)" in refusal(error)
    limit = new_hand(config(Structure.FIXED_LIMIT, 5, 10), [BIG] * 3)
    refused(limit, Raise(2, 40), "the maximum raise is to 20: you may fold, call 10 or raise to 20")
    spread = new_hand(
        config(Structure.SPREAD_LIMIT, 1, 2, spread_min=2, spread_max=(10,)), [99] * 3
    )
    refused(spread, Raise(2, 13), "the maximum raise is to 12")


def test_in_play_a_refusal_carries_the_legal_actions_and_the_words_wing_says_them() -> None:
    """RULES.md "In play and in replay": a refused move carries the player's whole legal
    choice in chips, not in words; the engine's own message is the short reason (for logs
    and a replay's report), and the player reads the reason with the choice said by the
    words wing, joined by a colon, or a semicolon after the chips he has."""
    h = new_hand(config(), [BIG, BIG, 3000])
    short = refused(h, Raise(2, 150), "the minimum raise is to 200")
    assert short.legal == h.legal_actions() and str(short) == "the minimum raise is to 200"
    assert refusal(short) == (
        "the minimum raise is to 200: you may fold, call 100 or raise to 200 to 3000 (all-in)"
    )
    over = refused(h, Raise(2, 3500), "you have 3000 in all")
    assert str(over) == "you have 3000 in all" and over.legal == h.legal_actions()
    assert refusal(over).startswith("you have 3000 in all; you may fold, call 100")
    assert refused(h, Fold(1), "it is not your turn").legal is None  # no choice of his


def test_000_pl_1_in_replay_an_overbet_is_refused_not_cut() -> None:
    """RULES.md "In play and in replay": in replay nothing is corrected: a pot-limit
    overbet makes the hand illegal (strict mode refuses it and changes nothing)."""
    h = new_hand(config(Structure.POT_LIMIT), [BIG] * 3, strict=True)
    assert legal(h) == (200, 350, 100)
    refused(h, Raise(2, 351), "the maximum raise is to 350")
    refused(h, AllIn(2), "the maximum raise is to 350")
    events = play(h, Raise(2, 350))
    assert of_type(events, Corrected) == []


def test_000_pl_1_in_play_an_overbet_is_cut_and_the_player_told() -> None:
    """000 PL §1, 003 §10: in play the same overbet is cut to the maximum and the surplus
    kept by the bettor; the ``Corrected`` event tells him (it is public)."""
    h = new_hand(config(Structure.POT_LIMIT), [BIG] * 3)
    events = play(h, Raise(2, 351))
    (corrected,) = of_type(events, Corrected)
    assert corrected == Corrected(2, 351, 350, corrected.reason)
    assert "cut to the maximum" in corrected.reason and corrected.private_to is None
    assert h.stacks[2] == BIG - 350 and h.bets[2] == 350
    allin = new_hand(config(Structure.POT_LIMIT), [BIG] * 3)
    events = play(allin, AllIn(2))
    assert of_type(events, Corrected)[0].to == 350 and allin.stacks[2] == BIG - 350


def test_in_play_more_than_the_stack_is_refused_even_in_pot_limit() -> None:
    """RULES.md "In play and in replay": only an overbet of the pot is cut; an amount that
    is within the pot limit but more than the player has is refused, as in no-limit (a
    player plays only the chips on the table, 000 NL §16)."""
    h = new_hand(config(Structure.POT_LIMIT), [BIG, BIG, 250])
    assert legal(h) == (200, 250, 100)  # the pot would allow 350
    refused(h, Raise(2, 300), "you have 250 in all")
    events = play(h, AllIn(2))
    assert of_type(events, Corrected) == [] and h.bets[2] == 250


def test_000_nl_12_raise_short_to_minimum_on_brings_a_short_raise_up_in_play() -> None:
    """000 NL §12, house option ``raise_short_to_minimum``: in play a bet or raise under the
    minimum by a player with more chips is brought up to the minimum, no more, and the
    player told."""
    h = new_hand(config(raise_short_to_minimum=True), [BIG] * 3)
    events = play(h, Raise(2, 150))
    (corrected,) = of_type(events, Corrected)
    assert (corrected.player, corrected.asked, corrected.to) == (2, 150, 200)
    assert "000 NL §12" in corrected.reason
    assert of_type(events, Acted) == [Acted(2, "raise", 200, 200, False)]
    play(h, Call(0), Call(1))
    events = play(h, Raise(0, 40))
    assert of_type(events, Corrected)[0].to == 100 and h.bets[0] == 100


def test_000_nl_12_raise_short_to_minimum_off_refuses_the_short_raise() -> None:
    """000 NL §12, RULES.md: the option is off by default: a short bet or raise is refused
    with the minimum and changes nothing."""
    h = new_hand(config(), [BIG] * 3)
    refused(h, Raise(2, 150), "the minimum raise is to 200")
    to_street(h, 1)
    refused(h, Raise(0, 40), "the minimum bet is 100")


def test_000_nl_12_in_replay_a_short_raise_is_refused_even_with_the_option() -> None:
    """RULES.md "In play and in replay": replay corrects nothing, whatever the house says."""
    h = new_hand(config(raise_short_to_minimum=True), [BIG] * 3, strict=True)
    refused(h, Raise(2, 150), "the minimum raise is to 200")


def test_000_nl_12_a_short_all_in_is_not_brought_up() -> None:
    """000 NL §12 applies only to a player with more chips: an all-in under the minimum
    stands as it is, no correction."""
    h = new_hand(config(raise_short_to_minimum=True), [BIG, BIG, 150])
    events = play(h, Raise(2, 150))
    assert of_type(events, Corrected) == [] and h.bets[2] == 150 and h.stacks[2] == 0


def test_in_play_and_replay_agree_on_every_legal_action() -> None:
    """RULES.md "In play and in replay": the corrections are the only difference; a hand of
    legal actions plays the same in both modes."""
    actions = [Raise(2, 300), Call(0), Fold(1), Raise(0, 100), Raise(2, 400), Call(0)]
    hands = [new_hand(config(Structure.POT_LIMIT), [BIG] * 3, strict=s) for s in (False, True)]
    for h in hands:
        play(h, *actions)
    assert hands[0].stacks == hands[1].stacks and hands[0].log == hands[1].log
    with pytest.raises(IllegalAction):
        hands[1].apply(Raise(0, 10**6))
