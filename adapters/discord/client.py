"""The Discord client: the ``/poker`` command tree, the table buttons (registered as
dynamic items so old messages keep working after a restart) and the runtime."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from adapters import runtime as runtimes

from .buttons import TableButton
from .commands import poker_group
from .transport import EDIT_INTERVAL, DiscordTransport

log = logging.getLogger(__name__)


class PokerClient(discord.AutoShardedClient):
    """A client with the ``guilds`` intent only (no privileged intent), connected to the
    gateway through shards: all of them in this process (discord.py's automatic sharding,
    as many as Discord recommends), or the given ones of ``shard_count``, so several
    processes split a large bot, each receiving the interactions of its servers only.

    Args:
        db_path: the SQLite file or PostgreSQL URL (see :func:`adapters.runtime.start`).
        guild_id: the one server to register the commands in (they appear there at once,
            and nowhere else); None registers them globally, for every server.
        edit_interval: seconds between two edits of a table message.
        shard_ids: the shards this process runs (None: every shard).
        shard_count: the bot's shards in all processes (None: Discord's recommendation;
            required with ``shard_ids``).
        metrics_port: where to serve the health check and metrics (None: nowhere; see
            :func:`adapters.runtime.start`).
    Raises:
        discord.ClientException: ``shard_ids`` without ``shard_count``.
    """

    def __init__(
        self,
        db_path: str | None = None,
        guild_id: int | None = None,
        edit_interval: float = EDIT_INTERVAL,
        shard_ids: list[int] | None = None,
        shard_count: int | None = None,
        metrics_port: int | None = None,
    ) -> None:
        # a poker bot has no voice: no warnings about voice libraries at every start
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        sharding: dict[str, Any] = {}  # none given: discord.py's automatic sharding
        if shard_ids is not None:
            sharding["shard_ids"] = shard_ids
        if shard_count is not None:
            sharding["shard_count"] = shard_count
        super().__init__(
            intents=discord.Intents(guilds=True),
            allowed_mentions=discord.AllowedMentions.none(),
            **sharding,
        )
        self.db_path = db_path
        self.metrics_port = metrics_port
        self.guild_id = guild_id
        self.tree = app_commands.CommandTree(self)
        guild = discord.Object(guild_id) if guild_id is not None else None
        self.tree.add_command(poker_group(), guild=guild)
        self.add_dynamic_items(TableButton)
        self.transport = DiscordTransport(self, edit_interval)
        self.runtime: runtimes.Runtime | None = None

    async def setup_hook(self) -> None:
        """Restore the tables, start the turn timers and sync the commands
        (:meth:`sync_commands`): by the process that runs shard 0 only, when the shards are
        split between processes, so they do not all rewrite the same commands.

        Raises:
            StorageError: the database cannot be opened.
            discord.HTTPException: Discord refused a sync.
        """
        self.runtime = await runtimes.start(
            self.transport, self.db_path, metrics_port=self.metrics_port
        )
        restored, broken = self.runtime.core.restored()
        log.info("%d tables restored", restored)
        for table, error in broken:
            log.error("table %s could not be restored: %s", table, error)
        if self.shard_ids is None or 0 in self.shard_ids:
            await self.sync_commands()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Register ``/poker`` with Discord once: in the server ``guild_id`` only, or
        globally when there is none.

        With a server, the global commands are overwritten with none (one more request,
        creating nothing), so a global ``/poker`` registered by an earlier run does not
        show twice in that server; any other global command of the same application is
        removed too.

        Returns:
            The commands now registered where ``/poker`` is (the server's or the global).
        Raises:
            discord.HTTPException: Discord refused a sync.
            discord.app_commands.MissingApplicationID: not logged in yet.
        """
        if self.guild_id is None:
            synced = await self.tree.sync()
            log.info("%d slash commands synced globally", len(synced))
            return synced
        synced = await self.tree.sync(guild=discord.Object(self.guild_id))
        log.info("%d slash commands synced to server %d", len(synced), self.guild_id)
        await self.tree.sync()  # the global tree is empty
        log.info("global slash commands cleared")
        return synced

    async def on_ready(self) -> None:
        """Log who the bot is and where it plays."""
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        """Send the queued edits, stop the timers and close the database."""
        if self.runtime is not None:
            await self.transport.edits.drain()
            await self.runtime.close()
            self.runtime = None
        await super().close()
