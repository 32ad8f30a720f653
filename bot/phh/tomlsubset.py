"""A fast, strict reader for the TOML that hand-history writers produce.

PHH files use a small part of TOML: top-level ``key = value`` lines and ``[name]`` tables
(``.phhs``), values that are literal strings or basic strings without escapes, decimal
integers, decimal
floats, booleans, and one-level arrays of those spread over lines, with comments.
:func:`loads` reads exactly that part, several times faster than :mod:`tomllib`, and
returns None for anything else (an escape, a literal string, a date, an exponent, a
dotted key, a nested array, a duplicate key, CRLF line ends...): the caller then reads the
text with :mod:`tomllib`, which also gives the error for a text that is not TOML. Where it
returns a value it is the value :func:`tomllib.loads` returns (proven on every hand history
kept with the tests and on generated documents).
"""

from __future__ import annotations

import re
from typing import Any

# TOML forbids control characters other than tab in comments and basic strings.
_TEXT = '[^"\\\\\x00-\x08\x0a-\x1f\x7f]'
_LITERAL = "[^'\x00-\x08\x0a-\x1f\x7f]"
_COMMENT = "#[^\x00-\x08\x0a-\x1f\x7f]*"
_BLANK = re.compile(rf"[ \t]*(?:{_COMMENT})?(?:\n|\Z)")
_KEY = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
_TABLE = re.compile(r"[ \t]*\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]")
_END = re.compile(rf"[ \t]*(?:{_COMMENT})?(?:\n|\Z)")
_GAP = re.compile(rf"(?:[ \t\n]|{_COMMENT})*")
# a scalar: string | boolean | integer with an optional fraction; what may follow it is
# checked by the caller (a comma, a bracket, the end of the line)
_SCALAR = re.compile(
    rf'"({_TEXT}*)"|\'({_LITERAL}*)\'|(true|false)(?![A-Za-z0-9_])|([+-]?(?:0|[1-9][0-9]*))(\.[0-9]+)?(?![0-9A-Za-z_.:+-])'
)


def _scalar(text: str, at: int) -> tuple[Any, int] | None:
    match = _SCALAR.match(text, at)
    if match is None:
        return None
    string, literal, boolean, whole, fraction = match.groups()
    if string is not None:
        return string, match.end()
    if literal is not None:
        return literal, match.end()
    if boolean is not None:
        return boolean == "true", match.end()
    if fraction is not None:
        return float(whole + fraction), match.end()
    return int(whole), match.end()


_SPACE = "[ \t\n]*"
_INT = "[+-]?(?:0|[1-9][0-9]*)"
# Whole arrays of one kind, without comments, matched at once: nearly every array of a
# hand history (its actions, players, stacks, blinds)
_SAME = {
    "'": (
        re.compile(rf"(?:{_SPACE}'{_LITERAL}*'{_SPACE},)*(?:{_SPACE}'{_LITERAL}*')?{_SPACE}\]"),
        re.compile(rf"'({_LITERAL}*)'"),
        str,
    ),
    '"': (
        re.compile(rf'(?:{_SPACE}"{_TEXT}*"{_SPACE},)*(?:{_SPACE}"{_TEXT}*")?{_SPACE}\]'),
        re.compile(rf'"({_TEXT}*)"'),
        str,
    ),
}
_INTS = re.compile(rf"(?:{_SPACE}{_INT}{_SPACE},)*(?:{_SPACE}{_INT})?{_SPACE}\]")
_INT_ITEM = re.compile(_INT)

# The lines hand-history writers produce, each read with one match: ``key = 'text'``,
# a whole number, a boolean, or a one-line array of whole numbers or of literal strings
# written ``[a, b]``; any other line goes the general way below.
_WHOLE = "(?:0|-?[1-9][0-9]*)"
_PLAIN_LINE = re.compile(
    rf"([A-Za-z0-9_-]+) = (?:'({_LITERAL}*)'|(true|false)|({_WHOLE})"
    rf"|\[({_WHOLE}(?:, {_WHOLE})*)\]|\[('{_LITERAL}*'(?:, '{_LITERAL}*')*)\])(?:\n|\Z)"
)
_LITERAL_ITEM = re.compile(rf"'({_LITERAL}*)'")


def _array(text: str, at: int) -> tuple[list[Any], int] | None:
    """The array whose ``[`` is just before ``at``: its items and the index after ``]``."""
    first = _GAP.match(text, at).end()  # type: ignore[union-attr]  # always matches
    kind = text[first : first + 1]
    if kind in _SAME:
        whole, item, _ = _SAME[kind]
        match = whole.match(text, at)
        if match is not None:
            return item.findall(text, at, match.end()), match.end()
    elif kind != "[":
        match = _INTS.match(text, at)
        if match is not None:
            return [int(n) for n in _INT_ITEM.findall(text, at, match.end())], match.end()
    items: list[Any] = []
    at = first
    while True:
        if text.startswith("]", at):
            return items, at + 1
        found = _scalar(text, at)
        if found is None:
            return None
        items.append(found[0])
        at = _GAP.match(text, found[1]).end()  # type: ignore[union-attr]
        if text.startswith(",", at):
            at = _GAP.match(text, at + 1).end()  # type: ignore[union-attr]
        elif not text.startswith("]", at):
            return None


def loads(text: str) -> dict[str, Any] | None:
    """The document as :func:`tomllib.loads` reads it, or None when it is outside the
    subset described above (read it with :mod:`tomllib` then).

    Args:
        text: the whole file's text.
    Returns:
        Top-level keys to values (a ``[name]`` table is a nested dict), or None.
    Raises:
        Nothing: a text this reader cannot vouch for is None.
    """
    document: dict[str, Any] = {}
    table = document
    at, size = 0, len(text)
    while at < size:
        line = _PLAIN_LINE.match(text, at)
        if line is not None:
            name, literal, boolean, whole, wholes, literals = line.groups()
            if name in table:
                return None
            if literal is not None:
                table[name] = literal
            elif boolean is not None:
                table[name] = boolean == "true"
            elif whole is not None:
                table[name] = int(whole)
            elif wholes is not None:
                table[name] = [int(n) for n in wholes.split(", ")]
            else:
                table[name] = _LITERAL_ITEM.findall(literals)
            at = line.end()
            continue
        key = _KEY.match(text, at)
        if key is None:
            blank = _BLANK.match(text, at)
            if blank is not None and blank.end() > at:
                at = blank.end()
                continue
            header = _TABLE.match(text, at)
            if header is None or header.group(1) in document:
                return None
            end = _END.match(text, header.end())
            if end is None:
                return None
            table = document[header.group(1)] = {}
            at = end.end()
            continue
        name = key.group(1)
        if name in table:
            return None
        at = key.end()
        if text.startswith("[", at):
            found: tuple[Any, int] | None = _array(text, at + 1)
        else:
            found = _scalar(text, at)
        if found is None:
            return None
        value, at = found
        end = _END.match(text, at)
        if end is None:
            return None
        table[name] = value
        at = end.end()
    return document
