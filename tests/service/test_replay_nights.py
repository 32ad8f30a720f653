"""A property of every night: each hand the table stores replays from its PHH, as
``killbutton replay`` replays it, to exactly the stacks the table paid, and at a kill table
to the kill button the table moved to (RULES.md "In play and in replay").

Every kind of night of :data:`tests.service.replay_nights.NIGHTS` (kill tables of every
kind, jacks or better with pass-outs, lowball, stud, mixes and dealer's choice, heads-up
limit with equal blinds, bomb pots, runs, the 7-2 game, straddles, players sitting out and
posting to come back) is played twice here. A longer run, every kind for SEEDS seeds of
COMMANDS commands::

    python -m tests.service.replay_nights 20 600
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.service.replay_nights import NIGHTS, NightSetup, replay_night


@pytest.mark.parametrize("setup", NIGHTS, ids=[n.words.removeprefix("new ") for n in NIGHTS])
@settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_phh_replay_every_stored_hand_of_a_random_night_replays(
    setup: NightSetup, seed: int
) -> None:
    """RULES.md "In play and in replay": 250 random commands at a table; every hand it
    stored replays to ``match``, to the stacks the table paid and to its kill button."""
    night = asyncio.run(replay_night(setup, seed, 250))  # hypothesis runs the test: sync
    assert night.failures == []
    assert night.hands > 0 and night.matched == night.hands
