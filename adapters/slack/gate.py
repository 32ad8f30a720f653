"""What is let into the Bolt app: requests signed by Slack, readable, and shaped as the
listeners expect; anything else is answered at once with one log line and changes nothing.

Over HTTP (:class:`HttpGate`) the order is: the signature headers are read (401 when
missing, not a number, or not a ``v0=`` digest), the body is decoded (400 when it is not
UTF-8: Slack signs text, and slack-sdk's verifier takes it so), the signature is checked
against it (slack-sdk's :class:`SignatureVerifier`; 401 when wrong or more than five
minutes old), and only then is the body parsed (400 when it is not form data or JSON, or
not a payload the bot takes: :func:`problem`). Nothing unsigned is ever parsed.
:class:`WellFormed` applies the same :func:`problem` inside Bolt, for Socket Mode, whose
payloads come parsed.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.async_app import AsyncApp
from slack_bolt.middleware.async_middleware import AsyncMiddleware
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.request.payload_utils import (
    to_action,
    to_command,
    to_event,
    to_message,
    to_options,
    to_shortcut,
    to_step,
    to_view,
)
from slack_bolt.response import BoltResponse
from slack_sdk.signature import Clock, SignatureVerifier

from . import blocks as kb

log = logging.getLogger(__name__)

MALFORMED, UNSIGNED = 400, 401
# seconds: Slack's limit on a request's timestamp, which the verifier applies; read here
# only to say which of its checks a refused request failed
SIGNATURE_WINDOW = 300
# What the verifier takes without raising: a timestamp it can read as a number, a digest
# in ASCII (it compares them as text)
TIMESTAMP = re.compile(r"[0-9]{1,12}")
SIGNATURE = re.compile(r"v0=[0-9a-f]{64}")
# What Bolt reads of every payload to route it (its listeners' arguments): a payload one of
# them cannot read would fail inside Bolt, after the request was taken.
BOLT_READERS = (
    to_options,
    to_shortcut,
    to_action,
    to_view,
    to_command,
    to_event,
    to_message,
    to_step,
)
OUR_BUTTONS = (kb.PLAY, kb.RAISE, kb.DRAW, kb.CARDS, kb.CONFIRM)
OUR_MODALS = (kb.RAISE_MODAL, kb.DRAW_MODAL)
# What reading an odd payload raises: a field of another type than Slack sends, or missing.
UNREADABLE = (KeyError, IndexError, TypeError, AttributeError, ValueError, OverflowError)


def problem(body: Any) -> str | None:
    """Why a parsed payload cannot be taken (a few words, none of its content), or None.

    Rules: it is an object Bolt can route, and a slash command, Slack's certificate check
    (``ssl_check``) or a payload with a ``type``; a slash command names its team, channel,
    user and trigger; a click (``block_actions``) names its user and trigger, and its first
    action has an action id and, for the bot's own buttons, a value the bot wrote; a modal
    sent (``view_submission``) names its user and trigger and has a view with a callback
    id, and for the bot's own modals the metadata the bot wrote and readable fields. Any
    other type passes (Bolt answers it as not handled).
    """
    if not isinstance(body, dict):
        return "the payload is not an object"
    try:
        for read in BOLT_READERS:
            read(body)
    except UNREADABLE:
        return "Bolt cannot read the payload"
    if "command" in body:
        return _slash_command(body)
    kind = body.get("type")
    if kind == "block_actions":
        return _click(body)
    if kind == "view_submission":
        return _submission(body)
    if not _named(kind) and body.get("ssl_check") != "1":
        return "neither a slash command nor a payload with a type"
    return None


def _named(value: Any) -> bool:
    return isinstance(value, str) and value != ""


def _slash_command(body: dict[str, Any]) -> str | None:
    for name in ("team_id", "channel_id", "user_id", "trigger_id"):
        if not _named(body.get(name)):
            return f"a slash command without {name}"
    for name in ("text", "user_name", "response_url"):
        if not isinstance(body.get(name) or "", str):
            return f"a slash command whose {name} is not text"
    return None


def _sender(body: dict[str, Any], kind: str) -> str | None:
    """Why the user, team, channel and trigger of an interaction cannot be read, or None."""
    user = body.get("user")
    if not isinstance(user, dict) or not _named(user.get("id")):
        return f"a {kind} without its user"
    if not _named(body.get("trigger_id")):
        return f"a {kind} without trigger_id"
    for name in ("team", "channel"):
        part = body.get(name) or {}
        if not isinstance(part, dict) or not isinstance(part.get("id") or "", str):
            return f"a {kind} whose {name} is not an object with an id"
    if not isinstance(user.get("team_id") or "", str) or not isinstance(
        user.get("name") or "", str
    ):
        return f"a {kind} whose user is not named in text"
    return None


def _click(body: dict[str, Any]) -> str | None:
    why = _sender(body, "click")
    if why is not None:
        return why
    actions = body.get("actions")
    if not isinstance(actions, list) or not actions or not isinstance(actions[0], dict):
        return "a click without actions"
    action_id = actions[0].get("action_id")
    if not isinstance(action_id, str):
        return "a click without action_id"
    if action_id.startswith(OUR_BUTTONS):
        value = actions[0].get("value")
        try:
            kb.parse_value(value if isinstance(value, str) else "")
        except UNREADABLE:
            return "a click whose button value the bot did not write"
    return None


def _submission(body: dict[str, Any]) -> str | None:
    why = _sender(body, "form")
    if why is not None:
        return why
    view = body.get("view")
    if not isinstance(view, dict) or not isinstance(view.get("callback_id"), str):
        return "a form without its view"
    if view["callback_id"] not in OUR_MODALS:
        return None
    metadata = view.get("private_metadata")
    try:
        kb.parse_value(metadata if isinstance(metadata, str) else "")
        values = view["state"]["values"]
        amount = kb.submitted_amount(values)
        cards = kb.submitted_discards(values)
    except UNREADABLE:
        return "a form whose view the bot did not write"
    if not isinstance(amount, str) or not all(isinstance(card, str) for card in cards):
        return "a form whose fields are not text"
    return None


class Refused(Exception):
    """A request the gate answers at once: its HTTP status and why (a few words, none of
    the request's content)."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(f"{status}: {why}")
        self.status = status
        self.why = why


def _refuse(status: int, why: str) -> web.Response:
    log.warning("refused a Slack request (%d): %s", status, why)
    text = "malformed request" if status == MALFORMED else "invalid request"
    return web.json_response({"error": text}, status=status)


class _Clock(Clock):
    """slack-sdk's clock for its verifier, reading ``now`` (seconds since the epoch)."""

    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now

    def now(self) -> float:
        """Seconds since the epoch."""
        return self._now()


def unreadable(timestamp: str, signature: str) -> str | None:
    """Why the values of ``X-Slack-Request-Timestamp`` and ``X-Slack-Signature`` (empty
    when missing) are not a signature's (a number of seconds, ``v0=`` and 64 lowercase
    hex digits), or None."""
    if not TIMESTAMP.fullmatch(timestamp):
        return "no readable X-Slack-Request-Timestamp"
    if not SIGNATURE.fullmatch(signature):
        return "no readable X-Slack-Signature"
    return None


class HttpGate:
    """The HTTP endpoint in front of a Bolt app; see the module for the order of checks.

    Args:
        app: the Bolt app taking what passes.
        signing_secret: the app's Signing Secret.
        clock: seconds since the epoch (tests).

    Raises:
        ValueError: an empty signing secret (slack-sdk's verifier refuses it).
    """

    def __init__(
        self, app: AsyncApp, signing_secret: str, clock: Callable[[], float] = time.time
    ) -> None:
        self.app = app
        self.clock = clock
        self.verifier = SignatureVerifier(signing_secret, clock=_Clock(clock))

    def verified(self, headers: Any, raw: bytes) -> str:
        """``raw`` (a request's body) as text, once it is known that Slack signed it now.

        The rule (Slack's ``v0``, as slack-sdk's verifier applies it):
        ``X-Slack-Signature`` is ``v0=`` and the hex HMAC-SHA256, keyed by the signing
        secret, of ``v0:TIMESTAMP:BODY`` (the body in UTF-8), with
        ``X-Slack-Request-Timestamp`` (seconds) within five minutes of now.

        Raises:
            Refused: 401 for headers :func:`unreadable` refuses, a signature more than five
                minutes old or a wrong one; 400 for a body that is not UTF-8.
        """
        timestamp = headers.get("X-Slack-Request-Timestamp") or ""
        signature = headers.get("X-Slack-Signature") or ""
        why = unreadable(timestamp, signature)
        if why is not None:
            raise Refused(UNSIGNED, why)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(MALFORMED, "a body that is not UTF-8") from None
        if not self.verifier.is_valid(text, timestamp, signature):
            if abs(self.clock() - int(timestamp)) > SIGNATURE_WINDOW:
                raise Refused(UNSIGNED, "a signature more than five minutes old")
            raise Refused(UNSIGNED, "a wrong signature")
        return text

    async def handle(self, request: web.Request) -> web.Response:
        """Answer one POST: 401 or 400 with one log line, else Bolt's answer."""
        try:
            text = self.verified(request.headers, await request.read())
        except Refused as refused:
            return _refuse(refused.status, refused.why)
        try:
            bolt_request = AsyncBoltRequest(
                body=text,
                query=request.query_string,
                headers=request.headers,  # type: ignore[arg-type]
            )
        except (*UNREADABLE, RecursionError):
            # Bolt parses (form data, the payload field's JSON) as it builds the request
            return _refuse(MALFORMED, "a body that is not form data or JSON Bolt can read")
        why = problem(bolt_request.body)
        if why is not None:
            return _refuse(MALFORMED, why)
        return await to_aiohttp_response(await self.app.async_dispatch(bolt_request))

    def web_app(self, path: str) -> web.Application:
        """An aiohttp application taking ``POST path`` through :meth:`handle`."""
        application = web.Application()
        application.router.add_post(path, self.handle)
        return application


class WellFormed(AsyncMiddleware):
    """Bolt middleware answering 400 (one log line) to a payload :func:`problem` refuses:
    the same rule inside Bolt, for Socket Mode, whose payloads never pass
    :class:`HttpGate`."""

    async def async_process(
        self,
        *,
        req: AsyncBoltRequest,
        resp: BoltResponse,
        next: Callable[[], Awaitable[BoltResponse]],  # Bolt passes it by this name
    ) -> BoltResponse | None:
        """Pass a payload on, or answer 400 without calling ``next``."""
        why = problem(req.body)
        if why is None:
            return await next()
        log.warning("refused a Slack request (%d): %s", MALFORMED, why)
        return BoltResponse(status=MALFORMED, body={"error": "malformed request"})
