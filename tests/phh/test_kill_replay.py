"""Kill sessions in PHH: exported sessions replay to `match`; a wrong kill is `illegal`."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.app.cli import main
from bot.engine.actions import Call, Check, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand, HandSetup
from bot.engine.kills import Kill, KillRules
from bot.engine.killtracker import KillTracker
from bot.phh.killsession import export_session
from bot.phh.notation import dumps_phhs, load_phhs
from bot.phh.replay import replay_paths

CFG = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20))
SEATS = ("Ann", "Bob", "Cat")  # clockwise


def _order(button: int) -> tuple[str, ...]:
    return tuple(SEATS[(button + 1 + k) % 3] for k in range(3))


def _play_session() -> tuple[str, list[dict], KillTracker]:
    """Cat wins a walk, then a qualifying pot (kill), then plays the killed pot."""
    tracker = KillTracker(KillRules())
    stacks = {name: 1000 for name in SEATS}
    played: list[tuple[Hand, Kill | None, list[str]]] = []
    summaries: list[dict] = []
    scripts = [
        # hand 1, button Cat: Cat raises, both blinds fold (a walk, first leg)
        (2, [], lambda h: [Raise(2, 20), Fold(0), Fold(1)]),
        # hand 2, button Ann: order Bob, Cat, Ann; Cat (big blind) wins a flop pot
        (
            0,
            ["2c", "3d", "As", "Ah", "7c", "8d", "Kd", "9s", "4h", "2s", "5c"],
            lambda h: (
                [Raise(2, 20), Fold(0), Call(1), Raise(1, 10), Call(2)]
                + [Check(1), Check(2), Check(1), Check(2)]
            ),
        ),
        # hand 3, button Bob: order Cat, Ann, Bob; Cat kills in the small blind (soft kill)
        (1, [], lambda h: [Fold(2), Check(0), Call(1)] + [Check(0), Check(1)] * 3),
    ]
    for button, top, script in scripts:
        names = _order(button)
        deck = Deck.stacked(top, rng=random.Random(7)).order
        base = HandSetup(CFG, names, tuple(stacks[n] for n in names), deck_order=deck)
        setup = tracker.prepare(base)
        hand = Hand(setup)
        for action in script(hand):
            hand.apply(action)
        assert hand.is_complete
        kill = tracker.kill
        tracker.settle(hand)
        summaries.append(tracker.button.summary())
        for name, stack in zip(names, hand.stacks, strict=True):
            stacks[name] = stack
        played.append((hand, kill, []))
    return export_session(played, KillRules()), summaries, tracker


def test_exported_kill_session_replays_to_match_with_the_button(tmp_path: Path, capsys) -> None:
    text, summaries, _ = _play_session()
    assert summaries[1] == {"state": "killed", "holder": "Cat", "amount": 20, "legs": {}}
    path = tmp_path / "night.phhs"
    path.write_text(text)
    assert main(["replay", "--json", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["status"] for line in lines] == ["unchecked"] * 0 + ["match"] * 3
    assert [line["kill"] for line in lines] == summaries
    third = load_phhs(text)[2][1]
    assert third.extra["_killer"] == "Cat"
    assert third.extra["_kill_reason"] == "required"
    assert third.blinds_or_straddles == [20, 10, 0]
    assert third.small_bet == 20 and third.big_bet == 40


def test_missing_kill_is_illegal_and_names_who_owed(tmp_path: Path) -> None:
    text, _, _ = _play_session()
    hands = load_phhs(text)
    third = hands[2][1]
    del third.extra["_killer"]
    del third.extra["_kill_reason"]
    path = tmp_path / "missing.phhs"
    path.write_text(dumps_phhs(hands))
    results = list(replay_paths([str(path)]))
    assert [r.status for r in results] == ["match", "match", "illegal"]
    assert "Cat owes a kill of 20" in (results[2].error or "")


def test_wrong_sized_kill_is_illegal_and_later_hands_skipped(tmp_path: Path) -> None:
    text, _, _ = _play_session()
    hands = load_phhs(text)
    hands[2][1].blinds_or_straddles = [30, 10, 0]
    hands.append(("4", hands[0][1]))
    path = tmp_path / "wrong.phhs"
    path.write_text(dumps_phhs(hands))
    results = list(replay_paths([str(path)]))
    assert [r.status for r in results] == ["match", "match", "illegal", "skipped"]
    assert "[20, 10, 0]" in (results[2].error or "")
    assert results[3].extra == {"kill": None}


def test_extra_kill_is_illegal(tmp_path: Path) -> None:
    text, _, _ = _play_session()
    hands = load_phhs(text)
    first = hands[0][1]
    first.extra["_killer"] = "Ann"
    first.extra["_kill_reason"] = "required"
    path = tmp_path / "extra.phhs"
    path.write_text(dumps_phhs(hands[:1]))
    (result,) = replay_paths([str(path)])
    assert result.status == "illegal"
    assert "nothing is owed" in (result.error or "")
