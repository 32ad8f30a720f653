"""A table from hand to hand: seats, the game (or mix), the kill button and the hand in play.

Pure and synchronous like the rest of the engine: the service gives it a shuffled deck and
the players' actions, saves what :meth:`Table.to_dict` returns after every action, and
rebuilds the table exactly with :meth:`Table.from_dict` (the hand in progress is replayed
from its set-up and its actions). Players are named by their platform user id inside the
engine, so legs and obligations follow a player from one session to the next.

:class:`Table` is the face every caller uses; it holds the table's state and hands each
concern to its module: the host's settings (:mod:`bot.engine.tablesettings`), the kills
owed and who can be dealt in (:mod:`bot.engine.obligations`), a hand from deal to finish
or void (:mod:`bot.engine.lifecycle`), and the table saved and restored
(:mod:`bot.engine.tablesave`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Any

from . import lifecycle, obligations, tablesave
from .actions import Action, LegalActions
from .bombpot import BombRules, bomb_refusal
from .config import Game, GameConfig
from .dealerchoice import chooser as dealer_chooser
from .dealerchoice import game_named
from .decision import Decision, decide
from .errors import IllegalAction, StaleButton
from .events import Event
from .fairness import SecretShuffle
from .games import spec_for
from .hand import Hand, Phase
from .killoffer import KillOffer
from .kills import Kill, KillButton
from .lifecycle import PlayedHand, Returned
from .rotation import config_for
from .seating import Seat, Seating, SeatStatus
from .snapshot import LegalMove, Snapshot, snapshot
from .tableclock import TableClock, TurnKey
from .tablesave import BETWEEN_MOVES
from .tablesettings import TableSettings, kill_tracker_for, rotation_for
from .timebank import TimeBanks
from .turns import Turn, check_clock, check_or_fold, still_in, timeout_action, turn_of

# the table, and what its callers import from here with it (each defined in its own module)
__all__ = ["BETWEEN_MOVES", "PlayedHand", "Returned", "Table", "TableSettings"]


class Table:
    """One table: its host, seating, game rotation, kill button, the pot carried by jacks
    or better, the hand in play, and what the table holds between moves: whether the game
    runs or is held, the clock of the decision it waits on
    (:class:`~bot.engine.tableclock.TableClock`), a kill announced with its objection
    window, straddles asked for, check/folds chosen in advance, and the player last asked
    to pick the game at dealer's choice.

    Args:
        settings: the host's choices.
        host: the player id of the host, who may use the host's controls ("" for a table
            no player hosts, a tournament's).
    """

    def __init__(self, settings: TableSettings, host: str = "") -> None:
        self.settings = settings
        self.host = host
        self.seating = Seating(settings.seats, settings.min_buy_in, settings.max_buy_in)
        self.kills, self.rotation = kill_tracker_for(settings), rotation_for(settings)
        self.hand_number = 0
        self.carried = 0  # jacks or better: the pot no one opened
        # who put the carried pot in, so it can go back if it is never played for
        self.carried_from: dict[str, int] = {}
        # the passed-out deals that carried it (number, players dealt), so that a pot
        # returned unplayed nets each of them to zero in its results
        self.carried_deals: list[tuple[int, tuple[str, ...]]] = []
        self.passes = 0
        self.last_dealt: tuple[str, ...] = ()
        self.quit_since: list[str] = []
        self.current: PlayedHand | None = None
        # at the last deal: who was refused his straddle by a kill (it stands for the next
        # unkilled hand), and who asked but was not left of the big blind (it lapsed)
        self.straddle_void: str | None = None
        self.straddle_lapsed: tuple[str, ...] = ()
        self.bomb_called = 0  # the ante of a bomb pot the host called for the next deal
        self.since_bomb = 0  # hands dealt since the last bomb pot
        self.banks = TimeBanks()
        self.running = False  # the host started the game: deal while it can
        # why the game is held (the platform cannot show the table), or None: while held
        # nothing is dealt and no turn timer runs, until the host starts it again
        self.held: str | None = None
        self.clock = TableClock()
        self.kill_offer: KillOffer | None = None
        self.straddlers: list[str] = []  # in the order asked (000 NL §14)
        self.chosen: dict[str, str] = {}  # player id -> a move chosen in advance
        self.choice_asked: str | None = None  # dealer's choice: the player last asked
        self._settings_data: tuple[TableSettings, dict[str, Any]] | None = None

    # ------------------------------------------------------------------ queries

    @property
    def hand(self) -> Hand | None:
        """The hand in play, if any (complete hands are cleared by :meth:`finish_hand`)."""
        return self.current.hand if self.current else None

    def index_of(self, player_id: str) -> int:
        """The player's index in the hand in play.

        Raises:
            IllegalAction: no hand in play, or the player is not in it.
        """
        if self.current is None:
            raise IllegalAction("no hand is being played: the host starts the next one")
        names = self.current.setup.names
        if player_id not in names:
            raise IllegalAction("you are not in this hand")
        return names.index(player_id)

    @property
    def step(self) -> int:
        """Moves made in the hand in play (0 between hands): a button shown at one step is
        out of date at the next."""
        return len(self.current.actions) if self.current is not None else 0

    def check_fresh(self, player_id: str, hand_number: int | None, step: int | None) -> None:
        """Refuse a button shown for an earlier hand (``hand_number``) or an earlier
        decision of this one (``step``): a click that lands as its hand ends, or a double
        click, never acts on the next hand or the next decision. None skips a check (a
        typed command).

        Raises:
            StaleButton: the button is out of date, with the hand and step it was shown at,
                and whose turn it is now when it is another player's (by player id).
        """
        if hand_number is not None and hand_number != self.hand_number:
            raise StaleButton(
                f"hand #{hand_number} is over: use the buttons of the newest table message",
                hand_number,
                step,
            )
        if step is None or step == self.step:
            return
        hand = self.hand
        if hand is not None and hand.to_act is not None and hand.names[hand.to_act] != player_id:
            to_act = hand.names[hand.to_act]
            raise StaleButton("it is not your turn: {to_act} is to act", hand_number, step, to_act)
        raise StaleButton(
            "that button was for an earlier decision: use the table message as it is now",
            hand_number,
            step,
        )

    def form(self, player_id: str, kind: str) -> LegalMove | tuple[str, ...]:
        """What a button that asks for more before it acts opens with: for ``bet`` or
        ``raise``, the legal move with its range *to* in chips (a move without a range
        when the bet has one size only); for ``draw``, ``player_id``'s own cards to
        pick from (for his eyes only).

        Raises:
            IllegalAction: he may not make that move now (not in the hand, not his turn,
                no bet or no draw now), with the reason the move itself would be refused.
        """
        if kind == "draw":
            index = self.index_of(player_id)
            assert self.current is not None
            hand = self.current.hand
            hand.check_draw(index)
            return tuple(hand.hole[index] or ())
        if kind not in ("bet", "raise", "complete"):
            raise IllegalAction(f"{kind} asks for nothing more: send it as it is")
        self.decide(player_id, kind)  # whose turn, and whether a bet is open now
        shown = self.snapshot()
        choices = shown.choices if shown is not None else ()
        ranged = (c for c in choices if c.command == "raise" and c.minimum is not None)
        return next(ranged, LegalMove(kind, kind))

    def decide(
        self, player_id: str, kind: str, amount: int | None = None, cards: Sequence[str] = ()
    ) -> Decision:
        """The move ``kind`` by ``player_id`` as it will be applied, and whether it is to be
        confirmed first (the host's ``confirm_over``): see :func:`bot.engine.decision.decide`.

        Raises:
            IllegalAction: no hand in play, the player is not in it, it is not his turn, or
                the move is not allowed now; with what he may do.
        """
        index = self.index_of(player_id)
        assert self.current is not None
        hand = self.current.hand
        return decide(hand, index, kind, amount, cards, self.settings.confirm_over)

    @property
    def dealt(self) -> tuple[str, ...]:
        """The player ids dealt into the hand in play, in hand order (() between hands)."""
        return self.current.setup.names if self.current is not None else ()

    def hand_over(self) -> bool:
        """Whether the hand in play is complete (to be finished: :meth:`finish_hand`)."""
        return self.current is not None and self.current.hand.is_complete

    def own_cards(self, player_id: str) -> tuple[tuple[str, ...], bool] | None:
        """``player_id``'s own hole cards in the hand in play (``()`` before they are dealt)
        and whether he has folded, for his eyes only; None when he is not dealt in."""
        hand = self.hand
        if hand is None or player_id not in hand.names:
            return None
        index = hand.names.index(player_id)
        return tuple(hand.hole[index] or ()), bool(hand.folded[index])

    def close_unclaimed_kill_window(self) -> list[Event]:
        """Lowball: a hand paused after two cards for kills to be claimed (000 kill §10)
        goes on with no claim; the table takes claims before the deal for now. Returns
        the events, or [] when no hand waits on the window."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.KILL_WINDOW:
            return []
        return self.close_kill_window([])

    def snapshot(self) -> Snapshot | None:
        """The hand in play as everyone at the table may know it (no hidden card), or
        None between hands: see :mod:`bot.engine.snapshot`."""
        return snapshot(self.hand) if self.hand is not None else None

    def turn(self) -> Turn | None:
        """The decision the table waits for, as everyone may know it, or None."""
        return turn_of(self.hand)

    def time_out(self, player_id: str) -> tuple[list[Event], bool]:
        """The turn timer acts for ``player_id`` whose time ran out (000 NL §15: check if
        free, else fold; bring in, stand pat or show as the street asks), and counts the
        time-out; after ``timeouts_to_sit_out`` in a row he sits out after this hand.

        Returns:
            The events, and whether he is now to sit out after the hand.
        Raises:
            IllegalAction: he is not the player to act.
        """
        index = self.index_of(player_id)
        assert self.current is not None
        hand = self.current.hand
        if hand.to_act != index:
            raise IllegalAction("the turn timer acts only for the player to act")
        events = self.act(player_id, lambda i: timeout_action(hand, i))
        seat = self.seating.seat_of(player_id)
        if seat is None:
            return events, False
        seat.timeouts += 1
        if seat.timeouts >= self.settings.timeouts_to_sit_out and not seat.sit_out_next:
            seat.sit_out_next = True
            return events, True
        return events, False

    def choose_in_advance(self, player_id: str, kind: str) -> None:
        """``player_id`` chooses a move for when his turn comes (``check_fold``: check if
        free, else fold), or takes his choice back (``off``); each is used once, and all
        lapse when the hand ends.

        Raises:
            IllegalAction: he holds no live cards in the hand in play.
        """
        if not self.still_in(player_id):
            raise IllegalAction("check/fold in advance is for a player still in the hand")
        if kind == "off":
            self.chosen.pop(player_id, None)
        else:
            self.chosen[player_id] = kind

    def play_chosen(self) -> tuple[str, list[Event]] | None:
        """Play the check/fold chosen in advance (check if free, else fold) by the player
        to act, if he chose one; it is used up. Returns him and the events, or None."""
        hand = self.hand
        if hand is None or hand.to_act is None or hand.names[hand.to_act] not in self.chosen:
            return None
        move = check_or_fold(hand)
        if move is None:
            return None
        player_id = hand.names[hand.to_act]
        events = self.act(player_id, lambda i: move)
        self.chosen.pop(player_id, None)
        return player_id, events

    def still_in(self, player_id: str) -> bool:
        """Whether ``player_id`` holds live cards in the hand in play."""
        return still_in(self.hand, player_id)

    def ask_straddle(self, player_id: str) -> None:
        """``player_id`` asks to straddle the next hand he is left of the big blind in
        (000 NL §14): only where the house allows straddles, in a game with blinds, for a
        seated player.

        Raises:
            IllegalAction: the house allows no straddle, the game has no blinds, or he is
                not seated here.
        """
        if not self.settings.config.rules.straddle_allowed:
            raise IllegalAction("this table's house rules allow no straddle (000 NL §14)")
        if not spec_for(self.next_game().game).blinds:
            raise IllegalAction("a straddle is a blind: this game is played without blinds")
        if self.seating.seat_of(player_id) is None:
            raise IllegalAction("you are not seated at this table")
        self.straddlers.append(player_id)

    def call_bomb(self, ante: int | None = None) -> int:
        """Host: the next hand is a bomb pot (RULES.md "Bomb pots"), of ``ante`` chips each
        (None: the house's bomb ante, else the big blind). It waits past a killed pot and
        past games without a flop.

        Returns:
            The ante, in chips.
        Raises:
            IllegalAction: an ante outside 1 to the maximum buy-in, or a table whose every
                game lacks a flop.
        """
        config = self.settings.config
        refusal = self.bomb_refusal()
        if refusal:
            raise IllegalAction(refusal)
        most = self.settings.max_buy_in
        if ante is not None and not 1 <= ante <= most:
            house = self.settings.bomb.ante_for(config)
            raise IllegalAction(
                f"bomb [ANTE]: a bomb pot's ante is 1 to {most} chips, not {ante}; "
                f"'bomb' alone antes {house}"
            )
        self.bomb_called = ante or self.settings.bomb.ante_for(config)
        return self.bomb_called

    def cancel_bomb(self) -> None:
        """Host: the bomb pot called for the next hand is not dealt after all."""
        self.bomb_called = 0

    def set_bomb_rules(self, rules: BombRules) -> None:
        """Host, between hands: the table's bomb pots (RULES.md "Bomb pots"); a new
        schedule counts its hands from now.

        Raises:
            IllegalAction: a schedule or a double board at a table whose every game lacks
                a flop.
        """
        if (rules.every or rules.double_board) and self.bomb_refusal():
            raise IllegalAction(str(self.bomb_refusal()))
        if rules.every != self.settings.bomb.every:
            self.since_bomb = 0
        self.settings = replace(self.settings, bomb=rules)

    def bomb_refusal(self) -> str | None:
        """Why this table can deal no bomb pot (none of its games has a flop), or None."""
        games = self.settings.mix or (self.settings.config.game,)
        if all(bomb_refusal(g) for g in games):
            return bomb_refusal(self.settings.config.game)
        return None

    def turn_key(self) -> TurnKey:
        """The decision the table waits on, as (hand number, player id or None, moves
        made): a turn timer (or the clock) runs for one such decision (000 NL §15)."""
        waiting = self.turn()
        return (self.hand_number, waiting.player_id if waiting else None, self.step)

    def follow_turn(self, now: float) -> bool:
        """Start the turn timer of the decision the table now waits on, if it is a new
        one (the time bank of the last one closed), at ``now`` seconds; the same decision
        keeps the timer it has (:meth:`TableClock.follow`). Returns whether it is new.

        A held table (:meth:`hold`) follows its decisions but runs no timer (000 NL §15
        times a player who can see the table): the decision pending when the host starts
        it again gets its whole time."""
        new = self.clock.follow(self.turn_key(), now, self.settings.turn_seconds, self.banks)
        if self.held is not None:
            self.clock.stop()
        return new

    def hold(self, why: str) -> bool:
        """Hold the game because the platform cannot show the table (``why``: what the
        host must do, e.g. the permissions the bot lacks): nothing more is dealt and no
        turn timer runs (000 NL §15), until :meth:`start_game`. The hand in play may
        still be played out by those who see it. Returns False when it was held already
        (nothing changed)."""
        if self.held is not None:
            return False
        self.held, self.running = why, False
        self.clock.stop()
        return True

    def start_game(self) -> bool:
        """The host starts the game, or starts it again after a pause or a hold: deal
        while it can (a hold is lifted; a new failure holds it again). Returns False when
        it was running and not held (nothing changed)."""
        if self.running and self.held is None:
            return False
        self.running, self.held = True, None
        return True

    def call_clock(self, by: str, now: float) -> tuple[str, int]:
        """``by`` puts the clock on the player facing action at ``now`` (000 NL §15): he
        gets the lesser of the time he has left and the clock's seventy seconds.

        Returns:
            Who the clock is on (player id) and the whole seconds he has to act.
        Raises:
            IllegalAction: no one faces a bet decision, ``by`` is not seated here, ``by``
                is the one to act (the clock is put on him by the others), or the clock is
                already on him.
        """
        facing = self._clock_target(by)
        seat = self.seating.seat_of(facing)
        left = self.clock.put_on(now, self.banks, seat.name if seat is not None else facing)
        return facing, left

    def out_of_time(self, player_id: str, now: float) -> tuple[int, list[Event], bool]:
        """``player_id``'s time to act ran out at ``now``: his time bank runs if he has one
        to run on this decision and the clock is not on him (RULES.md "The time bank": the
        clock is his last time), else the turn timer acts for him (:meth:`time_out`, 000
        NL §15).

        Returns:
            The seconds of time bank granted (0: none), the timer's events, and whether
            he is to sit out after the hand.
        Raises:
            IllegalAction: he is not the player to act (nothing changed).
        """
        if self.hand is None or self.hand.to_act != self.index_of(player_id):
            raise IllegalAction("the turn timer acts only for the player to act")
        granted = 0
        if not self.clock.clock_on:  # the clock is his last time: no bank runs after it
            granted = self.clock.draw_bank(self.banks, self.settings.time_bank, player_id, now)
        if granted:
            return granted, [], False
        self.clock.close_bank(self.banks, now)
        events, sat_out = self.time_out(player_id)
        return 0, events, sat_out

    def _clock_target(self, by: str) -> str:
        """The player ``by`` may put the clock on (000 NL §15).

        Raises:
            IllegalAction: no one faces a bet decision, ``by`` is not seated here, or
                ``by`` is the one to act (the clock is put on him by the others).
        """
        facing = check_clock(self.hand)
        if self.seating.seat_of(by) is None:
            raise IllegalAction("only a player at the table may call for the clock")
        if facing == by:
            raise IllegalAction(
                "the clock is for the others to put on you: you are the one to act",
                legal=self.legal_for(by),
            )
        return facing

    def legal_for(self, player_id: str) -> LegalActions | None:
        """The player's whole legal choice, in chips, when it is his turn to bet (the words
        wing says it: "fold, call 20 or raise to 40 to 1000"), else None."""
        hand = self.hand
        if hand is None or hand.to_act is None or hand.phase is not Phase.BETTING:
            return None
        if hand.names[hand.to_act] != player_id:
            return None
        return hand.legal_actions()

    def game_chooser(self, now: float = 0.0) -> str | None:
        """Dealer's choice: the player id who picks the coming round's game before it can
        be dealt (the first round's button, then the player left of the last picker; 002
        games of rounds), or None when no pick is due (a hand in play, a round under way,
        a game already picked, no mix)."""
        if self.current is not None:
            return None
        return dealer_chooser(self.rotation, self.seating, self.settings.config.stakes, now)

    def choose_game(self, player_id: str, word: str, now: float = 0.0) -> Game:
        """``player_id`` picks the coming round's game at a dealer's choice table (002).

        Args:
            player_id: who picks; only :meth:`game_chooser` may.
            word: the game as stored or shown (``razz``, ``2-7 Triple Draw``), any case.
            now: the clock in seconds.
        Returns:
            The game picked; the round's deals are of it.
        Raises:
            IllegalAction: no pick is due, another player picks, or the game is not one of
                the table's; each saying who picks or what may be picked.
        """
        picker = self.game_chooser(now)
        if picker is None or self.rotation is None:
            raise IllegalAction("no game is to be chosen now: the round's game is set")
        if player_id != picker:
            seat = self.seating.seat_of(picker)
            name = seat.name if seat is not None else picker
            raise IllegalAction(f"{name} picks the game for this round (dealer's choice)")
        game = game_named(self.rotation, word)
        seat = self.seating.seat_of(player_id)
        self.rotation.choose(game, now, seat.seat if seat is not None else None)
        self.choice_asked = None
        return game

    def pick_to_ask(self, now: float = 0.0) -> str | None:
        """Dealer's choice: the player id to ask now for the coming round's game, once
        (002); None when no pick is due or he has been asked already."""
        picker = self.game_chooser(now)
        if picker is None or picker == self.choice_asked:
            return None
        self.choice_asked = picker
        return picker

    def waits_for_pick(self, now: float = 0.0) -> bool:
        """Whether the next deal waits for the dealer's choice asked for (002)."""
        picker = self.game_chooser(now)
        return picker is not None and picker == self.choice_asked

    def next_game(self, now: float = 0.0) -> GameConfig:
        """The game of the next deal (the mix's rotation is not advanced)."""
        if self.rotation is None:
            return self.settings.config
        return config_for(self.rotation.current, self.settings.config)

    # ------------------------------------------------------------------ dealing

    def start_hand(
        self,
        deck_order: Sequence[str],
        shuffle: SecretShuffle | None = None,
        *,
        now: float = 0.0,
        straddle_asked: Collection[str] = (),
        kill_offer: Kill | None = None,
        reshuffle_seed: int = 0,
        away: Collection[str] = (),
    ) -> list[Event]:
        """Deal the next hand.

        Args:
            deck_order: the shuffled deck (the service shuffles with the OS CSPRNG).
            shuffle: the commitment to that deck; None commits afresh.
            now: the clock in seconds (a mix changing game by the minute).
            straddle_asked: player ids who asked to straddle: the one left of the big blind
                posts a live straddle of twice the big blind (000 NL §14), unless the pot
                is killed; then his straddle is void for this hand (``straddle_void``) and
                every request stands for the next unkilled hand; in an unkilled hand the
                others' requests lapse (``straddle_lapsed``).
            kill_offer: a voluntary kill or a kill to come in, after its objection window.
            reshuffle_seed: seeds a draw's reshuffle of the discards (saved with the hand).
            away: player ids who owe a kill at another table of the server: dealt into no
                game until it is posted (000 kill §6), so not into this one; a player who
                owes the kill here is dealt in all the same, to post it. The blinds that
                pass a player held out are owed and posted when he is next dealt in, as
                a player back from sitting out posts them.
        Returns:
            The hand's first events.
        Raises:
            IllegalAction: a hand is in play, too few players, a kill the rules do not
                allow. A kill owed is never a reason: its holder is dealt in to post it,
                or, if he cannot be (no chips, gone), it is recorded against him and the
                hand is dealt (000 kill §6).
        """
        held = obligations.hold_out(self.seating, self.kills, away)
        try:
            return lifecycle.deal_hand(
                self, deck_order, shuffle, now, straddle_asked, kill_offer, reshuffle_seed
            )
        finally:
            obligations.let_back(held)

    def act(self, player_id: str, make: Callable[[int], Action]) -> list[Event]:
        """Apply a player's action to the hand in play.

        Args:
            player_id: who acts.
            make: builds the engine action from his hand index.
        Returns:
            The events, ending with the hand's result when it completes.
        Raises:
            IllegalAction: from the engine, nothing changed.
        """
        index = self.index_of(player_id)
        assert self.current is not None
        return lifecycle.act(self.current, index, make)

    def close_kill_window(self, claimants: Sequence[str]) -> list[Event]:
        """Lowball: end the pause after two cards with the players who claimed the kill."""
        if self.current is None:
            raise IllegalAction("no hand is being played")
        claims = [self.index_of(p) for p in claimants]
        return lifecycle.close_kill_window(self.current, claims)

    def void_hand(self) -> None:
        """Host control: void the hand in play, as if it had not been dealt: every chip
        goes back where it was before the deal and the next deal is the same deal again
        (:func:`bot.engine.lifecycle.void_hand`).

        Raises:
            IllegalAction: no hand in play.
        """
        lifecycle.void_hand(self)

    def return_carried(self) -> Returned:
        """Give the pot carried from passed-out jacks-or-better deals (004 jacks §1) back to
        those who anted it, each his own antes, when it will not be played for
        (:func:`bot.engine.lifecycle.return_carried`).

        Returns:
            The shares (player id -> chips, empty when nothing was carried) and the
            passed-out deals they came from.
        Raises:
            IllegalAction: a hand is in play (the carried pot is in it).
        """
        return lifecycle.return_carried(self)

    def finish_hand(self) -> dict[int, int]:
        """After the hand completes: stacks back to the seats, the kill button moved, a pot
        nobody opened carried (:func:`bot.engine.lifecycle.finish_hand`). Returns seat ->
        chips won (net of what he put in).

        Raises:
            IllegalAction: no hand, or it is not over.
        """
        return lifecycle.finish_hand(self)

    def change_settings(self, settings: TableSettings) -> Returned:
        """Host control, between hands: play on under ``settings``; a change of game (or
        mix), structure or stakes is a new game (000 kill §1a), and a pot carried from
        passed-out jacks-or-better deals goes back to who anted it
        (:func:`bot.engine.lifecycle.change_settings`).

        Returns:
            The carried antes returned and the deals they came from (the caller pays out
            the shares of players no longer seated).
        Raises:
            IllegalAction: a hand is in play, or a taken seat the new size does not have.
        """
        return lifecycle.change_settings(self, settings)

    # ------------------------------------------------------------------ seats

    def owes_kill(self, player_id: str) -> int | None:
        """The required kill, in chips, that ``player_id`` must post at the next deal
        here (000 kill §6), or None."""
        return obligations.owes_kill(self.kills, player_id)

    def kill_holds(self, player_id: str) -> bool:
        """Whether ``player_id`` must be dealt the next hand to post the kill he owes before
        a wish to sit out or leave is carried out (000 kill §6, RULES.md "Obligations"):
        he owes one, the next game has blinds (in a mix, a blindless game cannot carry
        it), and the next hand can be dealt with him. When it cannot, the kill is recorded
        against him instead (:meth:`record_owed`) and nothing waits for him."""
        if self.owes_kill(player_id) is None:
            return False
        if not spec_for(self.next_game().game).blinds:
            return False
        return self.can_deal()

    def record_owed(self, player_id: str) -> None:
        """A kill ``player_id`` owes here, kept against him rather than held over the
        table: the button goes neutral and he posts it on the first deal he is back in
        (000 kill §6: no game "until the kill money is posted")."""
        obligations.record_owed(self.kills, self.seating, player_id)

    def can_deal(self, away: Collection[str] = ()) -> bool:
        """Whether the next hand can be dealt: two players with chips who are in the game
        (a player away who owes a kill here counts: he is dealt in to post it; one who
        owes a kill at another table, in ``away``, does not: 000 kill §6)."""
        return obligations.can_deal(self.seating, self.kills, away)

    def announce_kill(self, player_id: str, announced: bool) -> str:
        """``player_id`` announces a kill for the next deal: a kill to come in when he
        waits for the big blind at a game already dealing (000 kill §12; never between the
        button and the big blind), else a voluntary kill (000 kill §10, if the house allows
        it). ``announced``: a kill is already announced for the next deal. Returns the
        reason, ``come_in`` or ``voluntary``; it is dealt if no one objects in the window
        (:meth:`offer_kill`, :meth:`deal_next`).

        Raises:
            IllegalAction: no kills here, not seated, one already announced, a voluntary
                kill the house does not allow, or coming in between the button and the big
                blind.
        """
        rules = self.settings.kill
        if rules is None:
            raise IllegalAction("this table plays without kills")
        seat = self.seating.seat_of(player_id)
        if seat is None:
            raise IllegalAction("you are not seated at this table")
        if announced:
            raise IllegalAction("a kill is already announced for the next deal")
        playing = sum(1 for s in self.seating.seats.values() if s.status is SeatStatus.ACTIVE)
        come_in = seat.status is SeatStatus.WAITING and playing >= 2  # else dealt in anyway
        if come_in:
            seat.post_next = True
            stakes = self.settings.config.stakes
            deal = self.seating.next_deal(stakes.small_blind, stakes.big_blind)
            if seat.seat not in deal.seats:  # between the button and the big blind
                seat.post_next = False
                raise IllegalAction(
                    "you cannot come in between the button and the big blind: "
                    "wait for the button to pass, then kill or post"
                )
            return "come_in"
        if not rules.voluntary:
            raise IllegalAction("voluntary kills are not allowed at this table")
        return "voluntary"

    def offer_kill(self, player_id: str, now: float) -> KillOffer:
        """``player_id`` announces a kill for the next deal at ``now`` (:meth:`announce_kill`),
        open to objection for the house's window (000 kill §10, §12).

        Returns:
            The offer, with the end of its window.
        Raises:
            IllegalAction: as :meth:`announce_kill`.
        """
        reason = self.announce_kill(player_id, self.kill_offer is not None)
        rules = self.settings.kill
        assert rules is not None  # announce_kill refuses a table without kills
        self.kill_offer = KillOffer(player_id, reason, now + rules.objection_seconds)
        return self.kill_offer

    def object_to_kill(self, player_id: str, now: float) -> None:
        """``player_id`` objects to the kill announced: it is not dealt (000 kill §10).

        Raises:
            IllegalAction: no kill is open to objection at ``now``, or he is not seated.
        """
        if self.kill_offer is None or not self.kill_offer.open_at(now):
            raise IllegalAction("there is no kill to object to now")
        if self.seating.seat_of(player_id) is None:
            raise IllegalAction("only a player at the table may object")
        self.kill_offer = None

    def deal_next(
        self,
        deck_order: Sequence[str],
        *,
        now: float,
        reshuffle_seed: int = 0,
        away: Collection[str] = (),
    ) -> tuple[list[Event], IllegalAction | None]:
        """Deal the next hand with what the table holds for it (:meth:`start_hand`): the
        kill announced, once its objection window passed in silence (000 kill §10), and
        the straddles asked for (000 NL §14); a kill the rules refuse for this deal is
        dropped (:func:`bot.engine.lifecycle.deal_next`).

        Returns:
            The hand's first events, and why the kill announced was not dealt (the rules'
            refusal, its players by id; None when none was refused).
        Raises:
            IllegalAction: as :meth:`start_hand`, for a deal refused without a kill.
        """
        return lifecycle.deal_next(
            self, deck_order, now=now, reshuffle_seed=reshuffle_seed, away=away
        )

    def kill_button(self) -> KillButton | None:
        """The kill button as the table should show it: the state the hand in play is
        played under, or between hands the button (None at a table without kills)."""
        return self.kills.shown() if self.kills is not None else None

    def kills_owed(self) -> dict[str, int]:
        """Every kill owed at this table, player id -> chips: the button's holder when it
        is killed, and kills recorded against players who went (000 kill §6, §12)."""
        return obligations.kills_owed(self.kills)

    def _seat(self, player_id: str, why: str = "you are not seated at this table") -> Seat:
        seat = self.seating.seat_of(player_id)
        if seat is None:
            raise IllegalAction(why)
        return seat

    def in_hand(self, player_id: str) -> bool:
        """Whether ``player_id`` was dealt into the hand in play."""
        return self.current is not None and player_id in self.current.setup.names

    def seat_of(self, player_id: str) -> Seat | None:
        """The player's seat, or None when he is not seated."""
        return self.seating.seat_of(player_id)

    def seated(self) -> list[Seat]:
        """Every seat taken, in seat order."""
        return [self.seating.seats[n] for n in sorted(self.seating.seats)]

    def acting(self) -> tuple[str, int] | None:
        """Who is to act in the hand in play: (player id, his index in the hand), or None
        between hands and when no one is (a showdown, a vote)."""
        hand = self.hand
        if hand is None or hand.to_act is None:
            return None
        return hand.names[hand.to_act], hand.to_act

    def sit(self, player_id: str, name: str, buy_in: object, seat: object = None) -> Seat:
        """Seat a player with a buy-in in chips, at ``seat`` or the next free one (000 NL
        §16).

        Raises:
            IllegalAction: already seated, no such or no free seat, or a buy-in outside
                the table's range (the range is named)."""
        return self.seating.sit(player_id, name, buy_in, seat)

    def top_up(self, player_id: str, amount: object) -> Seat:
        """Add ``amount`` chips to a stack between the player's hands, up to the maximum
        buy-in (000 NL §16: table stakes).

        Raises:
            IllegalAction: not seated, in the hand in play, or an amount outside what he
                may add (what he may is named)."""
        return self.seating.top_up(player_id, amount, self.in_hand(player_id))

    def sit_in(self, player_id: str, post: bool = False) -> Seat:
        """Come back from sitting out: post the missed blinds now (``post``) or wait for
        the big blind (the rulebook's "New players, sitting out and missed blinds").

        Raises:
            IllegalAction: not seated, or busted (buy in again first)."""
        return self.seating.sit_in(player_id, post)

    def join_waiting_list(self, player_id: str, name: str) -> int:
        """Put a player on the waiting list; returns his place in it, from 1 (000 NL §16).

        Raises:
            IllegalAction: already seated or already waiting."""
        return self.seating.join_waiting_list(player_id, name)

    def adjust(self, player_id: str, chips: int) -> Seat:
        """Host control between hands: add ``chips`` (negative: take away) to a stack.

        Raises:
            IllegalAction: not seated, or a stack that would go below 0."""
        return self.seating.adjust(player_id, chips)

    def sit_out(self, player_id: str) -> str:
        """A player sits out: at once between hands, after the hand he is in, or, if he
        owes a kill, after the next hand, in which he posts it (000 kill §6). Returns
        ``now``, ``after_hand`` or ``after_kill``.

        Raises:
            IllegalAction: he is not seated.
        """
        seat = self._seat(player_id)
        if self.in_hand(player_id):
            seat.sit_out_next = True
            return "after_hand"
        if self.kill_holds(player_id):
            seat.sit_out_next = True
            return "after_kill"
        self.record_owed(player_id)
        self.seating.sit_out(player_id)
        return "now"

    def leave(self, player_id: str) -> int | None:
        """A player quits the game: returns his cash-out, or None when his wish is kept
        for later (``Seat.leaving``): he is in the hand in play (he goes when it ends), or
        he owes a kill (000 kill §6: he is dealt the next hand, posts it, then goes). A
        kill he owes that the next hand cannot carry is recorded against him.

        Raises:
            IllegalAction: he is not seated.
        """
        seat = self._seat(player_id)
        if self.in_hand(player_id) or self.kill_holds(player_id):
            seat.leaving = True
            return None
        return self.cash_out(player_id)

    def kick(self, player_id: str) -> int | None:
        """Host control: remove a player; returns his cash-out, or None when he is in the
        hand in play and goes when it ends. A kill he owes does not hold the table up: it
        is recorded against him and posted on the first deal he comes back to (000 kill
        §6; RULES.md "Obligations": the host may remove a player who refuses).

        Raises:
            IllegalAction: he is not seated.
        """
        seat = self._seat(player_id, "that player is not seated")
        if self.in_hand(player_id):
            seat.leaving = seat.kicked = True
            return None
        return self.cash_out(player_id)

    def cash_out(self, player_id: str) -> int:
        """Take a player off the table between his hands; returns his chips. He counts
        as gone for the kill button (000 kill §1b: a leg lapses; a kill owed stays owed).

        Raises:
            IllegalAction: not seated.
        """
        self.record_owed(player_id)
        chips = self.seating.leave(player_id)
        self.quit_since.append(player_id)
        return chips

    def cash_out_leavers(self) -> list[tuple[str, str, int]]:
        """Between hands: every player whose leaving was asked for and may now go (kicked,
        or owing no kill) is cashed out. Returns (player id, name, chips) for each."""
        if self.current is not None:
            return []
        going = [
            s
            for s in self.seating.seats.values()
            if s.kicked or (s.leaving and not self.kill_holds(s.player_id))
        ]
        return [(s.player_id, s.name, self.cash_out(s.player_id)) for s in going]

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """Everything, as plain data (the hand in play as its set-up and actions,
        :func:`bot.engine.tablesave.played_to_dict`), read back by :meth:`from_dict`.

        The settings, set-up and shuffle parts are shared with later calls while they stay
        the same (they are built once, not after every action): read the result, do not
        change it.
        """
        current = None if self.current is None else tablesave.played_to_dict(self.current)
        cached = self._settings_data
        if cached is None or cached[0] is not self.settings:
            cached = self._settings_data = (self.settings, self.settings.to_dict())
        kills = self.kills
        return {
            "settings": cached[1],
            "host": self.host,
            "seating": self.seating.to_dict(),
            "kill_button": None if kills is None else kills.button.to_dict(),
            "kill_pending": None if kills is None else kills.pending_to_dict(),
            "rotation": None if self.rotation is None else self.rotation.to_dict(),
            "hand_number": self.hand_number,
            "carried": self.carried,
            "carried_from": dict(self.carried_from),
            "carried_deals": [[n, list(players)] for n, players in self.carried_deals],
            "passes": self.passes,
            "bomb_called": self.bomb_called,
            "since_bomb": self.since_bomb,
            "time_banks": self.banks.to_dict(),
            "last_dealt": list(self.last_dealt),
            "quit_since": list(self.quit_since),
            "running": self.running,
            "held": self.held,
            "clock": self.clock.to_dict(),
            "kill_offer": None if self.kill_offer is None else self.kill_offer.to_dict(),
            "straddlers": list(self.straddlers),
            "chosen": dict(self.chosen),
            "choice_asked": self.choice_asked,
            "current": current,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        """The table saved by :meth:`to_dict`, its hand in play replayed exactly
        (:func:`bot.engine.tablesave.restore`).

        Raises:
            ConfigError: saved data that cannot be read or does not replay.
        """
        table = cls(TableSettings.from_dict(data["settings"]), str(data.get("host", "")))
        tablesave.restore(table, data)
        return table
