"""The blind schedule and the level clock (RULES.md "Tournaments")."""

from __future__ import annotations

import pytest

from bot.engine.blindlevels import PRESETS, Level, Schedule
from bot.engine.config import Stakes, Structure
from bot.engine.errors import ConfigError
from bot.engine.levelclock import BreakBegins, LevelClock, LevelUp, was_running

LEVELS = (Level(10, 20, minutes=10), Level(15, 30, minutes=10), Level(25, 50, minutes=10))


def test_levels_limits_step_with_the_levels_in_limit_games() -> None:
    level = Level(50, 100, minutes=10)
    stakes = level.stakes(Structure.FIXED_LIMIT)
    assert (stakes.fixed_small, stakes.fixed_big) == (100, 200)
    assert level.stakes(Structure.NO_LIMIT) == Stakes(50, 100)
    with pytest.raises(ConfigError, match="spread limit"):
        level.stakes(Structure.SPREAD_LIMIT)


def test_levels_a_big_blind_ante_is_the_tables_ante() -> None:
    assert Level(500, 1000, big_blind_ante=1000, minutes=20).stakes(Structure.NO_LIMIT) == Stakes(
        500, 1000, big_blind_ante=1000
    )


def test_levels_refuse_what_cannot_be_played() -> None:
    with pytest.raises(ConfigError, match="larger than its big blind"):
        Level(30, 20, minutes=5)
    with pytest.raises(ConfigError, match="one of them"):
        Level(10, 20)
    with pytest.raises(ConfigError, match="only rise"):
        Schedule((Level(20, 40, minutes=5), Level(10, 20, minutes=5)))
    with pytest.raises(ConfigError, match="how long"):
        Schedule(LEVELS, break_every=2)


def test_levels_past_the_last_written_the_blinds_double() -> None:
    schedule = Schedule(LEVELS)
    assert schedule.level(4) == Level(50, 100, minutes=10)
    assert schedule.level(6) == Level(200, 400, minutes=10)


def test_levels_the_presets_rise_and_carry_a_big_blind_ante() -> None:
    for preset in PRESETS.values():
        schedule = preset.schedule()
        assert schedule.level(1).big_blind * 50 <= preset.stack
        assert schedule.level(1).big_blind_ante == 0
        assert schedule.level(4).big_blind_ante == schedule.level(4).big_blind
    assert PRESETS["turbo"].schedule(big_blind_ante=False).level(9).big_blind_ante == 0


def test_tda_2024_r23_the_clock_ends_a_level_on_time_and_reports_the_new_one() -> None:
    clock = LevelClock(Schedule(LEVELS))
    assert clock.start(1000.0) == LevelUp(1, LEVELS[0])
    assert clock.due(1599.0) == []
    assert clock.level == LEVELS[0]
    assert clock.due(1600.0) == [LevelUp(2, LEVELS[1])]
    assert clock.level == LEVELS[1]
    assert clock.time_left(1700.0) == 500.0


def test_levels_a_long_gap_passes_every_level_due_in_order() -> None:
    clock = LevelClock(Schedule(LEVELS))
    clock.start(0.0)
    assert clock.due(1300.0) == [LevelUp(2, LEVELS[1]), LevelUp(3, LEVELS[2])]
    assert clock.time_left(1300.0) == 500.0


def test_levels_a_break_follows_every_n_levels_then_the_next_level() -> None:
    clock = LevelClock(Schedule(LEVELS, break_every=1, break_minutes=5))
    clock.start(0.0)
    assert clock.due(600.0) == [BreakBegins(5, 1)]
    assert clock.on_break and clock.number == 1
    assert clock.time_left(700.0) == 200.0
    assert clock.due(900.0) == [LevelUp(2, LEVELS[1])]
    assert not clock.on_break


def test_levels_a_level_of_hands_ends_with_its_last_hand_dealt() -> None:
    hands = Schedule((Level(10, 20, hands=2), Level(20, 40, hands=2)))
    clock = LevelClock(hands)
    clock.start(0.0)
    assert clock.hand_dealt(5.0) == []
    assert clock.wake_at() is None
    assert clock.hand_dealt(9.0) == [LevelUp(2, Level(20, 40, hands=2))]


def test_levels_a_restart_resumes_the_level_where_it_stood() -> None:
    clock = LevelClock(Schedule(LEVELS))
    clock.start(0.0)
    clock.read(250.0)
    data = clock.to_dict()
    restored = LevelClock.from_dict(data)
    assert was_running(data)
    assert not restored.running
    # the bot was down for an hour: the level keeps its 350 seconds
    restored.resumed(3850.0)
    assert restored.time_left(3850.0) == 350.0
    assert restored.due(4199.0) == []
    assert restored.due(4200.0) == [LevelUp(2, LEVELS[1])]


def test_levels_the_hosts_pause_keeps_the_time_left() -> None:
    clock = LevelClock(Schedule(LEVELS))
    clock.start(0.0)
    clock.pause(100.0)
    assert clock.due(10_000.0) == []
    assert clock.time_left(10_000.0) == 500.0
    assert not was_running(clock.to_dict())
    clock.resumed(20_000.0)
    assert clock.wake_at() == 20_500.0
