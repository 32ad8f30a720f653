"""A replay builds each game a hand history plays once, and never mistakes one for another."""

from __future__ import annotations

from typing import Any

import pytest

from bot.phh.convert import Unsupported, setup_from_phh
from bot.phh.notation import HandHistory


def _hand(**extra: Any) -> HandHistory:
    return HandHistory(
        variant="NT",
        antes=[0, 0, 0],
        blinds_or_straddles=[5, 10, 0],
        min_bet=10,
        starting_stacks=[1000, 1000, 1000],
        actions=[],
        extra=dict(extra),
    )


def test_hands_of_one_game_share_its_config_and_other_house_rules_get_their_own() -> None:
    """Same stakes and house rules: the same checked config; a different bet unit, raise
    cap or spread: a config with that rule (the stakes and rules read as before)."""
    first, again = setup_from_phh(_hand()), setup_from_phh(_hand())
    assert first.config is again.config
    unit = setup_from_phh(_hand(_bet_unit=5)).config
    assert unit.rules.bet_unit == 5 and first.config.rules.bet_unit == 1
    capped = setup_from_phh(_hand(_raise_cap="none")).config
    assert capped.rules.raise_cap is None and first.config.rules.raise_cap == 3
    assert setup_from_phh(_hand(_bet_unit=5)).config is unit
    assert first.config.stakes.small_blind == 5 and first.config.stakes.big_blind == 10


def test_a_house_rule_that_is_not_a_plain_value_is_read_without_being_kept() -> None:
    """A list where a number belongs cannot key the cache; the hand is still judged."""
    with pytest.raises(Unsupported, match="int"):
        setup_from_phh(_hand(_bet_unit=[5]))
