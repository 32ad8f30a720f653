"""JSON text for what the storage keeps, through orjson (several times faster than the
standard library on the state and event rows every commit writes).

The text differs from ``json.dumps`` only in layout (no spaces, UTF-8 rather than
``\\u`` escapes); any JSON reader, the standard library's included, reads it the same.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # integer keys become strings, as json.dumps does


def dumps(value: Any) -> str:
    """``value`` (dicts, lists, tuples, strings, numbers, booleans, None) as JSON text.

    Raises:
        TypeError: a value JSON cannot hold (an integer past 64 bits, an arbitrary object).
    """
    return orjson.dumps(value, option=_OPTIONS).decode()


def loads(text: str | bytes) -> Any:
    """JSON text as Python values.

    Raises:
        ValueError: not JSON (``orjson.JSONDecodeError`` is a ``ValueError``).
    """
    return orjson.loads(text)
