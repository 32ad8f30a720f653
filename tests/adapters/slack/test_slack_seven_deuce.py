"""The 7-2 game through the Slack adapter: the host's words, the claim in the channel,
the bounty in the stacks and the ledger."""

from __future__ import annotations

from slack_mock import TABLE, Harness, public_texts

from bot.engine.cards import Deck

USERS = ("UANN", "UBOB", "UCAT")


async def test_seven_deuce_collects_the_bounty_and_the_ledger_lists_it() -> None:
    """``/poker set 72 5``: the button (Ann) wins the blinds with 7-2 and shows it; each
    blind pays 5 more; ``/poker ledger`` lists the bounty lines."""
    async with Harness() as h:
        h.service.shuffle = lambda: Deck.stacked(["Ks", "Kh", "As", "Ah", "7h", "2c"]).order
        await h.command("UANN", "new holdem nl 1/2")
        for user in USERS:
            await h.command(user, "sit 200")
        await h.command("UANN", "set 72 5")
        await h.command("UANN", "start")
        await h.command("UANN", "pause")
        hand = h.service.tables[TABLE].table.hand
        assert hand is not None and hand.names[2] == "slack:UANN"
        await h.command("UANN", "raise 20")
        await h.command("UBOB", "fold")
        await h.command("UCAT", "fold")
        stacks = {s.player_id: s.stack for s in h.service.tables[TABLE].table.seated()}
        assert stacks == {"slack:UANN": 213, "slack:UBOB": 194, "slack:UCAT": 193}
        public = public_texts(h.mock)
        assert any("Uann shows 7♥ 2♣ and collects the 7-2 bounty: 10" in t for t in public)
        await h.command("UANN", "ledger")
        (reply,) = [b["text"] for b in h.mock.of("chat.postEphemeral")][-1:]
        assert "Uann: bounty 10" in reply and "Ubob: bounty -5" in reply
