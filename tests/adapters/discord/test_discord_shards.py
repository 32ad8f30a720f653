"""Discord's gateway shards: every shard in one process by default (discord.py's automatic
sharding), or the shards given, so several processes split a large bot; refused with the
forms when the numbers make no sense; commands synced by the process of shard 0 alone."""

from __future__ import annotations

import pytest

from adapters.discord.client import PokerClient
from bot.app.cli import main


def _ran_with(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[int] | None, int | None]]:
    """Make the client's run record its shards instead of connecting."""
    seen: list[tuple[list[int] | None, int | None]] = []

    def run(self: PokerClient, token: str, **kwargs: object) -> None:
        seen.append((self.shard_ids, self.shard_count))

    monkeypatch.setattr(PokerClient, "run", run)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    return seen


def test_run_discord_runs_the_shards_given_or_every_shard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--shards 0-3 --shard-count 8`` runs shards 0 to 3 of 8; ``0,2,5-6`` those four;
    without the flags, every shard Discord recommends (left to discord.py)."""
    seen = _ran_with(monkeypatch)
    assert main(["run", "discord", "--shards", "0-3", "--shard-count", "8"]) == 0
    assert main(["run", "discord", "--shards", "0,2,5-6", "--shard-count", "8"]) == 0
    assert main(["run", "discord"]) == 0
    assert seen == [([0, 1, 2, 3], 8), ([0, 2, 5, 6], 8), (None, None)]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--shards", "0-3"], "--shards needs --shard-count"),
        (["--shards", "4-9", "--shard-count", "8"], "each shard below it"),
        (["--shards", "3-1", "--shard-count", "8"], "is not shard numbers"),
        (["--shards", "a", "--shard-count", "8"], "is not shard numbers"),
        (["--shards", "-1", "--shard-count", "8"], "is not shard numbers"),
        (["--shard-count", "0"], "is not a whole number from 1"),
    ],
)
def test_shard_numbers_that_make_no_sense_are_refused_with_the_forms(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    says: str,
) -> None:
    """Shards without a count, past the count, backwards or not numbers: exit 2 with what
    is wrong and the forms, before anything connects."""
    seen = _ran_with(monkeypatch)
    try:
        status = main(["run", "discord", *args])
    except SystemExit as exc:  # argparse's own refusal
        status = int(exc.code or 0)
    assert status == 2 and seen == []
    assert says in capsys.readouterr().err


def test_shards_are_for_discord(capsys: pytest.CaptureFixture[str]) -> None:
    """Slack has no gateway shards: the flags are refused there."""
    assert main(["run", "slack", "--shards", "0", "--shard-count", "2"]) == 2
    assert "--shards and --shard-count are for discord" in capsys.readouterr().err


@pytest.mark.parametrize(("shards", "syncs"), [(None, True), ([0, 1], True), ([2, 3], False)])
async def test_commands_are_synced_by_the_process_of_shard_0_alone(
    monkeypatch: pytest.MonkeyPatch, shards: list[int] | None, syncs: bool
) -> None:
    """Every process restores the tables; the one running shard 0 (or every shard) also
    registers ``/poker``, so split processes do not all rewrite the same commands."""
    client = PokerClient(":memory:", shard_ids=shards, shard_count=None if shards is None else 4)
    synced: list[bool] = []

    async def sync() -> list[object]:
        synced.append(True)
        return []

    monkeypatch.setattr(client, "sync_commands", sync)
    await client.setup_hook()
    try:
        assert bool(synced) is syncs
        assert client.runtime is not None
    finally:
        assert client.runtime is not None
        await client.runtime.close()
