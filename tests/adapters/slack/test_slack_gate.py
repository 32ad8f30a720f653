"""The HTTP endpoint as Slack reaches it: unreadable signature headers, a wrong signature
and one more than five minutes from now get 401, signed but malformed bodies and payloads
get 400; each with one log line saying why, no traceback, and nothing changed."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest
from aiohttp import web
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_mock import CHANNEL, SECRET, TABLE, TEAM, Harness, signed_headers, slash_body

from adapters.slack.gate import HttpGate

PATH = "/slack/events"


@asynccontextmanager
async def _served(h: Harness, app: web.Application | None = None) -> AsyncIterator[str]:
    """The bot's HTTP app (as ``killbutton run slack`` serves it), or ``app``, on a free
    port; its URL."""
    runner = web.AppRunner(app if app is not None else h.bot.web_app(PATH))
    await runner.setup()
    try:
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        yield f"http://127.0.0.1:{port}{PATH}"
    finally:
        await runner.cleanup()


def _signed(body: bytes, timestamp: int | None = None) -> dict[str, str]:
    """Slack's headers for any bytes (``signed_headers`` takes text), signed now or at
    ``timestamp`` (seconds since the epoch)."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    digest = hmac.new(SECRET.encode(), b"v0:" + ts.encode() + b":" + body, hashlib.sha256)
    return {
        "content-type": "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": ts,
        "x-slack-signature": "v0=" + digest.hexdigest(),
    }


def _payload(payload: Any) -> str:
    return urlencode({"payload": json.dumps(payload)})


def _envelope(kind: str, trigger: str) -> dict[str, Any]:
    return {
        "type": kind,
        "team": {"id": TEAM},
        "user": {"id": "UANN", "name": "uann", "team_id": TEAM},
        "trigger_id": trigger,
    }


def _cases(h: Harness) -> list[tuple[str, bytes, dict[str, str] | None, int]]:
    """(what, body, headers or None to sign the body now, the status expected)."""
    status = slash_body("UANN", "status", "trig-g1", h.mock.root + "response/1")
    unsigned = {"content-type": "application/x-www-form-urlencoded"}
    click = {**_envelope("block_actions", "trig-g2"), "channel": {"id": CHANNEL}}
    raise_view = {
        "type": "modal",
        "callback_id": "kb_raise_modal",
        "private_metadata": json.dumps({"t": TABLE, "h": 1, "c": "raise", "lo": 4, "hi": 200}),
    }
    return [
        (
            "a timestamp that is not a number",
            status.encode(),
            {**signed_headers(status), "x-slack-request-timestamp": "soon"},
            401,
        ),
        ("no signature headers at all", status.encode(), unsigned, 401),
        (
            "a signature that is not a v0 digest",
            status.encode(),
            {**signed_headers(status), "x-slack-signature": "v0=not-hex"},
            401,
        ),
        ("unsigned and not JSON", b"payload=notjson", unsigned, 401),
        ("signed with another secret", status.encode(), signed_headers(status, "nope"), 401),
        ("a body that is not UTF-8", b"\xff\xfe\x00payload", None, 400),
        (
            # read before its signature: the verifier takes text, as Slack signs it
            "a body that is not UTF-8, signed with another secret",
            b"\xff\xfe\x00payload",
            signed_headers("payload", "nope"),
            400,
        ),
        ("a body that is not form data", b"%%%\x01garbage", None, 400),
        ("a JSON body that is not JSON", b"{not json", None, 400),
        ("a payload that is not JSON", b"payload=notjson", None, 400),
        ("a payload that is a list", _payload([1, 2]).encode(), None, 400),
        ("a click without actions", _payload(_envelope("block_actions", "t3")).encode(), None, 400),
        ("a click with no action", _payload({**click, "actions": []}).encode(), None, 400),
        (
            "a click on a button value the bot never wrote",
            _payload({**click, "actions": [{"action_id": "kb_play_0", "value": "zz"}]}).encode(),
            None,
            400,
        ),
        (
            "a form without its view",
            _payload(_envelope("view_submission", "t4")).encode(),
            None,
            400,
        ),
        (
            "a raise form without its fields",
            _payload({**_envelope("view_submission", "t5"), "view": raise_view}).encode(),
            None,
            400,
        ),
        (
            "a slash command without its channel",
            urlencode(
                {"command": "/poker", "team_id": TEAM, "user_id": "UANN", "trigger_id": "t6"}
            ).encode(),
            None,
            400,
        ),
    ]


async def test_malformed_requests_get_400_or_401_with_one_line_and_change_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Each bad request, through the real HTTP app: its status, exactly one log line (the
    gate's, no traceback), no Web API call, the table as it was; then a good request is
    still served."""
    caplog.set_level(logging.INFO)
    async with Harness() as h, _served(h) as url:
        await h.deal()
        await h.bot.settle()
        table = h.service.tables[TABLE].table.to_dict()
        async with aiohttp.ClientSession() as session:
            for what, body, headers, expected in _cases(h):
                caplog.clear()
                calls = len(h.mock.calls)
                sent = headers if headers is not None else _signed(body)
                async with session.post(url, data=body, headers=sent) as response:
                    assert response.status == expected, what
                await h.bot.settle()
                lines = [r for r in caplog.records if r.name != "aiohttp.access"]
                assert [r.name for r in lines] == ["adapters.slack.gate"], what
                assert lines[0].exc_info is None and "Traceback" not in caplog.text, what
                assert h.mock.calls[calls:] == [], what
                assert h.service.tables[TABLE].table.to_dict() == table, what

            body = slash_body("UANN", "status", "trig-good", h.mock.root + "response/1")
            async with session.post(url, data=body, headers=signed_headers(body)) as response:
                assert response.status == 200
        await h.bot.settle()
        assert h.mock.of("chat.postEphemeral")[-1]["user"] == "UANN"


async def test_socket_mode_payloads_meet_the_same_rule() -> None:
    """Without HTTP (Socket Mode hands Bolt a parsed payload) a click without actions and
    a form without its view are refused by the same check inside Bolt."""
    async with Harness(secret=None) as h:
        for body in (_envelope("block_actions", "s1"), _envelope("view_submission", "s2")):
            request = AsyncBoltRequest(body=body, mode="socket_mode")
            response = await h.bot.app.async_dispatch(request)
            assert response.status == 400
        # Bolt asks who it is (auth.test) before any check of the payload; nothing else
        assert {c.method for c in h.mock.calls} == {"auth.test"}


def _unsigned_cases(body: bytes) -> list[tuple[dict[str, str], str]]:
    """(headers sent with ``body``, the reason the gate logs for its 401)."""
    now = int(time.time())
    good = _signed(body)
    other = _signed(body + b"&user_id=UEVE")  # a real signature, of another body
    return [
        ({"content-type": good["content-type"]}, "no readable X-Slack-Request-Timestamp"),
        ({**good, "x-slack-request-timestamp": "soon"}, "no readable X-Slack-Request-Timestamp"),
        ({**good, "x-slack-request-timestamp": "-1"}, "no readable X-Slack-Request-Timestamp"),
        (
            {k: v for k, v in good.items() if k != "x-slack-signature"},
            "no readable X-Slack-Signature",
        ),
        ({**good, "x-slack-signature": "v0=not-hex"}, "no readable X-Slack-Signature"),
        (
            {**good, "x-slack-signature": "v1=" + good["x-slack-signature"][3:]},
            "no readable X-Slack-Signature",
        ),
        (_signed(body, now - 6 * 60), "a signature more than five minutes old"),
        (_signed(body, now + 6 * 60), "a signature more than five minutes old"),
        ({**good, "x-slack-signature": other["x-slack-signature"]}, "a wrong signature"),
        ({**good, **signed_headers(body.decode(), "nope")}, "a wrong signature"),
    ]


async def test_an_unsigned_request_gets_401_and_the_log_says_why(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Through the real HTTP app: missing or unreadable signature headers, a signature six
    minutes old or six minutes ahead, and a real signature of another body or with another
    secret: 401, one line from the gate naming the reason, no Web API call; the same body
    signed now is served."""
    caplog.set_level(logging.INFO)
    async with Harness() as h, _served(h) as url, aiohttp.ClientSession() as session:
        body = slash_body("UANN", "new holdem nl 1/2", "trig-u1", h.mock.root + "response/1")
        for headers, reason in _unsigned_cases(body.encode()):
            caplog.clear()
            async with session.post(url, data=body, headers=headers) as response:
                assert response.status == 401, reason
            lines = [r for r in caplog.records if r.name != "aiohttp.access"]
            assert [r.getMessage() for r in lines] == [
                f"refused a Slack request (401): {reason}"
            ], headers
        await h.bot.settle()
        assert h.mock.calls == [] and h.service.tables == {}
        async with session.post(url, data=body, headers=_signed(body.encode())) as response:
            assert response.status == 200
        await h.bot.settle()
        assert TABLE in h.service.tables


async def test_the_gate_reads_the_age_of_a_signature_on_its_clock() -> None:
    """A request signed now is taken while the gate's clock reads up to five minutes
    either side of its timestamp, and refused (401) after that. (Bolt checks the signature
    again behind the gate, on the real clock: the request is signed now for it.)"""
    signed_at = int(time.time())
    async with Harness() as h:
        body = slash_body("UANN", "status", "trig-c1", h.mock.root + "response/1")
        headers = _signed(body.encode(), signed_at)
        for offset, expected in ((-300, 200), (300, 200), (-301, 401), (301, 401)):
            gate = HttpGate(h.bot.app, SECRET, clock=lambda o=offset: signed_at + o)
            async with (
                _served(h, gate.web_app(PATH)) as url,
                aiohttp.ClientSession() as session,
                session.post(url, data=body, headers=headers) as response,
            ):
                assert response.status == expected, offset
            await h.bot.settle()
