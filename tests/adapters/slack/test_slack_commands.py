"""/poker through the real Bolt app: signatures, ephemeral replies, the table message,
and a request Slack delivers twice applied once."""

from __future__ import annotations

import json
import time
from urllib.parse import parse_qsl

from slack_bolt.request.async_request import AsyncBoltRequest
from slack_mock import CHANNEL, TABLE, Harness, buttons, signed_headers, slash_body


async def test_new_table_answers_the_sender_ephemerally_and_posts_the_table() -> None:
    """``/poker new`` acknowledges with an empty 200, answers only the sender, and posts
    the table message with its title in a header block."""
    async with Harness() as h:
        response = await h.command("UANN", "new holdem nl 1/2")
        assert response.status == 200 and response.body == ""
        assert TABLE in h.service.tables
        (reply,) = h.mock.of("chat.postEphemeral")
        assert reply["user"] == "UANN" and reply["channel"] == CHANNEL
        assert reply["text"].startswith("Table open (T1/C1)")
        (post,) = [b for b in h.mock.of("chat.postMessage") if b.get("blocks")]
        assert post["channel"] == CHANNEL
        assert post["blocks"][0] == {
            "type": "header",
            "text": {"type": "plain_text", "text": "No-Limit Hold'em 1/2"},
        }


async def test_bad_input_is_answered_privately_and_changes_nothing() -> None:
    """A raise with no table, then a bad amount: each answered to the sender only."""
    async with Harness() as h:
        await h.command("UANN", "raise 40")
        await h.command("UANN", "new holdem nl 1/2")
        await h.command("UANN", "sit lots")
        texts = [b["text"] for b in h.mock.of("chat.postEphemeral")]
        assert texts[0].startswith("there is no table in this channel")
        assert texts[2] == "'lots' is not an amount: use whole chips like 40, 1k or 2.5k"
        assert h.service.tables[TABLE].table.seating.seat_of("slack:UANN") is None


async def test_a_bad_or_expired_signature_gets_401_and_changes_nothing() -> None:
    """Bolt verifies the v0 HMAC: a wrong secret and a timestamp six minutes old are
    refused before any listener runs."""
    async with Harness() as h:
        body = slash_body("UANN", "new holdem nl 1/2", "trig-x", h.mock.root + "response/1")
        bad = await h.send(body, signed_headers(body, secret="not-the-secret"))
        old = int(time.time()) - 6 * 60
        expired = await h.send(body, signed_headers(body, timestamp=old))
        assert (bad.status, expired.status) == (401, 401)
        assert h.service.tables == {}
        assert h.mock.calls == []
        good = await h.send(body, signed_headers(body))
        assert good.status == 200 and TABLE in h.service.tables


async def test_a_retried_slash_command_is_applied_once() -> None:
    """The same trigger id again with ``X-Slack-Retry-Num`` changes nothing and says
    nothing; with the adapter's memory of it gone (a restart) the database still drops
    it."""
    async with Harness() as h:
        await h.command("UANN", "new holdem nl 1/2")
        await h.command("UANN", "sit 100", trigger="trig-sit")
        before = len(h.mock.calls)
        again = await h.command("UANN", "sit 100", trigger="trig-sit", **{"x-slack-retry-num": "1"})
        assert again.status == 200
        assert h.mock.calls[before:] == []
        h.bot.seen.ids.clear()  # as if the process restarted between the two
        await h.command("UANN", "topup 50", trigger="trig-top")
        h.bot.seen.ids.clear()
        await h.command("UANN", "topup 50", trigger="trig-top", **{"x-slack-retry-num": "2"})
        seat = h.service.tables[TABLE].table.seating.seat_of("slack:UANN")
        assert seat is not None and seat.stack == 150


async def test_names_and_admin_come_from_users_info() -> None:
    """The seat shows the profile's display name; a workspace admin may use the host's
    controls at a table someone else opened."""
    async with Harness() as h:
        h.mock.admins.add("UBOSS")
        await h.command("UANN", "new holdem nl 1/2")
        await h.command("UBOB", "sit 200")
        await h.command("UANN", "sit 200")
        await h.command("UCAT", "start")
        refusal = h.mock.of("chat.postEphemeral")[-1]
        assert refusal["user"] == "UCAT"
        assert refusal["text"] == "only the host or a server administrator may do that"
        assert not h.service.tables[TABLE].table.running
        await h.command("UBOSS", "start")
        assert h.service.tables[TABLE].table.running
        lines = [b["text"] for b in h.mock.of("chat.postMessage") if not b.get("blocks")]
        assert "Ubob sits in seat 1 with 200" in lines


async def test_the_first_hand_posts_a_message_with_buttons_for_the_player_to_act() -> None:
    """Start deals: a new message for hand 1 with Fold/Call/Raise…/All-in (the all-in with
    a confirm dialog) and My cards; every value names the table and the hand; the lobby
    message loses its buttons; the player to act is nudged by an ephemeral message (nothing
    in the hand's thread)."""
    async with Harness() as h:
        await h.deal()
        posts = [b for b in h.mock.of("chat.postMessage") if b.get("blocks")]
        assert len(posts) == 2
        hand = posts[1]
        assert hand["blocks"][0]["text"]["text"] == "Hand #1 · No-Limit Hold'em 1/2"
        ids = [b["action_id"] for b in buttons(hand)]
        labels = [b["text"]["text"] for b in buttons(hand)]
        assert ids == ["kb_play_0", "kb_play_1", "kb_raise", "kb_play_3", "kb_cards"]
        assert labels == ["Fold", "Call 1", "Raise 4…", "All-in 200", "My cards"]
        allin = buttons(hand)[3]
        assert allin["confirm"]["confirm"]["text"] == "Yes"
        assert '"t":"T1/C1","h":1' in allin["value"]
        raise_value = json.loads(buttons(hand)[2]["value"])
        assert raise_value["c"] == "raise" and not {"lo", "hi"} & raise_value.keys()
        assert [b for b in h.mock.of("chat.postMessage") if b.get("thread_ts")] == []
        nudge = h.mock.of("chat.postEphemeral")[-1]
        assert (nudge["user"], nudge["channel"]) == ("UANN", "C1")
        assert nudge["text"].startswith("Your turn in hand #1: fold, call 1")
        lobby = [u for u in h.mock.of("chat.update") if u["ts"] == posts[0]["_ts"]][-1]
        assert buttons(lobby) == []
        assert "the newest table message is below" in lobby["blocks"][-1]["elements"][0]["text"]


async def test_socket_mode_requests_are_taken_without_a_signature() -> None:
    """With no signing secret (Socket Mode) a request dispatched as the socket-mode
    handler does it (``mode="socket_mode"``, a parsed payload) is applied."""
    async with Harness(secret=None) as h:
        body = dict(parse_qsl(slash_body("UANN", "new holdem nl 1/2", "t1", "")))
        request = AsyncBoltRequest(body=body, mode="socket_mode")
        response = await h.bot.app.async_dispatch(request)
        await h.bot.settle()
        assert response.status == 200
        assert TABLE in h.service.tables
        assert h.mock.of("chat.postEphemeral")[0]["text"].startswith("Table open")


async def test_ending_the_session_uploads_the_stack_chart_to_the_channel() -> None:
    """At the end of a session the channel gets the results and a PNG of every stack."""
    async with Harness() as h:
        await h.deal()
        await h.command("UANN", "pause")
        while h.service.tables[TABLE].table.current is not None:
            await h.command(h.to_act(), "fold")
        await h.command("UANN", "end")
        (upload,) = [c.body for c in h.mock.calls if c.method == "upload"]
        assert upload["data"].startswith(b"\x89PNG")
        (complete,) = h.mock.of("files.completeUploadExternal")
        assert complete["channel_id"] == CHANNEL


async def test_a_channel_without_the_bot_tells_the_host_to_invite_it_and_holds_the_game() -> None:
    """Slack answers ``not_in_channel`` to the bot's posts: the host's ``/poker new`` is
    answered (by the slash command's own reply) with how to invite the bot, he is told by
    DM too, and the table is held: no deal, no turn timer, until he starts again."""
    async with Harness() as h:
        h.mock.refused_channels[CHANNEL] = "not_in_channel"
        await h.command("UANN", "new holdem nl 1/2")
        said = [str(b) for b in h.mock.of("response_url")] + [
            str(b) for b in h.mock.of("chat.postEphemeral")
        ]
        assert any("/invite" in text and "not_in_channel" in text for text in said), said
        dms = [b for b in h.mock.of("chat.postMessage") if b.get("channel") == "DUANN"]
        assert any("nobody can see the table" in str(b.get("text")) for b in dms)
        assert h.service.unseen(TABLE) is not None


async def test_a_move_is_committed_before_slack_hears_it_was_received() -> None:
    """The 200 that tells Slack a request was received goes back only once the move is
    committed: a crash right after it loses nothing Slack will not resend."""
    async with Harness() as h:
        await h.deal()
        live = h.service.tables[TABLE]
        before = live.version
        user = h.to_act()
        body = slash_body(user, "call", h.trigger(), h.mock.root + "response/1")
        response = await h.bot.app.async_dispatch(
            AsyncBoltRequest(body=body, headers=signed_headers(body))
        )
        assert response.status == 200
        stored = await h.service.db.load_table(TABLE)  # nothing awaited after the 200
        assert stored is not None and stored.version == before + 1
        await h.settle()


async def test_a_turn_nudge_refused_mid_hand_holds_the_game() -> None:
    """The bot is removed from the channel in the middle of a hand: the nudge to the next
    player is refused (``not_in_channel``), so the game is held there, no turn timer runs,
    and the host is told by DM."""
    from slack_mock import button, table_message

    async with Harness() as h:
        await h.deal()
        h.mock.errors["chat.postEphemeral"] = "not_in_channel"
        await h.click(h.to_act(), button(table_message(h.mock), "Call"))
        assert h.service.unseen(TABLE) is not None
        assert h.service.tables[TABLE].table.clock.deadline is None
        dms = [b for b in h.mock.of("chat.postMessage") if b.get("channel") == "DUANN"]
        assert any("nobody can see the table" in str(b.get("text")) for b in dms)


async def test_rabbit_is_posted_to_the_channel_for_everyone() -> None:
    """``/poker rabbit`` after a hand won before the flop: the five board cards it would
    have dealt go to the channel, marked as not played and checked against the shuffle."""
    async with Harness() as h:
        await h.deal()
        await h.command(h.to_act(), "fold")
        await h.command("UBOB", "rabbit")
        await h.settle()
        posts = [b.get("text", "") for b in h.mock.of("chat.postMessage")]
        (hunt,) = [p for p in posts if p.startswith("rabbit hunt, hand 1, not played: ")]
        assert "they match the shuffle committed before the deal" in hunt


async def test_stats_answer_the_asker_alone() -> None:
    """``/poker stats`` after a hand: the asker's statistics, read off the stored hand,
    answered to him alone."""
    async with Harness() as h:
        await h.deal()
        await h.command(h.to_act(), "fold")
        await h.command("UBOB", "stats")
        await h.settle()
        (answer,) = [
            b["text"] for b in h.mock.of("chat.postEphemeral") if "statistics" in b.get("text", "")
        ]
        assert "this session: 1 hand · VPIP" in answer
        posts = [b.get("text", "") for b in h.mock.of("chat.postMessage")]
        assert not any("statistics" in p for p in posts)


def test_the_words_asking_for_ones_cards_are_the_declared_ones() -> None:
    """Slack treats as asking for one's own cards (its DMs tried again) exactly the words
    the cards command is declared with, in any case and with a leading slash."""
    from adapters.slack.app import asks_cards
    from bot.words.commandset import Cards, words_of

    for word in words_of(Cards):
        assert asks_cards(word) and asks_cards(f"/{word.upper()}")
    assert not any(asks_cards(w) for w in ("call", "status", "cardz", ""))
