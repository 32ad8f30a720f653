"""Every Slack test is bounded: an async test still running after ``slack_mock.LIMIT``
seconds fails with a TimeoutError instead of hanging the run (a bot or the mock waiting
for an answer that never comes)."""

from __future__ import annotations

import asyncio
import functools
import inspect
from collections.abc import Generator

import pytest
from slack_mock import LIMIT


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """Run an async test as ``asyncio.wait_for(test(...), LIMIT)`` on pytest-asyncio's
    loop (which runs the item's ``obj`` when it is called)."""
    test = getattr(item, "obj", None)
    if not inspect.iscoroutinefunction(test):
        return (yield)

    @functools.wraps(test)
    async def bounded(*args: object, **kwargs: object) -> object:
        return await asyncio.wait_for(test(*args, **kwargs), LIMIT)

    item.obj = bounded  # type: ignore[attr-defined]
    try:
        return (yield)
    finally:
        item.obj = test  # type: ignore[attr-defined]
