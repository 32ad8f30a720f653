"""Several bot processes serving one set of tables on PostgreSQL: each is a service with a
connection pool of its own on one database, as separate processes are. A request may
reach any of them; every move is applied once and in one order; a table's turn timer and
next deal are taken by exactly one live process, even when the one that set them died."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from crash_driver import chips_on_table
from support import (
    ANN,
    BOB,
    CAT,
    NOTICES,
    SETTINGS,
    FakeClock,
    OpenDatabase,
    kill_settings,
    open_service,
    said,
)

from bot.engine.kills import ButtonState, KillButton
from bot.engine.timebank import TimeBankRules
from bot.service.state import TableShown
from bot.service.tables import Outgoing, Player, ServiceError, TableService
from bot.words.commands import Play, Sit, Start, parse

DAN = Player("u4", "Dan")


async def _processes(
    open_db: OpenDatabase, url: str, clock: FakeClock, count: int = 2
) -> list[TableService]:
    services = []
    for _ in range(count):
        service, _ = await open_service(await open_db(url), clock)
        assert service.db.shared
        services.append(service)
    return services


def _to_act(service: TableService, table_id: str) -> tuple[str, bool]:
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    return hand.names[hand.to_act], hand.legal_actions().can_check


async def test_a_hand_played_across_two_processes_is_one_hand(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """The table is opened in one process; players sit and play through the other and
    the first in turn: each process acts on the table as last committed by either, the
    chips are conserved, and both end on the same table, one version per move."""
    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    table_id = await one.create_table("srv", "chan", ANN, SETTINGS)
    await two.handle(table_id, ANN, Sit(500))
    await one.handle(table_id, BOB, Sit(500))
    await two.handle(table_id, CAT, Sit(500))
    await one.handle(table_id, ANN, Start())
    players = {p.id: p for p in (ANN, BOB, CAT)}
    for moves in range(40):
        service = (one, two)[moves % 2]
        live = await service.current(table_id)
        assert live is not None
        if live.table.hand is None or live.table.hand_number > 2:
            break
        who, can_check = _to_act(service, table_id)
        await service.handle(table_id, players[who], Play("check" if can_check else "call"))
    else:
        pytest.fail("two hands did not end in 40 moves")
    ends = []
    for service in (one, two):
        live = await service.current(table_id)
        assert live is not None
        ends.append((live.version, live.table.to_dict()))
        assert chips_on_table(live.table) == 1500
    assert ends[0] == ends[1]
    versions = await one.db._rows(
        "SELECT version FROM actions WHERE table_id = ? ORDER BY version", (table_id,)
    )
    assert [v for (v,) in versions] == list(range(1, ends[0][0] + 1))


async def test_one_request_reaching_two_processes_at_once_is_applied_once(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """A platform delivers the same request to two processes at the same moment: one
    applies it, the other finds it applied and answers nothing; the move is made once."""
    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    table_id = await one.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    await two.current(table_id)
    who, _ = _to_act(one, table_id)
    mover = {p.id: p for p in (ANN, BOB, CAT)}[who]
    before = one.tables[table_id].version
    answers = await asyncio.gather(
        one.handle(table_id, mover, Play("raise", 10), request_id="slack:t1"),
        two.handle(table_id, mover, Play("raise", 10), request_id="slack:t1"),
    )
    assert sorted(len(a) > 0 for a in answers) == [False, True]
    rows = await one.db._rows("SELECT version FROM actions WHERE request_id = 'slack:t1'")
    assert rows == [(before + 1,)]
    for service in (one, two):
        live = await service.current(table_id)
        assert live is not None and live.version == before + 1


async def test_a_dead_process_s_turn_timer_is_taken_by_exactly_one_other(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """The process that dealt a hand dies; when the player's time runs out, one of the two
    live processes (ticking at the same moment) times him out, once, and the hand goes on."""
    clock = FakeClock()
    # the live processes started first: the table opened since is in neither's memory
    two, three = await _processes(open_db, postgres_url, clock)
    (dealer,) = await _processes(open_db, postgres_url, clock, count=1)
    table_id = await dealer.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await dealer.handle(table_id, player, Sit(500))
    await dealer.handle(table_id, ANN, Start())
    who, _ = _to_act(dealer, table_id)
    version = dealer.tables[table_id].version
    await dealer.db.close()  # the process dies with its timer pending
    assert table_id not in two.tables and table_id not in three.tables
    assert await two.tick() == [] and await three.tick() == []  # not yet due
    clock.now += SETTINGS.turn_seconds + 1
    await asyncio.gather(two.tick(), three.tick())
    rows = await two.db._rows(
        "SELECT command FROM actions WHERE table_id = ? AND version > ?", (table_id, version)
    )
    assert len(rows) == 1 and '"Timeout"' in rows[0][0] and who in rows[0][0]
    live = await two.current(table_id)
    assert live is not None and live.table.hand is not None
    assert live.table.hand.to_act is not None and _to_act(two, table_id)[0] != who


async def test_a_deal_owed_by_a_dead_process_is_dealt_by_another(
    postgres_url: str, open_db: OpenDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process whose move ended a hand dies before it deals the next: after a short
    grace another process deals it, so the game goes on."""
    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    table_id = await one.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    monkeypatch.setattr(one, "_schedule_deal", lambda table_id: None)  # dies before the deal
    who, _ = _to_act(one, table_id)
    await one.handle(table_id, {p.id: p for p in (ANN, BOB)}[who], parse("fold"))
    live = await two.current(table_id)
    assert live is not None and live.table.hand is None and live.table.hand_number == 1
    await two.tick()
    assert (await two.current(table_id)).table.hand is None  # type: ignore[union-attr]
    clock.now += 5
    await two.tick()
    live = await two.current(table_id)
    assert live is not None and live.table.hand is not None and live.table.hand_number == 2


async def test_the_clock_s_warning_is_given_once_by_one_process(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """000 NL §15 on a shared database: the clock put on a player through one process, two
    processes ticking when ten seconds are left give the warning once between them, and
    at the end one of them times him out."""
    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    published: list[list[Outgoing]] = [[], []]
    for n, service in enumerate((one, two)):
        service.publish = lambda out, asker, n=n: _record(published[n], out)
    table_id = await one.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    who, _ = _to_act(one, table_id)
    caller = next(p for p in (ANN, BOB, CAT) if p.id != who)
    await two.handle(table_id, caller, parse("clock"))
    live = await one.current(table_id)
    assert live is not None and live.table.clock.deadline is not None
    clock.now = live.table.clock.deadline - 9
    await asyncio.gather(one.tick(), two.tick())
    await asyncio.gather(one.shown(), two.shown())
    warnings = [
        said(one, o)
        for out in published
        for o in out
        if isinstance(o.event, NOTICES) and "ten seconds left" in said(one, o)
    ]
    assert len(warnings) == 1
    clock.now = live.table.clock.deadline + 1
    await asyncio.gather(one.tick(), two.tick())
    rows = await one.db._rows("SELECT command FROM actions WHERE command LIKE '%Timeout%'")
    assert len(rows) == 1 and who in rows[0][0]


async def test_a_time_bank_is_counted_down_once_by_one_process(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """RULES.md "The time bank" on a shared database: the bank opened through one process,
    two processes ticking at ten seconds left show the table message counting it down
    once between them, and at the end one of them times the player out."""
    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    published: list[list[Outgoing]] = [[], []]
    for n, service in enumerate((one, two)):
        service.publish = lambda out, asker, n=n: _record(published[n], out)
    banked = replace(SETTINGS, time_bank=TimeBankRules(20))
    table_id = await one.create_table("srv", "chan", ANN, banked)
    for player in (ANN, BOB, CAT):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    clock.now += 31
    await asyncio.gather(one.tick(), two.tick())
    live = await two.current(table_id)
    assert live is not None and live.table.clock.deadline is not None
    assert live.table.banks.running is not None
    clock.now = live.table.clock.deadline - 9.5
    await asyncio.gather(one.tick(), two.tick())
    await asyncio.gather(one.shown(), two.shown())
    footers = [
        o.event.view.footer
        for out in published
        for o in out
        if isinstance(o.event, TableShown) and o.event.view.footer.endswith("s left")
    ]
    # each process's own list: which one showed which is theirs to settle
    assert sorted(f.rsplit(": ", 1)[-1] for f in footers) == ["10s left", "20s left"]
    clock.now = live.table.clock.deadline + 1
    await asyncio.gather(one.tick(), two.tick())
    rows = await one.db._rows("SELECT command FROM actions WHERE command LIKE '%Timeout%'")
    assert len(rows) == 2  # the turn's timer opened the bank, the bank's ran out


async def test_a_time_bank_under_the_clock_is_still_counted_down(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """The clock put on a player with 35 seconds of bank left leaves them to him (it never
    lengthens a turn): on a shared database the bank's countdown marks at 30 and 20 come
    before the clock's ten-second warning, each shown once."""
    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    published: list[Outgoing] = []
    for service in (one, two):
        service.publish = lambda out, asker: _record(published, out)
    banked = replace(SETTINGS, time_bank=TimeBankRules(35))
    table_id = await one.create_table("srv", "chan", ANN, banked)
    for player in (ANN, BOB, CAT):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    who, _ = _to_act(one, table_id)
    clock.now += 30
    await asyncio.gather(one.tick(), two.tick())
    caller = next(p for p in (ANN, BOB, CAT) if p.id != who)
    await two.handle(table_id, caller, parse("clock"))
    for _ in range(26):  # to 9 seconds left
        clock.now += 1
        await asyncio.gather(one.tick(), two.tick())
    await asyncio.gather(one.shown(), two.shown())
    left = [
        o.event.view.footer.rsplit(": ", 1)[-1]
        for o in published
        if isinstance(o.event, TableShown) and o.event.view.footer.endswith("s left")
    ]
    assert [n for n in left if n in ("30s left", "20s left")] == ["30s left", "20s left"]
    warnings = [
        o for o in published if isinstance(o.event, NOTICES) and "ten seconds" in said(one, o)
    ]
    assert len(warnings) == 1


async def _record(into: list[Outgoing], out: Sequence[Outgoing]) -> None:
    into.extend(out)


async def test_000_kill_6_a_kill_owed_at_another_process_s_table_keeps_the_player_out(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """000 kill §6 across processes: Bob owes a kill at table a, served by one process;
    table b, opened later in another, does not deal him in and says where he owes what."""
    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    published: list[Outgoing] = []
    two.publish = lambda out, asker: _record(published, out)
    a = await one.create_table("srv", "a", ANN, kill_settings())
    for player in (ANN, BOB):
        await one.handle(a, player, Sit(500))
    kills = one.tables[a].table.kills
    assert kills is not None
    kills.button = KillButton(ButtonState.KILLED, BOB.id, 20)
    await one.handle(a, ANN, parse("set runs off"))  # committed with the table's state
    assert a not in two.tables

    b = await two.create_table("srv", "b", CAT, kill_settings())
    for player in (CAT, BOB, DAN):
        await two.handle(b, player, Sit(500))
    await two.handle(b, CAT, Start())
    await two.idle()
    hand = two.tables[b].table.hand
    assert hand is not None and sorted(hand.names) == sorted([CAT.id, DAN.id])
    told = [said(two, o) for o in published if isinstance(o.event, NOTICES)]
    assert (
        "Bob owes a kill of 20 at <#a>: dealt into no game until it is posted (000 kill §6)" in told
    )


async def _heads_up(open_db: OpenDatabase, url: str) -> tuple[TableService, str]:
    """One process with Ann and Bob dealt in at a table of its own."""
    (one,) = await _processes(open_db, url, FakeClock(), count=1)
    table_id = await one.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    return one, table_id


async def _terminate(url: str, pid: int) -> None:
    """End one server connection from outside, as a failover or an idle killer does."""
    import asyncpg

    admin = await asyncpg.connect(url)
    try:
        await admin.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()


@pytest.mark.parametrize("one_statement", [True, False], ids=["one-statement", "transaction"])
@pytest.mark.parametrize("saved", [True, False], ids=["lost-after-commit", "lost-before-commit"])
async def test_a_connection_lost_as_a_move_commits_gets_an_answer_that_matches_the_database(
    postgres_url: str,
    open_db: OpenDatabase,
    monkeypatch: pytest.MonkeyPatch,
    saved: bool,
    one_statement: bool,
) -> None:
    """The connection drops while a move commits, sent as one statement (a table's
    common step) or as a transaction of several: the server is asked whether it was
    kept, so the player is told the truth. Kept: the move stands, in memory as in the
    database, and is shown; not kept: nothing changed, anywhere, and the move can be made
    again. A connection lost once the answer is in changes nothing."""
    import asyncpg
    import asyncpg.connection
    import asyncpg.transaction

    from storage.pgstep import STEP_CALL

    one, table_id = await _heads_up(open_db, postgres_url)
    who, _ = _to_act(one, table_id)
    mover = {p.id: p for p in (ANN, BOB)}[who]
    version = one.tables[table_id].version
    original = asyncpg.transaction.Transaction.commit
    fetchval = asyncpg.connection.Connection.fetchval
    lost: list[str] = []

    async def commit(self: asyncpg.transaction.Transaction) -> None:
        pid = self._connection.get_server_pid()
        if saved:
            await original(self)  # the server commits; its answer never arrives
        lost.append("transaction")
        await _terminate(postgres_url, pid)
        raise asyncpg.ConnectionDoesNotExistError(
            "connection was closed in the middle of operation"
        )

    async def step(self: asyncpg.connection.Connection, query: str, *args: Any, **kw: Any) -> Any:
        if query != STEP_CALL:
            return await fetchval(self, query, *args, **kw)
        if saved:
            await fetchval(self, query, *args, **kw)  # kept; its answer never arrives
        lost.append("one statement")
        await _terminate(postgres_url, self.get_server_pid())
        raise asyncpg.ConnectionDoesNotExistError(
            "connection was closed in the middle of operation"
        )

    monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", commit)
    monkeypatch.setattr(asyncpg.connection.Connection, "fetchval", step)
    if not one_statement:
        monkeypatch.setattr(one.db, "_step", None)  # every statement of its own
    if saved:
        await one.handle(table_id, mover, Play("call"))
    else:
        with pytest.raises(ServiceError, match="could not be saved, so nothing changed"):
            await one.handle(table_id, mover, Play("call"))
    monkeypatch.undo()
    assert lost == ["one statement" if one_statement else "transaction"]
    stored = await one.db.version_of(table_id)
    live = await one.current(table_id)
    assert live is not None and stored == live.version == version + (1 if saved else 0)
    if not saved:
        await one.handle(table_id, mover, Play("call"))  # made again, once
    rows = await one.db._rows(
        "SELECT count(*) FROM actions WHERE table_id = ? AND command LIKE '%call%'", (table_id,)
    )
    assert rows == [(1,)]


async def test_a_connection_lost_once_a_move_is_committed_leaves_the_move_made(
    postgres_url: str, open_db: OpenDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection drops when it goes back to the pool, after the commit's answer: the
    move stands and is answered as made; the next move goes on a new connection."""
    import asyncpg.connection

    one, table_id = await _heads_up(open_db, postgres_url)
    version = one.tables[table_id].version
    original = asyncpg.connection.Connection.reset

    async def reset(self: asyncpg.connection.Connection, *, timeout: float | None = None) -> None:
        await _terminate(postgres_url, self.get_server_pid())
        await original(self, timeout=timeout)

    monkeypatch.setattr(asyncpg.connection.Connection, "reset", reset)
    who, _ = _to_act(one, table_id)
    await one.handle(table_id, {p.id: p for p in (ANN, BOB)}[who], Play("call"))
    monkeypatch.undo()
    assert await one.db.version_of(table_id) == one.tables[table_id].version == version + 1
    who, can_check = _to_act(one, table_id)
    await one.handle(
        table_id, {p.id: p for p in (ANN, BOB)}[who], Play("check" if can_check else "call")
    )
    assert await one.db.version_of(table_id) == version + 2


async def test_a_tournament_s_level_changes_once_between_two_processes(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """On a shared database a tournament set up in one process and played through the
    other keeps one level clock: when the level's time is up, two processes ticking
    announce the new level once between them, and the next hand is dealt at it by either
    (RULES.md "Tournaments", the clock)."""
    from bot.engine import tourneyevents as tv
    from bot.words.tourneysetup import parse_tournament_setup

    clock = FakeClock()
    one, two = await _processes(open_db, postgres_url, clock)
    published: list[list[Outgoing]] = [[], []]
    for n, service in enumerate((one, two)):
        service.publish = lambda out, asker, n=n: _record(published[n], out)
    setup = parse_tournament_setup("tournament new turbo seats 3")
    table_id = await one.create_tournament("srv", "chan", ANN, setup)
    await one.handle(table_id, ANN, parse("register"))
    await two.handle(table_id, BOB, parse("register"))
    await one.handle(table_id, CAT, parse("register"))
    await asyncio.gather(one.shown(), two.shown())
    live = await two.current(table_id)
    assert live is not None and live.tourney is not None
    assert live.tourney.tournament.level_clock.number == 1
    clock.now += 5 * 60 + 1
    await asyncio.gather(one.tick(), two.tick())
    await asyncio.gather(one.tick(), two.tick())
    await asyncio.gather(one.shown(), two.shown())
    levels = [o.event for out in published for o in out if isinstance(o.event, tv.LevelBegins)]
    assert [e.number for e in levels] == [2]
    for service in (one, two):
        current = await service.current(table_id)
        assert current is not None and current.tourney is not None
        assert current.tourney.tournament.level_clock.number == 2


async def test_a_move_at_a_table_held_and_current_costs_one_statement_and_no_read(
    postgres_url: str, open_db: OpenDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that holds the table as last committed sends a move as one statement, a
    table's common step (storage.pgstep), and reads nothing before it: one round trip."""
    (one,) = await _processes(open_db, postgres_url, FakeClock(), count=1)
    table_id = await one.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    reads: list[str] = []
    rows = one.db.backend.rows

    async def counted(sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        reads.append(sql)
        return await rows(sql, params)

    monkeypatch.setattr(one.db.backend, "rows", counted)
    writes = one.db.writes
    before = (writes.transactions, writes.statements)  # type: ignore[attr-defined]
    who, _ = _to_act(one, table_id)
    version = one.tables[table_id].version
    await one.handle(table_id, {p.id: p for p in (ANN, BOB, CAT)}[who], Play("call"))
    assert reads == []
    assert (writes.transactions, writes.statements) == (before[0] + 1, before[1] + 1)  # type: ignore[attr-defined]
    monkeypatch.undo()
    assert await one.db.version_of(table_id) == version + 1 == one.tables[table_id].version


async def test_a_move_refused_on_a_table_another_process_moved_on_is_decided_again(
    postgres_url: str, open_db: OpenDatabase
) -> None:
    """A process decides a move on the table it holds without reading it first; when the
    table there refuses the move (not his turn: another process moved the table on), the
    version is read, the table taken again, and the move decided on it and made once."""
    one, two = await _processes(open_db, postgres_url, FakeClock())
    table_id = await one.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await one.handle(table_id, player, Sit(500))
    await one.handle(table_id, ANN, Start())
    players = {p.id: p for p in (ANN, BOB, CAT)}
    first, _ = _to_act(one, table_id)
    await two.handle(table_id, players[first], Play("call"))  # one's copy is now behind
    second, _ = _to_act(two, table_id)
    assert _to_act(one, table_id)[0] == first != second
    version = two.tables[table_id].version
    await one.handle(table_id, players[second], Play("call"))
    assert await one.db.version_of(table_id) == version + 1 == one.tables[table_id].version
    assert _to_act(one, table_id)[0] not in (second,)
    with pytest.raises(ServiceError, match="not your turn|turn"):
        await one.handle(table_id, players[second], Play("call"))  # a real refusal stands
    assert await one.db.version_of(table_id) == version + 1
