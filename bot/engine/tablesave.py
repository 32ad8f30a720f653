"""A table saved as plain data and restored: what :meth:`bot.engine.table.Table.to_dict`
returns after every action, and the table rebuilt from it exactly, the hand in play
replayed from its set-up and its moves (:meth:`bot.engine.table.Table.from_dict`).
"""

from __future__ import annotations

from typing import Any, Protocol

from .actiondata import action_from_dict
from .errors import ConfigError, EngineError
from .fairness import SecretShuffle
from .hand import Hand
from .killoffer import KillOffer
from .kills import KillButton
from .killtracker import KillTracker
from .lifecycle import PlayedHand
from .rotation import Rotation
from .seating import Seating
from .serial import setup_from_dict, setup_to_dict
from .tableclock import TableClock
from .tablesettings import TableSettings
from .timebank import TimeBanks

BETWEEN_MOVES = ("running", "clock", "kill_offer", "straddlers", "chosen", "choice_asked")
"""The parts of :func:`table_to_dict` that change from move to move beside the hand's moves
(the clock, above all): a store that keeps a hand as its moves keeps these apart."""


class SavedTable(Protocol):
    """What is saved of a table and put back (:class:`bot.engine.table.Table`): its
    settings (with their plain data, built once while they stay the same), seats, kill
    button and mix, the pot carried by jacks or better, the bomb pots called and scheduled,
    the time banks, who was dealt last and who quit since, what it holds between moves and
    the hand in play."""

    settings: TableSettings
    seating: Seating
    kills: KillTracker | None
    rotation: Rotation | None
    hand_number: int
    carried: int
    carried_from: dict[str, int]
    carried_deals: list[tuple[int, tuple[str, ...]]]
    passes: int
    bomb_called: int
    since_bomb: int
    banks: TimeBanks
    last_dealt: tuple[str, ...]
    quit_since: list[str]
    running: bool
    clock: TableClock
    kill_offer: KillOffer | None
    straddlers: list[str]
    chosen: dict[str, str]
    choice_asked: str | None
    current: PlayedHand | None
    _settings_data: tuple[TableSettings, dict[str, Any]] | None


def table_to_dict(table: SavedTable) -> dict[str, Any]:
    """Everything ``table`` holds, as plain data (the hand in play as its set-up and
    actions): what :meth:`bot.engine.table.Table.to_dict` returns.

    The settings, set-up and shuffle parts are shared with later calls while they stay
    the same (they are built once, not after every action): read the result, do not
    change it.
    """
    current = None
    played = table.current
    if played is not None:
        if played.setup_data is None:
            played.setup_data = setup_to_dict(played.setup)
        current = {
            "number": played.number,
            "setup": played.setup_data,
            "seats": list(played.seats),
            "shuffle": played.shuffle,
            "actions": list(played.actions),
            "before": played.before,
        }
    if table._settings_data is None or table._settings_data[0] is not table.settings:
        table._settings_data = (table.settings, table.settings.to_dict())
    return {
        "settings": table._settings_data[1],
        "seating": table.seating.to_dict(),
        "kill_button": None if table.kills is None else table.kills.button.to_dict(),
        "kill_pending": None if table.kills is None else table.kills.pending_to_dict(),
        "rotation": None if table.rotation is None else table.rotation.to_dict(),
        "hand_number": table.hand_number,
        "carried": table.carried,
        "carried_from": dict(table.carried_from),
        "carried_deals": [[n, list(players)] for n, players in table.carried_deals],
        "passes": table.passes,
        "bomb_called": table.bomb_called,
        "since_bomb": table.since_bomb,
        "time_banks": table.banks.to_dict(),
        "last_dealt": list(table.last_dealt),
        "quit_since": list(table.quit_since),
        "running": table.running,
        "clock": table.clock.to_dict(),
        "kill_offer": None if table.kill_offer is None else table.kill_offer.to_dict(),
        "straddlers": list(table.straddlers),
        "chosen": dict(table.chosen),
        "choice_asked": table.choice_asked,
        "current": current,
    }


def restore(table: SavedTable, data: dict[str, Any]) -> None:
    """Put back in ``table``, made afresh with its saved settings, everything else
    :func:`table_to_dict` saved as ``data``, its hand in play replayed exactly.

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
