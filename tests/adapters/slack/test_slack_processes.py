"""Three real ``killbutton run slack`` processes on one PostgreSQL database, as behind a
load balancer: signed requests go to them in turn, one request reaches two of them at
once, and one is killed in the middle of a hand; the table goes on, every move applied
once, the chips whole, and the dead process's turn timer run by another."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import aiohttp
from live_bot import Bot, start_bot
from slack_mock import TABLE, MockSlack, signed_headers, slash_body

from bot.engine.table import Table
from storage import Database

PLAYERS = ("UANN", "UBOB", "UCAT")
TURN_SECONDS = 5  # the shortest turn timer a host may set


async def _state(db: Database) -> tuple[int, Table]:
    """The table as last committed, read from the database: (version, table)."""
    stored = await db.load_table(TABLE)
    assert stored is not None
    return stored.version, Table.from_dict(stored.state["table"])


async def _moved(db: Database, past: int, what: str) -> int:
    """Wait until the table's version is past ``past``; the new version."""
    for _ in range(200):
        version = await db.version_of(TABLE)
        if version is not None and version > past:
            return version
        await asyncio.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


async def test_three_processes_serve_one_table_and_outlive_one_of_them(
    postgres_url: str, tmp_path: Path
) -> None:
    """Requests alternate between three processes sharing one PostgreSQL database; the
    same signed request sent to two of them at once is applied once; a process killed
    (SIGKILL) right after it committed a move leaves the others to carry on from that move,
    and when the next player does not act, one of them times him out."""
    mock = MockSlack()
    await mock.start()
    bots: list[Bot] = []
    db = await Database.open(postgres_url)
    try:
        bots = list(
            await asyncio.gather(
                *(start_bot(mock, tmp_path / f"bot{i}", False, postgres_url) for i in range(3))
            )
        )
        for bot in bots:
            assert "listening on" in await bot.line()
        async with aiohttp.ClientSession() as session:
            sent = 0

            async def send(bot: Bot, user: str, text: str, trigger: str = "") -> None:
                nonlocal sent
                sent += 1
                body = slash_body(user, text, trigger or f"trig-{sent}", mock.root + "response/1")
                url = f"http://127.0.0.1:{bot.port}/slack/events"
                async with session.post(url, data=body, headers=signed_headers(body)) as r:
                    assert r.status == 200

            await send(bots[0], "UANN", "new holdem nl 1/2")
            for _ in range(200):  # the new table, found in the database by the others
                if await db.version_of(TABLE) is not None:
                    break
                await asyncio.sleep(0.05)
            version = 0
            setup = [("UANN", f"set turn {TURN_SECONDS}")]
            setup += [(user, "sit 200") for user in PLAYERS] + [("UANN", "start")]
            for n, (user, text) in enumerate(setup, start=1):
                await send(bots[n % 3], user, text)
                version = await _moved(db, version, text)
            for _ in range(200):  # the first deal, a step of the table's own
                if (await _state(db))[1].hand is not None:
                    break
                await asyncio.sleep(0.05)

            for n in range(2):  # moves through each process in turn
                version, table = await _state(db)
                hand = table.hand
                assert hand is not None and hand.to_act is not None
                who = hand.names[hand.to_act].removeprefix("slack:")
                move = "check" if hand.legal_actions().can_check else "call"
                await send(bots[n % 3], who, move)
                await _moved(db, version, move)

            version, table = await _state(db)
            hand = table.hand
            assert hand is not None and hand.to_act is not None
            who = hand.names[hand.to_act].removeprefix("slack:")
            body = slash_body(who, "raise 6", "trig-twice", mock.root + "response/1")
            url = "http://127.0.0.1:{}/slack/events"
            await asyncio.gather(
                *(
                    session.post(url.format(b.port), data=body, headers=signed_headers(body))
                    for b in bots[:2]
                )
            )
            await _moved(db, version, "the raise")
            await asyncio.sleep(0.5)  # time for a second application, were there one
            twice = await db._rows(
                "SELECT count(*) FROM actions WHERE request_id = 'slack:trig-twice'"
            )
            assert twice == [(1,)]
            assert await db.version_of(TABLE) == version + 1

            version, table = await _state(db)
            hand = table.hand
            assert hand is not None and hand.to_act is not None
            who = hand.names[hand.to_act].removeprefix("slack:")
            await send(bots[2], who, "call")
            version = await _moved(db, version, "the call")
            bots[2].process.send_signal(signal.SIGKILL)  # dies after its commit
            await bots[2].process.wait()

            _, table = await _state(db)
            hand = table.hand
            assert hand is not None and hand.to_act is not None
            idle = hand.names[hand.to_act]
            for _ in range(int(TURN_SECONDS / 0.05) + 200):  # no one acts: the timer does
                rows = await db._rows(
                    "SELECT command FROM actions WHERE table_id = ? AND version > ?",
                    (TABLE, version),
                )
                if rows:
                    break
                await asyncio.sleep(0.05)
            assert len(rows) == 1 and '"Timeout"' in rows[0][0] and idle in rows[0][0]

        _, table = await _state(db)
        chips = sum(s.stack for s in table.seating.seats.values())
        if table.hand is not None:
            in_hand = set(table.hand.names)
            chips = sum(s.stack for s in table.seating.seats.values() if s.player_id not in in_hand)
            chips += sum(table.hand.stacks) + table.hand.pot_total()
        assert chips == 600
    finally:
        await db.close()
        for bot in bots:
            await bot.kill()
        await mock.stop()
    for bot in bots[:2]:
        assert "Traceback" not in bot.errors(), bot.errors()
