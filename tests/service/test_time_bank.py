"""The time bank (RULES.md "The time bank"): drawn on when the time to act runs out,
shown on the table message while it runs, spent by the seconds taken, refilled every N
hands, kept across a restart; the host's words and their refusals."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support import (
    ANN,
    BOB,
    CAT,
    NOTICES,
    SETTINGS,
    FakeClock,
    OpenDatabase,
    open_service,
    said,
    to_act,
)

from bot.engine.errors import IllegalAction
from bot.engine.timebank import TimeBankRules, TimeBanks, time_bank_from
from bot.service.state import TableShown
from bot.service.tables import Outgoing, ServiceError, TableService
from bot.words.commands import Play, Sit, Start, parse
from bot.words.tableview import table_view
from storage.db import Database

BANKED = replace(SETTINGS, time_bank=TimeBankRules(20, 5, 2))


def _said(service: TableService, published: list[Outgoing]) -> list[str]:
    return [said(service, o) for o in published if isinstance(o.event, NOTICES)]


async def _table(service: TableService) -> str:
    table_id = await service.create_table("srv", "chan", ANN, BANKED)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    return table_id


async def test_the_bank_runs_when_the_timer_does_and_spends_the_seconds_taken(
    db: Database, open_db: OpenDatabase, tmp_path: Path
) -> None:
    """The turn's 30 seconds run out: the player's 20-second bank starts instead of a
    fold, the table message says so, and acting 8 seconds into it leaves 12; the bank
    and its deadline survive a restart in between."""
    clock = FakeClock()
    service, published = await open_service(db, clock)
    table_id = await _table(service)
    player = to_act(service, table_id)
    clock.now += 31
    await service.tick()
    assert f"{player.name}'s time bank runs: 20 seconds to act" in _said(service, published)
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None and not hand.folded[hand.names.index(player.id)]
    view = table_view(table_id, live.table, live.names or {})
    assert f"⏳ {player.name} is on the time bank" in view.footer

    await db.close()
    again, _ = await open_service(await open_db(tmp_path / "t.db"), clock)
    clock.now += 8
    assert await again.tick() == []  # the bank's deadline was kept: 12 seconds remain
    await again.handle(table_id, player, Play("call"))
    banks = again.tables[table_id].table.banks
    assert banks.running is None and banks.seconds[player.id] == 12


async def test_an_empty_bank_lets_the_timer_act_and_the_bank_refills_every_n_hands(
    service: TableService, clock: FakeClock, published: list[Outgoing]
) -> None:
    """The bank runs out: the timer folds him (000 NL §15); after every second hand the
    players dealt in get 5 seconds back, up to the bank's 20."""
    table_id = await _table(service)
    live = service.tables[table_id]
    player = to_act(service, table_id)
    clock.now += 31
    await service.tick()
    clock.now += 21
    await service.tick()
    assert f"{player.name}'s time ran out" in _said(service, published)
    hand = live.table.hand
    assert hand is not None and hand.folded[hand.names.index(player.id)]
    assert live.table.banks.seconds[player.id] == 0
    while live.table.hand_number < 3:  # hand 2 finished: the refill
        actor = to_act(service, table_id)
        await service.handle(table_id, actor, Play("fold"))
    assert live.table.banks.left(BANKED.time_bank, player.id) == 5
    assert live.table.banks.left(BANKED.time_bank, ANN.id if player != ANN else BOB.id) == 20


def test_set_timebank_words_and_refusals() -> None:
    assert time_bank_from("60") == TimeBankRules(60)
    assert time_bank_from("60 add 10 every 5") == TimeBankRules(60, 10, 5)
    assert time_bank_from("off") == TimeBankRules()
    for bad in ("abc", "-5", "1e9", "0", "601", "60 add 61 every 5", "60 add 10 every 0", "60 10"):
        with pytest.raises(IllegalAction, match="set timebank"):
            time_bank_from(bad)
    banks = TimeBanks()
    rules = TimeBankRules(30)
    assert banks.open(rules, "a") == 30 and banks.open(rules, "a") == 0  # once per decision
    banks.close(100)
    assert banks.left(rules, "a") == 0
    assert parse("set timebank 60 add 10 every 5").value == "60 add 10 every 5"  # type: ignore[union-attr]


async def test_the_clock_on_a_running_bank_is_the_decision_s_last_time(
    service: TableService, clock: FakeClock, published: list[Outgoing]
) -> None:
    """The bank runs at most once a decision: the clock put on a player whose bank runs
    gives him the lesser of the bank's time left and the clock's (000 NL §15, never more),
    and when that runs out the timer acts; the clock cannot be put on him twice in one
    decision."""
    table_id = await _table(service)
    player = to_act(service, table_id)
    others = [p for p in (ANN, BOB, CAT) if p != player]
    clock.now += 31
    await service.tick()
    await service.handle(table_id, others[0], parse("clock"))
    with pytest.raises(ServiceError, match="the clock is already on"):
        await service.handle(table_id, others[1], parse("clock"))
    clock.now += 21
    await service.tick()
    said = _said(service, published)
    assert said.count(f"{player.name}'s time bank runs: 20 seconds to act") == 1
    assert not any("time bank runs: 1" in line for line in said)
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.folded[hand.names.index(player.id)]


def _footers(published: list[Outgoing]) -> list[str]:
    """The footer of every table message shown, in order."""
    return [o.event.view.footer for o in published if isinstance(o.event, TableShown)]


async def test_the_time_bank_footer_counts_down_the_seconds_left(
    service: TableService, clock: FakeClock, published: list[Outgoing]
) -> None:
    """The footer said the seconds granted for as long as the bank ran ("20s" with 3
    left): it says the seconds left, counted from the stored deadline and the clock at
    each render of the table message (a status, any refresh), and the table message is
    shown again at every ten seconds left, the cadence of the clock's warning; between
    those the timer shows nothing."""
    table_id = await _table(service)
    live = service.tables[table_id]
    player = to_act(service, table_id)
    banked = f"⏳ {player.name} is on the time bank: " + "{}s left"
    clock.now += 31
    await service.tick()
    assert _footers(published)[-1] == banked.format(20)
    shown = len(_footers(published))
    clock.now += 3
    assert await service.tick() == []
    assert banked.format(17) in service.status_text(live).splitlines()
    clock.now += 7
    await service.tick()
    assert _footers(published)[shown:] == [banked.format(10)]
    clock.now += 1
    assert await service.tick() == []
    other = next(p for p in (ANN, BOB, CAT) if p != player)
    await service.handle(table_id, other, parse("sitout"))  # any table message counts down
    assert _footers(published)[-1] == banked.format(9)
    clock.now += 5
    assert await service.tick() == []
    assert len(_footers(published)) == shown + 2
    clock.now += 4  # the bank's 20 seconds are spent: the timer acts
    await service.tick()
    assert f"{player.name}'s time ran out" in _said(service, published)
    assert "time bank" not in _footers(published)[-1]


async def test_a_long_time_bank_is_shown_again_every_ten_seconds_left(
    service: TableService, clock: FakeClock, published: list[Outgoing]
) -> None:
    """A 35-second bank: shown at 35 when it starts, then at 30, 20 and 10 seconds left,
    whatever the timer's ticks; a move ends the countdown."""
    table_id = await service.create_table(
        "srv", "chan", ANN, replace(SETTINGS, time_bank=TimeBankRules(35))
    )
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    player = to_act(service, table_id)
    clock.now += 30
    await service.tick()
    shown = len(_footers(published)) - 1
    for _ in range(33):
        clock.now += 1
        await service.tick()
    left = [f.rsplit(": ", 1)[-1] for f in _footers(published)[shown:]]
    assert left == ["35s left", "30s left", "20s left", "10s left"]
    await service.handle(table_id, player, Play("fold"))
    assert "time bank" not in _footers(published)[-1]


async def test_the_clock_put_on_before_the_bank_runs_is_the_decision_s_last_time(
    service: TableService, clock: FakeClock, published: list[Outgoing]
) -> None:
    """000 NL §15 with the time bank: the clock put on a player before his bank runs gives
    him the lesser of his turn's time left and seventy seconds, and when that runs out the
    timer acts: no bank runs after the clock, which never lengthens a turn."""
    table_id = await _table(service)
    player = to_act(service, table_id)
    other = next(p for p in (ANN, BOB, CAT) if p != player)
    await service.handle(table_id, other, parse("clock"))
    clock.now += 31
    await service.tick()
    said = _said(service, published)
    assert not any("time bank runs" in line for line in said)
    assert f"{player.name}'s time ran out" in said
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.folded[hand.names.index(player.id)]
    assert service.tables[table_id].table.banks.seconds.get(player.id, 20) == 20


async def test_the_clock_that_cuts_a_long_bank_shows_its_seconds_on_the_table(
    service: TableService, clock: FakeClock
) -> None:
    """000 NL §15 over a time bank of 600 seconds: the clock cuts it to seventy, and the
    table message shows the clock's seconds left instead of the bank's."""
    table_id = await service.create_table(
        "srv", "chan", ANN, replace(SETTINGS, time_bank=TimeBankRules(600))
    )
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    player = to_act(service, table_id)
    other = next(p for p in (ANN, BOB, CAT) if p != player)
    clock.now += 31
    await service.tick()
    live = service.tables[table_id]
    deadline = live.table.clock.deadline
    view = table_view(table_id, live.table, live.names or {}, deadline, clock.now)
    assert f"⏳ {player.name} is on the time bank: 600s left" in view.footer
    await service.handle(table_id, other, parse("clock"))
    clock.now += 5
    deadline = live.table.clock.deadline
    view = table_view(table_id, live.table, live.names or {}, deadline, clock.now)
    assert f"⏱ the clock is on {player.name}: 65s left" in view.footer
    assert "time bank" not in view.footer
