"""A local stand-in for Slack's Web API, and signed requests for the Bolt app.

``MockSlack`` answers the methods the adapter calls with plausible JSON, bound to 127.0.0.1
on a free port, and records every call's method, body (form, query or JSON, with
``blocks``/``view`` decoded) and token. It can answer slowly, refuse a method or a channel
with Slack's error codes, and serve Socket Mode: ``apps.connections.open`` names a
websocket on the same port, which says hello, carries envelopes to the bot and records
its acknowledgements. ``Harness`` wires a real Bolt app over an in-memory table service
and sends it signed slash commands, clicks and modal submissions.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from aiohttp import WSMsgType, web
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.signature import SignatureVerifier

from adapters.runtime import keep_table_messages
from adapters.slack.app import SlackBot
from adapters.slack.client import StoppableClient
from adapters.slack.transport import SlackTransport
from bot.chat.core import ChatCore
from bot.chat.presenter import Presenter
from bot.engine.cards import Deck
from bot.service.tables import TableService
from storage.db import Database

SECRET = "test-signing-secret"
TEAM, CHANNEL = "T1", "C1"
TABLE = f"{TEAM}/{CHANNEL}"
LIMIT = 20.0  # no test waits longer than this for anything (conftest.py bounds each one)


@dataclass
class Call:
    """One Web API call the mock received: method and decoded body."""

    method: str
    body: dict[str, Any]
    token: str = ""  # the bearer token it carried


@dataclass
class MockSlack:
    """Slack's Web API on loopback.

    Attributes:
        calls: every call, in order.
        admins: user ids ``users.info`` reports as workspace admins.
        errors: method -> Slack error code to answer with (``ok`` false) every time.
        limited: methods that answer 429 with ``Retry-After`` once, then normally.
        always_limited: methods that answer 429 with ``Retry-After`` every time.
        closed_dms: users whose DMs cannot be opened (``conversations.open`` fails).
        dropped: methods whose connection is closed without an answer (a network drop).
        slow: method (or ``response_url``) -> seconds to wait before answering (cut short
            by :meth:`stop`).
        slow_after: method -> how many of its first calls are answered at once, not slowly.
        overrides: method -> fields replacing those of its usual answer.
        refused_channels: channel -> the error code ``chat.postMessage`` to it answers.
        names: user id -> the display name ``users.info`` gives (else the id capitalized).
        acks: what the bot sent back over the Socket Mode websocket, decoded.
    """

    calls: list[Call] = field(default_factory=list)
    admins: set[str] = field(default_factory=set)
    errors: dict[str, str] = field(default_factory=dict)
    limited: set[str] = field(default_factory=set)
    always_limited: set[str] = field(default_factory=set)
    closed_dms: set[str] = field(default_factory=set)
    dropped: set[str] = field(default_factory=set)
    slow: dict[str, float] = field(default_factory=dict)
    slow_after: dict[str, int] = field(default_factory=dict)
    overrides: dict[str, dict[str, Any]] = field(default_factory=dict)
    refused_channels: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    acks: list[dict[str, Any]] = field(default_factory=list)
    retry_after: str = "1"
    url: str = ""
    root: str = ""
    _runner: web.AppRunner | None = None
    _sockets: list[web.WebSocketResponse] = field(default_factory=list)
    _released: asyncio.Event = field(default_factory=asyncio.Event)
    _ts: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    async def start(self) -> str:
        """Listen on 127.0.0.1 (a free port); returns the API base URL (``.../api/``)."""
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self._api)
        app.router.add_route("POST", "/response/{rest}", self._response_url)
        app.router.add_route("POST", "/upload/{file_id}", self._upload)
        app.router.add_route("GET", "/link/", self._socket)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.root = f"http://127.0.0.1:{port}/"
        self.url = self.root + "api/"
        return self.url

    async def stop(self) -> None:
        """Answer every slow call now, close the websockets and stop listening."""
        self._released.set()
        for socket in list(self._sockets):
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def sockets(self) -> list[web.WebSocketResponse]:
        """The Socket Mode connections open now."""
        return [s for s in self._sockets if not s.closed]

    async def envelope(self, kind: str, payload: dict[str, Any], envelope_id: str) -> None:
        """Send a Socket Mode envelope (``slash_commands``, ``interactive``) on every open
        connection, as Slack carries a request to a Socket Mode app."""
        message = {
            "envelope_id": envelope_id,
            "type": kind,
            "payload": payload,
            "accepts_response_payload": kind != "events_api",
        }
        for socket in self.sockets:
            await socket.send_str(json.dumps(message))

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        hello = {
            "type": "hello",
            "num_connections": len(self.sockets),
            "debug_info": {"host": "mock", "approximate_connection_time": 3600},
            "connection_info": {"app_id": "A1"},
        }
        await socket.send_str(json.dumps(hello))
        async for message in socket:
            if message.type == WSMsgType.TEXT:
                self.acks.append(json.loads(message.data))
        return socket

    def of(self, method: str) -> list[dict[str, Any]]:
        """The bodies of every call of ``method``, in order."""
        return [c.body for c in self.calls if c.method == method]

    async def _body(self, request: web.Request) -> dict[str, Any]:
        body: dict[str, Any] = dict(request.query)
        if request.content_type == "application/json":
            body.update(await request.json())
        elif request.can_read_body:
            body.update(dict(await request.post()))
        for key in ("blocks", "view"):
            if isinstance(body.get(key), str):
                body[key] = json.loads(body[key])
        return body

    async def _response_url(self, request: web.Request) -> web.Response:
        self.calls.append(Call("response_url", await self._body(request)))
        delay = self.slow.get("response_url")
        if delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._released.wait(), delay)
        return web.Response(text="ok")

    async def _upload(self, request: web.Request) -> web.Response:
        data = await request.read()
        self.calls.append(Call("upload", {"file_id": request.match_info["file_id"], "data": data}))
        return web.Response(text="OK")

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        body = await self._body(request)
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        self.calls.append(Call(method, body, token))
        delay = self.slow.get(method)
        if delay and len(self.of(method)) > self.slow_after.get(method, 0):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._released.wait(), delay)
        if method in self.dropped:
            assert request.transport is not None
            request.transport.close()  # the client reads an end of stream, no answer
            return web.Response()
        if method in self.limited or method in self.always_limited:
            self.limited.discard(method)
            return web.json_response(
                {"ok": False, "error": "ratelimited"},
                status=429,
                headers={"Retry-After": self.retry_after},
            )
        error = self.errors.get(method)
        if method == "conversations.open" and body.get("users") in self.closed_dms:
            error = "cannot_dm_bot"
        if method == "chat.postMessage" and body.get("channel") in self.refused_channels:
            error = self.refused_channels[str(body.get("channel"))]
        if error is not None:
            return web.json_response({"ok": False, "error": error})
        answer = {**self._answer(method, body), **self.overrides.get(method, {})}
        if method == "chat.postMessage":
            body["_ts"] = answer["ts"]  # which edits are of this message
        return web.json_response({"ok": True, **answer})

    def _answer(self, method: str, body: dict[str, Any]) -> dict[str, Any]:
        ts = f"1700000000.{next(self._ts):06d}"
        if method == "auth.test":
            return {"team_id": TEAM, "user_id": "UBOT", "bot_id": "BBOT", "team": "Home"}
        if method == "apps.connections.open":
            return {"url": self.root.replace("http://", "ws://") + f"link/?ticket={ts}"}
        if method == "chat.postMessage":
            return {"channel": body.get("channel"), "ts": ts, "message": {"text": body.get("text")}}
        if method == "chat.update":
            return {"channel": body.get("channel"), "ts": body.get("ts")}
        if method == "chat.postEphemeral":
            return {"message_ts": ts}
        if method == "conversations.open":
            return {"channel": {"id": f"D{body.get('users')}"}}
        if method == "files.getUploadURLExternal":
            return {"upload_url": f"{self.root}upload/F1", "file_id": "F1"}
        if method == "files.completeUploadExternal":
            return {"files": [{"id": "F1", "title": "stacks"}]}
        if method == "views.open":
            return {"view": {"id": "V1", **(body.get("view") or {})}}
        if method == "users.info":
            user = str(body.get("user"))
            profile = {"display_name": self.names.get(user, user.capitalize()), "real_name": user}
            admin = user in self.admins
            return {
                "user": {"id": user, "name": user.lower(), "is_admin": admin, "profile": profile}
            }
        return {}


def signed_headers(body: str, secret: str = SECRET, timestamp: int | None = None) -> dict[str, str]:
    """Headers Slack would send with ``body``: a ``v0=`` HMAC over ``v0:ts:body``."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    signature = SignatureVerifier(secret).generate_signature(timestamp=ts, body=body)
    return {
        "content-type": "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": ts,
        "x-slack-signature": signature,
    }


def slash_body(
    user: str, text: str, trigger: str, response_url: str, channel: str = CHANNEL
) -> str:
    """A ``/poker`` slash command's form body, sent in ``channel``."""
    return urlencode(
        {
            "token": "legacy",
            "team_id": TEAM,
            "team_domain": "home",
            "channel_id": channel,
            "channel_name": "poker",
            "user_id": user,
            "user_name": user.lower(),
            "command": "/poker",
            "text": text,
            "api_app_id": "A1",
            "response_url": response_url,
            "trigger_id": trigger,
        }
    )


class Harness:
    """A Bolt app over a table service, a mock Slack, and signed requests to it.

    Args:
        db_path: the database (``":memory:"``; a file to :meth:`restart` on).
        clock: the service's clock in seconds (the wall clock if None), kept by the bot
            :meth:`restart` starts.
    """

    def __init__(
        self,
        seed: int = 7,
        interval: float = 0.05,
        secret: str | None = SECRET,
        db_path: str = ":memory:",
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.mock = MockSlack()
        self.secret = secret  # None: Socket Mode (nothing signed)
        self.seed = seed
        self.interval = interval
        self.db_path = db_path
        self.clock = clock
        self.triggers = itertools.count(1)

    async def __aenter__(self) -> Harness:
        await self.mock.start()
        await self._start_bot()
        return self

    async def _start_bot(self) -> None:
        """A bot as a new process starts one: its tables restored from the database, and
        their stored table messages taken back (:func:`adapters.runtime.start`)."""
        db = await Database.open(self.db_path)
        rng = random.Random(self.seed)
        self.service = TableService(db, shuffle=lambda: Deck(rng=rng).order)
        if self.clock is not None:
            self.service.clock = self.clock
        client = StoppableClient(token="xoxb-test", base_url=self.mock.url)
        self.transport = SlackTransport(client, interval=self.interval)
        presenter = Presenter(self.service, self.transport)
        self.service.publish = presenter.publish
        self.core = ChatCore(self.service, presenter)
        self.bot = SlackBot(self.core, self.transport, client, self.secret)
        await self.service.restore()
        await keep_table_messages(self.transport, db)

    async def _stop_bot(self) -> None:
        await self.bot.settle()
        await self.service.idle()
        await self.service.db.close()

    async def restart(self) -> None:
        """Stop the bot and start another on the same database (a file): everything the
        first one held in memory is gone."""
        await self._stop_bot()
        await self._start_bot()

    async def __aexit__(self, *exc: object) -> None:
        await self._stop_bot()
        await self.mock.stop()

    async def deal(
        self, game: str = "holdem nl 1/2", users: tuple[str, ...] = ("UANN", "UBOB")
    ) -> None:
        """Open a table (the first user hosts), seat ``users`` with 200 each, deal hand 1."""
        await self.command(users[0], f"new {game}")
        for user in users:
            await self.command(user, "sit 200")
        await self.command(users[0], "start")

    def to_act(self) -> str:
        """The Slack user id of the player to act in the hand in play."""
        hand = self.service.tables[TABLE].table.hand
        assert hand is not None and hand.to_act is not None
        return hand.names[hand.to_act].split(":")[1]

    def trigger(self) -> str:
        """A fresh trigger id."""
        return f"trig-{next(self.triggers)}"

    async def send(self, body: str, headers: dict[str, str]) -> BoltResponse:
        """Dispatch a raw request to the Bolt app and wait for the work it started, and
        for what the service shows of it (its deliveries may follow the reply)."""
        response = await self.bot.app.async_dispatch(AsyncBoltRequest(body=body, headers=headers))
        await self.settle()
        return response

    async def settle(self) -> None:
        """Wait until the bot's requests, the service's deliveries and the edits are done."""
        await self.bot.settle()
        await self.service.idle()
        await self.bot.settle()

    async def command(
        self,
        user: str,
        text: str,
        trigger: str | None = None,
        channel: str = CHANNEL,
        **headers: str,
    ) -> BoltResponse:
        """``/poker TEXT`` from ``user`` in ``channel``, signed now; extra headers (e.g. a
        retry's)."""
        body = slash_body(
            user, text, trigger or self.trigger(), self.mock.root + "response/1", channel
        )
        return await self.send(body, {**signed_headers(body), **headers})

    async def payload(self, payload: dict[str, Any]) -> BoltResponse:
        """An interactivity payload (form field ``payload``), signed now."""
        body = urlencode({"payload": json.dumps(payload)})
        return await self.send(body, signed_headers(body))

    def _envelope(self, kind: str, user: str, trigger: str | None) -> dict[str, Any]:
        """What every interactivity payload carries: its type, team, user and trigger."""
        return {
            "type": kind,
            "team": {"id": TEAM, "domain": "home"},
            "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM},
            "api_app_id": "A1",
            "token": "legacy",
            "trigger_id": trigger or self.trigger(),
        }

    async def click(
        self,
        user: str,
        button: dict[str, Any],
        trigger: str | None = None,
        channel: str = CHANNEL,
    ) -> BoltResponse:
        """``user`` clicks ``button`` (a Block Kit button element) in ``channel``'s table
        message."""
        action = {
            "type": "button",
            "action_id": button["action_id"],
            "block_id": "play",
            "value": button["value"],
            "action_ts": "1700000000.1",
        }
        return await self.payload(
            {
                **self._envelope("block_actions", user, trigger),
                "container": {"type": "message", "channel_id": channel, "message_ts": "1.1"},
                "channel": {"id": channel, "name": "poker"},
                "response_url": self.mock.root + "response/2",
                "actions": [action],
            }
        )

    async def submit(self, user: str, view: dict[str, Any], values: dict[str, Any]) -> BoltResponse:
        """``user`` sends the modal ``view`` (as opened) with these ``state.values``."""
        return await self.payload(
            {
                **self._envelope("view_submission", user, None),
                "view": {**view, "id": "V1", "hash": "h1", "state": {"values": values}},
            }
        )


def private_texts(mock: MockSlack, user: str) -> list[str]:
    """Everything sent to ``user`` alone: DMs (texts and blocks) and ephemeral messages."""
    out = []
    for call in mock.calls:
        body = call.body
        dm = call.method == "chat.postMessage" and body.get("channel") == f"D{user}"
        mine = call.method == "chat.postEphemeral" and body.get("user") == user
        if dm or mine:
            out.append(json.dumps(body, ensure_ascii=False))
    return out


def public_texts(mock: MockSlack) -> list[str]:
    """Everything the channel sees: its posts and edits, texts and blocks as JSON."""
    return [
        json.dumps(c.body, ensure_ascii=False)
        for c in mock.calls
        if c.method in ("chat.postMessage", "chat.update") and c.body.get("channel") == CHANNEL
    ]


def table_message(mock: MockSlack, channel: str | None = None) -> dict[str, Any]:
    """The newest table message (in ``channel``; None: in any) as it stands: its post, or
    the last edit of it."""
    post = next(
        c.body
        for c in reversed(mock.calls)
        if c.method == "chat.postMessage"
        and c.body.get("blocks")
        and channel in (None, c.body.get("channel"))
    )
    newest = post
    for body in mock.of("chat.update"):
        if body.get("ts") == post["_ts"]:
            newest = body
    return newest


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Every button of a message's action blocks, in order."""
    return [e for b in message.get("blocks", []) if b["type"] == "actions" for e in b["elements"]]


def button(message: dict[str, Any], label: str) -> dict[str, Any]:
    """The message's button whose label starts with ``label``."""
    for element in buttons(message):
        if element["text"]["text"].startswith(label):
            return element
    raise AssertionError(f"no {label!r} button in {[e['text']['text'] for e in buttons(message)]}")


def passive(message: dict[str, Any]) -> dict[str, Any]:
    """The message's Check button, else its Call button."""
    labels = [b["text"]["text"] for b in buttons(message)]
    return button(message, "Check" if "Check" in labels else "Call")
