"""A signed request replayed within Slack's signature window is dropped, whether or not
its first delivery changed anything, across a restart of the bot too: every request id
is claimed in the database before its work starts."""

from __future__ import annotations

from pathlib import Path

from slack_mock import TABLE, Harness, signed_headers, slash_body

from storage.db import StorageError


def _stack(h: Harness, user: str) -> int:
    seat = h.service.tables[TABLE].table.seating.seat_of(f"slack:{user}")
    assert seat is not None
    return seat.stack


async def _top_ups(h: Harness) -> list[tuple[str, str, int]]:
    live = h.service.tables[TABLE]
    rows = await h.service.db.books.ledger(TABLE, live.session_id)
    return [row for row in rows if row[1] == "top_up"]


async def test_a_refused_request_replayed_after_a_restart_is_dropped(tmp_path: Path) -> None:
    """``topup 100`` typed during a hand is refused (nothing committed); the game is
    paused and the hand played out, so a top-up would now be allowed; the bot restarts on
    the same file and the very same signed body and timestamp arrive again: nothing
    happens, nothing is said, the stack and the ledger are as they were."""
    async with Harness(db_path=str(tmp_path / "k.db")) as h:
        await h.deal("holdem nl 1/2 buyin 100-1000")
        body = slash_body("UANN", "topup 100", "trig-replayed", h.mock.root + "response/1")
        headers = signed_headers(body)
        first = await h.send(body, headers)
        assert first.status == 200
        refusal = h.mock.of("chat.postEphemeral")[-1]
        assert refusal["user"] == "UANN"
        assert refusal["text"].startswith(
            "chips are added between hands, not during one: after this hand you may add up to "
        )
        await h.command("UANN", "pause")
        while h.service.tables[TABLE].table.current is not None:
            await h.command(h.to_act(), "fold")
        stack = _stack(h, "UANN")
        assert await _top_ups(h) == []

        await h.restart()
        before = len(h.mock.calls)
        again = await h.send(body, headers)

        assert again.status == 200
        # a new Bolt app asks who it is first (auth.test); nothing else is called
        assert [c.method for c in h.mock.calls[before:]] == ["auth.test"]
        assert _stack(h, "UANN") == stack
        assert await _top_ups(h) == []
        # the same words under a new trigger id are a new request, and are applied
        await h.command("UANN", "topup 100")
        assert _stack(h, "UANN") == stack + 100
        assert await _top_ups(h) == [("slack:UANN", "top_up", 100)]


async def test_a_replay_in_the_same_process_is_dropped_without_a_retry_header() -> None:
    """A copy of a request (no ``X-Slack-Retry-Num``) of a command that was refused is
    dropped like a retry: a replay is never a second chance."""
    async with Harness() as h:
        await h.deal()
        body = slash_body("UBOB", "topup 50", "trig-copy", h.mock.root + "response/1")
        headers = signed_headers(body)
        await h.send(body, headers)
        h.bot.seen.ids.clear()  # not even the adapter's memory is needed
        before = len(h.mock.calls)
        await h.send(body, headers)
        assert h.mock.calls[before:] == []


async def test_a_request_the_database_cannot_check_is_answered_and_its_retry_taken() -> None:
    """When the database cannot say whether a request id was taken, the request is not
    taken (it could be a replay), its sender is told so, and Slack's retry of it, which
    this process has not taken, is applied once the database answers again."""
    async with Harness() as h:
        await h.deal("holdem nl 1/2 buyin 100-1000")
        await h.command("UANN", "pause")
        while h.service.tables[TABLE].table.current is not None:
            await h.command(h.to_act(), "fold")
        stack = _stack(h, "UANN")
        requests = h.service.db.requests
        seen = requests.seen

        async def refused(*args: object, **kwargs: object) -> bool:
            raise StorageError("disk I/O error")

        requests.seen = refused  # type: ignore[method-assign]
        body = slash_body("UANN", "topup 100", "trig-unstored", h.mock.root + "response/1")
        assert (await h.send(body, signed_headers(body))).status == 200
        await h.bot.settle()
        told = h.mock.of("response_url")[-1]
        assert "could not take that" in told["text"]
        assert _stack(h, "UANN") == stack
        requests.seen = seen  # type: ignore[method-assign]
        retry = signed_headers(body)
        retry["X-Slack-Retry-Num"] = "1"
        assert (await h.send(body, retry)).status == 200
        await h.bot.settle()
        assert _stack(h, "UANN") == stack + 100


async def test_a_move_lost_to_a_crash_before_its_commit_is_taken_from_slacks_resend(
    tmp_path: Path,
) -> None:
    """The bot dies while a move waits on a slow lookup, before it is committed and before
    Slack hears it was received; a new process takes Slack's resend of it and applies it
    (its id is recorded only once the request is done)."""
    import asyncio

    from slack_bolt.request.async_request import AsyncBoltRequest

    from adapters.slack.users import Directory

    async with Harness(db_path=str(tmp_path / "t.db")) as h:
        await h.deal()
        who = h.to_act()
        live = h.service.tables[TABLE]
        step = live.table.step
        h.mock.slow["users.info"] = 30
        h.bot.directory = Directory(h.bot.client)  # nothing cached
        body = slash_body(who, "call", "trig-crash", h.mock.root + "response/1")
        request = AsyncBoltRequest(body=body, headers=signed_headers(body))
        dispatch = asyncio.ensure_future(h.bot.app.async_dispatch(request))
        await asyncio.sleep(0.3)
        assert not dispatch.done()  # not acknowledged: the move is not saved
        dispatch.cancel()  # the process dies with everything it was doing
        for task in list(h.bot.tasks):
            task.cancel()
        await asyncio.gather(dispatch, *h.bot.tasks, return_exceptions=True)
        del h.mock.slow["users.info"]
        await h.service.db.close()
        await h._start_bot()  # a new process on the same file
        retry = {**signed_headers(body), "X-Slack-Retry-Num": "1"}
        assert (await h.send(body, retry)).status == 200
        assert h.service.tables[TABLE].table.step == step + 1  # the call is taken


async def test_a_move_takes_its_request_id_in_its_own_commit() -> None:
    """A Slack move costs one read of its request id (new?) and its commit, which claims
    the id (``actions.request_id`` is unique): no second read under the table's lock and
    no claim of its own. A refused command costs the read and one claim, so its replay is
    dropped all the same."""
    async with Harness() as h:
        await h.deal()
        requests = h.service.db.requests
        trips: list[str] = []
        for name in ("seen", "command", "claim"):
            real = getattr(requests, name)

            async def counted(*args: object, _real: object = real, _name: str = name) -> object:
                trips.append(_name)
                return await _real(*args)  # type: ignore[operator]

            setattr(requests, name, counted)
        who = h.to_act()
        step = h.service.tables[TABLE].table.step
        await h.command(who, "call", trigger="trig-call")
        assert h.service.tables[TABLE].table.step == step + 1
        assert trips == ["seen"]
        assert await requests.seen("slack:trig-call")  # the commit claimed it
        trips.clear()
        await h.command(who, "topup 50")  # refused during a hand
        assert trips == ["seen", "claim"]
