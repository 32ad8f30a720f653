"""``killbutton play``'s composition root: open the database, build the service with the
console's clock and shuffle, the shared presenter over the console's transport and the
chat core, and run a script or the interactive loop of :mod:`adapters.console.play`."""

from __future__ import annotations

import asyncio
import io
import random
import signal
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from adapters.console.play import (
    ConsoleStop,
    Options,
    ScriptClock,
    Session,
    interactive,
    person,
    script,
    setup_words,
    your_name,
)
from adapters.console.transport import ConsoleTransport, terminal
from bot.chat.core import ChatCore
from bot.chat.presenter import Presenter
from bot.engine import FULL_DECK, CardError, ConfigError, Deck, TableSettings, parse_cards
from bot.service.tables import ServiceError, TableService
from bot.words.commands import ParseError
from bot.words.tablesetup import parse_table_setup
from storage import Database, StorageError


def _settings(options: Options) -> TableSettings:
    """The settings of a table opened with these options (as chat's ``new`` reads them).

    Raises:
        ConfigError: the words are no table (the reason and what is legal).
    """
    try:
        return parse_table_setup(setup_words(options))
    except ParseError as exc:
        raise ConfigError(str(exc)) from exc


async def _open(options: Options, out: TextIO, viewer: str | None) -> Session:
    """The console's pieces over the database ``options.db``, its tables restored;
    ``viewer``: the player id at the keyboard (None: a script, every reader shown).

    Raises:
        StorageError: the database cannot be opened.
    """
    db = await Database.open(options.db)
    rng = random.Random(options.seed) if options.seed is not None else random.SystemRandom()
    decks: list[tuple[str, ...]] = []

    def shuffle() -> tuple[str, ...]:
        if decks:
            return decks.pop(0)
        order = list(FULL_DECK)
        rng.shuffle(order)
        return tuple(order)

    def stack(text: str) -> str | None:
        try:
            decks.append(Deck.stacked(parse_cards(text), rng=rng).order)
        except CardError as exc:
            return str(exc)
        return None

    clock = ScriptClock()
    service = TableService(db, clock=clock, shuffle=shuffle)
    transport = ConsoleTransport(out, viewer, f"console/{options.table}")
    presenter = Presenter(service, transport)
    service.publish = presenter.publish
    await service.restore()

    async def close() -> None:
        await service.idle()
        await db.close()

    core = ChatCore(service, presenter)
    return Session(core, transport, clock, stack, rng, options, close)


async def play_script(options: Options, out: TextIO) -> int:
    """Run ``options.lines`` as a script (see :func:`adapters.console.play.script`);
    returns its exit status.

    Raises:
        StorageError: the database cannot be opened.
        ConsoleStop: the table cannot be opened with the options' words.
    """
    session = await _open(options, out, None)
    try:
        return await script(session, out)
    finally:
        await session.close()


async def play_interactive(options: Options, read: Callable[[str], str], out: TextIO) -> int:
    """You and computer players at one table (see
    :func:`adapters.console.play.interactive`); returns 0.

    Raises:
        ConfigError: ``--buy-in`` is outside the table's range (which it names).
        StorageError: the database cannot be opened.
        ConsoleStop: a computer player's move could not be made (the reason).
    """
    session = await _open(options, out, person(your_name(options)).id)
    try:
        if options.buy_in:
            facts = session.core.facts(session.table_id)
            if facts is not None:
                low, high, default = facts.min_buy_in, facts.max_buy_in, facts.default_buy_in
            else:
                settings = _settings(options)
                low, high = settings.min_buy_in, settings.max_buy_in
                default = settings.default_buy_in
            if not low <= options.buy_in <= high:
                raise ConfigError(
                    f"--buy-in {options.buy_in} is outside this table's range, "
                    f"{low} to {high}: give one in it, or leave it out to buy in for {default}"
                )
        return await interactive(session, read, out)
    finally:
        await session.close()


def _interrupt(signum: int, frame: object) -> None:
    """Ctrl-C: raised where the console waits for your line, so one press leaves cleanly
    (the event loop's own handler would only cancel its task and wait for a second)."""
    raise KeyboardInterrupt


def run(options: Options) -> int:
    """Run ``killbutton play`` with these options; returns the exit status (0 when you
    quit, Ctrl-C included: every move is already saved; 2 when it cannot go on, said on
    standard error)."""
    out = terminal(sys.stdout)
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # a key the terminal cannot read is no crash

    def read(prompt: str) -> str:
        out.write(prompt)  # through the same letters as every other line
        out.flush()
        return input()

    try:
        if options.script is not None:
            with open(options.script, encoding="utf-8-sig", errors="replace") as handle:
                options.lines = handle.read().splitlines()
            return asyncio.run(play_script(options, out))
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, _interrupt)
        return asyncio.run(play_interactive(options, read, out))
    except (ConfigError, StorageError, ServiceError, ConsoleStop, OSError) as exc:
        print(f"killbutton: {exc}", file=sys.stderr)
        return 2
