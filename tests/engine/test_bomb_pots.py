"""Bomb pots (RULES.md "Bomb pots"): antes from all, no pre-flop betting, two boards, and
the table's schedule, button, kill legs, restarts and voids around them."""

from __future__ import annotations

import json
import random

import pytest
from helpers import assert_conserved, config, new_hand, of_type, play

from bot.engine.actions import AgreeRuns, AllIn, Call, Check, Fold, Raise
from bot.engine.bombpot import BombRules, bomb_rules_from
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import ConfigError, IllegalAction
from bot.engine.events import BoardDealt, BombPot, Mucked, Posted, PotAwarded, Shown, StreetEnded
from bot.engine.hand import Phase
from bot.engine.kills import ButtonState, Kill, KillRules
from bot.engine.table import Table, TableSettings
from bot.phh.convert import hand_to_phh
from bot.phh.notation import dumps_phh, load_phh
from bot.phh.replay import play_history

NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
BOMB = {"blinds": (0, 0, 0), "antes": (10, 10, 10), "dead_antes": False, "bomb": True}
# hole cards in hand order, then the flop, turn and river (the second board's after each)
CARDS = ["As", "Ah", "Ks", "Kh", "2c", "7d"]


NO_BOMBS = BombRules()


def _table(bomb: BombRules = NO_BOMBS, **options: object) -> Table:
    settings = TableSettings(
        NL,
        seats=6,
        min_buy_in=100,
        max_buy_in=1000,
        bomb=bomb,
        **options,  # type: ignore[arg-type]
    )
    table = Table(settings)
    for name in ("ann", "bob", "cat"):
        table.seating.sit(name, name.title(), 500)
    return table


def _check_down(table: Table) -> None:
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        legal = hand.legal_actions()
        table.act(hand.names[legal.player], Check if legal.can_check else Call)
    table.finish_hand()


def test_bomb_pot_everyone_antes_and_the_betting_starts_on_the_flop() -> None:
    hand = new_hand(config(sb=1, bb=2), [500, 500, 500], [*CARDS, "Qd", "Jd", "3c"], **BOMB)
    assert of_type(hand.events, BombPot) == [BombPot(10, 1)]
    assert hand.pot_total() == 30 and hand.stacks == [490, 490, 490]
    assert hand.board == ["Qd", "Jd", "3c"]  # no pre-flop round: the flop is out at once
    assert of_type(hand.events, StreetEnded)[0].street == 0
    legal = hand.legal_actions()
    assert legal.player == 0  # left of the button first, as on every street after the flop
    assert legal.can_check and legal.min_raise_to == 2  # a bet is at least the big blind
    play(hand, Raise(0, 20), Fold(1), Fold(2))
    assert hand.is_complete and hand.stacks == [520, 490, 490]
    assert_conserved(hand)


def test_bomb_pot_an_all_in_on_the_flop_is_tabled_before_the_run_it_twice_vote() -> None:
    """RULES.md "Showdown" in a bomb pot: an all-in called on the flop turns every live hand
    up before the turn and the river, and before the players choose how many runs."""
    cards = [*CARDS, "Qd", "Jd", "3c"]
    hand = new_hand(config(sb=1, bb=2), [500, 500, 500], cards, offer_runs=True, **BOMB)
    events = play(hand, AllIn(0), Call(1), Fold(2))
    assert hand.phase is Phase.RUNS_VOTE and hand.board == ["Qd", "Jd", "3c"]
    assert {e.player: e.cards for e in of_type(events, Shown)} == {
        0: ("As", "Ah"),
        1: ("Ks", "Kh"),
    }
    for _ in range(2):
        assert hand.to_act is not None
        events = play(hand, AgreeRuns(hand.to_act, 2))
    assert hand.is_complete and of_type(hand.events, Mucked) == []


def test_bomb_pot_a_short_stack_is_all_in_for_his_ante_and_wins_only_the_main_pot() -> None:
    cards = [*CARDS[:4], "Qc", "Qh", "Qd", "Js", "3c", "8d", "9h"]  # c makes three queens
    hand = new_hand(config(sb=1, bb=2), [500, 500, 6], cards, **BOMB)
    assert hand.stacks == [490, 490, 0]
    play(hand, Raise(0, 50), Call(1))
    while not hand.is_complete:
        play(hand, Check(hand.legal_actions().player))
    awards = of_type(hand.events, PotAwarded)
    assert [(a.pot, a.amount, a.winners) for a in awards] == [
        (0, 18, ((2, 18),)),
        (1, 108, ((0, 108),)),
    ]
    assert hand.stacks == [548, 440, 18]


def test_double_board_deals_two_boards_each_deciding_half_of_the_pot() -> None:
    # board 1 gives b trip kings; board 2 gives a trip aces
    cards = [*CARDS, "Kd", "5c", "9s", "Ad", "6c", "8s", "3h", "3d", "4h", "4d"]
    hand = new_hand(config(sb=1, bb=2), [500, 500, 500], cards, **BOMB, boards=2)
    assert of_type(hand.events, BombPot) == [BombPot(10, 2)]
    assert hand.board == ["Kd", "5c", "9s"] and hand.second_board == ["Ad", "6c", "8s"]
    dealt = of_type(hand.events, BoardDealt)
    assert [(d.run, d.double_board) for d in dealt] == [(0, True), (1, True)]
    while not hand.is_complete:
        play(hand, Check(hand.legal_actions().player))
    awards = of_type(hand.events, PotAwarded)
    assert [(a.run, a.amount, a.winners, a.double_board) for a in awards] == [
        (0, 15, ((1, 15),), True),
        (1, 15, ((0, 15),), True),
    ]
    assert hand.stacks == [505, 505, 490]
    assert hand.rabbit_openings() == []  # two boards' next cards are no one board


def test_bomb_pot_history_replays_both_boards_from_its_phh() -> None:
    cards = [*CARDS, "Kd", "5c", "9s", "Ad", "6c", "8s", "3h", "3d", "4h", "4d"]
    hand = new_hand(config(sb=1, bb=2), [500, 500, 500], cards, **BOMB, boards=2)
    play(hand, Raise(0, 20), Call(1), Fold(2))
    while not hand.is_complete:
        play(hand, Check(hand.legal_actions().player))
    flop = hand.log.index("d db Kd5c9sAd6c8s")  # the flop line deals both boards
    assert hand.log[flop + 1] == "p1 cbr 20"
    text = dumps_phh(hand_to_phh(hand))
    replayed, index, error = play_history(load_phh(text))
    assert (index, error) == (None, None)
    assert replayed.stacks == hand.stacks and replayed.second_board == hand.second_board


def test_bomb_pots_are_dealt_only_in_flop_games() -> None:
    with pytest.raises(ConfigError, match="no flop"):
        new_hand(
            config(
                sb=0,
                bb=0,
                game=Game.RAZZ,
                structure=Structure.FIXED_LIMIT,
                small_bet=10,
                big_bet=20,
                bring_in=3,
            ),
            [100, 100, 100],
            **BOMB,
        )
    table = _table()
    table.settings = TableSettings(
        GameConfig(Game.DEUCE_TRIPLE, Structure.NO_LIMIT, Stakes(1, 2)),
        seats=6,
        min_buy_in=100,
        max_buy_in=1000,
    )
    with pytest.raises(IllegalAction, match="no flop"):
        table.call_bomb()


def test_the_host_calls_a_bomb_the_button_stays_and_the_blinds_come_after_it() -> None:
    table = _table()
    rng = random.Random(5)
    table.start_hand(Deck(rng=rng).order)
    _check_down(table)
    button, big_blind = table.seating.button, table.seating.big_blind
    with pytest.raises(IllegalAction, match="1 to 1000"):
        table.call_bomb(1001)
    assert table.call_bomb() == 2  # the big blind when the house set no bomb ante
    table.start_hand(Deck(rng=rng).order)
    hand = table.hand
    assert hand is not None and hand.setup.bomb and hand.pot_total() == 6
    _check_down(table)
    assert (table.seating.button, table.seating.big_blind) == (button, big_blind)
    table.start_hand(Deck(rng=rng).order)
    hand = table.hand
    assert hand is not None and not hand.setup.bomb  # one called bomb, then play on
    assert sum(hand.bets) == 3  # the blinds the bomb pot did not take
    assert table.seating.button != button


def test_set_bomb_every_n_hands_deals_one_after_every_n() -> None:
    table = _table(BombRules(10, 3, False))
    rng = random.Random(2)
    bombs = []
    for _ in range(8):
        table.start_hand(Deck(rng=rng).order)
        assert table.hand is not None
        bombs.append(table.hand.setup.bomb)
        _check_down(table)
    assert bombs == [False, False, False, True, False, False, False, True]
    assert sum(s.stack for s in table.seated()) == 1500


def test_set_bomb_words_give_the_legal_forms() -> None:
    rules = bomb_rules_from("10 every 12", BombRules(), 1000)
    assert rules == BombRules(10, 12, False)
    assert bomb_rules_from("double on", rules, 1000) == BombRules(10, 12, True)
    assert bomb_rules_from("off", BombRules(10, 12, True), 1000) == BombRules(0, 0, True)
    assert bomb_rules_from("every 5", rules, 1000) == BombRules(10, 5, False)
    for bad in ("abc", "-5", "1e9", "0 every 3", "10 every 0", "10 every 501", "2000", "every"):
        with pytest.raises(IllegalAction, match="bomb"):
            bomb_rules_from(bad, rules, 1000)


@pytest.mark.parametrize(
    ("words", "not_"),
    [("double maybe", ", not 'maybe'"), ("double", ""), ("double on now", ", not 'on now'")],
)
def test_set_bomb_double_is_refused_with_its_own_usage_first(words: str, not_: str) -> None:
    """``set bomb double maybe`` was refused as if 'double' were an ante ("a bomb pot's
    ante is 1 to 1000 chips, not 'double'"): it is refused with how the double board is
    set, first; the rules stay as they were."""
    rules = BombRules(10, 12, False)
    with pytest.raises(IllegalAction) as refused:
        bomb_rules_from(words, rules, 1000)
    assert str(refused.value) == (
        f"set bomb double on|off: bomb pots with two boards (on) or one (off){not_}"
    )


def test_bomb_pot_neither_wins_nor_loses_a_kill_leg_and_waits_past_a_kill() -> None:
    table = _table(BombRules(10, 0, False), kill=KillRules())
    rng = random.Random(9)
    table.start_hand(Deck(rng=rng).order)
    hand = table.hand
    assert hand is not None
    # the first to act raises and everyone folds: he has a leg up
    table.act(hand.names[hand.legal_actions().player], lambda i: Raise(i, 10))
    while not hand.is_complete:
        table.act(hand.names[hand.legal_actions().player], Fold)
    table.finish_hand()
    before = table.kill_button()
    assert before is not None and before.state is ButtonState.LEG_UP
    table.call_bomb()
    table.start_hand(Deck(rng=rng).order)
    assert table.hand is not None and table.hand.setup.bomb
    _check_down(table)
    assert table.kill_button() == before  # the leg stands as it was
    table.call_bomb()
    table.start_hand(Deck(rng=rng).order, kill_offer=Kill("bob", 0, "voluntary"))
    hand = table.hand
    assert hand is not None and hand.setup.kill is not None and not hand.setup.bomb
    assert table.bomb_called == 10  # the killed pot is dealt first; the bomb waits
    _check_down(table)
    for _ in range(10):  # a kill the killed pot made due is dealt before the bomb too
        table.start_hand(Deck(rng=rng).order)
        hand = table.hand
        assert hand is not None and hand.setup.bomb == (hand.setup.kill is None)
        if hand.setup.bomb:
            break
        _check_down(table)
    assert hand.setup.bomb and table.bomb_called == 0


def test_a_bomb_pot_survives_a_restart_and_a_void_deals_it_again() -> None:
    table = _table(BombRules(10, 0, True))
    rng = random.Random(4)
    table.call_bomb()
    table.start_hand(Deck(rng=rng).order)
    hand = table.hand
    assert hand is not None and hand.setup.boards == 2
    table.act(hand.names[0], lambda i: Raise(i, 30))
    restored = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    again = restored.hand
    assert again is not None and again.second_board == hand.second_board
    assert again.pot_total() == hand.pot_total() == 60 and again.to_act == hand.to_act
    restored.void_hand()
    assert restored.bomb_called == 10
    restored.start_hand(Deck(rng=rng).order)
    assert restored.hand is not None and restored.hand.setup.bomb
    assert [s.stack for s in restored.seated()] == [500, 500, 500]


def test_a_bomb_pot_is_played_around_the_button_as_it_stands() -> None:
    """The button does not move: the bomb pot's order starts left of the button the table
    shows (the last hand's), the button acts last on the flop, and the hand after it moves
    the button on from there, as it would have without the bomb pot."""
    table = _table()
    rng = random.Random(5)
    table.start_hand(Deck(rng=rng).order)
    _check_down(table)
    button = table.seating.button
    assert button is not None
    holder = table.seating.seats[button].player_id
    table.call_bomb()
    table.start_hand(Deck(rng=rng).order)
    hand = table.hand
    assert hand is not None and hand.setup.bomb
    assert hand.names[-1] == holder and table.seating.button == button
    assert hand.legal_actions().player == 0
    _check_down(table)
    table.start_hand(Deck(rng=rng).order)
    assert table.hand is not None and table.hand.names[-1] != holder  # it moves on now


def test_a_heads_up_bomb_pot_has_the_button_act_last_on_the_flop() -> None:
    table = _table()
    table.seating.leave("cat")
    rng = random.Random(5)
    table.start_hand(Deck(rng=rng).order)
    _check_down(table)
    holder = table.seating.seats[table.seating.button or 0].player_id
    table.call_bomb()
    table.start_hand(Deck(rng=rng).order)
    hand = table.hand
    assert hand is not None and hand.names == tuple(p for p in ("ann", "bob") if p != holder) + (
        holder,
    )
    assert hand.names[hand.legal_actions().player] != holder


def test_everyone_all_in_from_the_antes_sees_one_flop_before_running_it_twice() -> None:
    """The hole cards and the flop are dealt together: a vote on running the board twice
    comes after the flop, for the turn and river only."""
    cfg = config(sb=1, bb=2)
    hand = new_hand(cfg, [10, 10, 10], CARDS + ["Qd", "Jd", "3c"], offer_runs=True, **BOMB)
    assert hand.board == ["Qd", "Jd", "3c"]
    assert hand.phase.value == "runs_vote"


def test_an_ante_no_one_can_match_is_not_taken() -> None:
    """The largest ante is cut to the next largest: chips no one else put in are not a
    pot (as an uncalled bet is returned)."""
    hand = new_hand(config(sb=1, bb=2), [200, 100, 50], CARDS, **{**BOMB, "antes": (200, 200, 200)})
    posted = [(e.player, e.amount, e.all_in) for e in of_type(hand.events, Posted)]
    assert posted == [(0, 100, False), (1, 100, True), (2, 50, True)]
    assert hand.is_complete and sum(hand.stacks) == 350  # all-in: dealt out at once
    assert not any(a.winners == ((0, 100),) for a in of_type(hand.events, PotAwarded))


def test_void_keeps_a_bomb_called_during_the_hand_and_a_schedule_counts_from_when_set() -> None:
    table = _table()
    rng = random.Random(6)
    table.start_hand(Deck(rng=rng).order)
    table.call_bomb(10)
    table.void_hand()
    assert table.bomb_called == 10
    table.start_hand(Deck(rng=rng).order)
    assert table.hand is not None and table.hand.setup.bomb
    _check_down(table)
    for _ in range(3):
        table.start_hand(Deck(rng=rng).order)
        _check_down(table)
    table.set_bomb_rules(BombRules(10, 3, False))
    bombs = []
    for _ in range(4):
        table.start_hand(Deck(rng=rng).order)
        assert table.hand is not None
        bombs.append(table.hand.setup.bomb)
        _check_down(table)
    assert bombs == [False, False, False, True]


def test_a_called_bomb_is_cancelled_and_a_table_without_a_flop_game_takes_no_schedule() -> None:
    table = _table()
    table.call_bomb(10)
    table.cancel_bomb()
    table.start_hand(Deck(rng=random.Random(1)).order)
    assert table.hand is not None and not table.hand.setup.bomb
    razz = GameConfig(
        Game.RAZZ, Structure.FIXED_LIMIT, Stakes(0, 0, small_bet=2, big_bet=4, bring_in=1, ante=1)
    )
    table.settings = TableSettings(razz, seats=6, min_buy_in=100, max_buy_in=1000)
    with pytest.raises(IllegalAction, match="no flop"):
        table.set_bomb_rules(BombRules(10, 3, False))


@pytest.mark.parametrize(
    "structure", [Structure.NO_LIMIT, Structure.FIXED_LIMIT, Structure.POT_LIMIT]
)
def test_a_bomb_pots_history_keeps_its_stakes_and_replays(structure: Structure) -> None:
    """The blinds are the table's though no one posted them: the history names the stakes
    and a fixed-limit bomb pot replays."""
    from bot.words.handtext import game_label

    cfg = config(structure=structure, sb=1, bb=2, small_bet=2, big_bet=4)
    hand = new_hand(cfg, [200, 200, 200], CARDS, **BOMB)
    while not hand.is_complete:
        play(hand, Check(hand.legal_actions().player))
    history = hand_to_phh(hand)
    assert game_label(history).endswith(
        " 1/2" if structure is not Structure.FIXED_LIMIT else " 2/4"
    )
    replayed, index, error = play_history(load_phh(dumps_phh(history)))
    assert (index, error) == (None, None) and replayed.stacks == hand.stacks


def test_a_double_board_history_tells_each_board_apart() -> None:
    from bot.words.handtext import hand_lines

    cards = [*CARDS, "Kd", "5c", "9s", "Ad", "6c", "8s", "3h", "3d", "4h", "4d"]
    hand = new_hand(config(sb=1, bb=2), [500, 500, 500], cards, **BOMB, boards=2)
    while not hand.is_complete:
        play(hand, Check(hand.legal_actions().player))
    lines = hand_lines(hand_to_phh(hand), 0)
    assert "Flop, board 1: K♦ 5♣ 9♠ · board 2: A♦ 6♣ 8♠" in lines
    assert "River, board 1: 4♥ · board 2: 4♦" in lines
