"""The table message's buttons and modals through the real Bolt app: moves, a stale
button refused, the raise modal, a confirmed all-in, My cards, and a 429 waited out."""

from __future__ import annotations

import json

from slack_mock import TABLE, Harness, button, passive, table_message

from bot.words.render import cards_text


def _bets(h: Harness) -> dict[str, int]:
    """Each player's bet on this street in the hand in play, by Slack user id."""
    hand = h.service.tables[TABLE].table.hand
    assert hand is not None and hand.bets is not None
    return {pid.split(":")[1]: bet for pid, bet in zip(hand.names, hand.bets, strict=True)}


async def test_a_click_acts_for_the_clicker_and_the_message_is_edited() -> None:
    """Call from Ann's button: the hand moves on and the table message is edited in place
    (chat.update of the same ts) to show Bob's choices."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        message = table_message(h.mock)
        await h.click("UANN", button(message, "Call"))
        edited = table_message(h.mock)
        assert edited is not message and edited["ts"] == message["_ts"]
        assert _bets(h) == {"UANN": 2, "UBOB": 2}
        labels = [b["text"]["text"] for b in edited["blocks"][-3]["elements"]]
        assert labels[:2] == ["Check", "Raise 4…"]
        assert "Uann calls 1" in edited["blocks"][-1]["elements"][0]["text"]


async def test_a_button_of_an_old_hand_is_refused() -> None:
    """After hand 1 ends, its Fold button answers the clicker that it is stale and the
    hand in play does not change."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        old = table_message(h.mock)
        await h.click("UANN", button(old, "Fold"))
        live = h.service.tables[TABLE]
        assert live.table.hand_number == 2
        before = live.table.to_dict()
        await h.click("UANN", button(old, "Fold"))
        assert live.table.to_dict() == before
        refusal = h.mock.of("chat.postEphemeral")[-1]
        assert refusal["user"] == "UANN"
        assert refusal["text"].startswith("hand #1 is over: use the buttons")


async def test_another_players_click_changes_nothing_and_is_answered() -> None:
    """Bob clicks Ann's Call: the service refuses, Bob is told privately."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        before = h.service.tables[TABLE].table.to_dict()
        await h.click("UBOB", button(table_message(h.mock), "Call"))
        assert h.service.tables[TABLE].table.to_dict() == before
        refusal = h.mock.of("chat.postEphemeral")[-1]
        assert refusal["user"] == "UBOB" and refusal["text"]


async def test_raise_opens_a_modal_with_the_minimum_and_validates_the_amount() -> None:
    """Raise… opens a modal holding the minimum; an amount out of range keeps it open with
    an inline error and changes nothing; a good amount raises."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        trigger = "trig-raise"
        await h.click("UANN", button(table_message(h.mock), "Raise"), trigger=trigger)
        (opened,) = h.mock.of("views.open")
        assert opened["trigger_id"] == trigger
        view = opened["view"]
        field = view["blocks"][0]
        assert field["element"]["initial_value"] == "4"
        assert "from 4 to 200" in field["hint"]["text"]

        def amount(text: str) -> dict[str, object]:
            return {"amount": {"amount_input": {"type": "plain_text_input", "value": text}}}

        too_big = await h.submit("UANN", view, amount("1k"))
        assert too_big.status == 200
        assert json.loads(too_big.body) == {
            "response_action": "errors",
            # the engine's refusal, with the legal range under the table's lock
            "errors": {
                "amount": "you have 200 in all; you may fold, call 1 or raise to 4 to 200 (all-in)"
            },
        }
        assert _bets(h) == {"UANN": 1, "UBOB": 2}
        done = await h.submit("UANN", view, amount("10"))
        assert done.status == 200 and done.body == ""
        assert _bets(h) == {"UANN": 10, "UBOB": 2}


async def test_an_old_raise_button_with_its_range_opens_the_modal_with_the_range_of_now() -> None:
    """A raise button drawn when buttons carried the raise range (``lo``, ``hi``) still
    reads: the range it carries is not used, and the modal opens with the chat core's
    legal range as it is now."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        drawn = button(table_message(h.mock), "Raise")
        old = {**drawn, "value": json.dumps({**json.loads(drawn["value"]), "lo": 7, "hi": 9})}
        await h.click("UANN", old, trigger="trig-old")
        (opened,) = h.mock.of("views.open")
        field = opened["view"]["blocks"][0]
        assert field["element"]["initial_value"] == "4"
        assert "from 4 to 200" in field["hint"]["text"]


async def test_all_in_asks_to_confirm_then_the_confirm_button_applies_it() -> None:
    """/poker allin answers with a Confirm button (nothing applied yet); its click goes
    all-in. The All-in button itself carries a Slack confirm dialog instead."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        await h.command("UANN", "allin")
        ask = h.mock.of("chat.postEphemeral")[-1]
        assert ask["text"] == "Go all-in for 200?"
        hand = h.service.tables[TABLE].table.hand
        assert hand is not None
        confirm = ask["blocks"][1]["elements"][0]
        assert confirm["action_id"] == "kb_confirm"
        assert _bets(h) == {"UANN": 1, "UBOB": 2}
        await h.click("UANN", confirm)
        assert _bets(h) == {"UANN": 200, "UBOB": 2}
        call = button(table_message(h.mock), "Call 198 (all-in)")
        assert call["confirm"]["text"]["text"] == "Call 198 (all-in): are you sure?"
        await h.click("UBOB", call)
        for _ in range(2):  # each all-in player votes with the Run twice button
            message = table_message(h.mock)
            if "_runs vote_" not in json.dumps(message):
                break
            await h.click(h.to_act(), button(message, "Run twice"))
        lines = [b["text"] for b in h.mock.of("chat.postMessage") if not b.get("blocks")]
        assert any(" run 2 with " in line for line in lines)  # each run's result said
        assert h.service.tables[TABLE].table.hand is not hand  # over, the next dealt


async def test_my_cards_shows_only_the_clickers_cards_to_him() -> None:
    """My cards answers each clicker ephemerally with his own two cards, and a spectator
    that he has none."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        hand = h.service.tables[TABLE].table.hand
        assert hand is not None
        mine = button(table_message(h.mock), "My cards")
        for user in ("UANN", "UBOB", "UEVE"):
            await h.click(user, mine)
        replies = h.mock.of("chat.postEphemeral")[-3:]
        assert [r["user"] for r in replies] == ["UANN", "UBOB", "UEVE"]
        for reply in replies[:2]:
            index = hand.names.index(f"slack:{reply['user']}")
            assert reply["text"] == f"Your cards: {cards_text(hand.hole[index])}"
        assert replies[2]["text"] == "you have no cards in the hand in play"


async def test_a_rate_limited_edit_is_waited_out_and_sent() -> None:
    """chat.update answers 429 with Retry-After once: the edit waits that long and goes
    out again with the latest content, not dropped."""
    async with Harness() as h:
        await h.deal()  # Ann, on the button, to act first
        h.mock.limited.add("chat.update")
        await h.click("UANN", button(table_message(h.mock), "Call"))
        assert h.transport.coalescer.waited == [1.0]
        updates = h.mock.of("chat.update")
        assert updates[-1] == updates[-2]  # refused once, then the same edit again
        assert "Uann calls 1" in json.dumps(updates[-1], ensure_ascii=False)


async def test_draw_opens_a_modal_with_the_clickers_own_cards_to_tick() -> None:
    """In 2-7 single draw, Draw… opens (for the clicker only) a modal listing his five
    cards; ticking two draws two; Stand pat stands pat."""
    async with Harness() as h:
        await h.deal("27 nl 1/2")
        live = h.service.tables[TABLE]
        hand = live.table.hand
        assert hand is not None
        for _ in range(4):  # call and check to the draw
            if hand.phase.value == "drawing":
                break
            await h.click(h.to_act(), passive(table_message(h.mock)))
        assert hand.phase.value == "drawing" and hand.to_act is not None
        player = hand.names[hand.to_act]
        own = list(hand.hole[hand.to_act])
        await h.click(player.split(":")[1], button(table_message(h.mock), "Draw"))
        (opened,) = h.mock.of("views.open")
        options = opened["view"]["blocks"][0]["element"]["options"]
        assert [o["value"] for o in options] == own
        ticked = {"selected_options": [options[0], options[1]]}
        sent = await h.submit(
            player.split(":")[1], opened["view"], {"discard": {"discard_input": ticked}}
        )
        assert sent.status == 200
        index = hand.names.index(player)
        assert own[0] not in hand.hole[index] and own[1] not in hand.hole[index]
        assert own[2:] == [c for c in hand.hole[index] if c in own]
        other = h.to_act()
        await h.click(other, button(table_message(h.mock), "Stand pat"))
        lines = [b["text"] for b in h.mock.of("chat.postMessage") if not b.get("blocks")]
        recent = json.dumps(table_message(h.mock), ensure_ascii=False)
        assert f"{other.capitalize()} stands pat" in recent + "\n".join(lines)
        assert f"{player.split(':')[1].capitalize()} draws 2" in recent + "\n".join(lines)


async def test_a_double_click_does_not_act_on_the_next_decision() -> None:
    """Heads-up, Ann (small blind) calls and Bob clicks Check twice on the same message:
    the first closes preflop and deals the flop, where Bob acts first; the second was for
    the earlier decision, so it is refused privately and changes nothing."""
    async with Harness() as h:
        await h.deal()
        message = table_message(h.mock)
        await h.click("UANN", button(message, "Call 1"))
        message = table_message(h.mock)
        check = button(message, "Check")
        await h.click("UBOB", check)
        hand = h.service.tables[TABLE].table.hand
        assert hand is not None and len(hand.board) == 3 and h.to_act() == "UBOB"
        moves = list(hand.log)
        await h.click("UBOB", check)
        assert list(hand.log) == moves
        refusal = h.mock.of("chat.postEphemeral")[-1]
        assert refusal["user"] == "UBOB" and "earlier decision" in refusal["text"]
