"""Rules of docs/rules.md that no other test proved on its own.

Each test plays the rule through the engine (or, for the session rule, the service) and
checks what the rule decides: stacks, pots, whose turn it is and the legal range.
"""

from __future__ import annotations

import random

import pytest
from helpers import config, legal, new_hand, of_type, play, refused

from bot.engine.actions import Call, Check, Discard, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.events import Mucked, OpenersVerified, Posted, PotAwarded, PotKilled, Shown
from bot.engine.hand import Hand, HandSetup, Phase
from bot.engine.kills import ButtonState, Kill, KillButton, KillRules
from bot.engine.rotation import MIXES, Rotation
from bot.engine.seating import SeatStatus
from bot.engine.table import Table, TableSettings
from bot.words.commands import EndSession, Sit, Start
from bot.words.legalwords import legal_text
from storage.db import Database

NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
LIMIT_A5 = GameConfig(
    Game.ACE_TO_FIVE, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20)
)
JACKS = GameConfig(
    Game.JACKS, Structure.FIXED_LIMIT, Stakes(0, 0, ante=5, small_bet=10, big_bet=20)
)

# hold'em, three players in hand order (a small blind, b big blind, c button), then a dry
# board: b's aces beat a's sevens and c's queens
HOLES = ["7c", "7d", "As", "Ah", "Qc", "Qd"]
BOARD = ["Kd", "9s", "4h", "2s", "5c"]


def _draw_hand(cfg: GameConfig, hands: list[str], stacks: tuple[int, ...]) -> Hand:
    """A draw hand whose players are dealt ``hands`` (five cards each) in hand order."""
    order = [c for hand in hands for c in hand.split()]
    deck = Deck.stacked(order, rng=random.Random(3)).order
    names = ("a", "b", "c", "d")[: len(hands)]
    return Hand(HandSetup(cfg, names, stacks, deck_order=deck))


def _table(**options: object) -> Table:
    settings = TableSettings(NL, seats=9, min_buy_in=100, max_buy_in=1000, **options)  # type: ignore[arg-type]
    return Table(settings)


def _finish(table: Table) -> None:
    """Everyone checks or folds to the end of the hand in play; the table settles it."""
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        player = hand.names[hand.to_act or 0]
        table.act(player, Check if hand.legal_actions().can_check else Fold)
    table.finish_hand()


def test_showdown_the_hand_that_wins_a_called_showdown_is_always_shown() -> None:
    """Showdown (docs/rules.md): whoever wins a called showdown has his hand turned up for
    all to see. When the caller wins, his aces are turned up after the bettor's losing
    hand; when the bettor wins, his hand is turned up and the beaten caller mucks. The pot
    goes to the hand that was shown."""
    h = new_hand(config(), [1000, 1000, 1000], [*HOLES, *BOARD])
    play(h, Fold(2), Call(0), Check(1))
    play(h, Check(0), Check(1), Check(0), Check(1))
    events = play(h, Raise(0, 100), Call(1))
    shown = {e.player: e.cards for e in of_type(events, Shown)}
    assert shown[1] == ("As", "Ah") and 0 in shown
    [award] = of_type(events, PotAwarded)
    assert award.winners == ((1, 400),)
    assert h.stacks == [800, 1200, 1000]

    h = new_hand(config(), [1000, 1000, 1000], [*HOLES, *BOARD])
    play(h, Fold(2), Call(0), Check(1))
    play(h, Check(0), Check(1), Check(0), Check(1), Check(0))
    events = play(h, Raise(1, 100), Call(0))
    assert [e.player for e in of_type(events, Shown)] == [1]
    assert [e.player for e in of_type(events, Mucked)] == [0]
    assert h.stacks == [800, 1200, 1000]


def test_000_nl_8_9_the_command_is_the_amount_and_a_call_is_never_short() -> None:
    """000 NL §8-§9 (rules written for physical cards): the typed command fixes the amount,
    and a call always pays exactly what is owed, so there is no spoken amount to correct a
    bet to and no short call to make good: raise to 350 puts in exactly 350, and each call
    of it exactly what that caller still lacks."""
    h = new_hand(config(), [1000, 1000, 1000])
    play(h, Raise(2, 350))
    assert h.stacks == [950, 900, 650] and h.bets == [50, 100, 350]
    assert legal(h) == (600, 1000, 300)
    play(h, Call(0))
    assert h.stacks == [650, 900, 650] and h.bets == [350, 100, 350]
    play(h, Call(1))
    assert h.stacks == [650, 650, 650] and h.pot_total() == 1050


def test_check_raise_house_option_off_forbids_raising_after_a_check() -> None:
    """House option ``check_raise`` (004 NL lowball §5 allows check-raise, the default):
    when the house turns it off, a player who checked may only call or fold a later bet on
    the same round; with the default he may raise."""
    for allowed in (True, False):
        h = new_hand(config(check_raise=allowed), [1000, 1000, 1000])
        play(h, Call(2), Call(0), Check(1))
        play(h, Check(0), Raise(1, 100), Call(2))
        assert h.to_act == 0
        low, high, call = legal(h)
        assert call == 100
        if allowed:
            assert (low, high) == (200, 900)
        else:
            assert (low, high) == (None, None)
            refused(h, Raise(0, 200), "may not")


def test_000_nl_15_timeouts_in_a_row_sit_the_player_out() -> None:
    """000 NL §15 (the turn timer): when a player's time runs out the timer checks if that
    is free, else folds; after ``timeouts_to_sit_out`` time-outs in a row he is sat out once
    the hand ends and is not dealt the next one."""
    table = _table(timeouts_to_sit_out=2)
    for seat, name in ((1, "ann"), (2, "bob"), (3, "cat")):
        table.seating.sit(name, name.title(), 500, seat)
    table.start_hand(Deck(rng=random.Random(0)).order)
    hand = table.hand
    assert hand is not None
    slow = hand.names[hand.to_act or 0]
    assert hand.legal_actions().call_amount == 2
    _, out = table.time_out(slow)
    assert not out and hand.folded[hand.names.index(slow)]  # facing the big blind: folded
    _finish(table)
    table.start_hand(Deck(rng=random.Random(1)).order)
    hand = table.hand
    assert hand is not None
    while hand.names[hand.to_act or 0] != slow:
        player = hand.names[hand.to_act or 0]
        table.act(player, Call if hand.legal_actions().call_amount else Check)
    can_check = hand.legal_actions().can_check
    _, out = table.time_out(slow)
    index = hand.names.index(slow)
    assert out and hand.folded[index] is not can_check  # checked when free, else folded
    _finish(table)
    seat = table.seating.seat_of(slow)
    assert seat is not None and seat.status is SeatStatus.SITTING_OUT
    table.start_hand(Deck(rng=random.Random(2)).order)
    assert slow not in table.dealt and len(table.dealt) == 2


def test_000_kill_12_a_waiting_player_kills_to_come_in_at_once() -> None:
    """000 kill §12 with the kill preamble of source 000 (a kill to come in): a newcomer
    who would have to wait for his big blind kills the coming deal instead and is dealt
    straight in. He posts the kill alone, the hand plays at the killed stakes, and since
    he kills under the gun he acts after the big blind. A newcomer seated between the
    button and the big blind cannot use this route."""
    table = _table(kill=KillRules())
    for seat, name in ((1, "ann"), (2, "bob"), (4, "cat"), (5, "dan")):
        table.seating.sit(name, name.title(), 500, seat)
    table.start_hand(Deck(rng=random.Random(0)).order)
    _finish(table)  # button 1, small blind 2, big blind 4: next, button 2 and big blind 5
    table.seating.sit("eve", "Eve", 500, 3)
    with pytest.raises(IllegalAction, match="between the button and the big blind"):
        table.announce_kill("eve", announced=False)
    table.seating.sit("fay", "Fay", 500, 7)
    assert table.announce_kill("fay", announced=False) == "come_in"
    events = table.start_hand(
        Deck(rng=random.Random(1)).order, kill_offer=Kill("fay", 0, "come_in")
    )
    hand = table.hand
    assert hand is not None and "fay" in hand.names and "eve" not in hand.names
    posted = [(hand.names[e.player], e.kind, e.amount) for e in of_type(events, Posted)]
    assert posted == [("cat", "small_blind", 1), ("dan", "big_blind", 2), ("fay", "kill", 4)]
    assert [(e.amount, e.reason) for e in of_type(events, PotKilled)] == [(4, "come_in")]
    assert hand.names[hand.to_act or 0] == "ann"
    assert legal_text(hand.legal_actions()) == "fold, call 4 or raise to 8 to 500 (all-in)"


async def test_000_kill_6_a_kill_owed_and_a_leg_carry_into_the_next_session(db: Database) -> None:
    """Kill pots (ending the night does not reset the button) and 000 kill §6: after the
    host ends the session a leg up is still up, and a kill that was owed is posted in the
    first hand of the following session, the others facing the kill."""
    from tests.service.support import ANN, BOB, CAT, kill_settings, open_service

    service, _ = await open_service(db)
    table_id = await service.create_table("srv", "chan", ANN, kill_settings())
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    table = service.tables[table_id].table
    assert table.kills is not None
    table.kills.button = KillButton(ButtonState.LEG_UP, CAT.id)
    first = service.tables[table_id].session_id
    await service.handle(table_id, ANN, EndSession())
    table = service.tables[table_id].table
    assert service.tables[table_id].session_id != first
    assert table.kills is not None and table.kills.button.summary()["holder"] == CAT.id
    assert table.kills.button.state is ButtonState.LEG_UP
    table.kills.button = KillButton(ButtonState.KILLED, BOB.id, 20)
    await service.handle(table_id, ANN, EndSession())
    await service.handle(table_id, ANN, Start())
    hand = service.tables[table_id].table.hand
    assert hand is not None and hand.setup.kill == Kill(BOB.id, 20, "required")
    bob = hand.names.index(BOB.id)
    assert hand.contributed[bob] == 20 and hand.legal_actions().call_amount == 20


def test_002_games_of_rounds_hose_hoe_and_roe_deal_their_games_in_order() -> None:
    """002 games of rounds: the HOSE, HOE and ROE rotations deal their games in the order
    the mix names them (see the table in docs/rules.md). With two players active, each
    game is dealt twice before the next one starts, and the rotation wraps round."""
    expected = {
        "hose": [Game.HOLDEM, Game.OMAHA_HILO, Game.STUD, Game.STUD_HILO],
        "hoe": [Game.HOLDEM, Game.OMAHA_HILO, Game.STUD_HILO],
        "roe": [Game.RAZZ, Game.OMAHA_HILO, Game.STUD_HILO],
    }
    for name, games in expected.items():
        rotation = Rotation(MIXES[name])
        dealt = [rotation.deal(2) for _ in range(2 * len(games) + 2)]
        assert dealt == [g for g in games for _ in range(2)] + [games[0]] * 2


def test_004_jacks_11_a_caller_who_cannot_beat_openers_loses_his_call() -> None:
    """004 jacks §11: a player who calls the opener after the draw and cannot beat openers
    does not get his bet back: the opener's jacks take the whole pot, antes included, and
    the openers are verified."""
    h = _draw_hand(JACKS, ["Jc Jd 4h 7s 9c", "Tc Td 2h 3s 5c"], (500, 500))
    assert h.to_act == 0
    play(h, Raise(0, 10), Call(1))
    assert h.phase is Phase.DRAWING
    play(h, Discard(0, ()), Discard(1, ()))
    events = play(h, Raise(0, 20), Call(1))
    [award] = of_type(events, PotAwarded)
    assert award.winners == ((0, 70),)
    assert of_type(events, OpenersVerified) == [OpenersVerified(0)]
    assert h.stacks == [535, 465]


def test_rules_limit_ace_to_five_has_no_sevens_rule() -> None:
    """Draw and lowball: limit ace-to-five plays like no-limit lowball after the draw (004
    NL lowball §4): any hand may be checked with no penalty, so a player who checks a 6-4
    low and calls a bet still wins the bet with the rest of the pot."""
    hands = ["Ac 2d 3h 4s 6c", "8c 8d 9h Ts Jc", "Kh Kd Qc Qs Jh"]
    h = _draw_hand(LIMIT_A5, hands, (1000, 1000, 1000))
    play(h, Call(2), Call(0), Check(1))
    play(h, Discard(0, ()), Discard(1, ()), Discard(2, ()))
    play(h, Check(0))
    assert legal(h) == (20, 20, 0)  # the big bet after the draw
    events = play(h, Raise(1, 20), Fold(2), Call(0))
    [award] = of_type(events, PotAwarded)
    assert award.winners == ((0, 70),)
    assert h.stacks == [1040, 970, 990]


def test_house_options_start_at_the_rulebook_defaults() -> None:
    """Money and betting structures: the house options start at the rulebook's defaults:
    bet unit 1, a bet and three raises in limit with no cap heads-up, no pot rounding, the
    small blind not counted as big, no opening multiple or cap, short raises refused,
    straddles and check-raise allowed, no joker."""
    assert HouseRules() == HouseRules(
        bet_unit=1,
        raise_cap=3,
        cap_heads_up=False,
        pot_rounding_unit=0,
        small_blind_counts_as_big=False,
        max_open_multiple=0,
        pot_cap=0,
        raise_short_to_minimum=False,
        straddle_allowed=True,
        check_raise=True,
        joker=False,
    )
    rules = KillRules()
    assert (rules.size.value, rules.killer_acts, rules.split, rules.walk) == (
        "full",
        "in_turn",
        "keep",
        "keep",
    )
    assert (rules.nonqualifying, rules.missed, rules.pot_counts) == (
        "neutral",
        "may_next",
        "main",
    )
    assert (rules.voluntary, rules.objection_seconds, rules.require_flop) == (True, 15, False)


def test_000_nl_14_no_straddle_heads_up() -> None:
    """000 NL §14: only the seat after the big blind may straddle. Heads-up that seat is
    the button, who already posts the small blind, so no straddle is dealt: every ask
    lapses, just the blinds go in and the button acts first."""
    table = _table()
    for seat, name in ((1, "ann"), (2, "bob")):
        table.seating.sit(name, name.title(), 500, seat)
    table.start_hand(Deck(rng=random.Random(0)).order, straddle_asked={"ann", "bob"})
    hand = table.hand
    assert hand is not None
    assert sorted(hand.bets) == [1, 2] and hand.pot_total() == 3
    assert set(table.straddle_lapsed) == {"ann", "bob"}
    button = hand.names[1]
    assert hand.names[hand.to_act or 0] == button
    assert legal_text(hand.legal_actions()) == "fold, call 1 or raise to 4 to 500 (all-in)"
