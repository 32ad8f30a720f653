"""What the server's log may say about an error: its type and where it was raised, never
its message.

An exception's message may quote what it was given: a card named twice ("'7h' appears
twice"), a stored hand that does not replay, a row a driver could not write, a line a
platform would not deliver. Whoever reads the log must not learn a card that is not public
from it, so errors are logged by type and place (file, line, function) only: enough to find
the fault in the code, nothing a player typed or holds.
"""

from __future__ import annotations

import traceback
from pathlib import PurePath

CHAIN_DEPTH = 4  # exceptions followed through "raised from" / "during handling of"


def _place(frame: traceback.FrameSummary) -> str:
    """``package/module.py:LINE in FUNCTION``: the last two parts of the path are enough
    to tell ``discord/transport.py`` from ``slack/transport.py``."""
    parts = PurePath(frame.filename).parts[-2:]
    return f"{'/'.join(parts)}:{frame.lineno} in {frame.name}"


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and the exceptions it came from, outermost first (cycles cut)."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain and len(chain) < CHAIN_DEPTH:
        chain.append(current)
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )
    return chain


def described(exc: BaseException) -> str:
    """One line naming the error and where it was raised, and the same for each error it
    came from, e.g. ``ServiceError at bot/service/commits.py:220 in _commit (from OSError at
    storage/db.py:212 in commit)``. The messages are left out (see the module's note)."""
    pieces = []
    for error in _chain(exc):
        stack = traceback.extract_tb(error.__traceback__)
        where = f" at {_place(stack[-1])}" if stack else ""
        pieces.append(f"{type(error).__name__}{where}")
    return pieces[0] + "".join(f" (from {p})" for p in pieces[1:])


def frames(exc: BaseException) -> str:
    """The traceback of ``exc`` as one line per frame, outermost first, each
    ``file:line in function``, without source lines or messages: for an error that needs
    its whole path to be understood (an unexpected one)."""
    return "\n".join(f"  {_place(f)}" for f in traceback.extract_tb(exc.__traceback__))
