"""Poker Hand History (PHH) files: reading and writing hands as data (no rules of play)."""

from bot.phh.notation import (
    ACTION_KINDS,
    STANDARD_FIELDS,
    HandHistory,
    PhhAction,
    PhhError,
    dumps_phh,
    dumps_phhs,
    format_action,
    load_path,
    load_phh,
    load_phhs,
    parse_action,
)

__all__ = [
    "ACTION_KINDS",
    "STANDARD_FIELDS",
    "HandHistory",
    "PhhAction",
    "PhhError",
    "dumps_phh",
    "dumps_phhs",
    "format_action",
    "load_path",
    "load_phh",
    "load_phhs",
    "parse_action",
]
