"""The books through the chat vocabulary: the all-time leaderboard per server, kill and
non-kill games apart (000 kill §13), one game at a time, and the session's ledger."""

from __future__ import annotations

from tests.chat.fakes import OpenPipeline, Pipeline


async def _blinds_hand(p: Pipeline, channel: str, setup: str) -> None:
    """Ann, Bob and Cat at a table in ``channel``; Ann and Bob fold, so Cat (big blind)
    wins 1 from Bob (small blind)."""

    async def say(user: str, text: str) -> None:
        from bot.chat.core import Request

        reply = await p.core.handle(Request("test", "g", channel, user.lower(), user, text))
        assert reply.ok, (text, reply.text)

    await say("Ann", setup)
    for name in ("Ann", "Bob", "Cat"):
        await say(name, "sit 100")
    await say("Ann", "start")
    await say("Ann", "fold")
    await say("Bob", "fold")
    await say("Ann", "pause")


async def test_leaderboard_keeps_kill_games_and_each_game_apart(pipeline: Pipeline) -> None:
    await _blinds_hand(pipeline, "c", "new holdem nl 1/2 kill")
    await _blinds_hand(pipeline, "d", "new omaha pl 1/2")
    everything = (await pipeline.say("Ann", "leaderboard")).text.splitlines()
    assert everything[0] == "Leaderboard:"
    assert everything[1] == "1. Cat +2 in 2 hands"
    assert everything[-1] == "3. Bob -2 in 2 hands"
    kill = (await pipeline.say("Ann", "leaderboard kill")).text.splitlines()
    assert kill[:2] == ["Leaderboard (kill games):", "1. Cat +1 in 1 hand"]
    omaha = (await pipeline.say("Ann", "leaderboard plo")).text.splitlines()
    assert omaha[0] == "Leaderboard · Omaha:" and "Cat +1 in 1 hand" in omaha[1]
    none = (await pipeline.say("Ann", "leaderboard nokill razz")).text
    assert none == "Leaderboard (games without a kill) · Razz: no hands yet"
    bad = await pipeline.say("Ann", "leaderboard chess")
    assert not bad.ok and "'chess' is not a game" in bad.text


async def test_a_carried_jacks_pot_goes_to_the_opener_when_everyone_folds(
    open_pipeline: OpenPipeline,
) -> None:
    """004 jacks §1: passed-out deals carry the antes; when the antes stop and the opener's
    bet is not called, he wins the carried pot (the uncalled bet comes back)."""
    p = await open_pipeline(seed=1)
    assert (await p.say("Alice", "new jacks 2/4")).ok
    await p.say("Alice", "sit 200")
    await p.say("Bob", "sit 200")
    for _ in range(4):  # every deal gives both players openers, whatever the order
        p.stack_deck("As Ad Ah Ac Ks Kd Kh Kc Qs Qd")
    await p.say("Alice", "start")
    live = p.service.tables["g/c"]
    for _ in range(6):  # both check three deals: they pass out, 6 antes carried
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None
        await p.say(live.names[hand.names[hand.to_act]] if live.names else "", "check")
    hand = live.table.hand
    assert hand is not None and hand.pot_total() == 6  # no antes on the fourth deal
    seats = live.table.seating.seats
    opener = ""
    for seat in seats.values():
        reply = await p.say(seat.name, "bet")
        if reply.ok:  # the player with jacks or better opens (004 jacks §1)
            opener = seat.name
            break
    assert opener
    other = next(s.name for s in seats.values() if s.name != opener)
    await p.say(other, "fold")
    stacks = {s.name: s.stack for s in seats.values()}
    assert sum(stacks.values()) == 400
    assert stacks[opener] == 203 and stacks[other] == 197


async def test_history_hides_a_namesakes_cards(pipeline: Pipeline) -> None:
    """Two players may share a display name: each one's history shows his own cards and
    never the other's folded cards (no card leaves its owner's eyes)."""
    from bot.chat.core import Request

    async def say(uid: str, name: str, text: str) -> str:
        return (await pipeline.core.handle(Request("test", "g", "c", uid, name, text))).text

    await say("host", "Alice", "new holdem nl 1/2")
    for uid, name in (("host", "Alice"), ("u1", "Bob"), ("u2", "Bob")):
        await say(uid, name, "sit 100")
    pipeline.stack_deck("As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd")  # u1 (small blind) gets A♠ K♦
    await say("host", "Alice", "start")
    await say("host", "Alice", "fold")
    await say("u1", "Bob", "fold")
    mine = await say("u1", "Bob", "history 1 phh")
    theirs = await say("u2", "Bob", "history 1 phh")
    assert "AsKd" in mine and "7h2c" not in mine
    assert "AsKd" not in theirs and "7h2c" in theirs
    assert "more than one player is called Bob" in await say("host", "Alice", "kick Bob")


async def test_a_bare_bet_without_openers_says_why(pipeline: Pipeline) -> None:
    """004 jacks §1: a player without jacks or better may not open; `bet` alone tells him
    so and what he may do instead."""
    await pipeline.say("Alice", "new jacks 2/4")
    await pipeline.say("Alice", "sit 200")
    await pipeline.say("Bob", "sit 200")
    pipeline.stack_deck("2c 3d 4h 5s 7c 9c 9d Ks Qd 8h")  # the first to act holds no openers
    await pipeline.say("Alice", "start")
    live = pipeline.service.tables["g/c"]
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None and live.names
    first = live.names[hand.names[hand.to_act]]
    reply = await pipeline.say(first, "bet")
    assert not reply.ok
    assert reply.text == (
        "you cannot bet now without jacks or better to open (004 jacks §1): you may check"
    )


async def test_antes_returned_at_the_session_end_count_on_the_leaderboard(
    pipeline: Pipeline,
) -> None:
    """004 jacks §1: a deal passes out and the host ends the session; the carried antes go
    back to who anted them, and the session results and the all-time leaderboard both show
    nobody up or down."""
    await pipeline.say("Alice", "new jacks 2/4")
    await pipeline.say("Alice", "sit 200")
    await pipeline.say("Bob", "sit 200")
    pipeline.stack_deck("2c 3d 4h 5s 7c 9c 8d Ks Qd 6h")  # nobody holds openers
    await pipeline.say("Alice", "start")
    await pipeline.say("Alice", "pause")  # after this deal
    live = pipeline.service.tables["g/c"]
    while live.table.current is not None:
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None and live.names
        await pipeline.say(live.names[hand.names[hand.to_act]], "check")
    assert live.table.carried == 2
    assert (await pipeline.say("Alice", "end")).ok
    summary = pipeline.transport.posts[-1][1]
    assert "Alice: +0" in summary and "Bob: +0" in summary, summary
    assert "Alice: +0; 1 hand, no pot won" in summary  # one hand, not "1 hands"
    board = (await pipeline.say("Alice", "leaderboard")).text.splitlines()
    assert board[1:] == ["1. Alice +0 in 1 hand", "2. Bob +0 in 1 hand"]


async def test_002_dealers_choice_the_button_is_asked_and_his_pick_is_dealt(
    open_pipeline: OpenPipeline,
) -> None:
    """002 games of rounds: at a dealer's choice table nothing is dealt until the button
    picks the round's game; the channel is told who picks and from what, a pick by anyone
    else or of a game not in the list is refused with who picks or what may be picked."""
    p = await open_pipeline(seed=1)
    assert (await p.say("Alice", "new horse choice")).ok
    await p.say("Alice", "sit 200")
    await p.say("Bob", "sit 200")
    await p.say("Alice", "start")
    live = p.service.tables["g/c"]
    assert live.table.current is None
    asked = [t for _, t in p.transport.posts if "picks this round's game" in t]
    assert asked == [
        "the host starts the game\ndealer's choice: Alice picks this round's game: "
        "choose holdem, omaha_hilo, razz, stud, stud_hilo"
    ]
    refused = await p.say("Bob", "choose razz")
    assert not refused.ok and "Alice picks the game for this round" in refused.text
    refused = await p.say("Alice", "choose badugi")
    assert not refused.ok and "choose one of holdem, omaha_hilo" in refused.text
    assert (await p.say("Alice", "choose stud8")).ok
    await p.service.idle()
    assert live.table.current is not None
    assert live.table.current.setup.config.game.value == "stud_hilo"


async def test_ledger_csv_is_posted_to_the_channel_as_a_file(pipeline: Pipeline) -> None:
    """``ledger csv``: the session's ledger as a CSV file posted to the channel: a header,
    then one row a buy-in or top-up with its time, the player's name and id, the kind, the
    chips and the note; a refused upload is kept as a failure for the host, nothing else
    changes."""
    await _blinds_hand(pipeline, "c", "new holdem nl 1/2")
    reply = await pipeline.say("Bob", "ledger csv")
    assert reply.ok
    await pipeline.service.shown()
    ((_, filename, data, caption),) = pipeline.transport.files
    assert filename.startswith("ledger-c-session-") and filename.endswith(".csv")
    assert caption.startswith("The ledger of this session, as CSV")
    rows = data.decode().splitlines()
    assert rows[0] == "time_utc,player,player_id,kind,chips,note"
    assert [r.split(",")[1:5] for r in rows[1:]] == [
        [name, f"test:{name.lower()}", "buy_in", "100"] for name in ("Ann", "Bob", "Cat")
    ]
    assert all(r.split(",")[0].endswith("+00:00") for r in rows[1:])
    pipeline.transport.failing["post_file"] = RuntimeError("upload refused")
    await pipeline.say("Bob", "ledger csv")
    await pipeline.service.shown()
    failures = pipeline.presenter.failures.get("g/c", [])
    assert any(f.what == "file" for f in failures)


async def test_biggest_pot_won_of_a_hand_stored_before_takes_were_kept_is_read_as_before(
    pipeline: Pipeline,
) -> None:
    """A hand stored before each player's take from a pot was kept (its ``took`` NULL)
    counts the hand's biggest pot for whoever came out ahead, as it was counted then; a
    hand stored since counts what he took."""
    await _blinds_hand(pipeline, "c", "new holdem nl 1/2")
    stats = (await pipeline.say("Ann", "stats Cat")).text.splitlines()
    assert stats[1].endswith(" · net +1 · biggest pot won 2")
    db = pipeline.service.db
    await db._write([("UPDATE hands SET took = NULL, biggest_pot = 99", ())])
    stats = (await pipeline.say("Ann", "stats Cat")).text.splitlines()
    assert stats[1].endswith(" · net +1 · biggest pot won 99")
    assert (
        (await pipeline.say("Ann", "stats Bob"))
        .text.splitlines()[1]
        .endswith(" · net -1 · biggest pot won 0")
    )
    session = pipeline.service.tables["g/c"].session_id
    assert session is not None
    results = {r[1]: r[2:] for r in await db.books.session_results(session)}
    assert results["Cat"] == (1, 1, 1, 99) and results["Bob"] == (-1, 1, 0, 0)


async def _a_night(p: Pipeline) -> int:
    """A night at table c: Ann (the host) and Bob, 100 each when the table is new, play
    one hand of the blinds and Ann ends it. Returns the session that ended."""
    if "g/c" not in p.service.tables:
        assert (await p.say("Ann", "new holdem nl 1/2")).ok
        for name in ("Ann", "Bob"):
            assert (await p.say(name, "sit 100")).ok
    live = p.service.tables["g/c"]
    night = live.session_id
    assert night is not None
    assert (await p.say("Ann", "start")).ok
    assert (await p.say("Ann", "pause")).ok
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None and live.names
    assert (await p.say(live.names[hand.names[hand.to_act]], "fold")).ok
    assert (await p.say("Ann", "end")).ok
    return night


async def _csv(p: Pipeline, words: str) -> tuple[str, str, list[tuple[str, str, str]]]:
    """Bob's ``words``: the file posted, as (its name, its caption, each row's player, kind
    and chips)."""
    assert (await p.say("Bob", words)).ok, words
    await p.service.shown()
    _, filename, data, caption = p.transport.files[-1]
    rows = [r.split(",") for r in data.decode().splitlines()[1:]]
    return filename, caption, [(r[1], r[3], r[4]) for r in rows]


async def test_ledger_csv_after_end_is_the_session_that_ended(pipeline: Pipeline) -> None:
    """``ledger csv`` (and ``ledger``) right after ``end``: the night that just ended, its
    buy-ins and the cash-outs that closed it, not the new session's carried stacks; once
    the new session deals, it is the new session's."""
    night = await _a_night(pipeline)
    filename, caption, rows = await _csv(pipeline, "ledger csv")
    assert filename == f"ledger-c-session-{night}.csv"
    assert caption.startswith(f"The ledger of session {night}, which just ended, as CSV")
    assert rows[:2] == [("Ann", "buy_in", "100"), ("Bob", "buy_in", "100")]
    assert [kind for _, kind, _ in rows[2:]] == ["cash_out", "cash_out"]
    assert sorted(int(chips) for _, _, chips in rows[2:]) == [99, 101]
    said = (await pipeline.say("Bob", "ledger")).text.splitlines()
    assert said[0] == f"session {night}, which just ended:"
    assert said[1:3] == ["Ann: buy in 100", "Bob: buy in 100"]
    assert (await pipeline.say("Ann", "start")).ok  # the new session deals
    now = pipeline.service.tables["g/c"].session_id
    filename, caption, rows = await _csv(pipeline, "ledger csv")
    assert filename == f"ledger-c-session-{now}.csv"
    assert caption.startswith("The ledger of this session, as CSV")
    assert [kind for _, kind, _ in rows] == ["buy_in", "buy_in"]


async def test_ledger_csv_n_is_any_earlier_session_of_the_table(pipeline: Pipeline) -> None:
    """``ledger csv N`` and ``ledger N``: session N of this table, whichever came since;
    a session of no such number here is refused with the table's sessions."""
    first = await _a_night(pipeline)
    second = await _a_night(pipeline)
    filename, caption, rows = await _csv(pipeline, f"ledger csv {first}")
    assert filename == f"ledger-c-session-{first}.csv"
    assert caption.startswith(f"The ledger of session {first}, as CSV")
    assert rows[:2] == [("Ann", "buy_in", "100"), ("Bob", "buy_in", "100")]
    said = (await pipeline.say("Bob", f"ledger {second}")).text.splitlines()
    assert said[0] == f"session {second}:"
    assert [line.split(": ")[1].rsplit(" ", 1)[0] for line in said[1:]] == [
        "buy in",
        "buy in",
        "cash out",
        "cash out",
    ]
    now = pipeline.service.tables["g/c"].session_id
    refused = await pipeline.say("Bob", "ledger csv 999")
    assert not refused.ok
    assert refused.text == (
        f"there is no session 999 at this table: its sessions are {first}, {second} and {now}"
        " (this one)"
    )
    refused = await pipeline.say("Bob", "ledger csv abc")
    assert not refused.ok and refused.text.startswith("ledger [csv] [SESSION]")
