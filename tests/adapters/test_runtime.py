"""Start-up shared by the chat adapters: the process settings it makes for short pauses."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Any

from adapters.runtime import start
from bot.process import gcpolicy, gilshare


class _Silent:
    """A transport that is never reached: nothing is played here (it takes the stored
    table messages, of which there are none)."""

    def recall(self, stored: dict[str, tuple[int, str]]) -> None:
        assert stored == {}

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the transport was used: {name}")


async def test_start_shortens_the_switch_interval_and_settles_the_collector(
    tmp_path: Path,
) -> None:
    """The database thread gets the interpreter's lock back within 0.5 ms of asking
    (bot.process.gilshare) and young collections wait for 10,000 objects (bot.process.gcpolicy)."""
    interval, threshold = sys.getswitchinterval(), gc.get_threshold()
    try:
        runtime = await start(_Silent(), str(tmp_path / "k.db"), timers=False)  # type: ignore[arg-type]
        try:
            assert sys.getswitchinterval() == gilshare.SWITCH_INTERVAL
            assert gc.get_threshold()[0] == gcpolicy.YOUNG
        finally:
            await runtime.close()
    finally:
        sys.setswitchinterval(interval)
        gc.set_threshold(*threshold)
        gc.unfreeze()
