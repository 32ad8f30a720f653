"""Discord ids and the service's ids: a table is ``guild/channel``, a player ``discord:USER``."""

from __future__ import annotations

PLATFORM = "discord"


def table_id(guild_id: int | str, channel_id: int | str) -> str:
    """The service's table id for a guild's channel: ``"GUILD/CHANNEL"``."""
    return f"{guild_id}/{channel_id}"


def split_table(table: str) -> tuple[int, int]:
    """``(guild_id, channel_id)`` of a table id.

    Raises:
        ValueError: not a Discord table id (two numbers joined by ``/``).
    """
    guild, _, channel = table.partition("/")
    return int(guild), int(channel)


def user_of(player_id: str) -> int | None:
    """The Discord user id of a service player id, or None for another platform's player."""
    platform, _, user = player_id.partition(":")
    if platform != PLATFORM or not user.isdigit():
        return None
    return int(user)


def player_of(user_id: int | str) -> str:
    """The service's player id of a Discord user: ``"discord:USER"``."""
    return f"{PLATFORM}:{user_id}"
