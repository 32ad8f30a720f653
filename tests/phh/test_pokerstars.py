"""Hand histories in PokerStars' format, read back by readers no one here wrote
(``tests/phh/stars_readers.py``): pokerkit's PokerStars parser must rebuild every hand it
reads to the same final stacks and the same betting, the ``poker`` package must read
every hand's header and every hold'em hand's seats, stacks, cards, pot and winners, a
tracker's count of the chips must end on our stacks, and no one's unshown cards may be in
another player's file."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.engine.actions import AllIn, Call, Check, Fold, Raise
from bot.engine.bombpot import as_bomb
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.hand import Hand, HandSetup
from bot.engine.killplan import killed_setup
from bot.engine.kills import Kill, KillRules, KillSize
from bot.engine.table import Table, TableSettings
from bot.phh.convert import Unsupported, hand_to_phh
from bot.phh.notation import HandHistory, parse_action
from bot.phh.pokerstars import hand_number, header_time, pokerstars_text, seat_fields
from tests.phh.stars_readers import check_text, poker_package, pokerkit_hands, pokerkit_reads

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ida")
DEALT = 1_796_000_000.0  # 2026-11-30 00:53:20 UTC
PARIS = ZoneInfo("Europe/Paris")
NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
FL = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(1, 2, small_bet=2, big_bet=4))


def _play(hand: Hand, rng: random.Random) -> Hand:
    """Random legal play to the end: folds, all-ins and raises, mostly calls and checks."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        roll = rng.random()
        p = legal.player
        if roll < 0.15 and legal.can_fold:
            hand.apply(Fold(p))
        elif roll < 0.25 and legal.can_raise and legal.all_in_to <= (legal.max_raise_to or 0):
            hand.apply(AllIn(p))
        elif roll < 0.45 and legal.can_raise:
            hand.apply(Raise(p, rng.randint(legal.min_raise_to, legal.max_raise_to)))
        else:
            hand.apply(Check(p) if legal.can_check else Call(p))
    return hand


def _random_hand(config: GameConfig, rng: random.Random, players: int) -> Hand:
    """A hand of random legal play: unequal stacks, so all-ins make side pots."""
    stacks = tuple(rng.choice((40, 90, 200, 350)) for _ in range(players))
    return _play(Hand(HandSetup(config, NAMES[:players], stacks, deck_order=_deck(rng))), rng)


def _deck(rng: random.Random) -> tuple[str, ...]:
    return Deck(rng=rng).order


def _calls_down(setup: HandSetup) -> Hand:
    """Everyone checks or calls to the end."""
    hand = Hand(setup)
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.apply(Check(legal.player) if legal.can_check else Call(legal.player))
    return hand


def _posts(text: str) -> list[str]:
    return [line for line in text.splitlines() if ": posts " in line]


def test_a_hand_reads_as_pokerstars_writes_it() -> None:
    """Header, seats, blinds, Dealt to, an uncalled bet, who collected and the summary."""
    deck = Deck.stacked(["Ks", "Kh", "As", "Ah", "7h", "2c"]).order
    hand = Hand(HandSetup(NL, ("ann", "bob", "cat"), (200, 200, 200), deck_order=deck))
    for action in (Raise(2, 20), Fold(0), Fold(1)):
        hand.apply(action)
    history = hand_to_phh(hand)
    text = pokerstars_text(history, 2, number=7, table="home", started=DEALT, zone=PARIS)
    assert text.splitlines() == [
        "PokerStars Hand #7: Hold'em No Limit (1/2) - "
        "2026/11/30 1:53:20 CET [2026/11/29 19:53:20 ET]",
        "Table 'home' 3-max Seat #3 is the button",
        "Seat 1: ann (200 in chips)",
        "Seat 2: bob (200 in chips)",
        "Seat 3: cat (200 in chips)",
        "ann: posts small blind 1",
        "bob: posts big blind 2",
        "*** HOLE CARDS ***",
        "Dealt to cat [7h 2c]",
        "cat: raises 18 to 20",
        "ann: folds",
        "bob: folds",
        "Uncalled bet (18) returned to cat",
        "cat collected 5 from pot",
        "*** SUMMARY ***",
        "Total pot 5 | Rake 0",
        "Seat 1: ann (small blind) folded before Flop",
        "Seat 2: bob (big blind) folded before Flop",
        "Seat 3: cat (button) collected (5)",
    ]
    assert hand_number("T1/C1", 7) != hand_number("T1/C2", 7)  # trackers keep both
    check_text(text, history, 2, 7, DEALT)


def test_pokerstars_header_gives_the_host_s_time_and_et(monkeypatch: pytest.MonkeyPatch) -> None:
    """The header's time is PokerStars': the local time, named by its zone, then the time
    in ET in brackets, hours without a leading zero; local is the zone of the machine the
    bot runs on (``TZ``), or one given. The ``poker`` package reads it to the same moment,
    and pokerkit reads the local time."""
    hand = _random_hand(NL, random.Random(1), 3)
    history = hand_to_phh(hand)
    winter = datetime(2026, 12, 3, 7, 31, 13, tzinfo=UTC).timestamp()
    summer = datetime(2026, 7, 3, 17, 5, 9, tzinfo=UTC).timestamp()
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        text = pokerstars_text(history, 0, number=1, table="t", started=winter)
    finally:
        monkeypatch.undo()
        time.tzset()
    assert text.splitlines()[0].endswith(" - 2026/12/03 8:31:13 CET [2026/12/03 2:31:13 ET]")
    assert poker_package(text, header_only=True).date == datetime.fromtimestamp(winter, UTC)
    (parsed,) = pokerkit_hands(text)
    assert (parsed.year, parsed.month, parsed.day, str(parsed.time)) == (2026, 12, 3, "08:31:13")
    assert header_time(summer, PARIS) == "2026/07/03 19:05:09 CEST [2026/07/03 13:05:09 ET]"
    assert header_time(summer, UTC) == "2026/07/03 17:05:09 UTC [2026/07/03 13:05:09 ET]"
    tokyo = ZoneInfo("Asia/Tokyo")
    assert header_time(winter, tokyo) == "2026/12/03 16:31:13 JST [2026/12/03 2:31:13 ET]"


def test_pokerstars_missed_blinds_post_as_one_line() -> None:
    """dan sits out until the big blind has passed him, then comes back and posts: his
    missed small blind (dead) and big blind are one line, ``posts small & big blinds 3``,
    the small blind's line belongs to the player left of the button alone, and a tracker,
    the ``poker`` package and our replay agree on every chip."""
    table = Table(TableSettings(NL, seats=6, min_buy_in=100, max_buy_in=1000))
    for name in ("ann", "bob", "cat", "dan"):
        table.sit(name, name, 300)
    rng = random.Random(3)

    def deal() -> Hand:
        table.start_hand(_deck(rng))
        hand = table.hand
        assert hand is not None
        while not hand.is_complete:
            legal = hand.legal_actions()
            table.act(hand.names[legal.player], Check if legal.can_check else Call)
        return hand

    deal()
    table.finish_hand()
    table.sit_out("dan")
    while not table.seating.seats[4].missed_big:
        deal()
        table.finish_hand()
    table.sit_in("dan", post=True)
    hand = deal()
    while "dan" not in hand.names:  # not dealt in between the button and the big blind
        table.finish_hand()
        hand = deal()
    current = table.current
    assert current is not None and hand.setup.dead is not None
    dan = hand.names.index("dan")
    assert hand.setup.dead[dan] == 1 and hand.setup.forced_blinds()[dan] == 2
    history = hand_to_phh(
        hand, **seat_fields(current.seats, table.seating.size, table.seating.button)
    )
    table.finish_hand()
    text = pokerstars_text(history, dan, number=9, table="t", started=DEALT)
    posts = _posts(text)
    left_of_button = hand.names[0]
    assert f"{left_of_button}: posts small blind 1" in posts
    assert [p for p in posts if "small blind" in p] == [f"{left_of_button}: posts small blind 1"]
    assert [p for p in posts if p.startswith("dan:")] == ["dan: posts small & big blinds 3"]
    assert f"Seat 4: dan ({hand.starting[dan]} in chips)" in text
    check_text(text, history, dan, 9, DEALT)


def test_pokerstars_a_dead_small_blind_alone_is_dead_money_not_a_small_blind() -> None:
    """A player back before the big blind reaches him owes only the small blind he
    missed, dead: PokerStars has no line for it but the ante's, dead money as it is."""
    blinds, dead = (1, 2, 0, 0), (0, 0, 0, 1)
    setup = HandSetup(
        NL, NAMES[:4], (200,) * 4, blinds=blinds, dead=dead, deck_order=_deck(random.Random(4))
    )
    hand = _calls_down(setup)
    history = hand_to_phh(hand)
    text = pokerstars_text(history, 3, number=1, table="t", started=DEALT)
    assert _posts(text) == [
        "dan: posts the ante 1",
        "ann: posts small blind 1",
        "bob: posts big blind 2",
    ]
    check_text(text, history, 3, 1, DEALT)


@pytest.mark.parametrize(
    ("killer", "posts"),
    [
        ("cat", ["ann: posts small blind 1", "bob: posts big blind 2", "cat: posts straddle 4"]),
        ("dan", ["ann: posts small blind 1", "bob: posts big blind 2", "dan: posts straddle 4"]),
        ("ann", ["ann: posts straddle 4", "bob: posts big blind 2"]),
        ("bob", ["ann: posts small blind 1", "bob: posts big blind 4"]),
    ],
)
def test_pokerstars_killed_pot_keeps_its_big_blind_and_posts_the_kill_as_a_straddle(
    killer: str, posts: list[str]
) -> None:
    """A full kill of 4 at 1/2: the big blind stays ``posts big blind 2``, the kill is a
    straddle (the form trackers read for a third blind, the killer acting after it), the
    header gives the hand's own killed stakes, and the summary marks the big blind, not
    the killer; a big blind who kills posts the kill as his big blind."""
    base = HandSetup(NL, NAMES[:4], (200,) * 4, deck_order=_deck(random.Random(5)))
    hand = _calls_down(killed_setup(base, Kill(killer, 4, "required"), KillRules()))
    history = hand_to_phh(hand)
    viewer = NAMES.index(killer)
    text = pokerstars_text(history, viewer, number=2, table="t", started=DEALT)
    assert text.startswith("PokerStars Hand #2: Hold'em No Limit (1/4) - ")
    assert _posts(text) == posts
    assert re.search(r"^Seat 2: bob \(big blind\) ", text, re.MULTILINE)
    if killer != "bob":
        assert not re.search(rf"^Seat \d: {killer} \((small|big) blind\)", text, re.MULTILINE)
    assert poker_package(text).bb == 4
    check_text(text, history, viewer, 2, DEALT)


def test_pokerstars_killed_limit_pot_names_the_killed_limits() -> None:
    """A full kill at 2/4 limit (blinds 1 and 2): the header's limits are the hand's own,
    4/8, the blinds stay the table's and the kill of 4 is a straddle."""
    base = HandSetup(FL, NAMES[:5], (200,) * 5, deck_order=_deck(random.Random(6)))
    rules = KillRules()
    hand = _calls_down(killed_setup(base, Kill("dan", rules.kill_amount(FL), "voluntary"), rules))
    history = hand_to_phh(hand)
    text = pokerstars_text(history, 3, number=3, table="t", started=DEALT)
    assert text.startswith("PokerStars Hand #3: Hold'em Limit (4/8) - ")
    assert _posts(text) == [
        "ann: posts small blind 1",
        "bob: posts big blind 2",
        "dan: posts straddle 4",
    ]
    check_text(text, history, 3, 3, DEALT)


def test_pokerstars_straddle_posts_as_a_straddle() -> None:
    """A live straddle of 4: ``posts straddle 4`` after the blinds, the straddler acting
    last before the flop, every chip as a tracker counts it."""
    setup = HandSetup(NL, NAMES[:4], (200,) * 4, straddle=True, deck_order=_deck(random.Random(7)))
    hand = _calls_down(setup)
    history = hand_to_phh(hand)
    text = pokerstars_text(history, 2, number=4, table="t", started=DEALT)
    assert _posts(text) == [
        "ann: posts small blind 1",
        "bob: posts big blind 2",
        "cat: posts straddle 4",
    ]
    lines = text.splitlines()
    flop = next(i for i, line in enumerate(lines) if line.startswith("*** FLOP"))
    preflop = lines[lines.index("*** HOLE CARDS ***") + 2 : flop]
    assert preflop == ["dan: calls 4", "ann: calls 3", "bob: calls 2", "cat: checks"]
    check_text(text, history, 2, 4, DEALT)


def test_pokerstars_bomb_pot_is_antes_and_no_betting_before_the_flop() -> None:
    """A bomb pot of 10 at 1/2: everyone ``posts the ante 10``, no one acts before the
    flop, the header names the table's stakes; pokerkit, which has no words for antes,
    refuses it rather than misread it."""
    base = HandSetup(NL, NAMES[:4], (200,) * 4, deck_order=_deck(random.Random(8)))
    hand = _calls_down(as_bomb(base, 10, double_board=False))
    history = hand_to_phh(hand)
    text = pokerstars_text(history, 1, number=5, table="t", started=DEALT)
    lines = text.splitlines()
    assert ": Hold'em No Limit (1/2) - " in lines[0]
    assert _posts(text) == [f"{name}: posts the ante 10" for name in NAMES[:4]]
    dealt = lines.index("*** HOLE CARDS ***")
    assert lines[dealt + 1].startswith("Dealt to bob [")
    assert lines[dealt + 2].startswith("*** FLOP *** [")
    with pytest.raises(ValueError):
        pokerkit_hands(text)
    check_text(text, history, 1, 5, DEALT)


def test_pokerstars_seats_are_the_table_s_and_a_dead_button_stays_where_it_is() -> None:
    """Players at seats 2, 5 and 7 of a 9-seat table, the button dead on the empty seat
    4: ``9-max``, each player's own seat, ``Seat #4 is the button``; both readers place
    everyone where he sat and pokerkit plays the hand in the right order."""
    rng = random.Random(9)
    for _ in range(20):
        hand = _random_hand(NL, rng, 3)
        history = hand_to_phh(hand, **seat_fields((5, 7, 2), 9, 4))
        text = pokerstars_text(history, 0, number=6, table="t", started=DEALT)
        lines = text.splitlines()
        assert lines[1] == "Table 't' 9-max Seat #4 is the button"
        assert [line.split(" (")[0] for line in lines[2:5]] == [
            "Seat 2: cat",
            "Seat 5: ann",
            "Seat 7: bob",
        ]
        assert poker_package(text).button.name == "Empty Seat 4"
        check_text(text, history, 0, 6, DEALT)


def test_omaha_and_limit_hands_are_written_with_their_names_and_every_chip() -> None:
    """The other games PokerStars' format has: named as PokerStars names them, and what
    was collected is the whole pot."""
    stakes = Stakes(1, 2, small_bet=2, big_bet=4)
    for game, structure, title in (
        (Game.OMAHA, Structure.POT_LIMIT, "Omaha Pot Limit (1/2)"),
        (Game.OMAHA_HILO, Structure.FIXED_LIMIT, "Omaha Hi/Lo Limit (2/4)"),
        (Game.HOLDEM, Structure.FIXED_LIMIT, "Hold'em Limit (2/4)"),
        (Game.HOLDEM, Structure.POT_LIMIT, "Hold'em Pot Limit (1/2)"),
    ):
        rng = random.Random(5)
        for _ in range(20):
            hand = _random_hand(GameConfig(game, structure, stakes), rng, 4)
            history = hand_to_phh(hand)
            text = pokerstars_text(history, 0, number=1, table="t", started=DEALT)
            assert f": {title} - " in text.splitlines()[0]
            collected = sum(
                int(line.split(" collected ")[1].split()[0])
                for line in text.splitlines()
                if " collected " in line and not line.startswith("Seat")
            )
            total = int(text.split("Total pot ")[1].split()[0])
            assert collected == total == sum(hand.starting) - sum(hand.stacks) + sum(hand.won)
            check_text(text, history, 0, 1, DEALT)


def test_games_pokerstars_is_not_written_for_are_refused_with_the_reason() -> None:
    config = GameConfig(
        Game.RAZZ, Structure.FIXED_LIMIT, Stakes(0, 0, small_bet=2, big_bet=4, bring_in=1, ante=1)
    )
    hand = _random_hand(config, random.Random(2), 3)
    with pytest.raises(Unsupported, match="no PokerStars format here"):
        pokerstars_text(hand_to_phh(hand), 0, number=1, table="t", started=DEALT)
    assert parse_action("p1 f").kind == "fold"


def test_seats_that_do_not_fit_the_table_are_refused_with_the_reason() -> None:
    hand = _random_hand(NL, random.Random(2), 3)
    for fields, words in (
        ({"seats": [1, 1, 2]}, "one seat number per player"),
        ({"seats": [1, 2, 7], "seat_count": 6}, "cannot seat players"),
        ({"seats": [1, 2, 3], "seat_count": 6, "_button": 9}, "not a seat of the table"),
    ):
        with pytest.raises(Unsupported, match=words):
            pokerstars_text(hand_to_phh(hand, **fields), 0, number=1, table="t", started=DEALT)


def test_names_a_reader_could_mistake_are_made_plain_and_told_apart() -> None:
    """Two players called Sam and one called 'x: raises 50': no colon or bracket is
    left, the Sams are told apart by seat, and pokerkit reads the hand to our stacks."""
    hand = _random_hand(NL, random.Random(3), 3)
    history = hand_to_phh(hand, **seat_fields((1, 4, 6), 6, 6))
    history.players = ["Sam", "Sam", "x: raises [50]"]
    text = pokerstars_text(history, 0, number=1, table="t", started=DEALT)
    assert "Seat 1: Sam #1 (" in text and "Seat 4: Sam #4 (" in text
    assert "Seat 6: x raises 50 (" in text and "Dealt to Sam #1 [" in text
    (parsed,) = pokerkit_hands(text)
    assert list(parsed)[-1].stacks == hand.stacks


def test_the_header_names_the_table_s_stakes_when_the_small_blind_is_dead() -> None:
    """A dead small blind: only the big blind is posted, the header still says 1/2, and
    the big blind who wins the walk collected it."""
    setup = HandSetup(NL, NAMES[:3], (200, 200, 200), blinds=(0, 2, 0), first_to_act=2)
    hand = Hand(setup)
    hand.apply(Fold(2))
    hand.apply(Fold(0))
    history = hand_to_phh(hand)
    text = pokerstars_text(history, 2, number=1, table="t", started=DEALT)
    assert ": Hold'em No Limit (1/2) - " in text.splitlines()[0]
    assert "Seat 2: bob (big blind) collected (0)" in text
    for viewer in range(3):  # both readers take the empty walk as bob's
        check_text(
            pokerstars_text(history, viewer, number=1, table="t", started=DEALT),
            history,
            viewer,
            1,
            DEALT,
        )


# ----------------------------------------------------------------------------- many hands

_GAMES = (
    (Game.HOLDEM, Structure.NO_LIMIT),
    (Game.HOLDEM, Structure.NO_LIMIT),
    (Game.HOLDEM, Structure.NO_LIMIT),
    (Game.HOLDEM, Structure.POT_LIMIT),
    (Game.HOLDEM, Structure.FIXED_LIMIT),
    (Game.OMAHA, Structure.POT_LIMIT),
    (Game.OMAHA_HILO, Structure.FIXED_LIMIT),
)
_KINDS = ("plain", "plain", "plain", "ante", "straddle", "kill", "missed", "dead_small", "bomb")


def _random_setup(rng: random.Random) -> tuple[HandSetup, str]:
    """A hand of any game PokerStars' format is written for, plain or with antes, a
    straddle, a kill, missed blinds posted, a dead small blind alone, or a bomb pot."""
    game, structure = rng.choice(_GAMES)
    kind = rng.choice(_KINDS)
    ante = rng.choice((1, 2)) if kind == "ante" else 0
    config = GameConfig(game, structure, Stakes(1, 2, small_bet=2, big_bet=4, ante=ante))
    n = rng.randint(3 if kind in ("straddle", "missed", "dead_small") else 2, 9)
    if game is not Game.HOLDEM:
        n = min(n, 8)
    stacks = tuple(rng.choice((3, 40, 90, 200, 350)) for _ in range(n))
    setup = HandSetup(config, NAMES[:n], stacks, deck_order=_deck(rng))
    late = rng.randrange(2, n) if n > 2 else 1
    if kind == "straddle":
        setup = replace(setup, straddle=True)
    elif kind == "kill":
        rules = KillRules(
            size=rng.choice((KillSize.FULL, KillSize.HALF)),
            killer_acts=rng.choice(("in_turn", "last")),
        )
        killer = NAMES[rng.randrange(n)]
        reason = rng.choice(("required", "voluntary"))
        setup = killed_setup(setup, Kill(killer, rules.kill_amount(config), reason), rules)
    elif kind in ("missed", "dead_small"):
        blinds = [1, 2] + [0] * (n - 2)
        dead = [0] * n
        dead[late] = 1
        blinds[late] = 2 if kind == "missed" else 0
        setup = replace(setup, blinds=tuple(blinds), dead=tuple(dead), first_to_act=2 % n)
    elif kind == "bomb":
        setup = as_bomb(setup, rng.choice((2, 5)), double_board=False)
    return setup, kind


def _random_seats(rng: random.Random, n: int) -> dict[str, object]:
    """Seats at a table of ``n`` to 10, in the hand's order from the left of the button;
    sometimes the button dead on an empty seat."""
    size = rng.randint(n, 10)
    taken = rng.sample(range(1, size + 1), n)
    dead = n > 2 and size > n and rng.random() < 0.25
    button = rng.choice([s for s in range(1, size + 1) if s not in taken]) if dead else taken[0]
    order = sorted(taken, key=lambda s: (s - button - 1) % size)
    return seat_fields(order, size, button)


def _many_hands(count: int, seed: int) -> Iterator[tuple[int, HandHistory, Hand]]:
    rng = random.Random(seed)
    for k in range(count):
        setup, _ = _random_setup(rng)
        hand = _play(Hand(setup), rng)
        yield k, hand_to_phh(hand, **_random_seats(rng, hand.n)), hand


def test_pokerstars_every_exported_hand_reads_in_both_parsers() -> None:
    """400 random hands of hold'em and Omaha, every structure, 2 to 9 players at random
    seats of tables up to 10, plain or with antes, straddles, kills, missed blinds, dead
    small blinds and bomb pots, each exported for every player in a random time zone:
    pokerkit rebuilds the ones it reads (no-limit hold'em with blinds only, which it
    must read: at least a tenth of them) to our stacks and betting, the ``poker``
    package reads every header and every hold'em hand to its seats, stacks, cards, pot
    and winners, a tracker's count ends on our stacks, and no unshown card leaks."""
    zones = (PARIS, UTC, ZoneInfo("America/New_York"), ZoneInfo("Asia/Kolkata"))
    read = 0
    total = 0
    for k, history, hand in _many_hands(400, 11):
        started = DEALT + 3_917 * k
        for viewer in range(hand.n):
            zone = zones[(k + viewer) % len(zones)]
            text = pokerstars_text(
                history, viewer, number=k + 1, table="home", started=started, zone=zone
            )
            check_text(text, history, viewer, k + 1, started)
            read += pokerkit_reads(text)
            total += 1
    assert read * 10 >= total
