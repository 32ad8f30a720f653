"""Every command declared once: the typed command, the words that name it, how it is
written, what it does in a few words, its group (play, info, extra, host), whether only
the host may use it and whether it only reads the table.

What is built from the declarations lives here too: the words :func:`bot.words.commands.parse`
reads (:data:`VERBS`), the help text (:data:`HELP`), and what a platform lists of them
(Discord's subcommands, Slack's words for one's own cards). A new command is one class
here, declared with :func:`declare`, and one handler where it is answered (the chat core,
the service's reads or its steps); the tests hold every list to the declarations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar


class Group(StrEnum):
    """Where a command is listed: the game itself (``play``), what is looked up (``info``),
    the seldom used table calls (``extra``), the host's controls (``host``) and a
    tournament's own (``tournament``)."""

    PLAY = "play"
    INFO = "info"
    EXTRA = "extra"
    HOST = "host"
    TOURNAMENT = "tournament"


@dataclass(frozen=True)
class Verb:
    """One way to write a command: the words that name it (the first its own name, the
    others aliases), with what they fill in.

    Attributes:
        words: lowercase words, the first the verb's name (a Discord subcommand's).
        usage: how it is written, e.g. ``sit N [SEAT]``.
        about: what it does in a few words (a platform's description of it).
        group: where it is listed.
        help: its entry in the help text when that says more than ``usage``.
        fields: the command's fields the word itself gives (``post`` is a sit-in that
            posts, ``fold`` a move of kind fold), as ``(name, value)`` pairs.
        slash: listed as a subcommand of its own where a platform lists them (Discord's
            ``/poker NAME``); any verb may be typed.
    """

    words: tuple[str, ...]
    usage: str
    about: str
    group: Group = Group.PLAY
    help: str = ""
    fields: tuple[tuple[str, Any], ...] = ()
    slash: bool = False

    @property
    def name(self) -> str:
        """The verb's own word: ``sit`` of ``sit``, ``join``, ``buyin``."""
        return self.words[0]

    @property
    def entry(self) -> str:
        """What the help text says of it."""
        return self.help or self.usage


@dataclass(frozen=True)
class Declared:
    """A command class and what is declared of it.

    Attributes:
        command: the typed command.
        verbs: the ways it is written, in the order they are listed.
        host_only: only the table's host or a server administrator may use it; the one
            check is made before the command is answered (RULES.md "Leaving, the waiting
            list and host controls").
        reads: it only reads the table: answered without a commit, nothing changes.
        host_says: for a host-only command, what the refusal says may not be done.
    """

    command: type[Command]
    verbs: tuple[Verb, ...]
    host_only: bool = False
    reads: bool = False
    host_says: str = "do that"

    def refusal(self) -> str:
        """The words refusing a host-only command to anyone else."""
        return f"only the host or a server administrator may {self.host_says}"


# every declared command, in the order they were declared (the order they are listed)
DECLARED: list[Declared] = []

CommandClass = TypeVar("CommandClass", bound="type[Command]")


def declare(
    *verbs: Verb, host_only: bool = False, reads: bool = False, host_says: str = "do that"
) -> Callable[[CommandClass], CommandClass]:
    """Declare a command class with its verbs (see :class:`Declared`); returns the class
    as it was.

    Raises:
        ValueError: no verb, or the class declared twice.
    """

    def record(cls: CommandClass) -> CommandClass:
        if not verbs or any(d.command is cls for d in DECLARED):
            raise ValueError(f"{cls.__name__} is declared once, with at least one verb")
        DECLARED.append(Declared(cls, verbs, host_only, reads, host_says))
        return cls

    return record


@dataclass(frozen=True)
class Command:
    """Base of every command."""


@declare(Verb(("help", "?"), "help", "The poker commands", slash=True), reads=True)
@dataclass(frozen=True)
class Help(Command):
    """The commands, as :data:`HELP` lists them (words after it are not read)."""


@declare(
    Verb(
        ("new",),
        "new GAME STRUCTURE STAKES OPTIONS",
        "Open a table in this channel",
        help="new …            set up a table in this channel (new help for the options)",
        slash=True,
    )
)
@dataclass(frozen=True)
class New(Command):
    """Set up a table in this channel; ``text`` is every word as typed, ``new`` first
    (read by :func:`bot.words.tablesetup.parse_table_setup`; ``new help`` lists the
    options)."""

    text: str


@declare(
    Verb(
        ("sit", "join", "buyin", "buy-in"),
        "sit N [SEAT]",
        "Take a seat with a buy-in",
        help="sit N [SEAT]     buy in for N chips",
        slash=True,
    )
)
@dataclass(frozen=True)
class Sit(Command):
    """Take a seat with a buy-in (a seat number, or None for the next free one)."""

    buy_in: int
    seat: int | None = None


@declare(Verb(("topup", "top-up"), "topup N", "Add chips between hands", Group.EXTRA, slash=True))
@dataclass(frozen=True)
class TopUp(Command):
    """Add chips between hands."""

    amount: int


@declare(Verb(("sitout", "away"), "sitout", "Sit out from the next deal", slash=True))
@dataclass(frozen=True)
class SitOut(Command):
    """Sit out from the next deal."""


@declare(
    Verb(("back", "sitin"), "back", "Come back after sitting out", slash=True),
    Verb(("post",), "post", "Come back and post the blinds owed now", fields=(("post", True),)),
)
@dataclass(frozen=True)
class SitIn(Command):
    """Come back; ``post`` the blinds owed now rather than wait for the big blind."""

    post: bool = False


@declare(Verb(("leave", "cashout"), "leave", "Leave the table and cash out", slash=True))
@dataclass(frozen=True)
class Leave(Command):
    """Leave the table with a cash-out."""


@declare(Verb(("wait", "waitlist"), "wait", "Join the waiting list of a full table"))
@dataclass(frozen=True)
class Wait(Command):
    """Join the waiting list of a full table."""


def _move(
    words: tuple[str, ...],
    usage: str,
    about: str,
    kind: str,
    group: Group = Group.PLAY,
    **more: Any,
) -> Verb:
    """A verb of :class:`Play` making a move of ``kind``."""
    amount = more.pop("amount", None)
    fields = (("kind", kind),) + ((("amount", amount),) if amount is not None else ())
    return Verb(words, usage, about, group, fields=fields, **more)


@declare(
    _move(("fold", "f"), "fold", "Fold your hand", "fold", slash=True),
    _move(("check", "x"), "check", "Check", "check", slash=True),
    _move(("call", "c"), "call", "Call the bet", "call", slash=True),
    # jacks or better: the first bet opens (004 jacks §1)
    _move(("bet", "open"), "bet N", "Bet: the total to bet to", "bet", slash=True),
    _move(("raise", "r"), "raise N", "Raise: the total to raise to", "raise", slash=True),
    _move(
        ("allin", "all-in", "shove"),
        "allin",
        "Go all-in (asks you to confirm)",
        "allin",
        slash=True,
    ),
    _move(("draw", "discard"), "draw CARDS", "Throw cards in a draw game", "draw", slash=True),
    _move(("pat", "stand"), "pat", "Stand pat in a draw game", "draw", slash=True),
    _move(
        ("runs",),
        "runs N",
        "Run the board once, twice or three times",
        "runs",
        Group.EXTRA,
        help="runs 2",
        slash=True,
    ),
    # the answers to "run the board once, twice or three times?"
    _move(("once",), "once", "Run the board once", "runs", Group.EXTRA, amount=1),
    _move(("twice",), "twice", "Run the board twice", "runs", Group.EXTRA, amount=2),
    _move(("thrice",), "thrice", "Run the board three times", "runs", Group.EXTRA, amount=3),
    _move(("bringin", "bring-in"), "bringin", "Bring in for the least (stud)", "bringin"),
    _move(
        ("complete",),
        "complete N",
        "Complete the bring-in (stud)",
        "complete",
        help="complete to N",
    ),
    _move(("show",), "show", "Show your hand at the showdown", "show"),
    _move(("muck",), "muck", "Muck your hand at the showdown", "muck"),
)
@dataclass(frozen=True)
class Play(Command):
    """A move in the hand: ``kind`` is fold, check, call, bet, raise, allin, bringin, draw,
    show, muck or runs; ``amount`` for bet and raise (to), runs; ``cards`` for draw."""

    kind: str
    amount: int | None = None
    cards: tuple[str, ...] = ()


@declare(
    Verb(
        ("cards", "mycards", "hand"),
        "cards",
        "Your cards again (only you see them)",
        help="cards            your cards again (only you see them)",
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class Cards(Command):
    """The asking player's own cards in the hand in play, for his eyes only (words after
    it are not read)."""


@declare(
    Verb(
        ("checkfold", "check/fold", "cf"),
        "checkfold",
        "Check or fold when your turn comes",
        help="checkfold (check or fold when your turn comes)",
        fields=(("kind", "check_fold"),),
    ),
    Verb(
        ("nocheckfold",), "nocheckfold", "Undo a check/fold in advance", fields=(("kind", "off"),)
    ),
)
@dataclass(frozen=True)
class PreAction(Command):
    """Check/fold in advance: when the player's turn comes, check if he can, else fold;
    ``kind`` is ``check_fold``, or ``off`` to cancel it."""

    kind: str


@declare(Verb(("clock",), "clock", "Put the clock on the player to act", Group.EXTRA, slash=True))
@dataclass(frozen=True)
class Clock(Command):
    """Put the clock on the player to act (000 NL §15)."""


@declare(Verb(("kill",), "kill", "Take the kill when you may", Group.EXTRA, slash=True))
@dataclass(frozen=True)
class KillOffer(Command):
    """Kill the next pot voluntarily (or, for a player waiting to come in, kill to come in);
    announced before the deal, allowed if no one objects in the window (000 kill §10, §12)."""


@declare(Verb(("object",), "object", "Object to the last ruling or deal", Group.EXTRA, slash=True))
@dataclass(frozen=True)
class Object(Command):
    """Object to a voluntary kill announced for the next deal."""


@declare(Verb(("straddle",), "straddle", "Straddle next hand", Group.EXTRA, slash=True))
@dataclass(frozen=True)
class Straddle(Command):
    """Post a live straddle next hand, from the seat left of the big blind (000 NL §14)."""


@declare(
    Verb(
        ("choose", "pick"),
        "choose GAME",
        "Pick the round's game (dealer's choice)",
        Group.EXTRA,
        help="choose GAME (dealer's choice, on the button)",
    )
)
@dataclass(frozen=True)
class Choose(Command):
    """Dealer's choice: the player whose pick it is picks the round's game (a game's
    stored name, or the words the player typed when they name none)."""

    game: str


@declare(
    Verb(("status", "stacks", "table"), "status", "The table now", Group.INFO, slash=True),
    reads=True,
)
@dataclass(frozen=True)
class Status(Command):
    """Show the table."""


@declare(
    Verb(("rules", "house"), "rules", "The table's house rules", Group.INFO, slash=True), reads=True
)
@dataclass(frozen=True)
class Rules(Command):
    """The table's settings and house rules in words (words after it are not read)."""


@declare(
    Verb(
        ("leaderboard", "board"),
        "leaderboard [kill|nokill]",
        "Who won most, kill pots in or out",
        Group.INFO,
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class Leaderboard(Command):
    """Show the all-time leaderboard: ``kill``/``nokill`` games only (000 kill §13), and
    one game only (``game``, a word such as ``holdem`` or ``plo``; "" for all)."""

    kill: bool | None = None
    game: str = ""


@declare(
    Verb(
        ("verify",),
        "verify [HAND]",
        "Check a hand's shuffle commitment",
        Group.INFO,
        help="verify [HAND] (its shuffle's proof)",
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class Verify(Command):
    """A hand's shuffle commitment and its proof: hand number ``hand`` (None: the last
    hand)."""

    hand: int | None = None


@declare(
    Verb(
        ("ledger",),
        "ledger [csv] [SESSION]",
        "Buy-ins and cash-outs of this session",
        Group.INFO,
        help="ledger [csv] [SESSION]   the session's ledger (after end: the one that ended)",
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class Ledger(Command):
    """Show the session's buy-ins, top-ups and cash-outs (``csv``: post them to the
    channel as a CSV file); ``session``: that session of the table, None for this one
    (the one that just ended until the next deal)."""

    csv: bool = False
    session: int | None = None


@declare(
    Verb(
        ("history",),
        "history [HAND|last N|session] [phh|pokerstars]",
        "Your hands' histories (default: your last)",
        Group.INFO,
        help=(
            "history [HAND|last N|session] [phh|pokerstars]   hand number HAND (as verify),\n"
            "                   your last N or this session's: text, PHH or PokerStars' for "
            "trackers"
        ),
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class History(Command):
    """Your own hands: hand number ``hand`` (the number ``verify`` takes), else your last
    ``count``, or with ``session`` every hand of yours this session; ``phh`` for the hand
    history format, ``pokerstars`` for PokerStars' text that trackers import."""

    count: int = 1
    phh: bool = False
    pokerstars: bool = False
    session: bool = False
    hand: int | None = None


@declare(
    Verb(
        ("rabbit", "rabbithunt"),
        "rabbit",
        "The board the last hand would have dealt, not played",
        Group.EXTRA,
        help="rabbit           the board the last hand would have dealt, not played",
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class Rabbit(Command):
    """Show the channel the board cards the last hand would have dealt had it gone to the
    river ("Rabbit hunting"), marked as not played."""


@declare(
    Verb(
        ("stats",),
        "stats [NAME]",
        "Your statistics: this session and all time",
        Group.INFO,
        help="stats [NAME]     VPIP, PFR, 3-bet, showdowns, net: this session (this "
        "tournament) and all time · stats tournament N [NAME]",
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class Stats(Command):
    """A player's statistics (your own when ``player`` is empty): this session (at a
    tournament's table, this tournament) and all time, by game; with ``tournament``, in
    the server's tournament of that number alone (from any channel)."""

    player: str = ""
    tournament: int | None = None


@declare(
    Verb(("start", "deal"), "start", "Deal (when two or more are seated)", Group.HOST, slash=True),
    host_only=True,
)
@dataclass(frozen=True)
class Start(Command):
    """Host: deal hands (and keep dealing)."""


@declare(
    Verb(("pause",), "pause", "Pause the game after this hand", Group.HOST, slash=True),
    host_only=True,
)
@dataclass(frozen=True)
class Pause(Command):
    """Host: stop dealing after this hand."""


@declare(
    Verb(("kick",), "kick NAME", "Remove a player from the table", Group.HOST, slash=True),
    host_only=True,
)
@dataclass(frozen=True)
class Kick(Command):
    """Host: remove a player (after the hand, if he is in it)."""

    target: str


@declare(
    Verb(
        ("adjust",),
        "adjust NAME ±N REASON",
        "Correct a player's stack, with a reason",
        Group.HOST,
        slash=True,
    ),
    host_only=True,
)
@dataclass(frozen=True)
class Adjust(Command):
    """Host: change a player's stack between hands by ``amount`` chips (negative: taken;
    0 as typed, for the table to refuse with the range), with a reason (audited)."""

    target: str
    amount: int
    reason: str


@declare(
    Verb(("void",), "void", "Void the hand in play", Group.HOST, slash=True),
    host_only=True,
)
@dataclass(frozen=True)
class Void(Command):
    """Host: void the hand in play; every chip is returned."""


@declare(
    Verb(
        ("set",),
        "set OPTION VALUE",
        "Change an option: turn SECONDS, runs on|off...",
        Group.HOST,
        slash=True,
    ),
    host_only=True,
)
@dataclass(frozen=True)
class SetOption(Command):
    """Host: change a house option between hands (``turn 45``, ``runs off``), or the game,
    structure, stakes or buy-in range (``game omaha``, ``structure pot_limit``, ``stakes
    2/5``, ``buyin 100 1000``); ``value`` is every word after the option's name."""

    name: str
    value: str


@declare(
    Verb(
        ("end", "endsession"),
        "end",
        "End the session: results and settle-up",
        Group.HOST,
        slash=True,
    ),
    host_only=True,
    host_says="end the session",
)
@dataclass(frozen=True)
class EndSession(Command):
    """Host: end the night: results and who pays whom."""


@declare(
    Verb(
        ("bomb", "bombpot"),
        "bomb [ANTE]",
        "Make the next hand a bomb pot",
        Group.HOST,
        help="bomb [ANTE] (the next hand a bomb pot)",
        slash=True,
    ),
    host_only=True,
)
@dataclass(frozen=True)
class Bomb(Command):
    """Host: the next hand is a bomb pot (RULES.md "Bomb pots"), of ``ante`` chips each
    (None: the house's bomb ante; 0 as typed, for the table to refuse with the range)."""

    ante: int | None = None
    off: bool = False


# ---------------------------------------------------------------- tournaments


@declare(
    Verb(
        ("tournament", "tourney"),
        "tournament new …",
        "Set up a tournament in this channel",
        Group.TOURNAMENT,
        help="tournament new …|help",
        slash=True,
    )
)
@dataclass(frozen=True)
class TournamentNew(Command):
    """Set up a tournament in this channel (``tournament new ...``), or its words
    (``tournament help``); ``text`` is every word as typed after ``tournament`` (read by
    :func:`bot.words.tourneysetup.parse_tournament_setup`)."""

    text: str


@declare(
    Verb(
        ("register", "reg", "enter", "reenter", "re-enter"),
        "register",
        "Enter the tournament (or re-enter)",
        Group.TOURNAMENT,
        slash=True,
    )
)
@dataclass(frozen=True)
class Register(Command):
    """Enter the tournament at this table: before the start, during late registration,
    or again after going out where re-entry is offered (TDA 2024 R8)."""


@declare(
    Verb(
        ("unregister", "unreg"),
        "unregister",
        "Leave the lobby, refunded",
        Group.TOURNAMENT,
        slash=True,
    )
)
@dataclass(frozen=True)
class Unregister(Command):
    """Take one's entry back before the start, refunded."""


@declare(Verb(("rebuy",), "rebuy", "Rebuy chips in a tournament", Group.TOURNAMENT, slash=True))
@dataclass(frozen=True)
class Rebuy(Command):
    """A tournament's rebuy (its chips are the rules'); at a cash table a top-up of
    ``amount`` chips (None: none typed)."""

    amount: int | None = None


@declare(Verb(("addon", "add-on"), "addon", "Take the add-on", Group.TOURNAMENT, slash=True))
@dataclass(frozen=True)
class AddOn(Command):
    """A tournament's add-on; at a cash table a top-up of ``amount`` chips (None: none
    typed)."""

    amount: int | None = None


@declare(
    Verb(
        ("chop", "split"),
        "chop icm|chips|no",
        "Offer or accept a deal of the prizes left",
        Group.TOURNAMENT,
        help="chop icm|chips|no (a deal: every player left must accept)",
        slash=True,
    )
)
@dataclass(frozen=True)
class Chop(Command):
    """Offer or accept a deal of the prizes left by ICM (``icm``) or chip count
    (``chop``), or turn the offer down (``no``): made when every player left accepts the
    same (TOURNAMENT.md "Deals")."""

    kind: str


@declare(
    Verb(("cancel",), "cancel", "Cancel the tournament before it starts", Group.HOST, slash=True),
    host_only=True,
    host_says="cancel the tournament",
)
@dataclass(frozen=True)
class CancelTournament(Command):
    """Host: cancel the tournament before the start, every entry refunded."""


@declare(
    Verb(
        ("remove",), "remove NAME", "Take an entrant out before the start", Group.HOST, slash=True
    ),
    host_only=True,
    host_says="remove an entrant",
)
@dataclass(frozen=True)
class RemoveEntrant(Command):
    """Host: take an entrant out of the lobby before the start, refunded."""

    target: str


@declare(
    Verb(
        ("payouts", "payout"),
        "payouts 50 30 20|wta|standard",
        "Change the payouts until registration closes",
        Group.HOST,
        help="payouts 50 30 20|winner takes all|standard (until registration closes)",
        slash=True,
    ),
    host_only=True,
    host_says="change the payouts",
)
@dataclass(frozen=True)
class Payouts(Command):
    """Host: the tournament's payout shares in per mille by place, first place first (()
    for the standard table by entries), while registration is open (RULES.md
    "Tournaments", the payout table)."""

    shares: tuple[int, ...]


@declare(
    Verb(
        ("results",), "results", "The tournament's places and prizes", Group.TOURNAMENT, slash=True
    ),
    reads=True,
)
@dataclass(frozen=True)
class Results(Command):
    """The places, prizes, rebuys, add-ons and knockouts of the tournament at this table
    (the one playing, or the last)."""


@declare(
    Verb(
        ("league", "standings"),
        "league",
        "The league season's standings",
        Group.TOURNAMENT,
        slash=True,
    ),
    reads=True,
)
@dataclass(frozen=True)
class League(Command):
    """The server's league season standings: points, tournaments played, wins, cashes,
    money won (RULES.md "Leagues")."""


@declare(
    Verb(
        ("season",),
        "season [POINTS...]",
        "Start a new league season",
        Group.HOST,
        help="season [10 7 5 ...] (a new league season, points by place)",
    ),
    host_only=True,
    host_says="start a league season",
)
@dataclass(frozen=True)
class NewSeason(Command):
    """Host: end the server's league season and start the next, with points by place
    (``points``, in whole points, first place first; () for the default table)."""

    points: tuple[int, ...] = ()


def _verbs() -> dict[str, tuple[Verb, Declared]]:
    """Each word to its verb and command.

    Raises:
        ValueError: a word that names two verbs.
    """
    found: dict[str, tuple[Verb, Declared]] = {}
    for declared in DECLARED:
        for verb in declared.verbs:
            for word in verb.words:
                if word in found:
                    raise ValueError(f"{word!r} names two commands")
                found[word] = (verb, declared)
    return found


# every word a command is typed with -> its verb and its command
VERBS = _verbs()
_BY_TYPE = {declared.command: declared for declared in DECLARED}


def declared_of(command: Command | type[Command]) -> Declared:
    """What is declared of a command (an instance or its class).

    Raises:
        KeyError: a class that was never declared.
    """
    return _BY_TYPE[command if isinstance(command, type) else type(command)]


def words_of(command: type[Command]) -> tuple[str, ...]:
    """Every word that names the command, its verbs' in order."""
    return tuple(word for verb in declared_of(command).verbs for word in verb.words)


def verb_named(name: str) -> Verb:
    """The verb whose own word is ``name``.

    Raises:
        KeyError: no verb has that name.
    """
    verb, _ = VERBS[name]
    if verb.name != name:
        raise KeyError(name)
    return verb


# The help text, line by line: what starts the line, the verbs listed on it (their entries
# joined by " · "), what ends it. Every declared command has a verb on a line but help's own.
HELP_LINES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("", ("new",), ""),
    ("", ("sit", "topup", "sitout", "back", "leave", "wait"), ""),
    ("tournament: ", ("tournament", "register", "unregister", "rebuy", "addon", "chop"), ""),
    ("tournament: ", ("results", "league"), ""),
    ("", ("fold", "check", "call", "bet", "raise", "allin", "draw", "pat", "runs"), ""),
    ("stud: ", ("bringin", "complete"), "   cards as shown or typed: Q♥ 10h Th"),
    ("", ("cards",), ""),
    ("", ("checkfold", "nocheckfold"), " · sitout (after this hand)"),
    ("", ("clock", "kill", "object", "straddle", "choose"), ""),
    ("", ("status", "rules", "leaderboard", "verify"), ""),
    ("", ("ledger",), ""),
    ("", ("history",), ""),
    ("", ("rabbit",), ""),
    ("", ("stats",), ""),
    ("host: ", ("start", "pause", "kick", "adjust", "void", "set", "end"), ""),
    ("host: ", ("bomb",), " · set bomb ANTE every N · set bomb double on"),
    ("host, tournament: ", ("cancel", "remove", "season"), " · start (early) · pause (the clock)"),
    ("host, tournament: ", ("payouts",), ""),
)


def _help() -> str:
    """The help text from :data:`HELP_LINES` and each verb's entry."""
    lines = ["Poker commands (in chat, after /poker; the table message's buttons do the same):"]
    for lead, names, tail in HELP_LINES:
        entries = " · ".join(verb_named(name).entry for name in names)
        lines.append(f"  {lead}{entries}{tail}")
    lines.append("Amounts: 40, 1k, 2.5k.")
    return "\n".join(lines)


HELP = _help()
