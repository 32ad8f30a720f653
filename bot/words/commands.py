"""The command vocabulary shared by every adapter: text or button payloads to typed commands
(the commands and their words are declared in :mod:`bot.words.commandset`).

A parse error ("``raise abc``") is a :class:`ParseError`, different from an illegal action
(the engine's :class:`~bot.engine.errors.IllegalAction`). Amounts are whole chips, or forms
like ``1k`` and ``2.5k``; anything else is refused with what is accepted.
"""

from __future__ import annotations

import io
import re
import shlex
from collections.abc import Callable

from bot.engine import CardError, parse_cards
from bot.engine.payouts import PER_MILLE
from bot.words.commandset import (
    VERBS,
    AddOn,
    Adjust,
    Bomb,
    CancelTournament,
    Cards,
    Choose,
    Chop,
    Clock,
    Command,
    EndSession,
    Help,
    History,
    Kick,
    KillOffer,
    Leaderboard,
    League,
    Leave,
    Ledger,
    New,
    NewSeason,
    Object,
    Pause,
    Payouts,
    Play,
    PreAction,
    Rabbit,
    Rebuy,
    Register,
    RemoveEntrant,
    Results,
    Rules,
    SetOption,
    Sit,
    SitIn,
    SitOut,
    Start,
    Stats,
    Status,
    Straddle,
    TopUp,
    TournamentNew,
    Unregister,
    Verb,
    Verify,
    Void,
    Wait,
    declared_of,
)
from bot.words.gamewords import GAME_WORDS

# the vocabulary: the commands (declared in bot.words.commandset) and how they are read
__all__ = [
    "ADJUST_USAGE",
    "Adjust",
    "Bomb",
    "Cards",
    "Choose",
    "Clock",
    "Command",
    "EndSession",
    "HAND_NUMBER_MOST",
    "HISTORY_MOST",
    "Help",
    "History",
    "Kick",
    "KillOffer",
    "Leaderboard",
    "Leave",
    "Ledger",
    "MAX_AMOUNT",
    "New",
    "Object",
    "PLAY_WORDS",
    "ParseError",
    "Pause",
    "Play",
    "PreAction",
    "READERS",
    "Rabbit",
    "Reader",
    "Rules",
    "SetOption",
    "Sit",
    "SitIn",
    "SitOut",
    "Start",
    "Stats",
    "Status",
    "Straddle",
    "TopUp",
    "Verify",
    "Void",
    "Wait",
    "AddOn",
    "CancelTournament",
    "Chop",
    "Rebuy",
    "Register",
    "RemoveEntrant",
    "TournamentNew",
    "Unregister",
    "League",
    "NewSeason",
    "Payouts",
    "Results",
    "read_payouts",
    "parse",
    "parse_amount",
    "whole_number",
]

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


# a move's words -> its kind (the answers "once", "twice", "thrice" are not moves' words)
PLAY_WORDS = {
    word: dict(verb.fields)["kind"]
    for verb in declared_of(Play).verbs
    if "amount" not in dict(verb.fields)
    for word in verb.words
}

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
    """One line a player typed: ``raise 40``, ``sit 500 3``, ``draw 7h 2c``, ``fold``; the
    first word names the command (its declared words, :data:`bot.words.commandset.VERBS`),
    the rest are read by the command's reader.

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
    found = VERBS.get(head)
    if found is None:
        raise ParseError(
            f"{words[0]!r} is not a command: try fold, check, call, bet N, raise N, all-in, "
            "draw CARDS, sit N, status"
        )
    verb, declared = found
    return READERS.get(declared.command, _bare)(verb, head, rest)


Reader = Callable[[Verb, str, list[str]], Command]


def _bare(verb: Verb, head: str, rest: list[str]) -> Command:
    """A command that takes no words after it: the one its verb names.

    Raises:
        ParseError: words after it.
    """
    _nothing_after(head, rest, repr(head))
    return _command_of(verb)(**dict(verb.fields))


def _command_of(verb: Verb) -> type[Command]:
    """The command a verb writes."""
    return VERBS[verb.name][1].command


def _rest_unread(verb: Verb, head: str, rest: list[str]) -> Command:
    """A command the words after it do not change (``help me`` is help)."""
    return _command_of(verb)()


def _new(verb: Verb, head: str, rest: list[str]) -> New:
    return New(" ".join(["new", *rest]))


def _sit(verb: Verb, head: str, rest: list[str]) -> Sit:
    if not rest:
        raise ParseError("sit BUY_IN [SEAT]: how many chips to buy in for")
    seat = None
    if len(rest) > 1:
        seat = whole_number(rest[1], 99)
        if not seat:
            raise ParseError(f"{rest[1][:20]!r} is not a seat number: sit BUY_IN [SEAT]")
    _nothing_after(f"{head} BUY_IN SEAT", rest[2:], "'sit 200' or 'sit 200 3'")
    return Sit(parse_amount(rest[0]), seat)


def _top_up(verb: Verb, head: str, rest: list[str]) -> TopUp:
    if not rest:
        raise ParseError("topup AMOUNT: how many chips to add")
    _nothing_after(f"{head} AMOUNT", rest[1:], "'topup 100'")
    if rest[0].strip() == "0":
        return TopUp(0)  # the table refuses it saying how much may be added
    return TopUp(parse_amount(rest[0]))


def _choose(verb: Verb, head: str, rest: list[str]) -> Choose:
    if not rest:
        raise ParseError(f"{head} which game? e.g. '{head} razz'")
    said = " ".join(rest)
    known = GAME_WORDS.get(said.lower())
    return Choose(known.value if known is not None else said)


def _verify(verb: Verb, head: str, rest: list[str]) -> Verify:
    number = whole_number(rest[0], HAND_NUMBER_MOST) if len(rest) == 1 else 0
    if len(rest) > 1 or (rest and not number):
        raise ParseError(
            "verify [HAND NUMBER]: one hand number from 1, e.g. 'verify 12' "
            "(without a number: the last hand)"
        )
    return Verify(number or None)


def _play(verb: Verb, head: str, rest: list[str]) -> Command:  # noqa: C901 - one branch per kind
    fields = dict(verb.fields)
    kind = fields["kind"]
    if "amount" in fields:  # once, twice, thrice
        return _bare(verb, head, rest)
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
    return _bare(verb, head, rest)


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


def _kick(verb: Verb, head: str, rest: list[str]) -> Kick:
    words = _quoted(rest, "kick NAME")
    if not words:
        raise ParseError("kick NAME: who to remove from the table (a name or seat number)")
    return Kick(" ".join(words))  # a display name may have spaces in it


def _bomb(verb: Verb, head: str, rest: list[str]) -> Bomb:
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


def _set(verb: Verb, head: str, rest: list[str]) -> SetOption:
    if len(rest) < 2:
        raise ParseError(
            "set OPTION VALUE: turn SECONDS, runs on|off, timeouts N, game GAME, "
            "structure STRUCTURE, stakes 1/2, buyin MIN MAX, bomb ANTE every N, 72 BOUNTY, "
            "timebank SECONDS"
        )
    name = rest[0].lower()
    return SetOption(_OPTION_ALIASES.get(name, name), " ".join(rest[1:]).lower())


def _leaderboard(verb: Verb, head: str, rest: list[str]) -> Leaderboard:
    words = [w.lower() for w in rest]
    kill = next((w == "kill" for w in words if w in ("kill", "nokill")), None)
    games = [w for w in words if w not in ("kill", "nokill")]
    if len(games) > 1 or len(words) - len(games) > 1:
        raise ParseError("leaderboard [kill|nokill] [GAME]: e.g. 'leaderboard kill holdem'")
    return Leaderboard(kill, games[0] if games else "")


TOURNAMENT_NUMBER_MOST = 10**9  # a tournament's number as 'stats tournament N' takes it
STATS_TOURNAMENT = (
    "stats tournament N [NAME]: N is the tournament's number on this server, as its "
    "results name it (e.g. stats tournament 2)"
)


def _stats(verb: Verb, head: str, rest: list[str]) -> Stats:
    """``stats [NAME]``, or ``stats tournament N [NAME]`` for tournament N of the server.

    Raises:
        ParseError: ``tournament`` without a number, or with one that is not a whole
            number from 1 (``abc``, ``-5``, ``1e9``), saying how it is written.
    """
    if not rest or rest[0].lower() not in ("tournament", "tourney"):
        return Stats(" ".join(rest))
    if len(rest) < 2:
        raise ParseError(f"which tournament? {STATS_TOURNAMENT}")
    number = whole_number(rest[1], TOURNAMENT_NUMBER_MOST)
    if not number:
        raise ParseError(f"{rest[1][:20]!r} is not a tournament number: {STATS_TOURNAMENT}")
    return Stats(" ".join(rest[2:]), number)


# what is left of an amount split by a space: the '000' of '1 000', the 'k' of '2.5 k'
_AMOUNT_REST = re.compile(r"[\d.,]*[kKmM]?")

ADJUST_USAGE = "adjust NAME AMOUNT REASON"
_ADJUST_EXAMPLE = "e.g. 'adjust bob -50 miscount'"


def _adjust(verb: Verb, head: str, rest: list[str]) -> Adjust:
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


def _ledger(verb: Verb, head: str, rest: list[str]) -> Ledger:
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


def _history(verb: Verb, head: str, rest: list[str]) -> History:
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


def _tournament(verb: Verb, head: str, rest: list[str]) -> Command:
    """``tournament new ...`` and ``tournament help`` set one up (the chat answers them);
    ``tournament cancel`` and ``tournament remove NAME`` are the host's."""
    first = rest[0].lower() if rest else ""
    if first == "cancel":
        _nothing_after(f"{head} cancel", rest[1:], f"'{head} cancel'")
        return CancelTournament()
    if first == "remove":
        return _remove(verb, "remove", rest[1:])
    if first not in ("new", "help", ""):
        raise ParseError(
            f"{head} new … sets up a tournament, {head} help lists its words, "
            f"{head} cancel and {head} remove NAME are the host's"
        )
    return TournamentNew(" ".join(rest))


def _remove(verb: Verb, head: str, rest: list[str]) -> RemoveEntrant:
    words = _quoted(rest, "remove NAME")
    if not words:
        raise ParseError("remove NAME: which entrant to take out of the lobby")
    return RemoveEntrant(" ".join(words))


def _extra_chips(verb: Verb, head: str, rest: list[str]) -> Command:
    """``rebuy`` and ``addon``: a tournament's (nothing after them), or at a cash table a
    top-up of the amount after them."""
    command: type[Rebuy] | type[AddOn] = AddOn if _command_of(verb) is AddOn else Rebuy
    if not rest:
        return command()
    _nothing_after(f"{head} AMOUNT", rest[1:], f"'{head}' (or at a cash table 'topup 100')")
    if rest[0].strip() == "0":
        return command(0)
    return command(parse_amount(rest[0]))


_DEAL_KINDS = {"icm": "icm", "chips": "chop", "chop": "chop", "chip": "chop", "no": "no"}


def _chop(verb: Verb, head: str, rest: list[str]) -> Chop:
    usage = f"{head} icm, {head} chips (by chip count) or {head} no"
    if len(rest) != 1 or rest[0].lower() not in _DEAL_KINDS:
        raise ParseError(f"a deal of the prizes left: {usage}")
    return Chop(_DEAL_KINDS[rest[0].lower()])


def _season(verb: Verb, head: str, rest: list[str]) -> NewSeason:
    usage = f"{head} [POINTS...], e.g. '{head}' or '{head} 10 7 5 3 1' (points by place)"
    points = tuple(whole_number(word, 1000) for word in rest)
    if any(p is None for p in points) or len(points) > 100:
        raise ParseError(usage)
    return NewSeason(tuple(p for p in points if p is not None))


PAYOUTS_USAGE = (
    "payouts takes percent by place, e.g. 'payouts 50 30 20', or 'payouts winner takes "
    "all' (wta), or 'payouts standard' (the standard table by entries)"
)
_PERCENT = re.compile(r"\d{1,3}(?:\.\d)?%?")


def read_payouts(words: list[str], i: int) -> tuple[tuple[int, ...], int]:
    """The payouts written from word ``i`` (after ``payouts``): percent by place
    (``50 30 20``, ``62.5%``), ``winner takes all`` or ``wta``, or ``standard``; the
    words are lowercase. Whether the shares can pay (100% in all, none above the place
    before) is the engine's to check.

    Returns:
        The shares in per mille, first place first (() for the standard table), and the
        index of the first word after them.
    Raises:
        ParseError: none of those, with :data:`PAYOUTS_USAGE`.
    """
    if words[i : i + 1] == ["standard"]:
        return (), i + 1
    if words[i : i + 1] == ["wta"]:
        return (PER_MILLE,), i + 1
    if words[i : i + 3] == ["winner", "takes", "all"]:
        return (PER_MILLE,), i + 3
    shares: list[int] = []
    while i < len(words) and _PERCENT.fullmatch(words[i]):
        shares.append(round(float(words[i].rstrip("%")) * PER_MILLE / 100))
        i += 1
    if not shares:
        raise ParseError(PAYOUTS_USAGE)
    return tuple(shares), i


def _payouts(verb: Verb, head: str, rest: list[str]) -> Payouts:
    words = [word.lower() for word in rest]
    shares, read = read_payouts(words, 0)
    if read < len(words):
        raise ParseError(f"{rest[read][:20]!r} is not a payout: {PAYOUTS_USAGE}")
    return Payouts(shares)


# Each command that takes words after its verb, to what reads them (every other takes none)
READERS: dict[type[Command], Reader] = {
    Help: _rest_unread,
    New: _new,
    Rules: _rest_unread,
    Cards: _rest_unread,
    Verify: _verify,
    Sit: _sit,
    TopUp: _top_up,
    Choose: _choose,
    Play: _play,
    Kick: _kick,
    Adjust: _adjust,
    Bomb: _bomb,
    SetOption: _set,
    Ledger: _ledger,
    Leaderboard: _leaderboard,
    History: _history,
    Stats: _stats,
    TournamentNew: _tournament,
    RemoveEntrant: _remove,
    Rebuy: _extra_chips,
    AddOn: _extra_chips,
    Chop: _chop,
    NewSeason: _season,
    Payouts: _payouts,
}
