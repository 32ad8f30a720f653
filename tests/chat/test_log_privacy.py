"""The server's log carries no card that is not public: a failed command is logged by its
kind and table, an error by its type and where it was raised, never by the words typed or
an exception's message (which may quote a card it was given)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from tests.chat.fakes import Pipeline

# Heads-up 2-7 single draw: Bob (big blind) 7♥ 2♣ 3♦ 4♠ 5♥, Alice (button) K♦ Q♠ J♥ 10♣ 9♠.
DECK = "7h 2c 3d 4s 5h Kd Qs Jh Tc 9s"
SECRETS = ("7h", "2c", "7♥", "2♣", "7H", "2C")


async def _to_the_draw(p: Pipeline) -> None:
    """Both players in, preflop bet over: Bob is the first to draw."""
    assert (await p.say("Alice", "new 27 nl 1/2")).ok
    for name in ("Alice", "Bob"):
        assert (await p.say(name, "sit 100")).ok
    p.stack_deck(DECK)
    assert (await p.say("Alice", "start")).ok
    assert (await p.say("Alice", "call")).ok
    assert (await p.say("Bob", "check")).ok
    hand = p.service.tables["g/c"].table.hand
    assert hand is not None and hand.to_act is not None
    assert hand.names[hand.to_act] == "test:bob" and hand.phase.value == "drawing"


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Every record's message and formatted traceback."""
    out = []
    for record in caplog.records:
        out.append(record.getMessage())
        if record.exc_info:
            out.append(logging.Formatter().formatException(record.exc_info))
        if record.exc_text:
            out.append(record.exc_text)
    return out


class _FailingTable:
    """The table, but ``act`` is ``fail``; everything else is the table's own."""

    def __init__(self, table: object, fail: Callable[..., None]) -> None:
        self._table, self.act = table, fail

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table, name)


def _break(p: Pipeline, where: str) -> None:
    """Make Bob's draw fail inside the bot at ``where``; each exception quotes the cards,
    as a library's message may quote what it was given."""
    live = p.service.tables["g/c"]

    def engine(*args: object, **kwargs: object) -> None:
        raise KeyError("7h")

    async def storage(*args: object, **kwargs: object) -> None:
        raise RuntimeError("could not write {'type': 'Play', 'cards': ('7h', '2c')}")

    async def chat(*args: object, **kwargs: object) -> None:
        raise RuntimeError("draw 7h 2c")

    async def platform(*args: object, **kwargs: object) -> None:
        raise ConnectionError("could not send 'Your cards: 7♥ 2♣'")

    if where == "engine":  # a stand-in: a table compiled by mypyc takes no new methods
        live.table = _FailingTable(live.table, engine)  # type: ignore[assignment]
    elif where == "storage":
        p.service.db.commit = storage  # type: ignore[method-assign]
    elif where == "chat":  # the chat core's call into the service fails
        p.service.handle = chat  # type: ignore[assignment]
    else:
        p.service.publish = platform


@pytest.mark.parametrize("where", ["engine", "storage", "chat", "platform"])
async def test_a_failed_draw_logs_neither_its_words_nor_its_cards(
    pipeline: Pipeline, where: str, caplog: pytest.LogCaptureFixture
) -> None:
    """`draw 7h 2c` fails in the engine, the database, the chat core or on the way to the
    platform: the failure is logged (by the command's kind and the table), and no log
    record, message or traceback, holds 7h or 2c in any spelling."""
    await _to_the_draw(pipeline)
    _break(pipeline, where)
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        reply = await pipeline.say("Bob", "draw 7h 2c")
    assert reply.ok is (where == "platform"), reply.text
    logged = _logged(caplog)
    assert any("g/c" in line for line in logged), logged
    assert any(r.levelno >= logging.ERROR for r in caplog.records)
    for line in logged:
        assert not any(secret in line for secret in SECRETS), line


async def test_a_failed_command_is_logged_by_its_kind_not_its_words(
    pipeline: Pipeline,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A command the bot fails on is named in the log by what it is (a draw) and where (the
    table), with the error's type: enough to find the fault, nothing a player hid."""
    await _to_the_draw(pipeline)
    _break(pipeline, "chat")
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        reply = await pipeline.say("Bob", "draw 7h 2c")
    assert not reply.ok and "on our side" in reply.text
    [record] = [r for r in caplog.records if r.name == "bot.chat.core"]
    message = record.getMessage()
    assert "draw" in message and "g/c" in message and "RuntimeError" in message, message


def test_an_error_is_described_by_its_type_and_place_never_its_message() -> None:
    """An error raised from another is named with both types and where each was raised;
    neither message, and no line of source, appears."""
    from bot.process.logsafe import described, frames

    def store(cards: str) -> None:
        raise KeyError(cards)

    def draw(cards: str) -> None:
        try:
            store(cards)
        except KeyError as exc:
            raise RuntimeError(f"could not draw {cards}") from exc

    try:
        draw("7h 2c")
    except RuntimeError as exc:
        line, path = described(exc), frames(exc)
    else:
        raise AssertionError("the draw did not fail")
    assert line.startswith("RuntimeError at chat/test_log_privacy.py:")
    assert " in draw (from KeyError at chat/test_log_privacy.py:" in line
    assert line.endswith(" in store)")
    assert path.splitlines()[-1].endswith(" in draw") and "\n" not in line
    for secret in SECRETS:
        assert secret not in line and secret not in path
