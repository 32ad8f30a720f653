"""A table saved as plain data and restored: the hand in play as
:meth:`bot.engine.table.Table.to_dict` writes it after every action, and the table rebuilt
from that data exactly, the hand in play replayed from its set-up and its moves
(:meth:`bot.engine.table.Table.from_dict`). The table's own fields are written out in
``Table.to_dict`` itself: compiled, a method reads its own fields directly, while a
function given the table as a Protocol looks each one up by name.
"""

from __future__ import annotations

from typing import Any, Protocol

from .actiondata import action_from_dict
from .errors import ConfigError, EngineError
from .fairness import SecretShuffle
from .hand import Hand
from .killoffer import KillOffer
from .kills import KillButton
from .lifecycle import DealingTable, PlayedHand
from .rotation import Rotation
from .seating import Seating
from .serial import setup_from_dict, setup_to_dict
from .tableclock import TableClock
from .timebank import TimeBanks

BETWEEN_MOVES = ("running", "clock", "kill_offer", "straddlers", "chosen", "choice_asked")
"""The parts of :meth:`bot.engine.table.Table.to_dict` that change from move to move beside
the hand's moves (the clock, above all): a store that keeps a hand as its moves keeps these
apart."""


class SavedTable(DealingTable, Protocol):
    """What is saved of a table and put back (:class:`bot.engine.table.Table`): what its
    hands read and move (:class:`bot.engine.lifecycle.DealingTable`), and whether the game
    runs or is held, its clock and the dealer's-choice player last asked."""

    running: bool
    held: str | None
    clock: TableClock
    choice_asked: str | None


def played_to_dict(played: PlayedHand) -> dict[str, Any]:
    """The hand in play as plain data, its set-up and moves (the ``current`` part of
    :meth:`bot.engine.table.Table.to_dict`); the set-up's data is built once and shared
    with later calls: read it, do not change it."""
    if played.setup_data is None:
        played.setup_data = setup_to_dict(played.setup)
    return {
        "number": played.number,
        "setup": played.setup_data,
        "seats": list(played.seats),
        "shuffle": played.shuffle,
        "actions": list(played.actions),
        "before": played.before,
    }


def restore(table: SavedTable, data: dict[str, Any]) -> None:
    """Put back in ``table``, made afresh with its saved settings, everything else
    :meth:`bot.engine.table.Table.to_dict` saved as ``data``, its hand in play replayed exactly.

    Raises:
        ConfigError: saved data that cannot be read or does not replay.
    """
    table.seating = Seating.from_dict(data["seating"])
    if table.kills is not None and data.get("kill_button"):
        table.kills.button = KillButton.from_dict(data["kill_button"])
        table.kills.restore_pending(data.get("kill_pending"))
    if data.get("rotation"):
        table.rotation = Rotation.from_dict(data["rotation"])
    table.hand_number = int(data.get("hand_number", 0))
    table.carried = int(data.get("carried", 0))
    table.carried_from = _carried_from(data, table.carried)
    # a table saved before the deals were kept credits no deal: its stacks are exact,
    # only the passed-out deals' results keep the antes as lost
    table.carried_deals = [
        (int(n), tuple(str(p) for p in players)) for n, players in data.get("carried_deals", [])
    ]
    table.passes = int(data.get("passes", 0))
    table.bomb_called = int(data.get("bomb_called", 0))
    table.since_bomb = int(data.get("since_bomb", 0))
    table.banks = TimeBanks.from_dict(data.get("time_banks"))
    table.last_dealt = tuple(data.get("last_dealt", ()))
    table.quit_since = list(data.get("quit_since", []))
    table.running = bool(data.get("running"))
    held = data.get("held")
    table.held = None if held is None else str(held)
    table.clock = TableClock.from_dict(data.get("clock"))
    table.kill_offer = KillOffer.from_dict(data.get("kill_offer"))
    table.straddlers = [str(p) for p in data.get("straddlers", [])]
    table.chosen = {str(p): str(k) for p, k in data.get("chosen", {}).items()}
    table.choice_asked = data.get("choice_asked")
    current = data.get("current")
    if current:
        table.current = _replay_current(table, current)


def _replay_current(table: SavedTable, current: dict[str, Any]) -> PlayedHand:
    """The hand in play saved as ``current``, replayed from its set-up and its moves.

    Raises:
        ConfigError: a hand that does not replay.
    """
    setup = setup_from_dict(current["setup"])
    secret = current.get("shuffle")
    shuffle = SecretShuffle.from_dict(secret) if secret else None
    try:
        hand = Hand(setup, offer_runs=table.settings.offer_runs, shuffle=shuffle, proofs=False)
        for record in current["actions"]:
            if record.get("kind") == "kill_window":
                hand.close_kill_window(record.get("claims", []))
            else:
                hand.apply(action_from_dict(record))
        hand.proofs = True  # the cards still to come get their proofs as usual
    except EngineError as exc:
        raise ConfigError(f"the saved hand {current.get('number')} does not replay: {exc}") from exc
    return PlayedHand(
        int(current["number"]),
        setup,
        tuple(current["seats"]),
        secret,
        list(current["actions"]),
        hand,
        before=current.get("before"),
    )


def _carried_from(data: dict[str, Any], carried: int) -> dict[str, int]:
    """Who put in the carried pot; a table saved before this was kept shares it out evenly
    among the last deal's players, the odd chips to the first in hand order."""
    saved = data.get("carried_from")
    if saved is not None:
        return {str(p): int(c) for p, c in saved.items()}
    players = [str(p) for p in data.get("last_dealt", ())]
    if not carried or not players:
        return {}
    each, odd = divmod(carried, len(players))
    return {p: each + (1 if k < odd else 0) for k, p in enumerate(players)}
