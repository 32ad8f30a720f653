"""The optional compiled build: the rules engine and the hand-history reader compiled from
this same source with mypyc (:mod:`bot.compile.backend` builds it on request).

The pure-Python package is the default and the reference; the compiled one is only faster.
"""

from __future__ import annotations


def compiled() -> bool:
    """Whether this process runs the compiled build.

    Returns:
        True when the engine's modules were loaded from compiled extension modules, False
        when they run as Python source.
    """
    from bot.engine import hand

    return not (hand.__file__ or "").endswith(".py")
