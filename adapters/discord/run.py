"""``killbutton run discord``: the bot's process."""

from __future__ import annotations

import logging
import os
import sys

import discord

from adapters.runtime import require_env
from bot.process import logsetup
from storage import StorageError

from .client import PokerClient

log = logging.getLogger(__name__)

TOKEN_HELP = (
    "the bot's token, from https://discord.com/developers/applications "
    "(your application → Bot → Reset Token)"
)


def run_discord(
    db_path: str | None,
    shard_ids: list[int] | None = None,
    shard_count: int | None = None,
    metrics_port: int | None = None,
    log_json: bool = False,
) -> int:
    """Run the Discord bot until it is stopped; returns the exit status.

    Reads ``DISCORD_TOKEN`` (required) and ``DISCORD_GUILD_ID`` (optional: the one server
    to register the slash commands in, instead of globally). ``shard_ids`` of
    ``shard_count`` are the gateway shards this process runs (None: all, automatic).
    ``metrics_port``: where to serve the health check and metrics; ``log_json``: every
    log line (discord.py's too) as a JSON object (:mod:`bot.process.logsetup`).

    Returns:
        0 when stopped, 2 when Discord refuses the token, the database cannot be opened
        or the metrics' port cannot be bound.
    Raises:
        MissingConfig: ``DISCORD_TOKEN`` is not set (the command line prints it and exits
            with status 2).
    """
    token = require_env(["DISCORD_TOKEN"], TOKEN_HELP)["DISCORD_TOKEN"]
    guild = os.environ.get("DISCORD_GUILD_ID", "").strip()
    client = PokerClient(
        db_path,
        int(guild) if guild.isdigit() else None,
        shard_ids=shard_ids,
        shard_count=shard_count,
        metrics_port=metrics_port,
    )
    try:
        if log_json:
            logsetup.configure(json_lines=True)
            client.run(token, log_handler=None)  # the root logger's handler writes its lines
        else:
            client.run(token, log_level=logging.INFO)
    except discord.LoginFailure:
        print(
            f"killbutton run discord: Discord refused DISCORD_TOKEN: {TOKEN_HELP}", file=sys.stderr
        )
        return 2
    except (StorageError, OSError) as exc:  # OSError: the metrics' port is taken
        print(f"killbutton run discord: {exc}", file=sys.stderr)
        return 2
    return 0
