"""A tournament's statistics in chat: at its table beside all time, and any tournament by
its number from any channel of the server; and the chart of its chip counts posted after
its results (RULES.md "Tournaments": the books)."""

from __future__ import annotations

from bot.chat.core import Reply, Request
from bot.engine.tournament import FINISHED
from tests.chat.fakes import OpenPipeline, Pipeline

TABLE = "g/c"


async def _tournament(p: Pipeline, words: str = "turbo buyin 10 seats 2") -> None:
    """A sit & go set up in channel c by Ann, Ann and Bob registered (it starts full),
    played out all in."""
    await p.say("Ann", f"tournament new {words}")
    for name in ("Ann", "Bob"):
        await p.say(name, "register")
    for _ in range(400):
        live = p.service.tables[TABLE]
        assert live.tourney is not None
        if live.tourney.tournament.status == FINISHED:
            return
        hand = live.table.hand
        if hand is None or hand.is_complete or hand.to_act is None:
            p.now += 1
            await p.core.tick()
            continue
        who = (live.names or {})[hand.names[hand.to_act]]
        legal = hand.legal_actions()
        move = "allin" if legal.can_raise else ("call" if legal.call_amount else "check")
        await p.say(who, move, confirmed=True)
    raise AssertionError("the tournament did not end")


async def _elsewhere(p: Pipeline, user: str, text: str) -> Reply:
    """``user`` types ``text`` in channel d, where no table plays."""
    return await p.core.handle(Request("test", "g", "d", user.lower(), user, text))


async def test_stats_at_a_tournament_table_give_this_tournament_in_tournament_chips(
    open_pipeline: OpenPipeline,
) -> None:
    """At a tournament's table ``stats`` gives that tournament's hands, its net said in
    tournament chips, beside all time; no cash line holds its chips."""
    p = await open_pipeline()
    await _tournament(p)
    hands = p.service.tables[TABLE].table.hand_number
    reply = await p.say("Ann", "stats")
    assert reply.ok, reply.text
    lines = reply.text.splitlines()
    this = next(line for line in lines if line.startswith("this tournament"))
    assert "tournament 1" in this and f"{hands} hand" in this
    assert "tournament chips" in this
    assert any(line.startswith("all time in tournaments") for line in lines)
    assert not any(line.startswith(("this session", "all time,")) for line in lines)
    bob = await p.say("Ann", "stats Bob")
    assert "Bob's statistics" in bob.text and "this tournament" in bob.text


async def test_stats_tournament_n_from_any_channel_names_the_tournaments_there_are(
    open_pipeline: OpenPipeline,
) -> None:
    """``stats tournament N [NAME]`` gives tournament N's statistics in a channel with no
    table; N as the results number it; a bad or unknown N, or a name that did not play
    it, is refused naming what there is."""
    p = await open_pipeline()
    await _tournament(p)
    results = await p.say("Ann", "results")
    assert "tournament 1" in results.text
    mine = await _elsewhere(p, "Ann", "stats tournament 1")
    assert mine.ok, mine.text
    assert "tournament 1" in mine.text and "tournament chips" in mine.text
    bob = await _elsewhere(p, "Ann", "stats tournament 1 bob")
    assert bob.ok and "Bob's statistics" in bob.text
    for bad in ("abc", "-5", "1e9", "0"):
        refused = await _elsewhere(p, "Ann", f"stats tournament {bad}")
        assert not refused.ok and "tournament number" in refused.text, refused.text
    unknown = await _elsewhere(p, "Ann", "stats tournament 7")
    assert not unknown.ok and "no tournament 7" in unknown.text
    assert "tournament 1" in unknown.text
    stranger = await _elsewhere(p, "Ann", "stats tournament 1 Zed")
    assert not stranger.ok and "Zed" in stranger.text and "Ann, Bob" in stranger.text
    missing = await _elsewhere(p, "Ann", "stats tournament")
    assert not missing.ok and "stats tournament N" in missing.text


async def test_tournament_chart_is_posted_after_its_results_when_it_ends(
    open_pipeline: OpenPipeline,
) -> None:
    """When a tournament's winner is known the channel is shown its results, then the
    chart of every player's chips over its levels; once, and never at a cash table's
    hand."""
    p = await open_pipeline()
    await _tournament(p)
    t = p.transport
    assert [caption for _, _, caption in t.images] == ["Chip counts over the tournament"]
    won = next(
        i for i, text in enumerate(text for _, text in t.posts) if "wins the tournament" in text
    )
    posts_before_image = t.calls[: t.calls.index("post_image")].count("post")
    assert posts_before_image == won + 1  # the results' post, then the chart
    table, png, _ = t.images[0]
    assert table == TABLE and png.startswith(b"\x89PNG")


async def test_tournament_chart_is_posted_when_a_deal_closes_it(
    open_pipeline: OpenPipeline,
) -> None:
    """A deal every player left accepts ends the tournament: its results, then its chart,
    every line still standing where the deal was made."""
    p = await open_pipeline()
    await p.say("Ann", "tournament new turbo buyin 10 seats 2")
    for name in ("Ann", "Bob"):
        await p.say(name, "register")
    for name in ("Ann", "Bob"):
        await p.say(name, "chop chips")
    for _ in range(40):
        live = p.service.tables[TABLE]
        assert live.tourney is not None
        hand = live.table.hand
        if live.tourney.tournament.status == FINISHED:
            break
        if hand is not None and not hand.is_complete and hand.to_act is not None:
            await p.say((live.names or {})[hand.names[hand.to_act]], "fold")
            continue
        for name in ("Ann", "Bob"):
            await p.say(name, "chop chips")
    live = p.service.tables[TABLE]
    assert live.tourney is not None and live.tourney.tournament.status == FINISHED
    assert any(entry.dealt for entry in live.tourney.tournament.entries)  # closed by the deal
    assert [caption for _, _, caption in p.transport.images] == ["Chip counts over the tournament"]
