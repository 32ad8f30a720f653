"""The command vocabulary shared by every adapter: text or button payloads to typed commands.

A parse error ("``raise abc``") is a :class:`ParseError`, different from an illegal action
(the engine's :class:`~bot.engine.errors.IllegalAction`). Amounts are whole chips, or forms
like ``1k`` and ``2.5k``; anything else is refused with what is accepted.
"""

from __future__ import annotations

import io
import re
import shlex
from dataclasses import dataclass

from bot.engine import CardError, parse_cards
from bot.words.gamewords import GAME_WORDS

MAX_AMOUNT = 10**12


def whole_number(text: str, most: int = MAX_AMOUNT) -> int | None:
    """``text`` as a whole number from 0 to ``most`` written in ASCII digits, else None
    (``³``, ``١``, ``1e9``, ``-5`` and twenty-digit numbers are not counts here)."""
    if not text.isascii() or not text.isdigit() or len(text) > len(str(most)):
        return None
    value = int(text)
    return value if value <= most else None


class ParseError(ValueError):
    """A command that cannot be read, with what would be accepted."""


@dataclass(frozen=True)
class Command:
    """Base of every command."""


@dataclass(frozen=True)
class Sit(Command):
    """Take a seat with a buy-in (a seat number, or None for the next free one)."""

    buy_in: int
    seat: int | None = None


@dataclass(frozen=True)
class TopUp(Command):
    """Add chips between hands."""

    amount: int


@dataclass(frozen=True)
class SitOut(Command):
    """Sit out from the next deal."""


@dataclass(frozen=True)
class SitIn(Command):
    """Come back; ``post`` the blinds owed now rather than wait for the big blind."""

    post: bool = False


@dataclass(frozen=True)
class Leave(Command):
    """Leave the table with a cash-out."""


@dataclass(frozen=True)
class Choose(Command):
    """Dealer's choice: the player whose pick it is picks the round's game (a game's
    stored name, or the words the player typed when they name none)."""

    game: str


@dataclass(frozen=True)
class Start(Command):
    """Host: deal hands (and keep dealing)."""


@dataclass(frozen=True)
class Pause(Command):
    """Host: stop dealing after this hand."""


@dataclass(frozen=True)
class Play(Command):
    """A move in the hand: ``kind`` is fold, check, call, bet, raise, allin, bringin, draw,
    show, muck or runs; ``amount`` for bet and raise (to), runs; ``cards`` for draw."""

    kind: str
    amount: int | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Clock(Command):
    """Put the clock on the player to act (000 NL §15)."""


@dataclass(frozen=True)
class Status(Command):
    """Show the table."""


@dataclass(frozen=True)
class KillOffer(Command):
    """Kill the next pot voluntarily (or, for a player waiting to come in, kill to come in);
    announced before the deal, allowed if no one objects in the window (000 kill §10, §12)."""


@dataclass(frozen=True)
class Object(Command):
    """Object to a voluntary kill announced for the next deal."""


@dataclass(frozen=True)
class Straddle(Command):
    """Post a live straddle next hand, from the seat left of the big blind (000 NL §14)."""


@dataclass(frozen=True)
class Wait(Command):
    """Join the waiting list of a full table."""


@dataclass(frozen=True)
class PreAction(Command):
    """Check/fold in advance: when the player's turn comes, check if he can, else fold;
    ``kind`` is ``check_fold``, or ``off`` to cancel it."""

    kind: str


@dataclass(frozen=True)
class Kick(Command):
    """Host: remove a player (after the hand, if he is in it)."""

    target: str


@dataclass(frozen=True)
class Adjust(Command):
    """Host: change a player's stack between hands by ``amount`` chips (negative: taken;
    0 as typed, for the table to refuse with the range), with a reason (audited)."""

    target: str
    amount: int
    reason: str


@dataclass(frozen=True)
class Void(Command):
    """Host: void the hand in play; every chip is returned."""


@dataclass(frozen=True)
class Bomb(Command):
    """Host: the next hand is a bomb pot (RULES.md "Bomb pots"), of ``ante`` chips each
    (None: the house's bomb ante; 0 as typed, for the table to refuse with the range)."""

    ante: int | None = None
    off: bool = False


@dataclass(frozen=True)
class SetOption(Command):
    """Host: change a house option between hands (``turn 45``, ``runs off``), or the game,
    structure, stakes or buy-in range (``game omaha``, ``structure pot_limit``, ``stakes
    2/5``, ``buyin 100 1000``); ``value`` is every word after the option's name."""

    name: str
    value: str


@dataclass(frozen=True)
class EndSession(Command):
    """Host: end the night: results and who pays whom."""


@dataclass(frozen=True)
class Ledger(Command):
    """Show the session's buy-ins, top-ups and cash-outs (``csv``: post them to the
    channel as a CSV file); ``session``: that session of the table, None for this one
    (the one that just ended until the next deal)."""

    csv: bool = False
    session: int | None = None


@dataclass(frozen=True)
class Leaderboard(Command):
    """Show the all-time leaderboard: ``kill``/``nokill`` games only (000 kill §13), and
    one game only (``game``, a word such as ``holdem`` or ``plo``; "" for all)."""

    kill: bool | None = None
    game: str = ""


@dataclass(frozen=True)
class Stats(Command):
    """A player's statistics (your own when ``player`` is empty): this session and all
    time, by game."""

    player: str = ""


@dataclass(frozen=True)
class Rabbit(Command):
    """Show the channel the board cards the last hand would have dealt had it gone to the
    river ("Rabbit hunting"), marked as not played."""


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


PLAY_WORDS = {
    "fold": "fold",
    "f": "fold",
    "check": "check",
    "x": "check",
    "call": "call",
    "c": "call",
    "bet": "bet",
    "open": "bet",  # jacks or better: the first bet opens (004 jacks §1)
    "raise": "raise",
    "r": "raise",
    "allin": "allin",
    "all-in": "allin",
    "shove": "allin",
    "bringin": "bringin",
    "bring-in": "bringin",
    "complete": "complete",
    "draw": "draw",
    "discard": "draw",
    "pat": "draw",
    "stand": "draw",
    "show": "show",
    "muck": "muck",
    "runs": "runs",
}

RUN_WORDS = {"once": 1, "twice": 2, "thrice": 3}

# whole chips, with commas only where they group thousands (1,000 but not 4,0), an exact
# decimal and a k or m suffix
_AMOUNT = re.compile(r"([1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.(\d+))?([kKmM]?)")
_FORMS = "use whole chips like 40, 1k or 2.5k"


def parse_amount(text: str) -> int:
    """A chip amount: ``40``, ``1,000``, ``1k`` (1000), ``2.5k`` (2500), ``1m``.

    Read exactly, never rounded or cut: a comma must group thousands (``4,0`` is refused,
    not read as 40), and a decimal must come to whole chips (``2.0000001`` and
    ``1.0000001k`` are refused, not read as 2 and 1000).

    Raises:
        ParseError: not a positive whole number of chips in one of those forms, or over
            a trillion; the message says what is accepted.
    """
    cleaned = text.strip()
    if len(cleaned) > 24 or not cleaned.isascii():
        raise ParseError(f"that is not an amount: {_FORMS}")
    match = _AMOUNT.fullmatch(cleaned)
    if not match:
        raise ParseError(f"{text!r} is not an amount: {_FORMS}")
    whole, frac, suffix = match.groups()
    scale = {"": 1, "k": 1_000, "m": 1_000_000}[suffix.lower()]
    frac = frac or ""
    exact = (int(whole.replace(",", "")) * 10 ** len(frac) + int(frac or "0")) * scale
    value, rest = divmod(exact, 10 ** len(frac))
    if rest:
        raise ParseError(f"{text!r} is not a whole number of chips: {_FORMS}")
    if value <= 0:
        raise ParseError("an amount must be more than 0 chips")
    if value > MAX_AMOUNT:
        raise ParseError(f"{text!r} is more chips than any table holds")
    return int(value)


def _nothing_after(head: str, rest: list[str], usage: str) -> None:
    """Refuse words a command does not take, rather than act on part of what was typed.

    Raises:
        ParseError: ``rest`` is not empty; says how the command is written.
    """
    if rest:
        raise ParseError(f"{head} takes nothing after it ({rest[0][:20]!r}): type {usage}")


def parse(text: str) -> Command:
    """One line a player typed: ``raise 40``, ``sit 500 3``, ``draw 7h 2c``, ``fold``.

    Raises:
        ParseError: an unknown word or a bad amount, saying what is accepted.
    """
    words = text.strip().split()
    if not words:
        raise ParseError("type a command: fold, check, call, bet N, raise N, all-in, status...")
    head, rest = words[0].lower().lstrip("/"), words[1:]
    if head == "all" and [w.lower() for w in rest[:1]] == ["in"]:
        head, rest = "allin", rest[1:]  # "all in", as it is said at the table
    if head in ("bet", "raise", "r", "complete") and [w.lower() for w in rest[:1]] == ["to"]:
        rest = rest[1:]  # "raise to 40": amounts are always what the bet comes to
        if not rest:
            raise ParseError(f"{head} to how much? e.g. '{head} to 40'")
    if head in ("sit", "join", "buyin", "buy-in"):
        if not rest:
            raise ParseError("sit BUY_IN [SEAT]: how many chips to buy in for")
        seat = None
        if len(rest) > 1:
            seat = whole_number(rest[1], 99)
            if not seat:
                raise ParseError(f"{rest[1][:20]!r} is not a seat number: sit BUY_IN [SEAT]")
        _nothing_after(f"{head} BUY_IN SEAT", rest[2:], "'sit 200' or 'sit 200 3'")
        return Sit(parse_amount(rest[0]), seat)
    if head in ("topup", "top-up", "rebuy", "addon"):
        if not rest:
            raise ParseError("topup AMOUNT: how many chips to add")
        _nothing_after(f"{head} AMOUNT", rest[1:], "'topup 100'")
        if rest[0].strip() == "0":
            return TopUp(0)  # the table refuses it saying how much may be added
        return TopUp(parse_amount(rest[0]))
    simple: dict[str, Command] = {
        "sitout": SitOut(),
        "away": SitOut(),
        "back": SitIn(),
        "sitin": SitIn(),
        "post": SitIn(post=True),
        "leave": Leave(),
        "cashout": Leave(),
        "start": Start(),
        "deal": Start(),
        "pause": Pause(),
        "clock": Clock(),
        "status": Status(),
        "stacks": Status(),
        "table": Status(),
        "kill": KillOffer(),
        "object": Object(),
        "straddle": Straddle(),
        "wait": Wait(),
        "checkfold": PreAction("check_fold"),
        "check/fold": PreAction("check_fold"),
        "cf": PreAction("check_fold"),
        "nocheckfold": PreAction("off"),
        "waitlist": Wait(),
    }
    if head in simple:
        _nothing_after(head, rest, repr(head))
        return simple[head]
    if head in ("choose", "pick"):
        if not rest:
            raise ParseError(f"{head} which game? e.g. '{head} razz'")
        said = " ".join(rest)
        known = GAME_WORDS.get(said.lower())
        return Choose(known.value if known is not None else said)
    host = _host_command(head, rest)
    if host is not None:
        return host
    if head in RUN_WORDS:  # the answer to "run the board once, twice or three times?"
        _nothing_after(head, rest, repr(head))
        return Play("runs", RUN_WORDS[head])
    kind = PLAY_WORDS.get(head)
    if kind is None:
        raise ParseError(
            f"{words[0]!r} is not a command: try fold, check, call, bet N, raise N, all-in, "
            "draw CARDS, sit N, status"
        )
    if kind in ("bet", "raise", "complete"):
        # without an amount: the minimum (the only size in fixed limit); chat fills it in
        _nothing_after(f"{head} AMOUNT", rest[1:], f"'{head} 40'")
        return Play(kind, parse_amount(rest[0]) if rest else None)
    if kind == "runs":
        if len(rest) != 1 or rest[0] not in ("1", "2", "3"):
            raise ParseError("runs 1, 2 or 3: how many times to run the board")
        return Play("runs", int(rest[0]))
    if kind == "draw":
        if head in ("pat", "stand"):
            if rest and [w.lower() for w in rest] != ["pat"]:
                raise ParseError(f"{head} takes no cards: to throw cards type 'draw 7h 2c'")
            return Play("draw", cards=())
        if not rest:
            raise ParseError(f"{head} which cards? e.g. 'draw 7h 2c'; to keep them all, 'pat'")
        # ranks are written in capitals and suits in small letters: "7H" means 7h; the ten
        # is T, and 10 as the cards are shown
        written = "".join(_card_word(w) for w in rest)
        try:
            cards = tuple(parse_cards(written))
        except CardError as exc:
            raise ParseError(f"{exc}: name the cards to throw, e.g. 'draw 7h 2c'") from exc
        twice = sorted({c for c in cards if cards.count(c) > 1})
        if twice:
            raise ParseError(f"{', '.join(twice)} named twice: name each card to throw once")
        return Play("draw", cards=cards)
    if kind == "call" and rest:
        # the engine refuses an amount that is not the call, with the legal choices
        _nothing_after(f"{head} AMOUNT", rest[1:], "'call' or 'call 40'")
        return Play("call", parse_amount(rest[0]))
    if kind == "allin" and rest:
        raise ParseError(
            f"{head} takes no amount: an all-in is every chip you have; to choose an amount "
            "type 'raise N'"
        )
    _nothing_after(head, rest, repr(head))
    return Play(kind)


# suits as the table shows them (and their outline forms) -> the letters cards are read in
_SUIT_SIGNS = str.maketrans("♠♥♦♣♤♡♢♧", "shdcshdc")


def _card_word(word: str) -> str:
    """One card as typed (``7H``, ``qh``, ``10h``, ``Q♥``, ``10♠``) in the form
    :func:`parse_cards` reads (``7h``, ``Qh``, ``Th``); other words are left for it to
    refuse."""
    word = word.translate(_SUIT_SIGNS)
    if len(word) == 3 and word[:2] == "10":
        return "T" + word[2].lower()
    if len(word) in (2, 3):
        return word[:-1].upper() + word[-1].lower()
    return word


def _signed(text: str) -> int:
    """An amount with at most one sign in front: ``-50``, ``+50`` or ``50``.

    Raises:
        ParseError: not an amount (``--50`` included).
    """
    sign, body = (text[0], text[1:]) if text[:1] in ("+", "-") else ("+", text)
    if body[:1] in ("+", "-"):
        raise ParseError(f"{text[:20]!r} is not an amount: one sign at most, like -50 or +50")
    value = parse_amount(body)
    return -value if sign == "-" else value


_OPTION_ALIASES = {"buy-in": "buyin", "buyins": "buyin", "blinds": "stakes", "limit": "structure"}


def _quoted(rest: list[str], usage: str) -> list[str]:
    """The words after a command with double-quoted names kept whole: ``"Bot Ada" 50
    comp`` is three words.

    Raises:
        ParseError: a quote left open, with how the command is written.
    """
    lexer = shlex.shlex(" ".join(rest), posix=True)
    lexer.quotes = '"'  # an apostrophe belongs to names such as O'Brien
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError as exc:
        raise ParseError(f"{usage}: a quote is not closed ({exc})") from exc


def _host_command(head: str, rest: list[str]) -> Command | None:
    if head == "kick":
        words = _quoted(rest, "kick NAME")
        if not words:
            raise ParseError("kick NAME: who to remove from the table (a name or seat number)")
        return Kick(" ".join(words))  # a display name may have spaces in it
    if head == "adjust":
        return _adjust(rest)
    if head == "void":
        _nothing_after(head, rest, "'void'")
        return Void()
    if head in ("bomb", "bombpot"):
        if len(rest) > 1:
            raise ParseError(
                "bomb [ANTE]: the next hand is a bomb pot, e.g. 'bomb' or 'bomb 20'; "
                "'bomb off' calls it off"
            )
        if rest and rest[0].lower() == "off":
            return Bomb(off=True)
        if rest and re.fullmatch("0+", rest[0]):
            return Bomb(0)  # the table refuses it with the range of antes
        try:
            return Bomb(parse_amount(rest[0]) if rest else None)
        except ParseError as exc:
            raise ParseError(
                f"bomb [ANTE]: {exc}; e.g. 'bomb' or 'bomb 20', and 'bomb off' calls it off"
            ) from exc
    if head == "set":
        if len(rest) < 2:
            raise ParseError(
                "set OPTION VALUE: turn SECONDS, runs on|off, timeouts N, game GAME, "
                "structure STRUCTURE, stakes 1/2, buyin MIN MAX, bomb ANTE every N, 72 BOUNTY, "
                "timebank SECONDS"
            )
        name = rest[0].lower()
        return SetOption(_OPTION_ALIASES.get(name, name), " ".join(rest[1:]).lower())
    if head in ("end", "endsession"):
        _nothing_after(head, rest, f"'{head}'")
        return EndSession()
    if head == "ledger":
        return _ledger(rest)
    if head in ("leaderboard", "board"):
        words = [w.lower() for w in rest]
        kill = next((w == "kill" for w in words if w in ("kill", "nokill")), None)
        games = [w for w in words if w not in ("kill", "nokill")]
        if len(games) > 1 or len(words) - len(games) > 1:
            raise ParseError("leaderboard [kill|nokill] [GAME]: e.g. 'leaderboard kill holdem'")
        return Leaderboard(kill, games[0] if games else "")
    if head == "history":
        return _history(rest)
    if head == "stats":
        return Stats(" ".join(rest))
    if head in ("rabbit", "rabbithunt"):
        _nothing_after(head, rest, f"'{head}'")
        return Rabbit()
    return None


# what is left of an amount split by a space: the '000' of '1 000', the 'k' of '2.5 k'
_AMOUNT_REST = re.compile(r"[\d.,]*[kKmM]?")

ADJUST_USAGE = "adjust NAME AMOUNT REASON"
_ADJUST_EXAMPLE = "e.g. 'adjust bob -50 miscount'"


def _adjust(rest: list[str]) -> Adjust:
    """``adjust NAME AMOUNT REASON``: a name (quoted when it has spaces) or seat number, a
    signed amount in one word, and free text. An amount of 0 is read, for the table to
    refuse with the range the player's stack allows.

    Raises:
        ParseError: fewer than three words, an amount that cannot be read, or one split by
            a space (``4 0 reason``, which would adjust by 4): every refusal starts with
            the usage and gives an example; a reason that starts with a number is quoted.
    """
    words = _quoted(rest, ADJUST_USAGE)
    if len(words) < 3:
        raise ParseError(
            f"{ADJUST_USAGE}: e.g. 'adjust bob -50 miscount' or "
            "'adjust \"Bot Ada\" 50 comp' (a name or seat number)"
        )
    amount, reason = words[1], words[2]
    if not _reason_quoted(rest) and (
        _AMOUNT_REST.fullmatch(reason) or (amount in ("+", "-") and reason[:1].isdigit())
    ):
        raise ParseError(
            f"{ADJUST_USAGE}: an amount is one word, with no space in it "
            f"({f'{amount} {reason}'[:24]!r} is two): {_FORMS.removeprefix('use ')}; "
            f"{_ADJUST_EXAMPLE}, and a reason that starts with a number in double quotes: "
            "'adjust bob 50 \"2 rebuys\"'"
        )
    try:
        chips = _signed(amount)
    except ParseError as exc:
        if not re.fullmatch(r"[+-]?0+", amount):
            raise ParseError(f"{ADJUST_USAGE}: {exc}; {_ADJUST_EXAMPLE}") from exc
        chips = 0
    return Adjust(words[0], chips, " ".join(words[2:]))


def _reason_quoted(rest: list[str]) -> bool:
    """Whether the words after ``adjust``'s name and amount start with a double quote:
    a quoted reason may start with a number (``"2 rebuys"``)."""
    raw = " ".join(rest)
    stream = io.StringIO(raw)
    lexer = shlex.shlex(stream, posix=True)
    lexer.quotes = '"'
    lexer.whitespace_split = True
    lexer.commenters = ""
    lexer.get_token()
    lexer.get_token()
    # shlex reads one character at a time, so the stream stands just past the amount
    return raw[stream.tell() :].lstrip().startswith('"')


def _ledger(rest: list[str]) -> Ledger:
    """``ledger [csv] [SESSION]``: a session's ledger, as lines or as a CSV file.

    Raises:
        ParseError: anything else, with how the command is written.
    """
    usage = (
        "ledger [csv] [SESSION]: this session's ledger (the one that just ended, until the "
        "next deal), or session SESSION's; e.g. 'ledger', 'ledger csv' or 'ledger csv 3'"
    )
    words = [w.lower() for w in rest]
    numbers = [w for w in words if w != "csv"]
    if words.count("csv") > 1 or len(numbers) > 1:
        raise ParseError(usage)
    session = whole_number(numbers[0], 10**12) if numbers else None
    if numbers and not session:
        raise ParseError(f"{usage} ({numbers[0][:20]!r} is not a session number)")
    return Ledger("csv" in words, session)


HISTORY_MOST = 20
HAND_NUMBER_MOST = 10**9  # a hand number as 'history' and 'verify' take it


def _history(rest: list[str]) -> History:
    """``history [HAND NUMBER|last N|session] [phh|pokerstars]``: that hand (the number
    ``verify`` takes), your last N hands (N from 1 to 20; 1 when left out, and without ``last``
    your last hand), or every hand of yours this session.

    Raises:
        ParseError: anything else, with how the command is written.
    """
    usage = (
        f"history [HAND NUMBER|last N|session] [phh|pokerstars]: that hand (the number "
        f"'verify' takes), your last N hands (N from 1 to {HISTORY_MOST}) or this "
        "session's; e.g. 'history 12', 'history last 5' or 'history session pokerstars'"
    )
    words = [w.lower() for w in rest]
    formats = [w for w in words if w in ("phh", "pokerstars", "stars")]
    which = [w for w in words if w not in formats]
    if len(formats) > 1:
        raise ParseError(usage)
    form = formats[0] if formats else ""
    phh, stars = form == "phh", form in ("pokerstars", "stars")
    if not which:
        return History(phh=phh, pokerstars=stars)
    if which == ["session"]:
        return History(phh=phh, pokerstars=stars, session=True)
    if which[0] == "last" and len(which) <= 2:
        count = whole_number(which[1], HISTORY_MOST) if len(which) == 2 else 1
        if not count:
            raise ParseError(f"{which[1][:20]!r} is not a number of hands: {usage}")
        return History(count, phh, stars)
    if len(which) == 1:
        number = whole_number(which[0], HAND_NUMBER_MOST)
        if not number:
            raise ParseError(f"{which[0][:20]!r} is not a hand number: {usage}")
        return History(phh=phh, pokerstars=stars, hand=number)
    raise ParseError(usage)
