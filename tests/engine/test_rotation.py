"""Games of rounds (RULES.md "Games of rounds", 002): HORSE and friends, dealer's choice."""

from __future__ import annotations

import random

import pytest

from bot.engine.actions import Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import ConfigError, IllegalAction
from bot.engine.hand import Hand, HandSetup
from bot.engine.kills import Kill, KillRules
from bot.engine.killtracker import KillTracker
from bot.engine.rotation import MIXES, Rotation, config_for, parse_mix, seats_for
from bot.engine.table import Table, TableSettings

BASE = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20))


def test_002_horse_one_hand_of_each_game_per_player_active_at_the_start_of_the_round() -> None:
    """002 games of rounds: with 4 players active, 4 hands of hold'em, then 4 of Omaha hi-lo,
    then razz, stud, stud hi-lo, and round again; a player joining mid-round does not
    lengthen it."""
    rotation = Rotation(MIXES["horse"])
    dealt = [rotation.deal(4) for _ in range(8)]
    assert dealt == [Game.HOLDEM] * 4 + [Game.OMAHA_HILO] * 4
    assert rotation.deal(5) is Game.RAZZ  # a new round counts the five now active
    assert [rotation.deal(4) for _ in range(4)] == [Game.RAZZ] * 4
    assert rotation.deal(4) is Game.STUD
    rest = [rotation.deal(5) for _ in range(3 + 5)]
    assert rest == [Game.STUD] * 3 + [Game.STUD_HILO] * 5
    assert rotation.deal(3) is Game.HOLDEM


def test_002_the_table_shows_the_game_in_play_and_the_next() -> None:
    """002: the table shows which game is in play and which is next."""
    rotation = Rotation(MIXES["hose"])
    rotation.deal(2)
    assert rotation.describe() == "Now: Hold'em; next: Omaha Hi-Lo"
    assert rotation.upcoming is Game.OMAHA_HILO


def test_002_alternate_change_game_every_n_minutes() -> None:
    """002 alternate: the game changes every N minutes (default 30) instead of by rounds."""
    rotation = Rotation(MIXES["hoe"], minutes=30)
    assert rotation.deal(6, now=0) is Game.HOLDEM
    assert all(rotation.deal(6, now=t) is Game.HOLDEM for t in (60, 600, 1799))
    assert rotation.deal(6, now=1800) is Game.OMAHA_HILO
    assert rotation.deal(6, now=3599) is Game.OMAHA_HILO
    assert rotation.deal(6, now=3600) is Game.STUD_HILO


def test_002_dealers_choice_the_button_picks_the_game_for_the_round() -> None:
    """002: dealer's choice is a mix where the button picks each round's game."""
    rotation = Rotation((Game.HOLDEM, Game.RAZZ, Game.DEUCE_TRIPLE), dealer_choice=True)
    assert rotation.needs_choice()
    with pytest.raises(IllegalAction, match="is picked first"):
        rotation.deal(3)
    with pytest.raises(IllegalAction, match="not played here"):
        rotation.choose(Game.STUD)
    rotation.choose(Game.RAZZ)
    assert [rotation.deal(3) for _ in range(3)] == [Game.RAZZ] * 3
    assert rotation.needs_choice()
    with pytest.raises(IllegalAction, match="is picked first"):
        rotation.deal(3)


def test_rules_stud_in_a_mix_takes_a_fifth_ante_and_three_tenths_bring_in() -> None:
    """RULES.md: a stud game at 10/20 takes an ante of a fifth of the small bet and a bring-in
    of three tenths, rounded up, unless the host sets them; the same stakes in every game."""
    stud = config_for(Game.STUD, BASE)
    assert (stud.stakes.ante, stud.stakes.bring_in_amount) == (2, 3)
    assert (stud.stakes.fixed_small, stud.stakes.fixed_big) == (10, 20)
    odd = config_for(Game.RAZZ, GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(8, 16)))
    assert (odd.stakes.ante, odd.stakes.bring_in_amount) == (4, 5)  # 16/5 -> 4, 4.8 -> 5
    set_by_host = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, ante=1, bring_in=5))
    assert config_for(Game.STUD_HILO, set_by_host).stakes.ante == 1
    assert config_for(Game.STUD_HILO, set_by_host).stakes.bring_in_amount == 5
    back = config_for(Game.HOLDEM, stud)
    assert back.stakes.ante == 0 and back.game is Game.HOLDEM


def test_rules_table_size_respects_the_deck() -> None:
    """Stud seats at most 8 and draw 6 by default; the engine
    refuses a stud hand of 9."""
    assert (seats_for(Game.STUD), seats_for(Game.DEUCE_TRIPLE), seats_for(Game.HOLDEM)) == (
        8,
        6,
        10,
    )
    with pytest.raises(ConfigError, match="9 players"):
        Hand(HandSetup(config_for(Game.STUD, BASE), tuple("abcdefghi"), (100,) * 9))


def test_parse_mix_by_name_or_list() -> None:
    """Mixes by name, or any list of games the host names."""
    assert parse_mix("HORSE") == MIXES["horse"]
    assert parse_mix("holdem, deuce_to_seven_triple") == (Game.HOLDEM, Game.DEUCE_TRIPLE)
    with pytest.raises(ConfigError, match="not a mix or a game"):
        parse_mix("holdem,bingo")
    with pytest.raises(ConfigError, match="at least two"):
        parse_mix("razz")


def test_rotation_saves_and_restores_exactly() -> None:
    """The rotation is plain data: a restored one deals the same games."""
    rotation = Rotation(MIXES["horse"])
    for _ in range(6):
        rotation.deal(4)
    copy = Rotation.from_dict(rotation.to_dict())
    assert [copy.deal(4) for _ in range(10)] == [rotation.deal(4) for _ in range(10)]


def test_002_in_a_mix_games_without_blinds_leave_the_kill_button_as_it_is() -> None:
    """002 kill pot games: only games with blinds can be killed; in a mix, a stud hand
    neither wins nor loses a leg, and a kill cannot be offered in it."""
    tracker = KillTracker(KillRules())
    names = ("Ann", "Bob", "Cat")
    holdem = HandSetup(BASE, names, (500, 500, 500), deck_order=Deck(rng=random.Random(3)).order)
    hand = Hand(tracker.prepare(holdem))
    for action in (Raise(2, 20), Fold(0), Fold(1)):
        hand.apply(action)
    assert tracker.settle(hand).summary()["holder"] == "Cat"
    stud_config = config_for(Game.STUD, BASE)
    stud = HandSetup(stud_config, names, tuple(hand.stacks), deck_order=holdem.deck_order)
    with pytest.raises(IllegalAction, match="cannot be killed"):
        tracker.prepare(stud, offer=Kill("Ann", 0, "voluntary"))
    played = Hand(tracker.prepare(stud))
    while not played.is_complete:
        legal = played.legal_actions()
        if legal.bring_in or not legal.can_fold:
            played.apply(Raise(legal.player, legal.min_raise_to or 0))
        else:
            played.apply(Fold(legal.player))
    assert tracker.settle(played).summary() == {
        "state": "leg_up",
        "holder": "Cat",
        "amount": None,
        "legs": {"Cat": 1},
    }


def _choice_table() -> Table:
    """A fixed-limit dealer's choice table of hold'em, razz and 2-7 triple draw with Ann,
    Bob and Cat seated in seats 1 to 3."""
    settings = TableSettings(
        GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(1, 2, small_bet=2, big_bet=4)),
        mix=(Game.HOLDEM, Game.RAZZ, Game.DEUCE_TRIPLE),
        dealer_choice=True,
        seats=6,
        min_buy_in=40,
        max_buy_in=200,
    )
    table = Table(settings)
    for name in ("ann", "bob", "cat"):
        table.seating.sit(name, name.title(), 200)
    return table


def test_002_dealers_choice_the_table_names_the_button_who_picks_and_deals_his_game() -> None:
    """002: at a dealer's choice table the engine names the player who picks (the button of
    the round's first deal), refuses a pick from anyone else or of a game not played here,
    and deals the game picked for one round."""
    table = _choice_table()
    picker = table.game_chooser()
    assert picker == "ann"  # the first deal's button: the first seat, the blinds after it
    with pytest.raises(IllegalAction, match="Ann picks the game for this round"):
        table.choose_game("bob", "razz")
    with pytest.raises(IllegalAction, match="choose one of holdem, razz, deuce_to_seven_triple"):
        table.choose_game("ann", "stud")
    assert table.choose_game("ann", "RAZZ") is Game.RAZZ
    assert table.game_chooser() is None
    table.start_hand(Deck(rng=random.Random(1)).order)
    assert table.current is not None and table.current.setup.config.game is Game.RAZZ


def test_002_dealers_choice_passes_to_the_left_each_round() -> None:
    """002 dealer's choice, as players expect it: a round is once round the table, so the
    button comes back to the player who picked; the next round's pick passes to the player
    on his left, and so on round the table, and survives a save and restore."""
    from bot.engine.actions import Fold

    table = _choice_table()
    pickers = []
    rng = random.Random(3)
    for _ in range(3):
        picker = table.game_chooser()
        assert picker is not None
        pickers.append(picker)
        table.choose_game(picker, "holdem")
        table = Table.from_dict(table.to_dict())
        for _ in range(3):  # one round: a hand per player, everyone folding to the blind
            table.start_hand(Deck(rng=rng).order)
            while not table.hand_over():
                acting = table.acting()
                assert acting is not None
                table.act(acting[0], lambda i: Fold(i))
            table.finish_hand()
    assert pickers == ["ann", "bob", "cat"]


def test_002_jacks_or_better_in_a_mix_is_dealt_with_its_ante() -> None:
    """Jacks or better in a mix (dealer's choice of every game deals it) was dealt with no
    ante and no blind: a pot of nothing, passed out for nothing (004 jacks §1). It antes as
    stud does in a mix: a fifth of the small bet, rounded up, unless the host set the
    ante; a game with blinds after it takes none."""
    jacks = config_for(Game.JACKS, BASE)
    assert (jacks.stakes.ante, jacks.stakes.fixed_small, jacks.stakes.fixed_big) == (2, 10, 20)
    set_by_host = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, ante=1))
    assert config_for(Game.JACKS, set_by_host).stakes.ante == 1
    assert config_for(Game.JACKS, config_for(Game.STUD, BASE)).stakes.ante == 2
    assert config_for(Game.HOLDEM, jacks).stakes.ante == 0
    settings = TableSettings(
        BASE,
        mix=(Game.HOLDEM, Game.JACKS),
        dealer_choice=True,
        seats=6,
        min_buy_in=40,
        max_buy_in=400,
    )
    table = Table(settings)
    for name in ("ann", "bob", "cat"):
        table.seating.sit(name, name.title(), 200)
    table.choose_game("ann", "jacks")
    table.start_hand(Deck(rng=random.Random(1)).order)
    hand = table.hand
    assert hand is not None and hand.setup.config.game is Game.JACKS
    assert hand.stacks == [198, 198, 198] and sum(hand.stacks) + hand.pot_total() == 600
