"""PokerStars' text of the hands a table stored, as ``history pokerstars`` gives it: each
player in his own seat of a table of its own size, the button where it was, the same from
hand to hand, every hand read by both readers (``tests/phh/stars_readers.py``)."""

from __future__ import annotations

import json
import random

import pytest

from bot.phh.convert import Unsupported
from bot.phh.notation import load_phh
from bot.phh.pokerstars import hand_number, pokerstars_text
from bot.phh.replay import play_history
from tests.chat.fakes import Pipeline, pipeline
from tests.phh.stars_readers import check_text

TABLE = "g/c"


async def _stored(p: Pipeline) -> list[tuple[int, str, list[str], float]]:
    """Every finished hand of the table: number, PHH, player ids in hand order, when."""
    rows = await p.service.db._rows(
        "SELECT number, phh, players, started_at FROM hands WHERE table_id = ?"
        " AND phh IS NOT NULL ORDER BY number",
        (TABLE,),
    )
    return [(int(n), str(text), list(json.loads(ids)), float(at)) for n, text, ids, at in rows]


def _to_act(p: Pipeline) -> str | None:
    live = p.service.tables[TABLE]
    hand = live.table.hand
    if hand is None or hand.to_act is None:
        return None
    return (live.names or {}).get(hand.names[hand.to_act], "")


async def test_pokerstars_seats_and_button_are_the_table_s_from_hand_to_hand() -> None:
    """Ann in seat 2 and Bob in seat 5 of a 6-seat table, heads-up for five hands: each
    hand is ``6-max``, Ann is ``Seat 2`` and Bob ``Seat 5`` every time, and the button,
    who posts the small blind heads-up, moves from one to the other; the stored hand keeps
    the seats and the table's size, replays to its stacks, and a hand stored before they
    were kept is still written (its seats in hand order)."""
    p = await pipeline(3)
    try:
        await p.say("Ann", "new holdem nl 1/2 seats 6")
        await p.say("Ann", "sit 200 2")
        await p.say("Bob", "sit 200 5")
        await p.say("Ann", "start")
        while p.service.tables[TABLE].table.hand_number <= 5:
            who = _to_act(p)
            assert who is not None
            await p.say(who, _check_or_call(p))
        stored = (await _stored(p))[:5]
    finally:
        await p.close()
    buttons = []
    for number, text, ids, started in stored:
        hh = load_phh(text)
        assert hh.extra["seat_count"] == 6
        assert sorted(hh.extra["seats"]) == [2, 5]
        full, _, error = play_history(hh)
        assert error is None and full.stacks == hh.finishing_stacks
        viewer = ids.index("test:ann")
        ps = pokerstars_text(
            hh, viewer, number=hand_number(TABLE, number), table="c", started=started
        )
        lines = ps.splitlines()
        button = int(lines[1].split("Seat #")[1].split()[0])
        buttons.append(button)
        assert lines[1] == f"Table 'c' 6-max Seat #{button} is the button"
        assert lines[2].startswith("Seat 2: Ann (") and lines[3].startswith("Seat 5: Bob (")
        dealer = "Ann" if button == 2 else "Bob"
        assert f"{dealer}: posts small blind 1" in lines
        check_text(ps, hh, viewer, hand_number(TABLE, number), started)
    assert buttons in ([2, 5, 2, 5, 2], [5, 2, 5, 2, 5])
    older = load_phh(stored[0][1])
    for name in ("seats", "seat_count", "_button"):
        older.extra.pop(name, None)
    text = pokerstars_text(older, 0, number=1, table="c", started=stored[0][3])
    assert "Table 'c' 2-max Seat #2 is the button" in text


def _check_or_call(p: Pipeline) -> str:
    hand = p.service.tables[TABLE].table.hand
    assert hand is not None
    return "check" if hand.legal_actions().can_check else "call"


PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


async def _night(seed: int, commands: int) -> Pipeline:
    """A night at a 9-seat kill table with straddles and a bomb pot every 6 hands:
    players sit at random seats, fold, call, raise, go all-in, sit out, come back or post,
    kill, straddle, leave and sit again, and the timer acts for whoever waits."""
    rng = random.Random(seed)
    p = await pipeline(seed)
    await p.say("Ann", "new holdem nl 1/2 kill straddle buyin 20-400 timer 30 seats 9")
    await p.say("Ann", "set bomb 5 every 6")
    for name in PLAYERS[:4]:
        await p.say(name, f"sit 200 {rng.randint(1, 9)}")
        await p.say(name, "sit 200")  # when the seat asked for was taken
    await p.say("Ann", "start")
    for _ in range(commands):
        who = _to_act(p)
        if rng.random() < 0.05:
            p.now += 31
            await p.service.tick()
            await p.service.idle()
            continue
        if who is not None and rng.random() < 0.75:
            move = rng.choice(["fold", "call", "call", "check", "raise", "allin", "runs 1"])
            move = rng.choice([move, f"raise {rng.randint(4, 120)}"])
            await p.say(who, move, confirmed=True)
            continue
        who = rng.choice(PLAYERS)
        if p.service.tables[TABLE].table.seating.seat_of(f"test:{who.lower()}") is None:
            await p.say(who, f"sit {rng.randint(20, 400)} {rng.randint(1, 9)}")
            continue
        what = ["sitout", "back", "post", "kill", "straddle", "topup 50", "start", "start"]
        what.append("leave" if rng.random() < 0.3 else "back")
        await p.say(who, rng.choice(what), confirmed=True)
    return p


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_pokerstars_random_nights_read_in_both_parsers(seed: int) -> None:
    """Every hand of a random night (kills, straddles, bomb pots, missed and dead blinds,
    dead buttons, players coming and going at their own seats), exported for each player
    dealt in: both readers read it as the hand was played (``check_text``); only a board
    run twice is not written, with the reason."""
    p = await _night(seed, 400)
    try:
        stored = await _stored(p)
    finally:
        await p.close()
    assert len(stored) >= 10
    kinds = set()
    for number, text, ids, started in stored:
        hh = load_phh(text)
        for viewer in range(len(ids)):
            try:
                ps = pokerstars_text(hh, viewer, number=number, table="c", started=started)
            except Unsupported as exc:
                assert "run twice" in str(exc)
                continue
            check_text(ps, hh, viewer, number, started)
            kinds |= {w for w in ("straddle", "the ante", "small & big") if f"posts {w}" in ps}
    assert kinds  # a night has straddles or kills, bomb pots or missed blinds
