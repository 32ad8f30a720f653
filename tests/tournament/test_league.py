"""A league's season: points per finish, standings, a season that ends and starts anew."""

from __future__ import annotations

import pytest

from bot.engine.errors import ConfigError, IllegalAction
from bot.engine.league import Season, checked_points, place_points, shared_points


def test_league_default_points_one_for_each_entry_beaten_and_one_for_playing() -> None:
    assert [place_points(p, 10) for p in (1, 2, 10)] == [100, 90, 10]


def test_league_a_hosts_points_table_pays_its_places_only() -> None:
    table = checked_points((10, 7, 5))
    assert [place_points(p, 9, table) for p in (1, 3, 4)] == [100, 50, 0]
    with pytest.raises(ConfigError, match="more points"):
        checked_points((5, 7))


def test_league_tied_places_share_their_points() -> None:
    assert shared_points(2, 2, 5) == (40 + 30) // 2


def test_league_standings_add_up_the_season_and_break_ties_by_wins() -> None:
    season = Season()
    season.count("t1", [("ann", 1, 1, 3000), ("bob", 2, 1, 0), ("cat", 3, 1, 0)], 3)
    season.count("t2", [("bob", 1, 1, 3000), ("ann", 2, 1, 0), ("dan", 3, 1, 0)], 3)
    # a re-entry: cat's best entry counts once
    season.count(
        "t3", [("cat", 1, 1, 2000), ("cat", 4, 1, 0), ("ann", 2, 1, 0), ("bob", 3, 1, 0)], 4
    )
    table = season.standings()
    assert [(s.player, s.points, s.wins) for s in table] == [
        ("ann", 30 + 20 + 30, 1),
        ("bob", 20 + 30 + 20, 1),
        ("cat", 10 + 40, 1),
        ("dan", 10, 0),
    ]
    assert table[2].won == 2000 and table[2].played == 2
    with pytest.raises(IllegalAction, match="counted already"):
        season.count("t1", [], 3)


def test_league_a_season_ends_and_the_next_starts_anew() -> None:
    season = Season(points=(10, 5))
    season.count("t1", [("ann", 1, 1, 100), ("bob", 2, 1, 0)], 2)
    following = season.close()
    assert (following.number, following.points, following.standings()) == (2, (10, 5), [])
    with pytest.raises(IllegalAction, match="has ended"):
        season.count("t2", [], 2)
    assert Season.from_dict(season.to_dict()) == season
