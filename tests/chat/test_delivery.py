"""Delivery after a commit: a message the platform refuses, drops or delivers slowly never
unsays the move it reports, and never stops the other deliveries of the same step.

The platform fails the ways real ones do: a refusal (a 403, Slack's ``not_in_channel``), a
connection reset, a timeout; the fake transport raises them on demand."""

from __future__ import annotations

import pytest

from tests.chat.fakes import Pipeline

# Bob (small blind) gets A♠ K♦, Carol (big blind) 7♥ 2♣, Alice (button) Q♠ Q♥.
DECK = "As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd"
CARDS = {
    "test:bob": "Your cards: A♠ K♦",
    "test:carol": "Your cards: 7♥ 2♣",
    "test:alice": "Your cards: Q♠ Q♥",
}


class Refused(Exception):
    """What a platform client raises when the platform says no (e.g. ``not_in_channel``)."""


async def _seated(p: Pipeline) -> None:
    assert (await p.say("Alice", "new holdem nl 1/2")).ok
    for name in ("Alice", "Bob", "Carol"):
        assert (await p.say(name, "sit 100")).ok
    p.stack_deck(DECK)


async def _dealt(p: Pipeline) -> None:
    await _seated(p)
    assert (await p.say("Alice", "start")).ok


def _cards_told(p: Pipeline) -> dict[str, str]:
    return {pid: text for _, pid, text in p.transport.told if text.startswith("Your cards")}


async def _stored_version(p: Pipeline) -> int:
    stored = await p.service.db.load_table("g/c")
    assert stored is not None
    return stored.version


@pytest.mark.parametrize("bob_dm", ["raises", "refused"])
async def test_a_dm_that_fails_leaves_the_others_their_cards_and_the_table_message(
    pipeline: Pipeline,
    bob_dm: str,
) -> None:
    """Bob's direct message breaks (a connection reset) or is refused (DMs closed): Carol
    and Alice still get their cards, the channel is told to point Bob to "My cards", the
    hand's table message is shown, Alice is nudged, and the host's start is answered as
    done."""
    if bob_dm == "raises":
        pipeline.transport.failing["tell:test:bob"] = ConnectionResetError("connection reset")
    else:
        pipeline.transport.closed.add("test:bob")
    await _seated(pipeline)
    reply = await pipeline.say("Alice", "start")
    assert reply.ok and reply.text == "", reply.text
    assert _cards_told(pipeline) == {k: v for k, v in CARDS.items() if k != "test:bob"}
    hints = [line for _, t in pipeline.transport.posts for line in t.splitlines() if "My" in line]
    assert hints == ["Bob: I cannot send you direct messages; tap “My cards” to see yours"]
    assert pipeline.transport.tables[-1][1].hand_number == 1
    assert pipeline.transport.turns[-1] == ("g/c", "test:alice")
    assert (await pipeline.say("Bob", "cards")).text == "Your cards: A♠ K♦"


async def test_a_channel_post_that_fails_leaves_the_cards_table_message_and_nudge_to_go_out(
    pipeline: Pipeline,
) -> None:
    """The channel refuses the deal's post ("the host starts the game"): every player still
    gets his cards, the table message and the nudge still go out, the start is answered as
    done, and the presenter records the lost post for the table."""
    await _seated(pipeline)
    pipeline.transport.failing["post"] = Refused("not_in_channel")
    reply = await pipeline.say("Alice", "start")
    assert reply.ok and reply.text == "", reply.text
    assert _cards_told(pipeline) == CARDS
    assert pipeline.transport.tables[-1][1].hand_number == 1
    assert pipeline.transport.turns[-1] == ("g/c", "test:alice")
    assert [f.what for f in pipeline.presenter.failures["g/c"]] == ["channel post"]
    assert pipeline.presenter.failures["g/c"][0].error == "Refused"


async def test_a_move_whose_table_message_fails_is_answered_as_applied(pipeline: Pipeline) -> None:
    """The table message cannot be edited (refused) when Alice calls: the call stands and
    is answered as a call, her stack and the pot are as committed, the turn passes to Bob
    and he is still nudged."""
    await _dealt(pipeline)
    live = pipeline.service.tables["g/c"]
    version = live.version
    pipeline.transport.failing["show_table"] = Refused("missing_scope")
    reply = await pipeline.say("Alice", "call")
    assert reply.ok and reply.text == "", reply.text
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    assert hand.stacks[hand.names.index("test:alice")] == 98
    assert hand.pot_total() == 5
    assert hand.names[hand.to_act] == "test:bob"
    assert pipeline.transport.turns[-1] == ("g/c", "test:bob")
    assert live.version == version + 1 == await _stored_version(pipeline)
    assert [f.what for f in pipeline.presenter.failures["g/c"]] == ["table message"]


async def test_a_publisher_that_raises_never_unsays_a_committed_move(pipeline: Pipeline) -> None:
    """Whatever the publisher raises after the commit, the move stands and its reply is the
    normal reply of a committed move: Alice's call is answered as done and stored, and
    Bob's status is still answered with the table as it stands."""
    await _dealt(pipeline)
    live = pipeline.service.tables["g/c"]

    async def broken(out: object, asker: object) -> None:
        raise ConnectionError("the platform went away")

    pipeline.service.publish = broken
    reply = await pipeline.say("Alice", "call")
    assert reply.ok and reply.text == "", reply.text
    hand = live.table.hand
    assert hand is not None and hand.stacks[hand.names.index("test:alice")] == 98
    assert hand.names[hand.to_act or 0] == "test:bob"
    assert live.version == await _stored_version(pipeline)
    status = await pipeline.say("Bob", "status")
    assert status.ok and "Pot: 5" in status.text, status.text


async def test_the_next_hand_is_dealt_and_its_cards_sent_when_the_table_message_keeps_failing(
    pipeline: Pipeline,
) -> None:
    """The table message fails for a whole hand: Alice and Bob fold (each answered as
    done), Carol wins the blinds, hand 2 is dealt as its own step and every player gets his
    new cards."""
    await _dealt(pipeline)
    pipeline.transport.failing["show_table"] = TimeoutError()
    assert (await pipeline.say("Alice", "fold")).ok
    bob = await pipeline.say("Bob", "fold")
    assert bob.ok and bob.text == "", bob.text
    live = pipeline.service.tables["g/c"]
    assert live.table.hand_number == 2 and live.table.hand is not None
    assert live.table.seating.seat_of("test:carol").stack == 101  # type: ignore[union-attr]
    told = [pid for _, pid, text in pipeline.transport.told if text.startswith("Your cards")]
    assert sorted(told[3:]) == sorted(CARDS)


async def test_a_slow_platform_gets_every_delivery_in_order_around_a_broken_one(
    pipeline: Pipeline,
) -> None:
    """Every call is slow and Bob's direct message times out: the deal's deliveries still
    go out one after the other in their order: each player's cards, the channel post, the
    table message, then the nudge."""
    await _seated(pipeline)
    pipeline.transport.delay = 0.002
    pipeline.transport.failing["tell:test:bob"] = TimeoutError()
    pipeline.transport.calls.clear()
    assert (await pipeline.say("Alice", "start")).ok
    assert pipeline.transport.calls == [
        "tell:test:bob",
        "tell:test:carol",
        "tell:test:alice",
        "post",
        "show_table",
        "turn",
    ]
    assert _cards_told(pipeline) == {k: v for k, v in CARDS.items() if k != "test:bob"}


async def test_ending_the_session_stands_when_its_chart_cannot_be_posted(
    pipeline: Pipeline,
) -> None:
    """The chart upload is refused: the session still ends, the host's end is answered
    with the results, and the refusal is recorded for the table."""
    await _dealt(pipeline)
    assert (await pipeline.say("Alice", "pause")).ok
    live = pipeline.service.tables["g/c"]
    while live.table.current is not None:
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None
        assert (await pipeline.say((live.names or {})[hand.names[hand.to_act]], "fold")).ok
    session = live.session_id
    pipeline.transport.failing["post_image"] = Refused("not_allowed_token_type")
    reply = await pipeline.say("Alice", "end")
    assert reply.ok, reply.text
    assert live.session_id != session
    assert pipeline.transport.images == []
    assert [f.what for f in pipeline.presenter.failures["g/c"]] == ["chart"]


async def test_a_delivery_failure_is_recorded_briefly_and_publishing_goes_on(
    pipeline: Pipeline,
) -> None:
    """The presenter's record of lost deliveries is bounded (the newest kept), and a batch
    whose every delivery fails still returns normally."""
    await _dealt(pipeline)
    for call in ("post", "show_table", "turn"):
        pipeline.transport.failing[call] = Refused("channel_not_found")
    for _ in range(40):
        await pipeline.presenter.publish([])
        await pipeline.presenter.refresh("g/c")
    kept = pipeline.presenter.failures["g/c"]
    assert 0 < len(kept) <= 20
    assert kept[-1].what == "table message"


async def test_the_my_cards_hint_is_given_once_per_table_to_a_player_whose_dms_fail(
    pipeline: Pipeline,
) -> None:
    """Bob's DMs are closed and he plays at two tables: each table's channel is told once
    to point him to "My cards" (not only the first table of the process), and not again
    on the next deal."""
    from bot.chat.core import Request

    pipeline.transport.closed.add("test:bob")

    async def at(channel: str, user: str, text: str) -> None:
        request = Request("test", "g", channel, user.lower(), user, text)
        assert (await pipeline.core.handle(request)).ok, text
        await pipeline.service.idle()

    for channel in ("c", "d"):
        await at(channel, "Alice", "new holdem nl 1/2")
        for name in ("Alice", "Bob"):
            await at(channel, name, "sit 100")
        await at(channel, "Alice", "start")
    await at("c", "Alice", "fold" if pipeline.service.tables["g/c"].table.turn() else "status")
    hints = [
        table
        for table, text in pipeline.transport.posts
        for line in text.splitlines()
        if "tap “My cards”" in line
    ]
    assert sorted(hints) == ["g/c", "g/d"]


async def test_a_deals_private_lines_go_out_side_by_side(pipeline: Pipeline) -> None:
    """The three players' cards of a deal are sent at the same time, not one after
    another: each DM waits until all three have been started (one at a time would never
    get there), and the table message follows them."""
    import asyncio

    await _seated(pipeline)
    started: list[str] = []
    everyone = asyncio.Event()
    plain_tell = pipeline.transport.tell

    async def tell(table_id: str, player_id: str, text: str) -> bool:
        if text.startswith("Your cards"):
            started.append(player_id)
            if len(started) == 3:
                everyone.set()
            await asyncio.wait_for(everyone.wait(), 5)
        return await plain_tell(table_id, player_id, text)

    pipeline.transport.tell = tell  # type: ignore[method-assign]
    assert (await pipeline.say("Alice", "start")).ok
    assert sorted(started) == ["test:alice", "test:bob", "test:carol"]
    assert _cards_told(pipeline) == CARDS
    assert pipeline.transport.tables[-1][1].hand_number == 1


async def test_the_table_message_never_shows_a_move_that_is_not_saved(pipeline: Pipeline) -> None:
    """With the platform lagging, a batch shown after a later move was applied but while
    its save is still under way shows the table as that batch committed it: when the save
    then fails and the move is undone, no one has seen the flop it would have dealt."""
    import asyncio

    from bot.chat.core import Request
    from storage.db import StorageError

    await _dealt(pipeline)
    pipeline.transport.delay = 0.05
    live = pipeline.service.tables["g/c"]
    writes = pipeline.service.db.writes
    plain_write = writes.write

    async def slow_then_refused(*args: object, **kwargs: object) -> None:
        await asyncio.sleep(0.2)
        raise StorageError("the disk is full")

    # the preflop round: everyone calls or checks until one move is left
    while True:
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None and live.names
        name = live.names[hand.names[hand.to_act]]
        legal = hand.legal_actions()
        move = "check" if legal.can_check else "call"
        ends_round = legal.can_check  # the big blind's check closes it
        if ends_round:
            writes.write = slow_then_refused  # type: ignore[method-assign]
            reply = await pipeline.say(name, move)
            writes.write = plain_write  # type: ignore[method-assign]
            assert not reply.ok
            break
        await pipeline.core.handle(Request("test", "g", "c", name.lower(), name, move))
    await pipeline.service.idle()
    assert live.table.hand is not None and live.table.hand.board == []
    assert all(not view.board for _, view, _ in pipeline.transport.tables)


async def test_000_nl_14_a_lapsed_straddle_is_told_to_the_player_whose_move_ended_the_hand(
    pipeline: Pipeline,
) -> None:
    """000 NL §14: Carol asks to straddle, then her fold ends the hand; the next deal is the
    table's own step, not hers, so its word to her (her straddle lapsed: she is not left of
    the big blind) reaches her by direct message instead of being taken for her reply's."""
    assert (await pipeline.say("Alice", "new holdem nl 1/2 straddle")).ok
    for name in ("Alice", "Bob", "Carol"):
        assert (await pipeline.say(name, "sit 100")).ok
    await pipeline.say("Alice", "start")
    assert (await pipeline.say("Carol", "straddle")).ok
    live = pipeline.service.tables["g/c"]
    hand = live.table.hand
    assert hand is not None and live.names
    # hand 1: Bob small blind, Carol big blind, Alice on the button acts first; in
    # hand 2 Bob is left of the big blind, so Carol's straddle lapses
    assert [live.names[pid] for pid in hand.names] == ["Bob", "Carol", "Alice"]
    assert (await pipeline.say("Alice", "raise 6")).ok
    assert (await pipeline.say("Bob", "fold")).ok
    assert (await pipeline.say("Carol", "fold")).ok  # the move that ends hand 1
    assert live.table.hand_number == 2
    told = [text for _, who, text in pipeline.transport.told if who == "test:carol"]
    assert any("straddle lapsed" in text for text in told), told


async def test_a_channel_that_refuses_the_bot_comes_back_as_the_presenter_s_answer(
    pipeline: Pipeline,
) -> None:
    """The platform refuses the bot's posts in the channel (``CannotPost``): the presenter
    answers with the refusal and holds nothing itself; a move whose batch is refused so
    holds the table through the service (the turn timer stopped), and the host alone is
    told, once, what to do."""
    from bot.chat.presenter import CannotPost
    from bot.service.state import ChannelRefused

    await _dealt(pipeline)
    refusal = CannotPost("type /invite @bot")
    pipeline.transport.failing["show_table"] = refusal
    assert await pipeline.presenter.refresh("g/c") == ChannelRefused("type /invite @bot")
    assert pipeline.service.unseen("g/c") is None  # the presenter held nothing
    pipeline.transport.failing["turn"] = refusal
    assert (await pipeline.say("Alice", "call")).ok
    live = pipeline.service.tables["g/c"]
    assert pipeline.service.unseen("g/c") == "type /invite @bot"
    assert live.table.clock.deadline is None and not live.table.running
    held = [(pid, text) for _, pid, text in pipeline.transport.told if "nobody can see" in text]
    assert [pid for pid, _ in held] == ["test:alice"]
    assert "type /invite @bot" in held[0][1]
