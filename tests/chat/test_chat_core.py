"""The chat core: one vocabulary for every adapter, replies to the sender only, and the
presenter's routing of what the table and each player see."""

from __future__ import annotations

import re

from tests.chat.fakes import Pipeline

# Bob (small blind) gets A♠ K♦, Carol (big blind) 7♥ 2♣, Alice (button) Q♠ Q♥.
DECK = "As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd"
HIDDEN = {"A♠", "K♦", "7♥", "2♣", "Q♠", "Q♥"}


async def _three(p: Pipeline, setup: str = "new holdem nl 1/2") -> None:
    assert (await p.say("Alice", setup)).ok
    for name in ("Alice", "Bob", "Carol"):
        assert (await p.say(name, "sit 100")).ok
    p.stack_deck(DECK)
    assert (await p.say("Alice", "start")).ok


async def test_new_table_reads_the_hosts_words_and_shows_the_house_rules(
    pipeline: Pipeline,
) -> None:
    """`new` sets the game, stakes, buy-in range (000 NL §16) and timer (000 NL §15)."""
    reply = await pipeline.say("Alice", "new omaha pl 2/5 buyin 100-500 timer 45 kill")
    assert reply.ok
    assert "Pot-Limit Omaha 2/5" in reply.text
    assert "buy-in 100 to 500" in reply.text
    settings = pipeline.service.tables["g/c"].table.settings
    assert (settings.min_buy_in, settings.max_buy_in, settings.turn_seconds) == (100, 500, 45)
    assert settings.kill is not None
    assert pipeline.transport.tables[-1][1].title == "Pot-Limit Omaha 2/5"
    again = await pipeline.say("Bob", "new holdem")
    assert not again.ok and "already" in again.text


async def test_bad_input_changes_nothing_and_says_what_is_legal(pipeline: Pipeline) -> None:
    """A bet of abc, -5 or 1e9, out of turn, or by a player not seated gets a message and
    leaves stacks, turn and history as they were."""
    await _three(pipeline)
    live = pipeline.service.tables["g/c"]
    before = (live.table.to_dict(), live.version)
    cases = {
        ("Alice", "raise abc"): "not an amount",
        ("Alice", "raise -5"): "not an amount",
        ("Alice", "raise 1e9"): "not an amount",
        ("Bob", "call"): "not your turn",
        ("Dave", "call"): "not in this hand",
        ("Alice", "raise 3"): "raise to 4",
        ("Alice", "dance"): "not a command",
        ("Bob", "start"): "only the host",
    }
    for (who, text), expected in cases.items():
        reply = await pipeline.say(who, text)
        assert not reply.ok, (who, text)
        assert expected in reply.text, (who, text, reply.text)
    assert (live.table.to_dict(), live.version) == before


async def test_an_all_in_asks_for_a_confirmation_click_first(pipeline: Pipeline) -> None:
    """An all-in is only sent after the player confirms it."""
    await _three(pipeline)
    hand = pipeline.service.tables["g/c"].table.hand
    assert hand is not None
    first = await pipeline.say("Alice", "allin")
    assert first.confirm == "allin" and "all-in for 100" in first.text
    assert hand.stacks[hand.names.index("test:alice")] == 100
    big = await pipeline.say("Alice", "raise 100")
    assert big.confirm == "raise 100"
    done = await pipeline.say("Alice", "allin", confirmed=True)
    assert done.ok and done.confirm is None
    assert hand.stacks[hand.names.index("test:alice")] == 0


async def test_each_player_gets_exactly_his_own_cards_and_no_public_text_carries_one(
    pipeline: Pipeline,
) -> None:
    """No card leaves its owner's eyes before showdown: public posts, table messages and
    buttons carry none, and each player's direct messages hold only his own."""
    await _three(pipeline)
    for who, text in (("Alice", "call"), ("Bob", "call"), ("Carol", "check")):
        assert (await pipeline.say(who, text)).ok, text
    told = {(pid, text) for _, pid, text in pipeline.transport.told}
    assert ("test:bob", "Your cards: A♠ K♦") in told
    assert ("test:carol", "Your cards: 7♥ 2♣") in told
    assert ("test:alice", "Your cards: Q♠ Q♥") in told
    for text in pipeline.transport.public_texts():
        assert not HIDDEN & set(re.findall(r"\S+", text)), text
    assert "Board: 9♣ 8♦ 3♠" in pipeline.transport.tables[-1][1].text()


async def test_my_cards_answers_only_the_asker_and_a_closed_dm_is_pointed_there(
    pipeline: Pipeline,
) -> None:
    """A player whose direct messages are closed is told in the channel (without cards)
    to use My cards, which answers him alone."""
    pipeline.transport.closed.add("test:carol")
    await _three(pipeline)
    hints = [line for _, t in pipeline.transport.posts for line in t.splitlines() if "My" in line]
    assert hints == ["Carol: I cannot send you direct messages; tap “My cards” to see yours"]
    assert (await pipeline.say("Carol", "cards")).text == "Your cards: 7♥ 2♣"
    assert (await pipeline.say("Dave", "cards")).text == "you have no cards in the hand in play"


async def test_the_table_message_shows_whose_turn_and_the_legal_range(pipeline: Pipeline) -> None:
    """The summary carries the pot, stacks, bets, whose turn and buttons with amounts;
    the player to act is nudged once per decision."""
    await _three(pipeline)
    view = pipeline.transport.tables[-1][1]
    assert view.pot == 3 and view.to_act == "test:alice"
    assert view.legal == "fold, call 2 or raise to 4 to 100 (all-in)"
    labels = [c.label for c in view.choices]
    assert labels == ["Fold", "Call 2", "Raise 4…", "All-in 100"]
    raise_button = view.choices[2]
    assert (raise_button.minimum, raise_button.maximum) == (4, 100)
    assert pipeline.transport.turns == [("g/c", "test:alice")]
    await pipeline.say("Alice", "status")  # a read-only command: no new nudge
    assert pipeline.transport.turns == [("g/c", "test:alice")]
    await pipeline.say("Alice", "call")
    assert pipeline.transport.turns[-1] == ("g/c", "test:bob")


async def test_a_retried_request_id_is_applied_once(pipeline: Pipeline) -> None:
    """A platform's retry of the same interaction changes the table once."""
    await _three(pipeline)
    await pipeline.say("Alice", "call", request_id="i-1")
    await pipeline.say("Alice", "call", request_id="i-1")
    hand = pipeline.service.tables["g/c"].table.hand
    assert hand is not None and hand.names[hand.to_act or 0] == "test:bob"
    assert hand.pot_total() == 5


async def test_the_hands_result_is_one_short_post(pipeline: Pipeline) -> None:
    """When a hand ends, its result goes to the channel as one message."""
    await _three(pipeline)
    await pipeline.say("Alice", "fold")
    await pipeline.say("Bob", "fold")
    results = [t for _, t in pipeline.transport.posts if "wins" in t]
    assert results and results[0].splitlines()[-1].startswith("Carol")


async def test_a_server_administrator_may_use_host_controls(pipeline: Pipeline) -> None:
    """Settings come only from the host or a server administrator."""
    await _three(pipeline)
    assert not (await pipeline.say("Bob", "pause")).ok
    assert (await pipeline.say("Bob", "pause", admin=True)).ok
    assert not pipeline.service.tables["g/c"].table.running


async def test_verify_checks_a_finished_hands_openings_against_its_commitment(
    pipeline: Pipeline,
) -> None:
    """The provably fair shuffle: a finished hand's opened cards match the commitment
    published before the deal."""
    await _three(pipeline)
    await pipeline.say("Alice", "fold")
    await pipeline.say("Bob", "fold")
    reply = await pipeline.say("Carol", "verify 1")
    assert "every opened card matches" in reply.text, reply.text
    assert "no hand 9" in (await pipeline.say("Carol", "verify 9")).text
    assert not (await pipeline.say("Carol", "verify x")).ok


async def test_ending_the_session_posts_a_chart_of_every_stack(pipeline: Pipeline) -> None:
    """At the end of a session the channel gets the results and a stack chart picture."""
    await _three(pipeline)
    await pipeline.say("Alice", "fold")
    await pipeline.say("Bob", "fold")  # Carol wins the blinds: 101 / 99 / 100 ...
    await pipeline.say("Alice", "pause")
    live = pipeline.service.tables["g/c"]
    while live.table.current is not None:
        hand = live.table.hand
        assert hand is not None and hand.to_act is not None
        await pipeline.say(pipeline.service.tables["g/c"].names[hand.names[hand.to_act]], "fold")
    reply = await pipeline.say("Alice", "end")
    assert reply.ok, reply.text
    assert len(pipeline.transport.images) == 1
    table_id, png, caption = pipeline.transport.images[0]
    assert table_id == "g/c" and png.startswith(b"\x89PNG") and "Stacks" in caption


async def test_a_raise_without_an_amount_is_the_minimum_raise(pipeline: Pipeline) -> None:
    """`raise` alone raises to the minimum the rules allow (000 NL: a full raise); out of
    turn it is refused like any move."""
    await _three(pipeline)
    assert not (await pipeline.say("Bob", "raise")).ok
    assert (await pipeline.say("Alice", "raise")).ok
    hand = pipeline.service.tables["g/c"].table.hand
    assert hand is not None and hand.bets is not None
    assert hand.bets[hand.names.index("test:alice")] == 4


async def test_a_click_on_a_button_of_a_hand_that_just_ended_is_refused(pipeline: Pipeline) -> None:
    """A button carries its hand: applied after that hand ended, it changes nothing in the
    next hand (checked under the table's lock)."""
    await _three(pipeline)
    await pipeline.say("Alice", "fold")
    await pipeline.say("Bob", "fold")  # hand 1 ends; hand 2 is dealt
    live = pipeline.service.tables["g/c"]
    assert live.table.hand_number == 2
    before = (live.table.to_dict(), live.version)
    hand = live.table.hand
    assert hand is not None and hand.to_act is not None
    actor = live.names[hand.names[hand.to_act]] if live.names else ""
    stale = await pipeline.say(actor, "fold", hand=1)
    assert not stale.ok and "hand #1 is over" in stale.text
    assert (live.table.to_dict(), live.version) == before
    assert (await pipeline.say(actor, "fold", hand=2)).ok


async def test_the_host_sets_the_bet_size_that_asks_for_a_confirmation(pipeline: Pipeline) -> None:
    """`set confirm N`: a bet adding more than N chips asks for a click; smaller ones go
    straight through; only between hands, and only from the host."""
    assert (await pipeline.say("Alice", "new holdem nl 1/2")).ok
    assert not (await pipeline.say("Bob", "set confirm 30")).ok
    assert not (await pipeline.say("Alice", "set confirm lots")).ok
    assert (await pipeline.say("Alice", "set confirm 30")).ok
    assert pipeline.service.tables["g/c"].table.settings.confirm_over == 30
    for name in ("Alice", "Bob", "Carol"):
        await pipeline.say(name, "sit 100")
    pipeline.stack_deck(DECK)
    await pipeline.say("Alice", "start")
    asked = await pipeline.say("Alice", "raise 40")
    assert asked.confirm == "raise 40" and "more than 30" in asked.text
    assert (await pipeline.say("Alice", "raise 30")).confirm is None
    assert "over 30 chips" in (await pipeline.say("Bob", "rules")).text


async def test_check_fold_in_advance_plays_itself_when_the_turn_comes(pipeline: Pipeline) -> None:
    """A pre-action: Carol chooses check/fold before her turn; facing a raise she folds at
    once, and the player after her is to act. A player not in the hand cannot choose it."""
    await _three(pipeline)
    assert not (await pipeline.say("Dave", "checkfold")).ok
    reply = await pipeline.say("Carol", "checkfold")
    assert reply.ok and "check if you can, else fold" in reply.text
    await pipeline.say("Alice", "raise 10")
    await pipeline.say("Bob", "call")  # Carol, the big blind, faces 8 more: she folds
    hand = pipeline.service.tables["g/c"].table.hand
    assert hand is not None
    carol = hand.names.index("test:carol")
    assert hand.folded[carol] and hand.stacks[carol] == 98
    assert hand.board  # the flop came: the round closed with her fold
    assert any("Carol folds" in line for line in pipeline.transport.tables[-1][2])


async def test_check_fold_in_advance_checks_when_free_and_can_be_undone(pipeline: Pipeline) -> None:
    """Facing no bet the pre-action checks; 'nocheckfold' cancels it."""
    await _three(pipeline)
    await pipeline.say("Alice", "call")
    await pipeline.say("Carol", "checkfold")
    await pipeline.say("Bob", "call")  # Carol may check her option: she checks
    hand = pipeline.service.tables["g/c"].table.hand
    assert hand is not None and len(hand.board) == 3
    assert not hand.folded[hand.names.index("test:carol")]
    await pipeline.say("Carol", "checkfold")
    assert (await pipeline.say("Carol", "nocheckfold")).ok
    await pipeline.say("Bob", "bet 10")
    assert hand.names[hand.to_act or 0] == "test:carol"  # her turn waits for her


async def test_check_fold_in_advance_on_your_own_turn_is_played_now_and_said_so(
    pipeline: Pipeline,
) -> None:
    """``checkfold`` typed when it is already your turn is played at once (a check, the
    bet being free) and the answer says so, promising nothing for a later turn: facing a
    bet on the flop, her turn waits for her."""
    await _three(pipeline)
    await pipeline.say("Alice", "call")
    await pipeline.say("Bob", "call")
    reply = await pipeline.say("Carol", "checkfold")  # her option, on her turn
    assert reply.ok and "your turn now" in reply.text
    assert "when your turn comes" not in reply.text
    hand = pipeline.service.tables["g/c"].table.hand
    assert hand is not None and len(hand.board) == 3
    assert not hand.folded[hand.names.index("test:carol")]
    await pipeline.say("Bob", "bet 10")
    assert hand.names[hand.to_act or 0] == "test:carol"  # nothing was kept for this turn


async def test_odd_numbers_and_long_text_are_answered_and_change_nothing(
    pipeline: Pipeline,
) -> None:
    """Superscript or foreign digits, a number too big for the database, a bare bet out of
    turn and a very long command each get a clear answer and leave the table as it was."""
    await pipeline.say("Alice", "new holdem nl 1/2")
    live = pipeline.service.tables["g/c"]
    for text, expected in (("set turn ³", "5 to 600"), ("set timeouts ١", "1 to 20")):
        reply = await pipeline.say("Alice", text)  # the host, between hands
        assert not reply.ok and expected in reply.text, (text, reply.text)
    assert live.table.settings.turn_seconds == 30
    for name in ("Alice", "Bob", "Carol"):
        await pipeline.say(name, "sit 100")
    pipeline.stack_deck(DECK)
    await pipeline.say("Alice", "start")
    before = (live.table.to_dict(), live.version)
    cases = {
        "verify ³": "verify [HAND NUMBER]",
        "verify 99999999999999999999999999": "verify [HAND NUMBER]",
        "history ²": "",
        "sit 100 ³": "not a seat number",
        "bet": "not your turn: Alice is to act",
        "raise " + "9" * 600: "at most 500 characters",
    }
    for text, expected in cases.items():
        reply = await pipeline.say("Bob", text)
        assert expected in reply.text, (text, reply.text)
        if expected:
            assert not reply.ok, text
    assert (live.table.to_dict(), live.version) == before


def test_draw_reads_capital_suits_and_names_a_card_given_twice() -> None:
    """`draw 7H` is `draw 7h`; `draw 9s 9s` names the card given twice."""
    from bot.words.commands import ParseError, Play, parse

    assert parse("draw 7H 2c") == Play("draw", cards=("7h", "2c"))
    try:
        parse("draw 9s 9s")
    except ParseError as exc:
        assert "9s named twice" in str(exc)
    else:
        raise AssertionError("a card named twice was accepted")


async def test_a_confirmation_carries_the_decision_it_was_asked_at(pipeline: Pipeline) -> None:
    """The question comes with the hand and step it was asked at, taken with it under the
    table's lock: when the turn timer moves the hand on before the click, the Confirm
    click is refused as out of date instead of acting on the next decision."""
    await _three(pipeline)
    asked = await pipeline.say("Alice", "allin")
    assert asked.confirm == "allin" and (asked.hand, asked.step) == (1, 0)
    pipeline.now += 31  # Alice's time runs out: the timer folds her
    await pipeline.service.tick()
    late = await pipeline.say("Alice", "allin", confirmed=True, hand=asked.hand, step=asked.step)
    assert not late.ok
    assert "earlier decision" in late.text or "not your turn" in late.text
    hand = pipeline.service.tables["g/c"].table.hand
    assert hand is not None and hand.folded[hand.names.index("test:alice")]
    assert hand.stacks[hand.names.index("test:alice")] == 100


async def test_results_the_channel_hears_a_pot_taken_on_both_runs_in_one_line(
    pipeline: Pipeline,
) -> None:
    """Run twice, Bob's aces hold on both runs: the result posted to the channel (and the
    table message's last lines) says so in one line, with each run's hand."""
    assert (await pipeline.say("Alice", "new holdem nl 1/2")).ok
    for name in ("Alice", "Bob"):
        assert (await pipeline.say(name, "sit 200")).ok
    pipeline.stack_deck("As Ah Ks Kh 2c 7d 9s 3h 4d 5c 6c 8d Jh 2d")
    assert (await pipeline.say("Alice", "start")).ok
    for name, words in (("Alice", "all-in"), ("Bob", "call"), ("Alice", "twice"), ("Bob", "twice")):
        assert (await pipeline.say(name, words, confirmed=True)).ok, words
    told = [line for _, text in pipeline.transport.posts for line in text.splitlines()]
    assert [line for line in told if " wins " in line] == [
        "Bob wins 400: the main pot on both runs: run 1 with pair of aces (A♠ A♥ 9♠ 7♦ 4♦);"
        " run 2 with pair of aces (A♠ A♥ J♥ 8♦ 6♣)"
    ]


def test_results_each_half_of_a_divided_pot_is_said_on_its_own() -> None:
    """Hi-lo run twice: Ann takes the high half of both runs (one line, each run's hand),
    the low halves go to Bob and then to Ann and Bob split; a side pot that only Ann
    could win is hers whole, on no run."""
    from bot.engine.events import PotAwarded
    from bot.words.render import render, results_together

    events = [
        PotAwarded(0, "high", 0, 50, ((0, 50),), "flush"),
        PotAwarded(0, "low", 0, 50, ((1, 50),), "8-7-5-3-2"),
        PotAwarded(0, "high", 1, 50, ((0, 50),), "straight"),
        PotAwarded(0, "low", 1, 50, ((0, 25), (1, 25)), "7-5-4-3-2"),
        PotAwarded(1, None, 0, 40, ((0, 40),), ""),
    ]
    told = results_together(events)
    lines = [render(e, ("a", "b"), {"a": "Ann", "b": "Bob"}) for _, e in told]
    assert [m.text if m else None for m in lines] == [
        "Ann wins 100: the main pot (high) on both runs: run 1 with flush; run 2 with straight",
        "Bob wins 50: the main pot (low) on run 1 with 8-7-5-3-2",
        "Ann 25, Bob 25 split the main pot (low) on run 2 with 7-5-4-3-2",
        "Ann wins 40: the side pot 1",
    ]
    assert [i for i, _ in told] == [0, 0, 0, 4]


async def test_the_facts_of_a_table_are_what_anyone_at_it_may_see(pipeline: Pipeline) -> None:
    """``ChatCore.facts``: the seats with their stacks and status, the buy-in range, who
    is dealt in and whose turn it is, and no hidden card; ``hole_cards`` is a player's
    own; no table, no facts."""
    core = pipeline.core
    assert core.facts("g/c") is None
    assert (await pipeline.say("Alice", "new holdem nl 1/2")).ok
    for name in ("Alice", "Bob"):
        assert (await pipeline.say(name, "sit 100")).ok
    pipeline.stack_deck("As Kd 7h 2c 9c 8d 3s Th Jd")
    assert (await pipeline.say("Alice", "start")).ok
    facts = core.facts("g/c")
    assert facts is not None
    assert (facts.host_id, facts.running, facts.hand_number) == ("test:alice", True, 1)
    assert (facts.min_buy_in, facts.max_buy_in, facts.default_buy_in) == (40, 200, 200)
    assert [(s.name, s.seat, s.stack, s.status) for s in facts.seats] == [
        ("Alice", 1, 100, "active"),
        ("Bob", 2, 100, "active"),
    ]
    assert facts.seat_of("test:bob") == facts.seats[1] and facts.seat_of("nobody") is None
    assert set(facts.dealt) == {"test:alice", "test:bob"}
    assert facts.turn is not None and facts.turn.player_id == "test:alice"
    assert "As" not in repr(facts) and "Kd" not in repr(facts)
    assert core.hole_cards("g/c", "test:bob") == (("As", "Kd"), False)
    assert core.hole_cards("g/c", "test:carol") is None
