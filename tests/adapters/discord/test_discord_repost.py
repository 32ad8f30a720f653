"""A table message posted again after a moderator deleted it never takes the place of a
newer hand's message."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import discord
from discord_harness import FakeResponse

from adapters.discord.transport import DiscordTransport
from tests.chat.fakes import Pipeline


class _Message:
    def __init__(self, channel: _Channel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs: Any) -> None:
        self.channel.log.append(("edit", self.id))
        if self.id in self.channel.deleted:
            gone = {"code": 10008, "message": "Unknown Message"}
            raise discord.NotFound(FakeResponse(404), gone)


class _Channel:
    """A channel whose next post can be slow, and whose deleted messages answer 404."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int]] = []
        self.deleted: set[int] = set()
        self.next_id = 100
        self.slow_next = 0.0

    async def send(self, *args: Any, **kwargs: Any) -> Any:
        self.next_id += 1
        message_id = self.next_id
        delay, self.slow_next = self.slow_next, 0.0
        await asyncio.sleep(delay)
        self.log.append(("post", message_id))
        return type("Sent", (), {"id": message_id})()

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(self, message_id)


class _Client:
    def __init__(self) -> None:
        self.channel = _Channel()

    def get_partial_messageable(self, channel_id: int, type: Any = None) -> _Channel:
        return self.channel


async def test_a_slow_repost_of_a_deleted_message_does_not_replace_the_next_hands(
    pipeline: Pipeline,
) -> None:
    """Hand 1's message is deleted and its repost is slow; hand 2's message is posted
    meanwhile. Hand 2's message stays the one followed and stored: its next change edits
    it, not the late copy of hand 1."""
    await pipeline.say("Alice", "new holdem nl 1/2")
    for name in ("Alice", "Bob"):
        await pipeline.say(name, "sit 100")
    await pipeline.say("Alice", "start")
    base = pipeline.presenter.view("g/c")
    table = "1/2"
    first = dataclasses.replace(base, table_id=table, hand_number=1)
    second = dataclasses.replace(base, table_id=table, hand_number=2)
    client = _Client()
    transport = DiscordTransport(client, edit_interval=0.01)  # type: ignore[arg-type]
    stored: list[tuple[int, str]] = []

    async def remember(table_id: str, hand: int, ref: str) -> None:
        stored.append((hand, ref))

    transport.remember = remember
    await transport.show_table(table, first, ())  # message 101
    client.channel.deleted.add(101)
    client.channel.slow_next = 0.3
    await transport.show_table(table, first, ("a change",))  # 404: posted again, slowly
    await asyncio.sleep(0.05)
    await transport.show_table(table, second, ())  # hand 2's message, 103
    await transport.edits.drain()
    assert transport.shown[table].hand == 2 and transport.shown[table].message_id == 103
    assert stored[-1] == (2, "103")
    await transport.show_table(table, second, ("next",))
    await transport.edits.drain()
    assert client.channel.log[-1] == ("edit", 103)
