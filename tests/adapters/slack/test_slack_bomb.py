"""A bomb pot through the Slack adapter: the host's words, the table message with both
boards, and no hidden card in the channel."""

from __future__ import annotations

from slack_mock import TABLE, Harness, public_texts, table_message

from bot.engine.cards import pretty

USERS = ("UANN", "UBOB", "UCAT")


async def test_a_double_board_bomb_pot_shows_both_boards_and_no_hole_card() -> None:
    """``set bomb double on`` and ``bomb 10`` from the host: the next deal antes 10 from
    each and opens on the flop with two boards on the table message; the channel never
    sees a hole card."""
    async with Harness(seed=5) as h:
        await h.command("UANN", "new holdem nl 1/2")
        for user in USERS:
            await h.command(user, "sit 200")
        await h.command("UANN", "set bomb double on")
        await h.command("UANN", "bomb 10")
        await h.command("UANN", "start")
        hand = h.service.tables[TABLE].table.hand
        assert hand is not None and hand.setup.bomb and hand.setup.boards == 2
        assert hand.pot_total() == 30 and len(hand.board) == len(hand.second_board) == 3
        message = table_message(h.mock)
        header = message["blocks"][0]["text"]["text"]
        assert header == "Hand #1 · No-Limit Hold'em 1/2 · bomb pot"
        facts = message["blocks"][1]["text"]["text"]
        assert f"*Board 2* {' '.join(pretty(c) for c in hand.second_board)}" in facts
        public = public_texts(h.mock)
        assert any("Flop (board 2)" in text for text in public)
        for cards in hand.hole:
            for card in cards or ():
                assert not any(pretty(card) in t or f'"{card}"' in t for t in public), card
