"""Fixtures of the Discord tests: bots of :mod:`discord_harness`, closed after the test
whether it passed or failed."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from discord_harness import Bot, OpenBot


@pytest.fixture
async def open_bot() -> AsyncIterator[OpenBot]:
    """Opens a :class:`Bot` (``Bot.open``'s ``seed``, ``guild_id``, ``db_path`` and
    ``clock``); every one it opened is closed after the test."""
    async with contextlib.AsyncExitStack() as opened:

        async def open_(seed: int = 3, guild_id: int | None = None, **how: Any) -> Bot:
            bot = await Bot.open(seed, guild_id, **how)
            opened.push_async_callback(bot.close)
            return bot

        yield open_


@pytest.fixture
async def bot(open_bot: OpenBot) -> Bot:
    """A bot dealing from seed 3, with no table yet (:func:`discord_harness.seated` opens
    the usual one)."""
    return await open_bot()
