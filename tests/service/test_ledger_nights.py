"""A property of every night: the chips on the table equal the ledger after every command,
whatever the host and the players do (re-buys after adjustments, kicks, time-outs, voids,
sessions ended), and an owed kill never stops the dealing."""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.service.nights import play_night, play_server_night


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_000_nl_16_chips_on_the_table_equal_the_ledger_after_every_command(seed: int) -> None:
    """000 NL §16 (table stakes) and RULES.md "Money": every chip on the table came in
    through the ledger (buy-ins, top-ups, host adjustments) and leaves through it
    (cash-outs); after each of 250 random commands the two agree exactly."""
    night = asyncio.run(play_night(seed, 250))  # hypothesis runs the test: it stays sync
    assert night.drift == []
    assert night.hands > 0  # the night dealt: no owed kill or host action stranded it


@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_000_kill_6_random_nights_at_two_tables_of_one_server(seed: int) -> None:
    """000 kill §6 and RULES.md "Kill pots", over random nights at two kill tables of one
    server sharing players: chips match each table's ledger after every command; no one is
    dealt in while he owes a kill at the other table; no straddle in a killed pot; the kill
    button shown is the kill the hand carries."""
    night = asyncio.run(play_server_night(seed, 250))
    assert night.drift == []
    assert night.hands > 0
