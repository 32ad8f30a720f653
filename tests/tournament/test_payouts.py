"""The payout table, whole-unit prizes and tied places (RULES.md "Tournaments")."""

from __future__ import annotations

import pytest

from bot.engine.errors import ConfigError
from bot.engine.payouts import checked_shares, prizes, shared_prizes, standard_shares


@pytest.mark.parametrize(
    ("entries", "shares"),
    [
        (2, (1000,)),
        (8, (1000,)),
        (9, (500, 300, 200)),
        (27, (500, 300, 200)),
        (28, (400, 240, 160, 120, 80)),
        (45, (400, 240, 160, 120, 80)),
        (46, (300, 200, 120, 100, 80, 65, 55, 45, 35)),
        (100, (300, 200, 120, 100, 80, 65, 55, 45, 35)),
    ],
)
def test_payout_table_the_standard_shares_by_entries(entries: int, shares: tuple[int, ...]) -> None:
    assert standard_shares(entries) == shares
    assert sum(standard_shares(entries)) == 1000


def test_payout_table_each_place_the_floor_of_its_share_the_rest_to_first() -> None:
    # 9 entries of 7 units: 63 in the pool; 50% 30% 20% are 31.5, 18.9, 12.6
    assert prizes(63, (500, 300, 200)) == (31 + 2, 18, 12)
    assert sum(prizes(63, (500, 300, 200))) == 63
    assert prizes(1000, (300, 200, 120, 100, 80, 65, 55, 45, 35)) == (
        300,
        200,
        120,
        100,
        80,
        65,
        55,
        45,
        35,
    )


def test_payout_table_places_beyond_the_field_go_to_the_places_paid() -> None:
    # a host's 50/30/20 in a field of two: 50 and 30 of 80, in proportion
    assert prizes(800, (500, 300, 200), entries=2) == (500, 300)


def test_payout_table_tied_places_share_their_summed_prizes() -> None:
    # two tie for 2nd and 3rd of 500/300/200: each gets 250; odd units to the first
    assert shared_prizes((500, 300, 200), 2, 2) == (250, 250)
    assert shared_prizes((500, 301, 200), 2, 2) == (251, 250)
    # tied for 3rd and 4th where only three are paid: 200 shared
    assert shared_prizes((500, 300, 200), 3, 2) == (100, 100)


def test_payout_table_a_hosts_own_shares_are_checked() -> None:
    assert checked_shares((600, 400)) == (600, 400)
    with pytest.raises(ConfigError, match="100%"):
        checked_shares((500, 300))
    with pytest.raises(ConfigError, match="above it"):
        checked_shares((300, 700))
    with pytest.raises(ConfigError, match="more than 0%"):
        checked_shares((1000, 0))
