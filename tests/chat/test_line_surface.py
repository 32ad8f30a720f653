"""A transport of lines (a terminal): every line of a batch in the batch's order."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.chat.presenter import Presenter
from tests.chat.fakes import Pipeline, RecordingTransport


@dataclass
class LineTransport(RecordingTransport):
    """A recording transport that is also a surface of lines."""

    said: list[tuple[str | None, str]] = field(default_factory=list)

    async def say(self, table_id: str, text: str, reader: str | None, name: str) -> None:
        self.said.append((reader, text if reader is None else f"[to {name}] {text}"))


async def test_a_surface_of_lines_is_told_every_line_in_order_private_and_public(
    pipeline: Pipeline,
) -> None:
    """Each private line goes to its reader only, each public line as it falls, in the
    order the hand made them (the cards before the first move, the moves in turn), with
    no channel post, table message or turn nudge beside them; the asker's own answer
    stays in his reply."""
    lines = LineTransport()
    pipeline.presenter = Presenter(pipeline.service, lines)
    pipeline.service.publish = pipeline.presenter.publish
    pipeline.core.presenter = pipeline.presenter
    assert (await pipeline.say("Alice", "new holdem nl 1/2")).ok
    for name in ("Alice", "Bob", "Carol"):
        assert (await pipeline.say(name, "sit 200")).ok
    pipeline.stack_deck("As Kd 7h 2c Qs Qh 9c 8d 3s Th Jd")
    lines.said.clear()
    assert (await pipeline.say("Alice", "start")).ok
    assert (await pipeline.say("Alice", "raise 6")).ok
    assert [text for _, text in lines.said if not text.startswith("── New hand")] == [
        "the host starts the game",
        "Bob posts small blind 1",
        "Carol posts big blind 2",
        "[to Bob] Your cards: A♠ K♦",
        "[to Carol] Your cards: 7♥ 2♣",
        "[to Alice] Your cards: Q♠ Q♥",
        "Alice raises to 6",
    ]
    assert [reader for reader, _ in lines.said[4:7]] == ["test:bob", "test:carol", "test:alice"]
    assert lines.posts == [] and lines.told == [] and lines.turns == []
    reply = await pipeline.say("Bob", "stats")  # his own answer, not a line of the table
    assert reply.ok and reply.text == "Bob has no finished hand on this server yet"
    assert not any("no finished hand" in text for _, text in lines.said)
