"""Replaying many files in several processes gives what one process gives, in order."""

from __future__ import annotations

from pathlib import Path

from bot.phh.replay import replay_paths


def test_several_processes_replay_every_hand_as_one_does_in_input_order(phh_dir: Path) -> None:
    """``replay --jobs 2`` yields the same results as one process, hand for hand and in
    the same order: kill sessions, unsupported games and all."""
    one = [r.as_json() for r in replay_paths([str(phh_dir)])]
    two = [r.as_json() for r in replay_paths([str(phh_dir)], jobs=2)]
    assert len(one) > 500
    assert two == one
