"""The table's own steps told in words (:mod:`bot.engine.tableevents`): each event one line,
every player by his display name. Pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.engine import tableevents as te
from bot.words.houseoptions import bomb_text, time_bank_text
from bot.words.tourneylines import tourney_text


def refused_text(why: str, players: tuple[tuple[str, str], ...], name: Callable[[str], str]) -> str:
    """A refusal kept in an event (``why`` with ``{placeholder}`` for each of ``players``,
    (placeholder, player id) pairs) with display names."""
    if not players:
        return why
    return why.format(**{key: name(pid) for key, pid in players})


def table_text(  # noqa: C901, PLR0911, PLR0912 - one branch per event
    event: te.TableEvent, display: Mapping[str, str], currency: str = ""
) -> str | None:
    """The line for one of the table's own events, a tournament's among them
    (:func:`bot.words.tourneylines.tourney_text`), or None for one not told.

    Args:
        event: what the step did, players by id.
        display: player id -> display name (a player missing is named by his id).
        currency: the table's money sign, for a tournament's money ("" for none).
    """

    def name(player_id: str) -> str:
        return display.get(player_id, player_id)

    if isinstance(event, te.Seated):
        return f"{name(event.player)} sits in seat {event.seat} with {event.stack}"
    if isinstance(event, te.ToppedUp):
        return f"{name(event.player)} adds {event.amount} (now {event.stack})"
    if isinstance(event, te.SittingOut):
        if event.when == "after_hand":
            return f"{name(event.player)} will sit out after this hand"
        if event.when == "after_kill":
            return (
                f"{name(event.player)} owes a kill of {event.kill}: he is dealt "
                "the next hand to post it, then sits out (000 kill §6)"
            )
        return f"{name(event.player)} sits out"
    if isinstance(event, te.SatIn):
        return f"{name(event.player)} is back" + (" and posts" if event.posts else "")
    if isinstance(event, te.Leaving):
        if event.kill is not None:
            return (
                f"{name(event.player)} owes a kill of {event.kill}: he is dealt the next hand "
                "to post it, then leaves (000 kill §6)"
            )
        return f"{name(event.player)} will leave when this hand is over"
    if isinstance(event, te.Left):
        return f"{name(event.player)} leaves with {event.chips}"
    if isinstance(event, te.SeatFree):
        return (
            f"a seat is free: {name(event.player)}, type 'sit' with your buy-in, between "
            f"{event.low} and {event.high} chips (000 NL §16)"
        )
    if isinstance(event, te.WaitingListed):
        return f"{name(event.player)} is number {event.place} on the waiting list"
    if isinstance(event, te.OutOfChips):
        return f"{name(event.player)} is out of chips: 'topup N' buys in again"
    if isinstance(event, te.GameStarted):
        return "the host starts the game"
    if isinstance(event, te.AlreadyRunning):
        return "the game is already running ('pause' stops it after this hand)"
    if isinstance(event, te.GamePaused):
        return "the host pauses the game after this hand"
    if isinstance(event, te.GameChosen):
        return f"{name(event.player)} chooses {event.game} for this round"
    if isinstance(event, te.PickDue):
        games = ", ".join(event.games)
        return f"dealer's choice: {name(event.player)} picks this round's game: choose {games}"
    if isinstance(event, te.ClockCalled):
        return (
            f"{name(event.player)} puts the clock on {name(event.facing)}: {event.seconds} "
            "seconds to act (000 NL §15)"
        )
    if isinstance(event, te.ClockWarning):
        return f"{name(event.player)}: ten seconds left"
    if isinstance(event, te.TimeBankRuns):
        return f"{name(event.player)}'s time bank runs: {event.seconds} seconds to act"
    if isinstance(event, te.TimedOut):
        return f"{name(event.player)}'s time ran out"
    if isinstance(event, te.SatOutForTime):
        return f"{name(event.player)} is sat out after this hand"
    if isinstance(event, te.KillAnnounced):
        what = "kills to come in" if event.come_in else "announces a kill"
        return (
            f"{name(event.player)} {what} for the next hand: object within "
            f"{event.seconds} seconds ('object')"
        )
    if isinstance(event, te.KillObjected):
        return f"{name(event.player)} objects: no voluntary kill next hand"
    if isinstance(event, te.KillNotDealt):
        return f"no kill this hand: {refused_text(event.why, event.players, name)}"
    if isinstance(event, te.KillOwedElsewhere):
        where = f"<#{event.channel}>" if event.mention else event.channel
        return (
            f"{name(event.player)} owes a kill of {event.chips} at {where}: dealt into no "
            "game until it is posted (000 kill §6)"
        )
    if isinstance(event, te.StraddleAsked):
        return f"{name(event.player)} will straddle next hand if left of the big blind"
    if isinstance(event, te.StraddleVoid):
        pot, after = (
            ("a bomb pot", "the next hand")
            if event.bomb
            else ("a killed pot", "the next unkilled hand")
        )
        return (
            f"{name(event.player)}'s straddle is void this hand: {pot} has no "
            f"straddle; it stands for {after}"
        )
    if isinstance(event, te.StraddleLapsed):
        return (
            f"{name(event.player)}'s straddle lapsed: only the player left "
            "of the big blind straddles (000 NL §14); ask again for the next hand"
        )
    if isinstance(event, te.CheckFoldSet):
        return _CHECK_FOLD.get(event.state)
    if isinstance(event, te.TableEvent) and type(event) in _HOST:
        return _HOST[type(event)](event, name)
    if isinstance(event, te.DealFailed):
        why = refused_text(event.why, event.players, name) or "an error on our side, logged"
        return f"the next hand cannot be dealt ({why}): the game is paused, 'start' resumes"
    return tourney_text(event, display, currency)


_CHECK_FOLD = {
    "off": "check/fold in advance is off",
    "now": "it is your turn now: check/fold checks if you can, else folds",
    "later": "when your turn comes you will check if you can, else fold ('nocheckfold' undoes)",
}


def returned_lines(shares: tuple[tuple[str, int], ...], display: Mapping[str, str]) -> list[str]:
    """The line telling whose antes carried from passed-out deals went back (004 jacks
    §1): ``shares`` (player id, chips); no line when none went back."""
    if not shares:
        return []
    paid = ", ".join(f"{display.get(p, p)} {c}" for p, c in shares)
    total = sum(chips for _, chips in shares)
    return [f"the {total} chips carried from passed-out deals go back to who anted them: {paid}"]


def _removed(event: te.Removed, name: Callable[[str], str]) -> str:
    if event.chips is None:
        return f"{name(event.player)} will be removed after this hand"
    text = f"{name(event.player)} was removed by the host, cashing out {event.chips}"
    if event.kill is not None:
        text += f"; the kill of {event.kill} he owes waits for his return (000 kill §6)"
    return text


def _adjusted(event: te.StackAdjusted, name: Callable[[str], str]) -> str:
    return f"the host adjusts {name(event.player)}'s stack by {event.amount} ({event.reason})"


def _bomb(event: te.BombCalled, name: Callable[[str], str]) -> str:
    boards = ", two boards" if event.double_board else ""
    when = "the next hand" if not event.in_hand else "the hand after this one"
    if event.mix:
        when = "the next hold'em or Omaha hand" + ("" if not event.in_hand else " after this one")
    return f"the host calls a bomb pot: {when}, everyone antes {event.ante}{boards}"


def _option(event: te.OptionSet, name: Callable[[str], str]) -> str:
    value = event.value
    if event.option == "turn":
        return f"the turn timer is now {value} seconds"
    if event.option == "timeouts":
        return f"a player is sat out after {value} timeouts in a row"
    if event.option == "confirm":
        what = f"bets over {value} chips" if value else "only all-ins"
        return f"{what} now ask for a confirmation click"
    if event.option == "bomb":
        return f"bomb pots: {bomb_text(value, event.every, event.double_board)}"
    if event.option == "sevendeuce":
        if not value:
            return "the 7-2 game is off"
        return (
            f"the 7-2 game: winning a hold'em main pot with seven-deuce collects {value} "
            "from each other player dealt in"
        )
    if event.option == "pictures":
        return f"showdowns {'come with' if value else 'come without'} a picture"
    if event.option == "runs":
        return f"running it twice is {'offered' if value else 'not offered'}"
    return time_bank_text(value, event.refill, event.every)


def _game(event: te.GameChanged, name: Callable[[str], str]) -> str:
    text = f"the host changes the game: {event.game} from the next deal"
    if event.kill_reset:
        text += "; the kill button is neutral (a new game, 000 kill §1a)"
    shares = tuple((name(p), chips) for p, chips in event.returned)
    return "\n".join([text, *returned_lines(shares, {})])


# The host's controls, each told by its own function: (event, name) -> the line.
_HOST: dict[type, Callable[[Any, Callable[[str], str]], str]] = {
    te.Removed: _removed,
    te.StackAdjusted: _adjusted,
    te.HandVoided: lambda event, name: f"the host voids hand {event.number}: every chip goes back",
    te.BombCalled: _bomb,
    te.BombCalledOff: lambda event, name: "the host calls off the bomb pot",
    te.OptionSet: _option,
    te.BuyInChanged: lambda event, name: (
        f"buy-ins are now {event.low} to {event.high} chips (000 NL §16)"
    ),
    te.GameChanged: _game,
}


def held_text(what_to_do: str) -> str:
    """For the host alone: the table's channel refuses the bot, so the game is held until
    his ``start``; ``what_to_do`` is the platform's fix, e.g. "type /invite @bot"."""
    return (
        f"I cannot post in this table's channel, so nobody can see the table: "
        f"{what_to_do}. The game is paused and no turn timer runs; type 'start' here "
        "(/poker host start) once I can post."
    )


def no_direct_messages(name: str) -> str:
    """For the channel, once a table: the player called ``name`` cannot be sent his cards
    privately, and where he sees them instead."""
    return f"{name}: I cannot send you direct messages; tap “My cards” to see yours"
