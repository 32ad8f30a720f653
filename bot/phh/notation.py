"""Reading and writing Poker Hand History (PHH) files: text in, data out.

A ``.phh`` file is TOML holding one hand; a ``.phhs`` file holds several hands, each a
TOML table (section) whose name is the hand's name, e.g. ``[1]`` or ``[hand-a]``. The
fields are those of the PHH specification (https://github.com/uoftcprg/phh-std):
``variant``, ``antes``, ``blinds_or_straddles``, ``bring_in``, ``small_bet``,
``big_bet``, ``min_bet``, ``starting_stacks``, ``actions`` and optional ones such as
``players`` and ``finishing_stacks``. Fields whose names start with ``_`` are
user-defined; this project writes its house rules (kill pots, spread limits, ...) there.

This module only converts between text and data. It knows nothing of the rules of play:
whether an action is legal is the engine's business. Amounts are chips (or whatever unit
the file uses) exactly as TOML gives them: ``int``, or ``float`` for fractional values.

Writing uses a small TOML writer of our own (the standard library only reads TOML), so
that ``load_phh(dumps_phh(hh)) == hh`` for every hand this module can load.
"""

from __future__ import annotations

import datetime
import math
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from bot.engine.cards import CardError, parse_cards
from bot.phh import tomlsubset

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

Number = int | float
"""A chip amount as TOML gives it: an ``int``, or a ``float`` for fractional amounts."""


class PhhError(ValueError):
    """A PHH text, field, value or action that cannot be read or written.

    The message says what is wrong and, where it helps, what was expected.
    """


# --------------------------------------------------------------------------------------
# Hand histories
# --------------------------------------------------------------------------------------

STANDARD_FIELDS: tuple[str, ...] = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "hand",
    "players",
    "finishing_stacks",
)
"""The fields :class:`HandHistory` holds as attributes, in the order they are written.

``variant`` ... ``actions`` come first (the conventional PHH order), then every field of
:attr:`HandHistory.extra` in its own order, then ``hand``, ``players`` and
``finishing_stacks`` last, as the PHH dataset writes them.
"""

_HEAD_FIELDS = STANDARD_FIELDS[:10]
_TAIL_FIELDS = STANDARD_FIELDS[10:]


@dataclass(kw_only=True)
class HandHistory:
    """One hand in PHH form (construct with keyword arguments).

    Attributes:
        variant: the variant code, e.g. ``"NT"`` (no-limit hold'em), ``"F7S"`` (stud).
        antes: the ante of each seat, in PHH seat order (small blind first).
        blinds_or_straddles: the blind or straddle of each seat; ``[]`` when the file has
            none (stud games use ``bring_in`` instead; an empty list is not written).
        bring_in: the bring-in (stud games), or None.
        small_bet: the small bet (fixed-limit games), or None.
        big_bet: the big bet (fixed-limit games), or None.
        min_bet: the minimum bet (no-limit and pot-limit games), or None.
        starting_stacks: each seat's stack before the hand; ``float`` if fractional.
        actions: the PHH action strings in order, e.g. ``"p3 cbr 1150"``; see
            :func:`parse_action` and :meth:`parsed_actions`.
        finishing_stacks: each seat's stack after the hand, or None if not recorded.
        players: the players' names in seat order, or None.
        hand: the hand's name or number, or None.
        ante_trimming_status: the PHH ante trimming status, or None if not given.
        extra: every other field in file order (``author``, ``event``, ``year``,
            ``currency``, ``seats``, ``time``, user-defined ``_`` fields, ...), with the
            values TOML gives (str, int, float, bool, dates and times, lists, dicts).
    """

    variant: str
    antes: list[Number]
    blinds_or_straddles: list[Number] = field(default_factory=list)
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    starting_stacks: list[Number]
    actions: list[str]
    finishing_stacks: list[Number] | None = None
    players: list[str] | None = None
    hand: int | str | None = None
    ante_trimming_status: bool | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandHistory:
        """Build a hand from the fields of a TOML table (as :func:`tomllib.loads` gives).

        Args:
            data: field name -> value. Unknown fields go to :attr:`extra` in order.
        Returns:
            The hand.
        Raises:
            PhhError: if ``variant``, ``antes``, ``starting_stacks`` or ``actions`` is
                missing, or a standard field has the wrong type (e.g. a stack that is
                not a number, an action that is not a string).
        """
        for name in ("variant", "antes", "starting_stacks", "actions"):
            if name not in data:
                raise PhhError(f"the required field {name!r} is missing")
        extra = {k: v for k, v in data.items() if k not in STANDARD_FIELDS}
        hand = data.get("hand")
        if hand is not None and (isinstance(hand, bool) or not isinstance(hand, int | str)):
            raise PhhError(f"'hand' must be an integer or a string, not {hand!r}")
        status = data.get("ante_trimming_status")
        if status is not None and not isinstance(status, bool):
            raise PhhError(f"'ante_trimming_status' must be true or false, not {status!r}")
        blinds = data.get("blinds_or_straddles")
        finishing = data.get("finishing_stacks")
        players = data.get("players")
        return cls(
            variant=_check_str(data["variant"], "variant"),
            antes=_check_numbers(data["antes"], "antes"),
            blinds_or_straddles=(
                [] if blinds is None else _check_numbers(blinds, "blinds_or_straddles")
            ),
            bring_in=_check_opt_number(data.get("bring_in"), "bring_in"),
            small_bet=_check_opt_number(data.get("small_bet"), "small_bet"),
            big_bet=_check_opt_number(data.get("big_bet"), "big_bet"),
            min_bet=_check_opt_number(data.get("min_bet"), "min_bet"),
            starting_stacks=_check_numbers(data["starting_stacks"], "starting_stacks"),
            actions=_check_strs(data["actions"], "actions"),
            finishing_stacks=(
                None if finishing is None else _check_numbers(finishing, "finishing_stacks")
            ),
            players=None if players is None else _check_strs(players, "players"),
            hand=hand,
            ante_trimming_status=status,
            extra=extra,
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the fields to write, in the order :data:`STANDARD_FIELDS` describes.

        Fields that are None are left out, and so is an empty ``blinds_or_straddles``.

        Returns:
            field name -> value (the lists are copies; nested extra values are shared).
        Raises:
            PhhError: if :attr:`extra` holds a standard field's name.
        """
        clash = [k for k in self.extra if k in STANDARD_FIELDS]
        if clash:
            raise PhhError(
                f"extra field {clash[0]!r} is a standard field: set the attribute instead"
            )
        values: dict[str, Any] = {
            "variant": self.variant,
            "ante_trimming_status": self.ante_trimming_status,
            "antes": list(self.antes),
            "blinds_or_straddles": list(self.blinds_or_straddles) or None,
            "bring_in": self.bring_in,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "min_bet": self.min_bet,
            "starting_stacks": list(self.starting_stacks),
            "actions": list(self.actions),
            "hand": self.hand,
            "players": None if self.players is None else list(self.players),
            "finishing_stacks": (
                None if self.finishing_stacks is None else list(self.finishing_stacks)
            ),
        }
        out: dict[str, Any] = {}
        for name in _HEAD_FIELDS:
            if values[name] is not None:
                out[name] = values[name]
        out.update(self.extra)
        for name in _TAIL_FIELDS:
            if values[name] is not None:
                out[name] = values[name]
        return out

    def parsed_actions(self) -> list[PhhAction]:
        """Parse every string of :attr:`actions` with :func:`parse_action`.

        Returns:
            The actions in order.
        Raises:
            PhhError: naming the first malformed action and its position (0-based).
        """
        parsed: list[PhhAction] = []
        for i, text in enumerate(self.actions):
            try:
                parsed.append(parse_action(text))
            except PhhError as err:
                raise PhhError(f"action {i}: {err}") from err
        return parsed


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise PhhError(f"{name!r} must be a string, not {value!r}")
    return value


def _check_opt_number(value: object, name: str) -> Number | None:
    if value is None:
        return None
    if not _is_number(value):
        raise PhhError(f"{name!r} must be a number, not {value!r}")
    assert isinstance(value, int | float)
    return value


def _check_numbers(value: object, name: str) -> list[Number]:
    if type(value) is list and all(type(item) is int or type(item) is float for item in value):
        return value  # the reader's own list, of numbers already (bool is not int here)
    if not isinstance(value, list):
        raise PhhError(f"{name!r} must be an array of numbers, not {value!r}")
    out: list[Number] = []
    for i, item in enumerate(value):
        if not _is_number(item):
            raise PhhError(f"{name!r}[{i}] must be a number, not {item!r}")
        out.append(item)
    return out


def _check_strs(value: object, name: str) -> list[str]:
    if type(value) is list and all(type(item) is str for item in value):
        return value
    if not isinstance(value, list):
        raise PhhError(f"{name!r} must be an array of strings, not {value!r}")
    out: list[str] = []
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise PhhError(f"{name!r}[{i}] must be a string, not {item!r}")
        out.append(item)
    return out


# --------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------


def _parse_toml(text: str) -> dict[str, Any]:
    # the part of TOML hand-history writers use is read fast; anything else, and any
    # error, is tomllib's
    fast = tomlsubset.loads(text)
    if fast is not None:
        return fast
    import tomllib  # loaded only for a file outside that part

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PhhError(f"not valid TOML: {err}") from err


def load_phh(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file.

    Args:
        text: TOML whose top-level keys are the hand's fields.
    Returns:
        The hand; numbers stay as TOML gives them (``int`` or ``float``).
    Raises:
        PhhError: if the text is not TOML, or a field is missing or of the wrong type
            (see :meth:`HandHistory.from_dict`). Actions are not parsed here.
    """
    return HandHistory.from_dict(_parse_toml(text))


def load_phhs(text: str) -> list[tuple[str, HandHistory]]:
    """Read every hand from the text of a ``.phhs`` file.

    Args:
        text: TOML whose top-level keys are tables, one a hand, e.g. ``[1]``, ``[2]``.
    Returns:
        ``(section name, hand)`` pairs in file order.
    Raises:
        PhhError: if the text is not TOML, a top-level value is not a table, or a hand
            is missing a field or has one of the wrong type (the message names the
            section).
    """
    hands: list[tuple[str, HandHistory]] = []
    for name, table in _parse_toml(text).items():
        if not isinstance(table, dict):
            raise PhhError(
                f"top-level key {name!r} of a .phhs file must be a table ([{name}]), not {table!r}"
            )
        try:
            hands.append((name, HandHistory.from_dict(table)))
        except PhhError as err:
            raise PhhError(f"hand [{name}]: {err}") from err
    return hands


def load_path(path: str | Path) -> list[tuple[str | None, HandHistory]]:
    """Read a ``.phh`` or ``.phhs`` file (UTF-8).

    Args:
        path: the file; a name ending ``.phhs`` (any case) is read with
            :func:`load_phhs`, anything else with :func:`load_phh`.
    Returns:
        ``(name, hand)`` pairs: one pair with name None for a ``.phh`` file; the
        section names in file order for a ``.phhs`` file.
    Raises:
        OSError: if the file cannot be read.
        PhhError: as :func:`load_phh` / :func:`load_phhs`, the message naming the file.
    """
    path = os.fspath(path)
    with open(path, "rb", buffering=0) as file:  # unbuffered: one read of the whole file
        text = file.readall().decode("utf-8")
    if "\r" in text:  # line ends as text mode reads them
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        if os.path.splitext(path)[1].lower() == ".phhs":
            return [(name, hand) for name, hand in load_phhs(text)]
        return [(None, load_phh(text))]
    except PhhError as err:
        raise PhhError(f"{path}: {err}") from err


# --------------------------------------------------------------------------------------
# Writing (a small TOML writer)
# --------------------------------------------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


# Text with nothing to escape (almost every action and name) is written as it is: the
# character loop below was most of the time of writing a hand.
_PLAIN = re.compile('[^"\\\\\x00-\x1f\x7f\\ud800-\\udfff]*')


def _toml_str(text: str) -> str:
    if _PLAIN.fullmatch(text):
        return f'"{text}"'
    parts = ['"']
    for ch in text:
        code = ord(ch)
        if ch in _ESCAPES:
            parts.append(_ESCAPES[ch])
        elif 0xD800 <= code <= 0xDFFF:
            raise PhhError(f"{text!r} holds a lone surrogate, which TOML cannot write")
        elif code < 0x20 or code == 0x7F:
            parts.append(f"\\u{code:04X}")
        else:
            parts.append(ch)
    parts.append('"')
    return "".join(parts)


def _toml_key(key: object) -> str:
    if not isinstance(key, str):
        raise PhhError(f"TOML keys are strings, not {key!r}")
    return key if _BARE_KEY.fullmatch(key) else _toml_str(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise PhhError(f"{value} does not fit in a TOML (64-bit) integer")
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)  # always has '.' or 'e'; tomllib reads it back exactly
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        if value.tzinfo is not None:
            raise PhhError(f"TOML has no time of day with a time zone: {value!r}")
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        pairs = (f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + ", ".join(pairs) + " }"
    raise PhhError(f"cannot write {value!r} ({type(value).__name__}) in TOML")


def _dump_fields(hh: HandHistory) -> str:
    lines: list[str] = []
    for name, value in hh.to_dict().items():
        if name == "actions" and value:
            lines.append("actions = [")
            lines.extend(f"  {_toml_str(action)}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{_toml_key(name)} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_phh(hh: HandHistory) -> str:
    """Write one hand as the text of a ``.phh`` file.

    Standard fields come first in the conventional order (see :data:`STANDARD_FIELDS`),
    then :attr:`HandHistory.extra` in its order; ``actions`` is written one a line.
    Strings use TOML basic strings with escapes; keys that are not bare TOML keys are
    quoted; dicts become inline tables.

    Args:
        hh: the hand.
    Returns:
        TOML text, ending in a newline, such that ``load_phh(dumps_phh(hh)) == hh``.
    Raises:
        PhhError: if a value cannot be written in TOML (e.g. ``None`` inside
            :attr:`HandHistory.extra`, an integer beyond 64 bits, a non-string key), or
            :attr:`HandHistory.extra` holds a standard field's name.
    """
    return _dump_fields(hh)


def dumps_phhs(hands: Sequence[tuple[str, HandHistory]]) -> str:
    """Write several hands as the text of a ``.phhs`` file, one TOML table each.

    Args:
        hands: ``(section name, hand)`` pairs; the names are written as table headers,
            e.g. ``[1]`` or ``["hand one"]``, in the order given.
    Returns:
        TOML text such that ``load_phhs(dumps_phhs(hands)) == list(hands)``.
    Raises:
        PhhError: if two sections share a name, or as :func:`dumps_phh`.
    """
    seen: set[str] = set()
    blocks: list[str] = []
    for name, hh in hands:
        if name in seen:
            raise PhhError(f"two hands are named {name!r}: section names must differ")
        seen.add(name)
        blocks.append(f"[{_toml_key(name)}]\n{_dump_fields(hh)}")
    return "\n".join(blocks)


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------

ACTION_KINDS: frozenset[str] = frozenset(
    {
        "deal_hole",
        "deal_board",
        "fold",
        "check_call",
        "bet_raise",
        "bring_in",
        "discard",
        "show",
        "muck",
        "noop",
    }
)
"""The values of :attr:`PhhAction.kind`."""

_PLAYER = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_PLAYER_VERBS = {"f": "fold", "cc": "check_call", "pb": "bring_in"}


@dataclass(frozen=True)
class PhhAction:
    """One parsed PHH action.

    Attributes:
        actor: the 0-based seat of the acting player (``p1`` is 0), or None for the
            dealer ``d`` and for a no-op.
        kind: one of :data:`ACTION_KINDS`:
            ``"deal_hole"`` (``d dh p1 AcKd``), ``"deal_board"`` (``d db Th9c5h``),
            ``"fold"`` (``p1 f``), ``"check_call"`` (``p1 cc``), ``"bet_raise"``
            (``p1 cbr 300``: complete, bet or raise *to* 300 on the street),
            ``"bring_in"`` (``p1 pb``), ``"discard"`` (``p1 sd AsKs``; no cards is
            standing pat, ``p1 sd``), ``"show"`` (``p1 sm AsKs``; no cards is
            ``p1 sm -``, showing the hole cards already dealt), ``"muck"`` (``p1 sm``),
            ``"noop"`` (an empty string or a lone ``# commentary``).
        target: the 0-based seat dealt to, for ``"deal_hole"``; otherwise None.
        cards: two-character cards, ``"??"`` for an unknown one; empty if none.
        amount: the total to complete, bet or raise to, for ``"bet_raise"``; otherwise
            None. Whole units only.
        comment: the commentary after ``#`` (stripped), or None if there is no ``#``.
        raw: the text parsed (``""`` if built directly); not used in comparisons.
    """

    actor: int | None
    kind: str
    target: int | None = None
    cards: tuple[str, ...] = ()
    amount: int | None = None
    comment: str | None = None
    raw: str = field(default="", compare=False)


def _seat(token: str, text: str) -> int:
    match = _PLAYER.fullmatch(token)
    if match is None:
        raise PhhError(
            f"bad player number {token!r} in {text!r}: players are p1, p2, ... (counting from 1)"
        )
    return int(match.group(1)) - 1


def _cards(token: str, text: str) -> tuple[str, ...]:
    try:
        cards = parse_cards(token)
    except CardError as err:
        raise PhhError(f"bad cards {token!r} in {text!r}: {err}") from err
    if not cards:
        raise PhhError(f"no cards in {text!r}")
    return tuple(cards)


def _amount(token: str, text: str) -> int:
    if _AMOUNT.fullmatch(token) is None:
        raise PhhError(f"{token!r} in {text!r} is not an amount: write a number like 300")
    try:
        value = Decimal(token)
    except InvalidOperation as err:  # pragma: no cover - the pattern rules this out
        raise PhhError(f"{token!r} in {text!r} is not an amount") from err
    if value != value.to_integral_value():
        raise PhhError(f"fractional amount {token!r} in {text!r}: amounts are whole chips")
    if value <= 0:
        raise PhhError(f"amount {token!r} in {text!r} must be positive")
    return int(value)


# Each distinct action string is parsed once: a hand's actions repeat ("p2 f", "p1 cc")
# from hand to hand, and a parsed action is frozen, so one object serves every hand.
_PARSED: dict[str, PhhAction] = {}
_PARSED_MOST = 1 << 16


def parse_action(text: str) -> PhhAction:
    """Parse one PHH action string (see :func:`_parse_action` for the grammar); a string
    seen before gives the same frozen :class:`PhhAction` again.

    Raises:
        PhhError: as :func:`_parse_action`.
    """
    parsed = _PARSED.get(text)
    if parsed is None:
        parsed = _parse_action(text)
        if len(_PARSED) >= _PARSED_MOST:
            _PARSED.clear()
        _PARSED[text] = parsed
    return parsed


def _parse_action(text: str) -> PhhAction:
    """Parse one PHH action string.

    The grammar is ``[actor verb [arguments]][ # commentary]``, words separated by
    whitespace: ``d dh pN CARDS``, ``d db CARDS``, ``pN f``, ``pN cc``, ``pN cbr AMOUNT``,
    ``pN pb``, ``pN sd [CARDS]``, ``pN sm [CARDS|-]``; an empty string or a lone
    commentary is a no-op. Cards are written run together, ``AcKd``; ``??`` is an
    unknown card.

    Args:
        text: the action, e.g. ``"p3 cbr 1150"`` or ``"d dh p1 AcKd  # Antonius"``.
    Returns:
        The action (see :class:`PhhAction`); ``raw`` is ``text``.
    Raises:
        PhhError: for an unknown actor or verb, a bad player number (``p0``), a bad card,
            a missing, non-numeric, non-positive or fractional amount, a missing or
            surplus argument.
    """
    body, hash_sign, after = text.partition("#")
    comment = after.strip() if hash_sign else None
    words = body.split()
    if not words:
        return PhhAction(actor=None, kind="noop", comment=comment, raw=text)
    actor_token, *args = words
    if len(args) == 0:
        raise PhhError(f"no verb in {text!r}: expected e.g. 'p1 cc' or 'd db AsKd7h'")
    verb, rest = args[0], args[1:]

    if actor_token == "d":
        if verb == "dh":
            if len(rest) != 2:
                raise PhhError(f"{text!r}: a hole deal is 'd dh pN CARDS'")
            target = _seat(rest[0], text)
            return PhhAction(
                actor=None,
                kind="deal_hole",
                target=target,
                cards=_cards(rest[1], text),
                comment=comment,
                raw=text,
            )
        if verb == "db":
            if len(rest) != 1:
                raise PhhError(f"{text!r}: a board deal is 'd db CARDS'")
            return PhhAction(
                actor=None,
                kind="deal_board",
                cards=_cards(rest[0], text),
                comment=comment,
                raw=text,
            )
        raise PhhError(f"unknown dealer verb {verb!r} in {text!r}: expected 'dh' or 'db'")

    if not actor_token.startswith("p"):
        raise PhhError(f"unknown actor {actor_token!r} in {text!r}: expected 'd' (dealer) or 'pN'")
    actor = _seat(actor_token, text)

    if verb in _PLAYER_VERBS:
        if rest:
            raise PhhError(f"{text!r}: {verb!r} takes no argument")
        return PhhAction(actor=actor, kind=_PLAYER_VERBS[verb], comment=comment, raw=text)
    if verb == "cbr":
        if not rest:
            raise PhhError(f"missing amount in {text!r}: write e.g. 'p1 cbr 300'")
        if len(rest) > 1:
            raise PhhError(f"{text!r}: 'cbr' takes one amount")
        return PhhAction(
            actor=actor,
            kind="bet_raise",
            amount=_amount(rest[0], text),
            comment=comment,
            raw=text,
        )
    if verb == "sd":
        if len(rest) > 1:
            raise PhhError(f"{text!r}: 'sd' takes at most one run of cards")
        cards = _cards(rest[0], text) if rest else ()
        return PhhAction(actor=actor, kind="discard", cards=cards, comment=comment, raw=text)
    if verb == "sm":
        if len(rest) > 1:
            raise PhhError(f"{text!r}: 'sm' takes at most one run of cards")
        if not rest:
            return PhhAction(actor=actor, kind="muck", comment=comment, raw=text)
        cards = () if rest[0] == "-" else _cards(rest[0], text)
        return PhhAction(actor=actor, kind="show", cards=cards, comment=comment, raw=text)
    raise PhhError(
        f"unknown verb {verb!r} in {text!r}: expected one of f, cc, cbr, pb, sd, sm "
        "(players) or dh, db (dealer)"
    )


def format_action(a: PhhAction) -> str:
    """Write an action as a PHH action string, the inverse of :func:`parse_action`.

    Examples: ``"p3 cbr 1150"``, ``"d dh p1 AcKd"``, ``"p2 sm"`` (muck), ``"p2 sm -"``
    (show with no cards), ``"d db Th9c5h"``, ``"p1 f # tank fold"``, ``"# a note"``.

    Args:
        a: the action.
    Returns:
        The string, single-spaced; ``parse_action(format_action(a)) == a``.
    Raises:
        PhhError: if the action is inconsistent: an unknown kind, a dealer action with a
            player actor (or the reverse), a missing target, cards or amount, a bad card.
    """
    if a.kind not in ACTION_KINDS:
        raise PhhError(f"unknown action kind {a.kind!r}: expected one of {sorted(ACTION_KINDS)}")
    for card in a.cards:
        if len(card) != 2:
            raise PhhError(f"{card!r} is not a two-character card")
        _cards(card, repr(a))
    words: list[str]
    if a.kind in ("deal_hole", "deal_board", "noop"):
        if a.actor is not None:
            raise PhhError(f"a {a.kind} action has no player actor: {a!r}")
        if a.kind == "noop":
            words = []
        elif a.kind == "deal_board":
            if not a.cards:
                raise PhhError(f"a board deal needs cards: {a!r}")
            words = ["d", "db", "".join(a.cards)]
        else:
            if a.target is None or a.target < 0:
                raise PhhError(f"a hole deal needs a target seat (0 or more): {a!r}")
            if not a.cards:
                raise PhhError(f"a hole deal needs cards: {a!r}")
            words = ["d", "dh", f"p{a.target + 1}", "".join(a.cards)]
    else:
        if a.actor is None or a.actor < 0:
            raise PhhError(f"a {a.kind} action needs a player actor (seat 0 or more): {a!r}")
        player = f"p{a.actor + 1}"
        if a.kind == "bet_raise":
            if a.amount is None or isinstance(a.amount, bool) or a.amount <= 0:
                raise PhhError(f"a bet or raise needs a positive whole amount: {a!r}")
            words = [player, "cbr", str(a.amount)]
        elif a.kind == "discard":
            words = [player, "sd"] + (["".join(a.cards)] if a.cards else [])
        elif a.kind == "show":
            words = [player, "sm", "".join(a.cards) if a.cards else "-"]
        elif a.kind == "muck":
            words = [player, "sm"]
        else:
            verb = {v: k for k, v in _PLAYER_VERBS.items()}[a.kind]
            words = [player, verb]
    text = " ".join(words)
    if a.comment is not None:
        text = f"{text} # {a.comment}".strip() if a.comment else f"{text} #".strip()
    return text
