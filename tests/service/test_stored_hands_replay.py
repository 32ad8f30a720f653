"""Hands the table stores replay from their PHH, as ``killbutton replay`` replays them, to
the stacks the table paid and, at a kill table, to the kill button it moved to: one test
for each kind of hand that once did not (RULES.md "In play and in replay")."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.engine.actions import Call, Check
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand, HandSetup, Phase
from bot.engine.kills import ButtonState, KillButton, KillRules
from bot.engine.killtracker import KillTracker
from bot.phh.killsession import export_session
from bot.phh.replay import replay_paths
from bot.words.tablesetup import parse_table_setup
from tests.chat.fakes import Pipeline
from tests.service.replay_nights import (
    TABLE,
    check_replays,
    kill_buttons,
    replay_stored,
    stored_hands,
)


async def _play_out(p: Pipeline, moves: tuple[str, ...] = ("check", "call", "pat")) -> None:
    """The player to act takes the first of ``moves`` the table accepts, until no one is
    to act (the hand over and the game paused, or waiting on a deal)."""
    for _ in range(200):
        live = p.service.tables[TABLE]
        hand = live.table.hand
        if hand is None or hand.to_act is None:
            return
        name = (live.names or {}).get(hand.names[hand.to_act], "")
        words = ("runs 1",) if hand.phase is Phase.RUNS_VOTE else moves
        if hand.phase is Phase.SHOWDOWN:
            words = ("show",)
        for word in words:
            if (await p.say(name, word, confirmed=True)).ok:
                break
        else:
            raise AssertionError(f"{name} can do none of {words}")
    raise AssertionError("the hand never ended")


async def _replayed(p: Pipeline, folder: Path, buttons: dict[int, dict[str, Any]]) -> list[str]:
    """Every stored hand replayed; the failures in words (empty when all replay)."""
    hands = await stored_hands(p)
    assert hands, "the table stored no hand"
    return check_replays(p, hands, replay_stored(hands, folder), buttons).failures


async def _table(p: Pipeline, words: str, players: int, pause: bool = True) -> None:
    await p.say("Ann", words)
    for name in ("Ann", "Bob", "Cat", "Dan")[:players]:
        await p.say(name, "sit 100")
    await p.say("Ann", "start")
    if pause:
        await p.say("Ann", "pause")  # one hand at a time


async def test_phh_replay_lowball_kill_table_hand_replays(
    pipeline: Pipeline, tmp_path: Path
) -> None:
    """000 kill §10: lowball at a kill table deals two cards, pauses for a kill, then the
    rest; the stored history deals each player's five cards in one line and replays."""
    with kill_buttons() as buttons:
        await _table(pipeline, "new 27td fl 2/4 kill", 3)
        await _play_out(pipeline)
    hands = await stored_hands(pipeline)
    assert "d dh p1 " in hands[0][1] and len(hands[0][1].split("d dh p1 ")[1][:10]) == 10
    assert await _replayed(pipeline, tmp_path, buttons) == []


async def test_phh_replay_jacks_hand_won_after_a_pass_out_replays(
    pipeline: Pipeline, tmp_path: Path
) -> None:
    """004 jacks §1: a deal nobody opens is passed out and its antes carried to the next;
    the hand that wins them stores the carried pot (``_carried``) and replays to the
    stacks the table paid, the carried chips in the winner's."""
    await _table(pipeline, "new jacks", 3)
    await _play_out(pipeline, ("check", "pat"))  # nobody opens: passed out
    table = pipeline.service.tables[TABLE].table
    assert table.carried > 0
    carried = table.carried
    for _ in range(20):  # deal until someone holds openers and wins the carried pot
        await pipeline.say("Ann", "start")
        await pipeline.say("Ann", "pause")
        await _play_out(pipeline, ("bet", "call", "check", "pat"))
        if table.carried == 0:
            break
    assert table.carried == 0
    hands = await stored_hands(pipeline)
    assert f"_carried = {carried}" in hands[1][1]
    assert await _replayed(pipeline, tmp_path, {}) == []


async def test_phh_replay_no_limit_jacks_hand_replays(pipeline: Pipeline, tmp_path: Path) -> None:
    """004 jacks §1: jacks or better at no-limit has no blinds; its stored history keeps
    the bets it is played at, so it replays (it was ``unsupported``)."""
    await _table(pipeline, "new jacks nl 1/2", 3)
    await _play_out(pipeline, ("check", "pat"))
    assert await _replayed(pipeline, tmp_path, {}) == []


async def test_phh_replay_kill_table_hand_replays_with_its_kill_checked(
    pipeline: Pipeline, tmp_path: Path
) -> None:
    """000 kill §6, §10: a kill table stores its rules, each hand's kill and the button it
    was dealt under; the hand replays alone to the button the table moved to, and a
    history whose button owed another kill is refused as illegal."""
    with kill_buttons() as buttons:
        await _table(pipeline, "new holdem nl 1/2 kill", 3)
        await _play_out(pipeline)
        await pipeline.say("Bob", "kill")  # a voluntary kill for the next hand
        pipeline.now += 20  # past the objection window
        await pipeline.say("Ann", "start")
        await pipeline.say("Ann", "pause")
        await _play_out(pipeline)
    hands = await stored_hands(pipeline)
    assert '_killer = "Bob"' in hands[1][1] and "_kill_state_before" in hands[1][1]
    assert await _replayed(pipeline, tmp_path, buttons) == []
    before = next(line for line in hands[1][1].splitlines() if "_kill_state_before" in line)
    owed = '_kill_state_before = { state = "killed", holder = "Cat", amount = 4 }'
    (tmp_path / "owed.phh").write_text(hands[1][1].replace(before, owed), encoding="utf-8")
    [result] = replay_paths([str(tmp_path / "owed.phh")])
    assert result.status == "illegal" and "killed by Cat for 4" in (result.error or "")


async def test_phh_replay_bomb_pot_at_a_kill_table_leaves_the_button(
    pipeline: Pipeline, tmp_path: Path
) -> None:
    """RULES.md "Bomb pots": a bomb pot neither wins nor loses a leg; replayed, it leaves
    the kill button as the table left it."""
    with kill_buttons() as buttons:
        await _table(pipeline, "new holdem nl 1/2 kill", 3)
        await _play_out(pipeline, ("raise", "fold"))  # a pot won: a leg up
        await pipeline.say("Ann", "bomb 2")
        await pipeline.say("Ann", "start")
        await pipeline.say("Ann", "pause")
        await _play_out(pipeline, ("check", "call"))
    table = pipeline.service.tables[TABLE].table
    assert table.kill_button() is not None
    assert table.kill_button().state is ButtonState.LEG_UP  # type: ignore[union-attr]
    hands = await stored_hands(pipeline)
    assert "_bomb_pot = true" in hands[1][1]
    assert await _replayed(pipeline, tmp_path, buttons) == []


def _session_hand(setup: HandSetup, tracker: KillTracker, seed: int) -> tuple[Hand, KillButton]:
    """One hand dealt through ``tracker`` from a seeded deck and played out by checks and
    calls; returns it with the button it was dealt under."""
    before = tracker.button.copy()
    deck = Deck(rng=random.Random(seed)).order
    hand = Hand(replace(tracker.prepare(setup), deck_order=deck))
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        hand.apply(Check(player) if hand.legal_actions().can_check else Call(player))
    tracker.settle(hand)
    return hand, before


def test_phh_replay_heads_up_limit_kill_with_equal_blinds_replays(tmp_path: Path) -> None:
    """000 kill §2, 000 NL §14's heads-up order: limit 1/2 deals equal blinds of 1, so who
    opens is written in the history (``_first_to_act``); a kill session replays it."""
    settings = parse_table_setup("holdem fl 1/2 kill")
    rules = settings.kill
    assert (
        rules is not None and settings.config.stakes.small_blind == settings.config.stakes.big_blind
    )
    tracker = KillTracker(rules)
    setup = HandSetup(settings.config, ("Ann", "Bob"), (100, 100), first_to_act=1)
    hand, before = _session_hand(setup, tracker, 3)
    path = tmp_path / "hu.phhs"
    path.write_text(export_session([(hand, None, [])], rules, before), encoding="utf-8")
    [result] = replay_paths([str(path)])
    assert result.status == "match", result.error


def test_phh_replay_kill_with_a_dead_small_blind_replays(tmp_path: Path) -> None:
    """000 kill §2: a killed hand dealt with a dead small blind (the big blind left of the
    button, no small blind) opens left of the big blind; its history says which seat posted
    which blind (``_blind_kinds``), so the replay opens where the table did."""
    config = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    rules = KillRules()
    owed = KillButton(ButtonState.KILLED, "Cat", 4)
    tracker = KillTracker(rules, owed.copy())
    setup = HandSetup(
        config,
        ("Ann", "Bob", "Cat"),
        (100, 100, 100),
        blinds=(2, 0, 0),
        first_to_act=1,
        blind_kinds=("big_blind", "", ""),
    )
    hand, before = _session_hand(setup, tracker, 5)
    assert hand.setup.first_to_act == 1 and hand.setup.kill is not None
    path = tmp_path / "dead.phhs"
    kill = hand.setup.kill
    path.write_text(export_session([(hand, kill, [])], rules, before), encoding="utf-8")
    [result] = replay_paths([str(path)])
    assert result.status == "match", result.error
