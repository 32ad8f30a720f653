"""Kill pots, rule by rule: 000 kill §1-13, 004's 13 rules of kill pots, 002 "kill pot
games" to "special lowball kill rules", and 003 "playing with a kill button".

Every test plays whole hands through :class:`KillTracker` and :class:`Hand` at a table whose
seats go clockwise, and checks what the rule decides: the stacks, who posts what, who acts
in which order and for how much, and the kill button afterwards. Scripts name the player
who must be to act, so each script is also a check of the order of action.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from bot.engine.actions import (
    AgreeRuns,
    AllIn,
    BringIn,
    Call,
    Check,
    Discard,
    Fold,
    LegalActions,
    Muck,
    Raise,
    Show,
)
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.errors import ConfigError, IllegalAction
from bot.engine.events import HandStarted, Posted, PotAwarded, PotKilled
from bot.engine.hand import Hand, HandSetup, Phase
from bot.engine.kills import ButtonState, Kill, KillButton, KillRules, KillSize, Trigger
from bot.engine.killtracker import KillTracker
from bot.engine.rotation import config_for

LIMIT = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20))
NL = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(5, 10))
PLO = GameConfig(Game.OMAHA, Structure.POT_LIMIT, Stakes(5, 10))
O8 = GameConfig(Game.OMAHA_HILO, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20))
PLO8 = GameConfig(Game.OMAHA_HILO, Structure.POT_LIMIT, Stakes(5, 10))
SPREAD = GameConfig(
    Game.HOLDEM, Structure.SPREAD_LIMIT, Stakes(1, 2, spread_min=2, spread_max=(4, 4, 8, 8))
)
LOWBALL = GameConfig(
    Game.ACE_TO_FIVE, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20)
)
STUD = config_for(Game.STUD, LIMIT)  # the same 10-20 in a mix: antes and a bring-in

NEUTRAL: dict[str, Any] = {"state": "neutral", "holder": None, "amount": None, "legs": {}}

# Hold'em cards: the winner's aces beat every junk hand on the dry board; the royal board
# ties everyone (a split pot).
ACES = "AsAh"
JUNK = ("7c8d", "Jc6d", "Th7d", "Qc3d", "9c6h", "8h7s")
DRY = "Kd9s4h2s5c"
ROYAL = "AsKsQsJsTs"


def leg(holder: str, *others: str) -> dict[str, Any]:
    """The summary of a leg up held by ``holder`` (``others``: frozen or waiting legs)."""
    return {
        "state": "leg_up",
        "holder": holder,
        "amount": None,
        "legs": {name: 1 for name in (*others, holder)},
    }


def killed(holder: str, amount: int, *legs: str) -> dict[str, Any]:
    """The summary of a button killed by ``holder`` for ``amount``."""
    return {"state": "killed", "holder": holder, "amount": amount, "legs": {n: 1 for n in legs}}


def split_cards(text: str) -> list[str]:
    """ "AsAh" -> ["As", "Ah"]."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


class Table:
    """Players seated clockwise, dealt through a :class:`KillTracker`, acting by name.

    Args:
        seats: names clockwise.
        rules: the kill house rules.
        cfg: the game at its normal stakes.
        stack: every player's starting stack (``stacks`` overrides by name).
        button: a saved kill button to start from.
    """

    def __init__(
        self,
        seats: Sequence[str],
        rules: KillRules | None = None,
        cfg: GameConfig = LIMIT,
        stack: int = 1000,
        stacks: dict[str, int] | None = None,
        button: KillButton | None = None,
    ) -> None:
        self.seats = list(seats)
        self.rules = rules or KillRules()
        self.cfg = cfg
        self.tracker = KillTracker(self.rules, button)
        self.stacks = {name: stack for name in self.seats}
        self.stacks.update(stacks or {})
        self.hand: Hand | None = None
        self.setup: HandSetup | None = None
        self.base: HandSetup | None = None
        self.acted: list[str] = []  # who was to act, in order, this hand
        self.calls: list[tuple[str, int]] = []  # (who, legal call amount) before each action
        self.total = 0

    # ------------------------------------------------------------------ dealing

    def order(self, button: str, present: Sequence[str] | None = None) -> tuple[str, ...]:
        """Hand order for ``button``: left of the button first, the button last."""
        sitting = [s for s in self.seats if present is None or s in present]
        b = sitting.index(button)
        return tuple(sitting[(b + 1 + k) % len(sitting)] for k in range(len(sitting)))

    def base_setup(
        self,
        button: str,
        cards: dict[str, str] | None = None,
        board: str = "",
        present: Sequence[str] | None = None,
        straddle: bool = False,
        cfg: GameConfig | None = None,
    ) -> HandSetup:
        """The deal as it would be unkilled (``cfg``: another game of a mix)."""
        names = self.order(button, present)
        top: list[str] = []
        if cards:
            for name in names:
                top += split_cards(cards[name])
            top += split_cards(board)
        deck = Deck.stacked(top, rng=random.Random(0)).order
        stacks = tuple(self.stacks[n] for n in names)
        game = cfg or self.cfg
        return HandSetup(game, names, stacks, straddle=straddle, deck_order=deck)

    def deal(
        self,
        button: str,
        cards: dict[str, str] | None = None,
        board: str = "",
        present: Sequence[str] | None = None,
        quit: Sequence[str] = (),
        offer: Kill | None = None,
        newcomers: Sequence[str] = (),
        straddle: bool = False,
        mistake: bool = False,
        offer_runs: bool = False,
        auto_showdown: bool = True,
        cfg: GameConfig | None = None,
    ) -> Hand:
        """Prepare the deal through the tracker and start the hand.

        ``mistake``: deal the unkilled set-up although the tracker prepared a kill.
        """
        self.base = self.base_setup(button, cards, board, present, straddle, cfg)
        self.setup = self.tracker.prepare(self.base, quit, offer, newcomers)
        dealt = self.base if mistake else self.setup
        self.hand = Hand(dealt, offer_runs=offer_runs, auto_showdown=auto_showdown)
        self.acted, self.calls = [], []
        self.total = sum(self.stacks.values())
        assert self.hand.chips_in_play() == sum(self.hand.starting)
        return self.hand

    # ------------------------------------------------------------------ acting

    @property
    def h(self) -> Hand:
        assert self.hand is not None
        return self.hand

    def legal(self) -> LegalActions:
        """The legal actions of the player to act."""
        return self.h.legal_actions()

    def to_act(self) -> str | None:
        """The name of the player to act, or None."""
        h = self.h
        return None if h.to_act is None else h.names[h.to_act]

    def play(self, script: str) -> None:
        """Play ``"B c, C r40, A f, C x"``: each token names the player who must be to act
        and his move (f fold, x check, c call, a all-in, rN raise or bet to N)."""
        for token in (t.strip() for t in script.split(",") if t.strip()):
            name, move = token.split()
            self.act(name, move)

    def act(self, name: str, move: str) -> None:
        h = self.h
        assert self.to_act() == name, f"{name} should act, but it is {self.to_act()}'s turn"
        p = h.names.index(name)
        if move == "d":  # draw games: stand pat
            h.apply(Discard(p, ()))
            return
        legal = h.legal_actions()
        self.acted.append(name)
        self.calls.append((name, legal.call_amount))
        if move == "b":
            action: Any = BringIn(p)
        elif move == "f":
            action = Fold(p)
        elif move == "x":
            action = Check(p)
        elif move == "c":
            action = Call(p)
        elif move == "a":
            action = AllIn(p)
        else:
            assert move[0] == "r", move
            action = Raise(p, int(move[1:]))
        h.apply(action)
        assert h.chips_in_play() == sum(h.starting)

    def next_to_act(self) -> str | None:
        """The player to act after the dealer's own steps: a lowball kill window closes
        unclaimed, a player due to draw stands pat, a stud bring-in is posted; None when
        the hand is over."""
        while not self.h.is_complete:
            name = self.to_act()
            if self.h.phase is Phase.KILL_WINDOW:
                self.h.close_kill_window([])
            elif name is not None and self.h.phase is Phase.DRAWING:
                self.act(name, "d")
            elif name is not None and self.legal().bring_in:
                self.act(name, "b")
            else:
                return name
        return None

    def check_down(self) -> None:
        """Everyone checks or calls to the end of the hand."""
        while (name := self.next_to_act()) is not None:
            self.act(name, "x" if self.legal().can_check else "c")

    def bet_flop(self, bettor: str) -> None:
        """Everyone checks or calls, except that ``bettor`` bets the minimum on the flop."""
        while (name := self.next_to_act()) is not None:
            legal = self.legal()
            if name == bettor and self.h.street == 1 and legal.can_check and legal.can_raise:
                self.act(name, f"r{legal.min_raise_to}")
            else:
                self.act(name, "x" if legal.can_check else "c")

    def win_by_folds(self, winner: str) -> None:
        """``winner`` bets or raises once; everyone else folds to him."""
        raised = False
        while (name := self.next_to_act()) is not None:
            legal = self.legal()
            if name == winner:
                if not raised and legal.can_raise:
                    self.act(name, f"r{legal.min_raise_to}")
                    raised = True
                else:
                    self.act(name, "x" if legal.can_check else "c")
            else:
                self.act(name, "f" if legal.can_fold else "x")

    # ------------------------------------------------------------------ after

    def settle(self) -> dict[str, Any]:
        """Move the button; update the stacks; the button's summary."""
        h = self.h
        assert h.is_complete
        self.tracker.settle(h)
        for name, stack in zip(h.names, h.stacks, strict=True):
            self.stacks[name] = stack
        assert sum(self.stacks.values()) == self.total, "chips are conserved across the hand"
        return self.tracker.button.summary()

    def posted(self) -> list[tuple[str, str, int]]:
        """Every forced bet of the hand: (who, kind, amount)."""
        return [
            (self.h.names[e.player], e.kind, e.amount)
            for e in self.h.events
            if isinstance(e, Posted)
        ]

    def kills(self) -> list[PotKilled]:
        """The hand's kill announcements."""
        return [e for e in self.h.events if isinstance(e, PotKilled)]

    def summary(self) -> dict[str, Any]:
        return self.tracker.button.summary()


def showdown_cards(names: Sequence[str], winner: str) -> dict[str, str]:
    """Hold'em hole cards: ``winner`` aces, the rest junk (for the board ``DRY``)."""
    junk = iter(JUNK)
    return {name: ACES if name == winner else next(junk) for name in names}


def walk(table: Table, button: str, winner: str, **deal: Any) -> dict[str, Any]:
    """Deal a hand that ``winner`` takes by folds; the button's summary after."""
    table.deal(button, **deal)
    table.win_by_folds(winner)
    return table.settle()


def flop_win(table: Table, button: str, winner: str, **deal: Any) -> dict[str, Any]:
    """Deal a hand everyone calls down that ``winner`` wins at showdown with aces (a pot
    that qualifies as a second leg: every opponent puts in at least one full bet)."""
    names = table.order(button, deal.get("present"))
    table.deal(button, cards=showdown_cards(names, winner), board=DRY, **deal)
    table.bet_flop(winner)
    return table.settle()


def starting(button: KillButton | dict[str, Any]) -> KillButton:
    """A saved button (from a dict of :meth:`KillButton.to_dict` fields)."""
    return button if isinstance(button, KillButton) else KillButton.from_dict(button)


KILLED_C = {"state": "killed", "holder": "C", "amount": 20}


# ---------------------------------------------------------------------------------------
# 000 kill §1-13 (RULES OF KILL POTS)
# ---------------------------------------------------------------------------------------


def test_000_kill_1a_first_hand_of_a_new_game_is_neutral() -> None:
    """000 kill §1(a): the button is neutral on the first hand of a new game. RULES.md "kill
    button": a new game (a new table, or the host changing game or stakes) starts neutral;
    a new session of the same game does not, so legs carry from one night to the next."""
    t = Table("ABC")
    assert t.summary() == NEUTRAL
    t.deal("C")
    assert t.kills() == []
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10)]
    t.play("C r20, A f, B f")
    assert t.settle() == leg("C")
    assert t.stacks == {"A": 995, "B": 990, "C": 1015}
    # next night, same game: the saved button (as JSON) still has C's leg up
    saved = json.loads(json.dumps(t.tracker.button.to_dict()))
    same = Table("ABC", stacks=t.stacks, button=KillButton.from_dict(saved))
    assert flop_win(same, "A", "C") == killed("C", 20)
    # the host changes the game: a new game, a neutral button, so the same win is a first leg
    new = Table("ABC", cfg=NL, stacks=t.stacks)
    assert flop_win(new, "A", "C") == leg("C")


def test_000_kill_1b_winner_who_quit_leaves_the_button_neutral() -> None:
    """000 kill §1(b): the button is neutral if the winner of the previous pot has quit the
    game; his leg is gone (unlike a player who only steps away, 000 kill §5)."""
    t = Table("ABCD")
    assert walk(t, "D", "C") == leg("C")
    # C quits: the next hand is dealt with a neutral button and is not killed
    t.deal("D", present="ABD", quit=["C"])
    assert t.kills() == []
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10)]
    t.check_down()
    assert t.settle()["legs"].get("C") is None
    # compare: had C only sat out, his leg would be frozen, not gone
    away = Table("ABCD")
    walk(away, "D", "C")
    away.deal("D", present="ABD")
    away.check_down()
    assert away.settle()["legs"]["C"] == 1


def test_000_kill_1c_split_pot_without_the_holder_leaves_the_button_neutral() -> None:
    """000 kill §1(c): the button is neutral if the previous pot was split and neither
    player had the button."""
    t = Table("ABC", button=starting({"state": "leg_up", "holder": "C"}))
    t.deal("A", cards={"B": JUNK[0], "C": JUNK[1], "A": JUNK[2]}, board=ROYAL)
    t.play("A r20, B c, C f")
    t.check_down()
    assert t.settle() == NEUTRAL
    # A and B split 20 + 20 + C's big blind 10
    assert t.stacks == {"A": 1005, "B": 1005, "C": 990}


def test_000_kill_2_killer_acts_in_proper_turn() -> None:
    """000 kill §2: in a kill pot the killer acts in proper turn (after the person on his
    immediate right); 002 "opening round action": action begins left of the big blind and
    the first player must call the kill."""
    t = Table("ABCDE", button=starting({"state": "killed", "holder": "D", "amount": 20}))
    t.deal("E", cards=showdown_cards("ABCDE", "C"), board=DRY)
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10), ("D", "kill", 20)]
    t.play("C c, D x, E c, A c, B c")
    assert t.calls == [("C", 20), ("D", 0), ("E", 20), ("A", 15), ("B", 10)]
    assert t.to_act() == "A"  # the flop starts left of the button as always
    t.check_down()
    assert t.acted[5:10] == ["A", "B", "C", "D", "E"]
    assert t.settle() == leg("C")  # the killer lost: the winner takes the leg up
    assert t.stacks == {"A": 980, "B": 980, "C": 1080, "D": 980, "E": 980}


def test_000_kill_3_first_leg_has_no_pot_size_requirement() -> None:
    """000 kill §3: there is no pot-size requirement for the first leg: a walk (the big
    blind wins the small blind alone) is a leg."""
    t = Table("ABC", cfg=NL)
    t.deal("C")
    t.play("C f, A f")
    assert t.settle() == leg("B")
    assert t.stacks == {"A": 995, "B": 1005, "C": 1000}


@pytest.mark.parametrize(
    ("script", "after", "stacks"),
    [
        # A limps one full bet (10) and folds later: exactly one full bet won beyond the blinds
        ("A c, B f, C x", killed("C", 20), {"A": 990, "B": 995, "C": 1015}),
        # only B completes his small blind: 5 chips beyond the blind, not a full bet
        ("A f, B c, C x", NEUTRAL, {"A": 1000, "B": 990, "C": 1010}),
    ],
)
def test_000_kill_3_second_leg_must_win_one_full_bet_beyond_the_blinds(
    script: str, after: dict[str, Any], stacks: dict[str, int]
) -> None:
    """000 kill §3: for the second leg to qualify, the winner must win at least one full
    bet for the limit played, and it cannot be any part of the blind structure; a pot that
    does not qualify leaves the button neutral (002 "kill games" (d))."""
    t = Table("ABC", button=starting({"state": "leg_up", "holder": "C"}))
    t.deal("A", cards=showdown_cards("BCA", "C"), board=DRY)
    t.play(script)
    t.check_down()
    assert t.settle() == after
    assert t.stacks == stacks


def test_000_kill_4_leg_up_player_who_splits_keeps_the_leg() -> None:
    """000 kill §4: a player with one leg up who splits the next pot still has a leg up."""
    t = Table("ABC", button=starting({"state": "leg_up", "holder": "C"}))
    t.deal("A", cards={"B": JUNK[0], "C": JUNK[1], "A": JUNK[2]}, board=ROYAL)
    t.play("A c, B f, C x")
    t.check_down()
    assert t.settle() == leg("C")
    # C and A split A's 10, B's small blind 5 and C's big blind 10: the odd chip to C, the
    # first winner left of the button
    assert t.stacks == {"A": 1002, "B": 995, "C": 1003}


def test_000_kill_4_killer_who_splits_kills_again() -> None:
    """000 kill §4: if the player who split the pot was the killer of the previous hand, he
    must also kill the next pot (same amount, 000 kill §7)."""
    t = Table("ABC", button=starting(KILLED_C))
    t.deal("A", cards={"B": JUNK[0], "C": JUNK[1], "A": JUNK[2]}, board=ROYAL)
    assert t.posted() == [("B", "small_blind", 5), ("C", "kill", 20)]  # soft kill in the big blind
    t.play("A c, B f, C x")
    t.check_down()
    assert t.settle() == killed("C", 20)
    assert t.stacks == {"A": 1002, "B": 995, "C": 1003}
    t.deal("B", cards={"C": JUNK[0], "A": JUNK[1], "B": JUNK[2]}, board=ROYAL)
    assert t.kills()[0].player == 0 and t.kills()[0].amount == 20


def test_000_kill_5_player_who_leaves_with_a_leg_up_has_it_on_returning() -> None:
    """000 kill §5: a person who leaves the table with a leg up still has it upon returning;
    RULES.md "coming and going": the leg is frozen and the button neutral meanwhile."""
    t = Table("ABCD", button=starting({"state": "leg_up", "holder": "C"}))
    # C is away: the hand is dealt without him, the button neutral, his leg frozen
    t.deal("D", cards={"A": JUNK[0], "B": JUNK[1], "D": JUNK[2]}, board=ROYAL, present="ABD")
    assert t.kills() == []
    t.check_down()
    assert t.settle() == {"state": "neutral", "holder": None, "amount": None, "legs": {"C": 1}}
    # C comes back with his leg up: winning a qualifying pot is his second leg
    assert flop_win(t, "A", "C") == killed("C", 20)


def test_000_kill_6_required_killer_must_post_even_if_he_wants_to_quit() -> None:
    """000 kill §6: a player required to kill must do so that same hand even if he wishes to
    quit or be dealt out; the hand cannot be dealt around him (prepare refuses)."""
    t = Table("ABCD", button=starting(KILLED_C))
    before = t.tracker.button.to_dict()
    with pytest.raises(IllegalAction, match="C owes a kill of 20"):
        t.deal("D", present="ABD")
    assert t.tracker.button.to_dict() == before
    # C wants to quit: he is dealt in and posts the kill (under the gun: he acts after the
    # big blind), then he may go
    t.deal("D", quit=["C"])
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10), ("C", "kill", 20)]
    t.play("D r40, A f, B f, C f")
    assert t.settle() == leg("D")
    assert t.stacks == {"A": 995, "B": 990, "C": 980, "D": 1035}
    seats_without_c = Table("ABD", stacks=t.stacks, button=t.tracker.button.copy())
    seats_without_c.deal("D", quit=["C"])
    assert seats_without_c.kills() == []


@pytest.mark.parametrize(("threshold", "after"), [(55, killed("C", 20)), (56, NEUTRAL)])
def test_000_kill_7_kill_blinds_are_part_of_the_pot(threshold: int, after: dict[str, Any]) -> None:
    """000 kill §7: kill blinds are considered part of the pot: the winner takes the kill,
    and it counts toward a big-pot trigger (002 misc §2: for any purpose where the size
    of the pot is relevant). RULES.md "Triggers": the total pot, the winner's own call
    included: blinds 5 + 10, the kill 20 and C's call of 20 make 55."""
    rules = KillRules(triggers=frozenset({Trigger.BIG_POT}), big_pot=threshold)
    button = starting({"state": "killed", "holder": "D", "amount": 20})
    t = Table("ABCD", rules, button=button)
    t.deal("D", cards=showdown_cards("ABCD", "C"), board=DRY)
    t.play("C c, D x, A f, B f")
    t.check_down()
    assert t.settle() == after
    # C won the kill (20) and the blinds (5 + 10): 35 from opponents
    assert t.stacks == {"A": 995, "B": 990, "C": 1035, "D": 980}


def test_000_kill_7_killer_who_wins_again_kills_again_same_amount() -> None:
    """000 kill §7: if a player with a required kill wins again, he must kill again, for the
    same amount as the previous hand."""
    t = Table("ABCD", button=starting(KILLED_C))
    t.deal("D")  # C under the gun: action starts left of him
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10), ("C", "kill", 20)]
    t.play("D f, A f, B f")
    assert t.settle() == killed("C", 20)
    t.deal("A")  # C in the big blind: a soft kill of the same 20
    assert t.posted() == [("B", "small_blind", 5), ("C", "kill", 20)]
    t.play("D f, A f, B f")
    assert t.settle() == killed("C", 20)
    assert t.stacks == {"A": 995, "B": 985, "C": 1020, "D": 1000}


def o8_cards(names: Sequence[str], scooper: str) -> dict[str, str]:
    """Omaha hi-lo hole cards for the board ``2c5d8hKdKs``: ``scooper`` has trip kings and
    the only low (A-2-3-5-8); the others have neither."""
    others = iter(("JhJc9d9h", "TsTc6d6h", "QcQsJdJs"))
    return {n: "Ah3sKcQd" if n == scooper else next(others) for n in names}


O8_BOARD = "2c5d8hKdKs"


@pytest.mark.parametrize(
    ("script", "won", "after"),
    [
        # a limped pot: A scoops 20 from opponents, under 5 x 20
        ("C c, A c, B x", 20, NEUTRAL),
        # A scoops 60 from each opponent: 120, at least 5 x the upper limit of 20
        (
            "C r20, A r30, B c, C c, A r10, B c, C c, A r20, B c, C c",
            120,
            killed("A", 20),
        ),
    ],
)
def test_000_kill_8_scoop_kills_only_if_the_pot_is_five_upper_limits(
    script: str, won: int, after: dict[str, Any]
) -> None:
    """000 kill §8: a player who scoops a split-pot game with a kill provision kills the
    next hand only if the pot is at least five times the upper limit (10-20: 100);
    RULES.md "Triggers": the total pot, the scooper's own chips included."""
    t = Table("ABC", cfg=O8)
    t.deal("C", cards=o8_cards("ABC", "A"), board=O8_BOARD)
    t.play(script)
    t.check_down()
    assert t.h.scoops == (0,)
    assert t.settle() == after
    assert t.stacks["A"] == 1000 + won


def test_000_kill_9_killed_pot_is_announced_and_no_one_acts_at_the_old_stakes() -> None:
    """000 kill §9 (002 misc §3): with the kill button face up in the pot, a player who puts
    in a lesser amount must put in the correct amount: the kill is announced to everyone
    with its stakes before anyone acts, the call is the kill and a raise at the old stakes
    is refused."""
    t = Table("ABCD", button=starting({"state": "killed", "holder": "D", "amount": 20}))
    t.deal("D", cards=showdown_cards("ABCD", "C"), board=DRY)
    first_events = [type(e) for e in t.h.events[:3]]
    assert first_events == [HandStarted, PotKilled, Posted]
    assert t.kills() == [PotKilled(3, 20, "required", "Limit Hold'em 20/40")]
    legal = t.legal()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (20, 40, 40)
    with pytest.raises(IllegalAction, match="raise is to 40"):
        t.h.apply(Raise(2, 30))  # a raise of the old 10 is not a raise here
    assert t.to_act() == "C" and t.h.stacks[2] == 1000
    t.play("C c, D x, A f, B f")
    assert t.calls[0] == ("C", 20)
    t.play("C r20, D c")  # the flop bet is the killed small bet
    t.play("C r40, D c")  # the turn bet is the killed big bet
    assert t.calls[-1] == ("D", 40)
    t.check_down()
    assert t.settle() == leg("C")
    assert t.stacks == {"A": 995, "B": 990, "C": 1095, "D": 920}


def test_000_kill_10_voluntary_kill_needs_four_times_the_kill_blind() -> None:
    """000 kill §10 (002 "voluntary kills"): to kill voluntarily a player must have at least
    four times the kill blind in his stack: big blind 2, kill 4, at least 16 chips."""
    cfg = GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(1, 2))
    t = Table("ABCD", cfg=cfg, stacks={"D": 15})
    with pytest.raises(IllegalAction, match="at least 16 chips"):
        t.deal("D", offer=Kill("D", 0, "voluntary"))
    assert t.summary() == NEUTRAL
    t.stacks["D"] = 16
    t.deal("D", offer=Kill("D", 0, "voluntary"))
    assert t.kills() == [PotKilled(3, 4, "voluntary", "No-Limit Hold'em 1/4")]
    assert t.posted() == [("A", "small_blind", 1), ("B", "big_blind", 2), ("D", "kill", 4)]
    t.play("C f, D x, A f, B f")  # in turn: C must call 4 or raise to at least 8
    assert t.calls == [("C", 4), ("D", 0), ("A", 3), ("B", 2)]
    assert t.settle() == leg("D")  # a voluntary killer who wins is treated as any winner
    assert t.stacks == {"A": 999, "B": 998, "C": 1000, "D": 19}


def test_000_kill_10_lowball_kill_after_looking_at_two_cards() -> None:
    """000 kill §10 (004 kill §10, 002 lowball §9): in lowball a player may look at his
    first two cards and then kill, until anyone has a third card, with at least 4 x the
    kill blind in his stack; the killer then acts last on the first round."""
    t = Table("ABCD", cfg=LOWBALL, stacks={"A": 79})
    t.deal("D")
    assert t.h.phase is Phase.KILL_WINDOW
    assert [len(cards or ()) for cards in t.h.hole] == [2, 2, 2, 2]
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10)]
    # A claims first but has 74 behind, under 4 x 20: C's claim (next in turn) kills
    events = t.h.close_kill_window([0, 2, 3])
    assert [e for e in events if isinstance(e, PotKilled)] == [
        PotKilled(2, 20, "voluntary", "Limit Ace-to-Five Lowball 20/40")
    ]
    assert t.posted()[-1] == ("C", "kill", 20)
    assert [len(cards or ()) for cards in t.h.hole] == [5, 5, 5, 5]
    t.play("D c, A c, B c")  # action begins left of the killer ...
    assert t.calls == [("D", 20), ("A", 15), ("B", 10)]
    assert t.to_act() == "C" and t.legal().can_check  # ... who acts last, with the option
    t.play("C x")
    assert t.h.phase is Phase.DRAWING
    with pytest.raises(IllegalAction, match="after two cards only"):
        t.h.close_kill_window([1])
    t.win_by_folds("C")
    assert t.settle() == leg("C")  # a voluntary killer who wins is any winner
    assert t.stacks == {"A": 59, "B": 980, "C": 1060, "D": 980}


def test_000_kill_11_only_one_kill_per_deal() -> None:
    """000 kill §11: only one kill is allowed per deal: a voluntary kill offered when the
    deal already owes a required kill is refused, and the hand carries one kill."""
    t = Table("ABCD", cfg=NL, button=starting(KILLED_C))
    with pytest.raises(IllegalAction, match="one kill per deal"):
        t.deal("A", offer=Kill("A", 0, "voluntary"))
    t.deal("A")
    assert len(t.kills()) == 1
    assert [p for p in t.posted() if p[1] == "kill"] == [("C", "kill", 20)]


def test_000_kill_12_new_player_in_a_killed_pot_must_kill_the_next_pot() -> None:
    """000 kill §12: a new player is not entitled to play in a killed pot, but may do so by
    agreeing to kill the next pot (RULES.md "kill to come in")."""
    t = Table("ABCD", button=starting(KILLED_C))
    t.deal("B", cards=showdown_cards("CDAB", "A"), board=DRY, newcomers=["D"])
    assert t.posted() == [("C", "kill", 20), ("D", "big_blind", 10)]
    t.play("A c, B c, C x, D c")
    t.check_down()
    assert t.settle() == leg("A")
    assert t.tracker.button.owes_next == {"D": 20}
    # the next pot: D kills it (a required kill, soft in his small blind)
    t.deal("C", cards=showdown_cards("DABC", "B"), board=DRY)
    assert t.kills() == [PotKilled(0, 20, "required", "Limit Hold'em 20/40")]
    assert t.posted() == [("D", "kill", 20), ("A", "big_blind", 10)]
    t.play("B c, C c, D x, A c")
    t.check_down()
    assert t.settle() == leg("B")
    assert t.tracker.button.owes_next == {}
    assert t.stacks == {"A": 1040, "B": 1040, "C": 960, "D": 960}


def test_000_kill_13_a_kill_game_is_its_own_game_type() -> None:
    """000 kill §13 (002 misc §5): a game with a required kill is a different type of game
    from an otherwise similar game without one: its hands carry the kill house rules
    (the PHH ``_kill`` fields) and a game without them is no kill game."""
    assert KillRules.from_fields({}) is None
    rules = KillRules()
    assert rules.to_fields() == {"_kill": "full"}
    assert KillRules.from_fields(rules.to_fields()) == rules
    t = Table("ABC", button=starting(KILLED_C))
    t.deal("A")
    plain = Hand(t.base_setup("A"))
    assert t.h.config.describe() == "Limit Hold'em 20/40"
    assert plain.config.describe() == "Limit Hold'em 10/20"


# ---------------------------------------------------------------------------------------
# 004: 13 RULES OF KILL POTS (the same rules as 000, each played in another game or option)
# ---------------------------------------------------------------------------------------


def test_004_kill_1_button_neutral_for_new_game_quitter_or_split_without_holder() -> None:
    """004 kill §1: the kill button is neutral (a) on the first hand of a new game, (b) when
    the winner of the previous pot has quit, (c) when the previous pot was split and
    neither player had the button. No-limit hold'em."""
    t = Table("ABCD", cfg=NL)
    assert t.summary() == NEUTRAL  # (a)
    assert walk(t, "D", "C") == leg("C")
    # (b) C quits: B's qualifying win is only a first leg
    assert flop_win(t, "A", "B", present="ABD", quit=["C"]) == leg("B")
    # (c) A and D split; B (with the leg) folds: neutral
    t.deal("B", cards={"D": JUNK[0], "A": JUNK[1], "B": JUNK[2]}, board=ROYAL, present="ABD")
    t.play("B f, D c, A x")
    t.check_down()
    assert t.settle() == NEUTRAL


def test_004_kill_2_killer_who_raises_in_turn_sends_action_on_clockwise() -> None:
    """004 kill §2: the killer acts in proper turn; 002 "opening round action": if the
    killer raises, further action proceeds clockwise from the killer. No-limit."""
    button = starting({"state": "killed", "holder": "D", "amount": 20})
    t = Table("ABCDEF", cfg=NL, button=button)
    t.deal("F", cards=showdown_cards("ABCDEF", "D"), board=DRY)
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10), ("D", "kill", 20)]
    assert t.legal().min_raise_to == 40  # a raise in a killed no-limit pot: at least the kill
    t.play("C c, D r60, E f, F c, A f, B f, C c")
    assert t.calls == [("C", 20), ("D", 0), ("E", 60), ("F", 60), ("A", 55), ("B", 50), ("C", 40)]
    t.check_down()
    assert t.settle() == killed("D", 20)
    assert t.stacks == {"A": 995, "B": 990, "C": 940, "D": 1135, "E": 1000, "F": 940}


@pytest.mark.parametrize(
    ("cfg", "limp", "complete"),
    [(LIMIT, 10, 5), (NL, 10, 5), (SPREAD, 2, 1)],
    ids=["fixed limit: the small bet", "no-limit: the big blind", "spread: the minimum"],
)
def test_004_kill_3_second_leg_is_one_full_bet_of_the_structure(
    cfg: GameConfig, limp: int, complete: int
) -> None:
    """004 kill §3: the second leg must win at least one full bet for whatever limit is
    played, not blind money. RULES.md "sizes the kill rules refer to": the small bet in
    fixed limit, the big blind in no-limit and pot-limit, the minimum in spread limit."""
    for script, after in (("A c, B f, C x", "killed"), ("A f, B c, C x", "neutral")):
        t = Table("ABC", cfg=cfg, button=starting({"state": "leg_up", "holder": "C"}))
        t.deal("A", cards=showdown_cards("BCA", "C"), board=DRY)
        t.play(script)
        assert t.calls[:2] == [("A", limp), ("B", complete)]
        t.check_down()
        assert t.settle()["state"] == after


def test_004_kill_4_splits_in_omaha_hi_lo_keep_the_leg_and_the_kill() -> None:
    """004 kill §4: a player with a leg up who splits keeps it; a killer who splits kills
    again. Omaha hi-lo with the natural trigger; the pot is split high and low."""
    rules = KillRules(triggers=frozenset({Trigger.NATURAL}))
    cards = {"A": "Ah3sJcJd", "B": "9c9d6s6c", "C": "KcQhJhTh"}  # C high, A low
    t = Table("ABC", rules, cfg=O8, button=starting({"state": "leg_up", "holder": "C"}))
    t.deal("A", cards=cards, board=O8_BOARD)
    t.play("A c, B f, C x")
    t.check_down()
    awards = [e for e in t.h.events if isinstance(e, PotAwarded)]
    assert [(e.half, e.winners) for e in awards] == [("high", ((1, 13),)), ("low", ((2, 12),))]
    assert t.settle() == leg("C")
    k = Table("ABC", rules, cfg=O8, button=starting(KILLED_C))
    k.deal("A", cards=cards, board=O8_BOARD)
    k.play("A c, B f, C x")
    k.check_down()
    assert k.settle() == killed("C", 20)
    assert k.stacks == {"A": 1002, "B": 995, "C": 1003}


def test_004_kill_5_returning_player_waits_while_another_leg_is_live() -> None:
    """004 kill §5: a player who leaves with a leg up still has it on returning; RULES.md:
    if another player's leg is live at that moment, his leg waits until the button is
    free (002: "the next available pot")."""
    t = Table("ABCD", button=starting({"state": "leg_up", "holder": "C"}))
    assert walk(t, "D", "A", present="ABD") == leg("A", "C")  # C away, frozen
    assert walk(t, "A", "B") == leg("B", "C")  # C back, waiting: B's leg is live
    t.deal("B", cards={"C": JUNK[0], "D": JUNK[1], "A": JUNK[2], "B": JUNK[3]}, board=ROYAL)
    t.play("A c, B f, C c, D x")  # C (waiting) and A and D split; B loses his leg
    t.check_down()
    assert t.settle() == {"state": "neutral", "holder": None, "amount": None, "legs": {"C": 1}}
    assert flop_win(t, "C", "C") == killed("C", 20)  # C's leg is back: this is his second


def test_004_kill_6_killer_who_wants_to_sit_out_posts_in_his_blind() -> None:
    """004 kill §6: a player required to kill must do so that same hand even if he wishes to
    be dealt out; he is dealt in (here in the small blind: a soft kill, 002 misc §7)."""
    t = Table("ABC", cfg=PLO, button=starting(KILLED_C))
    with pytest.raises(IllegalAction, match="must be dealt in"):
        t.deal("B", present="AB")
    t.deal("B")
    assert t.posted() == [("C", "kill", 20), ("A", "big_blind", 10)]
    t.play("B f, C x, A f")  # in turn: the button first, C in his turn
    assert t.calls == [("B", 20), ("C", 0), ("A", 10)]
    assert t.settle() == killed("C", 20)
    assert t.stacks == {"A": 990, "B": 1000, "C": 1010}


def test_004_kill_7_kill_blind_counts_in_the_pot_limit_pot() -> None:
    """004 kill §7: kill blinds are part of the pot (002 misc §2: for the pot-limit size):
    blinds 5/10 and a kill of 20 make a pot of 35; the first player may call 20 and raise
    the pot after the call, 55, to 75."""
    t = Table("ABCD", cfg=PLO, button=starting({"state": "killed", "holder": "D", "amount": 20}))
    t.deal("D")
    legal = t.legal()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (20, 40, 75)
    t.play("C r75, D f, A f, B f")
    assert t.settle() == leg("C")
    assert t.stacks == {"A": 995, "B": 990, "C": 1035, "D": 980}


@pytest.mark.parametrize(("flop_bet", "after"), [(20, killed("A", 20)), (19, NEUTRAL)])
def test_004_kill_8_scoop_of_exactly_five_upper_limits_kills(
    flop_bet: int, after: dict[str, Any]
) -> None:
    """004 kill §8: a scoop kills only if the pot is at least five times the upper limit:
    pot-limit Omaha hi-lo 5/10 (upper limit 20): a pot of 100 kills, 98 does not
    (RULES.md "Triggers": the total pot, the scooper's own chips included)."""
    t = Table("ABC", cfg=PLO8)
    t.deal("C", cards=o8_cards("ABC", "A"), board=O8_BOARD)
    t.play(f"C r20, A c, B c, A r{flop_bet}, B c, C f")
    t.check_down()
    assert t.settle() == after
    assert t.stacks["A"] == 1000 + 40 + flop_bet


def test_004_kill_9_the_call_in_a_killed_pot_is_the_kill() -> None:
    """004 kill §9: a player unaware of the kill who puts in a lesser amount must put in the
    correct amount: the bot offers only the killed amounts (no-limit: call 20, raise to at
    least 40) and refuses a raise sized for the old stakes, changing nothing."""
    t = Table("ABCD", cfg=NL, button=starting({"state": "killed", "holder": "D", "amount": 20}))
    t.deal("D")
    legal = t.legal()
    assert (legal.call_amount, legal.min_raise_to) == (20, 40)
    with pytest.raises(IllegalAction, match="minimum raise is to 40"):
        t.h.apply(Raise(2, 30))
    assert t.h.bets == [5, 10, 0, 20]
    t.play("C c")
    assert t.h.bets == [5, 10, 20, 20]


def test_004_kill_10_voluntary_kills_prohibited_alternate() -> None:
    """004 kill §10 (002 "voluntary kills", alternate rule): voluntary kills may be
    prohibited; the house option refuses them, the hand is dealt unkilled."""
    t = Table("ABCD", KillRules(voluntary=False))
    with pytest.raises(IllegalAction, match="not allowed at this table"):
        t.deal("D", offer=Kill("C", 0, "voluntary"))
    t.deal("D")
    assert t.kills() == []
    assert KillRules(voluntary=False).to_fields()["_kill_voluntary"] is False


def test_004_kill_11_one_kill_per_deal_newcomer_waits_for_the_killer() -> None:
    """004 kill §11: one kill per deal: when the button's killer and a new player who agreed
    to kill both owe, the killer kills this deal and the new player the next; an offered
    voluntary kill is refused while a kill is owed."""
    button = starting({"state": "killed", "holder": "C", "amount": 20, "owes_next": {"D": 20}})
    t = Table("ABCD", button=button)
    t.deal("A", cards=showdown_cards("BCDA", "A"), board=DRY)
    assert [k.player for k in t.kills()] == [1]
    assert [p for p in t.posted() if p[1] == "kill"] == [("C", "kill", 20)]
    t.check_down()
    assert t.settle() == leg("A")
    with pytest.raises(IllegalAction, match="already killed by D"):
        t.deal("B", offer=Kill("B", 0, "voluntary"))
    t.deal("B")
    assert t.kills() == [PotKilled(1, 20, "required", "Limit Hold'em 20/40")]
    assert t.posted() == [("C", "small_blind", 5), ("D", "kill", 20)]


def test_004_kill_12_newcomers_owe_only_after_a_killed_pot_one_deal_each() -> None:
    """004 kill §12: a new player may play a killed pot only by agreeing to kill the next
    pot; one dealt into an unkilled pot owes nothing; two newcomers to the same killed pot
    kill the next two pots, one each (one kill per deal)."""
    t = Table("ABCDE")
    t.deal("B", present="ABC", newcomers=["C"])
    t.win_by_folds("A")
    assert t.settle() == leg("A")
    assert t.tracker.button.owes_next == {}
    t.tracker.button = starting(KILLED_C)
    t.deal("C", newcomers=["D", "E"])
    t.win_by_folds("B")
    assert t.settle() == leg("B")
    assert t.tracker.button.owes_next == {"D": 20, "E": 20}
    t.deal("D")
    assert [k.player for k in t.kills()] == [t.h.names.index("D")]
    t.win_by_folds("A")
    t.settle()
    t.deal("E")
    assert [k.player for k in t.kills()] == [t.h.names.index("E")]
    t.win_by_folds("A")
    t.settle()
    assert t.tracker.button.owes_next == {}


def test_004_kill_13_kill_house_rules_round_trip_as_a_game_type() -> None:
    """004 kill §13: a game with a required kill is a different game type: its house rules
    travel with its hands (PHH ``_kill*`` fields) exactly, and a value that is not one of
    the options is refused."""
    rules = KillRules(
        size=KillSize.HALF,
        triggers=frozenset({Trigger.NATURAL, Trigger.BIG_POT}),
        big_pot=300,
        killer_acts="last",
        require_flop=True,
        split="neutral",
        walk="neutral",
        nonqualifying="keep",
        missed="must_next_unkilled",
        pot_counts="larger",
        second_leg_min=40,
        voluntary=False,
    )
    assert KillRules.from_fields(rules.to_fields()) == rules
    with pytest.raises(ConfigError):
        KillRules.from_fields({"_kill": "full", "_killer_acts": "first"})


# ---------------------------------------------------------------------------------------
# 002: KILL POT GAMES to SPECIAL LOWBALL KILL RULES
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cfg", "stakes"),
    [
        (LIMIT, "Limit Hold'em 20/40"),
        (NL, "No-Limit Hold'em 5/20"),
        (PLO, "Pot-Limit Omaha 5/20"),
        (O8, "Limit Omaha Hi-Lo 20/40"),
        (SPREAD, "Spread-Limit Hold'em 4-8-8-16-16"),
    ],
    ids=["limit hold'em", "no-limit hold'em", "pot-limit omaha", "omaha hi-lo", "spread"],
)
def test_002_kill_pot_games_every_game_with_blinds_can_be_killed(
    cfg: GameConfig, stakes: str
) -> None:
    """002 "kill pot games": all games played with blinds can be played for a kill; the
    kill blind is twice the big blind and the hand is played at the killed stakes."""
    kill = 2 * cfg.stakes.big_blind
    t = Table("ABCD", cfg=cfg, button=starting({"state": "killed", "holder": "D", "amount": kill}))
    t.deal("D")
    assert t.kills() == [PotKilled(3, kill, "required", stakes)]
    assert t.posted()[-1] == ("D", "kill", kill)
    assert t.calls == [] and t.legal().call_amount == kill
    t.win_by_folds("C")
    # the killer lost: C's win is a first leg; a hi-lo game kills on a scoop only (no legs)
    assert t.settle() == (NEUTRAL if cfg.game.is_hilo else leg("C"))


def test_002_kill_pot_games_ante_only_games_cannot_be_killed() -> None:
    """002 "kill pot games": only games played with blinds can be killed, not stud (antes
    and a bring-in); RULES.md: in a mix, a hand of a game without blinds neither wins nor
    loses a leg, and a kill owed waits for the next game with blinds."""
    t = Table("ABCD", button=starting(KILLED_C))
    with pytest.raises(IllegalAction, match="cannot be killed"):
        t.deal("D", cfg=STUD, offer=Kill("A", 0, "voluntary"))
    t.deal("D", cfg=STUD, present="ABD")  # C, who owes the kill, may sit the stud hand out
    assert t.kills() == [] and {kind for _, kind, _ in t.posted()} == {"ante"}
    t.win_by_folds("A")
    assert t.settle() == killed("C", 20)
    t.deal("A")  # the next game with blinds: C kills it
    assert t.kills() == [PotKilled(1, 20, "required", "Limit Hold'em 20/40")]
    # a leg up is neither won nor lost in stud
    u = Table("ABCD", button=starting({"state": "leg_up", "holder": "C"}))
    for winner in ("A", "C"):
        u.deal("D", cfg=STUD)
        u.win_by_folds(winner)
        assert u.settle() == leg("C")


@pytest.mark.parametrize(
    ("start", "owes"),
    [({"state": "leg_up", "holder": "C"}, {}), (KILLED_C, {"C": 20})],
    ids=["leg up", "killer"],
)
def test_002_kill_pot_games_a_player_who_quits_during_a_stud_hand_is_gone(
    start: dict[str, Any], owes: dict[str, int]
) -> None:
    """000 kill §1(b) in a mix: a leg-up player who quits while a stud hand is dealt loses
    his leg all the same; a killer who leaves (removed by the host) still owes his kill
    (000 kill §6), and the table deals on without him."""
    t = Table("ABCD", button=starting(start))
    t.deal("D", cfg=STUD, present="ABD", quit=["C"])
    t.win_by_folds("A")
    assert t.settle() == NEUTRAL
    assert t.tracker.button.owes_next == owes
    t.deal("A", present="ABD")
    assert t.kills() == []
    t.win_by_folds("B")
    assert t.settle() == leg("B")


def test_002_kill_defined_third_blind_doubles_every_limit() -> None:
    """002 "kill defined": in a 10-20 game with 5 and 10 blinds the killer posts a third
    blind of 20 and the hand is played 20-40 on every street."""
    t = Table("ABCD", button=starting({"state": "killed", "holder": "D", "amount": 20}))
    t.deal("D", cards=showdown_cards("ABCD", "C"), board=DRY)
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10), ("D", "kill", 20)]
    sizes = []
    for street in range(4):
        assert t.h.street == street
        legal = t.legal()
        sizes.append(legal.min_raise_to if legal.can_check else legal.max_raise_to)
        t.act(t.to_act() or "", f"r{sizes[-1]}")
        if street == 0:
            t.play("D c, A f, B f")
        else:
            t.act(t.to_act() or "", "c")
    assert sizes == [40, 20, 40, 40]
    assert t.settle() == leg("C")
    assert t.stacks == {"A": 995, "B": 990, "C": 1155, "D": 860}


def test_002_natural_kill_two_pots_in_a_row_then_again_until_he_loses() -> None:
    """002 "winning two consecutive pots (natural kill)": the winner of the last pot has a
    leg up (button face down in front of him); winning the next pot (qualifying) he kills
    the next, and a natural killer who wins the killed pot kills again for the same
    amount; when he loses, the winner takes the leg up."""
    t = Table("ABC")
    assert walk(t, "C", "C") == leg("C")
    assert flop_win(t, "A", "C") == killed("C", 20)
    t.deal("B")
    assert t.posted() == [("C", "kill", 20), ("A", "big_blind", 10)]
    t.play("B f, C x, A f")
    assert t.settle() == killed("C", 20)
    assert flop_win(t, "C", "A") == leg("A")
    assert t.stacks == {"A": 1045, "B": 930, "C": 1025}


@pytest.mark.parametrize("start", [{"state": "leg_up", "holder": "C"}, KILLED_C])
def test_002_natural_kill_split_alternate_makes_the_button_neutral(start: dict[str, Any]) -> None:
    """002 "natural kill", alternate rule: if a player with a leg up, or a killer, splits the
    next pot, the kill button becomes neutral (house option ``split = neutral``)."""
    t = Table("ABC", KillRules(split="neutral"), button=starting(start))
    t.deal("A", cards={"B": JUNK[0], "C": JUNK[1], "A": JUNK[2]}, board=ROYAL)
    t.play("A c, B f, C x")
    t.check_down()
    assert t.settle() == NEUTRAL


def test_002_natural_kill_a_player_who_splits_gets_no_leg() -> None:
    """002 "natural kill": a player who splits a pot does not get the kill button or a leg
    up unless he was the killer of the previous pot; the button becomes neutral."""
    t = Table("ABC")
    t.deal("C", cards={"A": JUNK[0], "B": JUNK[1], "C": JUNK[2]}, board=ROYAL)
    t.play("C c, A c, B x")
    t.check_down()
    assert t.settle() == NEUTRAL
    assert t.stacks == {"A": 1000, "B": 1000, "C": 1000}


def test_002_natural_kill_returning_player_gets_the_leg_at_the_next_available_pot() -> None:
    """002 "natural kill": a player who returns while a kill pot is in play gets the button
    with a leg up at the next available pot; meanwhile the pots go on without his leg."""
    button = starting({"state": "killed", "holder": "A", "amount": 20, "frozen": ["C"]})
    t = Table("ABCD", button=button)
    t.deal("B")  # C is back; A kills (in the big blind of C, D, A, B)
    assert [k.player for k in t.kills()] == [2]
    t.win_by_folds("B")
    assert t.settle() == leg("B", "C")
    t.deal("C", cards={"D": JUNK[0], "A": JUNK[1], "B": JUNK[2], "C": JUNK[3]}, board=ROYAL)
    t.play("B f, C f, D c, A x")
    t.check_down()
    assert t.settle() == {"state": "neutral", "holder": None, "amount": None, "legs": {"C": 1}}
    assert flop_win(t, "D", "C") == killed("C", 20)


@pytest.mark.parametrize(("require_flop", "after"), [(False, killed("C", 20)), (True, leg("C"))])
def test_002_natural_kill_second_leg_needs_a_flop_under_require_flop(
    require_flop: bool, after: dict[str, Any]
) -> None:
    """002 "natural kill": "for the second leg to qualify there must be a flop": house
    option ``require_flop`` (RULES.md default off, as 000 and 004 have no such rule). C wins
    a re-raised pot before the flop: a full bet beyond the blinds, but no flop."""
    rules = KillRules(require_flop=require_flop)
    t = Table("ABC", rules, button=starting({"state": "leg_up", "holder": "C"}))
    t.deal("A")
    t.play("A r20, B f, C r30, A f")
    assert t.settle() == after
    assert t.stacks == {"A": 980, "B": 995, "C": 1025}


@pytest.mark.parametrize(("minimum", "after"), [(35, killed("C", 20)), (36, NEUTRAL)])
def test_002_natural_kill_alternate_house_size_for_the_second_leg(
    minimum: int, after: dict[str, Any]
) -> None:
    """002 "natural kill", alternate rule: the house sets the size a pot must reach to
    qualify as the second leg (option ``second_leg_min``, chips won from opponents beyond
    their blinds): C wins 20 from A and 20 from B, whose 5 was his blind: 35."""
    rules = KillRules(second_leg_min=minimum)
    t = Table("ABC", rules, button=starting({"state": "leg_up", "holder": "C"}))
    assert flop_win(t, "A", "C") == after
    assert t.stacks == {"A": 980, "B": 980, "C": 1040}


@pytest.mark.parametrize(
    ("walk_rule", "nonqualifying", "after"),
    [
        ("keep", "neutral", leg("C")),
        ("neutral", "neutral", NEUTRAL),
        ("neutral", "keep", NEUTRAL),
        ("keep", "keep", leg("C")),
    ],
)
def test_002_natural_kill_walk_keeps_the_leg(
    walk_rule: str, nonqualifying: str, after: dict[str, Any]
) -> None:
    """002 "natural kill": a player with one leg up who wins with no flop (a walk) keeps
    the kill button; alternate rule: after a walk the button becomes neutral (option
    ``walk``, which decides a walk whatever ``nonqualifying`` says)."""
    rules = KillRules(walk=walk_rule, nonqualifying=nonqualifying)
    t = Table("ABC", rules, button=starting({"state": "leg_up", "holder": "C"}))
    t.deal("A")
    t.play("A f, B f")  # folded to C's big blind: he wins B's 5
    assert t.settle() == after
    assert t.stacks == {"A": 1000, "B": 995, "C": 1005}


def test_002_scooping_by_an_unmatched_wager_without_the_uncalled_bet() -> None:
    """002 "scooping high and low": a player who wins both halves by an unmatched wager
    scoops; the pot must be at least 5 x the upper limit, measured as the total pot with
    the uncalled bet left out (RULES.md "Triggers"). A's pot is 90 (110 with his uncalled
    20): no kill. A's pot of 180: kill."""
    t = Table("ABC", cfg=O8)
    t.deal("C")
    t.play("C c, A c, B x, A r10, B c, C f, A r20, B c, A r20, B f")
    assert t.h.scoops == (0,)
    assert t.settle() == NEUTRAL
    assert t.stacks == {"A": 1050, "B": 960, "C": 990}
    t.deal("C")
    t.play("C r20, A r30, B c, C c, A r10, B c, C c, A r20, B c, C c, A r20, B f, C f")
    assert t.settle() == killed("A", 20)
    assert t.stacks == {"A": 1170, "B": 900, "C": 930}


def test_002_a_scoop_is_sized_by_the_total_pot_the_winners_own_chips_included() -> None:
    """RULES.md "Triggers" (002: "the total pot"): limit 10/20, blinds 5/10; the winner bet
    70 in all, one opponent called 70 and two folded their blinds: the pot is 155, at least
    100, so the scoop kills, though only 85 of it came from opponents."""
    t = Table("ABCD", cfg=O8)
    t.deal("D", cards=o8_cards("ABCD", "C"), board=O8_BOARD)
    t.play("C r20, D c, A f, B f, C r10, D c, C r20, D c, C r20, D c")
    t.check_down()
    assert t.h.scoops == (2,)
    assert t.settle() == killed("C", 20)
    assert t.stacks == {"A": 995, "B": 990, "C": 1085, "D": 930}


def test_002_scooping_the_whole_pot_when_no_low_qualifies_is_a_scoop() -> None:
    """002 "scooping high and low" (RULES.md): winning the whole pot when no low qualifies
    is a scoop."""
    cards = {"A": "AhAdKcQd", "B": "JhJc8d8h", "C": "TsTc6d6h"}
    t = Table("ABC", cfg=O8)
    t.deal("C", cards=cards, board="KhQh9c3s3d")
    t.play("C r20, A r30, B c, C c, A r10, B c, C c, A r20, B c, C c")
    t.check_down()
    awards = [e for e in t.h.events if isinstance(e, PotAwarded)]
    # no low: the others cannot win a share and muck, A takes the whole pot
    assert [(a.half, a.winners) for a in awards] == [(None, ((0, 180),))]
    assert t.settle() == killed("A", 20)


def test_002_scooping_split_halves_is_no_scoop() -> None:
    """002 "scooping high and low": only winning both halves kills; a big pot whose high
    and low go to different players kills no one (and, scoop being the only trigger, gives
    no leg)."""
    cards = {"A": "Ah3sJcJd", "B": "9c9d6s6c", "C": "KcQhJhTh"}  # C high, A low
    t = Table("ABC", cfg=O8)
    t.deal("C", cards=cards, board=O8_BOARD)
    t.play("C r20, A r30, B c, C c, A r10, B c, C c, A r20, B c, C c")
    t.check_down()
    assert t.settle() == NEUTRAL
    assert t.stacks == {"A": 1030, "B": 940, "C": 1030}


def test_002_scooping_combined_with_the_natural_trigger() -> None:
    """002 "scooping high and low" with RULES.md "triggers" (one or more): with scoop and
    natural together in Omaha hi-lo, a small scoop is a leg up (natural) and a big scoop
    kills at once; the leg-up player's second qualifying pot kills as well."""
    rules = KillRules(triggers=frozenset({Trigger.SCOOP, Trigger.NATURAL}))
    t = Table("ABC", rules, cfg=O8)
    t.deal("C", cards=o8_cards("ABC", "A"), board=O8_BOARD)
    t.play("C c, A c, B x")
    t.check_down()
    assert t.settle() == leg("A")  # 20 won: under 100, but a first leg
    t.deal("A", cards=o8_cards("BCA", "A"), board=O8_BOARD)
    t.play("A c, B c, C x, B x, C x, A r10, B c, C c")
    t.check_down()
    assert t.settle() == killed("A", 20)  # 40 won: a qualifying second leg
    assert t.stacks == {"A": 1060, "B": 970, "C": 970}


@pytest.mark.parametrize(
    ("turn", "won", "after"),
    [("A r20, B c, C f", 60, killed("A", 20)), ("A x, B x, C x", 40, NEUTRAL)],
)
def test_002_winning_a_big_pot_default_five_upper_limits(
    turn: str, won: int, after: dict[str, Any]
) -> None:
    """002 "winning a big pot": winning a pot with more than a certain amount triggers a
    kill, typically five times the upper limit (10-20: 100), at the first pot (no leg
    needed). RULES.md default threshold 5 x the upper limit, measured by the total pot
    (the winner's own chips included): a pot of exactly 100 kills, one of 60 does not."""
    t = Table("ABC", KillRules(triggers=frozenset({Trigger.BIG_POT})))
    t.deal("C", cards=showdown_cards("ABC", "A"), board=DRY)
    t.play(f"C c, A c, B x, A r10, B c, C c, {turn}")
    t.check_down()
    assert t.settle() == after
    assert t.stacks["A"] == 1000 + won


def test_002_winning_a_big_pot_house_threshold_combined_with_natural() -> None:
    """002 "winning a big pot": an arbitrary amount set by management (``big_pot``); RULES.md:
    triggers combine: with natural and big pot, a big first pot kills at once, a small one
    is a leg and a second qualifying pot kills."""
    rules = KillRules(triggers=frozenset({Trigger.NATURAL, Trigger.BIG_POT}), big_pot=40)
    t = Table("ABC", rules)
    assert flop_win(t, "C", "B") == killed("B", 20)  # B wins 40 from opponents
    u = Table("ABC", rules)
    assert walk(u, "C", "C") == leg("C")  # 15: a first leg
    assert flop_win(u, "A", "C") == killed("C", 20)  # 40, and a second leg


def test_002_kill_games_three_states_and_a_pot_that_does_not_qualify() -> None:
    """002 "kill games": the button is neutral, a leg up, or killed (in the pot face up);
    (d) it is neutral when the previous pot did not meet the monetary requirement; the
    alternate (house option ``nonqualifying = keep``) keeps the leg."""
    t = Table("ABC")
    assert t.summary()["state"] == ButtonState.NEUTRAL.value
    assert walk(t, "C", "C") == leg("C")
    assert flop_win(t, "A", "C") == killed("C", 20)
    assert flop_win(t, "B", "A") == leg("A")
    t.deal("C", cards=showdown_cards("ABC", "A"), board=DRY)
    t.play("C f, A c, B x")  # A wins only B's big blind: nothing beyond the blinds
    t.check_down()
    assert t.settle() == NEUTRAL
    a_leg = starting({"state": "leg_up", "holder": "A"})
    keep = Table("ABC", KillRules(nonqualifying="keep"), button=a_leg)
    keep.deal("C", cards=showdown_cards("ABC", "A"), board=DRY)
    keep.play("C f, A c, B x")
    keep.check_down()
    assert keep.settle() == leg("A")


@pytest.mark.parametrize("killer_acts", ["in_turn", "last"])
def test_002_opening_round_killer_under_the_gun_acts_after_the_big_blind(
    killer_acts: str,
) -> None:
    """002 "opening round action in killed pots": when the killer is under the gun (three
    blinds in a row), action begins to the left of the killer, who acts after the big
    blind (the same order as the ``last`` alternate gives)."""
    t = Table("ABCD", KillRules(killer_acts=killer_acts), button=starting(KILLED_C))
    t.deal("D")
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10), ("C", "kill", 20)]
    t.play("D c, A c, B c, C r40, D c, A c, B c")
    assert t.calls == [("D", 20), ("A", 15), ("B", 10), ("C", 0), ("D", 20), ("A", 20), ("B", 20)]
    assert t.h.street == 1 and t.to_act() == "A"


def test_002_opening_round_first_player_must_call_the_kill() -> None:
    """002 "opening round action": in a 10-20 game killed, action begins immediately left of
    the big blind and the first player must call 20, raise to 40 or fold."""
    t = Table("ABCDE", button=starting({"state": "killed", "holder": "E", "amount": 20}))
    t.deal("E")
    legal = t.legal()
    assert t.to_act() == "C"
    assert (legal.can_fold, legal.can_check, legal.call_amount) == (True, False, 20)
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 40)


def test_002_opening_round_alternate_killer_acts_last_with_the_option() -> None:
    """002 "opening round action", alternate rule (003): action begins left of the killer,
    who acts last on the first round with the option the big blind normally has (house
    option ``killer_acts = last``)."""
    rules = KillRules(killer_acts="last")
    t = Table("ABCDE", rules, button=starting({"state": "killed", "holder": "D", "amount": 20}))
    t.deal("E")
    t.play("E c, A c, B c, C c")
    assert t.to_act() == "D"
    legal = t.legal()
    assert (legal.can_check, legal.min_raise_to) == (True, 40)
    t.play("D r40, E c, A c, B c, C c")
    assert t.calls == [("E", 20), ("A", 15), ("B", 10), ("C", 20), ("D", 0)] + [
        ("E", 20),
        ("A", 20),
        ("B", 20),
        ("C", 20),
    ]
    assert t.h.street == 1


def test_002_unposted_kill_missed_by_mistake_may_be_posted_next_hand() -> None:
    """002 "unposted but required kills": should a player by mistake fail to kill a hand he
    should have, he may, but is not required to, kill the pot on the next dealt hand (the
    option lapses after it)."""
    t = Table("ABCD", button=starting(KILLED_C))
    t.deal("D", mistake=True)  # dealt unkilled by mistake
    assert t.kills() == []
    t.win_by_folds("A")
    assert t.settle() == leg("A")
    assert t.tracker.button.missed == {"C": 20}
    # the next hand C may post it
    t.deal("A", offer=Kill("C", 0, "missed"))
    assert t.kills() == [PotKilled(1, 20, "missed", "Limit Hold'em 20/40")]
    t.win_by_folds("B")
    assert t.settle() == leg("B")
    assert t.tracker.button.missed == {}
    # or not: the hand goes unkilled and the option is gone after it
    u = Table("ABCD", button=starting(KILLED_C))
    u.deal("D", mistake=True)
    u.win_by_folds("A")
    u.settle()
    u.deal("A")
    assert u.kills() == []
    u.win_by_folds("B")
    u.settle()
    assert u.tracker.button.missed == {}
    with pytest.raises(IllegalAction, match="no missed kill"):
        u.deal("B", offer=Kill("C", 0, "missed"))


def test_002_unposted_kill_alternate_must_kill_the_next_unkilled_pot() -> None:
    """002 "unposted but required kills", alternate rule: a player who failed to kill by
    mistake must kill the next unkilled pot (option ``missed = must_next_unkilled``): a
    pot another player must kill comes first."""
    rules = KillRules(
        missed="must_next_unkilled",
        triggers=frozenset({Trigger.NATURAL, Trigger.BIG_POT}),
        big_pot=60,
    )
    t = Table("ABCD", rules, button=starting(KILLED_C))
    t.deal("D", cards=showdown_cards("ABCD", "D"), board=DRY, mistake=True)
    assert t.kills() == [] and t.to_act() == "C"  # dealt unkilled: C under the gun
    t.play("C c, D r20, A c, B c, C c")
    t.check_down()
    assert t.settle() == killed("D", 20)  # D won 60 from opponents: a big pot
    assert t.tracker.button.missed == {"C": 20}
    t.deal("A")  # D's required kill takes this deal; C's missed kill waits
    assert [(k.player, k.reason) for k in t.kills()] == [(2, "required")]
    t.win_by_folds("B")
    assert t.settle() == leg("B")
    assert t.tracker.button.missed == {"C": 20}
    t.deal("B")  # the next unkilled pot: C must kill it (soft in his small blind)
    assert t.kills() == [PotKilled(0, 20, "missed", "Limit Hold'em 20/40")]
    assert t.posted() == [("C", "kill", 20), ("D", "big_blind", 10)]
    t.win_by_folds("A")
    assert t.settle() == leg("A")
    assert t.tracker.button.missed == {}


def test_002_unposted_kill_refusing_killer_is_removed_and_owes_it_on_return() -> None:
    """002 "unposted but required kills": a player who refuses to post his kill is ejected
    (RULES.md: the host may remove him) and may not play in the game until the kill money
    is posted; 000 kill §1(b): with the last winner gone the button is neutral."""
    t = Table("ABCD", button=starting(KILLED_C))
    t.deal("D", present="ABD", quit=["C"])  # the host removed C
    assert t.kills() == []
    t.win_by_folds("A")
    assert t.settle() == leg("A")
    assert t.tracker.button.owes_next == {"C": 20}
    t.deal("A")  # C comes back: he posts the kill before he plays again
    assert t.kills() == [PotKilled(1, 20, "required", "Limit Hold'em 20/40")]
    assert t.posted() == [("B", "small_blind", 5), ("C", "kill", 20)]
    t.win_by_folds("D")
    assert t.settle() == leg("D")
    assert t.tracker.button.owes_next == {}


def test_002_half_kill_is_one_and_a_half_big_blinds() -> None:
    """002 "half kill": the kill blind is 150% of the big blind and the stakes rise
    accordingly: a 10-20 game with a half kill takes a kill of 15 and is played 15-30."""
    t = Table("ABC", KillRules(size=KillSize.HALF))
    assert walk(t, "C", "C") == leg("C")
    assert flop_win(t, "A", "C") == killed("C", 15)
    t.deal("B", cards=showdown_cards("CAB", "C"), board=DRY)
    assert t.kills() == [PotKilled(0, 15, "required", "Limit Hold'em 15/30")]
    assert t.posted() == [("C", "kill", 15), ("A", "big_blind", 10)]
    legal = t.legal()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (15, 30, 30)
    t.play("B c, C x, A c, C r15, A c, B c, C r30, A c, B c")
    assert t.calls[-1] == ("B", 30)
    t.check_down()
    assert t.settle() == killed("C", 15)  # wins again: kills again for the same 15
    assert t.stacks == {"A": 915, "B": 910, "C": 1175}


@pytest.mark.parametrize(
    ("stakes", "unit", "kill", "bets"),
    [
        (Stakes(2, 5, small_bet=5, big_bet=10), 1, 8, (8, 15)),
        (Stakes(5, 15, small_bet=15, big_bet=30), 5, 25, (25, 45)),
    ],
    ids=["7.5 up to 8", "22.5 up to 25 (bet unit 5)"],
)
def test_002_half_kill_odd_amounts_round_up_to_the_bet_unit(
    stakes: Stakes, unit: int, kill: int, bets: tuple[int, int]
) -> None:
    """002 "half kill" with RULES.md "money": an amount derived by a fraction (1.5 x) is
    rounded up to the bet unit: the kill and each limit."""
    cfg = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, stakes, HouseRules(bet_unit=unit))
    rules = KillRules(size=KillSize.HALF)
    t = Table("ABCD", rules, cfg=cfg, button=starting({"state": "leg_up", "holder": "D"}))
    assert flop_win(t, "D", "D") == killed("D", kill)
    t.deal("A", cards=showdown_cards("BCDA", "D"), board=DRY)
    assert t.posted() == [
        ("B", "small_blind", stakes.small_blind),
        ("C", "big_blind", stakes.big_blind),
        ("D", "kill", kill),
    ]
    assert (t.h.config.stakes.small_bet, t.h.config.stakes.big_bet) == bets
    legal = t.legal()  # D under the gun: action begins left of him
    assert t.to_act() == "A"
    assert (legal.call_amount, legal.min_raise_to) == (kill, kill + bets[0])


def test_002_voluntary_kill_posted_before_the_deal_and_killer_is_any_winner() -> None:
    """002 "voluntary kills": if no player objects a player may kill voluntarily; the kill
    is announced and posted before the first card; RULES.md: a voluntary killer who wins is
    treated as any winner: with a leg up already, it is his second leg."""
    t = Table("ABCD", button=starting({"state": "leg_up", "holder": "D"}))
    t.deal("D", cards=showdown_cards("ABCD", "D"), board=DRY, offer=Kill("D", 0, "voluntary"))
    kinds = [type(e).__name__ for e in t.h.events]
    assert kinds.index("PotKilled") < kinds.index("HoleCardsDealt")
    assert t.kills() == [PotKilled(3, 20, "voluntary", "Limit Hold'em 20/40")]
    t.bet_flop("D")
    assert t.settle() == killed("D", 20)
    assert t.stacks == {"A": 960, "B": 960, "C": 960, "D": 1120}


def test_002_misc_1_no_blind_chopping_in_a_killed_pot() -> None:
    """002 misc §1: blind chopping is prohibited in killed pots: when everyone folds to the
    blinds, the big blind must still call the kill, raise or fold (there is no chop)."""
    t = Table("ABCD", button=starting({"state": "killed", "holder": "A", "amount": 20}))
    t.deal("D")
    assert t.posted() == [("A", "kill", 20), ("B", "big_blind", 10)]
    t.play("C f, D f, A x")
    legal = t.legal()
    assert t.to_act() == "B"
    assert (legal.can_fold, legal.call_amount, legal.min_raise_to) == (True, 10, 40)
    t.play("B c")
    assert t.h.street == 1 and not t.h.is_complete


@pytest.mark.parametrize(
    ("reason", "posted", "top"),
    [
        ("required", [("A", "kill", 20), ("B", "big_blind", 10)], 70),
        ("voluntary", [("A", "dead", 5), ("A", "kill", 20), ("B", "big_blind", 10)], 75),
    ],
)
def test_002_misc_2_kill_blinds_count_in_the_pot_limit_pot(
    reason: str, posted: list[tuple[str, str, int]], top: int
) -> None:
    """002 misc §2: kill blinds are part of the pot for pot-limit sizes (and dead money,
    a voluntary killer's small blind, is in the pot too): soft kill 20 + 10: the first
    player may call 20 and raise to 20 + 50 = 70; with the dead 5 as well, to 75."""
    if reason == "required":
        button = starting({"state": "killed", "holder": "A", "amount": 20})
        t = Table("ABCD", cfg=PLO, button=button)
        t.deal("D")
    else:
        t = Table("ABCD", cfg=PLO)
        t.deal("D", offer=Kill("A", 0, "voluntary"))
    assert t.posted() == posted
    legal = t.legal()
    assert t.to_act() == "C"
    assert (legal.call_amount, legal.max_raise_to) == (20, top)
    t.play(f"C r{top}, D f, A f, B f")
    t.settle()
    assert t.stacks["C"] == 1000 + (top - 40)


def test_002_misc_3_killed_pot_is_announced_to_the_whole_table() -> None:
    """002 misc §3: the dealer announces kill pots so everyone knows the kill rules are in
    effect: the announcement is public, names the killer and the stakes, and comes before
    any chip goes in; a player then may not act at the old stakes (000 kill §9)."""
    t = Table("ABC", cfg=NL, button=starting(KILLED_C))
    t.deal("A")
    (kill,) = t.kills()
    assert kill.private_to is None
    assert (t.h.names[kill.player], kill.amount) == ("C", 20)
    assert kill.stakes == "No-Limit Hold'em 5/20"
    assert t.h.events.index(kill) < min(
        t.h.events.index(e) for e in t.h.events if isinstance(e, Posted)
    )
    assert t.legal().call_amount == 20


def test_002_misc_4_only_one_kill_per_hand_kill_to_come_in() -> None:
    """002 misc §4: only one kill is allowed per hand; 000 preamble: a player may kill to be
    dealt in at once instead of waiting for the big blind (``come_in``), but not into a deal
    that already carries a kill."""
    t = Table("ABCDE", button=starting(KILLED_C))
    with pytest.raises(IllegalAction, match="one kill per deal"):
        t.deal("D", offer=Kill("E", 0, "come_in"))
    u = Table("ABCDE")
    u.deal("A", offer=Kill("E", 0, "come_in"))
    assert u.kills() == [PotKilled(3, 20, "come_in", "Limit Hold'em 20/40")]
    assert u.posted() == [("B", "small_blind", 5), ("C", "big_blind", 10), ("E", "kill", 20)]
    assert u.to_act() == "D" and u.legal().call_amount == 20
    u.win_by_folds("E")
    assert u.settle() == leg("E")


def test_002_misc_5_kill_game_is_a_different_game_type() -> None:
    """002 misc §5: for broken-game status a game with a mandatory kill is a different type
    from an otherwise similar game: the half-kill and full-kill versions of 10-20 hold'em
    differ by their house rules and their killed stakes."""
    full, half = KillRules(), KillRules(size=KillSize.HALF)
    assert full.to_fields() != half.to_fields()
    assert full.killed_config(LIMIT).describe() == "Limit Hold'em 20/40"
    assert half.killed_config(LIMIT).describe() == "Limit Hold'em 15/30"


@pytest.mark.parametrize(("pot_counts", "after"), [("main", leg("A")), ("larger", leg("B"))])
def test_002_misc_6_the_main_pot_decides(pot_counts: str, after: dict[str, Any]) -> None:
    """002 misc §6: winning the main pot decides whether a kill is triggered (alternate
    rule: the larger of the main pot and the side pot, ``pot_counts = larger``). A, all-in
    for 50, wins the main pot of 150; B wins the side pot of 500."""
    t = Table("ABC", KillRules(pot_counts=pot_counts), cfg=NL, stacks={"A": 50})
    t.deal("C", cards={"A": "AsAh", "B": "QcQh", "C": "7c8d"}, board=DRY)
    t.play("C c, A a, B r300, C c")
    t.check_down()
    awards = [(e.pot, e.amount, e.winners) for e in t.h.events if isinstance(e, PotAwarded)]
    assert awards == [(0, 150, ((0, 150),)), (1, 500, ((1, 500),))]
    assert t.settle() == after
    assert t.stacks == {"A": 150, "B": 1200, "C": 700}


def test_002_misc_6_side_pot_winner_counts_when_hands_are_mucked() -> None:
    """002 misc §6 with the ``larger`` alternate: when the short all-in and another player
    muck at the showdown, the pots are the ones the hand awarded, and the sole winner of
    everything takes the leg (the button used to go neutral: no one won the "side pot"
    the tracker looked for)."""
    t = Table("ABC", KillRules(pot_counts="larger"), cfg=NL, stacks={"A": 30})
    t.deal("C", cards={"A": "2h3d", "B": "AsAd", "C": "QhJd"}, board=DRY, auto_showdown=False)
    t.play("C c, A a, B r100, C c, B x, C x, B x, C x, B x, C x")
    t.h.apply(Muck(0))
    t.h.apply(Show(1))
    t.h.apply(Muck(2))
    assert t.h.mucked == {0, 2}
    assert t.settle() == leg("B")
    assert t.stacks == {"A": 0, "B": 1130, "C": 900}


@pytest.mark.parametrize("seat", ["small", "big"])
def test_002_misc_7_soft_kill_but_no_voluntary_soft_kill(seat: str) -> None:
    """002 misc §7: a required killer in the small or big blind posts only the kill, not his
    blind plus the kill (a soft kill); voluntary soft kills are not permitted: a voluntary
    killer in a blind posts his blind (as dead money) and the kill."""
    killer = "A" if seat == "small" else "B"
    blind = 5 if seat == "small" else 10
    other = ("B", "big_blind", 10) if seat == "small" else ("A", "small_blind", 5)
    soft = Table("ABCD", button=starting({"state": "killed", "holder": killer, "amount": 20}))
    soft.deal("D")
    assert sorted(soft.posted()) == sorted([(killer, "kill", 20), other])
    assert soft.h.stacks[soft.h.names.index(killer)] == 980
    vol = Table("ABCD")
    vol.deal("D", offer=Kill(killer, 0, "voluntary"))
    assert sorted(vol.posted()) == sorted([(killer, "dead", blind), (killer, "kill", 20), other])
    assert vol.h.stacks[vol.h.names.index(killer)] == 980 - blind
    for t in (soft, vol):
        assert t.to_act() == "C"
        t.win_by_folds(killer)
        t.settle()
    assert soft.stacks[killer] == vol.stacks[killer] == 1000 + other[2]


def test_002_lowball_8_other_kill_rules_apply_to_lowball() -> None:
    """002 special lowball kill rules §8: all other kill pot rules apply to lowball: two
    pots in a row (the second winning a full bet beyond the blinds) kill the next, a
    required killer in the small blind posts a soft kill, and a pot with its kill has no
    two-card kill window (one kill per deal)."""
    t = Table("ABC", cfg=LOWBALL)
    assert walk(t, "C", "C") == leg("C")
    t.deal("A")
    t.h.close_kill_window([])
    t.play("A c, B c, C x, B d, C d, A d, B x, C r20, A f, B f")
    assert t.settle() == killed("C", 20)
    t.deal("B")
    assert t.h.phase is Phase.BETTING  # no window: the deal already carries a kill
    assert t.kills() == [PotKilled(0, 20, "required", "Limit Ace-to-Five Lowball 20/40")]
    assert t.posted() == [("C", "kill", 20), ("A", "big_blind", 10)]
    assert t.to_act() == "B" and t.legal().call_amount == 20
    t.win_by_folds("C")
    assert t.settle() == killed("C", 20)
    assert t.stacks == {"A": 975, "B": 980, "C": 1045}


def test_002_lowball_9_kill_after_two_cards() -> None:
    """002 special lowball kill rules §9: players may look at their first two cards and
    then kill voluntarily; the first claim in turn (from the button's left) wins; no
    window when voluntary kills are prohibited (alternate) or the deal already has a kill."""
    t = Table("ABCD", cfg=LOWBALL)
    t.deal("D")
    t.h.close_kill_window([3, 1])
    assert [(k.player, k.reason) for k in t.kills()] == [(1, "voluntary")]
    # B killed from the big blind: no soft kill, his blind stays in as dead money
    assert t.posted()[-1] == ("B", "kill", 20) and t.h.dead == 10
    assert t.to_act() == "C" and t.legal().call_amount == 20
    prohibited = Table("ABCD", KillRules(voluntary=False), cfg=LOWBALL)
    prohibited.deal("D")
    assert prohibited.h.phase is Phase.BETTING and prohibited.kills() == []
    owed = Table("ABCD", cfg=LOWBALL, button=starting(KILLED_C))
    owed.deal("D")
    assert owed.h.phase is Phase.BETTING and len(owed.kills()) == 1


def test_002_lowball_10_new_player_in_a_killed_lowball_pot() -> None:
    """002 special lowball kill rules §10: a new player may be dealt into an already killed
    lowball pot by agreeing to kill the next available pot (after any objection window,
    the table's part); he then kills it as a required kill."""
    t = Table("ABCD", cfg=LOWBALL, button=starting(KILLED_C))
    t.deal("A", newcomers=["D"])
    assert [t.h.names[k.player] for k in t.kills()] == ["C"]
    t.win_by_folds("A")
    assert t.settle() == leg("A")
    assert t.tracker.button.owes_next == {"D": 20}
    t.deal("B")
    assert t.kills() == [PotKilled(1, 20, "required", "Limit Ace-to-Five Lowball 20/40")]
    t.win_by_folds("A")
    t.settle()
    assert t.tracker.button.owes_next == {}


# ---------------------------------------------------------------------------------------
# 003: PLAYING WITH A KILL BUTTON
# ---------------------------------------------------------------------------------------


def test_003_killer_acts_last_on_the_first_round() -> None:
    """003: the killer "earns the right to act last on the first round of betting"
    (``killer_acts = last``): with the killer in the small blind, action begins with the
    big blind and goes round to the killer, who has the option."""
    rules = KillRules(killer_acts="last")
    t = Table("ABCD", rules, button=starting({"state": "killed", "holder": "A", "amount": 20}))
    t.deal("D")
    t.play("B c, C c, D c")
    assert t.calls == [("B", 10), ("C", 20), ("D", 20)]
    assert t.to_act() == "A"
    legal = t.legal()
    assert (legal.can_check, legal.min_raise_to) == (True, 40)
    t.play("A x")
    assert t.h.street == 1 and t.to_act() == "A"


def test_003_omaha_scoop_kills_holdem_needs_two_pots() -> None:
    """003: in Omaha (hi-lo) a scoop of a big enough pot kills; in hold'em (and, RULES.md,
    any game without a low) it takes two consecutive qualifying pots."""
    script = "C r20, A r30, B c, C c, A r10, B c, C c, A r20, B c, C c"
    o8 = Table("ABC", cfg=O8)
    o8.deal("C", cards=o8_cards("ABC", "A"), board=O8_BOARD)
    o8.play(script)
    o8.check_down()
    assert o8.settle() == killed("A", 20)
    holdem = Table("ABC")
    holdem.deal("C", cards=showdown_cards("ABC", "A"), board=DRY)
    holdem.play(script)
    holdem.check_down()
    assert holdem.settle() == leg("A")
    assert flop_win(holdem, "A", "A") == killed("A", 20)


def test_003_killer_continues_to_kill_until_he_loses() -> None:
    """003: the player killing the pot continues to do so until he loses the hand."""
    t = Table("ABC", button=starting(KILLED_C))
    for button in ("A", "B", "C"):
        t.deal(button)
        assert [t.h.names[k.player] for k in t.kills()] == ["C"]
        t.win_by_folds("C")
        assert t.settle() == killed("C", 20)
    t.deal("A")
    t.win_by_folds("A")
    assert t.settle() == leg("A")
    assert t.stacks == {"A": 1010, "B": 980, "C": 1010}


def test_003_killer_who_splits_still_posts_a_kill() -> None:
    """003: if players split a pot with the killer, the killer must still continue to post
    a kill blind."""
    t = Table("ABCD", cfg=NL, button=starting(KILLED_C))
    t.deal("D", cards={"A": JUNK[0], "B": JUNK[1], "C": JUNK[2], "D": JUNK[3]}, board=ROYAL)
    t.play("D c, A c, B c, C x")
    t.check_down()
    assert t.settle() == killed("C", 20)
    assert t.stacks == {"A": 1000, "B": 1000, "C": 1000, "D": 1000}


# ---------------------------------------------------------------------------------------
# RULES.md house options and table events not numbered in the sources
# ---------------------------------------------------------------------------------------


def test_rules_short_killer_posts_all_in_and_the_pot_is_still_killed() -> None:
    """RULES.md "kill pots": a short killer posts what he has, all-in; the pot is still
    killed (stakes 20/40 on every street)."""
    button = starting({"state": "killed", "holder": "D", "amount": 20})
    t = Table("ABCD", stacks={"D": 7}, button=button)
    t.deal("D", cards=showdown_cards("ABCD", "D"), board=DRY)
    assert t.kills() == [PotKilled(3, 20, "required", "Limit Hold'em 20/40")]
    posts = [e for e in t.h.events if isinstance(e, Posted) and e.kind == "kill"]
    assert [(e.amount, e.all_in) for e in posts] == [(7, True)]
    assert t.to_act() == "C"
    t.play("C c, A c, B c")
    assert t.h.street == 1
    assert t.legal().min_raise_to == 20  # the killed small bet
    t.check_down()
    assert t.settle() == killed("D", 20)  # D wins his main pot: he kills again
    assert t.stacks["D"] == 28


def test_rules_short_killer_first_player_still_calls_the_kill() -> None:
    """002 "opening round action": the first player must call the amount of the kill (20),
    raise to 40 or fold, even when the killer posted less, all-in."""
    button = starting({"state": "killed", "holder": "D", "amount": 20})
    t = Table("ABCD", stacks={"D": 7}, button=button)
    t.deal("D")
    legal = t.legal()
    assert (legal.call_amount, legal.min_raise_to) == (20, 40)


def test_rules_run_it_twice_with_different_winners_is_a_split() -> None:
    """RULES.md "who holds what after a hand": a board run twice with different winners
    counts as a split (000 NL §17 with 000 kill §4): the leg-up player who wins one run
    keeps his leg; no one takes a new one."""
    t = Table("ABC", cfg=NL, button=starting({"state": "leg_up", "holder": "C"}))
    cards = {"B": "7c8d", "C": "AsAh", "A": "KcKh"}
    t.deal("A", cards=cards, board="2c3d4h9sTd" + "Kd2s5c9hJc", offer_runs=True)
    t.play("A a, B f, C c")
    t.h.apply(AgreeRuns(1, 2))
    t.h.apply(AgreeRuns(2, 2))
    awards = [(e.run, e.winners) for e in t.h.events if isinstance(e, PotAwarded)]
    assert awards == [(0, ((1, 1003),)), (1, ((2, 1002),))]
    assert t.settle() == leg("C")
    assert t.stacks == {"A": 1002, "B": 995, "C": 1003}


def test_rules_no_straddle_in_a_killed_pot() -> None:
    """RULES.md "kill pots": a kill pot has no straddle: a set-up asking for one is dealt
    without it when killed."""
    plain = Table("ABCD", cfg=NL)
    plain.deal("D", straddle=True)
    assert ("C", "straddle", 20) in plain.posted()
    t = Table("ABCD", cfg=NL, button=starting({"state": "killed", "holder": "D", "amount": 20}))
    t.deal("D", straddle=True)
    assert t.setup is not None and not t.setup.straddle
    assert t.posted() == [("A", "small_blind", 5), ("B", "big_blind", 10), ("D", "kill", 20)]
    assert t.to_act() == "C" and t.legal().call_amount == 20


def test_rules_absent_leg_frozen_and_button_neutral_meanwhile() -> None:
    """RULES.md "coming and going" (000 kill §5, 002): while a leg-up player is away his leg
    is frozen and the button is neutral for the hands played without him: a player who
    wins a qualifying pot then has only a first leg, not C's second."""
    t = Table("ABCD", button=starting({"state": "leg_up", "holder": "C"}))
    assert flop_win(t, "D", "A", present="ABD") == leg("A", "C")
    assert flop_win(t, "A", "A", present="ABD") == killed("A", 20, "C")
    t.deal("B")  # C back while A kills: C waits
    t.win_by_folds("A")
    assert t.settle() == killed("A", 20, "C")


def test_rules_kill_button_round_trip_and_restored_tracker_continues() -> None:
    """RULES.md "kill button": the button saves and restores exactly (a new session of the
    same game carries the legs); a tracker restored from the saved button continues as the
    original does; a saved button that is not valid is refused."""
    button = KillButton(
        state=ButtonState.KILLED,
        holder="C",
        amount=20,
        frozen=["E"],
        waiting=["F"],
        missed={"B": 20},
        owes_next={"D": 20},
    )
    data = json.loads(json.dumps(button.to_dict()))
    assert KillButton.from_dict(data) == button
    assert button.summary() == killed("C", 20, "E", "F")
    for bad in (
        {"state": "broken"},
        {"state": "leg_up"},
        {"state": "killed", "holder": "C"},
    ):
        with pytest.raises(ConfigError):
            KillButton.from_dict(bad)
    first = Table("ABCD", button=starting(KILLED_C))
    walk(first, "D", "C")
    saved = KillButton.from_dict(first.tracker.button.to_dict())
    copy = Table("ABCD", stacks=first.stacks, button=saved)
    for table in (first, copy):
        walk(table, "A", "A")
        flop_win(table, "B", "A")
        walk(table, "C", "B")
    assert first.summary() == copy.summary() == leg("B")
    assert first.tracker.button.to_dict() == copy.tracker.button.to_dict()


def test_rules_settle_refuses_an_unfinished_or_unprepared_hand() -> None:
    """The button moves only after a finished hand that was prepared for it."""
    tracker = KillTracker(KillRules())
    with pytest.raises(IllegalAction, match="no hand was prepared"):
        tracker.settle(Hand(Table("ABC").base_setup("C")))
    t = Table("ABC")
    t.deal("C")
    with pytest.raises(IllegalAction, match="hand is over"):
        t.tracker.settle(t.h)


def test_002_kill_pot_games_a_kill_table_of_ante_games_only_is_refused() -> None:
    """002 kill/kill-pot-games: a kill needs blinds, so 'new razz kill' (or a mix of
    stud games with a kill) is refused at set-up, and so is changing a kill table's game
    to one played with antes only; a mix with one game with blinds keeps its kill."""
    from bot.engine.regame import changed_settings
    from bot.words.commands import ParseError
    from bot.words.tablesetup import parse_table_setup

    for words in ("new razz kill", "new stud fl kill", "new mix stud,razz kill"):
        with pytest.raises(ParseError, match="a kill needs blinds"):
            parse_table_setup(words)
    assert parse_table_setup("new horse kill").kill is not None
    table = parse_table_setup("new holdem nl 1/2 kill")
    with pytest.raises(IllegalAction, match="a kill needs blinds"):
        changed_settings(table, "game", "razz")
