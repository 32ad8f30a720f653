"""A sit & go served end to end by the table service: the lobby, the start when the seats
fill, the level clock as a stored timer, away players blinded off, rebuys waited for,
places and prizes, a deal, the money in the books, and a restart mid-level (RULES.md
"Tournaments")."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))

from support import ANN, BOB, CAT, FakeClock, open_service, said  # noqa: E402

from bot.engine import tourneyevents as tv  # noqa: E402
from bot.engine.tournament import CANCELLED, FINISHED, REGISTERING, RUNNING  # noqa: E402
from bot.service.tables import Outgoing, Player, ServiceError, TableService  # noqa: E402
from bot.words.commands import parse  # noqa: E402
from bot.words.tourneysetup import parse_tournament_setup  # noqa: E402
from storage.db import Database  # noqa: E402

DAN = Player("u4", "Dan")


async def _open(
    db: Database, words: str, clock: FakeClock | None = None
) -> tuple[TableService, list[Outgoing], str]:
    service, published = await open_service(db, clock)
    table_id = await service.create_tournament(
        "srv", "chan", ANN, parse_tournament_setup(f"tournament new {words}")
    )
    return service, published, table_id


async def _say(service: TableService, table_id: str, player: Player, text: str) -> None:
    await service.handle(table_id, player, parse(text))


def _events(published: list[Outgoing], kind: type) -> list[object]:
    return [o.event for o in published if isinstance(o.event, kind)]


def _chips(service: TableService, table_id: str) -> int:
    live = service.tables[table_id]
    hand = live.table.hand
    if hand is not None and not hand.is_complete:
        return sum(hand.stacks) + sum(hand.contributed)
    return sum(seat.stack for seat in live.table.seating.seats.values())


async def _play_out(service: TableService, table_id: str, most: int = 400) -> None:
    """Every player to act goes all in (or calls it) until the tournament is over, with
    the chips conserved after every move."""
    live = service.tables[table_id]
    assert live.tourney is not None
    players = {p.id: p for p in (ANN, BOB, CAT, DAN)}
    for _ in range(most):
        live = service.tables[table_id]
        assert live.tourney is not None
        books = live.tourney.tournament
        if books.status == FINISHED:
            return
        assert _chips(service, table_id) == books.chips
        hand = live.table.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            await service.tick()
            continue
        player = players[hand.names[hand.to_act]]
        legal = hand.legal_actions()
        text = "allin" if legal.can_raise else ("call" if legal.call_amount else "check")
        await service.handle(table_id, player, parse(text), confirmed=True)
    raise AssertionError("the tournament did not end")


async def test_tournament_lobby_registers_and_refunds(any_db: Database) -> None:
    """Entries before the start go into the pool; an unregister and a host's removal are
    refunded in the books; the host's cancel refunds everyone (RULES.md "Tournaments",
    registration)."""
    service, published, table_id = await _open(any_db, "turbo buyin 20 seats 4")
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert books.status == REGISTERING and books.pool == 6000
    await _say(service, table_id, BOB, "unregister")
    await _say(service, table_id, ANN, "remove Cat")
    assert [e.player for e in books.entries] == ["u1"]
    with pytest.raises(ServiceError, match="only the host"):
        await _say(service, table_id, BOB, "cancel")
    await _say(service, table_id, ANN, "cancel")
    live = service.tables[table_id]
    assert live.tourney is not None and live.tourney.tournament.status == CANCELLED
    stored = await any_db.tournaments.load(live.tournament_id or "")
    assert stored is not None and stored.status == CANCELLED
    money = await any_db.tournaments.money(live.tournament_id or "")
    assert sum(line.amount for line in money) == 0  # every buy-in refunded
    assert any(
        "cancel" in said(service, o).lower() or isinstance(o.event, tv.TournamentCancelled)
        for o in published
    )


async def test_tournament_starts_when_full_and_plays_to_a_winner(any_db: Database) -> None:
    """With ``start full`` the tournament starts as its seats fill: seats drawn, level 1
    dealt; played to a winner, the prizes paid equal the pool and are in the books."""
    service, published, table_id = await _open(any_db, "turbo buyin 10 seats 3 payouts 70 30")
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    live = service.tables[table_id]
    assert live.tourney is not None
    assert live.tourney.tournament.status == RUNNING
    assert _events(published, tv.TournamentBegins)
    assert live.table.hand is not None  # the first hand is dealt at once
    await _play_out(service, table_id)
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert sum(e.prize for e in books.entries) == books.pool == 3000
    places = sorted(e.place for e in books.entries)
    assert places[0] == 1 and places[1:] in ([2, 3], [2, 2])  # out together, equal: shared
    won = _events(published, tv.TournamentWon)
    assert len(won) == 1
    money = await any_db.tournaments.money(live.tournament_id or "")
    paid = sum(m.amount for m in money if m.kind in ("prize", "bounty", "deal"))
    assert paid == 3000
    stored = await any_db.tournaments.load(live.tournament_id or "")
    assert stored is not None and stored.status == FINISHED


async def test_tournament_level_rises_on_the_clock_from_the_next_hand(any_db: Database) -> None:
    """The blinds rise when the level's time is up, announced at once; the hand in play
    keeps its stakes and the next is dealt at the new level (TDA 2024 R23)."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 3 start now", clock)
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    await _say(service, table_id, ANN, "start")
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None
    first = hand.config.stakes.big_blind
    clock.now += 5 * 60 + 1
    await service.tick()
    levels = _events(published, tv.LevelBegins)
    assert [e.number for e in levels] == [2]  # type: ignore[attr-defined]
    assert live.table.hand is hand and hand.config.stakes.big_blind == first
    players = {p.id: p for p in (ANN, BOB, CAT)}
    while live.table.hand is hand and not hand.is_complete:
        assert hand.to_act is not None
        await service.handle(table_id, players[hand.names[hand.to_act]], parse("fold"))
    live = service.tables[table_id]
    assert live.table.hand is not None and live.table.hand is not hand
    assert live.table.hand.config.stakes.big_blind == levels[0].big_blind  # type: ignore[attr-defined]


async def test_tournament_away_player_is_blinded_off_not_sat_out(any_db: Database) -> None:
    """A player away is dealt in and his hand folded at his turn (TDA 2024 R71-A)."""
    service, published, table_id = await _open(any_db, "turbo seats 3")
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    actor = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
    others = [p for p in (ANN, BOB, CAT) if p is not actor]
    await _say(service, table_id, others[0], "sitout")
    away = others[0].id
    for _ in range(12):
        live = service.tables[table_id]
        hand = live.table.hand
        assert hand is not None
        if away in hand.names:
            break
    assert away in live.table.hand.names  # type: ignore[union-attr]
    # whenever his turn comes, the table folds or checks for him: he never holds it up
    for _ in range(30):
        hand = service.tables[table_id].table.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            break
        assert hand.names[hand.to_act] != away
        player = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
        await service.handle(table_id, player, parse("fold"))


async def test_tournament_clock_resumes_where_it_stood_after_a_restart(
    any_db: Database,
) -> None:
    """A restart mid-level resumes the level with the time it had left when last saved:
    the time the bot was down is not charged (RULES.md "Tournaments", the clock)."""
    clock = FakeClock()
    service, _, table_id = await _open(any_db, "turbo seats 3", clock)
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    clock.now += 100
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    actor = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
    await service.handle(table_id, actor, parse("fold"))
    left = service.tables[table_id].tourney.tournament.level_clock.time_left(clock.now)  # type: ignore[union-attr]
    assert left == pytest.approx(200, abs=1)
    clock.now += 3600  # down for an hour
    restarted, _ = await open_service(any_db, clock)
    again = restarted.tables[table_id].tourney
    assert again is not None
    assert again.tournament.level_clock.number == 1
    assert again.tournament.level_clock.time_left(clock.now) == pytest.approx(200, abs=1)


async def test_tournament_deal_agreed_by_everyone_left_ends_it(any_db: Database) -> None:
    """When every player left accepts the same deal, each is paid what it offered and the
    tournament is over; a player out of it cannot take part (TOURNAMENT.md "Deals")."""
    service, published, table_id = await _open(any_db, "turbo buyin 10 seats 2")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None
    players = {p.id: p for p in (ANN, BOB)}
    while not hand.is_complete:
        assert hand.to_act is not None
        await service.handle(table_id, players[hand.names[hand.to_act]], parse("fold"))
    await _say(service, table_id, ANN, "chop chips")
    offers = _events(published, tv.DealOffered) + _events(published, tv.DealAsked)
    assert offers
    await _say(service, table_id, BOB, "chop chips")
    # asked during a hand, the deal is offered, both accepting, as the hand ends
    hand = service.tables[table_id].table.hand
    while hand is not None and not hand.is_complete:
        assert hand.to_act is not None
        await service.handle(table_id, players[hand.names[hand.to_act]], parse("fold"))
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert books.status == FINISHED
    assert sum(e.prize for e in books.entries) == books.pool == 2000
    assert all(e.dealt for e in books.entries)
    with pytest.raises(ServiceError, match="no tournament plays|tournament"):
        await _say(service, table_id, CAT, "chop icm")


async def test_tournament_table_with_everyone_away_deals_nothing_and_its_clock_runs(
    any_db: Database,
) -> None:
    """With every player away no hand is dealt (the table would play them alone, in a
    loop), and the level still changes on the clock, announced with no move made."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 2", clock)
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "sitout")
    for _ in range(40):  # the hand in play is played out by the table for them
        clock.now += 1
        await service.tick()
    dealt = service.tables[table_id].table.hand_number
    assert service.tables[table_id].table.current is None
    for _ in range(5):
        clock.now += 1
        await service.tick()
    assert service.tables[table_id].table.hand_number == dealt  # nothing dealt since
    clock.now += 300
    await service.tick()
    assert [e.number for e in _events(published, tv.LevelBegins)] == [2]  # type: ignore[attr-defined]
    await _say(service, table_id, ANN, "back")
    assert service.tables[table_id].table.hand_number == dealt + 1  # dealt again at once


async def test_tda_2024_r27_the_next_hand_waits_for_a_rebuy_then_places_the_bust(
    any_db: Database,
) -> None:
    """A player out who may rebuy holds the next deal for the rebuy wait; when it ends
    without a rebuy he is out with his place (TDA 2024 R27)."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 2 rebuys 2", clock)
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    players = {p.id: p for p in (ANN, BOB)}
    for _ in range(60):
        live = service.tables[table_id]
        if _events(published, tv.RebuyOpen):
            break
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None
        legal = hand.legal_actions()
        text = "allin" if legal.can_raise else ("call" if legal.call_amount else "check")
        await service.handle(
            table_id, players[hand.names[hand.to_act]], parse(text), confirmed=True
        )
    (offer,) = _events(published, tv.RebuyOpen)
    live = service.tables[table_id]
    assert live.table.current is None  # the next hand waits for him
    assert live.tourney is not None and live.tourney.tournament.status == RUNNING
    clock.now += 31
    await service.tick()
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert books.status == FINISHED
    loser = books.current(offer.player)  # type: ignore[attr-defined]
    assert loser is not None and loser.place == 2


async def test_pokerstars_a_tournament_table_s_hand_has_the_tournament_header(
    any_db: Database,
) -> None:
    """``history pokerstars`` at a tournament's table writes each hand with the
    tournament's header and the level it was dealt at, which the ``poker`` package reads
    as a tournament hand; its PHH keeps the level (RULES.md "A tournament's hand
    histories")."""
    from bot.phh.notation import load_phh
    from bot.service import booklines
    from bot.words.commands import History
    from tests.phh.stars_readers import poker_package

    service, _, table_id = await _open(any_db, "turbo buyin 20 seats 2")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    await service.handle(
        table_id, {p.id: p for p in (ANN, BOB)}[hand.names[hand.to_act]], parse("fold")
    )
    live = service.tables[table_id]
    lines = await booklines.history_lines(live, any_db.books, ANN.id, History(1, pokerstars=True))
    text = "\n".join(lines)
    assert "Tournament #" in text and "20+0 Hold'em No Limit - Level I (10/20)" in text
    read = poker_package(text)
    assert read.tournament_level == "I"
    found = await any_db.books.hand_record(table_id, 1)
    assert found is not None and found[0] is not None
    assert load_phh(found[0]).extra["level"] == 1


async def test_leagues_a_finished_tournament_counts_into_the_season_open_at_its_setup(
    any_db: Database,
) -> None:
    """The host's ``season`` starts a league season; a tournament set up while it is open
    counts into it when it ends, in the table's commit: ``league`` shows the standings and
    ``results`` the places and prizes (RULES.md "Leagues")."""
    from bot.service import views
    from bot.words.commands import League, Results

    service, published = await open_service(any_db)
    lobby = await service.create_table("srv", "lobby", ANN, __import__("support").SETTINGS)
    with pytest.raises(ServiceError, match="only the host"):
        await _say(service, lobby, BOB, "season")
    await _say(service, lobby, ANN, "season 10 5")
    table_id = await service.create_tournament(
        "srv", "chan", ANN, parse_tournament_setup("tournament new turbo buyin 10 seats 2")
    )
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    await _play_out(service, table_id)
    live = service.tables[table_id]
    standings = await views.READS[League](service, live, ANN, League())
    text = standings[0].event.text  # type: ignore[attr-defined]
    assert text.startswith("League season 1:")
    assert "1. " in text and "10 points" in text and "5 points" in text
    results = await views.READS[Results](service, live, ANN, Results())
    assert "1." in results[0].event.text  # type: ignore[attr-defined]
    season = await any_db.tournaments.season("srv")
    assert season is not None and len(season.results) == 2


async def test_tournament_table_refuses_what_a_cash_table_does_with_the_reason(
    any_db: Database,
) -> None:
    """At a tournament's table the cash game's buy-ins, cash-outs, kills, straddles and
    the host's ``end`` are refused with the reason, and nothing changes (RULES.md "A sit &
    go at its table")."""
    service, _, table_id = await _open(any_db, "turbo seats 3")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    before = copy.deepcopy(service.tables[table_id].state())
    for player, text in ((CAT, "sit 200"), (ANN, "topup 100"), (BOB, "leave"), (ANN, "straddle")):
        with pytest.raises(ServiceError, match="a tournament.s table does not do that"):
            await _say(service, table_id, player, text)
    with pytest.raises(ServiceError, match="no session to end"):
        await _say(service, table_id, ANN, "end")
    assert service.tables[table_id].state() == before


async def _to_rebuy_offer(
    service: TableService, published: list[Outgoing], table_id: str
) -> tv.RebuyOpen:
    """All in and called until a player out is offered a rebuy."""
    players = {p.id: p for p in (ANN, BOB)}
    for _ in range(60):
        if _events(published, tv.RebuyOpen):
            break
        hand = service.tables[table_id].table.hand
        assert hand is not None and hand.to_act is not None
        legal = hand.legal_actions()
        text = "allin" if legal.can_raise else ("call" if legal.call_amount else "check")
        await service.handle(
            table_id, players[hand.names[hand.to_act]], parse(text), confirmed=True
        )
    (offer,) = _events(published, tv.RebuyOpen)
    return offer  # type: ignore[return-value]


async def test_tda_2024_r27_a_restart_resumes_the_rebuy_wait_with_the_time_it_had_left(
    any_db: Database,
) -> None:
    """The bot down for an hour during the wait for a rebuy: restarted, the player out
    still has the seconds he had left to rebuy, as the level keeps its time (TDA 2024 R27;
    RULES.md "Tournaments", the clock)."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 2 rebuys 2", clock)
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    offer = await _to_rebuy_offer(service, published, table_id)
    clock.now += 3600  # down for an hour
    restarted, again = await open_service(any_db, clock)
    await restarted.tick()
    live = restarted.tables[table_id]
    assert live.tourney is not None
    books = live.tourney.tournament
    assert books.status == RUNNING and live.table.current is None  # still waiting for him
    await restarted.handle(table_id, {p.id: p for p in (ANN, BOB)}[offer.player], parse("rebuy"))
    assert books.entry(offer.player).rebuys == 1
    assert live.table.current is not None  # dealt once he rebought
    assert _chips(restarted, table_id) == books.chips


async def test_tournament_remove_names_the_entrants_when_its_target_is_not_one(
    any_db: Database,
) -> None:
    """The host's ``remove`` of a stranger, or of a player who is not registered, is
    refused naming who is entered, and changes nothing (RULES.md "Tournaments",
    registration)."""
    service, _, table_id = await _open(any_db, "turbo buyin 20 seats 4")
    for player in (BOB, CAT):
        await _say(service, table_id, player, "register")
    await _say(service, table_id, CAT, "unregister")
    for target in ("Zed", "Cat", "Ann"):
        with pytest.raises(ServiceError) as refused:
            await _say(service, table_id, ANN, f"remove {target}")
        assert f"{target} is not entered" in str(refused.value)
        assert "entered: Bob" in str(refused.value)
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert [e.player for e in books.entries] == ["u2"] and books.pool == 2000
    await _say(service, table_id, ANN, "remove bob")
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert books.entries == [] and books.pool == 0


async def test_tournament_row_is_written_when_its_books_change_not_on_every_move(
    any_db: Database,
) -> None:
    """A move that changes nothing in the tournament's books (a call mid-hand) commits the
    table alone; the tournament's row is written when the books change (a level up, a
    bust), and the table's row carries the clock's reading for a restart."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 3 start now", clock)
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    await _say(service, table_id, ANN, "start")
    live = service.tables[table_id]
    tournament_id = live.tournament_id or ""
    stored = await any_db.tournaments.load(tournament_id)
    assert stored is not None and stored.status == RUNNING
    before = stored.version
    players = {p.id: p for p in (ANN, BOB, CAT)}
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    clock.now += 20
    await service.handle(table_id, players[hand.names[hand.to_act]], parse("call"))
    after = await any_db.tournaments.load(tournament_id)
    assert after is not None and after.version == before
    table_row = next(t for t in await any_db.load_tables() if t.id == table_id)
    saved_clock = table_row.state["tournament"]["books"]["clock"]
    assert saved_clock["left"] == pytest.approx(5 * 60 - 20)
    clock.now += 5 * 60
    await service.tick()  # level 2: the books changed
    assert _events(published, tv.LevelBegins)
    risen = await any_db.tournaments.load(tournament_id)
    assert risen is not None and risen.version > before
    assert risen.state["clock"]["number"] == 2


async def test_tournament_rebuy_add_on_and_away_refused_with_the_player_s_real_reason(
    any_db: Database,
) -> None:
    """Before the start an entrant's ``rebuy``, ``addon`` and ``sitout`` are refused
    because play has not begun, a stranger's because he is not entered, never "not
    seated"; during a hand a stranger is told he is not entered, not to wait; without
    breaks the add-on names its level (TOURNAMENT.md "Rebuys")."""
    service, _, table_id = await _open(any_db, "turbo seats 3 start now rebuys 2 addon")
    await _say(service, table_id, ANN, "register")
    before = copy.deepcopy(service.tables[table_id].state())
    for text in ("rebuy", "addon", "sitout"):
        with pytest.raises(ServiceError, match="has not started") as refused:
            await _say(service, table_id, ANN, text)
        assert "not seated" not in str(refused.value)
        with pytest.raises(ServiceError, match="not entered") as refused:
            await _say(service, table_id, DAN, text)
    assert service.tables[table_id].state() == before
    for player in (BOB, CAT):
        await _say(service, table_id, player, "register")
    await _say(service, table_id, ANN, "start")
    assert service.tables[table_id].table.hand is not None
    for text in ("rebuy", "addon", "sitout"):
        with pytest.raises(ServiceError, match="not entered"):
            await _say(service, table_id, DAN, text)
    with pytest.raises(ServiceError, match="level 3"):
        await _say(service, table_id, ANN, "addon")


async def test_tournament_start_at_a_time_starts_by_the_timer_and_not_when_the_seats_fill(
    any_db: Database,
) -> None:
    """``start in 20``: the seats filling does not start it (no ``full``); when the time
    comes the table's timer starts it by itself, seats drawn and level 1 dealt (RULES.md
    "Tournaments", the start)."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 2 start in 20", clock)
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert books.status == REGISTERING and not _events(published, tv.TournamentBegins)
    clock.now += 20 * 60 - 1
    await service.tick()
    assert service.tables[table_id].tourney.tournament.status == REGISTERING  # type: ignore[union-attr]
    clock.now += 1
    await service.tick()
    await service.idle()
    live = service.tables[table_id]
    assert live.tourney is not None and live.tourney.tournament.status == RUNNING
    assert _events(published, tv.TournamentBegins) and _events(published, tv.StartTimeCame)
    assert live.table.hand is not None and live.table.hand.config.stakes.big_blind == 20


async def test_tournament_start_at_a_time_with_full_starts_early_when_the_seats_fill(
    any_db: Database,
) -> None:
    """``start in 20 full``: the seats filling starts it before its time."""
    service, published, table_id = await _open(any_db, "turbo seats 2 start in 20 full")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    live = service.tables[table_id]
    assert live.tourney is not None and live.tourney.tournament.status == RUNNING


async def test_tournament_start_at_a_time_with_one_entry_does_not_start_and_says_so(
    any_db: Database,
) -> None:
    """The time come with one entry: it does not start, the table is told, and the host
    may still start it once a second has entered."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 3 start in 5", clock)
    await _say(service, table_id, ANN, "register")
    clock.now += 5 * 60
    await service.tick()
    await service.idle()
    live = service.tables[table_id]
    assert live.tourney is not None and live.tourney.tournament.status == REGISTERING
    (missed,) = _events(published, tv.StartTimeCame)
    assert missed.entries == 1  # type: ignore[attr-defined]
    clock.now += 60
    await service.tick()
    assert len(_events(published, tv.StartTimeCame)) == 1  # told once
    await _say(service, table_id, BOB, "register")
    assert live.tourney.tournament.status == REGISTERING
    await _say(service, table_id, ANN, "start")
    assert service.tables[table_id].tourney.tournament.status == RUNNING  # type: ignore[union-attr]


async def test_tournament_start_at_a_time_still_starts_at_its_time_after_a_restart(
    any_db: Database,
) -> None:
    """A restart before the time keeps it: the restored table's timer starts the
    tournament when the time comes."""
    clock = FakeClock()
    service, _, table_id = await _open(any_db, "turbo seats 3 start in 20", clock)
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    clock.now += 10 * 60
    restarted, published = await open_service(any_db, clock)
    await restarted.tick()
    assert restarted.tables[table_id].tourney.tournament.status == REGISTERING  # type: ignore[union-attr]
    clock.now += 10 * 60
    await restarted.tick()
    await restarted.idle()
    live = restarted.tables[table_id]
    assert live.tourney is not None and live.tourney.tournament.status == RUNNING
    assert live.table.hand is not None


async def test_tournament_payouts_the_host_changes_them_until_registration_closes(
    any_db: Database,
) -> None:
    """The host's ``payouts`` changes the payout table in the lobby, told to the table and
    kept in the books; anyone else is refused; once registration closes (at the start,
    without late registration) it is refused saying the payouts are fixed (RULES.md
    "Tournaments", the payout table)."""
    service, published, table_id = await _open(any_db, "turbo buyin 10 seats 3 start now")
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    await _say(service, table_id, ANN, "payouts 70 30")
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    assert books.shares() == (700, 300) and books.prizes() == (2100, 900)
    (changed,) = _events(published, tv.PayoutsChanged)
    assert changed.shares == (700, 300)  # type: ignore[attr-defined]
    assert any("The host changes the payouts: 70%, 30%" in said(service, o) for o in published)
    with pytest.raises(ServiceError, match="only the host"):
        await _say(service, table_id, BOB, "payouts winner takes all")
    with pytest.raises(ServiceError, match="100%"):
        await _say(service, table_id, ANN, "payouts 50 30")
    stored = await any_db.tournaments.load(service.tables[table_id].tournament_id or "")
    assert stored is not None and stored.state["rules"]["shares"] == [700, 300]
    await _say(service, table_id, ANN, "start")
    with pytest.raises(ServiceError, match="fixed once registration closes"):
        await _say(service, table_id, ANN, "payouts standard")
    restarted, _ = await open_service(any_db)
    again = restarted.tables[table_id].tourney
    assert again is not None and again.tournament.shares() == (700, 300)


async def test_tournament_a_table_nobody_can_see_stops_its_level_clock_until_the_host_starts(
    any_db: Database,
) -> None:
    """The platform refuses the bot's posts and the table is held: like the host's pause,
    the hold stops the level clock with its time left, so the blinds do not rise while no
    one can play; the host's start runs it again from there (TDA 2024 R23, RULES.md
    "Tournaments", the clock)."""
    clock = FakeClock()
    service, published, table_id = await _open(any_db, "turbo seats 2", clock)
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    clock.now += 20
    assert await service.hold(table_id, "invite the bot")
    books = service.tables[table_id].tourney.tournament  # type: ignore[union-attr]
    clock.now += 600  # two levels' time goes by before the host sees to it
    await service.tick()
    assert books.level_clock.number == 1
    assert books.level_clock.time_left(clock.now) == pytest.approx(280)
    restarted, _ = await open_service(any_db, clock)  # the hold is kept across a restart
    again = restarted.tables[table_id].tourney
    assert again is not None and not again.tournament.level_clock.running
    await _say(restarted, table_id, ANN, "start")
    clock.now += 30
    await restarted.tick()
    assert again.tournament.level_clock.number == 1
    assert again.tournament.level_clock.time_left(clock.now) == pytest.approx(250)
    assert not _events(published, tv.LevelBegins)


async def test_tournament_refusals_name_the_player_s_own_case(any_db: Database) -> None:
    """After the start a player still in who types ``register`` is told he is in already,
    not that late registration is closed; ``back`` from a player who is not away is
    refused; a deal asked for by a stranger says only a player in takes part; nothing
    changes."""
    service, _, table_id = await _open(any_db, "turbo seats 3 start now")
    for player in (ANN, BOB, CAT):
        await _say(service, table_id, player, "register")
    await _say(service, table_id, ANN, "start")
    before = copy.deepcopy(service.tables[table_id].state())
    with pytest.raises(ServiceError, match="in the tournament already"):
        await _say(service, table_id, BOB, "register")
    with pytest.raises(ServiceError, match="not away"):
        await _say(service, table_id, BOB, "back")
    with pytest.raises(ServiceError, match="only a player still in"):
        await _say(service, table_id, DAN, "chop icm")
    assert service.tables[table_id].state() == before


async def test_tournament_ledger_is_its_money_as_text_and_csv(any_db: Database) -> None:
    """``ledger`` at a tournament's table gives its money (each player's buy-in, net), and
    ``ledger csv`` one row a money line with the amount in the currency's units; it was
    the cash session's ledger, empty."""
    service, published, table_id = await _open(any_db, "turbo buyin 20 seats 3 start now")
    for player in (ANN, BOB):
        await _say(service, table_id, player, "register")
    out = await service.handle(table_id, ANN, parse("ledger"))
    text = "\n".join(said(service, o) for o in out)
    assert "20.00" in text and "nothing in the ledger" not in text
    out = await service.handle(table_id, ANN, parse("ledger csv"))
    (attachment,) = [o.event for o in out if type(o.event).__name__ == "Attachment"]
    rows = attachment.data.decode().splitlines()  # type: ignore[attr-defined]
    assert rows[0] == "time_utc,player,player_id,entry,kind,amount"
    assert len(rows) == 3 and all(row.endswith(",buy-in,20.00") for row in rows[1:])
