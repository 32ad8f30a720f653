"""The rules engine, pure and synchronous (no I/O): its public face.

Every layer above imports the engine from here: the table (:class:`Table`, which decides
who is dealt in, what a player owes and what each command means), the hand
(:class:`Hand`, the state machine of one deal), the games and their settings, the cards,
the events a step produces, and the errors that say what is legal instead. The names are
loaded when first used, so a command that needs only part of the engine (a replay of
no-limit hands needs no kill or fairness module) imports only that part.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.engine.actions import Action as Action
    from bot.engine.actions import AgreeRuns as AgreeRuns
    from bot.engine.actions import BringIn as BringIn
    from bot.engine.actions import Call as Call
    from bot.engine.actions import Check as Check
    from bot.engine.actions import Discard as Discard
    from bot.engine.actions import Fold as Fold
    from bot.engine.actions import LegalActions as LegalActions
    from bot.engine.actions import Muck as Muck
    from bot.engine.actions import Raise as Raise
    from bot.engine.actions import Show as Show
    from bot.engine.bombpot import BombRules as BombRules
    from bot.engine.bombpot import bomb_refusal as bomb_refusal
    from bot.engine.bombpot import bomb_rules_from as bomb_rules_from
    from bot.engine.cards import FULL_DECK as FULL_DECK
    from bot.engine.cards import UNKNOWN as UNKNOWN
    from bot.engine.cards import CardError as CardError
    from bot.engine.cards import Deck as Deck
    from bot.engine.cards import parse_cards as parse_cards
    from bot.engine.cards import pretty as pretty
    from bot.engine.config import Game as Game
    from bot.engine.config import GameConfig as GameConfig
    from bot.engine.config import HouseRules as HouseRules
    from bot.engine.config import Stakes as Stakes
    from bot.engine.config import Structure as Structure
    from bot.engine.config import limit_blinds as limit_blinds
    from bot.engine.decision import Decision as Decision
    from bot.engine.errors import ConfigError as ConfigError
    from bot.engine.errors import EngineError as EngineError
    from bot.engine.errors import IllegalAction as IllegalAction
    from bot.engine.errors import StaleButton as StaleButton
    from bot.engine.evaluate import high_value as high_value
    from bot.engine.evaluate import omaha_eight_low_value as omaha_eight_low_value
    from bot.engine.evaluate import omaha_high_value as omaha_high_value
    from bot.engine.events import BoardDealt as BoardDealt
    from bot.engine.events import CardsDrawn as CardsDrawn
    from bot.engine.events import Event as Event
    from bot.engine.events import HandStarted as HandStarted
    from bot.engine.events import HoleCardsDealt as HoleCardsDealt
    from bot.engine.events import PotAwarded as PotAwarded
    from bot.engine.events import SevenDeuce as SevenDeuce
    from bot.engine.events import Shown as Shown
    from bot.engine.events import ShuffleOpened as ShuffleOpened
    from bot.engine.fairness import CardOpening as CardOpening
    from bot.engine.fairness import ShuffleCommitment as ShuffleCommitment
    from bot.engine.fairness import verify_hand as verify_hand
    from bot.engine.games import GameSpec as GameSpec
    from bot.engine.games import Ranking as Ranking
    from bot.engine.games import spec_for as spec_for
    from bot.engine.hand import Hand as Hand
    from bot.engine.hand import HandSetup as HandSetup
    from bot.engine.hand import Phase as Phase
    from bot.engine.killoffer import KillOffer as KillOffer
    from bot.engine.kills import KillButton as KillButton
    from bot.engine.kills import KillRules as KillRules
    from bot.engine.kills import KillSize as KillSize
    from bot.engine.lifecycle import Returned as Returned
    from bot.engine.regame import OPTIONS as OPTIONS
    from bot.engine.regame import changed_settings as changed_settings
    from bot.engine.rotation import MIXES as MIXES
    from bot.engine.rotation import bring_in_problem as bring_in_problem
    from bot.engine.rotation import config_for as config_for
    from bot.engine.rotation import parse_mix as parse_mix
    from bot.engine.rotation import stud_stakes as stud_stakes
    from bot.engine.seatview import SeatView as SeatView
    from bot.engine.seatview import seat_view as seat_view
    from bot.engine.sevendeuce import seven_deuce_from as seven_deuce_from
    from bot.engine.showdown import Showdown as Showdown
    from bot.engine.snapshot import LegalMove as LegalMove
    from bot.engine.table import Table as Table
    from bot.engine.tableclock import TableClock as TableClock
    from bot.engine.tablesave import BETWEEN_MOVES as BETWEEN_MOVES
    from bot.engine.tablesettings import Bets as Bets
    from bot.engine.tablesettings import TableSettings as TableSettings
    from bot.engine.tablesettings import default_bets as default_bets
    from bot.engine.tablesettings import default_buy_in as default_buy_in
    from bot.engine.tablesettings import kill_refusal as kill_refusal
    from bot.engine.tablesettings import read_bets as read_bets
    from bot.engine.tablesettings import stakes_config as stakes_config
    from bot.engine.timebank import time_bank_from as time_bank_from
    from bot.engine.turns import CLOCK_SECONDS as CLOCK_SECONDS
    from bot.engine.turns import WARNING_SECONDS as WARNING_SECONDS
    from bot.engine.turns import Turn as Turn
    from bot.engine.turns import clock_deadline as clock_deadline
    from bot.engine.turns import timeout_action as timeout_action

# where each public name lives
_HOME = {
    "Action": "bot.engine.actions",
    "AgreeRuns": "bot.engine.actions",
    "BringIn": "bot.engine.actions",
    "Call": "bot.engine.actions",
    "Check": "bot.engine.actions",
    "Discard": "bot.engine.actions",
    "Fold": "bot.engine.actions",
    "LegalActions": "bot.engine.actions",
    "Muck": "bot.engine.actions",
    "Raise": "bot.engine.actions",
    "Show": "bot.engine.actions",
    "CardError": "bot.engine.cards",
    "Deck": "bot.engine.cards",
    "BombRules": "bot.engine.bombpot",
    "bomb_refusal": "bot.engine.bombpot",
    "bomb_rules_from": "bot.engine.bombpot",
    "FULL_DECK": "bot.engine.cards",
    "time_bank_from": "bot.engine.timebank",
    "seven_deuce_from": "bot.engine.sevendeuce",
    "UNKNOWN": "bot.engine.cards",
    "parse_cards": "bot.engine.cards",
    "pretty": "bot.engine.cards",
    "Game": "bot.engine.config",
    "GameConfig": "bot.engine.config",
    "HouseRules": "bot.engine.config",
    "Stakes": "bot.engine.config",
    "Structure": "bot.engine.config",
    "limit_blinds": "bot.engine.config",
    "Decision": "bot.engine.decision",
    "ConfigError": "bot.engine.errors",
    "EngineError": "bot.engine.errors",
    "IllegalAction": "bot.engine.errors",
    "StaleButton": "bot.engine.errors",
    "high_value": "bot.engine.evaluate",
    "omaha_eight_low_value": "bot.engine.evaluate",
    "omaha_high_value": "bot.engine.evaluate",
    "BoardDealt": "bot.engine.events",
    "CardsDrawn": "bot.engine.events",
    "Event": "bot.engine.events",
    "HandStarted": "bot.engine.events",
    "HoleCardsDealt": "bot.engine.events",
    "PotAwarded": "bot.engine.events",
    "SevenDeuce": "bot.engine.events",
    "Shown": "bot.engine.events",
    "ShuffleOpened": "bot.engine.events",
    "CardOpening": "bot.engine.fairness",
    "ShuffleCommitment": "bot.engine.fairness",
    "verify_hand": "bot.engine.fairness",
    "GameSpec": "bot.engine.games",
    "Ranking": "bot.engine.games",
    "spec_for": "bot.engine.games",
    "Hand": "bot.engine.hand",
    "HandSetup": "bot.engine.hand",
    "Phase": "bot.engine.hand",
    "KillButton": "bot.engine.kills",
    "KillRules": "bot.engine.kills",
    "KillSize": "bot.engine.kills",
    "OPTIONS": "bot.engine.regame",
    "changed_settings": "bot.engine.regame",
    "MIXES": "bot.engine.rotation",
    "bring_in_problem": "bot.engine.rotation",
    "config_for": "bot.engine.rotation",
    "parse_mix": "bot.engine.rotation",
    "stud_stakes": "bot.engine.rotation",
    "Showdown": "bot.engine.showdown",
    "SeatView": "bot.engine.seatview",
    "seat_view": "bot.engine.seatview",
    "LegalMove": "bot.engine.snapshot",
    "BETWEEN_MOVES": "bot.engine.tablesave",
    "Returned": "bot.engine.lifecycle",
    "Table": "bot.engine.table",
    "TableSettings": "bot.engine.tablesettings",
    "Bets": "bot.engine.tablesettings",
    "default_bets": "bot.engine.tablesettings",
    "default_buy_in": "bot.engine.tablesettings",
    "kill_refusal": "bot.engine.tablesettings",
    "read_bets": "bot.engine.tablesettings",
    "stakes_config": "bot.engine.tablesettings",
    "KillOffer": "bot.engine.killoffer",
    "TableClock": "bot.engine.tableclock",
    "CLOCK_SECONDS": "bot.engine.turns",
    "Turn": "bot.engine.turns",
    "WARNING_SECONDS": "bot.engine.turns",
    "clock_deadline": "bot.engine.turns",
    "timeout_action": "bot.engine.turns",
}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562).

    Raises:
        AttributeError: not a public name of the engine (a submodule is then imported
            by the import system as usual)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
