"""Shared fixtures: where the test hand histories live (``tests/data/phh``)."""

from __future__ import annotations

from pathlib import Path

import pytest

PHH_DIR = Path(__file__).resolve().parent / "data" / "phh"


@pytest.fixture(scope="session")
def phh_dir() -> Path:
    """The hand histories kept with the tests (see ``tests/data/phh/README.md``)."""
    assert PHH_DIR.is_dir(), f"{PHH_DIR} is missing from the checkout"
    return PHH_DIR
