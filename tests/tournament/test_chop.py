"""A deal's arithmetic: ICM, the chip chop and the even split, in whole units
(RULES.md "Tournaments", the deal)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.engine.chop import chip_chop_values, deal, icm_values, whole_units
from bot.engine.errors import ConfigError

PRIZES = (500, 300, 200)
STACKS = (6000, 3000, 1000)


def test_icm_the_worked_example_in_exact_fractions() -> None:
    values = icm_values(STACKS, PRIZES)
    assert values[0] == Fraction(500 * 6, 10) + 300 * Fraction(34, 105) + 200 * (
        1 - Fraction(6, 10) - Fraction(34, 105)
    )
    assert [round(float(v), 2) for v in values] == [412.38, 338.33, 249.29]
    assert sum(values) == 1000


def test_icm_paid_in_whole_units_by_the_largest_fraction() -> None:
    assert deal("icm", STACKS, PRIZES) == (413, 338, 249)


def test_chip_chop_the_worked_example() -> None:
    assert chip_chop_values(STACKS, PRIZES) == tuple(map(Fraction, (440, 320, 240)))
    assert deal("chop", STACKS, PRIZES) == (440, 320, 240)


def test_chip_chop_never_pays_below_the_next_out_prize() -> None:
    # chips alone (600/300/100) would give C 100, below third prize
    offered = deal("chop", STACKS, PRIZES)
    assert offered[2] == 240
    assert min(offered) >= PRIZES[-1]


def test_deal_even_split_odd_units_to_the_larger_stack() -> None:
    assert deal("even", (100, 300), (7, 0)) == (3, 4)


def test_deal_heads_up_with_unpaid_places() -> None:
    # two left, one prize: ICM is the chip share
    assert deal("icm", (3000, 1000), (1000,)) == (750, 250)


def test_deal_money_left_to_play_for_comes_off_first_prize() -> None:
    offered = deal("chop", STACKS, PRIZES, aside=100)
    assert sum(offered) == 900
    with pytest.raises(ConfigError, match="0 to 200"):
        deal("chop", STACKS, PRIZES, aside=201)


def test_whole_units_equal_fractions_go_to_the_larger_stack_first() -> None:
    values = (Fraction(1, 2), Fraction(1, 2))
    assert whole_units(values, (10, 20)) == (0, 1)


def test_deal_refuses_what_it_cannot_compute() -> None:
    with pytest.raises(ConfigError, match="2 to 10"):
        deal("icm", (100,), (100,))
    with pytest.raises(ConfigError, match="one of"):
        deal("coinflip", STACKS, PRIZES)
    with pytest.raises(ConfigError, match="has chips"):
        deal("icm", (100, 0), (100,))
