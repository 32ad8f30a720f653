"""What one step does to a table in memory, under the table's lock: a player's command
dispatched to its handler, or a step of the table's own (the next deal, a time-out). The
engine decides and keeps the table's state (its clock, moves chosen in advance, a kill
offered, straddles asked for); this calls it and gathers what to tell and what to write.

Nothing here awaits or commits: :mod:`bot.service.tables` orders steps, commits what a step
gathered and publishes it, or puts the table back as it was when a step raises.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import (
    Decision,
    Event,
    Hand,
    HandStarted,
    IllegalAction,
    KillButton,
    PotAwarded,
    SevenDeuce,
    Shown,
    ShuffleOpened,
    Table,
)
from bot.engine import tableevents as te
from bot.phh.convert import hand_to_phh
from bot.phh.killsession import stored_fields
from bot.phh.notation import dumps_phh
from bot.phh.pokerstars import seat_fields
from bot.phh.stats import biggest_takes
from bot.service import controls
from bot.service.state import Live, Outgoing, Player, ShowdownPicture
from bot.words.commands import (
    AddOn,
    Adjust,
    Bomb,
    CancelTournament,
    Choose,
    Chop,
    Clock,
    Command,
    Kick,
    KillOffer,
    Leave,
    Object,
    Pause,
    Payouts,
    Play,
    PreAction,
    Rebuy,
    Register,
    RemoveEntrant,
    SetOption,
    Sit,
    SitIn,
    SitOut,
    Start,
    Straddle,
    TopUp,
    Unregister,
    Void,
    Wait,
)
from bot.words.gamewords import picture_title
from storage import HandBegun, HandFinished, LedgerEntry, MoneyLine, Write


@dataclass
class Step:
    """One step at one table: the table, what the step needs from the service, and what
    it gathers.

    Attributes:
        live: the table in memory, changed in place.
        clock: seconds now (the service's clock, a fake one in tests).
        shuffle: a new shuffled deck (the OS's CSPRNG in play, seeded in tests).
        owing: the kill obligations the table's players have at other tables of the
            server, player id -> what he owes and where (000 kill §6).
        out: what to publish once committed, in order.
        extra: what to write with the commit beside the command, its events and state.
        decision: for a move, the engine's decision gate's answer (see
            :func:`apply_command`).
    """

    live: Live
    clock: Callable[[], float]
    shuffle: Callable[[], Sequence[str]]
    owing: Callable[[Live], dict[str, te.KillOwedElsewhere]]
    out: list[Outgoing] = field(default_factory=list)
    extra: list[Write] = field(default_factory=list)
    decision: Decision | None = None
    money: list[MoneyLine] = field(default_factory=list)

    def say(self, event: te.TableEvent, audience: str | None = None) -> None:
        """One of the table's own events, to the table (``audience`` None) or to one
        player id; the words wing tells it."""
        self.out.append(Outgoing(self.live.id, audience, event))

    def say_at(self, table_id: str, event: te.TableEvent, audience: str | None = None) -> None:
        """One of the table's own events at another table of its tournament (committed
        with this step, :mod:`bot.service.spreads`)."""
        self.out.append(Outgoing(table_id, audience, event))

    def show(self, events: Sequence[Event]) -> None:
        """The engine's events, each to its audience (:func:`outgoing`)."""
        self.out += outgoing(self.live, events)


def outgoing(live: Live, events: Sequence[Event]) -> list[Outgoing]:
    """The engine's events as output: an event private to a seat of the hand goes to that
    seat's player id, every other to the table; each carries the hand's player ids."""
    names = live.table.dealt
    out = []
    for event in events:
        private = event.private_to
        audience = names[private] if private is not None and private < len(names) else None
        out.append(Outgoing(live.id, audience, event, names))
    return out


# ---------------------------------------------------------------------- commands


def apply_command(
    step: Step, player: Player, command: Command, decision: Decision | None = None
) -> None:
    """Apply a player's command to the table through its handler, then what follows it
    between hands (leavers cashed out) and at once (moves chosen in advance, the end of a
    hand, the next deal while the game runs, the turn timer: :func:`advance`).

    Args:
        decision: for a move (:class:`Play`), the engine's decision gate's answer (the
            move as it will be applied); None to ask the gate here, which then raises
            the refusal with its reason.
    Raises:
        EngineError: the engine refused (with what is legal); the table may be half
            changed, so the caller puts it back.
    """
    live = step.live
    names = live.names if live.names is not None else {}
    live.names = names
    names[player.id] = player.name
    step.decision = decision
    HANDLERS[type(command)](step, player, command)
    # between hands, whoever asked to leave and may now go is cashed out: after a void,
    # a kick, or a change that leaves a player owing nothing or unable to be dealt in
    cash_out_leavers(step)
    advance(step)


def _play(step: Step, player: Player, command: Play) -> None:
    table = step.live.table
    decision = step.decision
    if decision is None:  # refused by the gate: this says why
        decision = table.decide(player.id, command.kind, command.amount, command.cards)
    move = decision.action
    events = table.act(player.id, lambda i: move)
    mover = table.seat_of(player.id)
    if mover is not None:
        mover.timeouts = 0
    step.show(events)


def _sit(step: Step, player: Player, command: Sit) -> None:
    live = step.live
    seat = live.table.sit(player.id, player.name, command.buy_in, command.seat)
    step.extra.append(LedgerEntry(live.id, live.session_id, player.id, "buy_in", command.buy_in))
    step.say(te.Seated(player.id, seat.seat, seat.stack))


def _top_up(step: Step, player: Player, command: TopUp) -> None:
    live = step.live
    seat = live.table.top_up(player.id, command.amount)
    step.extra.append(LedgerEntry(live.id, live.session_id, player.id, "top_up", command.amount))
    step.say(te.ToppedUp(player.id, command.amount, seat.stack))


def _sit_out(step: Step, player: Player, command: SitOut) -> None:
    table = step.live.table
    when = table.sit_out(player.id)
    kill = table.owes_kill(player.id) if when == "after_kill" else None
    step.say(te.SittingOut(player.id, when, kill))


def _sit_in(step: Step, player: Player, command: SitIn) -> None:
    step.live.table.sit_in(player.id, command.post)
    step.say(te.SatIn(player.id, command.post))


def _leave(step: Step, player: Player, command: Leave) -> None:
    live = step.live
    in_hand = live.table.in_hand(player.id)
    chips = live.table.leave(player.id)
    if chips is None:
        owed = live.table.owes_kill(player.id)
        step.say(te.Leaving(player.id, owed if not in_hand else None))
    else:
        tell_waiting(step)
        step.extra.append(LedgerEntry(live.id, live.session_id, player.id, "cash_out", chips))
        step.say(te.Left(player.id, chips))


def _start(step: Step, player: Player, command: Start) -> None:
    if not step.live.table.start_game():
        step.say(te.AlreadyRunning(), player.id)
        return
    step.say(te.GameStarted())


def _choose(step: Step, player: Player, command: Choose) -> None:
    game = step.live.table.choose_game(player.id, command.game, step.clock())
    step.say(te.GameChosen(player.id, game.label))


def _pause(step: Step, player: Player, command: Pause) -> None:
    step.live.table.running = False
    step.say(te.GamePaused())


def _clock(step: Step, player: Player, command: Clock) -> None:
    """000 NL §15: a player at the table puts the clock on the player to act."""
    facing, left = step.live.table.call_clock(player.id, step.clock())
    step.say(te.ClockCalled(player.id, facing, left))


def _kill_offer(step: Step, player: Player, command: KillOffer) -> None:
    """A voluntary kill (or a kill to come in) announced for the next hand, open to
    objection for the house's window (000 kill §10, §12)."""
    now = step.clock()
    offer = step.live.table.offer_kill(player.id, now)
    step.say(te.KillAnnounced(player.id, offer.reason == "come_in", round(offer.until - now)))


def _object(step: Step, player: Player, command: Object) -> None:
    step.live.table.object_to_kill(player.id, step.clock())
    step.say(te.KillObjected(player.id))


def _straddle(step: Step, player: Player, command: Straddle) -> None:
    step.live.table.ask_straddle(player.id)
    step.say(te.StraddleAsked(player.id))


def _pre_action(step: Step, player: Player, command: PreAction) -> None:
    """Record (or cancel, ``off``) a check/fold in advance; told to the player alone. On
    his own turn it is played at once (by :func:`advance`), and he is told so.

    Raises:
        IllegalAction: he holds no live cards in the hand in play.
    """
    table = step.live.table
    table.choose_in_advance(player.id, command.kind)
    if command.kind == "off":
        state = "off"
    elif table.legal_for(player.id) is not None:  # his betting decision is pending now
        state = "now"
    else:
        state = "later"
    step.say(te.CheckFoldSet(state), player.id)


def _wait(step: Step, player: Player, command: Wait) -> None:
    place = step.live.table.join_waiting_list(player.id, player.name)
    step.say(te.WaitingListed(player.id, place))


def _no_tournament(step: Step, player: Player, command: Command) -> None:
    """A tournament's command at a cash table."""
    raise IllegalAction(
        "no tournament plays at this table: 'tournament new …' sets one up in a channel of its own"
    )


def _rebuy(step: Step, player: Player, command: Rebuy | AddOn) -> None:
    """At a cash table ``rebuy N`` and ``addon N`` are a top-up (000 NL §16)."""
    if command.amount is None:
        raise IllegalAction("at a cash table, 'topup N' adds N chips between hands")
    _top_up(step, player, TopUp(command.amount))


def _host_control(
    step: Step, player: Player, command: Kick | Adjust | Void | SetOption | Bomb
) -> None:
    live = step.live
    seated = len(live.table.seated())
    step.say(controls.host_control(live, player, command, step.extra))
    if len(live.table.seated()) < seated:
        tell_waiting(step)


# Each command that changes the table, to its handler: (step, sender, command). Who may
# use a host control is checked before, once (bot.service.tables); the read-only commands
# are answered without a step (bot.service.views.READS, bot.chat.core.OWN).
HANDLERS: dict[type[Command], Callable[[Step, Player, Any], None]] = {
    Play: _play,
    Sit: _sit,
    TopUp: _top_up,
    SitOut: _sit_out,
    SitIn: _sit_in,
    Leave: _leave,
    Start: _start,
    Choose: _choose,
    Pause: _pause,
    Clock: _clock,
    KillOffer: _kill_offer,
    Object: _object,
    Straddle: _straddle,
    PreAction: _pre_action,
    Wait: _wait,
    Kick: _host_control,
    Adjust: _host_control,
    Void: _host_control,
    SetOption: _host_control,
    Bomb: _host_control,
    Rebuy: _rebuy,
    AddOn: _rebuy,
    Register: _no_tournament,
    Unregister: _no_tournament,
    Chop: _no_tournament,
    CancelTournament: _no_tournament,
    RemoveEntrant: _no_tournament,
    Payouts: _no_tournament,
}


# ---------------------------------------------------------------------- the table's own steps


def advance(step: Step, deal_now: bool = False) -> None:
    """Apply moves chosen in advance, finish a completed hand, deal the next while the
    game runs, and set the turn timer (000 NL §15).

    A hand finished by this step is not followed by the next deal here unless
    ``deal_now``: the move that ends a hand is committed and answered first, and the
    deal is a step of its own, so the showdown is never held back by the next shuffle and
    its commitment.

    Raises:
        EngineError: the engine refused the deal (the caller pauses the game)."""
    live = step.live
    table = live.table
    while _apply_pre_action(step):
        pass
    finished = False
    for _ in range(2):
        if table.hand_over():
            _finish(step)
            finished = True
            continue
        if finished and not deal_now:
            break  # the next deal is a step of its own
        can_deal = table.can_deal(step.owing(live))
        if table.current is None and table.running and can_deal and _game_picked(step):
            notes: list[Outgoing] = []
            events = _deal(step, notes)
            assert table.current is not None
            commit = next((e.commitment for e in events if isinstance(e, HandStarted)), None)
            setup = table.current.setup
            step.extra.append(
                HandBegun(
                    live.id,
                    table.hand_number,
                    live.session_id,
                    setup.config.game.value,
                    commit,
                    setup.names,
                )
            )
            step.show(events)
            step.out += notes
            step.show(table.close_unclaimed_kill_window())
            if table.hand_over():
                continue
        break
    table.follow_turn(step.clock())


def time_out(step: Step, player_id: str) -> None:
    """The turn timer ran out for ``player_id``: the engine checks if free, else folds
    (000 NL §15), and sits out a player who times out too often in a row; then
    :func:`advance`.

    Raises:
        EngineError: the engine refused (the decision was no longer pending)."""
    granted, events, sat_out = step.live.table.out_of_time(player_id, step.clock())
    if granted:  # RULES.md "The time bank": drawn on before the timer acts for him
        step.say(te.TimeBankRuns(player_id, granted))
        return
    step.say(te.TimedOut(player_id))
    if sat_out:
        step.say(te.SatOutForTime(player_id))
    step.show(events)
    advance(step)


def _apply_pre_action(step: Step) -> bool:
    """Play the check/fold chosen in advance by the player to act, if any; True if one
    was played (each is used once)."""
    played = step.live.table.play_chosen()
    if played is None:
        return False
    step.show(played[1])
    return True


def _game_picked(step: Step) -> bool:
    """Whether the next deal's game is known; at a dealer's choice table whose round is
    over, the button is asked once to pick it (002) and nothing is dealt until he has."""
    live = step.live
    if live.table.game_chooser(step.clock()) is None:
        return True
    picker = live.table.pick_to_ask(step.clock())
    if picker is not None:
        rotation = live.table.rotation
        games = tuple(g.value for g in rotation.games) if rotation is not None else ()
        step.say(te.PickDue(picker, games))
    return False


def _deal(step: Step, notes: list[Outgoing]) -> list[Event]:
    """Deal the next hand with any kill offered (its objection window over) and any
    straddle asked for by the player who ends up left of the big blind; what the
    players are told about the deal (a straddle void or lapsed, a player kept out
    owing a kill elsewhere) goes to ``notes``, shown after the hand's first lines."""
    live = step.live
    table = live.table
    away = step.owing(live)
    deck, seed = step.shuffle(), secrets.randbits(62)
    events, refused = table.deal_next(deck, now=step.clock(), reshuffle_seed=seed, away=away)
    if refused is not None:
        step.say(te.KillNotDealt(refused.template, tuple(refused.players.items())))
    dealt = table.current.setup.names if table.current is not None else ()
    for player_id, owed in away.items():
        seat = table.seat_of(player_id)
        if player_id in dealt or seat is None or seat.status.value not in ("active", "waiting"):
            continue
        notes.append(Outgoing(live.id, None, owed))
    setup = table.current.setup if table.current is not None else None
    void = table.straddle_void
    if void is not None:
        bomb = setup is not None and setup.bomb
        notes.append(Outgoing(live.id, None, te.StraddleVoid(void, bomb)))
    for player_id in table.straddle_lapsed:
        notes.append(Outgoing(live.id, player_id, te.StraddleLapsed(player_id)))
    return events


def _finish(step: Step) -> None:
    """A hand over: its record written (:func:`record_hand`), the table moved on, leavers
    cashed out, busted players told how to buy in again."""
    record_hand(step)
    table = step.live.table
    table.finish_hand()
    cash_out_leavers(step)
    for seat in table.seated():
        if seat.stack == 0:
            step.say(te.OutOfChips(seat.player_id))


def record_hand(step: Step, fields: dict[str, Any] | None = None) -> None:
    """A hand over, before the table moves on: its history, results, biggest pot and the
    most each player took from one pot, kill and shuffle openings written, its showdown
    picture and its 7-2 bounties' ledger lines; ``fields`` go into its history too (a
    tournament hand's header)."""
    live = step.live
    table = live.table
    current = table.current
    assert current is not None
    hand = current.hand
    names = live.names or {}
    # the seats and the button as they were (PokerStars' text names them); a bomb pot
    # leaves the button where it stands
    where = seat_fields(current.seats, table.seating.size, table.seating.button)
    history = hand_to_phh(hand, **_kill_fields(table, hand, names), **where, **(fields or {}))
    history.players = [names.get(p, p) for p in hand.names]
    results = {p: hand.stacks[i] - hand.starting[i] for i, p in enumerate(hand.names)}
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    biggest = max((e.amount for e in awards), default=0)
    took = biggest_takes(awards, hand.n)
    killer = hand.setup.kill.killer if hand.setup.kill else None
    opened = next((e for e in reversed(hand.events) if isinstance(e, ShuffleOpened)), None)
    # the hand's last event already holds its openings: computing their paths again would
    # slow the move that ends a hand for nothing
    openings = [o.to_dict() for o in (opened.openings if opened else hand.public_openings())]
    rabbit = [o.to_dict() for o in hand.rabbit_openings()]  # private until asked for
    step.extra.append(
        HandFinished(
            live.id,
            current.number,
            dumps_phh(history),
            openings,
            results,
            biggest,
            killer,
            rabbit=rabbit,
            took={p: took[i] for i, p in enumerate(hand.names) if took[i]},
        )
    )
    if table.settings.pictures:
        picture = showdown_picture(hand, current.number, names)
        if picture is not None:
            step.out.append(Outgoing(live.id, None, picture))
    for claim in (e for e in hand.events if isinstance(e, SevenDeuce)):
        # in the stacks already: a ledger line tells the books, counted in no balance
        note = f"7-2 bounty, hand {current.number}"
        winner = hand.names[claim.player]
        step.extra.append(
            LedgerEntry(live.id, live.session_id, winner, "bounty", claim.total, note)
        )
        for i, chips in claim.paid:
            payer = hand.names[i]
            step.extra.append(LedgerEntry(live.id, live.session_id, payer, "bounty", -chips, note))


def _kill_fields(table: Table, hand: Hand, names: dict[str, str]) -> dict[str, Any]:
    """At a kill table, the kill rules, the hand's kill and the button it was dealt under,
    stored with the hand so that its history replays with the kill checked (RULES.md
    "Kill pots"); nothing at a table without kills."""
    rules = table.settings.kill
    pending = table.kills.pending_to_dict() if table.kills is not None else None
    if rules is None or pending is None:
        return {}
    dealt = KillButton.from_dict(pending["dealt"])
    return stored_fields(rules, dealt, hand.setup.kill, names)


def showdown_picture(hand: Hand, number: int, names: dict[str, str]) -> ShowdownPicture | None:
    """What the picture of a finished hand's showdown shows: its board(s) and the hands
    shown, each with its name and what it won; None when no hand was shown. Only cards
    the table has seen are in it."""
    shown: dict[int, tuple[tuple[str, ...], str]] = {}
    for event in hand.events:
        if isinstance(event, Shown):
            shown[event.player] = (event.cards, event.description)
        elif isinstance(event, SevenDeuce):
            shown.setdefault(event.player, (event.cards, "seven-deuce"))
    if not shown:
        return None
    won = hand.won or [0] * hand.n
    title = picture_title(number, hand.config)
    boards = tuple(tuple(b) for b in hand.boards() if b)
    if hand.second_board and len(boards) < 2:
        boards += (tuple(hand.second_board),)
    hands = tuple(
        (names.get(hand.names[i], hand.names[i]), cards, words, won[i])
        for i, (cards, words) in shown.items()
    )
    return ShowdownPicture(title, boards, hands)


def cash_out_leavers(step: Step) -> None:
    """Between hands: players leaving (or kicked) during the hand go, with a cash-out;
    the first on the waiting list is told a seat is free."""
    live = step.live
    leaving = live.table.cash_out_leavers()
    for player_id, _name, chips in leaving:
        step.extra.append(LedgerEntry(live.id, live.session_id, player_id, "cash_out", chips))
        step.say(te.Left(player_id, chips))
    if leaving:
        tell_waiting(step)


def tell_waiting(step: Step) -> None:
    """A seat just freed: tell the first on the waiting list, privately, to sit (a busted
    player keeps his seat to buy in again, so only a player leaving frees one; 000 NL §16)."""
    seating = step.live.table.seating
    if seating.waiting_list and len(seating.seats) < seating.size:
        pid, _name = seating.waiting_list[0]
        step.say(te.SeatFree(pid, seating.min_buy_in, seating.max_buy_in), pid)
