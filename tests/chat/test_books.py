"""The books through the chat vocabulary: the all-time leaderboard per server, kill and
non-kill games apart (000 kill §13), one game at a time, and the session's ledger."""

from __future__ import annotations

from tests.chat.fakes import Pipeline, pipeline, run


async def _blinds_hand(p: Pipeline, channel: str, setup: str) -> None:
    """Ann, Bob and Cat at a table in ``channel``; Ann and Bob fold, so Cat (big blind)
    wins 1 from Bob (small blind)."""

    async def say(user: str, text: str) -> None:
        from bot.chat import Request

        reply = await p.core.handle(Request("test", "g", channel, user.lower(), user, text))
        assert reply.ok, (text, reply.text)

    await say("Ann", setup)
    for name in ("Ann", "Bob", "Cat"):
        await say(name, "sit 100")
    await say("Ann", "start")
    await say("Ann", "fold")
    await say("Bob", "fold")
    await say("Ann", "pause")


def test_leaderboard_keeps_kill_games_and_each_game_apart() -> None:
    async def go() -> None:
        p = await pipeline()
        await _blinds_hand(p, "c", "new holdem nl 1/2 kill")
        await _blinds_hand(p, "d", "new omaha pl 1/2")
        everything = (await p.say("Ann", "leaderboard")).text.splitlines()
        assert everything[0] == "Leaderboard:"
        assert everything[1] == "1. Cat +2 in 2 hands"
        assert everything[-1] == "3. Bob -2 in 2 hands"
        kill = (await p.say("Ann", "leaderboard kill")).text.splitlines()
        assert kill[:2] == ["Leaderboard (kill games):", "1. Cat +1 in 1 hands"]
        omaha = (await p.say("Ann", "leaderboard plo")).text.splitlines()
        assert omaha[0] == "Leaderboard · Omaha:" and "Cat +1 in 1 hands" in omaha[1]
        none = (await p.say("Ann", "leaderboard nokill razz")).text
        assert none == "Leaderboard (games without a kill) · Razz: no hands yet"
        bad = await p.say("Ann", "leaderboard chess")
        assert not bad.ok and "'chess' is not a game" in bad.text

    run(go)
