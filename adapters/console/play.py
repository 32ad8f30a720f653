"""The console adapter: the same commands and presenter as chat, in a terminal.

``killbutton play`` seats you with computer players at a table kept in the SQLite file
(``killbutton.db`` by default), so a second run carries on where the first stopped.
``killbutton play --script FILE`` reads lines such as ``alice: raise 40`` or
``deck: As Kd ...`` (the next hand's cards in dealing order) and prints what each player and
the channel would see; ``--json`` ends with the table's state as JSON.

Everything goes through the chat core, as a chat's commands do: a script's lines, what you
type, and the computer players' moves, which they choose from what the chat core shows
them of their own seat (:meth:`bot.chat.core.ChatCore.acting`). The shared presenter
prints the table's lines through :class:`adapters.console.transport.ConsoleTransport`;
:mod:`adapters.console.run` opens the database and builds the pieces.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from adapters.console.transport import ConsoleTransport
from bot.chat import computer
from bot.chat.core import ChatCore, Reply, Request, TableFacts
from bot.words.commands import ParseError, parse, whole_number
from bot.words.legalwords import turn_text
from bot.words.render import cards_text

SERVER = "console"
BOT_NAMES = ("Ada", "Bix", "Cy", "Dot", "Eli", "Fay", "Gus", "Hal")


def bot_names(count: int) -> list[str]:
    """The computer players' names: the eight of :data:`BOT_NAMES`, then numbered (a
    tournament over several tables may take more)."""
    return [*BOT_NAMES[:count], *(str(n) for n in range(len(BOT_NAMES) + 1, count + 1))]


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
    tournament: str = ""  # a sit & go in chat's words ('turbo buyin 20'); "" for cash
    autoplay: bool = False  # the computer plays your seat too: a demo, or a benchmark
    lines: list[str] = field(default_factory=list)


class ConsoleStop(Exception):  # noqa: N818 - what the user sees
    """The console cannot go on: a move it must make for a computer player (or the table
    it must open) was refused; the message is the chat core's reason (a table that could
    not be saved, say)."""


def setup_words(options: Options) -> str:
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


class ScriptClock:
    """The service's clock: the time of day, moved forward by a script's ``wait N`` lines,
    so turn timers, the clock and a kill's objection window run in a script."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


@dataclass(frozen=True)
class Person:
    """Someone at the console's table: ``id`` is ``console:name`` in small letters."""

    id: str
    name: str


def person(name: str) -> Person:
    """The console's player of that name."""
    return Person(f"console:{name.lower()}", name)


def your_name(options: Options) -> str:
    """The name you play under: ``--name``, else your login name, else ``Player``."""
    return options.name or os.environ.get("USER", "") or "Player"


@dataclass
class Session:
    """One console table's pieces, built by :mod:`adapters.console.run`.

    Attributes:
        core: the chat core every line goes through.
        transport: the presenter's transport, printing the table's lines.
        clock: the service's clock, moved on by ``wait N``.
        stack: takes a ``deck:`` line's cards as the next hand's top of the deck; returns
            why they cannot be, or None.
        rng: the computer players' and the shuffle's randomness (``--seed``).
        options: what ``killbutton play`` was asked for.
        close: waits for what is owed and closes the database.
    """

    core: ChatCore
    transport: ConsoleTransport
    clock: ScriptClock
    stack: Callable[[str], str | None]
    rng: random.Random
    options: Options
    close: Callable[[], Awaitable[None]]
    # at a tournament over several tables: the channel of the table being played now
    # (yours, or one a computer player is to act at); "" for the console's own
    channel: str = ""

    @property
    def table_id(self) -> str:
        """The table's id: ``console/TABLE``."""
        return f"{SERVER}/{self.channel or self.options.table}"

    def facts(self) -> TableFacts:
        """The table as it stands (it is open by then).

        Raises:
            ConsoleStop: there is no table any more.
        """
        facts = self.core.facts(self.table_id)
        if facts is None:
            raise ConsoleStop("the table is gone")
        return facts


def _request(session: Session, player: Person, text: str, confirmed: bool = False) -> Request:
    """A console line as the chat vocabulary's request (the same commands as in chat), in
    the channel of the table being played."""
    user = player.id.split(":", 1)[1]
    channel = session.channel or session.options.table
    return Request("console", SERVER, channel, user, player.name, text, confirmed=confirmed)


async def _act(session: Session, player: Person, text: str) -> Reply:
    """Send ``text`` as ``player`` (confirmed: no click to wait for) and wait until the
    table's lines it caused are printed; returns the chat core's reply."""
    reply = await session.core.handle(_request(session, player, text, True))
    await session.core.idle()  # each reply right under what its line caused
    return reply


async def _open_table(session: Session, host: Person) -> None:
    """Open the console's table with ``host`` as its host, as chat's ``new`` does.

    Raises:
        ConsoleStop: the table's words are refused (with the reason and what is legal).
    """
    reply = await _act(session, host, f"new {setup_words(session.options)}")
    if not reply.ok:
        raise ConsoleStop(reply.text)


async def _wait(session: Session, text: str) -> str | None:
    """``wait N``: move the script's clock N seconds (1 to 86400) on and let every timer
    that is due act; returns why the line cannot be read, or None."""
    seconds = whole_number(text, 86_400)
    if not seconds:
        return f"wait N: N is whole seconds from 1 to 86400, not {text[:20]!r}"
    for _ in range(seconds):  # a second at a time, as the timer task ticks in play
        session.clock.ahead += 1
        await session.core.tick()
    return None


async def script(session: Session, out: TextIO) -> int:
    """Run a script of ``name: command`` and ``deck: cards`` lines (and ``wait N``, which
    moves the clock N seconds on); returns the exit status: 2 for a line that is not
    script, 1 under ``strict`` for the first command refused (the script stops there,
    naming the line and the reason), else 0.

    Raises:
        ConsoleStop: the table cannot be opened with the options' words.
    """
    options, core = session.options, session.core
    status = 0
    for number, raw in enumerate(options.lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.split()[0].lower() == "wait":
            why = await _wait(session, line[4:].strip())
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
            why = session.stack(text)
            if why is not None:
                print(f"line {number}: {why}", file=out)
                status = 2
                if options.strict:
                    break
            continue
        player = person(who)
        session.transport.names[player.id] = player.name
        if core.facts(session.table_id) is None and not text.lower().startswith("tournament"):
            await _open_table(session, player)
        session.channel = _table_of(session, player)
        # a script's all-in is deliberate: no confirmation click to wait for
        reply = await _act(session, player, text)
        session.channel = ""
        if reply.text:
            for shown in reply.text.splitlines():
                print(f"  [to {player.name}] {shown}", file=out)
        if options.strict and not reply.ok:
            why = reply.text.splitlines()[0] if reply.text else "refused"
            print(f"line {number}: {raw.strip()!r} was refused: {why}", file=out)
            status = max(status, 1)
            break
    if options.json:
        state = core.public_state(session.table_id) or {}
        print(json.dumps(state, indent=2, sort_keys=True), file=out)
    return status


async def interactive(session: Session, read: Callable[[str], str], out: TextIO) -> int:
    """You and computer players at one table, until you type ``quit``, press Ctrl-C or
    input ends; every move is committed as it is made, so the table is saved whenever you
    stop.

    Raises:
        ConsoleStop: a computer player's move (or the one the turn timer would make for
            him) was refused, or the table cannot be opened: the reason is the message.
    """
    options, core, rng = session.options, session.core, session.rng
    you = person(your_name(options))
    session.transport.names[you.id] = you.name
    try:
        new = core.facts(session.table_id) is None
        if new and options.tournament:
            reply = await _act(session, you, f"tournament new {options.tournament}")
            if not reply.ok:
                raise ConsoleStop(reply.text)
        elif new:
            await _open_table(session, you)
        facts = session.facts()
        resumed = facts.turn is not None
        most = options.bots if options.tournament else min(options.bots, len(BOT_NAMES))
        computers = [person(f"Bot {n}") for n in bot_names(max(1, most))]
        default = facts.default_buy_in
        for player in [you, *computers]:
            session.transport.names[player.id] = player.name
            if options.tournament:
                if new:  # every computer player enters; so do you
                    reply = await _act(session, player, "register")
                    if not reply.ok:
                        print(f"{player.name}: {reply.text}", file=out)
                continue
            if facts.seat_of(player.id) is None:
                # computer players always take the table's default; you may name yours
                chips = options.buy_in if player is you and options.buy_in else default
                reply = await _act(session, player, f"sit {chips}")
                if not reply.ok:
                    print(f"{player.name}: {reply.text}", file=out)
                elif player is you:
                    _yours(reply, out)
        away = await _others_away(session, you, {p.id for p in computers}, out)
        facts = session.facts()
        if not facts.running and (new or facts.hand_number == 0) and not facts.timed_start:
            host = _person_of(facts, facts.host_id)
            reply = await _act(session, host, "start")
            if not reply.ok:
                print(reply.text, file=out)
            elif host == you:
                _yours(reply, out)
        if resumed:
            _show_own_cards(session, you, out)
        print(
            "Type fold, check, call, bet N, raise N, all-in (in a draw game: draw CARDS or "
            "pat), status, sitout, back, leave, help, quit.",
            file=out,
        )
        hands = 0
        last_hand = facts.hand_number
        watched = -1  # the last hand you were told you are not in
        while True:
            await core.idle()  # a hand just ended: its next deal first
            elsewhere = await _other_tables(session, you, computers, away, out)
            facts = session.facts()
            number = facts.hand_number
            if number != last_hand:
                hands += 1 if last_hand else 0  # the first deal of a new table ends nothing
                last_hand = number
                if options.hands and hands >= options.hands:  # N hands over: stop
                    break
            if await _rebuy_busted(session, computers, default, bool(options.tournament)):
                continue
            if await _answer_deal(session, facts, {p.id for p in computers}):
                continue
            turn = facts.turn
            picker = facts.chooser if turn is None else None
            if picker is not None and picker != you.id:
                # dealer's choice: a computer player whose pick it is picks a game at random
                reply = await _act(
                    session, _person_of(facts, picker), f"choose {rng.choice(facts.games)}"
                )
                if not reply.ok:
                    raise ConsoleStop(reply.text)
                continue
            if picker is not None:
                text = read("Dealer's choice, your pick: choose this round's game > ")
                if _quits(text):
                    break
                if text.strip() and _not_a_command(text):
                    text = f"choose {text}"  # a bare game name picks it
                await _send(session, you, text, out, read)
                continue
            if turn is None and elsewhere:
                continue  # the tournament's other tables play on meanwhile
            if turn is None and options.autoplay:
                if not await _wait_for_turn(session):
                    break  # nothing more will be dealt: the tournament is over
                continue
            if turn is None:
                print(_why_no_deal(facts, you), file=out)
                text = read("> ")
                if _quits(text):
                    break
                await _send(session, you, text, out, read)
                continue
            if you.id in facts.away and number != watched and not options.autoplay:
                watched = number
                text = read(
                    "You are away: dealt in and blinded off, your hand folded at your turn"
                    " ('back' plays again); Enter watches, quit leaves > "
                )
                if _quits(text):
                    break
                if text.strip():
                    await _send(session, you, text, out, read)
                continue
            if you.id not in turn.players and number != watched and not options.autoplay:
                # a hand you are not in: once a hand, say why and what brings you back
                watched = number
                text = read(_not_in_hand_prompt(facts, you))
                if _quits(text):
                    break
                if text.strip():
                    await _send(session, you, text, out, read)
                continue
            if turn.player_id != you.id or options.autoplay:
                await _computer_moves(session, facts, away, out)
                continue
            if turn.phase == "drawing":
                _show_own_cards(session, you, out)  # the hand being drawn to
            print(f"Your turn: {turn_text(turn.phase, turn.legal)}. Pot {turn.pot}.", file=out)
            text = read("> ")
            if _quits(text):
                break
            await _send(session, you, text, out, read)
    except (EOFError, KeyboardInterrupt):
        print("", file=out)
    print("Bye: the table is saved; 'killbutton play' carries on where you stopped.", file=out)
    return 0


def _table_of(session: Session, player: Person) -> str:
    """The channel of the table ``player`` sits at in a tournament over several tables
    (a script's line goes there), else "" (the console's own)."""
    home = f"{SERVER}/{session.options.table}"
    for table_id in session.core.tournament_tables(home):
        facts = session.core.facts(table_id)
        if facts is not None and facts.seat_of(player.id) is not None:
            return "" if table_id == home else table_id.split("/", 1)[1]
    return ""


async def _other_tables(
    session: Session, you: Person, computers: Sequence[Person], away: set[str], out: TextIO
) -> bool:
    """At a tournament over several tables: one move at each other table whose player to
    act is a computer player (a rebuy first where one is out), the console's own lines
    showing them all; then the table played is yours (the tournament's first while you
    have no seat). True if a move was made elsewhere."""
    home = f"{SERVER}/{session.options.table}"
    tables = session.core.tournament_tables(home)
    if not tables:
        return False
    yours = next(
        (tid for tid in tables if (f := session.core.facts(tid)) and f.seat_of(you.id)), home
    )
    moved = False
    for table_id in tables:
        if table_id == yours:
            continue
        session.channel = table_id.split("/", 1)[1]
        facts = session.facts()
        if await _rebuy_busted(session, computers, 0, tournament=True):
            moved = True
            continue
        turn = facts.turn
        if turn is not None and turn.player_id != you.id:
            bots = {p.id for p in computers}
            others = {seat.player_id for seat in facts.seats if seat.player_id not in bots}
            await _computer_moves(session, facts, away | others, out)
            moved = True
    session.channel = yours.split("/", 1)[1]
    return moved


async def _computer_moves(session: Session, facts: TableFacts, away: set[str], out: TextIO) -> None:
    """The player to act who is not you moves: a computer player plays his strategy; a
    person of another name who is not at the keyboard gets what the turn timer would do,
    and it is said. Each sees only his own seat of the hand.

    Raises:
        ConsoleStop: the move, and the turn timer's after it, were both refused: the first
            refusal is the reason (a table that could not be saved, say).
    """
    acting = session.core.acting(session.table_id)
    if acting is None:
        return
    actor, view = acting
    move = computer.away(view) if actor in away else computer.choose(view, session.rng)
    player = _person_of(facts, actor)
    if actor in away:
        print(f"({player.name} is away: the turn timer acts)", file=out)
    reply = await _act(session, player, computer.as_words(move))
    if not reply.ok:
        # what the turn timer would play; if that fails too, the first refusal is told
        timer = await _act(session, player, computer.as_words(computer.away(view)))
        if not timer.ok:
            raise ConsoleStop(reply.text)


async def _answer_deal(session: Session, facts: TableFacts, computers: set[str]) -> bool:
    """A deal on offer: each computer player still to answer it answers
    (:func:`bot.chat.computer.deal_answer`). True if one did."""
    if facts.deal_offered is None:
        return False
    kind, waiting = facts.deal_offered
    stacks = [seat.stack for seat in facts.seats if seat.stack]
    answered = False
    for player_id in waiting:
        seat = facts.seat_of(player_id)
        if player_id not in computers or seat is None:
            continue
        words = computer.deal_answer(kind, seat.stack, stacks)
        await _act(session, _person_of(facts, player_id), words)
        answered = True
        if words == "chop no":
            break  # the deal is off
    return answered


async def _wait_for_turn(session: Session) -> bool:
    """With ``--autoplay`` and no decision pending (a break, the wait for a rebuy, a deal
    on offer): move the clock on a second at a time, as a script's ``wait`` does, for at
    most an hour; True once a decision is pending, False when none came."""
    for _ in range(3600):
        session.clock.ahead += 1
        await session.core.tick()
        if session.facts().turn is not None:
            return True
    return False


def _yours(reply: Reply, out: TextIO) -> None:
    """Your command's reply, under the table's lines it caused."""
    for line in reply.text.splitlines():
        print(f"  (you) {line}", file=out)


def _not_a_command(text: str) -> bool:
    """Whether a line is no command at all (then, at the pick prompt, it names a game)."""
    try:
        parse(text)
    except ParseError:
        return True
    return False


def _quits(text: str) -> bool:
    return text.strip().lower() in ("quit", "exit", "q")


async def _others_away(session: Session, you: Person, computers: set[str], out: TextIO) -> set[str]:
    """People of other names seated at this table (an earlier run under another name):
    each is sat out from the next deal and said to be, his chips staying his; while a hand
    he is in finishes, the turn timer acts for him. Returns their player ids."""
    away: set[str] = set()
    for seat in session.facts().seats:
        if seat.player_id in computers or seat.player_id == you.id:
            continue
        away.add(seat.player_id)
        if seat.status in ("active", "waiting"):
            # refused when he already sits out after this hand: nothing to do then
            await _act(session, Person(seat.player_id, seat.name), "sitout")
        print(
            f"{seat.name}'s seat {seat.seat} keeps its chips and sits out while you play as "
            f"{you.name}; 'killbutton play --name \"{seat.name}\"' plays it.",
            file=out,
        )
    return away


async def _rebuy_busted(
    session: Session, computers: Sequence[Person], chips: int, tournament: bool = False
) -> bool:
    """A computer player left with no chips buys in again for ``chips`` (between hands for
    him: he is in no hand once busted), so the game goes on; in a tournament he rebuys
    when the rules offer it. True if one did."""
    facts = session.facts()
    bought = False
    for player in computers:
        seat = facts.seat_of(player.id)
        if seat is None or seat.stack or player.id in facts.dealt:
            continue
        reply = await _act(session, player, "rebuy" if tournament else f"topup {chips}")
        bought = bought or reply.ok
    return bought


def _why_no_deal(facts: TableFacts, you: Person) -> str:
    """Why no hand is in play, with what to type."""
    seat = facts.seat_of(you.id)
    if facts.tournament:
        if seat is None:
            return (
                "You have no seat in this tournament: 'register' enters it if it is open, or quit."
            )
        if seat.stack == 0:
            return "You have no chips: 'rebuy' if the rules offer one, or quit."
        if not facts.running:
            return "The tournament waits: the host's 'start' runs it ('status' says more), or quit."
        return "No hand can be dealt yet: type 'status' to see why, or quit."
    if seat is None:
        return (
            f"You have no seat: type 'sit N' to buy in ({facts.min_buy_in} to "
            f"{facts.max_buy_in}), or quit."
        )
    if seat.stack == 0:
        return (
            f"You have no chips: type 'topup N' to buy in again ({facts.min_buy_in} to "
            f"{facts.max_buy_in}), or quit."
        )
    if not facts.running:
        return (
            "The game is paused: type 'start' to deal the next hand ('set …' or 'end' "
            "first if you like), or quit."
        )
    if seat.status == "sitting_out":
        return "You are sitting out: type 'back' to be dealt in, or quit."
    return "No hand can be dealt: type 'status' to see the table, or quit."


def _not_in_hand_prompt(facts: TableFacts, you: Person) -> str:
    """What a player watching a hand he is not dealt in may type, and why he is out."""
    seat = facts.seat_of(you.id)
    low, high = facts.min_buy_in, facts.max_buy_in
    if facts.tournament:
        why = (
            "you have no seat at this table"
            if seat is None
            else "you have no chips: 'rebuy' if the rules offer one"
            if seat.stack == 0
            else "you are dealt in from the next hand"
        )
        return f"Not in this hand ({why}); Enter watches, quit leaves > "
    if seat is None:
        why = f"you have no seat: 'sit N' buys in ({low} to {high})"
    elif seat.stack == 0:
        why = f"you have no chips: 'topup N' buys in again ({low} to {high})"
    elif seat.status == "sitting_out":
        why = "you are sitting out: 'back' deals you in"
    else:
        why = "you are dealt in from the next hand"
    return f"Not in this hand ({why}); Enter watches, quit leaves > "


def _person_of(facts: TableFacts, player_id: str) -> Person:
    return Person(player_id, facts.names.get(player_id, player_id))


def _show_own_cards(session: Session, you: Person, out: TextIO) -> None:
    """On resuming mid-hand, show the player his own cards and the board again."""
    own = session.core.hole_cards(session.table_id, you.id)
    if own is None:
        return
    state = session.core.public_state(session.table_id) or {}
    hand = state.get("hand")
    shown = hand.get("board") if isinstance(hand, dict) else None
    board = f"; board {cards_text(tuple(shown))}" if shown else ""
    print(f"  (you) Your cards: {cards_text(own[0])}{board}", file=out)


async def _send(
    session: Session, you: Person, text: str, out: TextIO, read: Callable[[str], str]
) -> None:
    if not text.strip():
        return  # an empty line asks nothing
    core = session.core
    reply = await core.handle(_request(session, you, text))
    if reply.confirm is not None:
        answer = read(f"{reply.text} [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("  (you) not sent", file=out)
            return
        reply = await core.handle(_request(session, you, reply.confirm, confirmed=True))
    await core.idle()  # the table's lines first, then your reply under them
    _yours(reply, out)
