"""The table service: commit then publish, retries once, order, restore, timers, faults."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support import (
    ANN,
    BOB,
    CAT,
    SETTINGS,
    FakeClock,
    OpenDatabase,
    kill_settings,
    open_service,
    said,
    small_table,
    table_with_three,
    to_act,
)

from bot.engine.events import HandStarted, HoleCardsDealt
from bot.engine.table import BETWEEN_MOVES
from bot.service.tables import Outgoing, ServiceError, TableService
from bot.words.commands import Play, Sit, Start, parse
from storage.db import StorageError


async def test_a_hand_through_the_service_public_messages_carry_no_hidden_card(
    service: TableService, published: list[Outgoing]
) -> None:
    """Commit then publish: hole cards go only to their owner; chips are conserved."""
    table_id = await table_with_three(service)
    hand = service.tables[table_id].table.hand
    assert hand is not None
    for _ in range(40):
        if service.tables[table_id].table.hand is not hand:
            break
        await service.handle(
            table_id,
            to_act(service, table_id),
            Play("call") if hand.legal_actions().call_amount else Play("check"),
        )
    dealt = [o for o in published if isinstance(o.event, HoleCardsDealt)]
    names: tuple[str, ...] = ()
    for out in published:
        if isinstance(out.event, HandStarted):
            names = out.event.names
        elif isinstance(out.event, HoleCardsDealt):
            assert out.audience == names[out.event.player]
    assert len(dealt) >= 3
    public = [o for o in published if o.audience is None]
    seen = {
        c
        for o in public
        if type(o.event).__name__ in ("Shown", "BoardDealt", "UpCardsDealt")
        for c in o.event.cards  # type: ignore[attr-defined]
    }
    secret = {c for o in dealt for c in o.event.cards} - seen
    assert secret, "some hands were folded unseen"
    for out in public:
        text = repr(out.event)
        assert not [c for c in secret if f"'{c}'" in text], out
    total = sum(s.stack for s in service.tables[table_id].table.seating.seats.values())
    live = service.tables[table_id].table.hand
    in_pot = live.pot_total() if live else 0
    stacks_in_hand = sum(live.stacks) if live else 0
    seated_out = sum(
        s.stack
        for s in service.tables[table_id].table.seating.seats.values()
        if not live or s.player_id not in live.names
    )
    assert (stacks_in_hand + in_pot + seated_out if live else total) == 1500


async def test_a_retried_request_is_applied_once_and_out_of_turn_is_refused(
    service: TableService,
) -> None:
    """A platform's retry of the same request id is applied once; the player not to act gets
    a clear "not your turn" and nothing changes."""
    table_id = await table_with_three(service)
    actor = to_act(service, table_id)
    other = next(p for p in (ANN, BOB, CAT) if p != actor)
    before = service.tables[table_id].table.to_dict()
    with pytest.raises(ServiceError, match="not your turn"):
        await service.handle(table_id, other, Play("fold"), request_id="r0")
    assert service.tables[table_id].table.to_dict() == before
    first = await service.handle(table_id, actor, Play("call"), request_id="r1")
    again = await service.handle(table_id, actor, Play("call"), request_id="r1")
    assert first and again == []


async def test_restart_restores_the_hand_in_play_exactly(
    service: TableService, open_db: OpenDatabase, tmp_path: Path
) -> None:
    """The bot stops mid-hand; a new service on the same file restores it exactly."""
    table_id = await table_with_three(service)
    await service.handle(table_id, to_act(service, table_id), Play("raise", 6))
    before = service.tables[table_id].table.to_dict()
    await service.db.close()
    again, _ = await open_service(await open_db(tmp_path / "t.db"))
    assert again.tables[table_id].table.to_dict() == before
    assert (
        again.tables[table_id].table.clock.deadline == service.tables[table_id].table.clock.deadline
    )


async def test_000_nl_15_a_timer_restored_runs_on_and_the_clock_can_be_called_on_it(
    clock: FakeClock, service: TableService, open_db: OpenDatabase, tmp_path: Path
) -> None:
    """000 NL §15 across a restart: the decision pending keeps the timer it had (a
    command that does not move the turn, like calling the clock, does not give the player
    a fresh one), and the clock called after the restart runs on that timer, the lesser
    of the ten seconds left and its seventy."""
    table_id = await table_with_three(service)
    deadline = service.tables[table_id].table.clock.deadline
    assert deadline is not None
    await service.db.close()
    clock.now += 20
    again, _ = await open_service(await open_db(tmp_path / "t.db"), clock)
    waiting = to_act(again, table_id)
    caller = next(p for p in (ANN, BOB, CAT) if p.id != waiting.id)
    await again.handle(table_id, caller, parse("sitout"))  # the turn does not move
    assert again.tables[table_id].table.clock.deadline == deadline
    await again.handle(
        table_id, next(p for p in (ANN, BOB, CAT) if p not in (waiting, caller)), parse("clock")
    )
    live = again.tables[table_id]
    assert live.table.clock.clock_on and live.table.clock.deadline == deadline == clock.now + 10


async def test_turn_timer_checks_or_folds_and_survives_a_restart(
    clock: FakeClock, service: TableService, published: list[Outgoing]
) -> None:
    """000 NL §15: when time runs out the player checks if he can, otherwise folds."""
    table_id = await table_with_three(service)
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.to_act is not None
    actor = hand.to_act
    clock.now += 29
    assert await service.tick() == []
    clock.now += 2
    out = await service.tick()
    assert any("time ran out" in said(service, o) for o in out)
    assert hand.folded[actor]


async def test_a_failed_commit_leaves_the_table_as_it_was(
    service: TableService, monkeypatch
) -> None:
    """A full disk or a locked database: a clear error, the table unchanged, others play."""
    table_id = await table_with_three(service)
    before = service.tables[table_id].table.to_dict()

    async def broken(*args: object, **kwargs: object) -> None:
        raise StorageError("database or disk is full")

    monkeypatch.setattr(service.db, "commit", broken)
    with pytest.raises(ServiceError, match="try again"):
        await service.handle(table_id, to_act(service, table_id), Play("fold"))
    assert service.tables[table_id].table.to_dict() == before


def test_commands_parse_amounts_and_refuse_nonsense() -> None:
    """Amounts take whole numbers and 1k, 2.5k; anything else gets the accepted forms."""
    assert parse("raise 2.5k") == Play("raise", 2500)
    assert parse("bet 40") == Play("bet", 40)
    for bad in ("raise abc", "raise -5", "bet 1e9", "raise 0", "bet 2.5", "dance"):
        with pytest.raises(ValueError):
            parse(bad)


async def test_host_controls_are_audited_and_limited_to_the_host(service: TableService) -> None:
    """Host controls: only the host; void returns every chip; adjust needs a reason and is
    between hands; every one written to the audit log."""
    table_id = await table_with_three(service)
    with pytest.raises(ServiceError, match="only the host"):
        await service.handle(table_id, BOB, parse("void"))
    stacks = {s.player_id: s.stack for s in service.tables[table_id].table.seating.seats.values()}
    await service.handle(table_id, ANN, parse("pause"))
    await service.handle(table_id, ANN, parse("void"))
    table = service.tables[table_id].table
    assert table.hand is None
    assert {s.player_id: s.stack for s in table.seating.seats.values()} == stacks
    with pytest.raises(ServiceError, match="no player called zed"):
        await service.handle(table_id, ANN, parse("adjust zed 50 typo"))
    await service.handle(table_id, ANN, parse("adjust Bob 50 chips found"))
    bob = service.tables[table_id].table.seating.seat_of("u2")
    assert bob is not None and bob.stack == stacks["u2"] + 50
    await service.handle(table_id, ANN, parse("set turn 45"))
    assert service.tables[table_id].table.settings.turn_seconds == 45
    rows = await service.db._rows("SELECT what FROM audit ORDER BY id")
    assert [r[0] for r in rows] == ["void", "adjust", "set"]


async def test_end_of_session_results_and_settle_up(
    service: TableService, published: list[Outgoing]
) -> None:
    """At the end of a session: each player's net and who pays whom, in chips and money."""
    table_id = await table_with_three(service)
    for _ in range(60):
        hand = service.tables[table_id].table.hand
        if hand is None or service.tables[table_id].table.hand_number > 3:
            break
        legal = hand.legal_actions()
        move = Play("check") if legal.can_check else Play("call")
        await service.handle(table_id, to_act(service, table_id), move)
    await service.handle(table_id, ANN, parse("pause"))
    hand = service.tables[table_id].table.hand
    while hand is not None and hand.to_act is not None:
        legal = hand.legal_actions()
        move = Play("check") if legal.can_check else Play("fold")
        await service.handle(table_id, to_act(service, table_id), move)
        hand = service.tables[table_id].table.hand
    await service.handle(table_id, ANN, parse("end"))
    summary = [said(service, o) for o in published if "Session results" in said(service, o)]
    assert summary
    lines = summary[-1].splitlines()
    nets = [int(line.split(":")[1].split()[0].rstrip(";")) for line in lines[1:4]]
    assert sum(nets) == 0
    assert all(" hand" in line and " won" in line for line in lines[1:4])


async def test_voluntary_kill_waits_out_the_objection_window_and_an_objection_stops_it(
    clock: FakeClock, service: TableService, published: list[Outgoing]
) -> None:
    """000 kill §10 / 002: a voluntary kill is announced before the deal and goes ahead if
    no one objects within the window (silence is consent); an objection cancels it."""
    table_id = await service.create_table("srv", "chan", ANN, kill_settings())
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, BOB, parse("kill"))
    with pytest.raises(ServiceError, match="already announced"):
        await service.handle(table_id, CAT, parse("kill"))
    await service.handle(table_id, CAT, parse("object"))
    await service.handle(table_id, CAT, parse("kill"))
    clock.now += 16  # the window passes in silence
    await service.handle(table_id, ANN, Start())
    killed = [o.event for o in published if type(o.event).__name__ == "PotKilled"]
    assert [(e.amount, e.reason) for e in killed] == [(20, "voluntary")]
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.names[killed[0].player] == CAT.id
    assert hand.config.stakes.fixed_small == 20  # the hand plays 20/40


async def test_straddle_from_the_seat_left_of_the_big_blind(
    service: TableService, published: list[Outgoing]
) -> None:
    """000 NL §14: one live straddle, by the player left of the big blind, twice the blind."""
    table_id = await service.create_table("srv", "chan", ANN, SETTINGS)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, parse("straddle"))  # Ann is on the button: left of BB
    await service.handle(table_id, ANN, Start())
    posts = [o.event for o in published if type(o.event).__name__ == "Posted"]
    assert [(p.kind, p.amount) for p in posts] == [
        ("small_blind", 1),
        ("big_blind", 2),
        ("straddle", 4),
    ]


async def _long_turn_table(service: TableService, seconds: int) -> str:
    settings = replace(SETTINGS, turn_seconds=seconds)
    table_id = await service.create_table("srv", "chan", ANN, settings)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    return table_id


async def test_the_clock_gives_a_minute_and_warns_at_ten_seconds(
    clock: FakeClock, service: TableService
) -> None:
    """000 NL §15: a player may put the clock on a player facing action: one more minute,
    a warning at ten seconds, then the hand is dead (at a table whose turn is longer)."""
    table_id = await _long_turn_table(service, 300)
    actor = to_act(service, table_id)
    caller = next(p for p in (ANN, BOB, CAT) if p != actor)
    await service.handle(table_id, caller, parse("clock"))
    clock.now += 61
    out = await service.tick()
    assert [said(service, o) for o in out] == [f"{actor.name}: ten seconds left"]
    clock.now += 10
    out = await service.tick()
    assert any("time ran out" in said(service, o) for o in out)
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.folded[hand.names.index(actor.id)]


async def test_000_nl_15_the_clock_shortens_a_turn_never_lengthens_it(
    clock: FakeClock, service: TableService, published: list[Outgoing]
) -> None:
    """000 NL §15 with the house's turn timer: the clock gives the player the lesser of
    the time he has left and the clock's seventy seconds. Put on him as his 30-second turn
    starts, it leaves him his 30 seconds (warned at ten), and the timer acts at 30."""
    table_id = await table_with_three(service)
    actor = to_act(service, table_id)
    caller = next(p for p in (ANN, BOB, CAT) if p != actor)
    clock.now += 5
    await service.handle(table_id, caller, parse("clock"))
    lines = [said(service, o) for o in published]
    assert f"{caller.name} puts the clock on {actor.name}: 25 seconds to act (000 NL §15)" in lines
    clock.now += 16
    out = await service.tick()
    assert [said(service, o) for o in out] == [f"{actor.name}: ten seconds left"]
    clock.now += 10
    out = await service.tick()
    assert any("time ran out" in said(service, o) for o in out)
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.folded[hand.names.index(actor.id)]


async def test_000_nl_15_the_clock_cuts_a_long_turn_to_its_seventy_seconds(
    clock: FakeClock, service: TableService, published: list[Outgoing]
) -> None:
    """000 NL §15: at a table that gives five minutes a turn, the clock leaves one minute
    and the ten-second warning; the timer acts seventy seconds after it was put on."""
    table_id = await _long_turn_table(service, 300)
    actor = to_act(service, table_id)
    caller = next(p for p in (ANN, BOB, CAT) if p != actor)
    await service.handle(table_id, caller, parse("clock"))
    lines = [said(service, o) for o in published]
    assert f"{caller.name} puts the clock on {actor.name}: 70 seconds to act (000 NL §15)" in lines
    clock.now += 69
    await service.tick()
    hand = service.tables[table_id].table.hand
    assert hand is not None and not hand.folded[hand.names.index(actor.id)]
    clock.now += 2
    await service.tick()
    assert hand.folded[hand.names.index(actor.id)]


async def test_000_nl_15_no_one_puts_the_clock_on_himself(service: TableService) -> None:
    """000 NL §15: the clock is what the other players put on the one facing action; the
    player to act asking for it on himself is refused, saying what he may do, and no
    clock runs."""
    table_id = await table_with_three(service)
    actor = to_act(service, table_id)
    with pytest.raises(ServiceError, match="you are the one to act: you may "):
        await service.handle(table_id, actor, parse("clock"))
    assert not service.tables[table_id].table.clock.clock_on


async def test_waiting_list_when_the_table_is_full(
    service: TableService, published: list[Outgoing]
) -> None:
    """A waiting list when the table is full; the first waiting player is told when a seat
    frees up."""
    table_id = await small_table(service, 2)
    with pytest.raises(ServiceError, match="full"):
        await service.handle(table_id, CAT, Sit(500))
    await service.handle(table_id, CAT, parse("wait"))
    await service.handle(table_id, BOB, parse("leave"))
    told = [o for o in published if o.audience == CAT.id]
    assert told and "a seat is free" in said(service, told[-1])
    await service.handle(table_id, CAT, Sit(300))


async def test_the_public_state_shows_each_seat_as_it_stands_in_the_hand(
    service: TableService,
) -> None:
    """The table's state as data (``--json``) gives every seat the stack it has now: a
    player who has bet in the hand in play shows what he has left, as the hand does."""
    table_id = await table_with_three(service)
    actor = to_act(service, table_id)
    await service.handle(table_id, actor, parse("raise 10"))
    state = service.public_state(table_id)
    hand = state["hand"]
    assert isinstance(hand, dict)
    now = dict(zip(hand["players"], hand["stacks"], strict=True))
    seats = state["seats"]
    assert isinstance(seats, dict)
    assert {s["name"]: s["stack"] for s in seats.values()} == now
    assert now[actor.name] == 490


async def test_start_while_the_game_runs_tells_the_host_it_already_runs(
    service: TableService,
) -> None:
    """'start' at a running table changes nothing and tells the host alone that the game
    already runs, rather than telling the table it starts."""
    table_id = await table_with_three(service)
    before = service.tables[table_id].table.to_dict()
    out = await service.handle(table_id, ANN, Start())
    assert [(o.audience, said(service, o)) for o in out] == [
        (ANN.id, "the game is already running ('pause' stops it after this hand)")
    ]
    assert service.tables[table_id].table.to_dict() == before


async def test_a_top_up_of_nothing_is_refused_with_how_much_may_be_added(
    service: TableService,
) -> None:
    """Bad input: 'topup 0' is refused saying how much the player may add (up to the
    table's maximum buy-in, 000 NL §16), and nothing changes."""
    table_id = await small_table(service, 3)
    live = service.tables[table_id]
    before = live.table.to_dict()
    with pytest.raises(ServiceError, match=r"top up by a whole number of chips, up to 500"):
        await service.handle(table_id, ANN, parse("topup 0"))
    assert live.table.to_dict() == before


async def test_a_table_stored_before_it_kept_its_own_clock_restores_with_it(
    service: TableService,
) -> None:
    """A table stored when the service kept the game's running, the turn timer, the clock,
    a kill offer, straddles and check/folds beside it restores with all of them in the
    table, the pending decision known as the timed one."""
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    stored = await service.db.load_table(table_id)
    assert stored is not None
    old = (*BETWEEN_MOVES, "host", "held")
    table = {k: v for k, v in live.table.to_dict().items() if k not in old}
    actor = to_act(service, table_id)
    legacy = {
        "table": table,
        "running": True,
        "deadline": 1234.5,
        "clock_on": True,
        "names": {ANN.id: ANN.name},
        "kill_offer": None,
        "straddlers": [BOB.id],
        "pre": {actor.id: "check_fold"},
        "unseen": None,
    }
    again = TableService._live(replace(stored, state=legacy))
    clock = again.table.clock
    assert again.table.running and clock.deadline == 1234.5 and clock.clock_on
    assert clock.turn == again.table.turn_key()
    assert again.table.straddlers == [BOB.id]
    assert again.table.chosen == {actor.id: "check_fold"}
    assert again.names == {ANN.id: ANN.name}
    assert again.table.host == ANN.id and again.table.held is None


async def test_a_table_stored_before_it_kept_its_host_and_hold_takes_them_from_the_row(
    service: TableService,
) -> None:
    """A table stored when the service kept the host and the hold beside it: the host is
    the stored row's and the hold is the table's, so no timer runs; only that host may
    start it again, which lifts the hold, and the commit stores both in the table."""
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    stored = await service.db.load_table(table_id)
    assert stored is not None
    table = {k: v for k, v in live.table.to_dict().items() if k not in ("host", "held")}
    table["running"] = False  # a hold paused the game
    legacy = {"table": table, "names": {ANN.id: ANN.name}, "unseen": "invite the bot"}
    again = TableService._live(replace(stored, state=legacy, host_id=BOB.id))
    assert (again.table.host, again.table.held, again.table.running) == (
        BOB.id,
        "invite the bot",
        False,
    )
    service.tables[table_id] = again
    facing = again.table.turn()
    service.clock.now += 10_000  # type: ignore[attr-defined]
    await service.tick()
    assert again.table.turn() == facing  # nobody timed out while held
    with pytest.raises(ServiceError, match="only the host"):
        await service.handle(table_id, ANN, Start())
    await service.handle(table_id, BOB, Start())
    assert again.table.held is None and again.table.running
    restored = await service.db.load_table(table_id)
    assert restored is not None
    assert (restored.state["table"]["host"], restored.state["table"]["held"]) == (BOB.id, None)
