"""``/poker new``: the words a host types to set up a table, read into table settings.

The words come in any order, e.g. ``new holdem nl 1/2 buyin 40-200 timer 30 kill``,
``new omaha pl 2/5 straddle``, ``new horse 4/8`` or ``new stud 10/20 ante 2``.
Anything not understood is refused with the words that are, and nothing is created.
"""

from __future__ import annotations

import re

from bot.engine import (
    MIXES,
    Bets,
    ConfigError,
    Game,
    HouseRules,
    KillRules,
    KillSize,
    Structure,
    TableSettings,
    bomb_refusal,
    bring_in_problem,
    default_bets,
    default_buy_in,
    kill_refusal,
    parse_mix,
    read_bets,
    spec_for,
    stakes_config,
)
from bot.words.commands import ParseError, parse_amount, whole_number
from bot.words.gamewords import GAME_WORDS
from bot.words.houseoptions import bomb_text, time_bank_text

STRUCTURE_WORDS: dict[str, Structure] = {
    "nl": Structure.NO_LIMIT,
    "no_limit": Structure.NO_LIMIT,
    "pl": Structure.POT_LIMIT,
    "pot_limit": Structure.POT_LIMIT,
    "halfpot": Structure.HALF_POT,
    "half_pot": Structure.HALF_POT,
    "plnl": Structure.PL_PREFLOP_NL_POSTFLOP,
    "fl": Structure.FIXED_LIMIT,
    "limit": Structure.FIXED_LIMIT,
    "fixed_limit": Structure.FIXED_LIMIT,
    "spread": Structure.SPREAD_LIMIT,
    "spread_limit": Structure.SPREAD_LIMIT,
}

# The structure a game is usually played at when the host names none.
DEFAULT_STRUCTURE = {
    Game.HOLDEM: Structure.NO_LIMIT,
    Game.OMAHA: Structure.POT_LIMIT,
    Game.DEUCE_SINGLE: Structure.NO_LIMIT,
}

# Options that take one whole number: word -> (setting, what the number is).
NUMBER_WORDS: dict[str, tuple[str, str]] = {
    "ante": ("ante", "an amount"),
    "bbante": ("bb_ante", "an amount"),
    "bb-ante": ("bb_ante", "an amount"),
    "seats": ("seats", "a number of seats"),
    "confirm": ("confirm", "chips"),
    "timer": ("timer", "seconds"),
    "turn": ("timer", "seconds"),
    "minutes": ("minutes", "minutes"),
}

HELP = (
    "new [GAME] [STRUCTURE] [STAKES] [options]\n"
    "  GAME: holdem, omaha (plo), o8, stud, stud8, razz, jacks, a5, 27, 27td, "
    "or a mix: horse, hose, hoe, roe, mix holdem,razz,...\n"
    "  STRUCTURE: nl, pl, halfpot, plnl, fl (limit), spread MIN-MAX\n"
    "  STAKES: the blinds in no-limit and pot-limit (default 1/2); the small and big bet "
    "in limit (default 2/4: blinds 1 and 2)\n"
    "  options: ante N, bbante N, straddle, buyin MIN-MAX, seats N, timer SECONDS, "
    "kill [half] [last], runs on|off, minutes N (mix by time), "
    "choice (dealer's choice of the mix, or alone of every game), "
    "value CHIPS=1 [SIGN], confirm N (bets over N chips ask for a click)"
)


# counts read as whole numbers in a range (not chips): option -> (least, most, what)
COUNTS: dict[str, tuple[int, int, str]] = {
    "seats": (2, 10, "seats"),
    "timer": (5, 600, "seconds to act"),
    "minutes": (1, 240, "minutes per game of a mix"),
}


def _count(words: list[str], i: int, name: str) -> int:
    least, most, what = COUNTS[name]
    text = words[i] if i < len(words) else ""
    value = whole_number(text, most)
    if value is None or value < least:
        raise ParseError(f"{words[i - 1]} takes {least} to {most} {what}, not {text[:20]!r}")
    return value


class NotAnOption(ParseError):
    """A word ``new`` does not know (a caller with words of its own names them instead).

    Attributes:
        word: the word.
    """

    def __init__(self, word: str, message: str) -> None:
        super().__init__(message)
        self.word = word


def _is_sign(word: str) -> bool:
    return len(word) <= 3 and not any(c.isalnum() for c in word)


def _topic(word: str) -> str | None:
    """What a word of ``new`` sets, so that saying it twice is refused rather than the last
    one silently winning (``holdem omaha``, ``1/2 3/6``)."""
    if word in GAME_WORDS or word in MIXES or word == "mix":
        return "game"
    if word in STRUCTURE_WORDS or word == "spread":
        return "structure"
    if _reads_as_stakes(word) or word in ("blinds", "stakes"):
        return "stakes"
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word][0].replace("_", " ")
    if word in ("buyin", "buy-in"):
        return "buy-in"
    if word in ("kill", "runs", "value", "straddle", "choice"):
        return word
    return None


def _amount(words: list[str], i: int, what: str) -> int:
    if i >= len(words):
        raise ParseError(f"{words[i - 1]} needs {what}")
    return parse_amount(words[i])


def _reads_as_stakes(word: str) -> bool:
    """Whether a word of ``new`` is stakes (``1/2``, ``2-10``, ``1k/2k``), not an option."""
    return "/" in word or bool(re.fullmatch(r"\d[\d.,km]*(-[\d.,km]+)+", word))


def stakes_in_digits(text: str) -> str:
    """Stakes words with each amount written as a bet's may be (``1k/2k``, ``1,000/2,000``,
    :func:`bot.words.commands.parse_amount`) in digits, for the one stakes grammar
    (:func:`bot.engine.tablesettings.read_bets`) to read; a part that is no amount is left
    as it is, for the grammar to refuse with the forms stakes take."""
    parts = re.split(r"(\s*[/-]\s*)", text.strip())
    out = []
    for k, part in enumerate(parts):
        if k % 2 or not part:
            out.append(part)
            continue
        try:
            out.append(str(parse_amount(part)))
        except ParseError:
            out.append(part)
    return "".join(out)


def _bets(text: str) -> Bets:
    """Stakes words read by the one grammar ``set stakes`` reads too.

    Raises:
        ParseError: words that are not stakes, with the forms they take.
    """
    try:
        return read_bets(stakes_in_digits(text))
    except ConfigError as exc:
        raise ParseError(str(exc)) from exc


def _pair(text: str, what: str) -> tuple[int, int]:
    low, sep, high = text.replace("-", "/").partition("/")
    if not sep:
        raise ParseError(f"{text!r} is not {what}: write it like 1/2 or 40-200")
    return parse_amount(low), parse_amount(high)


def parse_table_setup(text: str) -> TableSettings:  # noqa: C901 - one branch per word
    """The settings a host asked for with ``new ...`` (the word ``new`` may be left out).

    Defaults follow what players expect: no-limit hold'em 1/2, nine seats (or the most the
    game deals), a buy-in of 20 to 100 big blinds (000 NL §16), 30 seconds to act
    (000 NL §15), no kill. Limit stakes ``A/B`` are the small and big bet with blinds of
    half the small bet, rounded up, and the small bet (default 2/4); stud's ante and
    bring-in follow RULES.md "Games of rounds" unless set, and stakes leaving no bring-in
    below the completion are refused.

    Args:
        text: the host's words.
    Returns:
        The table's settings.
    Raises:
        ParseError: a word or number that is not understood, naming what is.
        ConfigError: words that do not make a table (e.g. a buy-in minimum over the maximum).
    """
    # a comma between digits groups thousands (buyin 1,000-5,000); any other separates
    words = re.sub(r"(?<!\d),|,(?!\d)", " , ", text.lower()).split()
    if words and words[0].lstrip("/") == "new":
        words = words[1:]
    game: Game | None = None
    mix: tuple[Game, ...] = ()
    structure: Structure | None = None
    stakes: Bets | None = None
    numbers = {"ante": 0, "bb_ante": 0, "seats": 0, "timer": 30, "minutes": 0, "confirm": 0}
    buy_in: tuple[int, int] | None = None
    kill: KillRules | None = None
    runs = True
    choice = False
    straddle = False
    value: tuple[int, str] = (0, "")
    i = 0
    said: set[str] = set()
    while i < len(words):
        word = words[i]
        i += 1
        topic = _topic(word)
        if topic is not None:
            if topic in said:
                raise ParseError(f"{word!r} sets the {topic} a second time: give each once")
            said.add(topic)
        if word == ",":
            if i == 1 or i == len(words) or words[i - 2] == "," or words[i] == ",":
                raise ParseError(f"a comma separates two options here, not nothing.\n{HELP}")
            continue
        if word in GAME_WORDS:
            game = GAME_WORDS[word]
        elif word in MIXES:
            mix = MIXES[word]
        elif word == "mix":
            parts = []
            while i < len(words) and (words[i] == "," or words[i] in GAME_WORDS):
                if words[i] != ",":
                    parts.append(GAME_WORDS[words[i]].value)
                i += 1
            try:
                mix = parse_mix(",".join(parts))
            except ConfigError as exc:
                raise ParseError(f"mix GAME,GAME,...: {exc}") from exc
        elif word == "spread":
            structure = Structure.SPREAD_LIMIT
            if i < len(words) and "-" in words[i]:
                if "stakes" in said:
                    raise ParseError(f"{words[i]!r} sets the stakes a second time: give each once")
                said.add("stakes")
                stakes = _bets(words[i])
                i += 1
        elif word in STRUCTURE_WORDS:
            structure = STRUCTURE_WORDS[word]
        elif _reads_as_stakes(word):
            stakes = _bets(word)
        elif word in ("blinds", "stakes"):
            if i >= len(words):
                raise ParseError(f"{word} needs stakes like 1/2")
            stakes = _bets(words[i])
            i += 1
        elif word in NUMBER_WORDS:
            name, what = NUMBER_WORDS[word]
            if name in COUNTS:
                numbers[name] = _count(words, i, name)
            else:
                numbers[name] = _amount(words, i, what)
            i += 1
        elif word in ("buyin", "buy-in"):
            if i >= len(words):
                raise ParseError("buyin needs a range like 40-200")
            buy_in = _pair(words[i], "a buy-in range")
            i += 1
        elif word == "kill":
            size = KillSize.FULL
            acts = "in_turn"
            while i < len(words) and words[i] in ("full", "half", "last"):
                if words[i] == "last":
                    acts = "last"
                else:
                    size = KillSize(words[i])
                i += 1
            kill = KillRules(size=size, killer_acts=acts)
        elif word == "straddle":
            straddle = True
        elif word == "runs":
            if i >= len(words) or words[i] not in ("on", "off"):
                raise ParseError("runs on or runs off: offer to run the board twice all-in")
            runs = words[i] == "on"
            i += 1
        elif word == "choice":
            choice = True
        elif word == "value":
            usage = "value CHIPS=1 [SIGN]: how many chips make one unit, e.g. 'value 100=1 $'"
            if i >= len(words) or "=" not in words[i]:
                raise ParseError(usage)
            chips_text, _, unit = words[i].partition("=")
            if unit != "1":
                raise ParseError(usage)
            chips = parse_amount(chips_text)
            i += 1
            # a currency sign is a symbol ($, €, £), never a word such as a game's name
            sign = words[i] if i < len(words) and _is_sign(words[i]) else ""
            i += 1 if sign else 0
            value = (chips, sign)
        else:
            raise NotAnOption(word, f"{word!r} is not a table option.\n{HELP}")
    return _settings(
        game,
        mix,
        structure,
        stakes,
        numbers["ante"],
        numbers["bb_ante"],
        buy_in,
        numbers["seats"],
        numbers["timer"],
        kill,
        runs,
        numbers["minutes"],
        choice,
        straddle,
        value,
        numbers["confirm"],
    )


def _settings(  # noqa: PLR0913 - the words read above
    game: Game | None,
    mix: tuple[Game, ...],
    structure: Structure | None,
    stakes: Bets | None,
    ante: int,
    bb_ante: int,
    buy_in: tuple[int, int] | None,
    seats: int,
    timer: int,
    kill: KillRules | None,
    runs: bool,
    minutes: int,
    choice: bool,
    straddle: bool,
    value: tuple[int, str],
    confirm: int = 0,
) -> TableSettings:
    if game is not None and mix:
        raise ParseError("name one game or one mix, not both")
    if choice and game is not None:
        raise ParseError(
            "choice is dealer's choice of a mix ('new horse choice') or, alone, of every game "
            "('new choice'): not of one game"
        )
    if choice and not mix:
        mix = every_game(structure)
    if minutes and not mix:
        raise ParseError("minutes are for a mix: e.g. 'new horse minutes 30'")
    games = mix or (game or Game.HOLDEM,)
    first = games[0]
    if structure is None:
        structure = (
            Structure.FIXED_LIMIT if mix else DEFAULT_STRUCTURE.get(first, Structure.FIXED_LIMIT)
        )
    if any(spec_for(g).is_stud for g in games) and not structure.is_limit:
        raise ParseError("stud games are played fixed or spread limit: add 'fl'")
    try:
        config = stakes_config(
            games,
            structure,
            stakes or default_bets(structure),
            HouseRules(straddle_allowed=straddle),
            ante=ante,
            big_blind_ante=bb_ante,
        )
        problem = bring_in_problem(games, config.stakes)
        if problem is not None:
            raise ParseError(problem)
        minimum, maximum = buy_in or default_buy_in(config, games)
        most = min(spec_for(g).max_players for g in games)
        settings = TableSettings(
            config,
            mix=mix,
            mix_minutes=minutes,
            dealer_choice=choice,
            seats=seats or min(9, most),
            min_buy_in=minimum,
            max_buy_in=maximum,
            kill=kill,
            turn_seconds=timer,
            offer_runs=runs,
            chips_per_unit=value[0],
            currency=value[1],
            confirm_over=confirm,
        )
        refused = kill_refusal(settings)
        if refused is not None:
            raise ParseError(refused)
        return settings
    except (ConfigError, TypeError, ValueError) as exc:
        raise ParseError(f"that table cannot be set up: {exc}") from exc


def every_game(structure: Structure | None) -> tuple[Game, ...]:
    """The games ``choice`` alone lets the dealer pick from: every game the bot deals at
    ``structure`` (None: limit, as a mix is dealt), in the rulebook's order; at no-limit
    and pot-limit all but the stud games, which are played limit (002)."""
    if structure is None or structure.is_limit:
        return tuple(Game)
    return tuple(g for g in Game if not spec_for(g).is_stud)


def describe_settings(settings: TableSettings) -> list[str]:
    """The house rules in a few lines, for ``rules``: game, stakes, buy-in, timer, kill.

    Args:
        settings: the table's settings.
    Returns:
        Lines of text.
    """
    config = settings.config
    games = " → ".join(g.label for g in settings.mix) if settings.mix else config.game.label
    lines = [f"{games}: {config.description}"]
    lines.append(f"buy-in {settings.min_buy_in} to {settings.max_buy_in} (000 NL §16)")
    lines.append(
        f"{settings.seats} seats · {settings.turn_seconds}s to act, then check or fold "
        f"(000 NL §15); sat out after {settings.timeouts_to_sit_out} timeouts in a row"
    )
    rules = config.rules
    lines.append("straddle allowed (000 NL §14)" if rules.straddle_allowed else "no straddle")
    lines.append("run it twice offered when all-in" if settings.offer_runs else "one run only")
    if any(bomb_refusal(g) is None for g in settings.mix or (config.game,)):
        bomb = settings.bomb
        lines.append(bomb_text(bomb.ante_for(config), bomb.every, bomb.double_board))
    bank = settings.time_bank
    lines.append(time_bank_text(bank.seconds, bank.refill, bank.every))
    lines.append("a picture with each showdown" if settings.pictures else "no showdown pictures")
    if settings.seven_deuce:
        lines.append(
            f"7-2 game: winning the main pot with seven-deuce collects {settings.seven_deuce} "
            "from each other player dealt in (hold'em)"
        )
    if settings.kill is not None:
        kill = settings.kill
        lines.append(
            f"kill game: {kill.size.value} kill, killer acts {kill.killer_acts.replace('_', ' ')}"
            f", pot counted: {kill.pot_counts} (000 kill)"
        )
    else:
        lines.append("no kill")
    if settings.confirm_over:
        lines.append(f"bets over {settings.confirm_over} chips ask for a confirmation click")
    if settings.chips_per_unit:
        lines.append(f"{settings.chips_per_unit} chips = {settings.currency}1.00")
    return lines
