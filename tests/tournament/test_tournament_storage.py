"""A tournament stored on both backends (each test runs on SQLite and on PostgreSQL): made,
read back, committed with its money lines all or nothing under an expected version, listed
by server, linked to its tables, resumed after a restart where its clock stood; and a
league's seasons with the results counted into them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.engine.blindlevels import Level, Schedule
from bot.engine.league import Season
from bot.engine.levelclock import was_running
from bot.engine.tournament import Bought, Tournament, TournamentRules
from storage import ChangedElsewhere, MoneyLine, SeasonResult, StorageError, StoredTable
from storage.db import Database

OpenDatabase = Callable[[str | Path], Awaitable[Database]]
SCHEDULE = Schedule(tuple(Level(10 * n, 20 * n, minutes=10) for n in range(1, 9)), 2, 5)
HOST = ("discord:ann", "discord", "Ann")
PLAYERS = [("discord:ann", "discord", "Ann"), ("discord:bob", "discord", "Bob")]
PLAYERS += [("discord:cat", "discord", "Cat")]


def _line(bought: Bought, player: str) -> MoneyLine:
    return MoneyLine(player, bought.kind, bought.money, bought.entry)


def _lobby() -> tuple[Tournament, list[MoneyLine]]:
    t = Tournament(TournamentRules(buy_in=2000, stack=1500, schedule=SCHEDULE))
    lines = [_line(t.register(pid), pid) for pid, _, _ in PLAYERS]
    return t, lines


async def test_tournament_storage_created_read_back_and_listed_by_server(any_db: Database) -> None:
    t, lines = _lobby()
    made = await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    await any_db.tournaments.create("t2", "discord:g", "other", HOST, t.to_dict())
    await any_db.tournaments.create("t3", "discord:h", "lobby", HOST, t.to_dict())
    assert made.version == 1 and made.status == "registering"
    stored = await any_db.tournaments.load("t1")
    assert stored is not None
    assert (stored.server_id, stored.channel, stored.host_id) == ("discord:g", "lobby", HOST[0])
    assert (stored.version, stored.ended_at) == (1, None)
    assert Tournament.from_dict(stored.state).to_dict() == t.to_dict()
    assert await any_db.tournaments.load("nope") is None
    listed = await any_db.tournaments.of_server("discord:g")
    assert [s.id for s in listed] == ["t1", "t2"]
    assert await any_db.tournaments.of_server("discord:g", status="running") == []
    with pytest.raises(StorageError):
        await any_db.tournaments.create("t1", "discord:g", "again", HOST, t.to_dict())
    assert lines  # the lobby's lines are the next test's


async def test_tournament_storage_a_commit_keeps_its_money_lines_and_a_stale_one_keeps_nothing(
    any_db: Database,
) -> None:
    """A commit at the next version stores the state and its money lines together; one
    built on a stale version is refused with ChangedElsewhere and keeps neither."""
    t = Tournament(TournamentRules(buy_in=2000, stack=1500, schedule=SCHEDULE))
    await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    lines = [_line(t.register(pid), pid) for pid, _, _ in PLAYERS]
    await any_db.tournaments.commit("t1", 2, t.to_dict(), lines, players=PLAYERS)
    stale = [_line(t.unregister("discord:cat"), "discord:cat")]
    with pytest.raises(ChangedElsewhere, match="changed elsewhere"):
        await any_db.tournaments.commit("t1", 2, t.to_dict(), stale)
    stored = await any_db.tournaments.load("t1")
    assert stored is not None and stored.version == 2
    assert len(stored.state["entries"]) == 3  # the stale unregister kept nothing
    money = await any_db.tournaments.money("t1")
    assert [(m.player_id, m.kind, m.amount) for m in money] == [
        (pid, "buy-in", 2000) for pid, _, _ in PLAYERS
    ]
    await any_db.tournaments.commit("t1", 3, t.to_dict(), stale)
    money = await any_db.tournaments.money("t1")
    assert (money[-1].kind, money[-1].amount, money[-1].entry) == ("refund", -2000, "discord:cat")
    with pytest.raises(ChangedElsewhere):
        await any_db.tournaments.commit("nope", 1, t.to_dict())


async def test_tournament_storage_an_ended_tournament_is_stamped(any_db: Database) -> None:
    t = Tournament(TournamentRules(buy_in=500, stack=1500, schedule=SCHEDULE))
    await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    t.register("discord:ann")
    refunds = t.cancel()
    lines = [MoneyLine("discord:ann", r.kind, r.money, r.entry) for r in refunds]
    await any_db.tournaments.commit("t1", 2, t.to_dict(), lines, players=PLAYERS[:1])
    stored = await any_db.tournaments.load("t1")
    assert stored is not None
    assert stored.status == "cancelled" and stored.ended_at is not None
    assert [s.id for s in await any_db.tournaments.of_server("discord:g", "cancelled")] == ["t1"]


def test_tournament_storage_refuses_a_money_line_of_no_kind() -> None:
    with pytest.raises(ValueError, match="not a tournament money kind"):
        MoneyLine("discord:ann", "top_up", 100)
    with pytest.raises(ValueError, match="whole hundredths"):
        MoneyLine("discord:ann", "prize", 1.5)  # type: ignore[arg-type]


async def test_tournament_storage_a_table_is_linked_to_its_tournament(any_db: Database) -> None:
    t, _ = _lobby()
    await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    table = StoredTable("tab1", "discord:g", "lobby", HOST[0], {}, {"table": {}}, 0, None)
    await any_db.create_table(table, "discord", "Ann", "holdem", False)
    assert await any_db.tournaments.tables_of("t1") == []
    await any_db.tournaments.link_table("tab1", "t1")
    assert await any_db.tournaments.tables_of("t1") == ["tab1"]
    with pytest.raises(StorageError):
        await any_db.tournaments.link_table("tab1", "no such tournament")
    with pytest.raises(StorageError):
        await any_db.tournaments.link_table("no such table", "t1")
    await any_db.tournaments.link_table("tab1", None)
    assert await any_db.tournaments.tables_of("t1") == []


async def test_tda_2024_r23_a_tournament_restored_after_a_restart_keeps_its_levels_time_left(
    any_db: Database, open_db: OpenDatabase, backend_target: str
) -> None:
    """Committed 250 seconds into its first 10-minute level, the tournament is read back
    by a new process an hour later: its clock resumes with the 350 seconds it had left,
    the time the bot was down not charged, and the level ends 350 seconds on."""
    t, lines = _lobby()
    await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    t.start(1000.0)
    t.level_clock.read(1250.0)
    await any_db.tournaments.commit("t1", 2, t.to_dict(), lines, players=PLAYERS)
    await any_db.close()

    again = await open_db(backend_target)
    stored = await again.tournaments.load("t1")
    assert stored is not None and stored.status == "running"
    assert was_running(stored.state["clock"])
    restored = Tournament.from_dict(stored.state)
    clock = restored.level_clock
    assert not clock.running and clock.number == 1
    clock.resumed(5000.0)
    assert clock.time_left(5000.0) == 350.0
    assert restored.clock_due(5349.0) == []
    assert [c.number for c in restored.clock_due(5350.0)] == [2]  # type: ignore[union-attr]
    assert restored.pool == 6000 and len(restored.alive) == 3


async def test_league_storage_seasons_count_results_once_and_start_anew(
    any_db: Database,
) -> None:
    """A server's first season is 1; a finished tournament's results are counted into it
    in the tournament's own commit, once (counting them again keeps nothing); a new season
    ends the old one and starts empty with its own points table."""
    assert await any_db.tournaments.season("discord:g") is None
    assert await any_db.tournaments.start_season("discord:g", "discord", (10, 5, 2)) == 1
    t, lines = _lobby()
    await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    engine_season = Season(1, (10, 5, 2))
    counted = engine_season.count(
        "t1",
        [("discord:ann", 1, 1, 4000), ("discord:bob", 2, 1, 2000), ("discord:cat", 3, 1, 0)],
        3,
    )
    results = [
        SeasonResult(r.tournament, r.player, r.place, r.tied, r.entries, r.prize, r.points)
        for r in counted
    ]
    await any_db.tournaments.commit(
        "t1", 2, t.to_dict(), lines, PLAYERS, season=("discord:g", 1, results)
    )
    with pytest.raises(StorageError):
        await any_db.tournaments.commit("t1", 3, t.to_dict(), (), (), ("discord:g", 1, results))
    stored = await any_db.tournaments.season("discord:g")
    assert stored is not None and (stored.number, stored.closed) == (1, False)
    assert stored.to_dict() == engine_season.to_dict()
    standings = Season.from_dict(stored.to_dict()).standings()
    assert [(s.player, s.points) for s in standings] == [
        ("discord:ann", 100),
        ("discord:bob", 50),
        ("discord:cat", 20),
    ]
    assert (await any_db.tournaments.load("t1")).version == 2  # type: ignore[union-attr]

    assert await any_db.tournaments.start_season("discord:g", "discord") == 2
    old = await any_db.tournaments.season("discord:g", 1)
    new = await any_db.tournaments.season("discord:g")
    assert old is not None and old.closed and len(old.results) == 3
    assert new is not None and (new.number, new.points, new.results) == (2, (), ())
    assert await any_db.tournaments.season("discord:h") is None


async def test_tournament_storage_a_database_copy_carries_its_tournaments(
    db: Database, open_db: OpenDatabase, postgres_url: str
) -> None:
    """``db copy`` from SQLite to PostgreSQL carries a tournament, its money lines, its
    table's link and its league season, checked row by row."""
    from storage.copy import copy_database

    t, lines = _lobby()
    await db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict(), "$", lines[:1])
    await db.tournaments.commit("t1", 2, t.to_dict(), lines[1:], players=PLAYERS)
    table = StoredTable("tab1", "discord:g", "lobby", HOST[0], {}, {"table": {}}, 0, None)
    await db.create_table(table, "discord", "Ann", "holdem", False)
    await db.tournaments.link_table("tab1", "t1")
    await db.tournaments.start_season("discord:g", "discord")
    target = await open_db(postgres_url)
    counts = await copy_database(db, target)
    assert counts["tournaments"] == 1 and counts["tournament_money"] == 3
    copied = await target.tournaments.load("t1")
    assert copied is not None and (copied.version, copied.currency) == (2, "$")
    assert await target.tournaments.tables_of("t1") == ["tab1"]
    assert (await target.tournaments.season("discord:g")) is not None


async def test_tda_2024_r23_a_break_restored_after_a_restart_keeps_its_time_left(
    any_db: Database, open_db: OpenDatabase, backend_target: str
) -> None:
    """Committed 100 seconds into the 5-minute break after level 2, the tournament comes
    back on its break with the 200 seconds it had left, and level 3 follows them."""
    t, lines = _lobby()
    await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    t.start(0.0)
    t.clock_due(1200.0)  # levels 1 and 2 over: the break
    t.level_clock.read(1300.0)
    await any_db.tournaments.commit("t1", 2, t.to_dict(), lines, players=PLAYERS)
    await any_db.close()

    stored = await (await open_db(backend_target)).tournaments.load("t1")
    assert stored is not None
    clock = Tournament.from_dict(stored.state).level_clock
    assert (clock.number, clock.on_break) == (2, True)
    clock.resumed(90_000.0)
    assert clock.time_left(90_000.0) == 200.0
    assert [c.number for c in clock.due(90_200.0)] == [3]  # type: ignore[union-attr]


async def test_tournament_storage_two_commits_of_one_version_at_once_keep_one(
    any_db: Database, open_db: OpenDatabase, backend_target: str
) -> None:
    """Two processes commit the same version at once (two connections to one database):
    exactly one is kept with its money line, the other is refused and keeps nothing."""
    import asyncio

    t, _ = _lobby()
    await any_db.tournaments.create("t1", "discord:g", "lobby", HOST, t.to_dict())
    other = await open_db(backend_target) if backend_target.startswith("postgres") else any_db
    tries = [
        db.tournaments.commit(
            "t1", 2, {**t.to_dict(), "rounds": n}, [MoneyLine(HOST[0], "rebuy", 100 + n)]
        )
        for n, db in enumerate((any_db, other))
    ]
    outcomes = await asyncio.gather(*tries, return_exceptions=True)
    assert sum(isinstance(o, ChangedElsewhere) for o in outcomes) == 1
    kept = next(n for n, o in enumerate(outcomes) if o is None)
    stored = await any_db.tournaments.load("t1")
    assert stored is not None and (stored.version, stored.state["rounds"]) == (2, kept)
    money = await any_db.tournaments.money("t1")
    assert [m.amount for m in money] == [100 + kept]
