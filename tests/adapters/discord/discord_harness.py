"""A Discord client wired to the real service, with a fake HTTP layer that records every
request (REST calls and interaction responses) and builds interactions from raw
INTERACTION_CREATE payloads, dispatched through the library's own paths."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from adapters.discord.client import PokerClient
from adapters.runtime import Runtime, keep_table_messages
from bot.chat.core import ChatCore
from bot.chat.presenter import Presenter
from bot.engine.cards import Deck
from bot.service.tables import TableService
from storage.db import Database

GUILD, CHANNEL, APP, BOT = 700000000000000001, 700000000000000002, 700000000000000003, 99
USERS = {"Ann": 1001, "Bob": 1002, "Cat": 1003}
# players whose display names are Discord markup or mentions (by display name)
MARKUP_USERS = {"*bob*": 1004, "__x__": 1005, "@everyone <@123456789012345678>": 1006}
MANAGE_GUILD = str(1 << 5)
TABLE = f"{GUILD}/{CHANNEL}"


@dataclass
class Sent:
    """One recorded request: ``via`` is ``http`` (REST) or ``webhook`` (interaction)."""

    via: str
    method: str
    path: str
    body: dict[str, Any] | None
    ok: bool = True
    at: float = field(default_factory=time.perf_counter)  # when it was sent


class FakeResponse:
    """What discord.HTTPException reads of an aiohttp response."""

    def __init__(self, status: int, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = {403: "Forbidden", 429: "Too Many Requests"}.get(status, "Error")
        self.headers = headers or {}


def http_error(status: int, retry: float = 0.0) -> discord.HTTPException:
    """The library's exception for a status: 403 Forbidden (DMs closed), 429 with
    Retry-After ``retry`` seconds, else a plain HTTPException."""
    if status == 403:
        return discord.Forbidden(FakeResponse(403), {"code": 50007, "message": "Cannot DM"})
    response = FakeResponse(status, {"Retry-After": str(retry)})
    return discord.HTTPException(response, {"code": 0, "message": "error"})


def user_payload(user_id: int, name: str) -> dict[str, Any]:
    """A Discord user object."""
    return {
        "id": str(user_id),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
    }


@dataclass
class Recorder:
    """Records requests and answers them like Discord would (ids are increasing)."""

    sent: list[Sent] = field(default_factory=list)
    failures: list[tuple[Callable[[str, str], bool], BaseException]] = field(default_factory=list)
    dm_channels: dict[int, int] = field(default_factory=dict)  # DM channel -> user
    threads: dict[int, str] = field(default_factory=dict)  # thread opened -> its name
    next_id: int = 800000000000000000
    delay: float = 0.0  # seconds every request takes, as a real platform's do

    def fail_once(self, method: str, path_part: str, exc: BaseException) -> None:
        """The next request of ``method`` whose path holds ``path_part`` raises ``exc``."""
        self.failures.append((lambda m, p: m == method and path_part in p, exc))

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def message(self, message_id: int, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
        """A message payload as Discord returns it."""
        return {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": user_payload(BOT, "killbutton"),
            "content": body.get("content") or "",
            "timestamp": "2024-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags", 0),
        }

    def _record(
        self, via: str, method: str, path: str, body: dict[str, Any] | None, at: float = 0.0
    ) -> None:
        when = at or time.perf_counter()
        for number, (matches, exc) in enumerate(self.failures):
            if matches(method, path):
                del self.failures[number]
                self.sent.append(Sent(via, method, path, body, ok=False, at=when))
                raise exc
        self.sent.append(Sent(via, method, path, body, at=when))

    async def http_request(self, route: Route, *, files: Any = None, form: Any = None, **kw: Any):
        """Stands in for ``discord.http.HTTPClient.request``."""
        sent = time.perf_counter()
        if self.delay:
            await asyncio.sleep(self.delay)
        body = kw.get("json")
        for part in form or []:
            if part.get("name") == "payload_json":
                body = json.loads(part["value"])
        path = route.url.removeprefix(Route.BASE)
        self._record("http", route.method, path, body, sent)
        if route.method == "POST" and path == "/users/@me/channels":
            user = int(body["recipient_id"])
            dm = self._new_id()
            self.dm_channels[dm] = user
            return {"id": str(dm), "type": 1, "recipients": [user_payload(user, str(user))]}
        if route.method == "POST" and path.endswith("/messages"):
            return self.message(self._new_id(), int(route.channel_id), body or {})
        if route.method == "PATCH" and "/messages/" in path:
            return self.message(int(path.rsplit("/", 1)[1]), int(route.channel_id), body or {})
        if route.method == "GET" and path == f"/channels/{route.channel_id}":
            return {
                "id": str(route.channel_id),
                "type": 0,
                "guild_id": str(GUILD),
                "name": "poker",
                "position": 0,
                "permission_overwrites": [],
            }
        if route.method == "POST" and path.endswith("/threads"):
            thread = self._new_id()
            self.threads[thread] = (body or {}).get("name", "")
            return {
                "id": str(thread),
                "type": 11,
                "guild_id": str(GUILD),
                "parent_id": str(route.channel_id),
                "owner_id": str(BOT),
                "name": self.threads[thread],
                "message_count": 0,
                "member_count": 1,
                "rate_limit_per_user": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": (body or {}).get("auto_archive_duration", 1440),
                    "archive_timestamp": "2026-12-03T20:00:00+00:00",
                    "locked": False,
                },
            }
        if route.method == "PUT" and path.endswith("/commands"):
            return [
                {**command, "id": str(self._new_id()), "application_id": str(APP), "version": "1"}
                for command in body or []
            ]
        return None

    # ----------------------------------------------------------------- views of it

    def ok(self) -> Iterator[Sent]:
        """The requests that succeeded, in order."""
        return (s for s in self.sent if s.ok)

    def channel_posts(self) -> list[Sent]:
        """Messages posted to the table's channel."""
        where = f"/channels/{CHANNEL}/messages"
        return [s for s in self.ok() if s.method == "POST" and s.path == where]

    def table_posts(self) -> list[Sent]:
        """Table messages (posts with an embed)."""
        return [s for s in self.channel_posts() if s.body and s.body.get("embeds")]

    def edits(self) -> list[Sent]:
        """Edits of channel messages."""
        return [s for s in self.ok() if s.method == "PATCH" and "/messages/" in s.path]

    def dms(self) -> dict[int, list[str]]:
        """User id -> the direct messages he received."""
        out: dict[int, list[str]] = {}
        for s in self.ok():
            channel = s.path.split("/")[2] if s.path.startswith("/channels/") else ""
            if s.method == "POST" and channel.isdigit() and int(channel) in self.dm_channels:
                user = self.dm_channels[int(channel)]
                out.setdefault(user, []).append(s.body["content"] if s.body else "")
        return out

    def command_syncs(self) -> list[tuple[str, list[dict[str, Any]]]]:
        """``(path, commands)`` of every bulk overwrite of the application's commands:
        ``/applications/APP/commands`` (global) or ``/applications/APP/guilds/G/commands``."""
        return [
            (s.path, s.body or [])  # type: ignore[misc]
            for s in self.ok()
            if s.method == "PUT" and s.path.endswith("/commands")
        ]

    def responses(self) -> list[dict[str, Any]]:
        """Interaction responses and follow-ups (their JSON bodies), in order."""
        return [s.body or {} for s in self.ok() if s.via == "webhook"]

    def public(self) -> list[Sent]:
        """Everything the channel can see: posts and edits to the channel."""
        return self.channel_posts() + self.edits()


class FakeWebhook(AsyncWebhookAdapter):
    """Stands in for the library's interaction-response HTTP adapter."""

    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    async def request(self, route: Route, session: Any = None, **kw: Any) -> Any:  # type: ignore[override]
        """Record the response; answer like Discord."""
        sent = time.perf_counter()
        if self.recorder.delay:
            await asyncio.sleep(self.recorder.delay)
        body = kw.get("payload")
        for part in kw.get("multipart") or []:
            if part.get("name") == "payload_json":
                body = json.loads(part["value"])
        path = route.url.removeprefix(Route.BASE)
        self.recorder._record("webhook", route.method, path, body, sent)
        if path.endswith("/callback"):
            data = body or {}
            flags = (data.get("data") or {}).get("flags", 0)
            return {
                "interaction": {
                    "id": str(route.webhook_id),
                    "type": 2,
                    "response_message_ephemeral": bool(flags & 64),
                }
            }
        return self.recorder.message(self.recorder._new_id(), CHANNEL, body or {})


def seeded_shuffle(seed: int) -> Callable[[], tuple[str, ...]]:
    """A reproducible shuffle for the service."""
    rng = random.Random(seed)
    return lambda: Deck(rng=rng).order


class Bot:
    """A :class:`PokerClient` with the real service on an in-memory database, a fake
    HTTP layer and helpers to send raw interactions."""

    def __init__(self, client: PokerClient, recorder: Recorder) -> None:
        self.client = client
        self.recorder = recorder
        self.ids = 900000000000000000
        self.closed = False

    @classmethod
    async def open(
        cls,
        seed: int = 3,
        guild_id: int | None = None,
        db_path: str = ":memory:",
        clock: Callable[[], float] | None = None,
    ) -> Bot:
        """A bot whose service deals from a seeded deck; ``guild_id`` is the client's
        ``DISCORD_GUILD_ID``. On ``db_path`` (a file: a second bot opened on it is the
        first one restarted) and the service's ``clock`` (seconds; the wall clock if None),
        its tables restored and their stored table messages taken back, as a new process
        starts (:func:`adapters.runtime.start`)."""
        client = PokerClient(guild_id=guild_id, edit_interval=0)
        await client._async_setup_hook()  # what login does first: binds the running loop
        recorder = Recorder()
        client.http.request = recorder.http_request  # type: ignore[method-assign]
        client._connection.application_id = APP  # what logging in learns
        # what logging in does: the bot's own user
        client._connection.user = discord.ClientUser(
            state=client._connection,
            data=user_payload(BOT, "killbutton"),  # type: ignore[arg-type]
        )
        async_context.set(FakeWebhook(recorder))
        client._connection._add_guild_from_data(
            {"id": str(GUILD), "name": "Home Game", "channels": [], "roles": []}  # type: ignore[typeddict-item]
        )
        db = await Database.open(db_path)
        service = TableService(db, shuffle=seeded_shuffle(seed))
        if clock is not None:
            service.clock = clock
        presenter = Presenter(service, client.transport)
        service.publish = presenter.publish
        await service.restore()
        await keep_table_messages(client.transport, db)
        client.runtime = Runtime(service, presenter, ChatCore(service, presenter))
        return cls(client, recorder)

    async def close(self) -> None:
        """Send the queued edits and close the database (once: a bot stopped in the middle
        of a test is not closed again after it)."""
        runtime = self.client.runtime
        if runtime is None or self.closed:
            return
        self.closed = True
        await self.client.transport.edits.drain()
        await runtime.close()

    @property
    def service(self) -> TableService:
        """The table service."""
        assert self.client.runtime is not None
        return self.client.runtime.service

    def _interaction(
        self, kind: int, user: str, data: dict[str, Any], admin: bool = False, **extra: Any
    ) -> dict[str, Any]:
        self.ids += 1
        uid = USERS[user] if user in USERS else MARKUP_USERS[user]
        return {
            "id": str(self.ids),
            "application_id": str(APP),
            "type": kind,
            "token": f"token-{self.ids}",
            "version": 1,
            "guild_id": str(GUILD),
            "channel_id": str(CHANNEL),
            "channel": {
                "id": str(CHANNEL),
                "type": 0,
                "guild_id": str(GUILD),
                "name": "poker",
                "position": 0,
                "permission_overwrites": [],
            },
            "member": {
                "user": user_payload(uid, user),
                "roles": [],
                "joined_at": "2024-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": MANAGE_GUILD if admin else "0",
            },
            "data": data,
            "locale": "en-US",
            "attachment_size_limit": 8388608,
            "app_permissions": "0",
            "entitlements": [],
            **extra,
        }

    async def dispatch(self, payload: dict[str, Any]) -> None:
        """Deliver an INTERACTION_CREATE as the gateway would, and wait for its handling."""
        self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await settle()

    async def slash(
        self, user: str, path: str, admin: bool = False, **options: Any
    ) -> dict[str, Any]:
        """``/poker PATH`` (e.g. ``sit`` or ``host start``) with options; returns the
        payload sent."""
        typed = {bool: 5, int: 4, str: 3}
        leaf: dict[str, Any] = {
            "type": 1,
            "name": path.split()[-1],
            "options": [
                {"type": typed[type(v)], "name": k, "value": v} for k, v in options.items()
            ],
        }
        if " " in path:
            leaf = {"type": 2, "name": path.split()[0], "options": [leaf]}
        data = {"id": "1", "name": "poker", "type": 1, "guild_id": str(GUILD), "options": [leaf]}
        payload = self._interaction(2, user, data, admin)
        await self.dispatch(payload)
        return payload

    async def click(self, user: str, message: dict[str, Any], custom_id: str) -> dict[str, Any]:
        """A click on a button of ``message`` (a message payload); returns the payload."""
        data = {"custom_id": custom_id, "component_type": 2}
        payload = self._interaction(3, user, data, message=message)
        await self.dispatch(payload)
        return payload

    async def submit(self, user: str, modal: dict[str, Any], values: dict[str, str]) -> None:
        """Submit a modal (the ``data`` of a type-9 interaction response) with text values
        by the text inputs' labels."""
        rows = []
        for row in modal["components"]:
            for item in row.get("components", [row.get("component")]):
                if item and item.get("type") == 4:
                    value = values[item["label"]]
                    rows.append(
                        {
                            "type": 1,
                            "components": [
                                {"type": 4, "custom_id": item["custom_id"], "value": value}
                            ],
                        }
                    )
        data = {"custom_id": modal["custom_id"], "components": rows}
        await self.dispatch(self._interaction(5, user, data))

    def table_message(self) -> dict[str, Any]:
        """The newest table message as the channel shows it (its last edit applied)."""
        post = self.recorder.table_posts()[-1]
        message_id = self.client.transport.shown[f"{GUILD}/{CHANNEL}"].message_id
        body = dict(post.body or {})
        for edit in self.recorder.edits():
            if edit.path.endswith(f"/{message_id}") and edit.body:
                body.update(edit.body)
        return self.recorder.message(message_id, CHANNEL, body)

    def buttons(self, message: dict[str, Any]) -> dict[str, str]:
        """Label -> custom id of a message's buttons."""
        return {
            item["label"]: item["custom_id"]
            for row in message.get("components", [])
            for item in row.get("components", [])
            if item.get("type") == 2
        }

    def last_reply(self) -> dict[str, Any]:
        """The newest interaction response's message data (content, flags, components)."""
        body = self.recorder.responses()[-1]
        return body.get("data", body)


OpenBot = Callable[..., Awaitable[Bot]]
"""The ``open_bot`` fixture: ``await open_bot(seed=7)``, closed after the test."""


async def settle() -> None:
    """Wait until every task the dispatch started is done (modal timeouts aside)."""
    me = asyncio.current_task()
    while True:
        tasks = [
            t
            for t in asyncio.all_tasks()
            if t is not me and not t.done() and "timeout_task" not in repr(t.get_coro())
        ]
        if not tasks:
            return
        await asyncio.wait(tasks)


async def seated(bot: Bot, start: bool = True) -> None:
    """A 1/2 no-limit table with Ann (host), Bob and Cat seated for 200 in seats 1 to 3;
    dealt if ``start``."""
    await bot.slash("Ann", "new", game="holdem", structure="nl", stakes="1/2")
    for name in ("Ann", "Bob", "Cat"):
        await bot.slash(name, "sit", amount="200")
    if start:
        await bot.slash("Ann", "host start")
