"""Display names are the players' to choose: one like ``<!channel>`` or ``<@U123>`` must
never ping anyone or break a message. Every text Slack reads as mrkdwn (a message's
``text``, mrkdwn blocks) carries ``&``, ``<`` and ``>`` escaped, wherever a name lands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from slack_mock import CHANNEL, TABLE, Harness, button, passive, table_message

NAMES = {"UANN": "<!channel>", "UBOB": "<@U123> & co", "UCAT": "Cat <!here|here>"}
OWN_MARKUP = re.compile(rf"<#{CHANNEL}>")  # the bot's own: a DM names the table's channel
ENTITY = re.compile(r"&(amp|lt|gt);")
SENT = ("chat.postMessage", "chat.update", "chat.postEphemeral", "response_url")


def _mrkdwn(node: Any) -> Iterator[str]:
    """Every mrkdwn text object's text in a block tree."""
    if isinstance(node, dict):
        if node.get("type") == "mrkdwn" and isinstance(node.get("text"), str):
            yield node["text"]
        for value in node.values():
            yield from _mrkdwn(value)
    elif isinstance(node, list):
        for item in node:
            yield from _mrkdwn(item)


def _markup(h: Harness) -> Iterator[tuple[str, str]]:
    """(method, text) for every text sent that Slack parses for mentions and links."""
    for call in h.mock.calls:
        if call.method not in SENT:
            continue
        if isinstance(call.body.get("text"), str):
            yield call.method, call.body["text"]
        for text in _mrkdwn(call.body.get("blocks") or []):
            yield call.method, text


def _unsafe(text: str) -> bool:
    bare = ENTITY.sub("", OWN_MARKUP.sub("", text))
    return any(c in bare for c in "<>&")


async def test_names_with_slack_markup_are_escaped_everywhere() -> None:
    """Three players named ``<!channel>``, ``<@U123> & co`` and ``Cat <!here|here>`` sit,
    play a hand to showdown with the buttons and ask for the status: every message, edit,
    nudge and reply shows the names escaped, none carries a mention or a stray ``&``."""
    async with Harness(seed=3) as h:
        h.mock.names.update(NAMES)
        h.mock.closed_dms.add("UCAT")  # his private lines go to the channel too
        await h.deal("holdem nl 1/2 kill", users=tuple(NAMES))
        live = h.service.tables[TABLE]
        hand = live.table.hand
        moves = 0
        while live.table.hand is hand and moves < 20:
            await h.click(h.to_act(), passive(table_message(h.mock)))
            moves += 1
        await h.command("UANN", "status")
        await h.click("UBOB", button(table_message(h.mock), "My cards"))
        sent = list(_markup(h))
        assert len(sent) > 20
        unsafe = [(method, text) for method, text in sent if _unsafe(text)]
        assert unsafe == []
        everything = "\n".join(text for _, text in sent)
        assert "&lt;!channel&gt;" in everything
        assert "&lt;@U123&gt; &amp; co" in everything
        assert "Cat &lt;!here|here&gt;" in everything
