"""Kill games played at random: thousands of hands through :class:`KillTracker` and
:class:`Hand` with players sitting out, coming back, quitting and joining between hands.

After every action the chips in play equal the chips the hand started with, and across
hands the table's chips change only by buy-ins and cash-outs. Every deal carries at most
one kill (000 kill §11), a killed hand is played at the scaled stakes (002 "kill defined",
"half kill"), a kill owed is posted (000 kill §6-7), games without blinds are never killed
and leave the button alone (002, RULES.md "kill pots"), and a tracker restored from the
saved button continues exactly as the original (RULES.md: legs carry between sessions).

Deterministic: every session is driven by its own seeded :class:`random.Random`.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest

from bot.engine.actions import Action, AllIn, BringIn, Call, Check, Discard, Fold, Raise
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.events import Posted, PotKilled
from bot.engine.games import spec_for
from bot.engine.hand import Hand, HandSetup, Phase
from bot.engine.kills import ButtonState, Kill, KillButton, KillRules, KillSize, Trigger
from bot.engine.killtracker import KillTracker
from bot.engine.rotation import config_for

POOL = tuple("ABCDEFGHIJKL")
LIMIT = GameConfig(Game.HOLDEM, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20))

GAMES: dict[str, tuple[tuple[GameConfig, ...], KillRules]] = {
    "limit holdem, natural": ((LIMIT,), KillRules()),
    "no-limit holdem, half kill, killer last, big pot": (
        (GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(5, 10)),),
        KillRules(
            size=KillSize.HALF,
            killer_acts="last",
            triggers=frozenset({Trigger.NATURAL, Trigger.BIG_POT}),
            split="neutral",
            missed="must_next_unkilled",
        ),
    ),
    "no-limit holdem, bet unit 5, walk neutral, larger pot": (
        (GameConfig(Game.HOLDEM, Structure.NO_LIMIT, Stakes(5, 15), HouseRules(bet_unit=5)),),
        KillRules(
            size=KillSize.HALF,
            walk="neutral",
            nonqualifying="keep",
            pot_counts="larger",
            require_flop=True,
        ),
    ),
    "omaha hi-lo limit, scoop": (
        (
            GameConfig(
                Game.OMAHA_HILO, Structure.FIXED_LIMIT, Stakes(5, 10, small_bet=10, big_bet=20)
            ),
        ),
        KillRules(triggers=frozenset({Trigger.SCOOP})),
    ),
    "pot-limit omaha hi-lo, scoop and natural": (
        (GameConfig(Game.OMAHA_HILO, Structure.POT_LIMIT, Stakes(5, 10)),),
        KillRules(triggers=frozenset({Trigger.SCOOP, Trigger.NATURAL}), voluntary=False),
    ),
    "mix: holdem, omaha hi-lo, stud, ace-to-five lowball": (
        tuple(
            config_for(game, LIMIT)
            for game in (Game.HOLDEM, Game.OMAHA_HILO, Game.STUD, Game.ACE_TO_FIVE)
        ),
        KillRules(),
    ),
}

SEEDS_PER_GAME = 4
HANDS_PER_SESSION = 110
HANDS_PER_GAME_OF_A_MIX = 3


def scale(chips: int, size: KillSize, unit: int) -> int:
    """A limit at killed stakes: doubled, or 1.5 x rounded up to the bet unit (002)."""
    num, den = (2, 1) if size is KillSize.FULL else (3, 2)
    raw = -(-chips * num // den)
    return -(-raw // unit) * unit


@dataclass
class Session:
    """One table's night: seats, who is away, stacks, the tracker and a restored copy."""

    rng: random.Random
    games: tuple[GameConfig, ...]
    rules: KillRules
    seats: list[str] = field(default_factory=list)
    away: set[str] = field(default_factory=set)
    stacks: dict[str, int] = field(default_factory=dict)
    played: set[str] = field(default_factory=set)
    bank: int = 0  # chips bought in, minus chips cashed out by quitters
    button: str | None = None
    tracker: KillTracker = field(init=False)
    copy: KillTracker | None = None
    kills: int = 0
    hands: int = 0

    def __post_init__(self) -> None:
        self.tracker = KillTracker(self.rules)
        for name in POOL[: self.rng.randint(3, 6)]:
            self.sit(name)
        self.played.update(self.seats)  # the players who start the game are not newcomers

    @property
    def base(self) -> GameConfig:
        """The game with blinds whose stakes the kill amounts come from."""
        return self.games[0]

    def current(self) -> GameConfig:
        """This hand's game (a mix changes game every few hands)."""
        return self.games[self.hands // HANDS_PER_GAME_OF_A_MIX % len(self.games)]

    # -------------------------------------------------------------- between hands

    def sit(self, name: str) -> None:
        """A player takes a seat (a new player, or a quitter coming back as one)."""
        self.seats.append(name)
        self.stacks[name] = self.buy_in()
        self.bank += self.stacks[name]

    def buy_in(self) -> int:
        return self.rng.choice((3, 8, 40, 100, 250)) * self.base.stakes.big_blind

    def owes(self, name: str) -> bool:
        button = self.tracker.button
        return button.state is ButtonState.KILLED and button.holder == name

    def comings_and_goings(self) -> list[str]:
        """Sit outs, returns, quits and new players; returns who quit."""
        rng = self.rng
        quit: list[str] = []
        for name in list(self.seats):
            roll = rng.random()
            if name in self.away:
                if roll < 0.5:
                    self.away.discard(name)
            elif roll < 0.06 and not self.owes(name):
                self.away.add(name)
            elif roll < 0.09 and (not self.owes(name) or rng.random() < 0.3):
                quit.append(name)  # a killer who leaves anyway is removed by the host
        for name in quit:
            self.seats.remove(name)
            self.away.discard(name)
            self.played.discard(name)  # if he comes back, he is a new player
            self.bank -= self.stacks.pop(name)
        while len(self.seated()) < 3 or (len(self.seated()) < 6 and rng.random() < 0.08):
            free = [p for p in POOL if p not in self.seats]
            if not free:
                break
            self.sit(rng.choice(free))
        while len(self.seated()) < 3:
            self.away.discard(sorted(self.away)[0])
        while len(self.seated()) > 6:
            self.away.add([n for n in self.seated() if not self.owes(n)][-1])
        for name in self.seated():
            if self.stacks[name] == 0:  # busted: buys in again
                self.stacks[name] = self.buy_in()
                self.bank += self.stacks[name]
        return quit

    def seated(self) -> list[str]:
        return [s for s in self.seats if s not in self.away]

    def order(self) -> tuple[str, ...]:
        """Move the button to the next player dealt in; hand order, button last."""
        present = self.seated()
        if self.button in present:
            b = (present.index(self.button) + 1) % len(present)
        else:
            b = self.rng.randrange(len(present))
        self.button = present[b]
        return tuple(present[(b + 1 + k) % len(present)] for k in range(len(present)))

    # -------------------------------------------------------------- one hand

    def play_hand(self) -> None:
        cfg = self.current()
        quit = self.comings_and_goings()
        names = self.order()
        newcomers = [n for n in names if n not in self.played]
        deck = Deck(rng=random.Random(self.rng.getrandbits(32))).order
        straddle = cfg.structure is Structure.NO_LIMIT and self.rng.random() < 0.2
        stacks = tuple(self.stacks[n] for n in names)
        base = HandSetup(cfg, names, stacks, straddle=straddle, deck_order=deck)
        self.check_absent_killer_refused(cfg, names, quit)
        offer = self.offer(names)
        before = self.tracker.button.to_dict()
        setup = self.prepare(self.tracker, base, quit, offer, newcomers)
        if self.copy is not None:
            copied = self.prepare(self.copy, base, quit, offer, newcomers)
            assert copied == setup, "a restored tracker prepares the same deal"
        mistake = setup.kill is not None and self.rng.random() < 0.03
        hand = Hand(base if mistake else setup)
        self.check_setup(base, setup, before, hand, mistake)
        self.play_out(hand)
        self.check_kills(base, setup, hand)
        self.settle(hand, before, quit)
        self.played.update(names)

    def check_absent_killer_refused(
        self, cfg: GameConfig, names: tuple[str, ...], quit: list[str]
    ) -> None:
        """000 kill §6: a deal of a game with blinds without the player who owes the kill is
        refused, and nothing changes; a game without blinds goes on without him."""
        button = self.tracker.button
        holder = button.holder
        if button.state is ButtonState.KILLED and holder in names and len(names) > 2:
            without = tuple(n for n in names if n != holder)
            setup = HandSetup(cfg, without, tuple(self.stacks[n] for n in without))
            saved = button.to_dict()
            if spec_for(cfg.game).blinds:
                with pytest.raises(IllegalAction, match="must be dealt in"):
                    self.tracker.prepare(setup, [q for q in quit if q != holder])
            else:
                assert self.tracker.prepare(setup, [q for q in quit if q != holder]) == setup
            assert self.tracker.button.to_dict() == saved

    def offer(self, names: tuple[str, ...]) -> Kill | None:
        roll = self.rng.random()
        if roll < 0.08:
            return Kill(self.rng.choice(names), 0, "voluntary")
        if roll < 0.11:
            return Kill(self.rng.choice(names), 0, "come_in")
        missed = [n for n in names if n in self.tracker.button.missed]
        if missed and roll < 0.6:
            return Kill(missed[0], 0, "missed")
        return None

    def prepare(
        self,
        tracker: KillTracker,
        base: HandSetup,
        quit: list[str],
        offer: Kill | None,
        newcomers: list[str],
    ) -> HandSetup:
        """Prepare with the offer; if the rules refuse it, nothing changes and the deal goes
        on without it."""
        saved = tracker.button.to_dict()
        try:
            return tracker.prepare(base, quit, offer, newcomers)
        except IllegalAction:
            assert offer is not None, "only an offered kill may be refused here"
            assert tracker.button.to_dict() == saved
            return tracker.prepare(base, quit, None, newcomers)

    def check_setup(
        self,
        base: HandSetup,
        setup: HandSetup,
        before: dict[str, object],
        hand: Hand,
        mistake: bool,
    ) -> None:
        """The deal carries the kill owed, at the scaled stakes, and nothing else."""
        blinds = spec_for(base.config.game).blinds
        owed = before["state"] == "killed" and before["holder"] in base.names and blinds
        if not blinds:
            assert setup.kill is None and setup.config == base.config
        if mistake:
            return
        if owed:
            assert setup.kill is not None
            assert (setup.kill.killer, setup.kill.amount) == (before["holder"], before["amount"])
            assert setup.kill.reason == "required"
        if setup.kill is None:
            assert setup.config == base.config
            return
        self.kills += 1
        kill = setup.kill
        killed_cfg = self.rules.killed_config(base.config)
        assert setup.config == killed_cfg and hand.config == killed_cfg
        assert not setup.straddle and setup.lowball_kill is None
        if kill.reason in ("voluntary", "come_in"):
            assert kill.amount == self.rules.kill_amount(base.config)
        if kill.reason == "voluntary":
            assert base.stacks[base.names.index(kill.killer)] >= 4 * kill.amount
        assert hand.config.stakes.big_blind == self.rules.kill_amount(base.config)
        if base.config.structure is Structure.FIXED_LIMIT:
            normal, scaled = base.config.stakes, hand.config.stakes
            unit = base.config.rules.bet_unit
            assert scaled.fixed_small == scale(normal.fixed_small, self.rules.size, unit)
            assert scaled.fixed_big == scale(normal.fixed_big, self.rules.size, unit)

    def check_kills(self, base: HandSetup, setup: HandSetup, hand: Hand) -> None:
        """After the hand: one kill at most (000 kill §11), announced with its stakes and
        posted by the killer (all-in if short); a lowball kill after two cards is voluntary."""
        announced = [e for e in hand.events if isinstance(e, PotKilled)]
        posted = [e for e in hand.events if isinstance(e, Posted) and e.kind == "kill"]
        assert len(announced) <= 1 and len(posted) <= 1, "one kill per deal (000 kill §11)"
        assert len(announced) == len(posted)
        if not announced:
            return
        (event,), (post,) = announced, posted
        killed_cfg = self.rules.killed_config(base.config)
        assert event.player == post.player and event.stakes == killed_cfg.describe()
        assert post.amount == min(event.amount, base.stacks[event.player])
        if hand.setup.kill is None:  # lowball: killed after two cards
            assert spec_for(base.config.game).is_lowball and setup.lowball_kill is not None
            assert event.reason == "voluntary" and hand.lowball_killer == event.player
            assert event.amount == self.rules.kill_amount(base.config)
            assert hand.config == killed_cfg
            self.kills += 1

    def play_out(self, hand: Hand) -> None:
        total = sum(hand.starting)
        rng = self.rng
        while not hand.is_complete:
            if hand.phase is Phase.KILL_WINDOW:
                hand.close_kill_window([i for i in range(hand.n) if rng.random() < 0.1])
            elif hand.phase is Phase.DRAWING:
                p = hand.to_act
                assert p is not None
                cards = list(hand.hole[p] or ())
                hand.apply(Discard(p, tuple(rng.sample(cards, rng.randint(0, len(cards))))))
            else:
                hand.apply(self.random_action(hand))
            assert hand.chips_in_play() == total, "chips are conserved after every action"
            assert all(s >= 0 for s in hand.stacks)

    def random_action(self, hand: Hand) -> Action:
        rng = self.rng
        legal = hand.legal_actions()
        p = legal.player
        roll = rng.random()
        if legal.bring_in:  # stud: bring it in, or complete
            if roll < 0.6 or legal.min_raise_to is None:
                return BringIn(p)
            return Raise(p, legal.min_raise_to)
        if legal.can_fold and roll < 0.25:
            return Fold(p)
        if legal.can_raise and roll < 0.45:
            lo, hi = legal.min_raise_to, legal.max_raise_to
            assert lo is not None and hi is not None
            pick = rng.choice((lo, hi, rng.randint(lo, hi)))
            if hand.config.structure is Structure.FIXED_LIMIT:
                pick = rng.choice((lo, hi))  # stud's open pair: the small or the big bet
            elif pick not in (lo, hi):
                pick = max(lo, pick // legal.bet_unit * legal.bet_unit)
            return Raise(p, pick)
        if roll < 0.47 and legal.can_raise and legal.max_raise_to == legal.all_in_to:
            return AllIn(p)
        return Check(p) if legal.can_check else Call(p)

    def settle(self, hand: Hand, before: dict[str, object], quit: list[str]) -> None:
        after = self.tracker.settle(hand)
        if self.copy is not None:
            self.copy.settle(hand)
            assert self.copy.button.to_dict() == after.to_dict()
        for name, stack in zip(hand.names, hand.stacks, strict=True):
            self.stacks[name] = stack
        assert sum(self.stacks.values()) == self.bank, "chips change only by buy-ins"
        self.check_button(after)
        if not spec_for(hand.config.game).blinds and before["holder"] not in quit:
            # a game without blinds neither wins nor loses a leg, and a kill owed waits
            if before["state"] == "killed":
                assert after.summary() | {"legs": None} == before_summary(before)
            if before["state"] == "leg_up" and before["holder"] in hand.names:
                assert (after.state, after.holder) == (ButtonState.LEG_UP, before["holder"])
        self.hands += 1
        if self.rng.random() < 0.1:  # save and restore, as between two sessions
            saved = json.loads(json.dumps(self.tracker.button.to_dict()))
            self.copy = KillTracker(self.rules, KillButton.from_dict(saved))

    def check_button(self, button: KillButton) -> None:
        summary = button.summary()
        assert summary["state"] in ("neutral", "leg_up", "killed")
        if button.state is ButtonState.NEUTRAL:
            assert button.holder is None and button.amount is None
        else:
            assert button.holder in self.seats or button.holder in button.owes_next
        if button.state is ButtonState.KILLED:
            assert button.amount == self.rules.kill_amount(self.base)
        legs = summary["legs"]
        assert all(v == 1 for v in legs.values())
        if button.state is ButtonState.LEG_UP:
            assert button.holder in legs and button.holder not in button.waiting
        for name in (*button.frozen, *button.waiting):
            assert name in self.seats, "a quitter's leg is gone (000 kill §1b)"
        both = [*button.frozen, *button.waiting]
        assert len(set(both)) == len(both)
        natural = any(Trigger.NATURAL in self.rules.triggers_for(cfg) for cfg in self.games)
        if not natural:
            assert button.state is not ButtonState.LEG_UP and not legs


def before_summary(before: dict[str, object]) -> dict[str, object]:
    """The summary fields of a saved button (legs left out)."""
    return {"state": before["state"], "holder": before["holder"], "amount": before["amount"]} | {
        "legs": None
    }


@pytest.mark.parametrize("seed", range(SEEDS_PER_GAME))
@pytest.mark.parametrize("game", list(GAMES))
def test_random_kill_games_conserve_chips_and_kill_once(game: str, seed: int) -> None:
    """RULES.md "money" and "kill pots": chips conserved after every action and across
    hands; one kill per deal (000 kill §11); the killed hand's stakes scaled (002); owed
    kills posted (000 kill §6-7); no kill in a game without blinds (002); a restored
    tracker continues identically."""
    games, rules = GAMES[game]
    session = Session(random.Random(f"{game}/{seed}"), games, rules)
    for _ in range(HANDS_PER_SESSION):
        session.play_hand()
    assert session.hands == HANDS_PER_SESSION
    assert session.kills > 0, "the session exercised killed pots"
