"""Delivery after a commit: a message the platform refuses, drops or delivers slowly never
unsays the move it reports, and never stops the other deliveries of the same step.

The platform fails the ways real ones do: a refusal (a 403, Slack's ``not_in_channel``), a
connection reset, a timeout; the fake transport raises them on demand."""

from __future__ import annotations

import pytest

from tests.chat.fakes import Pipeline, pipeline, run

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
def test_a_dm_that_fails_leaves_the_others_their_cards_and_the_table_message(
    bob_dm: str,
) -> None:
    """Bob's direct message breaks (a connection reset) or is refused (DMs closed): Carol
    and Alice still get their cards, the channel is told to point Bob to "My cards", the
    hand's table message is shown, Alice is nudged, and the host's start is answered as
    done."""

    async def go() -> None:
        p = await pipeline()
        if bob_dm == "raises":
            p.transport.failing["tell:test:bob"] = ConnectionResetError("connection reset")
        else:
            p.transport.closed.add("test:bob")
        await _seated(p)
        reply = await p.say("Alice", "start")
        assert reply.ok and reply.text == "", reply.text
        assert _cards_told(p) == {k: v for k, v in CARDS.items() if k != "test:bob"}
        hints = [line for _, t in p.transport.posts for line in t.splitlines() if "My" in line]
        assert hints == ["Bob: I cannot send you direct messages; tap “My cards” to see yours"]
        assert p.transport.tables[-1][1].hand_number == 1
        assert p.transport.turns[-1] == ("g/c", "test:alice")
        assert (await p.say("Bob", "cards")).text == "Your cards: A♠ K♦"

    run(go)


def test_a_channel_post_that_fails_leaves_the_cards_table_message_and_nudge_to_go_out() -> None:
    """The channel refuses the deal's post ("the host starts the game"): every player still
    gets his cards, the table message and the nudge still go out, the start is answered as
    done, and the presenter records the lost post for the table."""

    async def go() -> None:
        p = await pipeline()
        await _seated(p)
        p.transport.failing["post"] = Refused("not_in_channel")
        reply = await p.say("Alice", "start")
        assert reply.ok and reply.text == "", reply.text
        assert _cards_told(p) == CARDS
        assert p.transport.tables[-1][1].hand_number == 1
        assert p.transport.turns[-1] == ("g/c", "test:alice")
        assert [f.what for f in p.presenter.failures["g/c"]] == ["channel post"]
        assert p.presenter.failures["g/c"][0].error == "Refused"

    run(go)


def test_a_move_whose_table_message_fails_is_answered_as_applied() -> None:
    """The table message cannot be edited (refused) when Alice calls: the call stands and
    is answered as a call, her stack and the pot are as committed, the turn passes to Bob
    and he is still nudged."""

    async def go() -> None:
        p = await pipeline()
        await _dealt(p)
        live = p.service.tables["g/c"]
        version = live.version
        p.transport.failing["show_table"] = Refused("missing_scope")
        reply = await p.say("Alice", "call")
        assert reply.ok and reply.text == "", reply.text
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None
        assert hand.stacks[hand.names.index("test:alice")] == 98
        assert hand.pot_total() == 5
        assert hand.names[hand.to_act] == "test:bob"
        assert p.transport.turns[-1] == ("g/c", "test:bob")
        assert live.version == version + 1 == await _stored_version(p)
        assert [f.what for f in p.presenter.failures["g/c"]] == ["table message"]

    run(go)


def test_a_publisher_that_raises_never_unsays_a_committed_move() -> None:
    """Whatever the publisher raises after the commit, the move stands and its reply is the
    normal reply of a committed move: Alice's call is answered as done and stored, and
    Bob's status is still answered with the table as it stands."""

    async def go() -> None:
        p = await pipeline()
        await _dealt(p)
        live = p.service.tables["g/c"]

        async def broken(out: object) -> None:
            raise ConnectionError("the platform went away")

        p.service.publish = broken
        reply = await p.say("Alice", "call")
        assert reply.ok and reply.text == "", reply.text
        hand = live.table.hand
        assert hand is not None and hand.stacks[hand.names.index("test:alice")] == 98
        assert hand.names[hand.to_act or 0] == "test:bob"
        assert live.version == await _stored_version(p)
        status = await p.say("Bob", "status")
        assert status.ok and "Pot: 5" in status.text, status.text

    run(go)


def test_the_next_hand_is_dealt_and_its_cards_sent_when_the_table_message_keeps_failing() -> None:
    """The table message fails for a whole hand: Alice and Bob fold (each answered as
    done), Carol wins the blinds, hand 2 is dealt as its own step and every player gets his
    new cards."""

    async def go() -> None:
        p = await pipeline()
        await _dealt(p)
        p.transport.failing["show_table"] = TimeoutError()
        assert (await p.say("Alice", "fold")).ok
        bob = await p.say("Bob", "fold")
        assert bob.ok and bob.text == "", bob.text
        live = p.service.tables["g/c"]
        assert live.table.hand_number == 2 and live.table.hand is not None
        assert live.table.seating.seat_of("test:carol").stack == 101  # type: ignore[union-attr]
        told = [pid for _, pid, text in p.transport.told if text.startswith("Your cards")]
        assert sorted(told[3:]) == sorted(CARDS)

    run(go)


def test_a_slow_platform_gets_every_delivery_in_order_around_a_broken_one() -> None:
    """Every call is slow and Bob's direct message times out: the deal's deliveries still
    go out one after the other in their order: each player's cards, the channel post, the
    table message, then the nudge."""

    async def go() -> None:
        p = await pipeline()
        await _seated(p)
        p.transport.delay = 0.002
        p.transport.failing["tell:test:bob"] = TimeoutError()
        p.transport.calls.clear()
        assert (await p.say("Alice", "start")).ok
        assert p.transport.calls == [
            "tell:test:bob",
            "tell:test:carol",
            "tell:test:alice",
            "post",
            "show_table",
            "turn",
        ]
        assert _cards_told(p) == {k: v for k, v in CARDS.items() if k != "test:bob"}

    run(go)


def test_ending_the_session_stands_when_its_chart_cannot_be_posted() -> None:
    """The chart upload is refused: the session still ends, the host's end is answered
    with the results, and the refusal is recorded for the table."""

    async def go() -> None:
        p = await pipeline()
        await _dealt(p)
        assert (await p.say("Alice", "pause")).ok
        live = p.service.tables["g/c"]
        while live.table.current is not None:
            hand = live.table.hand
            assert hand is not None and hand.to_act is not None
            assert (await p.say((live.names or {})[hand.names[hand.to_act]], "fold")).ok
        session = live.session_id
        p.transport.failing["post_image"] = Refused("not_allowed_token_type")
        reply = await p.say("Alice", "end")
        assert reply.ok, reply.text
        assert live.session_id != session
        assert p.transport.images == []
        assert [f.what for f in p.presenter.failures["g/c"]] == ["chart"]

    run(go)


def test_a_delivery_failure_is_recorded_briefly_and_publishing_goes_on() -> None:
    """The presenter's record of lost deliveries is bounded (the newest kept), and a batch
    whose every delivery fails still returns normally."""

    async def go() -> None:
        p = await pipeline()
        await _dealt(p)
        for call in ("post", "show_table", "turn"):
            p.transport.failing[call] = Refused("channel_not_found")
        for _ in range(40):
            await p.presenter.publish([])
            await p.presenter.refresh("g/c")
        kept = p.presenter.failures["g/c"]
        assert 0 < len(kept) <= 20
        assert kept[-1].what == "table message"

    run(go)


def test_the_my_cards_hint_is_given_once_per_table_to_a_player_whose_dms_fail() -> None:
    """Bob's DMs are closed and he plays at two tables: each table's channel is told once
    to point him to "My cards" (not only the first table of the process), and not again
    on the next deal."""
    from bot.chat.core import Request

    async def go() -> None:
        p = await pipeline()
        p.transport.closed.add("test:bob")

        async def at(channel: str, user: str, text: str) -> None:
            request = Request("test", "g", channel, user.lower(), user, text)
            assert (await p.core.handle(request)).ok, text
            await p.service.idle()

        for channel in ("c", "d"):
            await at(channel, "Alice", "new holdem nl 1/2")
            for name in ("Alice", "Bob"):
                await at(channel, name, "sit 100")
            await at(channel, "Alice", "start")
        await at("c", "Alice", "fold" if p.service.tables["g/c"].table.turn() else "status")
        hints = [
            table
            for table, text in p.transport.posts
            for line in text.splitlines()
            if "tap “My cards”" in line
        ]
        assert sorted(hints) == ["g/c", "g/d"]

    run(go)


def test_a_deals_private_lines_go_out_side_by_side() -> None:
    """The three players' cards of a deal are sent at the same time, not one after
    another: each DM waits until all three have been started (one at a time would never
    get there), and the table message follows them."""
    import asyncio

    async def go() -> None:
        p = await pipeline()
        await _seated(p)
        started: list[str] = []
        everyone = asyncio.Event()
        plain_tell = p.transport.tell

        async def tell(table_id: str, player_id: str, text: str) -> bool:
            if text.startswith("Your cards"):
                started.append(player_id)
                if len(started) == 3:
                    everyone.set()
                await asyncio.wait_for(everyone.wait(), 5)
            return await plain_tell(table_id, player_id, text)

        p.transport.tell = tell  # type: ignore[method-assign]
        assert (await p.say("Alice", "start")).ok
        assert sorted(started) == ["test:alice", "test:bob", "test:carol"]
        assert _cards_told(p) == CARDS
        assert p.transport.tables[-1][1].hand_number == 1

    run(go)


def test_the_table_message_never_shows_a_move_that_is_not_saved() -> None:
    """With the platform lagging, a batch shown after a later move was applied but while
    its save is still under way shows the table as that batch committed it: when the save
    then fails and the move is undone, no one has seen the flop it would have dealt."""
    import asyncio

    from bot.chat.core import Request
    from storage.db import StorageError

    async def go() -> None:
        p = await pipeline()
        await _dealt(p)
        p.transport.delay = 0.05
        live = p.service.tables["g/c"]
        writes = p.service.db.writes
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
                reply = await p.say(name, move)
                writes.write = plain_write  # type: ignore[method-assign]
                assert not reply.ok
                break
            await p.core.handle(Request("test", "g", "c", name.lower(), name, move))
        await p.service.idle()
        assert live.table.hand is not None and live.table.hand.board == []
        assert all(not view.board for _, view, _ in p.transport.tables)

    run(go)


def test_000_nl_14_a_lapsed_straddle_is_told_to_the_player_whose_move_ended_the_hand() -> None:
    """000 NL §14: Carol asks to straddle, then her fold ends the hand; the next deal is the
    table's own step, not hers, so its word to her (her straddle lapsed: she is not left of
    the big blind) reaches her by direct message instead of being taken for her reply's."""

    async def go() -> None:
        p = await pipeline()
        assert (await p.say("Alice", "new holdem nl 1/2 straddle")).ok
        for name in ("Alice", "Bob", "Carol"):
            assert (await p.say(name, "sit 100")).ok
        await p.say("Alice", "start")
        assert (await p.say("Carol", "straddle")).ok
        live = p.service.tables["g/c"]
        hand = live.table.hand
        assert hand is not None and live.names
        # hand 1: Bob small blind, Carol big blind, Alice on the button acts first; in
        # hand 2 Bob is left of the big blind, so Carol's straddle lapses
        assert [live.names[pid] for pid in hand.names] == ["Bob", "Carol", "Alice"]
        assert (await p.say("Alice", "raise 6")).ok
        assert (await p.say("Bob", "fold")).ok
        assert (await p.say("Carol", "fold")).ok  # the move that ends hand 1
        assert live.table.hand_number == 2
        told = [text for _, who, text in p.transport.told if who == "test:carol"]
        assert any("straddle lapsed" in text for text in told), told

    run(go)
