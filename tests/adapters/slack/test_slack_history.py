"""Hand histories through the Slack adapter: PokerStars' text for trackers, answered to
the asker alone."""

from __future__ import annotations

from slack_mock import Harness, public_texts

USERS = ("UANN", "UBOB")


async def test_history_pokerstars_answers_the_asker_alone() -> None:
    """``/poker history 1 pokerstars`` after a hand: the ephemeral answer is the hand in
    PokerStars' format with the asker's cards dealt to him; the channel gets none of it."""
    async with Harness() as h:
        await h.deal(users=USERS)
        await h.command("UANN", "pause")
        await h.command(h.to_act(), "fold")
        await h.command("UBOB", "history 1 pokerstars")
        (reply,) = [b for b in h.mock.of("chat.postEphemeral") if "PokerStars" in b["text"]]
        assert reply["user"] == "UBOB" and "Dealt to Ubob [" in reply["text"]
        assert "Dealt to Uann" not in reply["text"]
        assert not any("PokerStars Hand" in text for text in public_texts(h.mock))


async def test_a_long_answer_goes_in_pieces_slack_takes_whole() -> None:
    """A session's hands in PokerStars' format run past what Slack shows of one message:
    the answer goes in several ephemeral messages, each within 4,000 characters, that
    together hold every hand."""
    async with Harness() as h:
        await h.deal(users=USERS)
        for _ in range(19):
            await h.command(h.to_act(), "fold")
        await h.command("UANN", "pause")
        await h.command(h.to_act(), "fold")
        before = len(h.mock.of("chat.postEphemeral"))
        await h.command("UBOB", "history session pokerstars")
        parts = [b["text"] for b in h.mock.of("chat.postEphemeral")[before:]]
        assert len(parts) > 1 and all(len(p) <= 4000 for p in parts)
        assert "\n".join(parts).count("PokerStars Hand #") == 20


async def test_history_and_verify_take_the_same_hand_number_in_slack() -> None:
    """``/poker history 1`` after two hands is hand 1, as ``/poker verify 1`` is;
    ``/poker history last 2`` is the asker's last two."""
    async with Harness() as h:
        await h.deal(users=USERS)
        await h.command(h.to_act(), "fold")  # hand 1 over, hand 2 dealt
        await h.command("UANN", "pause")
        await h.command(h.to_act(), "fold")

        async def answer(text: str) -> str:
            before = len(h.mock.of("chat.postEphemeral"))
            await h.command("UBOB", text)
            (reply,) = [b["text"] for b in h.mock.of("chat.postEphemeral")[before:]]
            return str(reply)

        one = await answer("history 1")
        assert one.startswith("Hand 1 · ") and "Hand 2 · " not in one
        assert (await answer("verify 1")).startswith("hand 1: commitment ")
        two = await answer("history last 2")
        assert two.startswith("Hand 2 · ") and "Hand 1 · " in two
