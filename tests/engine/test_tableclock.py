"""The table's clock (bot/engine/tableclock.py): the turn timer of each decision, the clock
put on a player (000 NL §15), its warning, and the time bank's hand-off, all as plain
seconds so a restored table keeps its deadlines."""

from __future__ import annotations

import json

import pytest

from bot.engine.errors import IllegalAction
from bot.engine.tableclock import TableClock
from bot.engine.timebank import TimeBankRules, TimeBanks


def test_000_nl_15_each_new_decision_starts_its_turn_timer_and_the_same_keeps_it() -> None:
    clock, banks = TableClock(), TimeBanks()
    assert clock.follow((1, "ann", 0), 100.0, 30, banks)
    assert clock.deadline == 130.0 and clock.turn == (1, "ann", 0)
    assert not clock.follow((1, "ann", 0), 120.0, 30, banks)  # a command that moves no turn
    assert clock.deadline == 130.0
    assert clock.follow((1, None, 1), 121.0, 30, banks)  # no one to act: no timer
    assert clock.deadline is None and clock.wake_at() is None


def test_000_nl_15_the_clock_gives_the_lesser_of_the_time_left_and_seventy_seconds() -> None:
    banks = TimeBanks()
    short = TableClock()
    short.follow((1, "ann", 0), 0.0, 30, banks)
    assert short.put_on(5.0, banks, "Ann") == 25 and short.deadline == 30.0
    assert short.wake_at() == 20.0 and not short.warning_due(19.0) and short.warning_due(20.0)
    with pytest.raises(IllegalAction, match="the clock is already on Ann: 15 seconds left"):
        short.put_on(15.0, banks, "Ann")
    long = TableClock()
    long.follow((1, "ann", 0), 0.0, 300, banks)
    assert long.put_on(10.0, banks, "Ann") == 70 and long.deadline == 80.0
    late = TableClock()
    late.follow((1, "ann", 0), 0.0, 30, banks)
    assert late.put_on(25.0, banks, "Ann") == 5 and late.warned  # the warning is the word
    assert not late.warning_due(26.0) and late.wake_at() == 30.0
    assert not late.ran_out(29.9) and late.ran_out(30.0)


def test_the_time_bank_runs_when_time_runs_out_and_is_charged_the_seconds_taken() -> None:
    rules, banks, clock = TimeBankRules(20), TimeBanks(), TableClock()
    clock.follow((1, "ann", 0), 0.0, 30, banks)
    assert clock.draw_bank(banks, rules, "ann", 30.0) == 20 and clock.deadline == 50.0
    assert clock.draw_bank(banks, rules, "ann", 31.0) == 0  # once a decision
    clock.follow((1, "bob", 1), 37.5, 30, banks)  # ann acted 7.5 seconds into her bank
    assert banks.left(rules, "ann") == 12


def test_the_clock_is_saved_and_restored_exactly() -> None:
    banks, clock = TimeBanks(), TableClock()
    clock.follow((3, "cat", 7), 10.0, 30, banks)
    clock.put_on(11.0, banks, "Cat")
    again = TableClock.from_dict(json.loads(json.dumps(clock.to_dict())))
    assert again == clock
    assert TableClock.from_dict(None) == TableClock()
