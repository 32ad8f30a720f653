"""Chips and obligations through the console script: a re-buy after a host adjustment, and a
kill owed by a player the host removes or the turn timer sits out (the table deals on)."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

from adapters.console import Options, play_script

KILL_SETUP = "holdem nl 1/2 kill"

# Carol wins two pots in a row, the second one qualifying (000 kill §3: she wins Ann's
# raise beyond the blinds), so she owes a kill of 4 at the next deal.
CAROL_EARNS_A_KILL = """
alice: sit 200
bob: sit 200
carol: sit 200
deck: As Ad 7h 2c 8s 3d 9c 8d 3s Th Jd
alice: start
alice: pause
alice: call
bob: call
carol: check
bob: check
carol: check
alice: check
bob: check
carol: check
alice: check
bob: check
carol: check
alice: check
{between}
deck: 7h 2c Ad As Kc Kd 9c 8d 3s Th Jd
alice: start
alice: pause
bob: call
carol: raise 6
alice: call
bob: fold
{flop}
alice: check
carol: check
alice: check
carol: check
alice: check
"""


def _run(db: Path, lines: str, setup: str = "") -> tuple[str, dict[str, object]]:
    out = io.StringIO()
    options = Options(db=str(db), lines=lines.splitlines(), json=True, seed=3, setup=setup)
    assert asyncio.run(play_script(options, out)) == 0
    text = out.getvalue()
    return text, json.loads(text[text.index("\n{") :])


def _stacks(state: dict[str, object]) -> dict[str, int]:
    seats = state["seats"]
    assert isinstance(seats, dict)
    return {s["name"]: s["stack"] for s in seats.values()}


def test_000_nl_16_a_rebuy_after_a_host_adjustment_adds_to_the_stack(tmp_path: Path) -> None:
    """000 NL §16: a busted player the host gave 16 chips back tops up by 100 and has 116,
    as the ledger says: a re-buy never puts a buy-in in place of the chips he has."""
    script = """
alice: sit 200
bob: sit 200
deck: As Ad 7h 2c 9c 8d 3s Th Jd
alice: start
alice: pause
alice: allin
bob: allin
alice: adjust bob 16 comp
bob: topup 100
"""
    text, state = _run(tmp_path / "t.db", script)
    assert "bob adds 100 (now 116)" in text
    assert _stacks(state) == {"alice": 400, "bob": 116}
    seats = state["seats"]
    assert isinstance(seats, dict) and seats["2"]["status"] == "waiting"
    # the ledger: 200 + 200 bought in, 16 adjusted, 100 topped up = 516 on the table
    assert sum(_stacks(state).values()) == 200 + 200 + 16 + 100


def test_000_kill_6_a_kicked_killer_owes_the_kill_and_the_table_deals_on(
    tmp_path: Path,
) -> None:
    """000 kill §6, RULES.md "Obligations": the host removes a player who owes a kill; the
    kill is recorded against him and the next hand is dealt without him (before, every later
    deal was refused, even after the session ended and new players sat)."""
    script = CAROL_EARNS_A_KILL.format(between="", flop="carol: check") + (
        "alice: kick carol\nalice: end\ndan: sit 200\nalice: start\n"
    )
    text, state = _run(tmp_path / "t.db", script, KILL_SETUP)
    assert "the kill of 4 he owes waits for his return (000 kill §6)" in text
    assert "the next hand cannot be dealt" not in text
    hand = state["hand"]
    assert isinstance(hand, dict) and hand["phase"] == "betting"
    assert sorted(hand["players"]) == ["alice", "bob"]  # dan waits for the big blind
    assert state["kill"] == {"state": "neutral", "holder": None, "amount": None, "legs": {}}


def test_000_kill_6_a_killer_the_timer_sits_out_is_dealt_in_to_post_it(tmp_path: Path) -> None:
    """000 kill §6, RULES.md "Obligations": a player sat out by his time-outs while he owes
    a kill does not stop the table: he is dealt the next hand, posts the kill (the timer
    acts for him), and is sat out after it."""
    script = CAROL_EARNS_A_KILL.format(between="alice: set timeouts 1", flop="wait 31") + (
        "alice: start\nalice: pause\nalice: fold\nbob: call\nwait 31\nbob: bet 4\nwait 31\n"
    )
    text, state = _run(tmp_path / "t.db", script, KILL_SETUP)
    lines = text.splitlines()
    assert "carol is sat out after this hand" in lines
    assert "carol posts kill 4" in lines
    assert "the next hand cannot be dealt" not in text
    seats = state["seats"]
    assert isinstance(seats, dict)
    assert {s["name"]: s["status"] for s in seats.values()}["carol"] == "sitting_out"
