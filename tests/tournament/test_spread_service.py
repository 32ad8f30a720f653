"""A tournament over several tables served by the table service: the draw to tables, one
clock told at every table, players moved between tables in one commit, tables broken, the
final table, and a restart that puts every table back over the tournament's books
(RULES.md "Tournaments", several tables)."""

from __future__ import annotations

import contextlib
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))

from support import FakeClock, open_service  # noqa: E402

from bot.engine import tourneyevents as tv  # noqa: E402
from bot.engine.cards import Deck  # noqa: E402
from bot.engine.tournament import FINISHED, RUNNING  # noqa: E402
from bot.service.tables import Outgoing, Player, ServiceError, TableService  # noqa: E402
from bot.words.commands import parse  # noqa: E402
from bot.words.tourneysetup import parse_tournament_setup  # noqa: E402
from storage.db import Database  # noqa: E402

PLAYERS = [Player(f"u{n}", f"P{n}") for n in range(1, 9)]
HOST = PLAYERS[0]


async def _open(
    db: Database, words: str, clock: FakeClock, seed: int = 5
) -> tuple[TableService, list[Outgoing], str]:
    rng = random.Random(seed)
    service, published = await open_service(db, clock, shuffle=lambda: Deck(rng=rng).order)
    home = await service.create_tournament(
        "srv", "night", HOST, parse_tournament_setup(f"tournament new {words}")
    )
    return service, published, home


def _tables(service: TableService, home: str) -> dict[str, object]:
    spread = service.tables[home].spread
    assert spread is not None
    return dict(spread.lives)


def _chips(service: TableService, home: str) -> int:
    total = 0
    for live in _tables(service, home).values():
        hand = live.table.hand  # type: ignore[attr-defined]
        if hand is not None and not hand.is_complete:
            total += sum(hand.stacks) + sum(hand.contributed)
            total += sum(  # seated since the hand was dealt (a late entry): not in it
                seat.stack
                for seat in live.table.seating.seats.values()  # type: ignore[attr-defined]
                if seat.player_id not in hand.names
            )
        else:
            total += sum(seat.stack for seat in live.table.seating.seats.values())  # type: ignore[attr-defined]
    return total


def _seated(service: TableService, home: str) -> list[str]:
    return [
        seat.player_id
        for live in _tables(service, home).values()
        for seat in live.table.seating.seats.values()  # type: ignore[attr-defined]
    ]


async def _assert_stored(service: TableService, db: Database, home: str) -> None:
    """What a fresh service restores from ``db`` is what ``service`` holds: every table of
    the tournament, its seats, its tournament part, the floor and the entries (a table
    changed in memory and not written with its step fails here)."""
    await service.idle()
    spread = service.tables[home].spread
    assert spread is not None
    clock = FakeClock()
    clock.now = service.clock()
    again, _ = await open_service(db, clock)
    restored = again.tables[home].spread
    assert restored is not None
    for tid, live in spread.lives.items():
        assert restored.lives[tid].state() == live.state(), f"table {tid} not as stored"
    assert (restored.floor.to_dict() if restored.floor else None) == (
        spread.floor.to_dict() if spread.floor else None
    )
    assert [e.to_dict() for e in restored.books.entries] == [
        e.to_dict() for e in spread.books.entries
    ]


async def _entered(
    db: Database, clock: FakeClock, words: str
) -> tuple[TableService, list[Outgoing], str]:
    service, published, home = await _open(db, words, clock)
    for player in PLAYERS:
        await service.handle(home, player, parse("register"))
    await service.handle(home, HOST, parse("start"))
    return service, published, home


async def _step(service: TableService, home: str, rng: random.Random) -> bool:
    """One move at a table whose turn it is (all in or call), else the clock moved and the
    timers run; False once the tournament is over."""
    spread = service.tables[home].spread
    assert spread is not None
    if spread.books.status == FINISHED:
        return False
    by_id = {p.id: p for p in PLAYERS}
    acting = [
        live
        for live in spread.lives.values()
        if live.table.hand is not None
        and not live.table.hand.is_complete
        and live.table.hand.to_act is not None
    ]
    if not acting:
        await service.tick()
        await service.idle()
        return True
    live = rng.choice(acting)
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    legal = hand.legal_actions()
    roll = rng.random()
    if legal.can_raise and roll < 0.5:
        text = "allin"
    elif legal.can_check:
        text = "check"
    else:
        text = "call" if roll < 0.9 else "fold"
    await service.handle(live.id, by_id[hand.names[hand.to_act]], parse(text), confirmed=True)
    return True


async def test_tda_2024_r7_a_tournament_over_several_tables_draws_every_entrant_once(
    any_db: Database,
) -> None:
    """At the start the entries are drawn to as many tables as they need, each player
    once, every table told its seats and each player his table and seat privately (TDA
    2024 R7)."""
    clock = FakeClock()
    service, published, home = await _entered(any_db, clock, "turbo seats 3 tables 3 start now")
    spread = service.tables[home].spread
    assert spread is not None and spread.books.status == RUNNING
    assert sorted(_seated(service, home)) == sorted(p.id for p in PLAYERS)
    counts = sorted(len(live.table.seating.seats) for live in spread.lives.values())
    assert counts == [2, 3, 3]
    begun = {o.table_id for o in published if isinstance(o.event, tv.TournamentBegins)}
    assert begun == set(spread.lives)
    private = {o.audience for o in published if isinstance(o.event, tv.PlayerMoved)}
    assert private >= {p.id for p in PLAYERS}
    assert all(live.table.hand is not None for live in spread.lives.values())


async def test_tda_2024_r10_r11_tables_balance_break_and_play_to_one_winner(
    any_db: Database,
) -> None:
    """Played to the end: chips are conserved across the tables after every move, no
    player is seated twice, players are moved between tables (each move told at both),
    the tables break down to the final table, and the prizes paid are the pool."""
    clock = FakeClock()
    service, published, home = await _entered(any_db, clock, "turbo seats 3 tables 3 start now")
    spread = service.tables[home].spread
    assert spread is not None
    chips = spread.books.chips
    rng = random.Random(11)
    for _ in range(3000):
        clock.now += 3
        if not await _step(service, home, rng):
            break
        seated = _seated(service, home)
        assert len(seated) == len(set(seated)), "a player seated twice"
        assert _chips(service, home) == chips
    books = service.tables[home].spread.books  # type: ignore[union-attr]
    assert books.status == FINISHED
    assert sum(e.prize for e in books.entries) == books.pool
    moved = [o for o in published if isinstance(o.event, tv.PlayerMoved) and o.event.source]
    assert moved, "no player was moved between tables"
    assert {o.table_id for o in moved} >= {t for o in moved for t in (o.table_id,)}
    assert any(isinstance(o.event, tv.TableBroken) for o in published)
    stored = await any_db.tournaments.load(books_id := service.tables[home].tournament_id or "")
    assert stored is not None and stored.status == FINISHED, books_id


async def test_a_restart_puts_every_table_back_over_the_tournament_s_books(
    any_db: Database,
    open_db,
    backend_target: str,  # type: ignore[no-untyped-def]
) -> None:
    """A restart in the middle of a tournament over several tables: every table back with
    its seats and stacks, over one set of books, the floor as it stood."""
    clock = FakeClock()
    service, _, home = await _entered(any_db, clock, "turbo seats 3 tables 3 start now")
    rng = random.Random(3)
    for _ in range(120):
        clock.now += 3
        await _step(service, home, rng)
    await service.idle()
    spread = service.tables[home].spread
    assert spread is not None
    kept = {tid: live.table.to_dict() for tid, live in spread.lives.items()}
    floor = spread.floor.to_dict() if spread.floor else None
    chips = spread.books.chips
    await any_db.close()
    again_db = await open_db(backend_target)
    again, _ = await open_service(again_db, clock)
    restored = again.tables[home].spread
    assert restored is not None
    assert {tid: live.table.to_dict() for tid, live in restored.lives.items()} == kept
    assert (restored.floor.to_dict() if restored.floor else None) == floor
    assert all(live.tourney.tournament is restored.books for live in restored.lives.values())  # type: ignore[union-attr]
    assert _chips(again, home) == chips
    for _ in range(3000):
        clock.now += 3
        if not await _step(again, home, rng):
            break
    assert restored.books.status == FINISHED or again.tables[home].spread.books.status == FINISHED  # type: ignore[union-attr]


async def test_the_host_s_pause_and_start_stand_at_every_table_as_stored(
    any_db: Database,
) -> None:
    """The host stops the clock and the deal at every table of the tournament, and starts
    them again: each table as the database holds it, a restart then deals at every one
    (TDA 2024: the floor may stop the clock)."""
    clock = FakeClock()
    service, _, home = await _entered(any_db, clock, "turbo seats 3 tables 3 start now")
    await service.handle(home, HOST, parse("pause"))
    await _assert_stored(service, any_db, home)
    assert not any(live.table.running for live in _tables(service, home).values())  # type: ignore[attr-defined]
    await service.handle(home, HOST, parse("start"))
    await _assert_stored(service, any_db, home)
    assert all(live.table.running for live in _tables(service, home).values())  # type: ignore[attr-defined]


@pytest.mark.parametrize("words", ["turbo seats 3 tables 2"])
async def test_a_tournament_over_several_tables_fills_all_its_seats_to_start(
    any_db: Database, words: str
) -> None:
    """``start full`` waits for every seat of every table."""
    clock = FakeClock()
    service, _, home = await _open(any_db, words, clock)
    for player in PLAYERS[:5]:
        await service.handle(home, player, parse("register"))
    spread = service.tables[home].spread
    assert spread is not None and spread.books.status != RUNNING
    await service.handle(home, PLAYERS[5], parse("register"))
    assert spread.books.status == RUNNING
    assert sorted(len(live.table.seating.seats) for live in spread.lives.values()) == [3, 3]


async def test_tda_2024_rp_8_hand_for_hand_at_the_bubble_each_table_deals_one_hand_a_round(
    any_db: Database,
) -> None:
    """When the next player out is the last unpaid, play goes hand-for-hand, told at every
    table: no table deals its next hand before every other table has played its own, and
    the round's players out are placed together, each told at the table he went out at
    (TDA 2024 RP-8)."""
    clock = FakeClock()
    words = "turbo buyin 10 seats 4 tables 2 start now payouts 40 25 20 15"
    service, published, home = await _open(any_db, words, clock, seed=8)
    for player in PLAYERS:
        await service.handle(home, player, parse("register"))
    await service.handle(home, HOST, parse("start"))
    spread = service.tables[home].spread
    assert spread is not None
    rng = random.Random(2)
    seen = 0
    dealt: dict[str, int] | None = None
    rounds = 0
    last_table: dict[str, str] = {}
    for _ in range(4000):
        clock.now += 3
        for tid, live in spread.lives.items():
            for seat in live.table.seating.seats.values():
                last_table[seat.player_id] = tid
        if not await _step(service, home, rng):
            break
        for item in published[seen:]:
            if isinstance(item.event, tv.PlayerOut) and item.audience is None:
                # told where he went out (and in the tournament's channel)
                assert item.table_id in (last_table[item.event.player], home)
            if isinstance(item.event, tv.HandForHand):
                dealt = {tid: 0 for tid in spread.floor.tables} if item.event.on else None  # type: ignore[union-attr]
                rounds += item.event.on
            elif dealt is not None and type(item.event).__name__ == "HandStarted":
                dealt[item.table_id] = dealt.get(item.table_id, 0) + 1
                assert max(dealt.values()) - min(dealt.values()) <= 1, dealt
        seen = len(published)
    assert rounds, "play never went hand-for-hand"
    books = service.tables[home].spread.books  # type: ignore[union-attr]
    assert books.status == FINISHED and sum(e.prize for e in books.entries) == books.pool


async def test_a_deal_waits_for_the_final_table(any_db: Database) -> None:
    """While more than one table plays, a deal is refused with the reason: it is made at
    the final table, by every player left (TOURNAMENT.md "Deals")."""
    clock = FakeClock()
    service, _, home = await _entered(any_db, clock, "turbo buyin 5 seats 3 tables 3 start now")
    with pytest.raises(ServiceError, match="final table"):
        await service.handle(home, HOST, parse("chop icm"))


async def test_tda_2024_r11_d_the_host_sets_the_balancing_and_hand_for_hand_at_pay_jumps(
    any_db: Database,
) -> None:
    """The house options of several tables: tables within two players (TDA 2024 R11-D
    leaves it to the house) and hand-for-hand at every pay jump (TDA 2024 RP-8); the floor
    plays them from the start, and a number out of range is refused with the range."""
    from bot.words.commands import ParseError

    clock = FakeClock()
    words = "turbo buyin 5 seats 3 tables 3 start now balance 2 jumps"
    service, _, home = await _entered(any_db, clock, words)
    floor = service.tables[home].spread.floor  # type: ignore[union-attr]
    assert floor is not None and floor.tolerance == 2 and floor.at_pay_jumps
    for bad in ("balance 3", "balance abc", "tables 0", "tables 1e9", "balance"):
        with pytest.raises(ParseError):
            parse_tournament_setup(f"tournament new turbo seats 3 tables 2 {bad}")


async def test_each_table_message_of_several_tables_shows_where_it_stands(
    any_db: Database,
) -> None:
    """The table message at each table of several shows its number among the tables in
    play and the largest stack over all of them, beside the level and players left."""
    clock = FakeClock()
    service, _, home = await _entered(any_db, clock, "turbo buyin 5 seats 3 tables 3 start now")
    spread = service.tables[home].spread
    assert spread is not None
    for number, table_id in enumerate(spread.lives, start=1):
        lines = service.table_message(service.tables[table_id]).tournament
        assert f"Table {number} of 3 tables in play · largest stack 1,500" in lines
        assert any(line.startswith("Players left: 8 of 8") for line in lines)


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_tournaments_over_several_tables_conserve_chips_and_seat_everyone_once(
    open_db,
    seed: int,  # type: ignore[no-untyped-def]
) -> None:
    """Random tournaments of 20 to 30 entries over up to six tables, served end to end:
    late entries and re-entries seated at the shortest table, players away and back,
    after every step the chips on all tables are what the books hold, no player is
    seated twice and every entry still in is seated once between hands; the prizes paid
    are the pool (TDA 2024 R8-A, R10-B, R11-A, RP-8)."""
    db = await open_db(":memory:")
    rng = random.Random(seed)
    clock = FakeClock()
    deck_rng = random.Random(seed)
    service, _ = await open_service(db, clock, shuffle=lambda: Deck(rng=deck_rng).order)
    words = "turbo buyin 5 seats 5 tables 6 start now late 3 reentry 1"
    home = await service.create_tournament(
        "srv", "night", HOST, parse_tournament_setup(f"tournament new {words}")
    )
    everyone = [Player(f"u{n}", f"P{n}") for n in range(1, 41)]
    by_id = {p.id: p for p in everyone}
    entrants = rng.randint(20, 30)
    for player in everyone[:entrants]:
        await service.handle(home, player, parse("register"))
    await service.handle(home, HOST, parse("start"))
    spread = service.tables[home].spread
    assert spread is not None
    for _ in range(6000):
        clock.now += 2
        books = spread.books
        if books.status == FINISHED:
            break
        roll = rng.random()
        if roll < 0.01:  # someone late, or back for another entry
            with contextlib.suppress(ServiceError):  # full, closed, no re-entry left
                await service.handle(home, rng.choice(everyone), parse("register"))
        elif roll < 0.015:  # the host stops the clock, or starts it again
            await service.handle(home, HOST, parse(rng.choice(["pause", "start"])))
        elif roll < 0.025:
            seated = [
                (tid, s.player_id)
                for tid, lv in spread.lives.items()
                for s in lv.table.seating.seats.values()
            ]
            if seated:
                tid, who = rng.choice(seated)
                with contextlib.suppress(ServiceError):  # refused with a reason
                    await service.handle(tid, by_id[who], parse(rng.choice(["sitout", "back"])))
        acting = [
            lv
            for lv in spread.lives.values()
            if lv.table.hand is not None
            and not lv.table.hand.is_complete
            and lv.table.hand.to_act is not None
        ]
        if acting:
            live = rng.choice(acting)
            hand = live.table.hand
            assert hand is not None and hand.to_act is not None
            legal = hand.legal_actions()
            text = (
                "allin"
                if legal.can_raise and rng.random() < 0.4
                else ("check" if legal.can_check else "call")
            )
            await service.handle(
                live.id, by_id[hand.names[hand.to_act]], parse(text), confirmed=True
            )
        else:
            await service.tick()
            await service.idle()
        seated = _seated(service, home)
        assert len(seated) == len(set(seated)), "a player seated twice"
        assert _chips(service, home) == spread.books.chips
        if rng.random() < 0.02:
            await _assert_stored(service, db, home)
        idle = all(lv.table.current is None for lv in spread.lives.values())
        if idle:
            alive = {e.player for e in spread.books.alive}
            waiting = {b.player for lv in spread.lives.values() for b in lv.tourney.busts}  # type: ignore[union-attr]
            assert alive - waiting <= set(seated), "an entry still in has no seat"
    books = spread.books
    assert books.status == FINISHED, "the tournament ends"
    assert sum(e.prize for e in books.entries) == books.pool
    assert sorted(e.place for e in books.entries)[0] == 1


async def test_two_processes_on_postgresql_serve_one_tournament_over_several_tables(
    postgres_url: str,
    open_db,  # type: ignore[no-untyped-def]
) -> None:
    """Two bot processes on one PostgreSQL database, each move sent to either at random:
    every move between tables is made once, a fresh process reads every entry still in at
    one table with the books' chips, and the tournament is played to one winner whose
    prizes are the pool."""
    clock = FakeClock()
    rng = random.Random(4)
    deck = random.Random(4)
    one, _ = await open_service(
        await open_db(postgres_url), clock, shuffle=lambda: Deck(rng=deck).order
    )
    two, _ = await open_service(
        await open_db(postgres_url), clock, shuffle=lambda: Deck(rng=deck).order
    )
    home = await one.create_tournament(
        "srv",
        "night",
        HOST,
        parse_tournament_setup("tournament new turbo buyin 5 seats 3 tables 3 start now"),
    )
    for player in PLAYERS:
        await rng.choice((one, two)).handle(home, player, parse("register"))
    await one.handle(home, HOST, parse("start"))
    by_id = {p.id: p for p in PLAYERS}
    for step in range(3000):
        clock.now += 3
        service = rng.choice((one, two))
        live = await service.current(home)
        assert live is not None and live.spread is not None
        if live.spread.books.status == FINISHED:
            break
        acting = []
        for table_id in list(live.spread.lives):
            current = await service.current(table_id)
            hand = current.table.hand if current is not None else None
            if hand is not None and not hand.is_complete and hand.to_act is not None:
                acting.append((table_id, hand))
        if not acting:
            await service.tick()
            await service.idle()
            continue
        table_id, hand = rng.choice(acting)
        legal = hand.legal_actions()
        text = (
            "allin"
            if legal.can_raise and rng.random() < 0.5
            else ("check" if legal.can_check else "call")
        )
        with contextlib.suppress(ServiceError):  # the other process moved it on first
            await service.handle(
                table_id, by_id[hand.names[hand.to_act]], parse(text), confirmed=True
            )
        if step % 25 == 0:
            fresh, _ = await open_service(await open_db(postgres_url), clock)
            spread = fresh.tables[home].spread
            assert spread is not None
            seated = _seated(fresh, home)
            assert len(seated) == len(set(seated)), "a player at two tables"
            assert _chips(fresh, home) == spread.books.chips
    fresh, _ = await open_service(await open_db(postgres_url), clock)
    books = fresh.tables[home].spread.books  # type: ignore[union-attr]
    assert books.status == FINISHED
    assert sum(e.prize for e in books.entries) == books.pool


async def test_tda_2024_r8_a_late_entries_open_a_table_not_yet_played_when_the_others_fill(
    any_db: Database,
) -> None:
    """Late entries are seated at the shortest table; once every table in play is full a
    table the start left unused opens for them, and with every table full the entry is
    refused with the reason, nothing bought (TDA 2024 R8-A)."""
    clock = FakeClock()
    service, published, home = await _open(
        any_db, "turbo buyin 5 seats 3 tables 3 start now late 3", clock
    )
    for player in PLAYERS[:4]:
        await service.handle(home, player, parse("register"))
    await service.handle(home, HOST, parse("start"))
    spread = service.tables[home].spread
    assert spread is not None and spread.floor is not None and len(spread.floor.tables) == 2
    for player in PLAYERS[4:]:
        await service.handle(home, player, parse("register"))
    assert len(spread.floor.tables) == 3
    assert sorted(_seated(service, home)) == sorted(p.id for p in PLAYERS)
    assert spread.books.chips == 8 * 1500 and _chips(service, home) == 8 * 1500
    late = [o for o in published if isinstance(o.event, tv.Registered)][-1].event
    assert late.entries == 8  # type: ignore[attr-defined]
    extra = [Player(f"x{n}", f"X{n}") for n in range(2)]
    await service.handle(home, extra[0], parse("register"))  # the ninth seat
    with pytest.raises(ServiceError, match="the tournament is full"):
        await service.handle(home, extra[1], parse("register"))
    assert spread.books.chips == 9 * 1500


async def test_history_asked_in_the_tournament_s_channel_gives_the_hands_at_your_table(
    any_db: Database,
) -> None:
    """A player at another table of several asks ``history`` in the tournament's own
    channel: he gets his hands at the table he sits at."""
    clock = FakeClock()
    service, _, home = await _entered(any_db, clock, "turbo buyin 5 seats 3 tables 3 start now")
    spread = service.tables[home].spread
    assert spread is not None
    rng = random.Random(1)
    found = None
    for _ in range(400):
        found = next(
            (
                (live, seat.player_id)
                for tid, live in spread.lives.items()
                if tid != home and live.table.current is None and live.table.hand_number
                for seat in live.table.seating.seats.values()
            ),
            None,
        )
        if found is not None:
            break
        clock.now += 3
        await _step(service, home, rng)
    assert found is not None, "no hand over at another table"
    _, player_id = found
    asker = next(p for p in PLAYERS if p.id == player_id)
    out = await service.handle(home, asker, parse("history"))
    text = "\n".join(str(o.event) for o in out)
    assert "no finished hands" not in text and "Hand 1" in text
