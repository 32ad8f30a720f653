"""A tournament's hands in the books: found by the tournament they were dealt for, each
tournament at a table numbered on from the last, its chips never counted as cash
(RULES.md "Tournaments": the books)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from support import ANN, BOB  # noqa: E402
from test_sit_and_go_service import _open, _play_out, _say  # noqa: E402

from bot.engine.tournament import FINISHED  # noqa: E402
from bot.service.tables import TableService  # noqa: E402
from bot.words.tourneysetup import parse_tournament_setup  # noqa: E402
from storage.db import Database  # noqa: E402


async def _second(service: TableService, table_id: str) -> None:
    """A second tournament in the same channel, played out."""
    await service.create_tournament(
        "srv", "chan", ANN, parse_tournament_setup("tournament new turbo buyin 10 seats 2")
    )
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    await _play_out(service, table_id)


async def test_tournament_a_second_tournament_at_a_table_deals_its_hands_numbered_on(
    any_db: Database,
) -> None:
    """The next tournament in a channel whose last one is over deals at the same table,
    its hands numbered on from the last one's, so both stay in the books."""
    service, _, table_id = await _open(any_db, "turbo buyin 10 seats 2")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    await _play_out(service, table_id)
    first = service.tables[table_id].table.hand_number
    await _second(service, table_id)
    live = service.tables[table_id]
    assert live.tourney is not None and live.tourney.tournament.status == FINISHED
    assert live.table.hand_number > first
    rows = await any_db.backend.rows(
        "SELECT number FROM hands WHERE table_id = ? AND results IS NOT NULL ORDER BY number",
        (table_id,),
    )
    assert [n for (n,) in rows] == list(range(1, live.table.hand_number + 1))


async def test_tournament_chips_never_count_in_the_cash_leaderboard(any_db: Database) -> None:
    """A tournament's chips are its own: its hands are found by the tournament they were
    dealt for, and the all-time cash results leave them out (RULES.md "Tournaments": the
    books)."""
    service, _, table_id = await _open(any_db, "turbo buyin 10 seats 2")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    await _play_out(service, table_id)
    live = service.tables[table_id]
    assert await any_db.books.leaderboard("srv") == []
    hands = await any_db.books.tournament_hands(live.tournament_id or "")
    assert [h.number for h in hands] == list(range(1, live.table.hand_number + 1))
    assert sum(sum(h.results.values()) for h in hands) == 0
    played = await any_db.books.hands_played("srv", ANN.id)
    assert {h.tournament for h in played} == {live.tournament_id}


async def test_tournament_hands_stored_before_their_tournament_was_kept_are_given_it(
    any_db: Database,
) -> None:
    """A database from before hands kept their tournament gives each tournament table's
    hand the last tournament set up at its table before it was dealt (the migration's
    fill), and a cash hand none."""
    from storage.schema import MIGRATIONS

    service, _, table_id = await _open(any_db, "turbo buyin 10 seats 2")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    await _play_out(service, table_id)
    first = service.tables[table_id].tournament_id
    split = service.tables[table_id].table.hand_number
    await _second(service, table_id)
    second = service.tables[table_id].tournament_id
    await any_db._write([("UPDATE hands SET tournament_id = NULL", ())])
    fill = next(
        sql for step in MIGRATIONS for sql in step if sql.startswith("UPDATE hands SET tournament")
    )
    await any_db._write([(fill, ())])
    rows = await any_db.backend.rows("SELECT number, tournament_id FROM hands ORDER BY number", ())
    assert rows and all(t == (first if n <= split else second) for n, t in rows)
    assert first != second
