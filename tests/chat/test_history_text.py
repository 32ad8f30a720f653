"""``history`` reads a player's own hands as they went at the table: names, streets with
their cards, draws and upcards, the hands shown and each player's result; never a card
its reader did not see. ``history N phh`` stays the hand history format."""

from __future__ import annotations

import re
from pathlib import Path

from bot.phh.notation import dumps_phh, load_path, load_phh
from bot.phh.redact import redact
from bot.phh.replay import replay_paths
from tests.chat.fakes import Pipeline

CARD = re.compile(r"(?:10|[2-9AKQJ])[♠♥♦♣]")


async def _say(p: Pipeline, user: str, text: str) -> str:
    reply = await p.say(user, text)
    assert reply.ok, (user, text, reply.text)
    return reply.text


async def _seat(p: Pipeline, setup: str, deck: str) -> None:
    """Ann, Bob and Cat sit down at ``setup`` and the first hand is dealt from ``deck``:
    Ann has the button, so Bob is dealt first (the small blind), then Cat, then Ann."""
    await _say(p, "Ann", setup)
    for name in ("Ann", "Bob", "Cat"):
        await _say(p, name, "sit 100")
    p.stack_deck(deck)
    await _say(p, "Ann", "start")


async def _play(p: Pipeline, moves: list[tuple[str, str]]) -> None:
    for who, what in moves:
        await _say(p, who, what)
    await _say(p, "Ann", "pause")


async def _holdem(p: Pipeline) -> None:
    """Bob (A♠ K♦) bets the river and shows a pair of kings; Cat (7♥ 2♣) calls and mucks;
    Ann (Q♠ Q♥) folded on the flop."""
    await _seat(p, "new holdem nl 1/2", "As Kd 7h 2c Qs Qh 9c 8d 3s Th Ks")
    await _play(
        p,
        [
            ("Ann", "call"),
            ("Bob", "call"),
            ("Cat", "check"),
            ("Bob", "check"),
            ("Cat", "bet 4"),
            ("Ann", "fold"),
            ("Bob", "call"),
            ("Bob", "check"),
            ("Cat", "check"),
            ("Bob", "bet 10"),
            ("Cat", "call"),
        ],
    )


async def test_holdem_history_reads_street_by_street_with_names_boards_showdown_and_result(
    pipeline: Pipeline,
) -> None:
    await _holdem(pipeline)
    assert (await _say(pipeline, "Bob", "history")).splitlines() == [
        "Hand 1 · No-Limit Hold'em 1/2",
        "Blinds: Bob 1, Cat 2",
        "Your cards: A♠ K♦",
        "Ann calls 2, Bob calls 1, Cat checks",
        "Flop: 9♣ 8♦ 3♠",
        "Bob checks, Cat bets 4, Ann folds, Bob calls 4",
        "Turn: 10♥",
        "Bob checks, Cat checks",
        "River: K♠",
        "Bob bets 10, Cat calls 10",
        "Bob shows A♠ K♦: pair of kings (K♠ K♦ A♠ 10♥ 9♣)",
        "Cat mucks",
        "Result: Bob wins 18, Ann loses 2, Cat loses 16",
    ]


async def test_holdem_history_never_shows_a_folded_or_mucked_hand(pipeline: Pipeline) -> None:
    """Each player's history holds his own cards, the board and Bob's shown hand: Ann's
    folded queens and Cat's mucked 7♥ 2♣ reach no one else, as symbols or as PHH text."""
    await _holdem(pipeline)
    own = {"Ann": {"Q♠", "Q♥"}, "Bob": {"A♠", "K♦"}, "Cat": {"7♥", "2♣"}}
    public = {"9♣", "8♦", "3♠", "10♥", "K♠", "A♠", "K♦"}
    for reader, mine in own.items():
        text = await _say(pipeline, reader, "history")
        assert set(CARD.findall(text)) == public | mine, reader
        for raw in ("Qs", "Qh", "7h", "2c"):
            assert raw not in text
        assert "??" not in text and "p1" not in text


async def test_history_phh_is_still_the_redacted_hand_history(pipeline: Pipeline) -> None:
    await _holdem(pipeline)
    text = await _say(pipeline, "Bob", "history 1 phh")
    live = pipeline.service.tables["g/c"]
    ((number, stored, ids),) = await pipeline.service.db.books.hands_of(live.id, "test:bob", 1)
    seen = redact(load_phh(stored), ids.index("test:bob"))
    assert text == f"# hand {number}\n{dumps_phh(seen)}"
    assert text.startswith('# hand 1\nvariant = "NT"\n')
    assert '  "d dh p1 AsKd",\n  "d dh p2 ????",\n  "d dh p3 ????",\n' in text
    assert "Hand 1 ·" not in text and "♠" not in text


async def test_history_shows_the_newest_hand_first_one_block_each(pipeline: Pipeline) -> None:
    await _seat(pipeline, "new holdem nl 1/2", "As Kd 7h 2c Qs Qh 9c 8d 3s Th Ks")
    await _say(pipeline, "Ann", "fold")
    await _say(pipeline, "Bob", "fold")  # Cat wins the blinds; hand 2: Bob's button
    await _say(pipeline, "Bob", "fold")
    await _say(pipeline, "Cat", "fold")  # Ann wins the blinds
    await _say(pipeline, "Ann", "pause")
    lines = (await _say(pipeline, "Cat", "history last 2")).splitlines()
    assert [line for line in lines if line.startswith("Hand ")] == [
        "Hand 2 · No-Limit Hold'em 1/2",
        "Hand 1 · No-Limit Hold'em 1/2",
    ]
    assert lines[1] == "Blinds: Cat 1, Ann 2"
    assert lines[2].startswith("Your cards: ")
    assert lines[3:5] == [
        "Bob folds, Cat folds",
        "Result: Ann wins 1, Bob breaks even, Cat loses 1",
    ]


async def _triple_draw(p: Pipeline) -> None:
    """2-7 triple draw: Ann (four aces) folds; Bob throws K♥ K♦ for 9♣ 6♥, stands pat,
    then throws 9♣ for 8♥ and shows 8-6-4-3-2; Cat draws one card each time and mucks."""
    await _seat(
        p,
        "new 27td",
        "2s 3d 4c Kh Kd  2h 3c 5s 8d Qc  As Ad Ac Ah Qs  9c 6h  Jd  9s  8h  5c",
    )
    await _play(
        p,
        [
            ("Ann", "fold"),
            ("Bob", "call"),
            ("Cat", "check"),
            ("Bob", "draw Kh Kd"),
            ("Cat", "draw Qc"),
            ("Bob", "check"),
            ("Cat", "check"),
            ("Bob", "pat"),
            ("Cat", "draw 8d"),
            ("Bob", "check"),
            ("Cat", "check"),
            ("Bob", "draw 9c"),
            ("Cat", "draw Jd"),
            ("Bob", "bet"),
            ("Cat", "call"),
        ],
    )


async def test_draw_history_counts_each_draw_and_gives_the_reader_his_new_cards(
    pipeline: Pipeline,
) -> None:
    await _triple_draw(pipeline)
    assert (await _say(pipeline, "Bob", "history")).splitlines() == [
        "Hand 1 · Limit 2-7 Triple Draw 2/4",
        "Blinds: Bob 1, Cat 2",
        "Your cards: 2♠ 3♦ 4♣ K♥ K♦",
        "Ann folds, Bob calls 1, Cat checks",
        "First draw: Bob throws K♥ K♦ and draws 9♣ 6♥, Cat draws 1",
        "Your cards: 2♠ 3♦ 4♣ 9♣ 6♥",
        "Bob checks, Cat checks",
        "Second draw: Bob stands pat, Cat draws 1",
        "Bob checks, Cat checks",
        "Third draw: Bob throws 9♣ and draws 8♥, Cat draws 1",
        "Your cards: 2♠ 3♦ 4♣ 6♥ 8♥",
        "Bob bets 4, Cat calls 4",
        "Bob shows 2♠ 3♦ 4♣ 6♥ 8♥: 8-6-4-3-2 low",
        "Cat mucks",
        "Result: Bob wins 6, Ann breaks even, Cat loses 6",
    ]


async def test_draw_history_says_how_many_others_drew_never_which_cards(pipeline: Pipeline) -> None:
    """Ann sees that Bob drew 2, not that he threw K♥ K♦ nor what he got before he showed;
    none of Cat's cards (all mucked or thrown) reaches her."""
    await _triple_draw(pipeline)
    text = await _say(pipeline, "Ann", "history")
    lines = text.splitlines()
    assert "First draw: Bob draws 2, Cat draws 1" in lines
    assert "Third draw: Bob draws 1, Cat draws 1" in lines
    hers = {"A♠", "A♦", "A♣", "A♥", "Q♠"}
    shown = {"2♠", "3♦", "4♣", "6♥", "8♥"}  # Bob's hand at the showdown
    assert set(CARD.findall(text)) == hers | shown


async def test_stud_history_gives_the_upcards_street_by_street_and_hides_down_cards(
    pipeline: Pipeline,
) -> None:
    """Stud: Bob brings it in, everyone checks to the end; Bob and Cat show, Ann mucks her
    down cards 7♣ 7♦ 8♥, which Bob never sees (her upcards K♥ 5♦ 6♣ 9♦ he does)."""
    await _seat(
        pipeline,
        "new stud",
        "As Ks 2c  Qd Jd 9h  7c 7d Kh  3h 4s 5d  Ac 2d 6c  Jc Ts 9d  8c 8s 8h",
    )
    checks = ["Ann", "Bob", "Cat"] + ["Bob", "Cat", "Ann"] * 3  # the best upcards first
    moves = [("Bob", "bringin"), ("Cat", "call"), ("Ann", "call")]
    moves += [(who, "check") for who in checks]
    await _play(pipeline, moves)
    text = await _say(pipeline, "Bob", "history")
    assert text.splitlines() == [
        "Hand 1 · Limit Seven-Card Stud 2/4",
        "Antes: 1 each",
        "Third street: Bob 2♣, Cat 9♥, Ann K♥",
        "Your cards: A♠ K♠ 2♣",
        "Bob brings it in for 1, Cat calls 1, Ann calls 1",
        "Fourth street: Bob 3♥, Cat 4♠, Ann 5♦",
        "Your cards: A♠ K♠ 2♣ 3♥",
        "Ann checks, Bob checks, Cat checks",
        "Fifth street: Bob A♣, Cat 2♦, Ann 6♣",
        "Your cards: A♠ K♠ 2♣ 3♥ A♣",
        "Bob checks, Cat checks, Ann checks",
        "Sixth street: Bob J♣, Cat 10♠, Ann 9♦",
        "Your cards: A♠ K♠ 2♣ 3♥ A♣ J♣",
        "Bob checks, Cat checks, Ann checks",
        "Seventh street: dealt face down",
        "Your cards: A♠ K♠ 2♣ 3♥ A♣ J♣ 8♣",
        "Bob checks, Cat checks, Ann checks",
        "Bob shows A♠ K♠ 2♣ 3♥ A♣ J♣ 8♣: pair of aces (A♠ A♣ K♠ J♣ 8♣)",
        "Cat shows Q♦ J♦ 9♥ 4♠ 2♦ 10♠ 8♠: straight, queen high (Q♦ J♦ 10♠ 9♥ 8♠)",
        "Ann mucks",
        "Result: Cat wins 4, Bob loses 2, Ann loses 2",
    ]
    assert not {"7♣", "7♦", "8♥"} & set(CARD.findall(text))


async def test_history_and_verify_take_the_same_hand_number(pipeline: Pipeline) -> None:
    """``history 1`` is hand 1, as ``verify 1`` is, however many hands came after it;
    ``history last 2`` is your last two hands; a hand not yours, not over or not dealt is
    refused with why."""
    await _seat(pipeline, "new holdem nl 1/2", "As Kd 7h 2c Qs Qh 9c 8d 3s Th Ks")
    await _say(pipeline, "Ann", "fold")
    await _say(pipeline, "Bob", "fold")  # hand 1: Cat wins the blinds
    await _say(pipeline, "Bob", "fold")
    await _say(pipeline, "Cat", "fold")  # hand 2: Ann wins the blinds; hand 3 is dealt
    verified = await _say(pipeline, "Cat", "verify 1")
    assert verified.startswith("hand 1: commitment ")
    lines = (await _say(pipeline, "Cat", "history 1")).splitlines()
    assert [line for line in lines if line.startswith("Hand ")] == ["Hand 1 · No-Limit Hold'em 1/2"]
    assert "Result: Cat wins 1, Ann breaks even, Bob loses 1" in lines
    assert (await _say(pipeline, "Cat", "history 1 phh")).startswith("# hand 1\n")
    last = (await _say(pipeline, "Cat", "history last 2")).splitlines()
    assert [line for line in last if line.startswith("Hand ")] == [
        "Hand 2 · No-Limit Hold'em 1/2",
        "Hand 1 · No-Limit Hold'em 1/2",
    ]
    assert (await _say(pipeline, "Cat", "history last")).splitlines()[0] == (
        "Hand 2 · No-Limit Hold'em 1/2"
    )
    refused = await pipeline.say("Cat", "history 3")
    assert not refused.ok and refused.text == (
        "hand 3 is not over: its history is written when it ends"
    )
    refused = await pipeline.say("Cat", "history 9")
    assert not refused.ok and refused.text == "there is no hand 9 at this table"
    refused = await pipeline.say("Cat", "history last 21")
    assert not refused.ok and refused.text.startswith("'21' is not a number of hands")


async def test_history_of_a_hand_not_yours_is_refused_and_verify_checks_it(
    pipeline: Pipeline,
) -> None:
    """Dan, who sat down after hand 1, may verify it but not read its history: the
    history is of his own hands."""
    await _seat(pipeline, "new holdem nl 1/2", "As Kd 7h 2c Qs Qh 9c 8d 3s Th Ks")
    await _say(pipeline, "Ann", "fold")
    await _say(pipeline, "Bob", "fold")
    await _say(pipeline, "Dan", "sit 100")
    refused = await pipeline.say("Dan", "history 1")
    assert not refused.ok and refused.text == (
        "you were not dealt hand 1: history shows your own hands ('verify 1' checks its shuffle)"
    )
    assert (await _say(pipeline, "Dan", "verify 1")).startswith("hand 1: commitment ")


async def test_history_session_phh_of_several_hands_is_one_phhs_file_that_replays(
    pipeline: Pipeline, tmp_path: Path
) -> None:
    """``history session phh`` over several hands is one ``.phhs`` file, a section a hand
    named by its number, that ``killbutton replay`` reads: every hand in it matches."""
    await _holdem(pipeline)
    await _say(pipeline, "Ann", "start")
    for _ in range(2):  # the second hand: everyone folds to the big blind
        facing = pipeline.service.turn("g/c")
        assert facing is not None
        name = next(n for n in ("Ann", "Bob", "Cat") if facing.player_id.endswith(n.lower()))
        await _say(pipeline, name, "fold")
    text = await _say(pipeline, "Bob", "history session phh")
    path = tmp_path / "session.phhs"
    path.write_text(text)
    hands = load_path(path)
    assert [name for name, _ in hands] == ["1", "2"]
    results = list(replay_paths([str(path)]))
    assert [r.status for r in results] == ["match", "match"]
