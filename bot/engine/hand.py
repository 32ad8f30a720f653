"""The hand state machine for every game of the rulebook: board games, stud and draw.

A :class:`Hand` takes the players in hand order (index 0 is the first seat left of the
button, the last index is the button; heads-up, index 0 is the big blind and the button
posts the small blind, as in PHH). It posts antes and blinds, deals street by street as
the game's :class:`~bot.engine.games.GameSpec` says (from its own deck in play, or cards
given one deal at a time in replay) and runs the draws. It owns its betting round
(``hand.betting``, :class:`~bot.engine.betting.BettingRound`) and its showdown
(``hand.showdown``, :class:`~bot.engine.reveal.ShowdownFlow`), which read and move its
chips and cards. At every decision ``to_act`` and :meth:`Hand.legal_actions` say who acts and what
is legal with exact amounts; :meth:`Hand.apply` either applies an action and returns its
events, or raises an :class:`~bot.engine.errors.IllegalAction` whose message says what is
legal, having changed nothing.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import limits
from .actions import AgreeRuns, Discard, LegalActions, Muck, Show
from .betting import BettingRound
from .cards import UNKNOWN, CardError, Deck
from .config import Game, GameConfig, Structure
from .errors import ConfigError, HandOver, IllegalAction, NotYourTurn
from .evaluate import high_value
from .events import (
    BoardDealt,
    CardProofs,
    CardsDrawn,
    Discarded,
    Event,
    HoleCardsDealt,
    PassedOut,
    Posted,
    PotKilled,
    RunsAgreed,
    StreetEnded,
    Thrown,
    UncalledReturned,
    UpCardsDealt,
)
from .forcedbets import post_forced
from .games import Opener, Ranking, spec_for
from .history import phh_actions
from .joker import joker_high_value
from .phases import Phase as Phase  # where a hand stands; re-exported here
from .reveal import ShowdownFlow
from .setup import HandSetup
from .showing import bring_in_player, first_to_act

if TYPE_CHECKING:
    from .fairness import CardOpening, SecretShuffle

__all__ = ["Hand", "HandSetup", "Phase"]

_JACKS = high_value(("Jc", "Jd", "2h", "3s", "4c"))  # the weakest hand that opens (004 jacks §1)


class Hand:
    """One hand, from the forced bets to the pots.

    Args:
        setup: the players, stacks, stakes and forced bets (:class:`HandSetup`).
        auto_deal: deal from the hand's deck (play); False to take the cards one deal at a
            time through :meth:`deal_hole` and :meth:`deal_board` (replay).
        strict: refuse every amount that is not legal exactly as given (replay); False
            applies the two corrections of play (RULES.md "In play and in replay").
        offer_runs: when betting is over with someone all-in in a board game, ask the
            players in the pot whether to run the board more than once (000 NL §17).
        auto_showdown: resolve the showdown by the rules without asking (the last
            aggressor shows first; a hand that cannot win is mucked unseen); False waits
            for :class:`Show` and :class:`Muck`.
        shuffle: the commitment to the deck (play); None commits to the deck with fresh
            salts from the OS CSPRNG. Pass a restored one to rebuild a hand exactly.
        describe: name the hands shown in events ("flush, ace high"); replays skip it.
        proofs: send each player the proofs of his cards; a hand rebuilt after a restart
            (whose proofs were sent the first time) skips them.
    Raises:
        ConfigError: fewer than 2 players, a stack that is not a positive whole number,
            mismatched lengths, more players than the deck can deal, or a bad deck.
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
        describe: bool = True,
        proofs: bool = True,
    ) -> None:
        n = len(setup.names)
        self.spec = spec_for(setup.config.game)
        self._validate(setup, n)
        self.setup = setup
        self.config = setup.config
        self.n = n
        self.names = setup.names
        self.auto_deal = auto_deal
        self.strict = strict
        self.offer_runs = offer_runs
        self.auto_showdown = auto_showdown
        self.describe = describe
        self.proofs = proofs
        joker = setup.config.rules.joker
        if joker and setup.config.game not in (Game.JACKS, Game.ACE_TO_FIVE):
            raise ConfigError("the joker is played only in jacks or better and ace-to-five")
        try:
            self.deck = Deck(setup.deck_order, joker=joker) if auto_deal else None
        except CardError as exc:
            raise ConfigError(str(exc)) from exc
        self.shuffle: SecretShuffle | None = None
        if self.deck is not None:
            if shuffle is not None and shuffle.order != self.deck.order:
                raise ConfigError("the shuffle commitment is not for this deck")
            if shuffle is None:
                from .fairness import commit  # only a hand dealt from its own deck commits

                shuffle = commit(self.deck.order)
            self.shuffle = shuffle
        self._positions: dict[str, int] = {}
        self._in_play: set[str] = set()  # cards in hands and on the board
        self._discards: list[tuple[int, str]] = []
        self._round_start = 0
        self._stub: list[str] = []  # reshuffled discards, dealt when the deck is out
        self.starting = tuple(setup.stacks)
        self.stacks = list(setup.stacks)
        self.bets = [0] * n
        self.contributed = [0] * n
        self.folded = [False] * n
        self.live_count = n
        self.hole: list[tuple[str, ...] | None] = [None] * n
        self.up: list[tuple[bool, ...]] = [()] * n
        self.board: list[str] = []
        self.second_board: list[str] = []  # a double board's second board
        self.run_boards: list[list[str]] = []
        self.collected = 0
        self.dead = 0
        self.street = 0
        self.phase = Phase.DEALING_HOLE
        self.final_aggressor: int | None = None
        self.betting = BettingRound(self)
        self.showdown = ShowdownFlow(self)
        self.big_blind_player: int | None = None
        self.small_blind_posted: tuple[int, int] | None = None
        self.opener: int | None = None
        self.lowball_killer: int | None = None
        self.opening_hand: tuple[str, ...] | None = None
        self.to_act: int | None = None
        self.betting_over = False
        self.passed_out = False
        self.runs = 1
        self.run_votes: dict[int, int] = {}
        self.events: list[Event] = []
        self._need_hole: dict[int, int] = {}
        self._need_board = 0
        self._drawn: set[int] = set()
        self._first = post_forced(self)
        self._begin_street(0)

    def _validate(self, setup: HandSetup, n: int) -> None:
        if n < 2:
            raise ConfigError("a hand needs at least 2 players")
        if len(setup.stacks) != n:
            raise ConfigError("one stack per player is needed")
        stacks: tuple[object, ...] = setup.stacks  # each checked (compiled, an int is unboxed)
        for stack in stacks:
            if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
                raise ConfigError("every stack must be a whole number of chips above 0")
        spec = self.spec
        if spec.is_stud:
            room = n <= 8
        elif spec.is_draw:
            room = n * 5 <= 52
        else:
            room = n * len(spec.streets[0].hole) + 5 * setup.boards <= 52
        if setup.boards not in (1, 2):
            raise ConfigError("a hand is dealt one board, or two for a double board")
        flop_game = spec.blinds and not spec.is_draw and spec.streets[-1].board > 0
        if (setup.bomb or setup.boards > 1) and not flop_game:
            raise ConfigError(
                f"{setup.config.game.label} has no flop: bomb pots and double boards are "
                'dealt in hold\'em and Omaha games (RULES.md "Bomb pots")'
            )
        if setup.seven_deuce and (setup.seven_deuce < 0 or setup.config.game is not Game.HOLDEM):
            raise ConfigError("the 7-2 bounty is a whole number of chips, in hold'em only")
        if setup.bomb and (any(setup.forced_blinds()) or setup.kill is not None):
            raise ConfigError('a bomb pot has no blinds and is never killed (RULES.md "Bomb pots")')
        if not room:
            boards = " with two boards" if setup.boards > 1 else ""
            raise ConfigError(f"{n} players cannot all be dealt {setup.config.game.label}{boards}")
        if spec.is_stud and setup.config.structure not in (
            Structure.FIXED_LIMIT,
            Structure.SPREAD_LIMIT,
        ):
            raise ConfigError("stud games are played fixed or spread limit here")

    # ------------------------------------------------------------------ queries

    @property
    def is_complete(self) -> bool:
        """True once the pots have been awarded (or, in jacks or better, nobody opened)."""
        return self.phase is Phase.COMPLETE

    @property
    def current_bet(self) -> int:
        """The bet to call on this street (the largest in front of anyone), in chips."""
        return self.betting.current_bet

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with exact amounts
        (:meth:`BettingRound.legal_actions`).

        Raises:
            IllegalAction: when no betting decision is pending (dealing, showdown, over).
        """
        return self.betting.legal_actions()

    @property
    def log(self) -> list[str]:
        """The hand's actions so far in PHH notation, derived from its events
        (:func:`bot.engine.history.phh_actions`)."""
        split = self.setup.lowball_kill is not None and self.setup.kill is None
        return phh_actions(self.events, whole_deal=split)

    @property
    def shown(self) -> dict[int, tuple[str, ...]]:
        """The hands shown so far: player index -> cards."""
        return self.showdown.shown

    @property
    def mucked(self) -> set[int]:
        """The players who mucked at the showdown, by index."""
        return self.showdown.mucked

    @property
    def won(self) -> list[int]:
        """Chips each player won from the pots, by index (0s until they are awarded)."""
        return self.showdown.won

    @property
    def scoops(self) -> tuple[int, ...]:
        """The players who scooped a split-pot game's pot (000 kill §8), by index."""
        return self.showdown.scoops

    def showdown_order(self) -> list[int]:
        """Who shows first, then clockwise (:meth:`ShowdownFlow.showdown_order`)."""
        return self.showdown.showdown_order()

    def boards(self) -> list[list[str]]:
        """The complete board of each run (one unless the rest was run more than once)."""
        return self.showdown.boards()

    def reveal(self, player: int, cards: Sequence[str]) -> None:
        """Replay: a player shows cards (:meth:`ShowdownFlow.reveal`).

        Raises:
            IllegalAction: the cards differ from the player's known hole cards, are the
                wrong number, or were dealt to someone else.
        """
        self.showdown.reveal(player, cards)

    def finish(self) -> list[Event]:
        """Replay: settle a hand whose file stops before every live player showed
        (:meth:`ShowdownFlow.finish`).

        Raises:
            IllegalAction: betting, drawing or dealing is still due.
        """
        return self.showdown.finish()

    def pot_total(self) -> int:
        """Every chip in the middle: collected streets, dead money and this street's bets."""
        return self.collected + self.dead + sum(self.bets)

    def chips_in_play(self) -> int:
        """Stacks plus the pot; equals the starting total plus any carried pot at every
        moment (chips conserved)."""
        return sum(self.stacks) + self.pot_total()

    def live(self) -> list[int]:
        """Players still holding cards, in hand order."""
        return [i for i in range(self.n) if not self.folded[i]]

    def upcards(self, player: int) -> tuple[str, ...]:
        """A stud player's face-up cards (seen by everyone)."""
        cards = self.hole[player] or ()
        return tuple(c for c, face_up in zip(cards, self.up[player], strict=False) if face_up)

    def _betting_open(self) -> bool:
        return self.phase is Phase.BETTING

    def _open_pair(self) -> bool:
        if self.street != 1 or not self.spec.is_stud or self.spec.ranking is not Ranking.HIGH:
            return False
        for i in range(self.n):
            if not self.folded[i]:
                ranks = [c[0] for c in self.upcards(i)]
                if len(set(ranks)) < len(ranks):
                    return True
        return False

    def _has_openers(self, p: int) -> bool:
        cards = self.hole[p] or ()
        if UNKNOWN in cards or len(cards) != 5:
            return True  # a replay takes an unknown hand's open as played
        return joker_high_value(cards) >= _JACKS

    def _note_opener(self, p: int) -> None:
        self.opener = p
        self.opening_hand = self.hole[p]

    # ------------------------------------------------------------------ forced bets

    def _emit(self, event: Event) -> Event:
        self.events.append(event)
        return event

    # ------------------------------------------------------------------ dealing

    def _begin_street(self, street: int) -> None:
        self.street = street
        spec_street = self.spec.streets[street]
        live = [i for i in range(self.n) if not self.folded[i]]
        self._need_hole = {i: len(spec_street.hole) for i in live} if spec_street.hole else {}
        self._need_board = spec_street.board
        if self._need_hole and self.spec.is_stud and self.deck is not None:
            available = self.deck.remaining()
            if available < len(live) * len(spec_street.hole):
                self._need_hole, self._need_board = {}, 1  # one shared card for everyone
        if not self._need_hole and not self._need_board:
            self._after_deal()
            return
        self.phase = Phase.DEALING_HOLE if self._need_hole else Phase.DEALING_BOARD
        self.to_act = None
        if self.deck is not None:
            self._deal_street_auto()

    def _draw_cards(self, count: int, owner: int | None = None) -> list[str]:
        assert self.deck is not None
        cards: list[str] = []
        take = min(count, self.deck.remaining())
        if take:
            start = self.deck.position
            cards = self.deck.deal(take)
            for k, card in enumerate(cards):
                self._positions[card] = start + k
        while len(cards) < count:
            if not self._stub:
                self._reshuffle(owner)
            if not self._stub:
                raise ConfigError("the deck and the discards are exhausted")
            cards.append(self._stub.pop())
        return cards

    def _reshuffle(self, owner: int | None) -> None:
        """The stub ran short: the discards (never the drawing player's own) are shuffled to
        finish the draw (004)."""
        # Jacks or better: the opener's discards stay aside, so his opening hand can be
        # shown on request and proves his openers when he split them (004 jacks §8-9).
        keep = {owner, self.opener} if self.spec.openers else {owner}
        pool = [c for who, c in self._discards if who not in keep and c not in self._in_play]
        pool = [c for c in pool if c not in self._stub]
        self._discards = [(who, c) for who, c in self._discards if who in keep]
        self._round_start = min(self._round_start, len(self._discards))
        seed = self.setup.reshuffle_seed or secrets.randbits(64)
        random.Random(seed + len(self.log)).shuffle(pool)
        self._stub = pool

    def _deal_street_auto(self) -> None:
        spec_street = self.spec.streets[self.street]
        if self.street == 0 and self.setup.lowball_kill is not None and self.setup.kill is None:
            for i in sorted(self._need_hole):  # two cards each, then the kill window
                self._take_hole(i, tuple(self._draw_cards(2)), spec_street.hole[:2])
                self._need_hole[i] = len(spec_street.hole) - 2
            self.phase = Phase.KILL_WINDOW
            return
        for i in sorted(self._need_hole):
            cards = tuple(self._draw_cards(self._need_hole[i]))
            self._take_hole(i, cards, spec_street.hole)
        if self._need_board:
            board = self._draw_cards(self._need_board)
            second = self._draw_cards(self._need_board) if self.setup.boards > 1 else []
            self._put_board(board, second)
        else:
            self._after_deal()

    def close_kill_window(self, claims: Sequence[int] = ()) -> list[Event]:
        """Lowball: end the pause after two cards (000 kill §10, 002 lowball kill rules).

        Args:
            claims: hand indices of the players who claimed the kill before anyone had a
                third card (and after the objection window, with no objection). The first
                claim in turn from the button wins; a claimant with less than 4 × the kill
                blind in his stack cannot kill.
        Returns:
            The events: the kill posted (the pot killed, the killer to act last) if any,
            the rest of the cards and the betting begun.
        Raises:
            IllegalAction: no kill window is open, or a claim names no player in the hand.
        """
        lowball = self.setup.lowball_kill
        if self.phase is not Phase.KILL_WINDOW or lowball is None:
            raise IllegalAction("the pot can be killed after two cards only, before a third")
        if any(not isinstance(p, int) or not 0 <= p < self.n for p in claims):
            raise IllegalAction("a kill claim must name a player in the hand")
        start = len(self.events)
        eligible = [p for p in sorted(set(claims)) if self.stacks[p] >= 4 * lowball.amount]
        if eligible:
            self._late_kill(eligible[0], lowball.amount, lowball.config)
        spec_street = self.spec.streets[0]
        for i in sorted(self._need_hole):
            count = self._need_hole[i]
            self._take_hole(i, tuple(self._draw_cards(count)), spec_street.hole[2:])
        self._after_deal()
        return self.events[start:]

    def _late_kill(self, killer: int, amount: int, config: GameConfig) -> None:
        """Post a voluntary lowball kill: the killed stakes apply and the killer acts last."""
        self.config = config
        take = min(amount, self.stacks[killer])
        self.stacks[killer] -= take
        if self.bets[killer]:  # a killer in a blind posts blind and kill: the blind is dead
            self.dead += self.bets[killer]
            self.contributed[killer] -= self.bets[killer]
            self.bets[killer] = 0
        self.bets[killer] = take
        self.contributed[killer] += take
        self.betting.current_bet = max(self.bets)
        self.betting.full_raise = max(amount, limits.street_minimum(config, 0))
        if config.street_structure(0) is Structure.FIXED_LIMIT:
            self.betting.full_raise = limits.street_minimum(config, 0)
        self._first = (killer + 1) % self.n
        self.lowball_killer = killer
        self._emit(PotKilled(killer, amount, "voluntary", config.description))
        self._emit(Posted(killer, "kill", take, self.stacks[killer] == 0))

    def _take_hole(self, player: int, cards: tuple[str, ...], faces: tuple[bool, ...]) -> None:
        if self._need_hole.get(player) == len(cards):
            del self._need_hole[player]
        if self.spec.is_stud and player in self.shown:
            # Stud: a hand exposed when the betting ended early stays face up; the cards
            # dealt to it afterwards are dealt face up (RULES.md "Showdown").
            faces = (True,) * len(faces)
        held = self.hole[player]
        self.hole[player] = held + cards if held else cards
        self.up[player] += faces
        if player in self.shown:
            self.shown[player] = self.hole[player] or ()
        self._in_play.update(cards)
        self.events.append(HoleCardsDealt(player, cards))
        if True in faces:
            shown = tuple(c for c, f in zip(cards, faces, strict=True) if f)
            self.events.append(UpCardsDealt(player, shown))
        if self.proofs and self.shuffle is not None and cards and cards[0] in self._positions:
            openings = self.shuffle.open_many(self._positions[c] for c in cards)
            self._emit(CardProofs(player, tuple(openings)))

    def public_openings(self) -> list[CardOpening]:
        """The openings of every card that became public: the board(s), stud upcards and
        the hands shown. Folded and mucked hands and the undealt stub are never opened."""
        if self.shuffle is None:
            return []
        public = [c for board in self.boards() for c in board] + self.second_board
        public += [c for cards in self.shown.values() for c in cards]
        for i in range(self.n):
            public += self.upcards(i)
        positions = sorted({self._positions[c] for c in public if c in self._positions})
        return self.shuffle.open_many(positions)

    def rabbit_openings(self) -> list[CardOpening]:
        """Rabbit hunting ("Rabbit hunting"): the board cards that would have come had a
        finished hand of a board game (hold'em, Omaha) gone on to the river, each opened
        against the hand's shuffle commitment. They are the next cards of the deck, which
        in these games no player was or would have been dealt; a hand that reached the
        river, was run more than once or dealt two boards, or was not dealt from a
        committed deck has none.

        Returns:
            One opening per card, in dealing order (card, deck position, proof).
        """
        if not self.is_complete or self.deck is None or self.shuffle is None or self.runs > 1:
            return []
        if self.setup.boards > 1:
            return []  # two boards' next cards are not one board that would have come
        streets = self.spec.streets
        if any(street.hole for street in streets[1:]):
            return []  # stud and draw: the next cards were players' cards to come
        missing = sum(street.board for street in streets) - len(self.board)
        if missing <= 0 or self.deck.remaining() < missing:
            return []
        start = self.deck.position
        return self.shuffle.open_many(range(start, start + missing))

    def deal_hole(self, player: int, cards: Sequence[str]) -> list[Event]:
        """Replay: deal ``player`` the cards this street (or this draw) gives him (``"??"``
        for unknown ones).

        Raises:
            IllegalAction: no hole cards are due to this player now, the wrong number of
                cards, or a card already in play.
        """
        if not 0 <= player < self.n:
            raise IllegalAction(f"there is no player {player + 1} in this hand")
        need = self._need_hole.get(player)
        if need is None or self.phase not in (Phase.DEALING_HOLE, Phase.DRAWING):
            raise IllegalAction("no cards are due to {player} now", player=self.names[player])
        if len(cards) != need:
            raise IllegalAction(
                f"{{player}} is due {need} card(s), not {len(cards)}", player=self.names[player]
            )
        self._check_unseen(cards, player)
        start = len(self.events)
        if self.phase is Phase.DRAWING:
            self._take_drawn(player, tuple(cards))
            self._continue_draw()
        else:
            self._take_hole(player, tuple(cards), self.spec.streets[self.street].hole)
            if not self._need_hole:
                if self._need_board:
                    self.phase = Phase.DEALING_BOARD
                else:
                    self._after_deal()
        return self.events[start:]

    def _check_unseen(self, cards: Sequence[str], player: int | None = None) -> None:
        known = set(cards)
        known.discard(UNKNOWN)
        if not self._in_play.isdisjoint(known) or (
            len(known) != len(cards) and UNKNOWN not in cards
        ):
            raise IllegalAction("a card cannot be dealt twice")
        if player is not None and self.phase is Phase.DRAWING:
            own = {c for who, c in self._discards[self._round_start :] if who == player}
            if own.intersection(known):
                raise IllegalAction("a player is never dealt his own discards back")

    def board_needed(self) -> int:
        """How many board cards the next deal takes (0 when no deal is due); with a double
        board, both boards' cards: the first board's, then the second's."""
        if self.phase is not Phase.DEALING_BOARD:
            return 0
        return self._need_board * self.setup.boards

    def deal_board(self, cards: Sequence[str]) -> list[Event]:
        """Replay: deal the next board cards (3 for the flop, then 1 and 1; in stud, one
        shared card when the deck cannot give everyone one).

        Raises:
            IllegalAction: no board deal is due, or the wrong number of cards.
        """
        if (
            self.spec.is_stud
            and self.phase is Phase.DEALING_HOLE
            and len(cards) == 1
            and len(self._need_hole) == self.live_count
        ):
            self._need_hole, self._need_board = {}, 1
            self.phase = Phase.DEALING_BOARD
        need = self.board_needed()
        if not need:
            raise IllegalAction("no board cards are due now")
        if len(cards) != need:
            raise IllegalAction(f"the next board deal is {need} card(s), not {len(cards)}")
        self._check_unseen(cards)
        start = len(self.events)
        half = len(cards) // self.setup.boards
        self._put_board(list(cards[:half]), list(cards[half:]))
        return self.events[start:]

    def _put_board(self, cards: list[str], second: Sequence[str] = ()) -> None:
        self.board.extend(cards)
        self._in_play.update(cards)
        self._need_board = 0
        double = self.setup.boards > 1
        self._emit(BoardDealt(self.street, tuple(cards), 0, double))
        if double:
            self.second_board.extend(second)
            self._in_play.update(second)
            self._emit(BoardDealt(self.street, tuple(second), 1, True))
        self._after_deal()

    def _after_deal(self) -> None:
        if self.spec.streets[self.street].draw:
            self._drawn = set()
            self._round_start = len(self._discards)  # this draw's discards start here
            self.phase = Phase.DRAWING
            self._continue_draw()
            return
        if self.betting_over:
            self._next_street()
            return
        if self.street == 0 and self.setup.bomb:
            self._close_street()  # a bomb pot has no betting before the flop
            return
        self._start_betting()

    # ------------------------------------------------------------------ draws

    def _continue_draw(self) -> None:
        for i in range(self.n):
            if not self.folded[i] and i not in self._drawn:
                self.to_act = i
                return
        self.to_act = None
        if self._need_hole:
            return  # replay: replacement cards still due
        if self.betting_over:
            self._next_street()
        else:
            self._start_betting()

    def check_draw(self, p: int) -> None:
        """Refuse a draw by the player at hand index ``p`` now, whichever cards he names:
        no draw in this game, not the draw, or not his turn to draw.

        Raises:
            IllegalAction: as above, saying what he may do or whose draw it is (by player
                id); :class:`NotYourTurn` for another player's draw.
        """
        if self.phase is not Phase.DRAWING or self.to_act is None:
            if not self.spec.is_draw:
                raise IllegalAction(f"there is no draw in {self.config.game.label}")
            if self.phase is Phase.BETTING and self.to_act == p:
                raise IllegalAction("it is not the draw", legal=self.legal_actions())
            raise IllegalAction(f"it is not the draw: {self._pending()}")
        if p != self.to_act:
            raise NotYourTurn(
                "it is not your turn to draw: {to_act} draws", to_act=self.names[self.to_act]
            )

    def _discard(self, action: Discard) -> None:
        p = action.player
        self.check_draw(p)
        cards = tuple(action.cards)
        hand = list(self.hole[p] or ())
        if len(cards) > len(hand) or len(set(c for c in cards if c != UNKNOWN)) != len(
            [c for c in cards if c != UNKNOWN]
        ):
            raise IllegalAction(f"you may discard up to {len(hand)} of your own cards")
        for card in cards:
            if card in hand:
                hand.remove(card)
            elif UNKNOWN in hand and (card == UNKNOWN or self.strict):
                hand.remove(UNKNOWN)
            else:
                raise IllegalAction(
                    f"{card} is not in your hand: discard from {' '.join(self.hole[p] or ())}"
                )
        self.hole[p] = tuple(hand)
        self.up[p] = (False,) * len(hand)
        self._in_play.difference_update(cards)
        self._discards.extend((p, c) for c in cards if c != UNKNOWN)
        self._drawn.add(p)
        self._emit(Thrown(p, cards))
        self._emit(Discarded(p, len(cards)))
        if cards:
            self._need_hole[p] = len(cards)
            if self.deck is not None:
                self._take_drawn(p, tuple(self._draw_cards(len(cards), owner=p)))
        self._continue_draw()

    def _take_drawn(self, player: int, cards: tuple[str, ...]) -> None:
        self._need_hole.pop(player, None)
        self.hole[player] = (self.hole[player] or ()) + cards
        self.up[player] = (False,) * len(self.hole[player] or ())
        self._in_play.update(cards)
        self._emit(CardsDrawn(player, cards, self.hole[player] or ()))

    # ------------------------------------------------------------------ betting rounds

    def _start_betting(self) -> None:
        n = self.n
        street = self.street
        spec_street = self.spec.streets[street]
        first = 0
        brings_in = False
        if street > 0 or not self.spec.blinds:
            if street > 0:
                self.bets = [0] * n
                self.betting.current_bet = 0
                self.betting.opening = False
            self.betting.full_raise = limits.street_minimum(self.config, street)
            self.betting.raise_count = 0
        if street == 0 and self.spec.blinds:
            first = self._first
        elif spec_street.opener in (Opener.BRING_IN_LOW, Opener.BRING_IN_HIGH):
            upcards = [
                self.upcards(i)[-1] if not self.folded[i] and self.upcards(i) else None
                for i in range(n)
            ]
            first = bring_in_player(upcards, spec_street.opener is Opener.BRING_IN_HIGH)
            self.betting.full_raise = 0
            brings_in = True
        elif spec_street.opener in (Opener.BEST_SHOWING, Opener.WORST_SHOWING):
            showing = [None if self.folded[i] else self.upcards(i) for i in range(n)]
            first = first_to_act(showing, spec_street.opener is Opener.WORST_SHOWING)
        self.betting.acted_level = [None] * n
        self.betting.last_aggressor = None
        self.phase = Phase.BETTING
        able = [i for i in range(n) if not self.folded[i] and self.stacks[i] > 0]
        if len(able) == 1 and self.bets[able[0]] >= self.betting.current_bet:
            self.betting.acted_level[able[0]] = (
                self.betting.current_bet
            )  # no one left to bet against
        self.to_act = self.betting.next_to_act(first)
        if brings_in:
            # a low card all-in from the ante cannot bring it in: the rulebook is silent, so
            # as pokerkit deals it, the next player able to act brings it in (or completes)
            self.betting.bring_in_due = self.to_act
        if self.to_act is None:
            self._close_street()

    def _after_bet_action(self, p: int) -> None:
        if self.live_count == 1:
            self._close_street()
            return
        self.to_act = self.betting.next_to_act(p + 1)
        if self.to_act is None:
            self._close_street()

    def _close_street(self) -> None:
        self.to_act = None
        n = self.n
        bets = self.bets
        top, first, second = 0, -1, 0
        for i, bet in enumerate(bets):
            if bet > first:
                top, first, second = i, bet, max(first, 0)
            elif bet > second:
                second = bet
        excess = first - second
        if excess > 0:
            self.bets[top] -= excess
            self.stacks[top] += excess
            self.contributed[top] -= excess
            self._emit(UncalledReturned(top, excess))
        self.collected += sum(self.bets)
        self.bets = [0] * n
        self.betting.current_bet = 0
        # the last aggressor of this round, None if it was checked (RULES.md "Showdown":
        # the last aggressor on the final round shows first)
        self.final_aggressor = self.betting.last_aggressor
        self._emit(StreetEnded(self.street, self.pot_total()))
        if self.live_count == 1:
            self.showdown._award()
            return
        if self.spec.openers and self.opener is None and self.street == 0:
            # 004 jacks §5: a player all-in for the ante may declare the pot open; the bot
            # knows his cards, so it does when he holds openers, and the deal plays on
            broke = [i for i in range(n) if not self.folded[i] and self.stacks[i] == 0]
            openers = [i for i in broke if self._has_openers(i)]
            if not openers:
                self._pass_out()
                return
            self._note_opener(openers[0])
        able = sum(1 for i in range(n) if not self.folded[i] and self.stacks[i] > 0)
        if able <= 1:
            self.betting_over = True
        self._next_street()

    def _next_street(self) -> None:
        if self.street == len(self.spec.streets) - 1:
            self.betting_over = True
            if self.setup.boards > 1:  # each board decides half of every pot, as runs do
                self.run_boards = [self.board, self.second_board]
            elif self.setup.runs and not self.run_boards:
                self._replay_runs()
            self.showdown._enter_showdown()
            return
        if self.setup.bomb and self.street == 0:
            self._begin_street(1)  # a bomb pot's flop comes with the hole cards
            return
        if self.betting_over and self.deck is not None and not self.run_votes:
            # RULES.md "Showdown": an all-in is tabled before the cards to come, and so
            # before the vote on how many times to run them
            if self.auto_showdown and not self.spec.is_draw:
                for i in self.live():
                    self.showdown._show(i)
            board_game = self.spec.streets[-1].board > 0 and self.setup.boards == 1
            if self.offer_runs and board_game and len(self.board) < 5 and self.runs == 1:
                self.phase = Phase.RUNS_VOTE
                self.to_act = self.live()[0]
                return
        if self.runs > 1 and self.deck is not None:
            self._deal_runs()
            return
        self._begin_street(self.street + 1)

    def _pass_out(self) -> None:
        """Jacks or better: nobody opened; the pot stays for the next deal (004 jacks §1)."""
        self.passed_out = True
        self.phase = Phase.COMPLETE
        self._emit(PassedOut(self.pot_total()))

    def _vote_runs(self, action: AgreeRuns) -> None:
        if self.phase is not Phase.RUNS_VOTE:
            raise IllegalAction(
                "running it more than once is agreed only when betting is over with a player all-in"
            )
        raw: Any = action  # the vote as given: checked here, never unboxed as an int first
        runs = raw.runs
        if not isinstance(runs, int) or isinstance(runs, bool) or runs not in (1, 2, 3):
            raise IllegalAction("the board may be run once, twice or three times")
        if action.player not in self.live():
            raise IllegalAction("only players in the pot vote on how many times to run it")
        if action.player in self.run_votes:
            raise IllegalAction(
                f"you have voted already (runs {self.run_votes[action.player]}): "
                "the others in the pot are choosing"
            )
        self.run_votes[action.player] = action.runs
        waiting = [i for i in self.live() if i not in self.run_votes]
        if action.runs == 1 or not waiting:
            self.runs = 1 if action.runs == 1 else min(self.run_votes.values())
            self._emit(RunsAgreed(self.runs, tuple(self.run_votes.items())))
            self.to_act = None
            self._next_street()
        else:
            self.to_act = waiting[0]

    def _replay_runs(self) -> None:
        """Replay: the board was run more than once (000 NL §17); the first run was dealt
        as the board, the others are the set-up's, each after the cards all runs share."""
        shared = self.board[: 5 - len(self.setup.runs[0])]
        self.run_boards = [list(self.board)]
        for extra in self.setup.runs:
            self._check_unseen(extra)
            self._in_play.update(extra)
            self.run_boards.append(shared + list(extra))
        self.runs = len(self.run_boards)

    def _deal_runs(self) -> None:
        base = list(self.board)
        missing = 5 - len(base)
        for run in range(self.runs):
            extra = self._draw_cards(missing)
            self.run_boards.append(base + extra)
            self._emit(BoardDealt(3, tuple(extra), run))
        self.board = list(self.run_boards[0])
        self.street = len(self.spec.streets) - 1
        self.showdown._enter_showdown()

    # ------------------------------------------------------------------ apply

    def apply(self, action: object) -> list[Event]:
        """Apply one player action and return the events it caused.

        Args:
            action: a :mod:`bot.engine.actions` record naming the player by hand index.
        Returns:
            The new events, in order (cards dealt and pots awarded included when the action
            closes a round in play).
        Raises:
            HandOver: the hand is complete.
            NotYourTurn: someone else is to act.
            IllegalAction: anything else the rules do not allow; its message says what is
                legal. Nothing changes when it is raised.
        """
        if self.phase is Phase.COMPLETE and type(action) is not Show:
            raise HandOver("this hand is over")  # a winner by folds may still show
        player = getattr(action, "player", None)
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.n:
            raise IllegalAction(f"there is no player {player!r} in this hand")
        start = len(self.events)
        kind = type(action)
        if kind is Show or kind is Muck:
            self.showdown._showdown_action(action)  # type: ignore[arg-type]
        elif kind is AgreeRuns:
            self._vote_runs(action)  # type: ignore[arg-type]
        elif kind is Discard:
            self._discard(action)  # type: ignore[arg-type]
        else:
            self.betting.act(action)  # type: ignore[arg-type]
        if self.auto_showdown and self.phase is Phase.SHOWDOWN:
            self.showdown._auto_showdown()
        return self.events[start:]

    def no_betting_reason(self) -> str:
        """Why no one may bet now, in words that say what the hand waits for."""
        if self.phase is Phase.COMPLETE:
            return "this hand is over"
        if self.phase is Phase.SHOWDOWN:
            return "betting is over: it is the showdown"
        if self.phase is Phase.RUNS_VOTE:
            return "betting is over: the players in the pot are choosing how many runs"
        if self.phase is Phase.DRAWING:
            return "it is the draw: discard the cards you do not want, or stand pat"
        if self.phase is Phase.KILL_WINDOW:
            return "the deal has paused after two cards: the pot may be killed"
        return "no one is to act until the cards are dealt"

    def _pending(self) -> str:
        if self.phase in (Phase.BETTING, Phase.DRAWING) and self.to_act is not None:
            return f"{self.names[self.to_act]} is to act"
        if self.phase is Phase.DEALING_BOARD:
            return f"{self.board_needed()} board card(s) are due"
        if self.phase is Phase.DEALING_HOLE or self._need_hole:
            return "hole cards are due"
        return self.phase.value

    def structure_name(self) -> str:
        """The betting structure of the current street, as players say it."""
        label: str = self.config.street_structure(self.street).label
        return label
