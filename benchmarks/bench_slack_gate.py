"""The Slack gate's signature check, on the path of every HTTP request: slack-sdk's
``SignatureVerifier`` as the gate uses it against the hand-written check it replaced.

Both are timed from what the gate has of a request (aiohttp's headers, the raw body) to the
body as text, signature checked, the step before anything is parsed:

SignatureVerifier
    :meth:`adapters.slack.gate.HttpGate.verified`: the headers read, the body decoded,
    then ``SignatureVerifier.is_valid`` (which encodes the text again to sign it).
hand-written
    :class:`HandWritten`, the gate's own HMAC before it (``HttpGate.unsigned`` and the
    decode after it, kept here as the anchor): the HMAC-SHA256 of the raw bytes, then the
    body decoded.

Requests, each signed now with a test secret: a slash command (as Slack sends ``/poker``),
a click on the table message (``block_actions``, which carries the whole message it was
clicked on) and a larger one; then the slash command with a wrong signature (a refusal).
Before timing, both must take the signed requests, give the same text, and refuse the
wrong one for the same reason. Each check runs ``--number`` times a loop, the two in turn,
best of ``--repeat``, the garbage collector off.

Run ``python benchmarks/bench_slack_gate.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import hmac
import json
import re
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from typing import Any, cast
from urllib.parse import urlencode

from multidict import CIMultiDict, CIMultiDictProxy

from adapters.slack.gate import HttpGate, Refused

SECRET = "8f742231b10e8888abcd99yyyzzz85a5"  # a signing secret's length and letters


class HandWritten:
    """The gate's check before slack-sdk's verifier: the same steps and reasons, raising
    :class:`adapters.slack.gate.Refused` as the new one does."""

    TIMESTAMP = re.compile(r"[0-9]{1,12}")
    SIGNATURE = re.compile(r"v0=[0-9a-f]{64}")

    def __init__(self, signing_secret: str, clock: Callable[[], float] = time.time) -> None:
        self.secret = signing_secret.encode()
        self.clock = clock

    def verified(self, headers: Any, raw: bytes) -> str:
        """``raw`` as text once its signature is checked; raises Refused."""
        timestamp = headers.get("X-Slack-Request-Timestamp") or ""
        signature = headers.get("X-Slack-Signature") or ""
        if not self.TIMESTAMP.fullmatch(timestamp):
            raise Refused(401, "no readable X-Slack-Request-Timestamp")
        if not self.SIGNATURE.fullmatch(signature):
            raise Refused(401, "no readable X-Slack-Signature")
        if abs(self.clock() - int(timestamp)) > 300:
            raise Refused(401, "a signature more than five minutes old")
        signed = b"v0:" + timestamp.encode() + b":" + raw
        expected = "v0=" + hmac.new(self.secret, signed, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, signature):
            raise Refused(401, "a wrong signature")
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(400, "a body that is not UTF-8") from None


def headers_for(raw: bytes, secret: str = SECRET) -> CIMultiDictProxy[str]:
    """The headers Slack sends with ``raw``, signed now, as aiohttp hands them over."""
    ts = str(int(time.time()))
    digest = hmac.new(secret.encode(), b"v0:" + ts.encode() + b":" + raw, hashlib.sha256)
    return CIMultiDictProxy(
        CIMultiDict(
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "X-Slack-Request-Timestamp": ts,
                "X-Slack-Signature": "v0=" + digest.hexdigest(),
                "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)",
            }
        )
    )


def slash_command() -> bytes:
    """``/poker raise 40`` as Slack posts it."""
    return urlencode(
        {
            "token": "gIkuvaNzQIHg97ATvDxqgjtO",
            "team_id": "T0001",
            "team_domain": "home",
            "channel_id": "C2147483705",
            "channel_name": "poker",
            "user_id": "U2147483697",
            "user_name": "ann",
            "command": "/poker",
            "text": "raise 40",
            "api_app_id": "A123456",
            "is_enterprise_install": "false",
            "response_url": "https://hooks.slack.com/commands/T0001/1234/abcdefgh",
            "trigger_id": "13345224609.738474920.8088930838d88f008e0",
        }
    ).encode()


def click(sections: int) -> bytes:
    """A ``block_actions`` payload carrying a table message of ``sections`` text blocks
    and a row of buttons, with non-ASCII text as the bot's cards are."""
    blocks: list[dict[str, Any]] = [
        {
            "type": "section",
            "block_id": f"s{i}",
            "text": {"type": "mrkdwn", "text": f"Seat {i}: Ann 1,480 — A♠ K♦ · calls 40"},
        }
        for i in range(sections)
    ]
    buttons = [
        {
            "type": "button",
            "action_id": f"kb_play_{i}",
            "text": {"type": "plain_text", "text": label},
            "value": json.dumps({"t": "T0001/C2147483705", "h": 12, "c": label, "s": 3}),
        }
        for i, label in enumerate(("fold", "call", "raise"))
    ]
    blocks.append({"type": "actions", "block_id": "a", "elements": buttons})
    payload = {
        "type": "block_actions",
        "team": {"id": "T0001", "domain": "home"},
        "user": {"id": "U2147483697", "name": "ann", "team_id": "T0001"},
        "api_app_id": "A123456",
        "token": "gIkuvaNzQIHg97ATvDxqgjtO",
        "trigger_id": "13345224609.738474920.8088930838d88f008e0",
        "channel": {"id": "C2147483705", "name": "poker"},
        "message": {"type": "message", "ts": "1700000000.000100", "blocks": blocks},
        "actions": [{**buttons[1], "block_id": "a", "action_ts": "1700000001.000200"}],
    }
    return urlencode({"payload": json.dumps(payload, ensure_ascii=False)}).encode()


def best_times(loops: dict[str, Callable[[], None]], repeat: int) -> dict[str, float]:
    """The fastest of ``repeat`` runs of each loop, in seconds, the loops taking turns,
    the garbage collector off."""
    best = dict.fromkeys(loops, float("inf"))
    gc.disable()
    try:
        for _ in range(repeat):
            for name, loop in loops.items():
                started = time.perf_counter()
                loop()
                best[name] = min(best[name], time.perf_counter() - started)
    finally:
        gc.enable()
    return best


def outcome(check: Callable[[Any, bytes], str], headers: Any, raw: bytes) -> str:
    """The text a check gives, or its refusal."""
    try:
        return check(headers, raw)
    except Refused as refused:
        return f"refused {refused.status}: {refused.why}"


def main() -> int:
    """Check both agree, time both on each request, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=20_000, help="calls a loop")
    parser.add_argument("--repeat", type=int, default=5, help="loops, the best kept")
    args = parser.parse_args()

    new = HttpGate(cast(Any, None), SECRET)  # the Bolt app is not reached by the check
    old = HandWritten(SECRET)
    slash = slash_command()
    requests = [
        ("slash command", slash, headers_for(slash)),
        ("click, 10 blocks", click(10), headers_for(click(10))),
        ("click, 60 blocks", click(60), headers_for(click(60))),
        ("wrong signature", slash, headers_for(slash, "another-secret")),
    ]
    for what, raw, headers in requests:
        ours, theirs = outcome(old.verified, headers, raw), outcome(new.verified, headers, raw)
        if ours != theirs:
            print(f"{what}: the checks disagree: {ours[:60]!r} / {theirs[:60]!r}")
            return 1
        if what != "wrong signature" and ours != raw.decode():
            print(f"{what}: refused: {ours}")
            return 1

    n = args.number
    print(
        f"Python {sys.version.split()[0]}, slack-sdk {version('slack_sdk')}; "
        f"microseconds a call, best of {args.repeat} x {n:,}"
    )
    print(
        f"{'request':<18} {'bytes':>6} {'hand-written':>13} {'SignatureVerifier':>18} {'ratio':>6}"
    )
    for what, raw, headers in requests:

        def loop(
            check: Callable[[Any, bytes], str], raw: bytes = raw, headers: Any = headers
        ) -> None:
            for _ in range(n):
                try:  # noqa: SIM105 - suppress() would add its own cost to each call timed
                    check(headers, raw)
                except Refused:
                    pass

        times = best_times(
            {"old": lambda: loop(old.verified), "new": lambda: loop(new.verified)}, args.repeat
        )
        old_us, new_us = times["old"] / n * 1e6, times["new"] / n * 1e6
        print(f"{what:<18} {len(raw):>6} {old_us:>13.2f} {new_us:>18.2f} {new_us / old_us:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
