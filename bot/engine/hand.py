"""The hand state machine for the board games: hold'em, Omaha, Omaha hi-lo.

A :class:`Hand` takes the players in hand order (index 0 is the first seat left of the
button, the last index is the button; heads-up, index 0 is the big blind and the button
posts the small blind, as in PHH). It posts antes and blinds, deals (from its own deck in
play, or cards given one deal at a time in replay), runs the betting rounds, the showdown
and the pots. At every decision ``to_act`` and :meth:`Hand.legal_actions` say who acts and
what is legal with exact amounts; :meth:`Hand.apply` either applies an action and returns
its events, or raises an :class:`~bot.engine.errors.IllegalAction` whose message says what
is legal, having changed nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from . import limits
from .actions import (
    Action,
    AgreeRuns,
    AllIn,
    Call,
    Check,
    Fold,
    LegalActions,
    Muck,
    Raise,
    Show,
)
from .cards import UNKNOWN, CardError, Deck
from .config import GameConfig, Structure
from .errors import ConfigError, HandOver, IllegalAction, NotYourTurn
from .events import (
    Acted,
    BoardDealt,
    CardProofs,
    Corrected,
    Event,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    Mucked,
    Posted,
    PotKilled,
    RunsAgreed,
    Shown,
    ShuffleOpened,
    StreetEnded,
    UncalledReturned,
)
from .fairness import CardOpening, SecretShuffle, commit
from .kills import Kill
from .showdown import Showdown

BOARD_DEALS = (3, 1, 1)  # flop, turn, river
STREET_NAMES = ("preflop", "flop", "turn", "river")


class Phase(StrEnum):
    """Where a hand stands."""

    DEALING_HOLE = "dealing_hole"
    BETTING = "betting"
    RUNS_VOTE = "runs_vote"
    DEALING_BOARD = "dealing_board"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


@dataclass(frozen=True)
class HandSetup:
    """Everything needed to start a hand; with the action log it rebuilds the hand exactly.

    Attributes:
        config: the game, structure, stakes and house rules.
        names: player names in hand order (index 0 left of the button, button last).
        stacks: chips each player has before the hand, all positive.
        blinds: per-player blind or straddle posted before the deal (chips); None for the
            standard small blind, big blind (and straddle when ``straddle`` is set).
        antes: per-player antes; None for ``config.stakes.ante`` each plus the big blind
            ante from the big blind.
        dead: per-player dead money (a missed small blind): into the pot, not a bet.
        straddle: the player left of the big blind posts a live straddle (000 NL §14).
        first_to_act: who acts first on the first round; None for the player left of the
            largest blind.
        deck_order: the deck in dealing order (None: shuffle with the OS CSPRNG).
        dead_antes: antes are dead money for the main pot rather than each player's stake
            in the side pots; True for a big blind ante (one player antes for the table),
            and for PHH files with ``ante_trimming_status = false``.
    """

    config: GameConfig
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    blinds: tuple[int, ...] | None = None
    antes: tuple[int, ...] | None = None
    dead: tuple[int, ...] | None = None
    straddle: bool = False
    first_to_act: int | None = None
    deck_order: tuple[str, ...] | None = None
    dead_antes: bool | None = None
    blind_kinds: tuple[str, ...] | None = None
    kill: Kill | None = None

    @property
    def antes_are_dead(self) -> bool:
        """Whether antes go in as dead money (default: when the stakes have a big blind ante)."""
        if self.dead_antes is not None:
            return self.dead_antes
        return self.config.stakes.big_blind_ante > 0

    def forced_blinds(self) -> tuple[int, ...]:
        """The per-player blinds this setup posts (before capping at stacks)."""
        if self.blinds is not None:
            return self.blinds
        n = len(self.names)
        stakes = self.config.stakes
        if n == 2:
            return (stakes.big_blind, stakes.small_blind)
        blinds = [0] * n
        blinds[0], blinds[1] = stakes.small_blind, stakes.big_blind
        if self.straddle:
            blinds[2 % n] = stakes.straddle_amount
        return tuple(blinds)

    def forced_antes(self) -> tuple[int, ...]:
        """The per-player antes this setup posts (before capping at stacks)."""
        if self.antes is not None:
            return self.antes
        n = len(self.names)
        stakes = self.config.stakes
        antes = [stakes.ante] * n
        if stakes.big_blind_ante:
            antes[0 if n == 2 else 1] += stakes.big_blind_ante
        return tuple(antes)


class Hand:
    """One hand of a board game, from the forced bets to the pots.

    Args:
        setup: the players, stacks, stakes and forced bets (:class:`HandSetup`).
        auto_deal: deal from the hand's deck (play); False to take the cards one deal at a
            time through :meth:`deal_hole` and :meth:`deal_board` (replay).
        strict: refuse every amount that is not legal exactly as given (replay); False
            applies the two corrections of play (RULES.md "In play and in replay").
        offer_runs: when betting is over with someone all-in, ask the players in the pot
            whether to run the board more than once (000 NL §17).
        auto_showdown: resolve the showdown by the rules without asking (the last
            aggressor shows first; a hand that cannot win is mucked unseen); False waits
            for :class:`Show` and :class:`Muck`.
        shuffle: the commitment to the deck (play); None commits to the deck with fresh
            salts from the OS CSPRNG. Pass a restored one to rebuild a hand exactly.
    Raises:
        ConfigError: fewer than 2 players, a stack that is not a positive whole number,
            mismatched lengths, or a deck that cannot deal the hand.
    """

    def __init__(
        self,
        setup: HandSetup,
        *,
        auto_deal: bool = True,
        strict: bool = False,
        offer_runs: bool = False,
        auto_showdown: bool = True,
        shuffle: SecretShuffle | None = None,
    ) -> None:
        n = len(setup.names)
        if n < 2:
            raise ConfigError("a hand needs at least 2 players")
        if len(setup.stacks) != n:
            raise ConfigError("one stack per player is needed")
        for stack in setup.stacks:
            if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
                raise ConfigError("every stack must be a whole number of chips above 0")
        if n * setup.config.game.hole_cards + 5 > 52:
            raise ConfigError(f"{n} players cannot all be dealt {setup.config.game.label}")
        self.setup = setup
        self.config = setup.config
        self.n = n
        self.auto_deal = auto_deal
        self.strict = strict
        self.offer_runs = offer_runs
        self.auto_showdown = auto_showdown
        try:
            self.deck = Deck(setup.deck_order) if auto_deal else None
        except CardError as exc:
            raise ConfigError(str(exc)) from exc
        self.shuffle: SecretShuffle | None = None
        if self.deck is not None:
            if shuffle is not None and shuffle.order != self.deck.order:
                raise ConfigError("the shuffle commitment is not for this deck")
            self.shuffle = shuffle or commit(self.deck.order)
        self._positions: dict[str, int] = {}
        self.starting = tuple(setup.stacks)
        self.stacks = list(setup.stacks)
        self.bets = [0] * n  # this street
        self.contributed = [0] * n  # whole hand, antes included
        self.folded = [False] * n
        self.hole: list[tuple[str, ...] | None] = [None] * n
        self.board: list[str] = []
        self.run_boards: list[list[str]] = []
        self.collected = 0  # chips gathered from finished streets
        self.dead = 0
        self.street = 0
        self.phase = Phase.DEALING_HOLE
        self.current_bet = 0
        self.full_raise = 0
        self.acted_level: list[int | None] = [None] * n
        self.raise_count = 0
        self.opening = True
        self.last_aggressor: int | None = None
        self.final_aggressor: int | None = None
        self.big_blind_player: int | None = None
        self.small_blind_posted: tuple[int, int] | None = None
        self.to_act: int | None = None
        self.betting_over = False
        self.runs = 1
        self.run_votes: dict[int, int] = {}
        self.shown: dict[int, tuple[str, ...]] = {}
        self.mucked: set[int] = set()
        self.won = [0] * n
        self.scoops: tuple[int, ...] = ()
        self.events: list[Event] = []
        self.log: list[str] = []  # PHH action strings
        self._post_forced()
        if auto_deal:
            self._deal_all_hole()

    # ------------------------------------------------------------------ queries

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in hand order."""
        return self.setup.names

    @property
    def is_complete(self) -> bool:
        """True once the pots have been awarded."""
        return self.phase is Phase.COMPLETE

    def pot_total(self) -> int:
        """Every chip in the middle: collected streets, dead money and this street's bets."""
        return self.collected + self.dead + sum(self.bets)

    def chips_in_play(self) -> int:
        """Stacks plus the pot; equals the starting total at every moment (chips conserved)."""
        return sum(self.stacks) + self.pot_total()

    def live(self) -> list[int]:
        """Players still holding cards, in hand order."""
        return [i for i in range(self.n) if not self.folded[i]]

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with exact amounts.

        Raises:
            IllegalAction: when no betting decision is pending (dealing, showdown, over).
        """
        if self.phase is not Phase.BETTING or self.to_act is None:
            raise IllegalAction(self._no_betting_reason())
        p = self.to_act
        stack = self.stacks[p]
        owe = self.current_bet - self.bets[p]
        rng = self._raise_range(p)
        return LegalActions(
            player=p,
            can_fold=owe > 0,
            can_check=owe <= 0,
            call_amount=max(0, min(owe, stack)),
            min_raise_to=rng[0] if rng else None,
            max_raise_to=rng[1] if rng else None,
            all_in_to=self.bets[p] + stack,
            stack=stack,
            bet_unit=self.config.rules.bet_unit,
        )

    # ------------------------------------------------------------------ set-up

    def _emit(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def _post_forced(self) -> None:
        setup = self.setup
        blinds = setup.forced_blinds()
        antes = setup.forced_antes()
        dead = setup.dead or (0,) * self.n
        if len(blinds) != self.n or len(antes) != self.n or len(dead) != self.n:
            raise ConfigError("one blind, ante and dead amount per player is needed")
        if any(x < 0 for x in (*blinds, *antes, *dead)):
            raise ConfigError("forced bets cannot be negative")
        if setup.straddle and not self.config.rules.straddle_allowed:
            raise ConfigError("this table's house rules allow no straddle (000 NL §14)")
        root = self.shuffle.commitment.root if self.shuffle else None
        self._emit(HandStarted(self.config.describe(), self.names, self.starting, root))
        if setup.kill is not None:
            if setup.kill.killer not in self.names:
                raise ConfigError(f"{setup.kill.killer} is not dealt into this hand")
            killer = self.names.index(setup.kill.killer)
            kill = setup.kill
            self._emit(PotKilled(killer, kill.amount, kill.reason, self.config.describe()))
        for i in range(self.n):
            take = min(antes[i], self.stacks[i])
            if take:
                self.stacks[i] -= take
                if setup.antes_are_dead:
                    self.dead += take
                else:
                    self.contributed[i] += take
                    self.collected += take
                self._emit(Posted(i, "ante", take, self.stacks[i] == 0))
        for i in range(self.n):
            take = min(dead[i], self.stacks[i])
            if take:
                self.stacks[i] -= take
                self.dead += take
                self._emit(Posted(i, "dead", take, self.stacks[i] == 0))
        top = max(blinds)
        for i in range(self.n):
            take = min(blinds[i], self.stacks[i])
            if not blinds[i]:
                continue
            self.stacks[i] -= take
            self.bets[i] = take
            self.contributed[i] += take
            kind = self._blind_kind(i, blinds)
            if kind == "small_blind":
                self.small_blind_posted = (i, take)
            elif kind == "big_blind":
                self.big_blind_player = i
            self._emit(Posted(i, kind, take, self.stacks[i] == 0))
        self.current_bet = max(self.bets)
        # The blinds are the first bet: a raise is at least as large (000 NL §3; 002 spread
        # limit: "at least the size of the last bet or raise"); fixed limit raises by its bet.
        self.full_raise = max(limits.street_minimum(self.config, 0), top)
        if self.config.street_structure(0) is Structure.FIXED_LIMIT:
            self.full_raise = limits.street_minimum(self.config, 0)
        if setup.first_to_act is not None:
            self._first = setup.first_to_act % self.n
        else:
            largest = max(range(self.n), key=lambda i: (blinds[i] > 0 and blinds[i] == top, i))
            self._first = (largest + 1) % self.n if top else 0

    def _blind_kind(self, i: int, blinds: Sequence[int]) -> str:
        kinds = self.setup.blind_kinds
        if kinds is not None and kinds[i]:
            return kinds[i]
        stakes = self.config.stakes
        amount = blinds[i]
        if self.setup.blinds is None:
            if self.n == 2:
                return "big_blind" if i == 0 else "small_blind"
            return ("small_blind", "big_blind", "straddle")[i] if i < 3 else "blind"
        if amount == stakes.small_blind and amount != stakes.big_blind:
            return "small_blind"
        if amount == stakes.big_blind:
            return "big_blind"
        if amount > stakes.big_blind:
            return "straddle"
        return "blind"

    # ------------------------------------------------------------------ dealing

    def _draw(self, count: int) -> list[str]:
        assert self.deck is not None
        start = self.deck.position
        cards = self.deck.deal(count)
        for k, card in enumerate(cards):
            self._positions[card] = start + k
        return cards

    def _deal_all_hole(self) -> None:
        count = self.config.game.hole_cards
        for i in range(self.n):
            self._take_hole(i, tuple(self._draw(count)))
            if self.shuffle is not None:
                openings = self.shuffle.open_many(self._positions[c] for c in self.hole[i] or ())
                self._emit(CardProofs(i, tuple(openings)))
        self._start_betting()

    def public_openings(self) -> list[CardOpening]:
        """The openings of every card that became public: the board(s) and shown hands.

        Folded and mucked hands and the undealt stub are never opened.
        """
        if self.shuffle is None:
            return []
        public = [c for board in self.boards() for c in board]
        public += [c for cards in self.shown.values() for c in cards]
        positions = sorted({self._positions[c] for c in public if c in self._positions})
        return self.shuffle.open_many(positions)

    def _take_hole(self, player: int, cards: tuple[str, ...]) -> None:
        self.hole[player] = cards
        self.log.append(f"d dh p{player + 1} {''.join(cards)}")
        self._emit(HoleCardsDealt(player, cards))

    def deal_hole(self, player: int, cards: Sequence[str]) -> list[Event]:
        """Replay: give ``player`` his hole cards (``"??"`` for unknown ones).

        Raises:
            IllegalAction: not the dealing phase, the player already has cards, the wrong
                number of cards, or a card already dealt.
        """
        if self.phase is not Phase.DEALING_HOLE:
            raise IllegalAction("hole cards are dealt only before the first betting round")
        if not 0 <= player < self.n:
            raise IllegalAction(f"there is no player {player + 1} in this hand")
        if self.hole[player] is not None:
            raise IllegalAction(f"{self.names[player]} already has hole cards")
        need = self.config.game.hole_cards
        if len(cards) != need:
            raise IllegalAction(
                f"{self.config.game.label} deals {need} hole cards, not {len(cards)}"
            )
        self._check_unseen(cards)
        start = len(self.events)
        self._take_hole(player, tuple(cards))
        if all(h is not None for h in self.hole):
            self._start_betting()
        return self.events[start:]

    def _check_unseen(self, cards: Sequence[str]) -> None:
        seen = {c for h in self.hole if h for c in h} | set(self.board)
        for run in self.run_boards:
            seen.update(run)
        seen.discard(UNKNOWN)
        known = [c for c in cards if c != UNKNOWN]
        if len(set(known)) != len(known) or seen & set(known):
            raise IllegalAction("a card cannot be dealt twice")

    def board_needed(self) -> int:
        """How many board cards the next deal takes (0 when no deal is due)."""
        if self.phase is not Phase.DEALING_BOARD:
            return 0
        return (
            BOARD_DEALS[len(self.board) // 3 + (len(self.board) > 3)] if len(self.board) < 5 else 0
        )

    def deal_board(self, cards: Sequence[str]) -> list[Event]:
        """Replay: deal the next board cards (3 for the flop, then 1 and 1).

        Raises:
            IllegalAction: no board deal is due, or the wrong number of cards.
        """
        need = self.board_needed()
        if not need:
            raise IllegalAction("no board cards are due now")
        if len(cards) != need:
            raise IllegalAction(f"the next board deal is {need} card(s), not {len(cards)}")
        self._check_unseen(cards)
        start = len(self.events)
        self._put_board(list(cards))
        return self.events[start:]

    def _put_board(self, cards: list[str]) -> None:
        self.board.extend(cards)
        street = {3: 1, 4: 2, 5: 3}[len(self.board)]
        self.log.append(f"d db {''.join(cards)}")
        self._emit(BoardDealt(street, tuple(cards)))
        if self.betting_over:
            if len(self.board) == 5:
                self._enter_showdown()
            return
        self.street = street
        self._start_betting()

    def _deal_board_auto(self) -> None:
        assert self.deck is not None
        while self.phase is Phase.DEALING_BOARD:
            if self.runs > 1 and self.betting_over:
                self._deal_runs()
                return
            self._put_board(self._draw(self.board_needed()))

    def _deal_runs(self) -> None:
        assert self.deck is not None
        base = list(self.board)
        missing = 5 - len(base)
        for run in range(self.runs):
            extra = self._draw(missing)
            self.run_boards.append(base + extra)
            self._emit(BoardDealt(3, tuple(extra), run))
        self.board = list(self.run_boards[0])
        self._enter_showdown()

    # ------------------------------------------------------------------ betting

    def _can_act(self, i: int) -> bool:
        return not self.folded[i] and self.stacks[i] > 0

    def _needs_action(self, i: int) -> bool:
        if not self._can_act(i):
            return False
        level = self.acted_level[i]
        return level is None or self.bets[i] < self.current_bet

    def _start_betting(self) -> None:
        n = self.n
        if self.street > 0:
            self.bets = [0] * n
            self.current_bet = 0
            self.full_raise = limits.street_minimum(self.config, self.street)
            self.raise_count = 0
            self.opening = False
            first = 0
        else:
            first = self._first
        self.acted_level = [None] * n
        self.last_aggressor = None
        self.phase = Phase.BETTING
        # A player whose every opponent is all-in has no one to bet against (and owes nothing).
        for i in range(n):
            if (
                self._can_act(i)
                and self.bets[i] >= self.current_bet
                and not any(self._can_act(j) for j in range(n) if j != i)
            ):
                self.acted_level[i] = self.current_bet
        self.to_act = self._next_from(first)
        if self.to_act is None:
            self._close_street()

    def _next_from(self, start: int) -> int | None:
        for k in range(self.n):
            i = (start + k) % self.n
            if self._needs_action(i):
                return i
        return None

    def _raise_range(self, p: int) -> tuple[int, int] | None:
        stack = self.stacks[p]
        owe = self.current_bet - self.bets[p]
        if stack <= owe:
            return None
        if not any(
            j != p and not self.folded[j] and self.stacks[j] + self.bets[j] > self.current_bet
            for j in range(self.n)
        ):
            return None
        level = self.acted_level[p]
        if level is not None:
            threshold = limits.reopen_threshold(self.config, self.street, self.full_raise)
            if self.current_bet - level < threshold:
                return None
            if not self.config.rules.check_raise and level == 0 and self.current_bet > 0:
                return None
        if self._capped():
            return None
        view = limits.RoundView(
            street=self.street,
            current_bet=self.current_bet,
            player_bet=self.bets[p],
            stack=stack,
            full_raise=self.full_raise,
            pot=self._pot_for_limit(),
            opening=self.street == 0 and self.opening,
        )
        lowest, highest = limits.raise_range(self.config, view)
        unit = self.config.rules.bet_unit
        all_in = self.bets[p] + stack
        if unit > 1:
            lowest = -(-lowest // unit) * unit
            if highest < all_in:  # an all-in need not be a multiple of the unit (000 NL §13)
                highest = max(lowest, highest // unit * unit)
        return min(lowest, all_in), min(highest, all_in)

    def _capped(self) -> bool:
        if not self.config.street_structure(self.street).is_limit:
            return False
        rules = self.config.rules
        if rules.raise_cap is None:
            return False
        if len(self.live()) <= 2 and not rules.cap_heads_up:
            return False
        bet_made = self.street == 0 or self.current_bet > 0
        return bet_made and self.raise_count >= rules.raise_cap

    def _pot_for_limit(self) -> int:
        pot = self.pot_total()
        if (
            self.config.rules.small_blind_counts_as_big
            and self.street == 0
            and self.small_blind_posted is not None
            and self.big_blind_player is not None
            and self.acted_level[self.big_blind_player] is None
        ):
            pot += max(0, self.config.stakes.big_blind - self.small_blind_posted[1])
        return pot

    def apply(self, action: Action) -> list[Event]:
        """Apply one player action and return the events it caused.

        Args:
            action: a :mod:`bot.engine.actions` record naming the player by hand index.
        Returns:
            The new events, in order (board cards dealt and pots awarded included when the
            action closes a round in play).
        Raises:
            HandOver: the hand is complete.
            NotYourTurn: someone else is to act.
            IllegalAction: anything else the rules do not allow; its message says what is
                legal. Nothing changes when it is raised.
        """
        if self.phase is Phase.COMPLETE:
            raise HandOver("this hand is over")
        player = getattr(action, "player", None)
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.n:
            raise IllegalAction(f"there is no player {player!r} in this hand")
        start = len(self.events)
        if isinstance(action, (Show, Muck)):
            self._showdown_action(action)
        elif isinstance(action, AgreeRuns):
            self._vote_runs(action)
        else:
            self._betting_action(action)
        if self.auto_deal:
            self._advance()
        return self.events[start:]

    def _no_betting_reason(self) -> str:
        if self.phase is Phase.COMPLETE:
            return "this hand is over"
        if self.phase is Phase.SHOWDOWN:
            return "betting is over: it is the showdown"
        if self.phase is Phase.RUNS_VOTE:
            return "betting is over: the players in the pot are choosing how many runs"
        return "no one is to act until the cards are dealt"

    def _betting_action(self, action: Action) -> None:
        if self.phase is not Phase.BETTING or self.to_act is None:
            raise IllegalAction(self._no_betting_reason())
        p = action.player
        if p != self.to_act:
            raise NotYourTurn(f"it is not your turn: {self.names[self.to_act]} is to act")
        legal = self.legal_actions()
        if isinstance(action, Fold):
            if not legal.can_fold:
                raise IllegalAction(
                    f"no one has bet, so check instead of folding: you may {legal.describe()}"
                )
            self.folded[p] = True
            self.acted_level[p] = self.current_bet
            self._record(p, "fold", 0, "f")
        elif isinstance(action, Check):
            if not legal.can_check:
                raise IllegalAction(f"you cannot check facing a bet: you may {legal.describe()}")
            self.acted_level[p] = self.current_bet
            self._record(p, "check", 0, "cc")
        elif isinstance(action, Call):
            if legal.can_check:
                raise IllegalAction(f"there is nothing to call: you may {legal.describe()}")
            self._put(p, legal.call_amount)
            self.acted_level[p] = self.current_bet
            self._record(p, "call", legal.call_amount, "cc")
        elif isinstance(action, AllIn):
            if legal.all_in_to <= self.current_bet:
                self._betting_action(Call(p))
                return
            if legal.max_raise_to is None:
                raise IllegalAction(f"you may not raise now: you may {legal.describe()}")
            self._raise(p, legal, legal.all_in_to)
        elif isinstance(action, Raise):
            self._raise(p, legal, action.to)
        else:
            raise IllegalAction(f"that is not a betting action: you may {legal.describe()}")
        self._after_bet_action(p)

    def _raise(self, p: int, legal: LegalActions, to: object) -> None:
        if not isinstance(to, int) or isinstance(to, bool):
            raise IllegalAction(
                f"a bet must be a whole number of chips: you may {legal.describe()}"
            )
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            raise IllegalAction(f"you may not bet or raise now: you may {legal.describe()}")
        verb = "bet" if self.current_bet == 0 else "raise"
        asked = to
        if to > hi:
            if to > legal.all_in_to:  # table stakes: refused, not cut (000 NL §16)
                raise IllegalAction(
                    f"you have {legal.all_in_to} in all; you may {legal.describe()}"
                )
            if self.strict or not limits.is_pot_limited(self.config, self.street):
                raise IllegalAction(f"the maximum {verb} is to {hi}: you may {legal.describe()}")
            to = hi
            self._emit(
                Corrected(p, asked, to, "over the pot limit: cut to the maximum (000 PL §1)")
            )
        if to < lo:
            if to <= self.current_bet:
                raise IllegalAction(
                    f"a {verb} must go above {self.current_bet}: you may {legal.describe()}"
                )
            if self.strict or not self.config.rules.raise_short_to_minimum or to == legal.all_in_to:
                raise IllegalAction(f"the minimum {verb} is to {lo}: you may {legal.describe()}")
            to = lo
            self._emit(Corrected(p, asked, to, "under the minimum: brought up to it (000 NL §12)"))
        unit = self.config.rules.bet_unit
        if unit > 1 and to % unit and to != legal.all_in_to:
            raise IllegalAction(f"bets go in multiples of {unit}: you may {legal.describe()}")
        increment = to - self.current_bet
        if self.current_bet and limits.counts_as_raise(
            self.config, self.street, increment, self.full_raise
        ):
            self.raise_count += 1
        if increment >= self.full_raise:
            self.full_raise = increment
        added = to - self.bets[p]
        self._put(p, added)
        self.current_bet = to
        self.acted_level[p] = to
        self.last_aggressor = p
        self.opening = False
        self._record(p, verb, added, f"cbr {to}")

    def _put(self, p: int, amount: int) -> None:
        self.stacks[p] -= amount
        self.bets[p] += amount
        self.contributed[p] += amount

    def _record(self, p: int, kind: str, added: int, phh: str) -> None:
        self.log.append(f"p{p + 1} {phh}")
        self._emit(Acted(p, kind, self.bets[p], added, self.stacks[p] == 0))

    def _after_bet_action(self, p: int) -> None:
        if len(self.live()) == 1:
            self._close_street()
            return
        self.to_act = self._next_from(p + 1)
        if self.to_act is None:
            self._close_street()

    # ------------------------------------------------------------------ streets

    def _close_street(self) -> None:
        self.to_act = None
        top = max(range(self.n), key=lambda i: self.bets[i])
        second = max((b for i, b in enumerate(self.bets) if i != top), default=0)
        excess = self.bets[top] - second
        if excess > 0:
            self.bets[top] -= excess
            self.stacks[top] += excess
            self.contributed[top] -= excess
            self._emit(UncalledReturned(top, excess))
        self.collected += sum(self.bets)
        self.bets = [0] * self.n
        self.current_bet = 0
        if self.last_aggressor is not None:
            self.final_aggressor = self.last_aggressor
        self._emit(StreetEnded(self.street, self.pot_total()))
        live = self.live()
        if len(live) == 1:
            self._award()
            return
        able = [i for i in live if self.stacks[i] > 0]
        if len(able) <= 1 and len(self.board) < 5:
            self.betting_over = True
            self.phase = (
                Phase.RUNS_VOTE if self.offer_runs and self.auto_deal else Phase.DEALING_BOARD
            )
            if self.phase is Phase.RUNS_VOTE:
                self.to_act = live[0]
            return
        if len(self.board) == 5:
            self.betting_over = True
            self._enter_showdown()
            return
        self.phase = Phase.DEALING_BOARD

    def _vote_runs(self, action: AgreeRuns) -> None:
        if self.phase is not Phase.RUNS_VOTE:
            raise IllegalAction(
                "running it more than once is agreed only when betting is over with a player all-in"
            )
        runs = action.runs
        if not isinstance(runs, int) or isinstance(runs, bool) or runs not in (1, 2, 3):
            raise IllegalAction("the board may be run once, twice or three times")
        if action.player not in self.live() or action.player in self.run_votes:
            raise IllegalAction("only players in the pot vote, once each")
        self.run_votes[action.player] = action.runs
        waiting = [i for i in self.live() if i not in self.run_votes]
        if action.runs == 1 or not waiting:
            agreed = min(self.run_votes.values()) if action.runs != 1 else 1
            self.runs = agreed if not waiting or agreed == 1 else 1
            self._emit(RunsAgreed(self.runs))
            self.phase = Phase.DEALING_BOARD
            self.to_act = None
        else:
            self.to_act = waiting[0]

    def _advance(self) -> None:
        """Play mode: deal what is due and settle the showdown without waiting."""
        if self.phase is Phase.DEALING_BOARD:
            if self.betting_over and self.auto_showdown:
                for i in self.live():
                    self._show(i)
            self._deal_board_auto()
        if self.phase is Phase.SHOWDOWN and self.auto_showdown:
            self._auto_showdown()

    # ------------------------------------------------------------------ showdown

    def showdown_order(self) -> list[int]:
        """Who shows first: the last aggressor of the final betting, else the first live
        player left of the button; then clockwise (RULES.md "Showdown")."""
        live = self.live()
        first = self.final_aggressor if self.final_aggressor in live else live[0]
        start = live.index(first)
        return live[start:] + live[:start]

    def _enter_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        self.betting_over = True
        waiting = [i for i in self.showdown_order() if i not in self.shown and i not in self.mucked]
        self.to_act = waiting[0] if waiting else None
        if self._showdown_settled():
            self._award()

    def _showdown_settled(self) -> bool:
        contenders = [i for i in self.live() if i not in self.mucked]
        if len(contenders) <= 1:
            return True
        return all(i in self.shown for i in contenders)

    def _show(self, i: int) -> None:
        if i in self.shown or i in self.mucked:
            return
        cards = self.hole[i] or ()
        self.shown[i] = cards
        self.log.append(f"p{i + 1} sm {''.join(cards)}")
        board = self.board if len(self.board) == 5 else []
        description = self._showdown().describe(i, board) if board else ""
        self._emit(Shown(i, cards, description))

    def reveal(self, player: int, cards: Sequence[str]) -> None:
        """Replay: a player shows cards; unknown hole cards (``??``) become the shown ones.

        Raises:
            IllegalAction: the cards differ from the player's known hole cards, are the
                wrong number, or were dealt to someone else.
        """
        hole = self.hole[player]
        if hole is None or len(cards) != len(hole):
            raise IllegalAction(
                f"{self.names[player]} holds {len(hole or ())} cards, not {len(cards)}"
            )
        if UNKNOWN not in hole:
            if sorted(hole) != sorted(cards):
                raise IllegalAction(
                    f"{self.names[player]} was dealt {''.join(hole)}, not {''.join(cards)}"
                )
            return
        merged = [c if c != UNKNOWN else s for c, s in zip(hole, cards, strict=True)]
        if any(c != UNKNOWN and s != c for c, s in zip(hole, cards, strict=True)):
            raise IllegalAction(f"{self.names[player]}'s shown cards differ from those dealt")
        self.hole[player] = None
        try:
            self._check_unseen(merged)
        finally:
            self.hole[player] = hole
        self.hole[player] = tuple(merged)

    def _showdown(self) -> Showdown:
        return Showdown(self.config.game, self.hole)

    def _showdown_action(self, action: Show | Muck) -> None:
        p = action.player
        if not self.betting_over or self.phase is Phase.COMPLETE:
            raise IllegalAction("hands are shown only when the betting is over")
        if self.folded[p]:
            raise IllegalAction("a folded hand cannot be shown at the showdown")
        if p in self.shown or p in self.mucked:
            raise IllegalAction(f"{self.names[p]} has already shown or mucked")
        if isinstance(action, Show):
            self._show(p)
        else:
            if [i for i in self.live() if i not in self.mucked] == [p]:
                raise IllegalAction("the last hand in the pot wins it and is not mucked")
            self.mucked.add(p)
            self.log.append(f"p{p + 1} sm")
            self._emit(Mucked(p))
        if self.phase is Phase.SHOWDOWN:
            self._enter_showdown()

    def _auto_showdown(self) -> None:
        show = self._showdown()
        best: dict[tuple[int, int, str], int] = {}
        for i in self.showdown_order():
            if i in self.shown or i in self.mucked:
                continue
            if show.could_win(i, self.boards(), best, self._pots_eligible_for(i)) or not self.shown:
                self._show(i)
                show.note_shown(i, self.boards(), best, self._pots_eligible_for(i))
            else:
                self.mucked.add(i)
                self.log.append(f"p{i + 1} sm")
                self._emit(Mucked(i))
        self._award()

    def _pots_eligible_for(self, i: int) -> list[int]:
        from .pots import build_pots

        pots = build_pots(self.contributed, [not f for f in self.folded], self.dead)
        return [k for k, pot in enumerate(pots) if i in pot.eligible]

    def boards(self) -> list[list[str]]:
        """The complete board of each run (one board unless the rest was run twice or more)."""
        return self.run_boards if self.run_boards else [self.board]

    def finish(self) -> list[Event]:
        """Replay: settle a hand whose file stops before every live player showed.

        The remaining live hands are shown as dealt (a hand history shows a hand by
        listing it), then the pots are awarded.

        Raises:
            IllegalAction: betting or dealing is still due.
        """
        if self.phase is Phase.COMPLETE:
            return []
        if self.phase is not Phase.SHOWDOWN:
            raise IllegalAction("the hand is not over: " + self._pending())
        start = len(self.events)
        for i in self.showdown_order():
            if i not in self.shown and i not in self.mucked:
                self._show(i)
        self._award()
        return self.events[start:]

    def _pending(self) -> str:
        if self.phase is Phase.BETTING and self.to_act is not None:
            return f"{self.names[self.to_act]} is to act"
        if self.phase is Phase.DEALING_BOARD:
            return f"{self.board_needed()} board card(s) are due"
        if self.phase is Phase.DEALING_HOLE:
            return "hole cards are due"
        return self.phase.value

    def _award(self) -> None:
        from .pots import build_pots

        self.phase = Phase.COMPLETE
        self.to_act = None
        contenders = [not self.folded[i] and i not in self.mucked for i in range(self.n)]
        pots = build_pots(self.contributed, contenders, self.dead)
        show = self._showdown()
        events, won, scoops = show.award(pots, self.boards(), self.config.game.is_hilo)
        for event in events:
            self._emit(event)
        for i, amount in enumerate(won):
            self.stacks[i] += amount
        self.won = won
        self.scoops = tuple(scoops)
        self.collected = 0
        self.dead = 0
        self._emit(HandEnded(tuple(self.stacks), tuple(won), self.scoops))
        if self.shuffle is not None:
            self._emit(ShuffleOpened(self.shuffle.commitment.root, tuple(self.public_openings())))

    def structure_name(self) -> str:
        """The betting structure of the current street, as players say it."""
        label: str = self.config.street_structure(self.street).label
        return label
