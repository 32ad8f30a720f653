"""The console adapter: the same service, commands and renderer as chat, in a terminal.

``killbutton play`` seats you with computer players at a table kept in the SQLite file
(``killbutton.db`` by default), so a second run carries on where the first stopped.
``killbutton play --script FILE`` reads lines such as ``alice: raise 40`` or
``deck: As Kd ...`` (the next hand's cards in dealing order) and prints what each player and
the channel would see; ``--json`` ends with the table's state as JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.chat import computer as bots
from bot.chat.core import ChatCore, Request
from bot.chat.presenter import told_together
from bot.engine import FULL_DECK, CardError, ConfigError, Deck, TableSettings, parse_cards
from bot.engine.tableevents import TableEvent
from bot.service.state import Attachment
from bot.service.tables import Notice, Outgoing, Player, ServiceError, TableService
from bot.words.commands import Choose, ParseError, Sit, SitOut, Start, TopUp, parse, whole_number
from bot.words.render import Message, cards_text, render
from bot.words.tablesetup import parse_table_setup
from storage import Database, StorageError

SERVER = "console"
BOT_NAMES = ("Ada", "Bix", "Cy", "Dot", "Eli", "Fay", "Gus", "Hal")


@dataclass
class Options:
    """What ``killbutton play`` was asked for."""

    db: str | None = None
    table: str = "table"
    game: str = ""
    structure: str = ""
    blinds: str = ""
    buy_in: int = 0  # 0: the table's default buy-in
    bots: int = 3
    name: str = ""
    script: str | None = None
    json: bool = False
    strict: bool = False
    seed: int | None = None
    hands: int = 0
    setup: str = ""
    lines: list[str] = field(default_factory=list)


def _setup_words(options: Options) -> str:
    """The table's words as chat's ``new`` reads them: ``--setup``, else ``--game``,
    ``--structure`` and ``--blinds`` said as words, so both give a game the same defaults."""
    if options.setup:
        return options.setup
    words = [options.game or "holdem"]
    if options.structure:
        words.append(options.structure)
    if options.blinds:
        words.append(options.blinds)
    return " ".join(words)


def _settings(options: Options) -> TableSettings:
    try:
        return parse_table_setup(_setup_words(options))
    except ParseError as exc:
        raise ConfigError(str(exc)) from exc


class Console:
    """Runs one console table: renders what the service publishes, for whoever may see it."""

    def __init__(self, service: TableService, out: TextIO, viewer: str | None) -> None:
        self.service = service
        self.out = out
        self.viewer = viewer  # None: show every audience (scripts)
        self.display: dict[str, str] = {}

    async def publish(self, outgoing: Sequence[Outgoing], asker: str | None = None) -> None:
        """Print the messages this console may show (the notices for the batch's
        ``asker`` come back in his command's reply instead)."""
        for item in told_together(outgoing):
            own = item.audience is not None and item.audience == asker
            if own and isinstance(item.event, (Notice, TableEvent)):
                continue
            if isinstance(item.event, Attachment):  # a file for the channel: written here
                path = Path(item.event.filename)
                path.write_bytes(item.event.data)
                self.show(Message(item.audience, f"{item.event.caption}: saved as {path}"))
                continue
            live = self.service.tables.get(item.table_id)
            # names stored with the table, so a second script names players not yet heard
            for pid, name in ((live.names or {}) if live is not None else {}).items():
                self.display.setdefault(pid, name)
            message = render(item.event, item.names, self.display)
            if message is not None:
                self.show(Message(item.audience, message.text))

    def show(self, message: Message) -> None:
        """The channel's lines, or a private message with every line marked with its
        reader."""
        for line in message.text.splitlines() or [""]:
            if message.audience is None:
                print(line, file=self.out)
            elif self.viewer is None:
                name = self.display.get(message.audience, message.audience)
                print(f"  [to {name}] {line}", file=self.out)
            elif message.audience == self.viewer:
                print(f"  (you) {line}", file=self.out)


class ScriptClock:
    """The service's clock: the time of day, moved forward by a script's ``wait N`` lines,
    so turn timers, the clock and a kill's objection window run in a script."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


async def _wait(service: TableService, text: str) -> str | None:
    """``wait N``: move the script's clock N seconds (1 to 86400) on and let every timer
    that is due act; returns why the line cannot be read, or None."""
    seconds = whole_number(text, 86_400)
    if not seconds:
        return f"wait N: N is whole seconds from 1 to 86400, not {text[:20]!r}"
    clock = service.clock
    if not isinstance(clock, ScriptClock):
        return "wait works only in a script"
    for _ in range(seconds):  # a second at a time, as the timer task ticks in play
        clock.ahead += 1
        await service.tick()
        await service.idle()
    return None


def _player(name: str) -> Player:
    return Player(f"console:{name.lower()}", name, "console")


async def _open(
    options: Options, console_out: TextIO, viewer: str | None
) -> tuple[TableService, Console, str, random.Random, list[tuple[str, ...]]]:
    db = await Database.open(options.db)
    rng = random.Random(options.seed) if options.seed is not None else random.SystemRandom()
    decks: list[tuple[str, ...]] = []

    def shuffle() -> tuple[str, ...]:
        if decks:
            return decks.pop(0)
        order = list(FULL_DECK)
        rng.shuffle(order)
        return tuple(order)

    service = TableService(db, clock=ScriptClock(), shuffle=shuffle)
    console = Console(service, console_out, viewer)
    service.publish = console.publish
    await service.restore()
    table_id = f"{SERVER}/{options.table}"
    return service, console, table_id, rng, decks


async def play_script(options: Options, out: TextIO) -> int:
    """Run a script of ``name: command`` and ``deck: cards`` lines (and ``wait N``, which
    moves the clock N seconds on); returns the exit status: 2 for a line that is not
    script, 1 under ``strict`` for the first command refused (the script stops there,
    naming the line and the reason), else 0."""
    service, console, table_id, rng, decks = await _open(options, out, None)
    status = 0
    try:
        for number, raw in enumerate(options.lines, start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.split()[0].lower() == "wait":
                why = await _wait(service, line[4:].strip())
                if why is not None:
                    print(f"line {number}: {why}", file=out)
                    status = 2
                    if options.strict:
                        break
                continue
            who, sep, text = line.partition(":")
            if not sep:
                print(f"line {number}: write 'name: command' or 'deck: cards'", file=out)
                status = 2
                if options.strict:
                    break
                continue
            who, text = who.strip(), text.strip()
            if who.lower() == "deck":
                try:
                    top = parse_cards(text)
                    decks.append(Deck.stacked(top, rng=rng).order)
                except CardError as exc:
                    print(f"line {number}: {exc}", file=out)
                    status = 2
                    if options.strict:
                        break
                continue
            player = _player(who)
            console.display[player.id] = player.name
            if table_id not in service.tables:
                await service.create_table(SERVER, options.table, player, _settings(options))
            # a script's all-in is deliberate: no confirmation click to wait for
            reply = await ChatCore(service).handle(_request(options, player, text, True))
            await service.idle()  # each reply right under what its line caused
            if reply.text:
                for shown in reply.text.splitlines():
                    print(f"  [to {player.name}] {shown}", file=out)
            if options.strict and not reply.ok:
                why = reply.text.splitlines()[0] if reply.text else "refused"
                print(f"line {number}: {raw.strip()!r} was refused: {why}", file=out)
                status = max(status, 1)
                break
        if options.json:
            state = service.public_state(table_id) if table_id in service.tables else {}
            print(json.dumps(state, indent=2, sort_keys=True), file=out)
    finally:
        await service.idle()
        await service.db.close()
    return status


async def play_interactive(options: Options, read: Callable[[str], str], out: TextIO) -> int:
    """You and computer players at one table, until you type ``quit``, press Ctrl-C or
    input ends; every move is committed as it is made, so the table is saved whenever you
    stop."""
    you = _player(options.name or os.environ.get("USER", "") or "Player")
    service, console, table_id, rng, _ = await _open(options, out, you.id)
    if options.buy_in:
        settings = (
            service.tables[table_id].table.settings
            if table_id in service.tables
            else _settings(options)
        )
        if not settings.min_buy_in <= options.buy_in <= settings.max_buy_in:
            await service.db.close()
            raise ConfigError(
                f"--buy-in {options.buy_in} is outside this table's range, "
                f"{settings.min_buy_in} to {settings.max_buy_in}: give one in it, or leave "
                f"it out to buy in for {settings.default_buy_in}"
            )
    console.display[you.id] = you.name
    try:
        new = table_id not in service.tables
        if new:
            await service.create_table(SERVER, options.table, you, _settings(options))
        live = service.tables[table_id]
        resumed = service.turn(table_id) is not None
        console.display.update(live.names or {})
        computer = [_player(f"Bot {n}") for n in BOT_NAMES[: max(1, min(options.bots, 5))]]
        default = live.table.settings.default_buy_in
        for player in [you, *computer]:
            console.display[player.id] = player.name
            if live.table.seat_of(player.id) is None:
                # computer players always take the table's default; you may name yours
                chips = options.buy_in if player is you and options.buy_in else default
                try:
                    await service.handle(table_id, player, Sit(chips))
                except ServiceError as exc:
                    print(f"{player.name}: {exc}", file=out)
        away = await _others_away(service, table_id, you, {p.id for p in computer}, out)
        if not live.table.running and (new or live.table.hand_number == 0):
            try:
                await service.handle(table_id, _player_of(service, table_id, live.host_id), Start())
            except ServiceError as exc:
                print(exc, file=out)
        if resumed:
            _show_own_cards(service, table_id, you, out)
        print(
            "Type fold, check, call, bet N, raise N, all-in, draw CARDS or pat, status, "
            "sitout, back, leave, help, quit.",
            file=out,
        )
        hands = 0
        last_hand = live.table.hand_number
        watched = -1  # the last hand you were told you are not in
        while True:
            await service.idle(table_id)  # a hand just ended: its next deal first
            position = service.position(table_id)
            number = position[0] if position is not None else last_hand
            if number != last_hand:
                hands += 1 if last_hand else 0  # the first deal of a new table ends nothing
                last_hand = number
                if options.hands and hands >= options.hands:  # N hands over: stop
                    break
            if await _rebuy_busted(service, table_id, computer, default):
                continue
            turn = service.turn(table_id)
            picker = service.game_chooser(table_id) if turn is None else None
            if picker is not None and picker != you.id:
                # dealer's choice: a computer player whose pick it is picks a game at random
                rotation = service.tables[table_id].table.rotation
                assert rotation is not None
                game = rng.choice(rotation.games).value
                await service.handle(table_id, _player_of(service, table_id, picker), Choose(game))
                continue
            if picker is not None:
                text = read("Dealer's choice, your pick: choose this round's game > ")
                if _quits(text):
                    break
                if text.strip() and _not_a_command(text):
                    text = f"choose {text}"  # a bare game name picks it
                await _send(service, options, you, text, out, read)
                continue
            if turn is None:
                print(_why_no_deal(service, table_id, you), file=out)
                text = read("> ")
                if _quits(text):
                    break
                await _send(service, options, you, text, out, read)
                continue
            if you.id not in turn.players and number != watched:
                # a hand you are not in: once a hand, say why and what brings you back
                watched = number
                text = read(_not_in_hand_prompt(service, table_id, you))
                if _quits(text):
                    break
                if text.strip():
                    await _send(service, options, you, text, out, read)
                continue
            if turn.player_id != you.id:
                # computer players play their strategy; a person of another name who is
                # not at the keyboard gets what the turn timer would do, and it is said
                actor = turn.player_id
                acting = service.acting(table_id)
                if acting is None:
                    continue
                actor, view = acting  # what he may see: his own cards, not the hand
                move = bots.away(view) if actor in away else bots.choose(view, rng)
                player = _player_of(service, table_id, actor)
                if actor in away:
                    print(f"({player.name} is away: the turn timer acts)", file=out)
                try:
                    await service.handle(table_id, player, move, confirmed=True)
                except ServiceError as exc:
                    # what the turn timer would play; if that fails too, the first refusal
                    # (a table that could not be saved, say) is what to tell
                    try:
                        await service.handle(table_id, player, bots.away(view))
                    except ServiceError:
                        raise exc from None
                continue
            if turn.choices.startswith("draw"):
                _show_own_cards(service, table_id, you, out)  # the hand being drawn to
            print(f"Your turn: {turn.choices}. Pot {turn.pot}.", file=out)
            text = read("> ")
            if _quits(text):
                break
            await _send(service, options, you, text, out, read)
    except (EOFError, KeyboardInterrupt):
        print("", file=out)
    finally:
        await service.idle()
        await service.db.close()
    print("Bye: the table is saved; 'killbutton play' carries on where you stopped.", file=out)
    return 0


def _not_a_command(text: str) -> bool:
    """Whether a line is no command at all (then, at the pick prompt, it names a game)."""
    try:
        parse(text)
    except ParseError:
        return True
    return False


def _quits(text: str) -> bool:
    return text.strip().lower() in ("quit", "exit", "q")


async def _others_away(
    service: TableService, table_id: str, you: Player, computer: set[str], out: TextIO
) -> set[str]:
    """People of other names seated at this table (an earlier run under another name):
    each is sat out from the next deal and said to be, his chips staying his; while a hand
    he is in finishes, the turn timer acts for him. Returns their player ids."""
    live = service.tables[table_id]
    away: set[str] = set()
    for seat in live.table.seated():
        if seat.player_id in computer or seat.player_id == you.id:
            continue
        away.add(seat.player_id)
        player = _player_of(service, table_id, seat.player_id)
        if seat.status.value in ("active", "waiting"):
            with contextlib.suppress(ServiceError):  # already sitting out after this hand
                await service.handle(table_id, player, SitOut())
        print(
            f"{seat.name}'s seat {seat.seat} keeps its chips and sits out while you play as "
            f"{you.name}; 'killbutton play --name \"{seat.name}\"' plays it.",
            file=out,
        )
    return away


async def _rebuy_busted(
    service: TableService, table_id: str, computer: Sequence[Player], chips: int
) -> bool:
    """A computer player left with no chips buys in again for ``chips`` (between hands for
    him: he is in no hand once busted), so the game goes on. True if one did."""
    table = service.tables[table_id].table
    bought = False
    for player in computer:
        seat = table.seat_of(player.id)
        if seat is None or seat.stack or player.id in table.dealt:
            continue
        try:
            await service.handle(table_id, player, TopUp(chips))
        except ServiceError:
            continue
        bought = True
    return bought


def _why_no_deal(service: TableService, table_id: str, you: Player) -> str:
    """Why no hand is in play, with what to type."""
    live = service.tables[table_id]
    seat = live.table.seat_of(you.id)
    settings = live.table.settings
    if seat is None:
        return (
            f"You have no seat: type 'sit N' to buy in ({settings.min_buy_in} to "
            f"{settings.max_buy_in}), or quit."
        )
    if seat.stack == 0:
        return (
            f"You have no chips: type 'topup N' to buy in again ({settings.min_buy_in} to "
            f"{settings.max_buy_in}), or quit."
        )
    if not live.table.running:
        return (
            "The game is paused: type 'start' to deal the next hand ('set …' or 'end' "
            "first if you like), or quit."
        )
    if seat.status.value == "sitting_out":
        return "You are sitting out: type 'back' to be dealt in, or quit."
    return "No hand can be dealt: type 'status' to see the table, or quit."


def _not_in_hand_prompt(service: TableService, table_id: str, you: Player) -> str:
    """What a player watching a hand he is not dealt in may type, and why he is out."""
    live = service.tables[table_id]
    seat = live.table.seat_of(you.id)
    low, high = live.table.settings.min_buy_in, live.table.settings.max_buy_in
    if seat is None:
        why = f"you have no seat: 'sit N' buys in ({low} to {high})"
    elif seat.stack == 0:
        why = f"you have no chips: 'topup N' buys in again ({low} to {high})"
    elif seat.status.value == "sitting_out":
        why = "you are sitting out: 'back' deals you in"
    else:
        why = "you are dealt in from the next hand"
    return f"Not in this hand ({why}); Enter watches, quit leaves > "


def _player_of(service: TableService, table_id: str, player_id: str) -> Player:
    names = service.tables[table_id].names or {}
    return Player(player_id, names.get(player_id, player_id), "console")


def _show_own_cards(service: TableService, table_id: str, you: Player, out: TextIO) -> None:
    """On resuming mid-hand, show the player his own cards and the board again."""
    own = service.own_cards(table_id, you.id)
    if own is None:
        return
    state = service.public_state(table_id)["hand"]
    shown = state.get("board") if isinstance(state, dict) else None
    board = f"; board {cards_text(tuple(shown))}" if shown else ""
    print(f"  (you) Your cards: {cards_text(own[0])}{board}", file=out)


def _request(options: Options, player: Player, text: str, confirmed: bool = False) -> Request:
    """A console line as the chat vocabulary's request (the same commands as in chat)."""
    user = player.id.split(":", 1)[1]
    return Request("console", SERVER, options.table, user, player.name, text, confirmed=confirmed)


async def _send(
    service: TableService,
    options: Options,
    you: Player,
    text: str,
    out: TextIO,
    read: Callable[[str], str],
) -> None:
    if not text.strip():
        return  # an empty line asks nothing
    core = ChatCore(service)
    reply = await core.handle(_request(options, you, text))
    if reply.confirm is not None:
        answer = read(f"{reply.text} [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("  (you) not sent", file=out)
            return
        reply = await core.handle(_request(options, you, reply.confirm, confirmed=True))
    await service.idle()  # the table's lines first, then your reply under them
    for line in reply.text.splitlines():
        print(f"  (you) {line}", file=out)


# what a terminal that cannot show a symbol gets instead: suits as the letters cards are
# typed in, and plain signs for the rules and dots of the layout
_PLAIN = str.maketrans(
    {
        "♠": "s",
        "♥": "h",
        "♦": "d",
        "♣": "c",
        "─": "-",
        "·": "|",
        "…": "...",
        "→": "->",
        "±": "+/-",
        "§": "#",
    }
)


class PlainText:
    """A text stream for a terminal whose encoding cannot show the card symbols: suits are
    written as letters (``A♠`` as ``As``) and anything else it cannot show is replaced,
    never raised as an error mid-hand."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.encoding = stream.encoding or "ascii"

    def write(self, text: str) -> int:
        """Write ``text`` in what the terminal can show; returns the characters taken."""
        shown = text.translate(_PLAIN).encode(self.encoding, "replace").decode(self.encoding)
        self.stream.write(shown)
        return len(text)

    def flush(self) -> None:
        """Flush the terminal's stream."""
        self.stream.flush()


def terminal(stream: TextIO) -> TextIO:
    """``stream`` itself when its encoding shows the card symbols, else a :class:`PlainText`
    over it."""
    try:
        "♠♥♦♣─·…".encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return PlainText(stream)  # type: ignore[return-value]
    return stream


def _interrupt(signum: int, frame: object) -> None:
    """Ctrl-C: raised where the console waits for your line, so one press leaves cleanly
    (the event loop's own handler would only cancel its task and wait for a second)."""
    raise KeyboardInterrupt


def run(options: Options) -> int:
    """Run ``killbutton play`` with these options; returns the exit status (0 when you
    quit, Ctrl-C included: every move is already saved)."""
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
    except (ConfigError, StorageError, ServiceError, OSError) as exc:
        print(f"killbutton: {exc}", file=sys.stderr)
        return 2
