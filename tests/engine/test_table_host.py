"""Host changes to a table between deals: a void redeals the same deal, a pot carried from
passed-out jacks deals goes back to who anted it, and a new game or new stakes start the
kill button neutral (000 kill §1a)."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine.actions import Check, Fold, Raise
from bot.engine.cards import Deck, parse_cards
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.kills import ButtonState, KillRules
from bot.engine.regame import changed_settings
from bot.engine.seating import SeatStatus
from bot.engine.table import Table, TableSettings

NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
JACKS = GameConfig(
    Game.JACKS, Structure.FIXED_LIMIT, Stakes(0, 0, ante=5, small_bet=10, big_bet=20)
)
NO_OPENERS = parse_cards("Ah Kh 5c 7d 9s Td Ts Ac Kc Qh 2c 3c 4d 6d 8s")


def _table(config: GameConfig = NL, players: int = 4, **options: object) -> Table:
    settings = TableSettings(config, seats=6, min_buy_in=100, max_buy_in=1000, **options)  # type: ignore[arg-type]
    table = Table(settings)
    for name in ("ann", "bob", "cat", "dan")[:players]:
        table.seating.sit(name, name.title(), 500)
    return table


def _deal_shape(table: Table) -> tuple[object, ...]:
    current = table.current
    assert current is not None
    setup = current.setup
    return (table.seating.button, current.seats, setup.names, setup.blinds, setup.dead)


def _chips(table: Table) -> int:
    return sum(s.stack for s in table.seating.seats.values()) + table.carried


def test_void_redeals_the_same_deal_with_the_same_button_and_blinds() -> None:
    """Host control, void: the hand is voided as if it had not
    been dealt: every chip back, and the next deal has the same button, the same players
    and the same blinds (dead-button rule, 000 NL §16's table stakes untouched)."""
    rng = random.Random(3)
    table = _table()
    _fold_around(table, 3)
    stacks = {s.player_id: s.stack for s in table.seating.seats.values()}
    seats_before = table.seating.to_dict()
    table.start_hand(Deck(rng=rng).order)
    dealt = _deal_shape(table)
    assert table.seating.button != seats_before["button"]  # the deal moved the button
    hand = table.hand
    assert hand is not None
    table.act(hand.names[hand.to_act or 0], lambda i: Raise(i, 10))
    table.void_hand()
    assert table.current is None
    assert table.seating.to_dict() == seats_before
    assert {s.player_id: s.stack for s in table.seating.seats.values()} == stacks
    table.start_hand(Deck(rng=rng).order)
    assert _deal_shape(table) == dealt
    assert table.hand_number == 3  # the voided hand keeps its number


def _fold_around(table: Table, seed: int) -> None:
    table.start_hand(Deck(rng=random.Random(seed)).order)
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        legal = hand.legal_actions()
        table.act(hand.names[legal.player], Check if legal.can_check else Fold)
    table.finish_hand()


def test_void_keeps_the_blinds_a_sitting_out_player_owes_and_survives_a_restart() -> None:
    """The big blind passing a player who sits out charges him the blinds he missed
    (dead-button rule); voiding that deal takes the charge back. The table saved mid-hand
    and restored voids the same way."""
    table = _table()
    table.start_hand(Deck(rng=random.Random(1)).order)
    table.void_hand()  # the first deal, voided: the table is as new
    assert table.seating.button is None and table.seating.big_blind is None
    _fold_around(table, 1)
    assert table.seating.big_blind == 3
    table.seating.sit_out("dan")  # the big blind would be his next
    table.start_hand(Deck(rng=random.Random(2)).order)
    dan = table.seating.seat_of("dan")
    assert dan is not None and dan.missed_big and dan.missed_small
    first = _deal_shape(table)
    restored = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    for t in (table, restored):
        t.void_hand()
        dan = t.seating.seat_of("dan")
        assert dan is not None and dan.status is SeatStatus.SITTING_OUT
        assert not dan.missed_big and not dan.missed_small
        assert t.seating.big_blind == 3
        t.start_hand(Deck(rng=random.Random(2)).order)
        assert _deal_shape(t) == first


def test_void_leaves_the_kill_button_as_it_was() -> None:
    """Voiding a killed hand withdraws the kill; the button is unchanged, so the redeal is
    killed again by the same player (000 kill §6: a required kill is still owed)."""
    rules = KillRules()
    table = _table(kill=rules)
    assert table.kills is not None
    table.kills.button.state = ButtonState.KILLED
    table.kills.button.holder = "bob"
    table.kills.button.amount = 4
    saved = table.kills.button.to_dict()
    table.start_hand(Deck(rng=random.Random(5)).order)
    assert table.current is not None and table.current.setup.kill is not None
    table.void_hand()
    assert table.kills.button.to_dict() == saved
    table.start_hand(Deck(rng=random.Random(5)).order)
    kill = table.current.setup.kill
    assert kill is not None and kill.killer == "bob" and kill.amount == 4


def _pass_out(table: Table, seed: int) -> None:
    table.start_hand(Deck.stacked(NO_OPENERS, rng=random.Random(seed)).order)
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        table.act(hand.names[hand.legal_actions().player], Check)
    assert hand.passed_out
    table.finish_hand()


def test_004_jacks_1_the_carried_antes_go_back_to_who_anted_them() -> None:
    """004 jacks §1: a passed-out pot is carried to the next deal; when it will never be
    played for (the session ends, the game changes) each player gets his own antes back,
    and no chip is created or lost. A busted player given chips back may play again."""
    table = _table(JACKS, players=3)
    bob = table.seating.seat_of("bob")
    assert bob is not None
    bob.stack = 5  # his last chips go in as his ante
    _pass_out(table, 1)
    assert bob.status is SeatStatus.BUSTED and table.carried == 15
    assert table.carried_from == {"ann": 5, "bob": 5, "cat": 5}
    _pass_out(table, 2)  # bob busted is not dealt in
    assert table.carried == 25 and table.carried_from == {"ann": 10, "bob": 5, "cat": 10}
    total = _chips(table)
    restored = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    assert restored.carried_from == table.carried_from
    assert restored.carried_deals == table.carried_deals
    returned = table.return_carried()
    assert returned.shares == {"ann": 10, "bob": 5, "cat": 10}
    assert returned.deals == ((1, ("bob", "cat", "ann")), (2, ("ann", "cat")))
    assert table.carried == 0 and table.passes == 0 and _chips(table) == total
    assert [s.stack for s in table.seating.seats.values()] == [500, 5, 500]
    assert bob.status is SeatStatus.WAITING
    assert table.return_carried().shares == {}


def test_a_carried_pot_that_is_played_for_is_nobody_s_to_return() -> None:
    """004 jacks §1: once a deal is opened and won, the carried pot is the winner's."""
    table = _table(JACKS, players=3)
    _pass_out(table, 1)
    opened = parse_cards("Ah Kh 5c 7d 9s Jd Js 2h 3s 5h 2c 3c 4d 6d 8s")  # b opens
    table.start_hand(Deck.stacked(opened, rng=random.Random(4)).order)
    hand = table.hand
    assert hand is not None
    opener = hand.names[1]
    table.act(hand.names[0], Check)
    table.act(opener, lambda i: Raise(i, 10))
    for name in (hand.names[2], hand.names[0]):
        table.act(name, Fold)
    table.finish_hand()
    assert table.carried == 0 and table.carried_from == {}


def test_a_table_saved_before_carried_shares_were_kept_shares_the_pot_evenly() -> None:
    """Old saves have the carried total only: it is shared among the last deal's players."""
    table = _table(JACKS, players=3)
    _pass_out(table, 1)
    data = table.to_dict()
    del data["carried_from"]
    data["carried"] = 16
    # hand order starts left of the button (seat 1): bob, cat, ann
    assert Table.from_dict(data).carried_from == {"bob": 6, "cat": 5, "ann": 5}


def test_000_kill_1a_a_new_game_or_stakes_start_the_kill_button_neutral() -> None:
    """000 kill §1(a), RULES.md "Kill pots": the host changing the game or the stakes starts
    a new game, so the kill button is neutral; changing the buy-ins does not."""
    table = _table(kill=KillRules())
    assert table.kills is not None
    table.kills.button.state = ButtonState.LEG_UP
    table.kills.button.holder = "ann"
    leg = table.kills.button.to_dict()
    table.change_settings(changed_settings(table.settings, "buyin", "50 400"))
    assert table.kills.button.to_dict() == leg
    assert (table.seating.min_buy_in, table.seating.max_buy_in) == (50, 400)
    table.change_settings(changed_settings(table.settings, "stakes", "2/5"))
    assert table.kills is not None and table.kills.button.state is ButtonState.NEUTRAL
    assert table.settings.config.stakes == Stakes(2, 5)
    restored = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    assert restored.settings == table.settings and restored.seating.max_buy_in == 400


def test_changing_the_game_translates_the_stakes_and_refuses_what_cannot_be_played() -> None:
    """RULES.md "Games of rounds": a game without blinds is played at limit with an ante of a
    fifth and a bring-in of three tenths of the small bet; bad values say what is legal and
    change nothing."""
    settings = _table().settings
    stud = changed_settings(settings, "game", "stud")
    assert stud.config.structure is Structure.FIXED_LIMIT
    assert stud.config.stakes.fixed_small == 2 and stud.config.stakes.ante == 1
    assert stud.seats == 6
    back = changed_settings(stud, "game", "holdem").config
    assert back.stakes.big_blind == 2 and back.stakes.ante == 0
    limit = changed_settings(settings, "structure", "fixed_limit")
    assert changed_settings(limit, "stakes", "10/20").config.description == "Limit Hold'em 10/20"
    spread = changed_settings(settings, "stakes", "2-10").config
    assert spread.structure is Structure.SPREAD_LIMIT and spread.description.endswith("2-10")
    horse = changed_settings(settings, "game", "horse")
    assert len(horse.mix) == 5 and horse.seats == 6
    for option, value, message in (
        ("game", "canasta", "not a game: try holdem"),
        ("stakes", "2/1", "small blind may not be larger"),
        ("stakes", "a/b", "not stakes"),
        ("stakes", "1/2/3", "not stakes"),
        ("structure", "spread_limit", "spread limit needs its limits"),
        ("structure", "no_limit", "fixed_limit or spread_limit"),
        ("buyin", "500 100", "0 < minimum <= maximum"),
        ("buyin", "100", "set buyin MIN MAX"),
        ("colour", "red", "not something the host sets"),
    ):
        base = stud if option == "structure" and value == "no_limit" else settings
        with pytest.raises(IllegalAction, match=message):
            changed_settings(base, option, value)


def test_a_game_seating_fewer_needs_the_seats_beyond_it_empty() -> None:
    """Stud seats eight: a player in seat 9 must move or leave before stud is dealt."""
    table = Table(TableSettings(NL, seats=9, min_buy_in=100, max_buy_in=1000))
    table.seating.sit("ann", "Ann", 500, 1)
    table.seating.sit("bob", "Bob", 500, 9)
    before = table.to_dict()
    with pytest.raises(IllegalAction, match=r"at most 8: seats \[9\] must be empty"):
        changed_settings(table.settings, "game", "stud", table.seating.seats)
    assert table.to_dict() == before
    table.seating.leave("bob")
    table.change_settings(changed_settings(table.settings, "game", "stud", table.seating.seats))
    assert table.seating.size == 8 and table.settings.seats == 8


def test_settings_change_between_hands_only() -> None:
    """The game changes between hands: during one it is refused and nothing changes."""
    table = _table()
    table.start_hand(Deck(rng=random.Random(1)).order)
    before = table.to_dict()
    with pytest.raises(IllegalAction, match="between hands"):
        table.change_settings(changed_settings(table.settings, "stakes", "5/10"))
    assert table.to_dict() == before
