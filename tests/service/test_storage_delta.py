"""Storage of the hand in progress as its moves, group commit, background checkpoints."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from support import OpenDatabase, open_service, table_with_three, to_act

from bot.process import gcpolicy
from bot.service.statetext import StateText, table_data
from bot.service.tables import TableService
from bot.words.commands import Play
from storage.checkpoint import Checkpointer
from storage.db import Database, StateWrite, StorageError, StoredTable


def _state(
    actions: list[dict[str, Any]], stack: int = 500, deadline: float = 12.5
) -> dict[str, Any]:
    table = {
        "settings": {"seats": 6},
        "seating": {"seats": {"1": {"stack": stack}}},
        "running": True,
        "clock": {"deadline": deadline},
        "current": {"number": 1, "setup": {"names": ["a"]}, "shuffle": None, "actions": actions},
    }
    return {"table": table, "names": {"a": "Ann"}}


def test_only_new_moves_are_written_while_the_rest_stays() -> None:
    """A move writes its moves and the parts that change from move to move (the table's
    clock among them), never the whole table again; the table read back is the one
    written."""
    text = StateText()
    first = _state([{"kind": "call", "player": 0}])
    write = text.encode(first, None)
    assert write.base is not None and json.loads(write.base) == {"table": first["table"]}
    live = {"running": True, "clock": {"deadline": 12.5}}
    assert json.loads(write.live or "") == {"names": {"a": "Ann"}, "table_live": live}
    later = _state([{"kind": "call", "player": 0}, {"kind": "fold", "player": 1}], deadline=40)
    write = text.encode(later, first["table"])
    assert write.base is None and len(write.moves) == 1
    assert json.loads(write.live or "")["table_live"]["clock"] == {"deadline": 40}
    stored = {**first, **json.loads(write.live or "")}
    assert table_data(stored)["clock"] == {"deadline": 40}

    more = _state(first["table"]["current"]["actions"] + [{"kind": "fold", "player": 1}])
    write = text.encode(more, first["table"])
    assert write.base is None
    assert [(seq, json.loads(text)) for seq, text in write.moves] == [
        (1, {"kind": "fold", "player": 1})
    ]

    for changed in (_state(more["table"]["current"]["actions"], stack=400), _state([])):
        write = text.encode(changed, more["table"])
        assert write.base is not None and not write.moves


async def test_moves_are_laid_over_the_stored_table_and_a_gap_is_reported(db: Database) -> None:
    state = _state([{"kind": "call", "player": 0}])
    stored = StoredTable("s/c", "s", "c", "h", {}, state, 0, None)
    await db.create_table(stored, "console", "Host", "holdem", False)
    fold = {"kind": "fold", "player": 1}
    move = StateWrite(None, json.dumps({"running": False}), [(1, json.dumps(fold))])
    await db.commit("s/c", 1, move, {"type": "Play"}, None, None, 1, [])
    (table,) = await db.load_tables()
    assert table.version == 1 and table.state["running"] is False
    assert table.state["table"]["current"]["actions"][1] == fold

    with pytest.raises(StorageError, match="changed elsewhere"):
        await db.commit("s/c", 1, move, {"type": "Play"}, None, None, 1, [])
    gap = StateWrite(None, "{}", [(5, json.dumps(fold))])
    await db.commit("s/c", 2, gap, {"type": "Play"}, None, None, 1, [])
    assert await db.load_tables() == [] and "does not follow" in db.broken[0][1]


async def test_a_failed_write_in_a_group_leaves_the_others_committed(db: Database) -> None:
    await db._write([("CREATE TABLE n (x INTEGER UNIQUE)", ())])
    results = await asyncio.gather(
        db._write([("INSERT INTO n VALUES (1)", ())]),
        db._write([("INSERT INTO n VALUES (2)", ()), ("INSERT INTO n VALUES (1)", ())]),
        db._write([("UPDATE n SET x = 9 WHERE x = 7", ())], must_change=0),
        db._write([("INSERT INTO n VALUES (3)", ())]),
        return_exceptions=True,
    )
    assert results[0] is None and results[3] is None
    assert "UNIQUE" in str(results[1]) and "changed elsewhere" in str(results[2])
    assert await db._rows("SELECT x FROM n ORDER BY x") == [(1,), (3,)]
    assert db.writes.transactions < db.writes.writes  # the four shared transactions


async def test_the_log_is_checkpointed_off_the_commits_and_kept_bounded(
    service: TableService, tmp_path: Path
) -> None:
    assert service.db.checkpointer is not None
    assert await service.db._rows("PRAGMA wal_autocheckpoint") == [(0,)]
    table_id = await table_with_three(service)
    await service.handle(table_id, to_act(service, table_id), Play("call"))
    await service.db.close()
    path = tmp_path / "t.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE big (x BLOB)")
    for _ in range(50):
        conn.execute("INSERT INTO big VALUES (?)", (os.urandom(8000),))
    checkpointer = Checkpointer(str(path), wal_limit_bytes=4096)
    checkpointer.checkpoint(sqlite3.connect(path, isolation_level=None))
    assert checkpointer.last_error is None and checkpointer.truncations == 1
    assert os.path.getsize(str(path) + "-wal") == 0
    assert conn.execute("SELECT count(*) FROM big").fetchone() == (50,)
    conn.close()


def test_settle_moves_what_survives_out_of_the_collectors_reach() -> None:
    try:
        gcpolicy.settle()
        assert gc.get_freeze_count() > 0 and gc.get_count()[2] == 0
    finally:
        gc.unfreeze()


def test_settles_are_frequent_when_short_and_held_to_a_share_of_the_time() -> None:
    assert gcpolicy.next_pause(0.002) == gcpolicy.EVERY == 0.5
    assert gcpolicy.next_pause(0.060) == pytest.approx(6.0)  # 60 ms kept to 1% of the time
    assert gcpolicy.next_pause(0.060, every=10.0) == 10.0


async def test_a_restart_restores_a_hand_stored_as_its_moves(
    service: TableService, open_db: OpenDatabase, tmp_path: Path
) -> None:
    table_id = await table_with_three(service)
    for _ in range(2):
        await service.handle(table_id, to_act(service, table_id), Play("call"))
    moves = await service.db._rows("SELECT count(*) FROM hand_moves")
    live = service.tables[table_id]
    expected = (live.version, json.loads(json.dumps(live.state())))
    await service.db.close()
    again, _ = await open_service(await open_db(tmp_path / "t.db"))
    restored = again.tables[table_id]
    assert moves[0][0] >= 1 and (restored.version, restored.state()) == expected


async def test_migration_3_moves_the_version_and_live_fields_to_a_row_of_their_own(
    open_db: OpenDatabase, tmp_path: Path
) -> None:
    """A database written before migration 3 (version and live fields in the table's row)
    opens with both moved to ``table_versions``, read back the same; the next commit
    checks and bumps the version there."""
    from storage.schema import MIGRATIONS

    path = tmp_path / "old.db"
    raw = sqlite3.connect(path, isolation_level=None)
    for statements in MIGRATIONS[:2]:
        for statement in statements:
            raw.execute(statement)
    raw.execute("PRAGMA user_version=2")
    raw.execute("INSERT INTO servers (id, platform) VALUES ('srv', 'test')")
    raw.execute("INSERT INTO players (id, platform, display_name) VALUES ('u1', 'test', 'Ann')")
    base = {"table": {"seats": 6}, "running": False, "deadline": None}
    raw.execute(
        "INSERT INTO poker_tables (id, server_id, channel, host_id, game, kill_game, settings,"
        " state, version, session_id, created_at, live)"
        " VALUES ('srv/c', 'srv', 'c', 'u1', 'holdem', 0, '{}', ?, 41, NULL, 0, ?)",
        (json.dumps(base), json.dumps({"running": True, "deadline": 99.5})),
    )
    raw.close()

    db = await open_db(path)
    (table,) = await db.load_tables()
    assert table.version == 41
    assert table.state == {"table": {"seats": 6}, "running": True, "deadline": 99.5}
    columns = {row[1] for row in await db._rows("PRAGMA table_info(poker_tables)")}
    assert "version" not in columns and "live" not in columns
    with pytest.raises(StorageError, match="changed elsewhere"):
        await db.commit("srv/c", 41, base, {"type": "Status"}, None, None, None, [])
    await db.commit("srv/c", 42, base, {"type": "Status"}, None, None, None, [])
    (table,) = await db.load_tables()
    assert table.version == 42 and table.state == base


async def test_a_group_commit_batches_each_statement_and_fails_only_the_bad_writes(
    db: Database,
) -> None:
    """Many tables' commits in one transaction, each statement's rows run together: a
    stale version or a repeated request id fails that write alone; a full write empties
    the moves only of its own table; two writes of one table go in order, apart."""
    from storage.db import EventRow

    ids = [f"srv/c{n}" for n in range(6)]
    for table_id in ids:
        stored = StoredTable(table_id, "srv", table_id[4:], "u1", {}, _state([]), 0, None)
        await db.create_table(stored, "test", "Ann", "holdem", False)

    def move(table_id: str, version: int, seq: int, request: str | None = None) -> Any:
        write = StateWrite(None, json.dumps({"deadline": version}), [(seq, json.dumps({"s": seq}))])
        events = [EventRow(None, {"type": "Notice", "n": n}) for n in range(3)]
        play = {"type": "Play", "kind": "check"}
        return db.commit(table_id, version, write, play, None, request, 1, events)

    before = db.writes.transactions
    results = await asyncio.gather(
        *(move(t, 1, 0, f"r{n}") for n, t in enumerate(ids[:4])),
        move(ids[4], 7, 0),  # stale: the table is at version 0
        move(ids[5], 1, 0, "r0"),  # a platform's retry of r0, at another table
        return_exceptions=True,
    )
    assert results[:4] == [None] * 4
    assert "changed elsewhere" in str(results[4]) and "UNIQUE" in str(results[5])
    # the first alone (the connection was idle), the five queued behind it in one group
    assert db.writes.transactions - before == 2
    full = json.dumps(_state([{"s": 0}, {"s": 1}], stack=400))
    second = await asyncio.gather(
        db.commit(ids[0], 2, StateWrite(full, "{}"), {"type": "Deal"}, None, None, 2, []),
        move(ids[1], 2, 1),
        move(ids[2], 2, 1),
        move(ids[2], 3, 2),  # the same table again: the next transaction
        return_exceptions=True,
    )
    assert second == [None] * 4
    stored = {t.id: t for t in await db.load_tables()}
    assert [t.version for t in (stored[i] for i in ids)] == [2, 2, 3, 1, 0, 0]
    assert stored[ids[0]].state["table"]["current"]["actions"] == [{"s": 0}, {"s": 1}]
    assert await db._rows("SELECT seq FROM hand_moves WHERE table_id = ?", (ids[0],)) == []
    assert stored[ids[2]].state["table"]["current"]["actions"] == [
        {"s": 0},
        {"s": 1},
        {"s": 2},
    ]
    assert stored[ids[2]].state["deadline"] == 3
    events = await db._rows(
        "SELECT table_id, version, event FROM events WHERE table_id = ? ORDER BY id", (ids[1],)
    )
    assert [(v, json.loads(e)["n"]) for _, v, e in events] == [
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    ]
    assert await db._rows("SELECT count(*) FROM actions WHERE table_id = ?", (ids[5],)) == [(0,)]


async def test_a_value_sqlite_cannot_hold_fails_its_write_and_no_writer_waits_forever(
    db: Database,
) -> None:
    """An integer past 64 bits (OverflowError, neither a database error nor a ValueError)
    fails its own write with a clear error; the writes grouped with it commit, and none is
    left waiting."""
    await db._write([("CREATE TABLE n (x INTEGER)", ())])
    results = await asyncio.wait_for(
        asyncio.gather(
            db._write([("INSERT INTO n VALUES (?)", (1,))]),
            db._write([("INSERT INTO n VALUES (?)", (2**70,))]),
            db._write([("INSERT INTO n VALUES (?)", (3,))]),
            return_exceptions=True,
        ),
        timeout=10,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], StorageError) and "refused" in str(results[1])
    assert await db._rows("SELECT x FROM n ORDER BY x") == [(1,), (3,)]


async def test_a_lone_write_stores_its_events_as_one_insert_in_order(db: Database) -> None:
    """A write alone in its transaction runs a run of identical one-row inserts (its
    events) as one insert, in order, a NUL kept; a refused row in the run fails the whole
    write and keeps nothing of it."""
    from storage.records import EventRow
    from storage.statements import EVENT_INSERT
    from storage.writes import _coalesced

    statements = [
        ("UPDATE t SET v = ? WHERE id = ?", (1, 2)),
        (EVENT_INSERT, ("a", 1, 1, None, "x")),
        (EVENT_INSERT, ("a", 1, 1, None, "y")),
        ("INSERT INTO other (x) VALUES (?) ON CONFLICT DO NOTHING", (1,)),
        ("INSERT INTO other (x) VALUES (?) ON CONFLICT DO NOTHING", (2,)),
    ]
    runs = list(_coalesced(statements, 0))
    assert [(sql.count("(?, ?, ?, ?, ?)"), len(params), must) for sql, params, must in runs] == [
        (0, 2, True),
        (2, 10, False),
        (0, 1, False),
        (0, 1, False),
    ]
    assert list(_coalesced(statements[1:3], 1)) == [(*statements[1], False), (*statements[2], True)]

    stored = StoredTable("s/c", "s", "c", "h", {}, _state([]), 0, None)
    await db.create_table(stored, "console", "Host", "holdem", False)
    write = StateWrite(None, "{}", [(0, json.dumps({"s": 0}))])
    events = [EventRow(None, {"n": n, "text": "a\x00b" if n == 3 else ""}) for n in range(70)]
    await db.commit("s/c", 1, write, {"type": "Play"}, None, None, 1, events)
    rows = await db._rows("SELECT event FROM events WHERE table_id = 's/c' ORDER BY id")
    assert [json.loads(e)["n"] for (e,) in rows] == list(range(70))
    assert json.loads(rows[3][0])["text"] == "a\x00b"

    await db._write([("CREATE TABLE n (x INTEGER UNIQUE)", ())])
    one = "INSERT INTO n (x) VALUES (?)"
    with pytest.raises(StorageError, match="UNIQUE"):
        await db._write([(one, (1,)), (one, (2,)), (one, (1,))])
    assert await db._rows("SELECT count(*) FROM n") == [(0,)]


async def test_a_cancelled_writer_leaves_no_write_queued_behind_it_waiting(db: Database) -> None:
    """A write that finds the connection idle is committed by its own writer; if that
    writer is cancelled while its transaction runs, the write stands, and the writes
    queued behind it are still committed."""
    await db._write([("CREATE TABLE n (x INTEGER)", ())])
    first = asyncio.ensure_future(db._write([("INSERT INTO n VALUES (1)", ())]))
    await asyncio.sleep(0)  # its transaction is now on aiosqlite's thread
    behind = asyncio.ensure_future(db._write([("INSERT INTO n VALUES (2)", ())]))
    await asyncio.sleep(0)
    first.cancel()
    await asyncio.wait_for(behind, timeout=10)
    assert first.cancelled()
    assert await db._rows("SELECT x FROM n ORDER BY x") == [(1,), (2,)]
