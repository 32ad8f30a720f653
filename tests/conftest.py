"""Shared fixtures: where the rulebook's hand histories live, and chip-conservation checks."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PHH_DIR = SHARED / "phh"


@pytest.fixture(scope="session")
def phh_dir() -> Path:
    """The shared hand histories (skips when the checkout has no shared/ beside it)."""
    if not PHH_DIR.is_dir():
        pytest.skip("shared/phh is not beside this checkout")
    return PHH_DIR
