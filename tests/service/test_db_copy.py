"""``killbutton db copy``: a whole database moved to another backend (or file), checked row
by row, and play going on from the copy exactly as it would have from the original."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from support import ANN, BOB, CAT, SETTINGS, OpenDatabase, open_service, table_with_three

from bot.app.cli import main
from bot.engine.cards import Deck
from bot.service.tables import TableService
from bot.words.commands import Play, parse
from storage import StorageError
from storage.copy import TABLES, copy_database
from storage.db import Database
from storage.schema import MIGRATIONS


def test_the_copy_covers_every_table_and_column_of_the_schema() -> None:
    """Every table the migrations make is copied, parents first, with every column (an
    ``id`` the database numbers itself is left to the target): a migration that adds a
    table or a column and forgets the copy fails here."""
    conn = sqlite3.connect(":memory:")
    for migration in MIGRATIONS:
        for statement in migration:
            conn.execute(statement)
    schema = {
        name: [row[1] for row in conn.execute(f"PRAGMA table_info({name})")]
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    copied = {t.name: [*(["id"] if t.numbered else []), *t.columns] for t in TABLES}
    assert copied == schema
    order = [t.name for t in TABLES]
    for name in order:  # a table's parents come before it
        parents = {row[2] for row in conn.execute(f"PRAGMA foreign_key_list({name})")}
        assert all(order.index(p) < order.index(name) for p in parents), name


async def _play(service: TableService, table_id: str, hands: int) -> None:
    """``hands`` more hands ended, each player to act calling or checking, but the first
    to act of each hand raising to 10."""
    live = service.tables[table_id]
    for _ in range(hands):
        hand = live.table.hand
        assert hand is not None
        first = True
        while hand.to_act is not None:
            who = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
            legal = hand.legal_actions()
            if first and legal.min_raise_to is not None and legal.min_raise_to <= 10:
                await service.handle(table_id, who, Play("raise", 10))
            else:
                await service.handle(table_id, who, Play("check" if legal.can_check else "call"))
            first = False


def _dealt(table: dict[str, Any]) -> dict[str, Any]:
    """A table's state without its hand's shuffle secrets: the salts of the commitment
    and the seed of a stud reshuffle are drawn from the operating system whatever deck the
    test deals, so two tables dealt the same cards differ only there."""
    current = table.get("current")
    if current is not None:
        current.pop("shuffle", None)
        current["setup"].pop("reshuffle_seed", None)
    return table


async def _night(db: Database, seed: int) -> tuple[TableService, str, str]:
    """Two tables on ``db``: one after three hands and a night ended, dealt again and in
    the middle of a hand; the other with a hand just dealt."""
    rng = random.Random(seed)
    service, _ = await open_service(db, shuffle=lambda: Deck(rng=rng).order)
    first = await table_with_three(service)
    await _play(service, first, 2)
    await service.handle(first, ANN, parse("pause"))
    await _play(service, first, 1)
    await service.handle(first, ANN, parse("end"))
    await service.handle(first, ANN, parse("start"))
    hand = service.tables[first].table.hand
    assert hand is not None and hand.to_act is not None
    who = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
    await service.handle(first, who, Play("call"))
    second = await service.create_table("srv", "other", BOB, SETTINGS)
    for player in (BOB, CAT):
        await service.handle(second, player, parse("sit 300"))
    await service.handle(second, BOB, parse("start"))
    return service, first, second


async def test_a_copy_with_hands_in_play_goes_on_exactly_as_the_original(
    open_db: OpenDatabase, tmp_path: Path, backend_target: str
) -> None:
    """A SQLite database with a finished night, a hand in the middle and a hand just
    dealt is copied (to PostgreSQL, and to another SQLite file); the copy is checked row by
    row; then the same moves with the same decks on the original and on the copy end on the
    same tables, the same results and the same books."""
    original = await open_db(tmp_path / "original.db")
    _, first, second = await _night(original, seed=3)
    await original.close()

    source = await open_db(tmp_path / "original.db")
    target = await open_db(backend_target)
    counts = await copy_database(source, target)
    assert counts["poker_tables"] == 2 and counts["sessions"] == 3 and counts["hands"] == 5
    assert counts["hand_moves"] > 0  # the hand in the middle is kept as its moves

    ends = []
    for db in (source, target):
        rng = random.Random(99)
        service, _ = await open_service(db, shuffle=lambda rng=rng: Deck(rng=rng).order)
        await _play(service, first, 2)
        await _play(service, second, 1)
        tables = [_dealt(service.tables[t].table.to_dict()) for t in (first, second)]
        results = await db._rows(
            "SELECT table_id, number, results, phh FROM hands ORDER BY table_id, number"
        )
        board = await db.books.leaderboard("srv")
        ledger = await db.books.ledger(first, service.tables[first].session_id)
        ends.append((tables, results, board, ledger))
    assert ends[0] == ends[1]
    assert len(ends[0][1]) == 8
    # the copy numbers new sessions past the ones copied in
    service, _ = await open_service(target)
    third = await service.create_table("srv", "third", CAT, SETTINGS)
    assert service.tables[third].session_id == 4


async def test_a_copy_into_a_database_that_holds_tables_is_refused(
    open_db: OpenDatabase, tmp_path: Path, any_db: Database
) -> None:
    """Copying over tables already there would mix two bots' books: refused, with the
    target left as it was."""
    service, _ = await open_service(any_db)
    await table_with_three(service)
    before = await any_db._rows("SELECT count(*) FROM actions")
    source = await open_db(tmp_path / "other.db")
    with pytest.raises(
        StorageError, match=r"is not empty \(it holds 1 table\): copy into an empty database"
    ):
        await copy_database(source, any_db)
    assert await any_db._rows("SELECT count(*) FROM actions") == before


async def test_killbutton_db_copy_says_what_it_copied_and_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line: a copy prints what it moved and that it checked it, exit 0; a
    source that cannot be opened is said on standard error, exit 1."""
    db = await Database.open(str(tmp_path / "night.db"))
    try:
        await _night(db, seed=4)
    finally:
        await db.close()
    source, target = str(tmp_path / "night.db"), str(tmp_path / "copy.db")
    status = await _in_thread(main, ["db", "copy", source, target])
    out = capsys.readouterr()
    assert status == 0, out.err
    assert re.fullmatch(
        r"copied 2 tables, 3 sessions, 5 hands, \d+ actions, \d+ events, \d+ ledger lines;"
        r" checked row by row: the copy is the same\n",
        out.out,
    ), out.out
    status = await _in_thread(main, ["db", "copy", str(tmp_path), str(tmp_path / "x.db")])
    err = capsys.readouterr().err
    assert status == 1 and err.startswith("killbutton db copy: cannot open the database")
    assert "that is a folder, not a file" in err


async def _in_thread(func, *args):  # type: ignore[no-untyped-def]
    """The command line runs its own event loop: call it off this test's loop."""
    import asyncio

    return await asyncio.to_thread(func, *args)
