"""A recording transport and a chat pipeline on an in-memory database, for chat tests."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from bot.chat.core import ChatCore, Reply, Request
from bot.chat.presenter import Presenter
from bot.engine.cards import Deck, parse_cards
from bot.service.tables import TableService
from bot.words.tableview import TableView
from storage.db import Database


@dataclass
class RecordingTransport:
    """Keeps every call; ``closed`` players' DMs fail (``tell`` answers False).

    Like a real platform it can also refuse or break on demand: ``failing`` maps a call
    (``show_table``, ``post``, ``turn``, ``post_image``, ``post_file``, ``tell`` for every player or
    ``tell:PLAYER_ID`` for one) to the exception it raises, every time until removed;
    ``delay`` seconds are waited before each call (a slow platform). ``calls`` lists
    every call in order, as ``name`` or ``tell:PLAYER_ID``, refused ones included.
    """

    tables: list[tuple[str, TableView, tuple[str, ...]]] = field(default_factory=list)
    posts: list[tuple[str, str]] = field(default_factory=list)
    told: list[tuple[str, str, str]] = field(default_factory=list)
    turns: list[tuple[str, str]] = field(default_factory=list)
    closed: set[str] = field(default_factory=set)
    images: list[tuple[str, bytes, str]] = field(default_factory=list)
    files: list[tuple[str, str, bytes, str]] = field(default_factory=list)
    failing: dict[str, BaseException] = field(default_factory=dict)
    delay: float = 0.0
    calls: list[str] = field(default_factory=list)

    async def _call(self, name: str, *also: str) -> None:
        """Record the call, wait ``delay``, then raise what ``failing`` holds for it."""
        self.calls.append(name)
        if self.delay:
            await asyncio.sleep(self.delay)
        for key in (name, *also):
            if key in self.failing:
                raise self.failing[key]

    async def show_table(self, table_id: str, view: TableView, recent: Sequence[str]) -> None:
        await self._call("show_table")
        self.tables.append((table_id, view, tuple(recent)))

    async def post(self, table_id: str, text: str) -> None:
        await self._call("post")
        self.posts.append((table_id, text))

    async def tell(self, table_id: str, player_id: str, text: str) -> bool:
        await self._call(f"tell:{player_id}", "tell")
        if player_id in self.closed:
            return False
        self.told.append((table_id, player_id, text))
        return True

    async def turn(self, table_id: str, player_id: str, view: TableView) -> None:
        await self._call("turn")
        self.turns.append((table_id, player_id))

    async def post_image(self, table_id: str, png: bytes, caption: str) -> None:
        await self._call("post_image")
        self.images.append((table_id, png, caption))

    async def post_file(self, table_id: str, data: bytes, filename: str, caption: str) -> None:
        await self._call("post_file")
        self.files.append((table_id, filename, data, caption))

    def public_texts(self) -> list[str]:
        """Everything the channel was shown: posts, table messages and their recent lines."""
        out = [text for _, text in self.posts]
        for _, view, recent in self.tables:
            out.append(view.text())
            out.extend(recent)
            out.extend(c.label for c in view.choices)
            out.extend(c.label for c in view.lobby)
        return out


class Pipeline:
    """A service, presenter and chat core on ``:memory:`` with stacked decks."""

    def __init__(self, db: Database, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.decks: list[tuple[str, ...]] = []
        self.service = TableService(db, shuffle=self._shuffle, clock=lambda: self.now)
        self.now = 1_000.0
        self.transport = RecordingTransport()
        self.presenter = Presenter(self.service, self.transport)
        self.service.publish = self.presenter.publish
        self.core = ChatCore(self.service, self.presenter)

    def _shuffle(self) -> tuple[str, ...]:
        if self.decks:
            return self.decks.pop(0)
        order = list(Deck().order)
        self.rng.shuffle(order)
        return tuple(order)

    def stack_deck(self, cards: str) -> None:
        """The next hand's cards in dealing order."""
        self.decks.append(Deck.stacked(parse_cards(cards), rng=self.rng).order)

    async def say(self, user: str, text: str, **kwargs: object) -> Reply:
        """``user`` (a display name; id ``user.lower()``) sends ``text`` in channel c; the
        answer comes at the commit, and this returns once what it caused (and a next deal)
        is shown, as a player would see it a moment later."""
        request = Request("test", "g", "c", user.lower(), user, text, **kwargs)  # type: ignore[arg-type]
        reply = await self.core.handle(request)
        await self.service.idle()
        return reply

    async def close(self) -> None:
        """Let what the service started finish, then close the database (an open
        database keeps its thread, and the test process, alive)."""
        await self.service.idle()
        await self.service.db.close()


OpenPipeline = Callable[..., Awaitable[Pipeline]]
"""The ``open_pipeline`` fixture: ``await open_pipeline(seed=1)``, closed after the test."""


async def pipeline(seed: int = 7) -> Pipeline:
    """A fresh pipeline on an in-memory database; :meth:`Pipeline.close` it when done (the
    ``pipeline`` and ``open_pipeline`` fixtures close theirs)."""
    return Pipeline(await Database.open(":memory:"), seed)
