"""One suite, both backends: every test here runs on SQLite and on PostgreSQL (skipped with
one line when no PostgreSQL server is named, failed when CI requires one). The same
migrations, a hand played and restored exactly after a restart, a stale commit refused
with nothing kept, request ids taken once, the books read, refusals that keep nothing."""

from __future__ import annotations

import asyncio
import random

import pytest
from crash_driver import chips_on_table
from support import ANN, BOB, CAT, SETTINGS, OpenDatabase, open_service, table_with_three

from bot.engine.cards import Deck
from bot.service.tables import ServiceError, TableService
from bot.words.commands import Play, parse
from storage import (
    ChangedElsewhere,
    EventRow,
    StateWrite,
    StorageError,
    TableWrite,
    TournamentSaved,
)
from storage.db import Database
from storage.dialect import postgres, postgres_ddl
from storage.postgres import database_url
from storage.schema import MIGRATIONS


async def _play_hand_out(service: TableService, table_id: str) -> None:
    """The hand in progress to its end: whoever is to act calls, or checks."""
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None
    while hand.to_act is not None:
        who = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
        kind = "check" if hand.legal_actions().can_check else "call"
        await service.handle(table_id, who, Play(kind))


def _chips(service: TableService, table_id: str) -> int:
    return chips_on_table(service.tables[table_id].table)


async def test_the_same_migrations_bring_a_new_database_up_to_date_once(
    any_db: Database, open_db: OpenDatabase, backend_target: str
) -> None:
    """Every numbered migration runs on a new database of either backend, and opening it
    again runs none twice: the tables are there and empty, a second open changes nothing."""
    tables = ["servers", "players", "poker_tables", "sessions", "hands", "actions", "events"]
    tables += ["ledger", "audit", "hand_moves", "table_versions", "requests_seen"]
    tables += ["table_messages", "tournaments", "tournament_money", "league_seasons"]
    tables += ["league_results"]
    for name in tables:
        assert await any_db._rows(f"SELECT count(*) FROM {name}") == [(0,)]
    await any_db.close()
    again = await open_db(backend_target)
    assert await again._rows("SELECT count(*) FROM table_versions") == [(0,)]


async def test_a_database_of_a_newer_version_is_refused(
    any_db: Database, open_db: OpenDatabase, backend_target: str
) -> None:
    """A database written by a newer bot (a migration number past ours) is refused with
    both numbers, on either backend, rather than used half-understood."""
    newer = len(MIGRATIONS) + 1
    if backend_target.startswith("postgresql://"):
        await any_db._write([("UPDATE schema_version SET version = ?", (newer,))])
    else:
        await any_db._write([(f"PRAGMA user_version={newer}", ())])
    await any_db.close()
    with pytest.raises(StorageError, match=f"at version {newer}, newer than this bot"):
        await open_db(backend_target)


async def test_a_hand_played_is_kept_whole_and_a_restart_resumes_it_exactly(
    any_db: Database, open_db: OpenDatabase, backend_target: str
) -> None:
    """A hand played through the service on either backend: chips conserved, the ledger
    and the hand's results stored; mid-way through the next hand, a new process on the same
    database restores the table exactly (the same state, the same player to act) and plays
    on to the same end."""
    rng = random.Random(5)
    service, _ = await open_service(any_db, shuffle=lambda: Deck(rng=rng).order)
    table_id = await table_with_three(service)
    assert _chips(service, table_id) == 1500
    await _play_hand_out(service, table_id)
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None and live.table.hand_number == 2
    who = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act or 0]]
    await service.handle(table_id, who, Play("raise", 10))
    kept = live.table.to_dict()
    assert _chips(service, table_id) == 1500

    await any_db.close()
    again_db = await open_db(backend_target)
    again, _ = await open_service(again_db, shuffle=lambda: Deck(rng=rng).order)
    restored = again.tables[table_id]
    assert restored.table.to_dict() == kept
    assert restored.version == live.version
    await _play_hand_out(again, table_id)
    assert _chips(again, table_id) == 1500
    results = await again_db._rows(
        "SELECT number, results FROM hands WHERE table_id = ? AND results IS NOT NULL"
        " ORDER BY number",
        (table_id,),
    )
    assert [n for n, _ in results] == [1, 2]
    ledger = await again_db.books.ledger(table_id, restored.session_id)
    assert sorted(ledger) == sorted((p.id, "buy_in", 500) for p in (ANN, BOB, CAT))
    board = await again_db.books.leaderboard("srv")
    assert sum(net for _, _, net, _ in board) == 0 and {h for *_, h in board} == {2}
    mine = await again_db.books.hands_of(table_id, BOB.id)
    assert [n for n, _, _ in mine] == [2, 1] and all(BOB.id in ids for *_, ids in mine)
    assert await again_db.books.hands_of(table_id, "nobody") == []
    played = await again_db.books.hands_played("srv", BOB.id)
    assert [len(hand.players) for hand in played] == [3, 3]
    assert sum(h.results[BOB.id] for h in played) == sum(n for p, _, n, _ in board if p == BOB.id)


async def test_a_stale_commit_is_refused_and_keeps_nothing(any_db: Database) -> None:
    """A commit built on an old version of a table (another process moved it on) is
    refused as :class:`ChangedElsewhere` on either backend, and none of it is kept: not
    its command, not its events, not its request id."""
    service, _ = await open_service(any_db)
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    version = service.tables[table_id].version
    state = StateWrite(None, "{}")
    events = [EventRow(None, {"kind": "note"})]
    await any_db.commit(table_id, version + 1, state, {"c": 1}, None, "r-1", None, events)
    with pytest.raises(ChangedElsewhere):
        await any_db.commit(table_id, version + 1, state, {"c": 2}, None, "r-2", None, events)
    assert await any_db._rows("SELECT count(*) FROM actions WHERE table_id = ?", (table_id,)) == [
        (1,)
    ]
    assert await any_db.requests.command("r-2") is None
    assert await any_db.requests.command("r-1") == (None, {"c": 1})


async def test_a_request_id_is_claimed_once_and_a_retry_applies_once(
    any_db: Database,
) -> None:
    """A platform's request id is taken once whatever came of it; and a command sent again
    under the same id is applied once, on either backend."""
    assert not await any_db.requests.seen("slack:t1")
    assert await any_db.requests.claim("slack:t1")
    assert not await any_db.requests.claim("slack:t1")
    assert await any_db.requests.seen("slack:t1")

    service, _ = await open_service(any_db)
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    who = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
    await service.handle(table_id, who, Play("call"), request_id="d:1")
    version = live.version
    await service.handle(table_id, who, Play("call"), request_id="d:1")
    assert live.version == version
    rows = await any_db._rows("SELECT count(*) FROM actions WHERE request_id = ?", ("d:1",))
    assert rows == [(1,)]


async def test_a_refused_write_keeps_nothing(any_db: Database) -> None:
    """A write the database refuses (a number past 64 bits) fails as :class:`StorageError`
    on either backend, and none of its statements is kept."""
    service, _ = await open_service(any_db)
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    with pytest.raises(StorageError):
        await any_db._write(
            [
                (
                    "INSERT INTO audit (table_id, actor_id, what, detail, at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (table_id, ANN.id, "x", "{}", 1.0),
                ),
                ("UPDATE hands SET biggest_pot = ? WHERE table_id = ?", (2**70, table_id)),
            ]
        )
    assert await any_db._rows("SELECT count(*) FROM audit") == [(0,)]


async def test_the_table_message_and_the_session_switch_are_kept(any_db: Database) -> None:
    """Where a hand is shown is remembered (the newest replacing the last); ending the
    night opens the next session, numbered after every other, on either backend."""
    service, _ = await open_service(any_db)
    table_id = await table_with_three(service)
    await any_db.save_table_message(table_id, 1, "m-1")
    await any_db.save_table_message(table_id, 2, "m-2")
    assert await any_db.table_messages() == {table_id: (2, "m-2")}
    live = service.tables[table_id]
    await service.handle(table_id, ANN, parse("pause"))
    await _play_hand_out(service, table_id)
    night = live.session_id
    await service.handle(table_id, ANN, parse("end"))
    assert live.session_id == (night or 0) + 1
    assert await any_db.session_of(table_id) == live.session_id
    other = await service.create_table("srv", "other", BOB, SETTINGS)
    assert service.tables[other].session_id == live.session_id + 1


def test_postgres_reads_our_sql_in_its_own_dialect() -> None:
    """The statements are written once, in SQLite's dialect: PostgreSQL's numbered
    parameters (never inside quotes), ``IS NOT DISTINCT FROM`` for ``IS ?``, ``ON
    CONFLICT DO NOTHING`` for ``INSERT OR IGNORE``, a JSON array's elements for
    ``json_each``; and the migrations in its types."""
    assert postgres("SELECT a FROM t WHERE b = ? AND c = '?' AND d = ?") == (
        "SELECT a FROM t WHERE b = $1 AND c = '?' AND d = $2"
    )
    assert postgres("SELECT 1 FROM ledger WHERE t = ? AND s IS ?") == (
        "SELECT 1 FROM ledger WHERE t = $1 AND s IS NOT DISTINCT FROM $2"
    )
    assert postgres("INSERT OR IGNORE INTO servers (id) VALUES (?)") == (
        "INSERT INTO servers (id) VALUES ($1) ON CONFLICT DO NOTHING"
    )
    assert postgres("SELECT 1 FROM json_each(hands.players) WHERE value = ?") == (
        "SELECT 1 FROM json_array_elements_text(hands.players::json) AS value WHERE value = $1"
    )
    assert postgres_ddl("CREATE TABLE a (id INTEGER PRIMARY KEY, n INTEGER, at REAL)") == (
        "CREATE TABLE a (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, n BIGINT,"
        " at DOUBLE PRECISION)"
    )
    assert postgres_ddl("CREATE TABLE b (k TEXT PRIMARY KEY) WITHOUT ROWID") == (
        "CREATE TABLE b (k TEXT PRIMARY KEY)"
    )
    assert postgres("SELECT 1 WHERE a is ? AND b IS NOT ? -- one ? here\n AND c = ?") == (
        "SELECT 1 WHERE a IS NOT DISTINCT FROM $1 AND b IS DISTINCT FROM $2 -- one ? here\n"
        " AND c = $3"
    )
    assert postgres("INSERT OR IGNORE INTO s (id) VALUES (?) RETURNING id;") == (
        "INSERT INTO s (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id"
    )


async def test_an_unreachable_server_is_refused_clearly_and_keeps_its_password(
    unused_tcp_port: int,
) -> None:
    """A PostgreSQL URL whose server does not answer is a :class:`StorageError` naming the
    database, and its password never shows in the message."""
    url = f"postgresql://kb:secret@127.0.0.1:{unused_tcp_port}/night"
    with pytest.raises(StorageError) as refused:
        await Database.open(url)
    assert str(refused.value).startswith(
        f"cannot open the database postgresql://kb@127.0.0.1:{unused_tcp_port}/night: "
    )
    assert "secret" not in str(refused.value)


async def test_processes_starting_together_migrate_once(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """Several bot processes started at once on a new PostgreSQL database migrate it once
    (under a lock): every one opens, and the version is recorded once."""
    import asyncio

    opened = await asyncio.gather(*(open_db(postgres_url) for _ in range(4)))
    assert await opened[0]._rows("SELECT version FROM schema_version") == [(len(MIGRATIONS),)]


async def test_names_that_look_like_sql_are_kept_as_they_were_typed(any_db: Database) -> None:
    """Names and channels with quotes, backslashes, ``?``, ``$1``, a statement's end and
    letters of every script are stored and read back exactly, on either backend."""
    odd = "Bob'); DROP TABLE players;-- \\ ? $1 ñ 漢 🂡"
    service, _ = await open_service(any_db)
    table_id = await service.create_table("srv", f"c'{odd}", ANN, SETTINGS)
    player = type(BOB)(BOB.id, odd)
    await service.handle(table_id, player, parse("sit 300"))
    names = await any_db._rows("SELECT display_name FROM players WHERE id = ?", (BOB.id,))
    assert names == [(odd,)]
    assert await any_db.table_in_channel("srv", f"c'{odd}") == table_id
    assert await any_db._rows("SELECT count(*) FROM players") == [(2,)]


async def test_tables_opened_at_the_same_moment_all_open_with_sessions_of_their_own(
    any_db: Database,
) -> None:
    """Eight tables opened at once in eight channels (on PostgreSQL, through a pool of
    connections, truly at once): every one opens, each with a session of its own."""
    import asyncio

    service, _ = await open_service(any_db)
    ids = await asyncio.gather(
        *(service.create_table("srv", f"c{n}", ANN, SETTINGS) for n in range(8))
    )
    sessions = {service.tables[t].session_id for t in ids}
    assert len(ids) == 8 and len(sessions) == 8 and None not in sessions


async def test_a_nul_in_a_name_is_kept_by_sqlite_and_refused_clearly_by_postgres(
    any_db: Database, backend_target: str
) -> None:
    """PostgreSQL keeps no NUL character in text: a name carrying one is refused there
    with what went wrong and nothing changed; SQLite keeps it."""
    service, _ = await open_service(any_db)
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    odd = type(BOB)(BOB.id, "b\x00b")
    before = service.tables[table_id].version
    if backend_target.startswith("postgresql://"):
        with pytest.raises(ServiceError, match="a name or text the database cannot hold"):
            await service.handle(table_id, odd, parse("sit 300"))
        assert service.tables[table_id].version == before
        assert await any_db.version_of(table_id) == before
    else:
        await service.handle(table_id, odd, parse("sit 300"))
        assert await any_db._rows("SELECT display_name FROM players WHERE id = ?", (BOB.id,)) == [
            ("b\x00b",)
        ]


async def test_a_postgres_database_that_does_not_keep_utf8_is_refused_clearly(
    postgres_url: str,
) -> None:
    """Names in chat need UTF8: a database made with another encoding is refused when
    opened, saying how to make one that works, rather than failing at the first name."""
    import asyncpg

    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(
            "CREATE DATABASE latin ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"
        )
    finally:
        await admin.close()
    try:
        with pytest.raises(StorageError, match="keeps text as LATIN1.*createdb --encoding=UTF8"):
            await Database.open(database_url(postgres_url, "latin"))
    finally:
        admin = await asyncpg.connect(postgres_url)
        try:
            await admin.execute("DROP DATABASE latin WITH (FORCE)")
        finally:
            await admin.close()


async def test_a_table_read_while_it_moves_is_read_again(
    any_db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One table is read alone, its row then its moves: when its version has moved past
    the one read (another process committed in between) it is read again; a table that
    never holds still is refused, not returned half read."""
    service, _ = await open_service(any_db)
    table_id = await table_with_three(service)
    real = any_db.version_of
    calls = 0

    async def moving(table: str) -> int | None:
        nonlocal calls
        calls += 1
        version = await real(table)
        return None if version is None else version + (1 if calls == 1 else 0)

    monkeypatch.setattr(any_db, "version_of", moving)
    stored = await any_db.load_table(table_id)
    assert calls == 2 and stored is not None
    assert stored.version == service.tables[table_id].version

    async def restless(table: str) -> int | None:
        version = await real(table)
        return None if version is None else version + 1

    monkeypatch.setattr(any_db, "version_of", restless)
    with pytest.raises(StorageError, match="kept moving while it was read"):
        await any_db.load_table(table_id)


async def test_a_commit_carries_another_table_at_its_version_or_keeps_nothing(
    any_db: Database,
) -> None:
    """A commit at one table may carry another table's new state, command and events (a
    tournament's player moved between tables goes in one transaction, RULES.md
    "Tournaments", several tables): both tables move on at once; if the other table was
    changed elsewhere meanwhile, nothing of either is kept, on either backend."""
    service, _ = await open_service(any_db)
    one = await service.create_table("srv", "one", ANN, SETTINGS)
    two = await service.create_table("srv", "two", ANN, SETTINGS)
    v1, v2 = service.tables[one].version, service.tables[two].version
    moved = TableWrite(two, v2 + 1, StateWrite(None, '{"moved": 1}'), {"type": "Moved"})
    events = [EventRow(None, {"kind": "note"})]
    await any_db.commit(
        one, v1 + 1, StateWrite(None, "{}"), {"c": 1}, None, None, None, events, [moved]
    )
    rows = dict(
        await any_db._rows(
            "SELECT table_id, version FROM table_versions WHERE table_id IN (?, ?)", (one, two)
        )
    )
    assert rows == {one: v1 + 1, two: v2 + 1}
    assert await any_db._rows("SELECT count(*) FROM actions WHERE table_id = ?", (two,)) == [(1,)]
    # built on a version the table no longer has (nor any action row at the new one)
    stale = TableWrite(two, v2 + 5, StateWrite(None, '{"moved": 2}'), {"type": "Moved"})
    with pytest.raises(ChangedElsewhere):
        await any_db.commit(
            one, v1 + 2, StateWrite(None, "{}"), {"c": 2}, None, "r-9", None, events, [stale]
        )
    rows = dict(
        await any_db._rows(
            "SELECT table_id, version FROM table_versions WHERE table_id IN (?, ?)", (one, two)
        )
    )
    assert rows == {one: v1 + 1, two: v2 + 1}
    assert await any_db._rows("SELECT count(*) FROM actions WHERE table_id = ?", (one,)) == [(1,)]
    assert await any_db.requests.command("r-9") is None


async def test_a_tournament_row_written_at_an_old_version_keeps_nothing(any_db: Database) -> None:
    """A tournament's books written with the version they were read at: another process's
    write in between (its books moved on) refuses this commit whole, on either backend."""
    service, _ = await open_service(any_db)
    table_id = await service.create_table("srv", "one", ANN, SETTINGS)
    stored = await any_db.tournaments.create(
        "t1", "srv", "one", (ANN.id, "test", ANN.name), {"n": 0}
    )
    version = service.tables[table_id].version
    fresh = TournamentSaved("t1", {"n": 1}, "running", version=stored.version)
    await any_db.commit(
        table_id, version + 1, StateWrite(None, "{}"), {}, None, None, None, [], [fresh]
    )
    again = await any_db.tournaments.load("t1")
    assert again is not None and again.version == stored.version + 1 and again.state == {"n": 1}
    old = TournamentSaved("t1", {"n": 2}, "running", version=stored.version)
    with pytest.raises(ChangedElsewhere):
        await any_db.commit(
            table_id, version + 2, StateWrite(None, "{}"), {}, None, None, None, [], [old]
        )
    last = await any_db.tournaments.load("t1")
    assert last is not None and last.state == {"n": 1}


async def test_a_table_carried_by_another_commit_and_its_own_at_once_moves_on_once(
    any_db: Database,
) -> None:
    """Two commits sent together, one table's own and another table's that carries it
    (on SQLite they share one group transaction): exactly one of them moves it on, and
    the other is refused as changed elsewhere, keeping nothing."""
    service, _ = await open_service(any_db)
    one = await service.create_table("srv", "one", ANN, SETTINGS)
    two = await service.create_table("srv", "two", ANN, SETTINGS)
    v1, v2 = service.tables[one].version, service.tables[two].version
    carried = TableWrite(two, v2 + 1, StateWrite(None, '{"by": "one"}'), {"type": "Moved"})
    results = await asyncio.gather(
        any_db.commit(two, v2 + 1, StateWrite(None, '{"by": "two"}'), {}, None, None, None, []),
        any_db.commit(one, v1 + 1, StateWrite(None, "{}"), {}, None, None, None, [], [carried]),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], ChangedElsewhere)
    rows = dict(
        await any_db._rows(
            "SELECT table_id, version FROM table_versions WHERE table_id IN (?, ?)", (one, two)
        )
    )
    assert rows[two] == v2 + 1
    assert rows[one] == (v1 + 1 if refused[0] is results[0] else v1)
    assert await any_db._rows("SELECT count(*) FROM actions WHERE table_id = ?", (two,)) == [(1,)]
