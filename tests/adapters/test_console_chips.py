"""Chips and obligations through the console script: a re-buy after a host adjustment, and a
kill owed by a player the host removes or the turn timer sits out (the table deals on)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from adapters.console.play import Options
from adapters.console.run import play_script

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


async def _run(db: Path, lines: str, setup: str = "") -> tuple[str, dict[str, object]]:
    out = io.StringIO()
    options = Options(db=str(db), lines=lines.splitlines(), json=True, seed=3, setup=setup)
    assert await play_script(options, out) == 0
    text = out.getvalue()
    return text, json.loads(text[text.index("\n{") :])


def _stacks(state: dict[str, object]) -> dict[str, int]:
    seats = state["seats"]
    assert isinstance(seats, dict)
    return {s["name"]: s["stack"] for s in seats.values()}


async def test_000_nl_16_a_rebuy_after_a_host_adjustment_adds_to_the_stack(tmp_path: Path) -> None:
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
    text, state = await _run(tmp_path / "t.db", script, "holdem nl 1/2 seats 6 runs off")
    assert "bob adds 100 (now 116)" in text
    assert _stacks(state) == {"alice": 400, "bob": 116}
    seats = state["seats"]
    assert isinstance(seats, dict) and seats["2"]["status"] == "waiting"
    # the ledger: 200 + 200 bought in, 16 adjusted, 100 topped up = 516 on the table
    assert sum(_stacks(state).values()) == 200 + 200 + 16 + 100


async def test_000_kill_6_a_kicked_killer_owes_the_kill_and_the_table_deals_on(
    tmp_path: Path,
) -> None:
    """000 kill §6, RULES.md "Obligations": the host removes a player who owes a kill; the
    kill is recorded against him and the next hand is dealt without him (before, every later
    deal was refused, even after the session ended and new players sat)."""
    script = CAROL_EARNS_A_KILL.format(between="", flop="carol: check") + (
        "alice: kick carol\nalice: end\ndan: sit 200\nalice: start\n"
    )
    text, state = await _run(tmp_path / "t.db", script, KILL_SETUP)
    assert "the kill of 4 he owes waits for his return (000 kill §6)" in text
    assert "the next hand cannot be dealt" not in text
    hand = state["hand"]
    assert isinstance(hand, dict) and hand["phase"] == "betting"
    assert sorted(hand["players"]) == ["alice", "bob"]  # dan waits for the big blind
    assert state["kill"] == {
        "state": "neutral",
        "holder": None,
        "amount": None,
        "legs": {},
        "owed": {"carol": 4},
    }


async def test_000_kill_6_a_killer_the_timer_sits_out_is_dealt_in_to_post_it(
    tmp_path: Path,
) -> None:
    """000 kill §6, RULES.md "Obligations": a player sat out by his time-outs while he owes
    a kill does not stop the table: he is dealt the next hand, posts the kill (the timer
    acts for him), and is sat out after it."""
    script = CAROL_EARNS_A_KILL.format(between="alice: set timeouts 1", flop="wait 31") + (
        "alice: start\nalice: pause\nalice: fold\nbob: call\nwait 31\nbob: bet 4\nwait 31\n"
    )
    text, state = await _run(tmp_path / "t.db", script, KILL_SETUP)
    lines = text.splitlines()
    assert "carol is sat out after this hand" in lines
    assert "carol posts kill 4" in lines
    assert "the next hand cannot be dealt" not in text
    seats = state["seats"]
    assert isinstance(seats, dict)
    assert {s["name"]: s["status"] for s in seats.values()}["carol"] == "sitting_out"


# Heads-up, Bob wins two qualifying pots and owes a kill of 4; the host has paused.
BOB_OWES_HEADS_UP = """
alice: sit 200
bob: sit 200
alice: start
alice: call
bob: raise 10
alice: call
bob: bet 10
alice: fold
bob: raise 6
alice: call
alice: check
bob: bet 10
alice: pause
alice: fold
"""


async def test_000_kill_6_a_killer_who_sits_out_heads_up_is_dealt_the_kill_hand(
    tmp_path: Path,
) -> None:
    """000 kill §6: heads-up, the killer types ``sitout`` between hands; the host starts and
    the kill hand is dealt with him posting it (the table stood still before: only one
    other player counted as able to play)."""
    script = BOB_OWES_HEADS_UP + "bob: sitout\nalice: start\n"
    text, state = await _run(tmp_path / "t.db", script, KILL_SETUP)
    assert "he is dealt the next hand to post it, then sits out (000 kill §6)" in text
    assert "bob posts kill 4" in text.splitlines()
    hand = state["hand"]
    assert isinstance(hand, dict) and sorted(hand["players"]) == ["alice", "bob"]


async def test_000_kill_6_a_killer_who_cannot_be_dealt_in_leaves_owing_the_kill(
    tmp_path: Path,
) -> None:
    """RULES.md "Obligations": the killer's ``leave`` waits for the kill hand, but when the
    only other player leaves there is no hand to deal: he is cashed out at once, the kill
    recorded against him, instead of staying seated for good."""
    script = BOB_OWES_HEADS_UP + "bob: leave\nalice: leave\n"
    text, state = await _run(tmp_path / "t.db", script, KILL_SETUP)
    lines = text.splitlines()
    assert "alice leaves with 184" in lines and "bob leaves with 216" in lines
    assert state["seats"] == {}


async def test_a_leaver_owing_a_kill_goes_once_a_new_game_clears_it(tmp_path: Path) -> None:
    """000 kill §1a: the host changes the game, the kill button starts neutral, so the
    player who asked to leave owes nothing and is cashed out (he was dealt the new game)."""
    script = BOB_OWES_HEADS_UP + "bob: leave\nalice: set game omaha\n"
    text, state = await _run(tmp_path / "t.db", script, KILL_SETUP)
    assert "bob leaves with 216" in text.splitlines()
    assert _stacks(state) == {"alice": 184}


async def test_a_void_clears_the_moves_chosen_in_advance(tmp_path: Path) -> None:
    """A ``checkfold`` chosen during a hand the host voids was for that hand: the same deal
    dealt again does not fold the player by itself."""
    script = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\nalice: start\ncarol: checkfold\n"
        "alice: void\nalice: raise 10\nbob: fold\n"
    )
    text, state = await _run(tmp_path / "t.db", script, "holdem nl 1/2")
    assert "carol folds" not in text.splitlines()
    hand = state["hand"]
    assert isinstance(hand, dict) and hand["to_act"] == "carol"


async def test_a_sitting_out_player_adjusted_to_zero_and_back_stays_out(tmp_path: Path) -> None:
    """A host adjustment changes chips, not whether a player is in the game: a player sitting
    out whose stack goes to 0 and back is still sitting out, and is not dealt in."""
    script = (
        "alice: sit 200\nbob: sit 200\ncarol: sit 200\ncarol: sitout\n"
        "alice: adjust carol -200 oops\nalice: adjust carol +200 undo\nalice: start\n"
    )
    _, state = await _run(tmp_path / "t.db", script, "holdem nl 1/2")
    seats = state["seats"]
    assert isinstance(seats, dict) and seats["3"]["status"] == "sitting_out"
    hand = state["hand"]
    assert isinstance(hand, dict) and "carol" not in hand["players"]


# Three-handed, Bob wins two qualifying pots and owes a kill of 4; the host has paused.
BOB_OWES_THREE_HANDED = """
alice: sit 200
bob: sit 200
carol: sit 200
alice: start
alice: fold
bob: raise 6
carol: fold
bob: raise 6
carol: fold
alice: fold
carol: fold
alice: call
bob: raise 10
alice: call
alice: check
bob: bet 10
alice: pause
alice: fold
"""


async def test_rules_md_a_killed_pot_has_no_straddle(tmp_path: Path) -> None:
    """RULES.md "Kill pots": a kill pot has no straddle. Alice, left of the big blind, asked
    to straddle; the hand is killed, so her straddle is void for it and she is told; it
    stands for the next unkilled hand (before, she posted it in the killed pot)."""
    script = BOB_OWES_THREE_HANDED + "alice: straddle\nalice: start\n"
    text, state = await _run(tmp_path / "t.db", script, KILL_SETUP + " straddle")
    lines = text.splitlines()
    assert (
        "alice's straddle is void this hand: a killed pot has no straddle; it stands for "
        "the next unkilled hand" in lines
    )
    assert "bob posts kill 4" in lines
    assert not any("straddle" in line and "posts" in line for line in lines)
    hand = state["hand"]
    assert isinstance(hand, dict) and sorted(hand["bets"]) == [0, 2, 4]


async def test_a_strict_script_stops_at_the_first_refused_line(tmp_path: Path) -> None:
    """``--strict``: the first refused line stops the script with exit status 1, naming the
    line and the reason; the lines after it are not played."""
    out = io.StringIO()
    lines = ["alice: sit 200", "bob: sit 200", "alice: start", "bob: raise abc", "bob: fold"]
    options = Options(db=str(tmp_path / "t.db"), lines=lines, seed=3, strict=True)
    assert await play_script(options, out) == 1
    text = out.getvalue().splitlines()
    assert text[-1].startswith("line 4: 'bob: raise abc' was refused: 'abc' is not an amount")
    assert "bob folds" not in text


async def test_a_strict_script_stops_at_a_line_it_cannot_read_with_status_2(tmp_path: Path) -> None:
    """``--strict``: a line that is not script (a bad ``deck:`` or ``wait``) stops it too,
    with exit status 2, before a hand is dealt from a deck nobody asked for."""
    out = io.StringIO()
    lines = ["alice: sit 200", "bob: sit 200", "deck: Zz", "alice: start"]
    options = Options(db=str(tmp_path / "t.db"), lines=lines, seed=3, strict=True)
    assert await play_script(options, out) == 2
    assert "the host starts the game" not in out.getvalue()
