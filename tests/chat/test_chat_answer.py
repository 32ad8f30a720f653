"""The chat core's one answer to a click: apply now, open an amount form with the legal
range, open a draw form with the clicker's own cards, or refuse with the reason, decided
under the table's lock so that no adapter checks a button or a range itself."""

from __future__ import annotations

from bot.chat.core import AmountForm, DrawForm, Reply, Request
from bot.service.state import Player
from bot.words.commands import Status
from tests.chat.fakes import Pipeline

# Bob (small blind) gets A♠ K♦, Carol (big blind) 7♥ 2♣, Alice (button) Q♠ Q♥.
DECK = "As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd"


def _click(user: str, text: str, hand: int | None, step: int | None) -> Request:
    return Request("test", "g", "c", user.lower(), user, text, hand=hand, step=step, form=True)


async def _three(p: Pipeline, setup: str = "new holdem nl 1/2") -> None:
    assert (await p.say("Alice", setup)).ok
    for name in ("Alice", "Bob", "Carol"):
        assert (await p.say(name, "sit 100")).ok
    p.stack_deck(DECK)
    assert (await p.say("Alice", "start")).ok


async def test_in_play_a_raise_button_opens_the_form_with_the_legal_range_to_the_player_to_act(
    pipeline: Pipeline,
) -> None:
    """Alice, to act preflop at 1/2 with 100 chips, clicks Raise…: the form is a raise to
    4 (the minimum) up to 100 (her stack), the engine's legal range under the table's lock
    (RULES.md "In play and in replay"); nothing changed."""
    await _three(pipeline)
    live = pipeline.service.tables["g/c"]
    before = (live.table.to_dict(), live.version)
    form = await pipeline.core.answer(_click("Alice", "raise", 1, live.table.step))
    assert form == AmountForm("raise", "Raise", 4, 100)
    assert (live.table.to_dict(), live.version) == before


async def test_a_form_button_of_another_player_or_an_older_decision_is_refused(
    pipeline: Pipeline,
) -> None:
    """Bob clicks Alice's Raise…: refused naming who is to act; Dave, not dealt in, is told
    so; Alice's click of a button of hand 0 or of an earlier decision is refused too, each
    changing nothing."""
    await _three(pipeline)
    live = pipeline.service.tables["g/c"]
    before = (live.table.to_dict(), live.version)
    step = live.table.step
    cases = {
        ("Bob", 1, step): "it is not your turn: Alice is to act",
        ("Alice", 0, step): "hand #0 is over",
        ("Alice", 1, step + 5): "that button was for an earlier decision",
        ("Dave", 1, step): "you are not in this hand",
    }
    for (who, hand, at), expected in cases.items():
        answer = await pipeline.core.answer(_click(who, "raise", hand, at))
        assert isinstance(answer, Reply) and not answer.ok, (who, hand, at)
        assert expected in answer.text, (who, answer.text)
    assert (live.table.to_dict(), live.version) == before


async def test_a_draw_button_opens_the_form_with_the_clickers_own_cards_only(
    pipeline: Pipeline,
) -> None:
    """At 2-7 single draw's draw, the player to act gets a form holding his own five
    cards; the other player's click is refused with whose draw it is."""
    assert (await pipeline.say("Alice", "new 27 nl 1/2")).ok
    for name in ("Alice", "Bob"):
        assert (await pipeline.say(name, "sit 100")).ok
    assert (await pipeline.say("Alice", "start")).ok
    live = pipeline.service.tables["g/c"]
    hand = live.table.hand
    assert hand is not None
    names = {"test:alice": "Alice", "test:bob": "Bob"}
    while hand.phase.value == "betting":
        assert hand.to_act is not None
        who = names[hand.names[hand.to_act]]
        assert (await pipeline.say(who, "check" if hand.legal_actions().can_check else "call")).ok
    assert hand.to_act is not None
    actor = hand.names[hand.to_act]
    other = next(p for p in hand.names if p != actor)
    form = await pipeline.core.answer(_click(names[actor], "draw", 1, live.table.step))
    assert form == DrawForm(tuple(hand.hole[hand.to_act] or ()))
    refused = await pipeline.core.answer(_click(names[other], "draw", 1, live.table.step))
    assert isinstance(refused, Reply) and not refused.ok
    assert refused.text == f"it is not your turn to draw: {names[actor]} draws"


async def test_a_click_without_a_form_is_applied_as_the_command(pipeline: Pipeline) -> None:
    """A click that asks for nothing more (Call) is applied at once by the same call."""
    await _three(pipeline)
    live = pipeline.service.tables["g/c"]
    request = Request("test", "g", "c", "alice", "Alice", "call", hand=1, step=live.table.step)
    answer = await pipeline.core.answer(request)
    await pipeline.service.idle()
    assert isinstance(answer, Reply) and answer.ok
    hand = live.table.hand
    assert hand is not None and hand.bets[hand.names.index("test:alice")] == 2


async def test_the_askers_notices_travel_with_his_batch_not_a_context(pipeline: Pipeline) -> None:
    """``status`` through the chat core comes back in Alice's reply and is not told her
    again; the same command sent straight to the service (no reply shows it) is told her
    privately: the batch says who asked, whatever task publishes it."""
    await _three(pipeline)
    told = len(pipeline.transport.told)
    reply = await pipeline.say("Alice", "status")
    assert reply.ok and "Alice" in reply.text
    assert pipeline.transport.told[told:] == []
    alice = Player("test:alice", "Alice", "test")
    await pipeline.service.handle("g/c", alice, Status())
    await pipeline.service.idle()
    ((table, player, text),) = pipeline.transport.told[told:]
    assert (table, player) == ("g/c", "test:alice") and text == reply.text
