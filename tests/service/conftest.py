"""Fixtures of the service tests: a fake clock, and a service on the test's database that
publishes to a list (the database is closed after the test by the ``db`` fixture)."""

from __future__ import annotations

import pytest
from support import FakeClock, open_service

from bot.service.tables import Outgoing, TableService
from storage.db import Database


@pytest.fixture
def clock() -> FakeClock:
    """The clock of the ``service`` fixture, moved by hand."""
    return FakeClock()


@pytest.fixture
def published() -> list[Outgoing]:
    """Everything the ``service`` fixture published, in order."""
    return []


@pytest.fixture
async def service(db: Database, clock: FakeClock, published: list[Outgoing]) -> TableService:
    """A :class:`support.DealingService` on the test's database (``t.db``), with ``clock``
    and publishing to ``published``."""
    made, _ = await open_service(db, clock, published=published)
    return made
