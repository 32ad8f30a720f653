"""A table from hand to hand: deals, saving and restoring mid-hand exactly, kills, mixes."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine.actions import Call, Check, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.killoffer import KillOffer
from bot.engine.kills import ButtonState, KillButton, KillRules
from bot.engine.rotation import MIXES
from bot.engine.table import Table, TableSettings

NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
FL = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20))


def _table(config: GameConfig = NL, **options: object) -> Table:
    settings = TableSettings(config, seats=6, min_buy_in=100, max_buy_in=1000, **options)  # type: ignore[arg-type]
    table = Table(settings)
    for k, name in enumerate(("ann", "bob", "cat")):
        table.seating.sit(name, name.title(), 500)
        assert table.seating.seats[k + 1].player_id == name
    return table


def _play_out(table: Table, rng: random.Random) -> None:
    """Random legal play to the end of the hand (calls and checks mostly)."""
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        legal = hand.legal_actions()
        player = hand.names[legal.player]
        roll = rng.random()
        if legal.can_check:
            table.act(player, Check)
        elif roll < 0.15:
            table.act(player, Fold)
        elif roll < 0.3 and legal.min_raise_to is not None:
            table.act(player, lambda i, to=legal.min_raise_to: Raise(i, to))
        else:
            table.act(player, Call)


def test_table_deals_hands_and_conserves_chips() -> None:
    """Hands in a row: the button moves, chips are conserved, stacks return to the seats."""
    table = _table()
    rng = random.Random(4)
    buttons = []
    for _ in range(6):
        table.start_hand(Deck(rng=rng).order)
        buttons.append(table.seating.button)
        _play_out(table, rng)
        table.finish_hand()
        assert sum(s.stack for s in table.seating.seats.values()) == 1500
    assert buttons == [1, 2, 3, 1, 2, 3]


def test_table_saved_mid_hand_restores_exactly() -> None:
    """A restart resumes every hand exactly: a table saved in the
    middle of a hand, through JSON, continues with the same cards and the same results."""
    rng = random.Random(9)
    table = _table()
    table.start_hand(Deck(rng=rng).order)
    hand = table.hand
    assert hand is not None
    first = hand.names[hand.to_act or 0]
    table.act(first, lambda i: Raise(i, 6))
    saved = json.loads(json.dumps(table.to_dict()))
    restored = Table.from_dict(saved)
    assert restored.hand is not None
    assert restored.hand.hole == hand.hole and restored.hand.to_act == hand.to_act
    assert restored.hand.stacks == hand.stacks and restored.hand.log == hand.log
    for t in (table, restored):
        _play_out(t, random.Random(1))
    assert restored.hand is not None and table.hand is not None
    assert restored.hand.stacks == table.hand.stacks
    assert restored.hand.board == table.hand.board
    assert restored.finish_hand() == table.finish_hand()
    assert restored.to_dict() == table.to_dict()


def test_table_kill_button_carries_and_restores() -> None:
    """Kill pots at a table: the button's legs survive a save and restore between hands."""
    table = _table(FL, kill=KillRules())
    rng = random.Random(2)
    for _ in range(4):
        table.start_hand(Deck(rng=rng).order)
        hand = table.hand
        assert hand is not None
        # the button raises and the blinds fold: the button wins every hand
        table.act(hand.names[hand.to_act or 0], lambda i: Raise(i, 20))
        while not hand.is_complete:
            table.act(hand.names[hand.to_act or 0], Fold)
        table.finish_hand()
        restored = Table.from_dict(json.loads(json.dumps(table.to_dict())))
        assert restored.to_dict() == table.to_dict()
    assert table.kills is not None
    assert table.kills.button.summary()["state"] in ("leg_up", "killed", "neutral")


def test_table_in_a_mix_deals_the_rotation() -> None:
    """Games of rounds at a table: hold'em for a round of three, then Omaha hi-lo..."""
    table = _table(FL, mix=MIXES["horse"])
    rng = random.Random(5)
    games = []
    for _ in range(7):
        table.start_hand(Deck(rng=rng).order)
        assert table.hand is not None
        games.append(table.hand.config.game)
        _play_out(table, rng)
        table.finish_hand()
    assert games == [Game.HOLDEM] * 3 + [Game.OMAHA_HILO] * 3 + [Game.RAZZ]


def test_table_refuses_out_of_turn_and_strangers() -> None:
    """Bad input changes nothing: a player not in the hand, a second deal."""
    table = _table()
    table.start_hand(Deck(rng=random.Random(0)).order)
    with pytest.raises(IllegalAction, match="not in this hand"):
        table.act("zed", Fold)
    with pytest.raises(IllegalAction, match="already being played"):
        table.start_hand(Deck(rng=random.Random(0)).order)


def test_a_leave_asked_for_during_a_hand_is_kept_and_done_when_it_ends() -> None:
    """RULES.md "Obligations": a ``leave`` typed during a hand is never refused and never
    forgotten: the player plays the hand out and is cashed out when it ends."""
    table = _table()
    table.start_hand(Deck(rng=random.Random(0)).order)
    assert table.leave("ann") is None
    seat = table.seating.seat_of("ann")
    assert seat is not None and seat.leaving
    assert table.cash_out_leavers() == []  # not while the hand is in play
    hand = table.hand
    assert hand is not None
    while not hand.is_complete:
        assert hand.to_act is not None
        table.act(hand.names[hand.to_act], Fold)
    table.finish_hand()
    stack = seat.stack
    assert table.cash_out_leavers() == [("ann", seat.name, stack)]
    assert table.seating.seat_of("ann") is None


def test_002_a_mixed_table_says_which_game_is_in_play_and_which_is_next() -> None:
    """002 games of rounds: the table's events always say which game is in play and which
    comes next."""
    from bot.engine.events import MixGame

    table = _table(FL, mix=MIXES["hose"])
    events = table.start_hand(Deck(rng=random.Random(1)).order)
    assert events[0] == MixGame("Hold'em", "Omaha Hi-Lo")


def test_000_nl_14_the_table_decides_who_straddles_and_a_kill_voids_it() -> None:
    """000 NL §14: the player left of the big blind who asked posts a live straddle of twice
    the big blind and acts last before the flop; one who asked elsewhere does not.
    RULES.md "Kill pots": in a killed pot the straddle asked for is void (``straddle_void``)."""
    table = _table()
    table.start_hand(Deck(rng=random.Random(0)).order, straddle_asked={"ann", "cat"})
    hand = table.hand
    assert hand is not None
    straddles = [p.player for p in hand.events if getattr(p, "kind", "") == "straddle"]
    assert [hand.names[i] for i in straddles] == ["ann"] and table.straddle_void is None
    assert table.straddle_lapsed == ("cat",)  # not left of the big blind: told it lapsed
    assert hand.bets[hand.names.index("ann")] == 2 * NL.stakes.big_blind
    killed = _table(kill=KillRules())
    assert killed.kills is not None
    killed.kills.button = KillButton(ButtonState.KILLED, "cat", 2 * NL.stakes.big_blind)
    killed.start_hand(Deck(rng=random.Random(0)).order, straddle_asked={"ann"})
    assert killed.straddle_void == "ann" and killed.straddle_lapsed == ()
    assert killed.hand is not None and killed.hand.setup.kill is not None
    assert "straddle" not in (killed.hand.setup.blind_kinds or ())


def test_000_kill_5_the_table_shows_the_button_the_hand_is_played_under() -> None:
    """000 kill §5 (002): during a hand dealt without the leg-up player, the button is
    neutral for that hand and his leg frozen; the table view says so while the hand is
    played, and the button itself is untouched until the hand ends."""
    from bot.words.tableview import kill_status

    table = _table(kill=KillRules())
    assert table.kills is not None
    table.kills.button = KillButton(ButtonState.LEG_UP, "cat")
    table.seating.sit_out("cat")
    table.start_hand(Deck(rng=random.Random(0)).order)
    shown = table.kill_button()
    assert shown is not None and shown.state is ButtonState.NEUTRAL and shown.frozen == ["cat"]
    names = {"ann": "Ann", "bob": "Bob", "cat": "Cat"}
    assert kill_status(table, names) == "Kill button: neutral · legs: Cat (frozen)"
    assert table.kills.button.state is ButtonState.LEG_UP  # settled when the hand ends


def test_000_kill_10_a_kill_announced_is_dealt_after_the_window_in_silence() -> None:
    """000 kill §10: a voluntary kill is announced before the deal and goes ahead if no one
    objects within the window (silence is consent); before the window ends it can be
    objected to and is not dealt yet."""
    table = _table(kill=KillRules())
    offer = table.offer_kill("bob", 100.0)
    assert offer == KillOffer("bob", "voluntary", 100.0 + KillRules().objection_seconds)
    with pytest.raises(IllegalAction, match="already announced"):
        table.offer_kill("cat", 101.0)
    offer = KillOffer("bob", "voluntary", 115.0)
    assert offer.open_at(110.0) and offer.kill_at(110.0) is None
    kill = offer.kill_at(115.0)
    assert kill is not None and (kill.killer, kill.reason) == ("bob", "voluntary")
    assert not offer.open_at(116.0)
    no_voluntary = _table(kill=KillRules(voluntary=False))
    with pytest.raises(IllegalAction, match="voluntary kills are not allowed"):
        no_voluntary.announce_kill("bob", announced=False)


def test_the_public_snapshot_carries_no_hidden_card() -> None:
    """The table message is drawn from the engine's public snapshot alone: stacks, bets,
    the board and whose turn, with the legal range and buttons; no hole card is in it."""
    table = _table()
    table.start_hand(Deck(rng=random.Random(0)).order)
    hand = table.hand
    assert hand is not None
    shown = table.snapshot()
    assert shown is not None and shown.to_act == hand.names[hand.to_act or 0]
    assert shown.pot == hand.pot_total() and not shown.over
    assert shown.legal == hand.legal_actions()
    text = repr(shown)
    for cards in hand.hole:
        for card in cards or ():
            assert card not in text


def test_000_nl_14_a_house_without_straddles_refuses_one_and_deals_none() -> None:
    """000 NL §14: the straddle is a house option. Where the house allows none, asking is
    refused with the reason and a request that reached the deal anyway posts nothing."""
    from dataclasses import replace

    from bot.engine.config import HouseRules

    table = _table()
    config = replace(table.settings.config, rules=HouseRules(straddle_allowed=False))
    table.settings = replace(table.settings, config=config)
    with pytest.raises(IllegalAction, match="allow no straddle"):
        table.ask_straddle("ann")
    table.start_hand(Deck(rng=random.Random(0)).order, straddle_asked={"ann"})
    hand = table.hand
    assert hand is not None
    assert "straddle" not in (hand.setup.blind_kinds or ())
    assert max(hand.bets) == NL.stakes.big_blind


def test_000_kill_6_a_player_held_out_for_a_kill_owed_elsewhere_owes_the_blinds_he_missed() -> None:
    """000 kill §6 with the rulebook's "missed blinds": a player kept out of a deal because
    he owes a kill at another table is not dealt in while the blinds pass him, so he owes
    them as a player who sat out does, and posts them (the big blind live, the small dead)
    the first hand he is dealt in again; he is not dealt in between the button and the
    big blind."""
    table = _table()
    table.seating.sit("dan", "Dan", 500)
    rng = random.Random(3)

    def deal(away: tuple[str, ...] = ()) -> dict[str, tuple[int, int]]:
        table.start_hand(Deck(rng=rng).order, away=away)
        hand = table.hand
        assert hand is not None
        posts = {
            hand.names[i]: (hand.setup.blinds[i] if hand.setup.blinds else 0, dead)
            for i, dead in enumerate(hand.setup.dead or (0,) * hand.n)
        }
        while not hand.is_complete:
            legal = hand.legal_actions()
            table.act(hand.names[legal.player], Check if legal.can_check else Fold)
        table.finish_hand()
        return posts

    assert deal() == {"bob": (1, 0), "cat": (2, 0), "dan": (0, 0), "ann": (0, 0)}
    held = deal(away=("dan",))  # dan would have been the big blind
    assert "dan" not in held
    seat = table.seating.seats[4]
    assert seat.missed_big and seat.missed_small
    assert "dan" not in deal()  # between the button and the big blind: he waits a hand
    back = deal()
    assert back["dan"] == (2, 1)
    assert not (seat.missed_big or seat.missed_small)


def test_000_nl_15_a_held_table_runs_no_turn_timer_and_its_start_gives_the_whole_time() -> None:
    """The platform cannot show the table: the game is held (nothing more dealt, no turn
    timer for the decisions its players cannot see), saved with the table's host; the
    host's start lifts it and the decision pending gets its whole time to act."""
    table = Table(_table().settings, host="ann")
    for name in ("ann", "bob", "cat"):
        table.seating.sit(name, name.title(), 500)
    assert table.start_game() and not table.start_game()  # the second start changes nothing
    table.start_hand(Deck(rng=random.Random(3)).order)
    table.follow_turn(100.0)
    assert table.clock.deadline == 100.0 + table.settings.turn_seconds
    assert table.hold("invite the bot") and not table.hold("again")
    assert (table.held, table.running, table.clock.deadline) == ("invite the bot", False, None)
    acting = table.acting()
    assert acting is not None
    table.act(acting[0], Call)
    table.follow_turn(150.0)
    assert table.clock.deadline is None  # nobody sees the table: no timer runs
    restored = Table.from_dict(json.loads(json.dumps(table.to_dict())))
    assert (restored.host, restored.held, restored.running) == ("ann", "invite the bot", False)
    assert restored.start_game() and restored.held is None and restored.running
    restored.follow_turn(900.0)
    assert restored.clock.deadline == 900.0 + table.settings.turn_seconds
