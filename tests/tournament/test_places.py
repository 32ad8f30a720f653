"""Finishing places of players out in the same hand (RULES.md "Tournaments")."""

from __future__ import annotations

import pytest

from bot.engine.errors import ConfigError
from bot.engine.places import Finish, finishing_places


def test_finishing_places_out_in_the_same_hand_rank_by_their_starting_stacks() -> None:
    # three left; b began hand 7 with more than a, so b is fourth and a fifth
    assert finishing_places([("a", 7, 300), ("b", 7, 900)], 3) == (Finish("b", 4), Finish("a", 5))


def test_finishing_places_a_later_hand_finishes_higher_whatever_the_stacks() -> None:
    found = finishing_places([("a", 2, 9000), ("b", 5, 100)], 1)
    assert found == (Finish("b", 2), Finish("a", 3))


def test_finishing_places_equal_starting_stacks_tie_and_share() -> None:
    found = finishing_places([("a", 3, 500), ("b", 3, 500), ("c", 3, 800)], 3)
    assert found == (Finish("c", 4), Finish("a", 5, 2), Finish("b", 5, 2))


def test_finishing_places_a_hand_leaves_someone_with_chips() -> None:
    with pytest.raises(ConfigError):
        finishing_places([("a", 1, 1), ("b", 1, 1)], 0)
