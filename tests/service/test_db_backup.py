"""``killbutton db backup``: a consistent copy of a live SQLite database taken while a bot
goes on committing moves to it; the copy passes its check and a bot started on it resumes
the table exactly as it stood at one committed version (README, "Running at scale")."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from support import ANN, BOB, CAT, FakeClock, open_service, table_with_three

from bot.app.cli import main
from bot.service.tables import TableService
from bot.words.commands import parse
from storage import StorageError
from storage.backup import backup, backup_sqlite
from storage.db import Database


async def _move(service: TableService, table_id: str) -> None:
    """The player to act checks, or calls."""
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    player = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
    await service.handle(
        table_id, player, parse("check" if hand.legal_actions().can_check else "call")
    )
    await service.idle()


async def test_a_backup_taken_while_moves_commit_is_the_table_at_one_version(
    tmp_path: Path,
) -> None:
    live_path, copy_path = tmp_path / "night.db", tmp_path / "backup.db"
    db = await Database.open(str(live_path))
    try:
        service, _ = await open_service(db, FakeClock())
        table_id = await table_with_three(service)
        first = service.tables[table_id]
        versions: list[tuple[int, dict[str, object]]] = [(first.version, first.table.to_dict())]

        async def play() -> None:
            for _ in range(30):
                await _move(service, table_id)
                live = service.tables[table_id]
                versions.append((live.version, live.table.to_dict()))

        playing = asyncio.create_task(play())
        await asyncio.sleep(0)
        counts = await backup(live_path, copy_path)
        await playing
    finally:
        await db.close()
    assert counts["poker_tables"] == 1 and counts["actions"] > 0
    copy = await Database.open(str(copy_path))
    try:
        again, _ = await open_service(copy, FakeClock())
        restored = again.tables[table_id]
        kept = dict(versions)
        assert versions[0][0] <= restored.version <= versions[-1][0]
        if restored.version in kept:  # taken between two moves of the play above
            assert restored.table.to_dict() == kept[restored.version]
        await _move(again, table_id)  # and play goes on from it
        assert await copy.version_of(table_id) == again.tables[table_id].version
    finally:
        await copy.close()


def test_a_backup_is_refused_over_an_existing_file_or_from_no_database(tmp_path: Path) -> None:
    there = tmp_path / "there.db"
    there.write_bytes(b"kept")
    with pytest.raises(StorageError, match="exists already"):
        backup_sqlite(there, there)
    assert there.read_bytes() == b"kept"
    with pytest.raises(StorageError, match="no database file"):
        backup_sqlite(tmp_path / "none.db", tmp_path / "new.db")
    with pytest.raises(StorageError, match="file is not a database"):
        backup_sqlite(there, tmp_path / "new.db")
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE notes (text TEXT)").connection.commit()
    with pytest.raises(StorageError, match="no database of this bot"):
        backup_sqlite(other, tmp_path / "new.db")
    assert not (tmp_path / "new.db").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


async def test_killbutton_db_backup_says_what_it_copied_and_points_postgres_to_pg_dump(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live_path = tmp_path / "night.db"
    db = await Database.open(str(live_path))
    try:
        service, _ = await open_service(db, FakeClock())
        await table_with_three(service)
    finally:
        await db.close()
    target = tmp_path / "copy.db"
    assert await asyncio.to_thread(main, ["db", "backup", str(target), "--db", str(live_path)]) == 0
    out = capsys.readouterr().out
    assert "1 table" in out and "the copy passed its check" in out and target.is_file()
    assert main(["db", "backup", str(target), "--db", str(live_path)]) == 1
    assert "exists already" in capsys.readouterr().err
    assert main(["db", "backup", str(tmp_path / "x.db"), "--db", "postgresql://u@h/db"]) == 2
    assert "pg_dump" in capsys.readouterr().err
