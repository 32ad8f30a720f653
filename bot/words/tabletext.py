"""The table's own steps told in words (:mod:`bot.engine.tableevents`): each event one line,
every player by his display name. Pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.engine import tableevents as te


def refused_text(why: str, players: tuple[tuple[str, str], ...], name: Callable[[str], str]) -> str:
    """A refusal kept in an event (``why`` with ``{placeholder}`` for each of ``players``,
    (placeholder, player id) pairs) with display names."""
    if not players:
        return why
    return why.format(**{key: name(pid) for key, pid in players})


def table_text(event: te.TableEvent, display: Mapping[str, str]) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one branch per event
    """The line for one of the table's own events, or None for one not told.

    Args:
        event: what the step did, players by id.
        display: player id -> display name (a player missing is named by his id).
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
    if isinstance(event, te.DealFailed):
        why = refused_text(event.why, event.players, name) or "an error on our side, logged"
        return f"the next hand cannot be dealt ({why}): the game is paused, 'start' resumes"
    return None


_CHECK_FOLD = {
    "off": "check/fold in advance is off",
    "now": "it is your turn now: check/fold checks if you can, else folds",
    "later": "when your turn comes you will check if you can, else fold ('nocheckfold' undoes)",
}
