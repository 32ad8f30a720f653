"""A table's hands from deal to finish: the deal (the game, the blinds, the kill, the bomb
pot and the straddle it is played with), the moves recorded as they are made, the hand
finished (stacks back to the seats, the kill button moved, a pot nobody opened carried) or
voided, the carried pot given back, and a change of game between hands.

The functions are given the table as :class:`DealingTable`, what they read and move of it
(:class:`bot.engine.table.Table` is one), or the hand in play alone.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from . import obligations
from .actiondata import action_to_dict
from .actions import Action
from .bombpot import as_bomb, bomb_due, bomb_order, bomb_refusal
from .errors import IllegalAction
from .events import Event, MixGame
from .fairness import SecretShuffle
from .games import spec_for
from .hand import Hand, HandSetup
from .killoffer import KillOffer
from .kills import Kill
from .killtracker import KillTracker
from .rotation import Rotation, config_for
from .seating import Seating, SeatStatus
from .sevendeuce import BOUNTY_GAMES
from .tablesettings import TableSettings, kill_tracker_for, rotation_for
from .timebank import TimeBanks
from .undeal import seating_before, undo_deal


@dataclass(frozen=True)
class Returned:
    """A pot carried from passed-out jacks-or-better deals given back unplayed (004 jacks
    §1): ``shares`` is player id -> chips, each his own antes; ``deals`` is each deal that
    carried it, (hand number, player ids dealt in), whose results now net zero for all."""

    shares: Mapping[str, int]
    deals: tuple[tuple[int, tuple[str, ...]], ...] = ()


NOTHING_RETURNED = Returned({})


@dataclass
class PlayedHand:
    """The hand in play: its set-up, shuffle secret, seats in hand order and actions, and
    what the table was before the deal (``before``: for a void, see :func:`void_hand`;
    None in tables saved before it was kept).

    ``setup_data`` is the set-up as plain data once :meth:`bot.engine.table.Table.to_dict`
    has built it (the set-up never changes during the hand, and the table is saved after
    every action).
    """

    number: int
    setup: HandSetup
    seats: tuple[int, ...]
    shuffle: dict[str, Any] | None
    actions: list[dict[str, Any]]
    hand: Hand
    setup_data: dict[str, Any] | None = None
    before: dict[str, Any] | None = None


class DealingTable(Protocol):
    """What a table's hands read and move of it (:class:`bot.engine.table.Table`): its
    settings, seats, kill button and mix, the pot carried by jacks or better, the hand in
    play, the bomb pots called and scheduled, the time banks, what it holds for the next
    deal (a kill announced, straddles asked for, moves chosen in advance), and its answers
    about the kills owed and its own deal."""

    settings: TableSettings
    seating: Seating
    kills: KillTracker | None
    rotation: Rotation | None
    hand_number: int
    carried: int
    carried_from: dict[str, int]
    carried_deals: list[tuple[int, tuple[str, ...]]]
    passes: int
    last_dealt: tuple[str, ...]
    quit_since: list[str]
    current: PlayedHand | None
    straddle_void: str | None
    straddle_lapsed: tuple[str, ...]
    bomb_called: int
    since_bomb: int
    banks: TimeBanks
    kill_offer: KillOffer | None
    straddlers: list[str]
    chosen: dict[str, str]

    def owes_kill(self, player_id: str) -> int | None: ...
    def kill_holds(self, player_id: str) -> bool: ...
    def record_owed(self, player_id: str) -> None: ...
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
    ) -> list[Event]: ...


def deal_hand(  # noqa: PLR0913 - start_hand's own arguments
    table: DealingTable,
    deck_order: Sequence[str],
    shuffle: SecretShuffle | None,
    now: float,
    straddle_asked: Collection[str],
    kill_offer: Kill | None,
    reshuffle_seed: int,
) -> list[Event]:
    """Deal ``table``'s next hand as :meth:`bot.engine.table.Table.start_hand` says, the
    players held out already seated out (:func:`bot.engine.obligations.hold_out`).

    Returns:
        The hand's first events (at a mix, first the game in play and the next).
    Raises:
        IllegalAction: a hand is in play, too few players, a kill the rules do not allow.
    """
    if table.current is not None:
        raise IllegalAction("a hand is already being played")
    config = table.settings.config
    obligations.deal_in_killer(table.seating, table.kills)
    deal = table.seating.next_deal(config.stakes.small_blind, config.stakes.big_blind)
    rotation_before = table.rotation.to_dict() if table.rotation is not None else None
    if table.rotation is not None:
        game = table.rotation.deal(len(deal.seats), now)
        config = config_for(game, table.settings.config)
    spec = spec_for(config.game)
    names = tuple(table.seating.seats[s].player_id for s in deal.seats)
    stacks = tuple(table.seating.seats[s].stack for s in deal.seats)
    if spec.blinds:
        blinds: tuple[int, ...] | None = deal.blinds
        dead = deal.dead if any(deal.dead) else None
        kinds: tuple[str, ...] | None = deal.kinds
    else:
        blinds, dead, kinds = None, None, None
    antes = None
    if spec.openers and table.passes >= table.settings.jacks_deals:
        antes = (0,) * len(names)  # the antes stop after the house limit (004 jacks §1)
    first: int | None = None
    if spec.blinds:
        big = deal.seats.index(deal.big_blind)
        first = (big + 1) % len(names)  # action starts left of the big blind
    # the straddle is the player left of the big blind, if he asked (000 NL §14)
    left = first if first is not None and len(names) >= 3 else None
    straddler = names[left] if left is not None and names[left] in straddle_asked else None
    if not config.rules.straddle_allowed:
        straddler, straddle_asked = None, ()  # a house without straddles deals none
    setup = HandSetup(
        config,
        names,
        stacks,
        blinds=blinds,
        antes=antes,
        dead=dead,
        straddle=False,
        first_to_act=first,
        deck_order=tuple(deck_order),
        blind_kinds=kinds,
        reshuffle_seed=reshuffle_seed,
        carried=table.carried,
        seven_deuce=table.settings.seven_deuce if config.game in BOUNTY_GAMES else 0,
    )
    if table.kills is not None:
        table.kills.defer_absent_killer(names)
        newcomers = [p for p in names if p not in table.last_dealt] if table.last_dealt else []
        setup = table.kills.prepare(setup, table.quit_since, kill_offer, newcomers)
    elif kill_offer is not None:
        raise IllegalAction("this table plays without kills")
    bomb = 0
    if setup.kill is None and bomb_refusal(config.game) is None:  # a kill pot deals first
        bomb = bomb_due(table.settings.bomb, config, table.bomb_called, table.since_bomb)
    table.straddle_void, table.straddle_lapsed = None, ()
    if setup.kill is not None or bomb:  # RULES.md "Kill pots", "Bomb pots": no straddle
        table.straddle_void = straddler
    else:
        if straddler is not None and left is not None:
            setup = _with_straddle(setup, left)
        table.straddle_lapsed = tuple(p for p in straddle_asked if p != straddler)
    seats = deal.seats
    if bomb:
        # the button stands: the order starts left of the button the table shows
        seats = bomb_order(deal.seats, table.seating.button, table.seating.size)
        setup = as_bomb(setup, bomb, table.settings.bomb.double_board, deal.seats, seats)
        if table.kills is not None:
            table.kills.no_leg()
    hand = Hand(setup, offer_runs=table.settings.offer_runs, shuffle=shuffle)
    before = {
        "seating": seating_before(table.seating),
        "rotation": rotation_before,
        "last_dealt": list(table.last_dealt),
        "quit_since": list(table.quit_since),
        "bomb": [table.bomb_called, table.since_bomb],
    }
    if bomb:
        # a hand between hands: the button, the blinds owed and the mix stay as they
        # are for the hand after it (RULES.md "Bomb pots")
        if rotation_before is not None:
            table.rotation = Rotation.from_dict(rotation_before)
        table.bomb_called, table.since_bomb = 0, 0
    else:
        table.seating.commit_deal(deal)
        table.since_bomb += 1
    table.carried = 0
    table.hand_number += 1
    table.quit_since = []
    table.last_dealt = names
    secret = hand.shuffle.to_dict() if hand.shuffle else None
    table.current = PlayedHand(table.hand_number, setup, seats, secret, [], hand, before=before)
    if table.rotation is not None and not bomb:  # a bomb pot changes no game
        upcoming = table.rotation.upcoming
        announce = MixGame(config.game.label, upcoming.label if upcoming else None)
        return [announce, *hand.events]
    return list(hand.events)


def _with_straddle(setup: HandSetup, left: int) -> HandSetup:
    """The set-up with a live straddle of twice the big blind posted by the player at hand
    index ``left`` (left of the big blind), who then acts last before the flop (000 NL §14,
    003 §15)."""
    blinds = setup.blinds or (0,) * len(setup.names)
    kinds = setup.blind_kinds or ("",) * len(setup.names)
    straddle = setup.config.stakes.straddle_amount
    return replace(
        setup,
        blinds=tuple(straddle if i == left else b for i, b in enumerate(blinds)),
        blind_kinds=tuple("straddle" if i == left else k for i, k in enumerate(kinds)),
        first_to_act=(left + 1) % len(setup.names),
    )


def act(played: PlayedHand, index: int, make: Callable[[int], Action]) -> list[Event]:
    """Apply a player's action to the hand in play and record it with its moves.

    Args:
        played: the hand in play.
        index: the acting player's index in the hand.
        make: builds the engine action from his hand index.
    Returns:
        The events, ending with the hand's result when it completes.
    Raises:
        IllegalAction: from the engine, nothing changed (nothing recorded).
    """
    action = make(index)
    events = played.hand.apply(action)
    played.actions.append(action_to_dict(action))
    return events


def close_kill_window(played: PlayedHand, claims: list[int]) -> list[Event]:
    """Lowball: end the pause after two cards of the hand in play with the players who
    claimed the kill (``claims``, their hand indexes; 000 kill §10), recorded with its
    moves. Returns the events.

    Raises:
        IllegalAction: from the engine, nothing changed.
    """
    events = played.hand.close_kill_window(claims)
    played.actions.append({"kind": "kill_window", "claims": claims})
    return events


def void_hand(table: DealingTable) -> None:
    """Host control: void ``table``'s hand in play, as if it had not been dealt. Every chip
    goes back where it was before the deal (seat stacks are only updated when a hand ends),
    a pot carried into it stays carried, the kill it carried is withdrawn and the kill
    button is unchanged; the button, the blinds owed, the mix's rotation and who counts
    as new (000 kill §12) are put back, so the next deal is the same deal again. The
    hand keeps its number (the next deal takes the next one).

    Raises:
        IllegalAction: no hand in play.
    """
    if table.current is None:
        raise IllegalAction("there is no hand to void")
    table.carried = table.current.setup.carried
    if table.kills is not None:
        table.kills.restore_pending(None)
    before = table.current.before
    if before is not None:
        undo_deal(table.seating, before["seating"], table.current.seats)
        if before.get("rotation"):
            table.rotation = Rotation.from_dict(before["rotation"])
        table.last_dealt = tuple(before.get("last_dealt", ()))
        table.quit_since = list(before.get("quit_since", []))
        # a bomb pot voided is dealt again; one the host called during the hand stands
        called, table.since_bomb = before.get("bomb", (0, table.since_bomb))
        table.bomb_called = table.bomb_called or called
    table.current = None
    table.chosen = {}  # moves chosen in advance were for the voided hand


def return_carried(table: DealingTable) -> Returned:
    """Give ``table``'s pot carried from passed-out jacks-or-better deals (004 jacks §1) back
    to those who anted it, each his own antes, when it will not be played for: the session
    ends, or the game or stakes change. A busted player given chips back may play again.
    Chips are conserved: the stacks grow by exactly the carried pot, less the shares of
    players no longer seated, which the caller pays out.

    Returns:
        The shares (player id -> chips, empty when nothing was carried) and the
        passed-out deals they came from.
    Raises:
        IllegalAction: a hand is in play (the carried pot is in it).
    """
    if table.current is not None:
        raise IllegalAction("the carried pot is in the hand being played")
    shares = {p: c for p, c in table.carried_from.items() if c > 0}
    for seat in table.seating.seats.values():
        share = shares.get(seat.player_id, 0)
        if share:
            table.seating.set_stack(seat, seat.stack + share)
    deals = tuple(table.carried_deals) if shares else ()
    table.carried, table.carried_from, table.carried_deals, table.passes = 0, {}, [], 0
    return Returned(shares, deals)


def finish_hand(table: DealingTable) -> dict[int, int]:
    """After ``table``'s hand completes: stacks back to the seats, the kill button moved, a
    pot nobody opened carried. Returns seat -> chips won (net of what he put in).

    Raises:
        IllegalAction: no hand, or it is not over.
    """
    if table.current is None or not table.current.hand.is_complete:
        raise IllegalAction("the hand is not over")
    hand = table.current.hand
    seats = table.current.seats
    net = {s: hand.stacks[i] - hand.starting[i] for i, s in enumerate(seats)}
    if hand.passed_out:
        table.carried = hand.pot_total()
        for i, player in enumerate(hand.names):
            anted = hand.starting[i] - hand.stacks[i]
            if anted:
                table.carried_from[player] = table.carried_from.get(player, 0) + anted
        table.carried_deals.append((table.current.number, tuple(hand.names)))
        table.passes += 1
    else:
        table.carried_from, table.carried_deals = {}, []
        table.passes = 0
    if table.kills is not None:
        table.kills.settle(hand)
    table.banks.refill(table.settings.time_bank, table.hand_number, [*hand.names])
    table.current = None
    table.chosen = {}  # moves chosen in advance were for that hand only
    # a wish to sit out or leave waits for one kill owed, never for a killer who just
    # posted and won again: that kill is recorded against him and he goes (000 kill §6)
    killer = hand.setup.kill.killer if hand.setup.kill is not None else None
    owing = frozenset(p for p in hand.names if p != killer and table.owes_kill(p))
    table.seating.settle({s: hand.stacks[i] for i, s in enumerate(seats)}, owing)
    for s in seats:
        seat = table.seating.seats[s]
        wish = seat.sit_out_next or seat.leaving or seat.status is SeatStatus.SITTING_OUT
        if not wish or table.owes_kill(seat.player_id) is None:
            continue
        if seat.player_id in owing and table.kill_holds(seat.player_id):
            continue  # dealt the next hand to post it; the wish waits for that
        table.record_owed(seat.player_id)
        if seat.sit_out_next and seat.stack > 0:
            seat.status, seat.sit_out_next = SeatStatus.SITTING_OUT, False
    return net


def change_settings(table: DealingTable, settings: TableSettings) -> Returned:
    """Host control, between hands: ``table`` plays on under ``settings``.

    A change of game (or mix), structure or stakes is a new game: the kill button starts
    neutral (000 kill §1a, RULES.md "Kill pots": a new game, not a new session), a mix
    starts its rotation afresh, and a pot carried from passed-out jacks-or-better deals,
    anted at the old game, goes back to who anted it (:func:`return_carried`); a kill
    announced is withdrawn. The buy-in range applies to the next buy-in or top-up;
    stacks stay as they are.

    Returns:
        The carried antes returned and the deals they came from (the caller pays out
        the shares of players no longer seated).
    Raises:
        IllegalAction: a hand is in play, or a taken seat the new size does not have.
    """
    if table.current is not None:
        raise IllegalAction("the game changes between hands: wait for this one to end")
    beyond = sorted(n for n in table.seating.seats if n > settings.seats)
    if beyond:
        raise IllegalAction(f"seats {beyond} must be empty first")
    old, table.settings = table.settings, settings
    table.seating.size = settings.seats
    table.seating.min_buy_in, table.seating.max_buy_in = settings.min_buy_in, settings.max_buy_in
    if (old.config, old.mix) == (settings.config, settings.mix):
        return NOTHING_RETURNED
    # a new game: the kill button starts neutral (000 kill §1a), and a kill announced
    # for the old game's next deal is withdrawn
    table.kills, table.rotation = kill_tracker_for(settings), rotation_for(settings)
    table.kill_offer = None
    return return_carried(table)


def deal_next(
    table: DealingTable,
    deck_order: Sequence[str],
    *,
    now: float,
    reshuffle_seed: int = 0,
    away: Collection[str] = (),
) -> tuple[list[Event], IllegalAction | None]:
    """Deal ``table``'s next hand with what it holds for it (its ``start_hand``): the
    kill announced, once its objection window passed in silence (000 kill §10), and
    the straddles asked for (000 NL §14). A kill the rules refuse for this deal is
    dropped and the hand dealt without it; the straddles asked for stand for the next
    hand with blinds when this one is killed or a bomb pot.

    Returns:
        The hand's first events, and why the kill announced was not dealt (the rules'
        refusal, its players by id; None when none was refused).
    Raises:
        IllegalAction: as ``start_hand``, for a deal refused without a kill.
    """
    kill = table.kill_offer.kill_at(now) if table.kill_offer is not None else None
    if kill is not None:
        table.kill_offer = None
    straddlers, table.straddlers = table.straddlers, []
    refused: IllegalAction | None = None
    try:
        events = table.start_hand(
            deck_order,
            now=now,
            straddle_asked=straddlers,
            kill_offer=kill,
            reshuffle_seed=reshuffle_seed,
            away=away,
        )
    except IllegalAction as exc:
        if kill is None:
            raise
        refused = exc
        events = table.start_hand(
            deck_order,
            now=now,
            straddle_asked=straddlers,
            reshuffle_seed=reshuffle_seed,
            away=away,
        )
    setup = table.current.setup if table.current is not None else None
    if setup is not None and (setup.kill is not None or setup.bomb):
        table.straddlers = list(straddlers)
    return events, refused
