"""The showdown's picture through the Slack adapter: uploaded to the channel after the
result, a PNG named for the hand."""

from __future__ import annotations

from slack_mock import CHANNEL, TABLE, Harness


async def test_a_showdown_uploads_its_picture_to_the_channel() -> None:
    async with Harness() as h:
        await h.deal()
        await h.command("UANN", "pause")
        hand = h.service.tables[TABLE].table.hand
        while h.service.tables[TABLE].table.current is not None:
            legal = hand.legal_actions() if hand is not None else None
            await h.command(h.to_act(), "check" if legal and legal.can_check else "call")
        (upload,) = [c.body for c in h.mock.calls if c.method == "upload"]
        assert upload["data"].startswith(b"\x89PNG")
        (complete,) = h.mock.of("files.completeUploadExternal")
        assert complete["channel_id"] == CHANNEL
        assert complete["initial_comment"] == "Hand #1: the showdown"
