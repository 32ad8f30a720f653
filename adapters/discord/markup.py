"""Plain text into Discord markup: the core's texts (and the display names in them) are
plain, so every markdown character is escaped and no mention can form."""

from __future__ import annotations

import discord


def plain(text: str) -> str:
    """``text`` shown literally in a message, an embed's description or a field: markdown
    (``*``, ``_``, ``~``, ``|``, backticks, quotes, headings, lists, masked links)
    escaped with backslashes, and ``@everyone``, ``@here``, user and role mentions broken
    by a zero-width space so they never ping nor show as mentions. The result may be
    longer than ``text``: cut it to a limit afterwards, not before."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))
