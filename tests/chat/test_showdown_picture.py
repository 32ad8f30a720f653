"""The picture posted with a showdown's result: the board and the hands shown, never a
folded or mucked hand, posted after the text result; a platform that refuses it leaves
the result and the table as they were, and the host can turn pictures off."""

from __future__ import annotations

import io

from PIL import Image

from bot.chat.picture import ShownHand, showdown_png
from bot.service.state import ShowdownPicture
from tests.chat.fakes import Pipeline

# Bob (small blind) A♠ K♦, Carol (big blind) 7♥ 2♣, Alice (button) Q♠ Q♥; board 9♣ 8♦ 3♠ 10♥ J♦
DECK = "As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd"


class Refused(Exception):
    """What a platform client raises when it will not take an upload."""


async def _showdown(p: Pipeline) -> None:
    """Alice raises, Bob calls, Carol folds; they check it down: both show, and Alice's
    queens make a straight."""
    assert (await p.say("Alice", "new holdem nl 1/2")).ok
    for name in ("Alice", "Bob", "Carol"):
        assert (await p.say(name, "sit 100")).ok
    p.stack_deck(DECK)
    assert (await p.say("Alice", "start")).ok
    assert (await p.say("Alice", "pause")).ok
    for name, move in (("Alice", "raise 6"), ("Bob", "call"), ("Carol", "fold")):
        assert (await p.say(name, move)).ok, (name, move)
    for _ in range(3):
        for name in ("Bob", "Alice"):
            assert (await p.say(name, "check")).ok


async def test_the_picture_shows_the_board_and_the_hands_shown_after_the_result(
    pipeline: Pipeline,
) -> None:
    published: list[ShowdownPicture] = []
    publish = pipeline.service.publish

    async def keep(out, asker):  # type: ignore[no-untyped-def]
        published.extend(o.event for o in out if isinstance(o.event, ShowdownPicture))
        await publish(out, asker)

    pipeline.service.publish = keep
    await _showdown(pipeline)
    (picture,) = published
    assert picture.title == "Hand #1 · No-Limit Hold'em 1/2"
    assert picture.boards == (("9c", "8d", "3s", "Th", "Jd"),)
    names = {name: cards for name, cards, _, _ in picture.hands}
    assert names == {"Bob": ("As", "Kd"), "Alice": ("Qs", "Qh")}  # never Carol's 7♥ 2♣
    assert {name: won for name, _, _, won in picture.hands} == {"Bob": 0, "Alice": 14}
    calls = pipeline.transport.calls
    assert calls.index("post_file") > calls.index("post")  # after the text result
    ((_, filename, png, caption),) = pipeline.transport.files
    assert (filename, caption) == ("hand-1.png", "Hand #1: the showdown")
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == 960 and image.height > 500
    assert any("Alice wins" in text for text in pipeline.transport.public_texts())


async def test_a_refused_picture_leaves_the_result_and_the_host_sees_it(
    pipeline: Pipeline,
) -> None:
    pipeline.transport.failing["post_file"] = Refused("not_in_channel")
    await _showdown(pipeline)
    assert pipeline.transport.files == []
    assert any("Alice wins" in text for text in pipeline.transport.public_texts())
    failures = pipeline.presenter.failures["g/c"]
    assert [f.what for f in failures][-1:] == ["picture"]
    seats = {s.player_id: s.stack for s in pipeline.service.tables["g/c"].table.seated()}
    assert sum(seats.values()) == 300


async def test_pictures_off_posts_none(pipeline: Pipeline) -> None:
    assert (await pipeline.say("Alice", "new holdem nl 1/2")).ok
    reply = await pipeline.say("Alice", "set pictures maybe")
    assert not reply.ok and "set pictures on|off" in reply.text
    assert (await pipeline.say("Alice", "set pictures off")).ok
    for name in ("Alice", "Bob", "Carol"):
        assert (await pipeline.say(name, "sit 100")).ok
    pipeline.stack_deck(DECK)
    assert (await pipeline.say("Alice", "start")).ok
    for name, move in (("Alice", "raise 6"), ("Bob", "call"), ("Carol", "fold")):
        assert (await pipeline.say(name, move)).ok
    for _ in range(3):
        for name in ("Bob", "Alice"):
            assert (await pipeline.say(name, "check")).ok
    assert pipeline.transport.files == []


def test_a_long_line_is_drawn_smaller_and_every_suit_has_its_colour() -> None:
    hand = ShownHand(
        "A player with a very long name indeed", ("Ts", "Jh", "Qd", "Kc"), "x" * 80, 10
    )
    png = showdown_png("Hand #1", [("Ac", "2d", "3h", "4s", "5c")], [hand])
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = {
        image.getpixel((x, y)) for x in range(0, image.width, 2) for y in range(0, image.height, 2)
    }
    assert {(20, 20, 20), (200, 20, 30), (20, 80, 200), (10, 130, 40)} <= colours
