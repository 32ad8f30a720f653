"""``tournament new ...``: the words a host types to set up a tournament, read into its
rules and the table settings its game is dealt with.

The words come in any order, e.g. ``tournament new turbo buyin 20 bounty 5``,
``tournament new omaha pl deep late 4 rebuys 3 addon`` or
``tournament new levels 10/20 15/30 25/50 ante 5 50/100 minutes 12 stack 2000``.
The game words are those of ``new`` (:mod:`bot.words.tablesetup`). Anything not understood
is refused with the words that are, and nothing is created.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.engine import ConfigError, Structure, TableSettings
from bot.engine.blindlevels import PRESETS, Level, Preset, Schedule
from bot.engine.payouts import PER_MILLE
from bot.engine.tournament import TournamentRules
from bot.words.commands import ParseError, parse_amount, read_payouts, whole_number
from bot.words.counts import counted
from bot.words.tablesetup import NotAnOption, parse_table_setup
from bot.words.tourneytext import cash

HELP = (
    "tournament new [GAME] [STRUCTURE] [PRESET] [options]\n"
    "  GAME and STRUCTURE: as for 'new' (default no-limit hold'em; no spread limit)\n"
    "  PRESET: turbo (5-minute levels, 1,500 chips), regular (10 minutes, 3,000 chips, a "
    "5-minute break hourly; the default), deep (15 minutes, 5,000 chips)\n"
    "  buyin MONEY (e.g. 20 or 7.50; 0 for a freeroll), stack CHIPS, seats N (a table's),\n"
    "  tables N (at most N tables: as many are played as the entries need), #CHANNEL ... "
    "(their channels), balance 1|2 (players tables may differ by), jumps (hand-for-hand "
    "at every pay jump, not only the bubble)\n"
    "  levels 10/20 15/30 25/50 ante 5 50/100 bbante 100 ... (written out), "
    "minutes M or hands N (each level's length), noante (no big-blind ante in a preset)\n"
    "  break M every N (an M-minute break every N levels), nobreaks\n"
    "  late N (late registration to the end of level N), reentry K (re-entries each)\n"
    "  rebuys N [max K] (rebuys in the first N levels), addon [CHIPS]\n"
    "  payouts 50 30 20 (percent by place; default the standard table; the host's "
    "'payouts' changes them until registration closes), wta or payouts winner takes all, "
    "bounty MONEY (of each buy-in, on each head)\n"
    "  start now | full (when the seats fill; the default) | 21:30 (the next 21:30, the "
    "bot's time) | in 20 (minutes); a time with 'full' after it starts early if the seats fill"
)

START_WORDS = ("full", "now")
START_USAGE = (
    "start now, start full, start 21:30 or start in 20: at the host's 'start', when the "
    "seats fill, at the next 21:30 (the bot's time), or in 20 minutes (1 to 1440); "
    "'full' after a time starts it early if the seats fill"
)
START_MINUTES_MOST = 24 * 60
_CLOCK_TIME = re.compile(r"(\d{1,2}):(\d{2})")
_ANTE = "an ante is written with its level, e.g. 'levels 10/20 25/50 ante 5' or 'bbante 50'"
_BLINDS = "the blinds are the levels', e.g. 'levels 10/20 15/30', or a preset's"
_CUSTOM = "a tournament has no {}: it is a cash game's custom, and the TDA has none"
# A cash table's words that a tournament does not play, and why (RULES.md "Tournaments").
NOT_PLAYED = {
    "ante": _ANTE,
    "bbante": _ANTE,
    "bb-ante": _ANTE,
    "blinds": _BLINDS,
    "stakes": _BLINDS,
    "kill": _CUSTOM.format("kill"),
    "straddle": _CUSTOM.format("straddle"),
    "runs": _CUSTOM.format("run it twice"),
}
# a channel as a platform writes its mention (Discord <#123>, Slack <#C123|name>) or #name
_CHANNEL = re.compile(r"<#([A-Za-z0-9]+)(?:\|[^>]*)?>|(?<!\S)#([\w-]{1,80})")
_PAIR = re.compile(r"(\d[\d,.]*[kKmM]?)/(\d[\d,.]*[kKmM]?)")
# one level's blinds with thousands grouped by commas (1,000), and a run of them parted by
# commas with no space (10/20,15/30): the comma after a big blind parts the levels
_BLIND = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?[kKmM]?"
_LEVEL = f"{_BLIND}/{_BLIND}"
_LEVEL_RUN = re.compile(f"{_LEVEL}(?:,{_LEVEL})*,?")
_LEVEL_PARTED = re.compile(f"{_LEVEL}(?=,|$)")
# Each setup word's part of the tournament and what it is called: a part is set once
# (two words for the same part are refused, never read last-wins).
_PARTS: dict[str, tuple[str, str]] = {
    **{word: ("preset", "the preset") for word in PRESETS},
    **{word: ("buyin", "the buy-in") for word in ("buyin", "buy-in")},
    "stack": ("stack", "the starting stack"),
    "seats": ("seats", "the seats"),
    "levels": ("levels", "the levels"),
    **{word: ("length", "each level's length") for word in ("minutes", "hands")},
    "noante": ("noante", "the big-blind ante"),
    **{word: ("breaks", "the breaks") for word in ("break", "nobreaks")},
    "late": ("late", "late registration"),
    **{word: ("reentry", "the re-entries") for word in ("reentry", "reentries", "re-entry")},
    **{word: ("rebuys", "the rebuys") for word in ("rebuys", "rebuy")},
    **{word: ("addon", "the add-on") for word in ("addon", "add-on")},
    **{
        word: ("payouts", "the payouts")
        for word in ("payouts", "payout", "wta", "winner-takes-all")
    },
    "bounty": ("bounty", "the bounty"),
    "start": ("start", "the start"),
    "tables": ("tables", "the tables"),
    "balance": ("balance", "the balancing"),
    "jumps": ("jumps", "hand-for-hand at the pay jumps"),
}
_MONEY = re.compile(r"[$€£]?(\d{1,9})(?:\.(\d{1,2}))?")


@dataclass(frozen=True)
class TournamentSetup:
    """What the host asked for.

    Attributes:
        rules: the tournament's rules (money in hundredths of the currency unit).
        settings: the table settings its game is dealt with (the stakes of level 1).
        start: ``full`` (when the seats fill), ``now`` (at the host's start) or ``time``
            (at ``start_clock`` or in ``start_minutes``).
        start_clock: ``(hour, minute)`` of the bot's local time (TZ) it starts at the next
            time the clock shows, or None.
        start_minutes: minutes from its setup it starts in (0: none).
        start_full: with a time, the seats filling starts it early too.
        channels: the channels the host named for the tournament's other tables
            (``#t2``, a platform's ``<#C123|t2>`` mention), by their ids.
    """

    rules: TournamentRules
    settings: TableSettings
    start: str
    start_clock: tuple[int, int] | None = None
    start_minutes: int = 0
    start_full: bool = False
    channels: tuple[str, ...] = ()  # the channels named for its other tables, in order

    def start_moment(self, now: float) -> float | None:
        """When a start at a time is, in epoch seconds, for a setup made at ``now``
        (epoch seconds): ``start 21:30`` the next 21:30 of the bot's local time, today if
        it is still to come, else tomorrow; ``start in 20`` twenty minutes from ``now``;
        None for ``start now`` and ``start full``."""
        if self.start_minutes:
            return now + 60 * self.start_minutes
        if self.start_clock is None:
            return None
        hour, minute = self.start_clock
        day = datetime.fromtimestamp(now)
        at = day.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if at.timestamp() < now:  # passed today: tomorrow's (its own offset, across DST)
            at = (day + timedelta(days=1)).replace(
                hour=hour, minute=minute, second=0, microsecond=0
            )
        return at.timestamp()

    @property
    def starts_full(self) -> bool:
        """Whether the seats filling starts it."""
        return self.start == "full" or self.start_full


def table_name(number: int) -> str:
    """The name of a channel the bot opens for a tournament's table ``number``."""
    return f"Table {number}"


def tables_wanted(tables: int, missing: int) -> str:
    """Why a tournament of ``tables`` tables is not set up in a chat: ``missing`` of its
    other tables' channels are not named."""
    example = " ".join(f"#table-{n}" for n in range(2, tables + 1))
    return (
        f"A tournament of {tables} tables plays each in a channel of its own: name"
        f" {missing} more (e.g. 'tournament new ... tables {tables} {example}'), channels"
        " the bot may post in, or let the bot open threads here (in Discord, give it"
        " Create Public Threads); this one is the first table's and the tournament's"
    )


def parse_money(text: str) -> int:
    """An amount of money, ``20``, ``$20``, ``7.50``, in hundredths of the unit (cents).

    Raises:
        ParseError: anything else, with the forms accepted.
    """
    match = _MONEY.fullmatch(text.strip())
    if not match:
        raise ParseError(f"{text[:20]!r} is not an amount of money: write it like 20 or 7.50")
    whole, cents = match.groups()
    return int(whole) * 100 + int((cents or "0").ljust(2, "0"))


@dataclass(frozen=True)
class _Start:
    """A start as written: its kind (``full``, ``now``, ``time``), and a time's clock
    ``(hour, minute)``, minutes from now and ``full`` after it."""

    kind: str
    clock: tuple[int, int] | None = None
    minutes: int = 0
    full: bool = False


def _start(words: list[str], i: int) -> tuple[_Start, int]:
    """The start written from word ``i`` (after ``start``), and the index of the first
    word after it.

    Raises:
        ParseError: not a start's words, with :data:`START_USAGE`.
    """
    word = words[i] if i < len(words) else ""
    if word in START_WORDS:
        return _Start(word), i + 1
    clock = _CLOCK_TIME.fullmatch(word)
    at: tuple[int, int] | None = None
    minutes = 0
    if word == "in":
        text = words[i + 1] if i + 1 < len(words) else ""
        minutes = whole_number(text, START_MINUTES_MOST) or 0
        if not minutes:
            raise ParseError(START_USAGE)
        i += 2
        if words[i : i + 1] in (["min"], ["mins"]):
            i += 1
    elif clock and int(clock.group(1)) < 24 and int(clock.group(2)) < 60:
        at = (int(clock.group(1)), int(clock.group(2)))
        i += 1
    else:
        raise ParseError(START_USAGE)
    full = 1 if words[i : i + 1] == ["full"] else 2 if words[i : i + 2] == ["or", "full"] else 0
    return _Start("time", at, minutes, bool(full)), i + full


def _number(words: list[str], i: int, least: int, most: int, what: str) -> int:
    text = words[i] if i < len(words) else ""
    value = whole_number(text, most)
    if value is None or value < least:
        raise ParseError(f"{words[i - 1]} takes {least} to {most} {what}, not {text[:20]!r}")
    return value


def _parted(words: list[str]) -> list[str]:
    """The words with each run of levels typed without spaces (``10/20,15/30``) parted
    into its levels, as if a space followed each comma; any other word as typed."""
    parted: list[str] = []
    for word in words:
        if "/" in word and _LEVEL_RUN.fullmatch(word):
            parted += [match.group(0) for match in _LEVEL_PARTED.finditer(word)]
        else:
            parted.append(word)
    return parted


def _set_once(word: str, seen: dict[str, str]) -> None:
    """Note that ``word`` sets its part of the tournament.

    Raises:
        ParseError: an earlier word set that part, naming both.
    """
    part = _PARTS.get(word)
    if part is None:
        return
    key, what = part
    first = seen.get(key)
    if first == word:
        raise ParseError(f"{word!r} is given twice: give it once")
    if first is not None:
        raise ParseError(f"{first!r} and {word!r} both set {what}: give one")
    seen[key] = word


def _levels(words: list[str], i: int) -> tuple[list[tuple[int, int, int, int]], int]:
    """The levels written after ``levels`` from word ``i``: (small, big, ante, bb ante)
    each, and the index of the first word after them."""
    found: list[tuple[int, int, int, int]] = []
    while i < len(words):
        match = _PAIR.fullmatch(words[i].rstrip(","))
        if match:
            found.append((parse_amount(match.group(1)), parse_amount(match.group(2)), 0, 0))
            i += 1
        elif words[i] in ("ante", "bbante", "bb-ante") and found and i + 1 < len(words):
            amount = parse_amount(words[i + 1].rstrip(","))
            small, big, ante, bb_ante = found[-1]
            found[-1] = (
                (small, big, amount, bb_ante) if words[i] == "ante" else (small, big, ante, amount)
            )
            i += 2
        else:
            break
    if not found:
        raise ParseError("levels takes the blinds of each level, e.g. 'levels 10/20 15/30 25/50'")
    return found, i


def _schedule(
    written: list[tuple[int, int, int, int]],
    preset: Preset,
    minutes: int,
    hands: int,
    no_ante: bool,
) -> tuple[tuple[Level, ...], tuple[int, int]]:
    """The levels and breaks (every N levels, M minutes) asked for: those written out,
    else the preset's, each lasting ``minutes`` or ``hands`` when given.

    Raises:
        ConfigError: a level that cannot be played.
    """
    if written:
        length = minutes or (0 if hands else preset.minutes)
        levels = tuple(
            Level(small, big, ante, bb_ante, minutes=length, hands=hands)
            for small, big, ante, bb_ante in written
        )
        schedule_breaks = (0, 0)
    else:
        base = preset.schedule(big_blind_ante=not no_ante)
        levels = tuple(
            Level(
                level.small_blind,
                level.big_blind,
                level.ante,
                level.big_blind_ante,
                minutes=minutes or (0 if hands else level.minutes),
                hands=hands,
            )
            for level in base.levels
        )
        schedule_breaks = (base.break_every, base.break_minutes)
    return levels, schedule_breaks


def parse_tournament_setup(text: str) -> TournamentSetup:  # noqa: C901, PLR0912, PLR0915
    """The tournament a host asked for with ``tournament new ...`` (the words
    ``tournament new`` may be left out).

    Raises:
        ParseError: a word not understood, a number out of range, or a tournament that
            cannot be played (the engine's reason); nothing is created.
    """
    channels = tuple(m.group(1) or m.group(2) for m in _CHANNEL.finditer(text))
    words = _parted(_CHANNEL.sub(" ", text).lower().split())
    if words[:1] == ["tournament"]:
        words = words[1:]
    if words[:1] == ["new"]:
        words = words[1:]
    preset = PRESETS["regular"]
    buy_in = stack = 0
    minutes = hands = 0
    written: list[tuple[int, int, int, int]] = []
    no_ante = no_breaks = False
    break_plan: tuple[int, int] | None = None
    options: dict[str, int | bool | tuple[int, ...]] = {}
    start = _Start("full")
    seats = 0
    game: list[str] = []
    seen: dict[str, str] = {}
    i = 0
    while i < len(words):
        word = words[i]
        _set_once(word, seen)
        if word in PRESETS:
            preset = PRESETS[word]
            i += 1
        elif word in ("buyin", "buy-in"):
            buy_in = parse_money(words[i + 1]) if i + 1 < len(words) else parse_money("")
            i += 2
        elif word == "stack":
            stack = parse_amount(words[i + 1]) if i + 1 < len(words) else parse_amount("")
            i += 2
        elif word == "seats":
            seats = _number(words, i + 1, 2, 10, "seats")
            i += 2
        elif word == "tables":
            options["tables"] = _number(words, i + 1, 1, 200, "tables")
            i += 2
        elif word == "levels":
            written, i = _levels(words, i + 1)
        elif word in ("minutes", "hands"):
            count = _number(words, i + 1, 1, 240 if word == "minutes" else 500, word)
            minutes, hands = (count, 0) if word == "minutes" else (0, count)
            i += 2
        elif word == "noante":
            no_ante = True
            i += 1
        elif word == "nobreaks":
            no_breaks = True
            i += 1
        elif word == "break":
            length = _number(words, i + 1, 1, 240, "minutes")
            if i + 2 >= len(words) or words[i + 2] != "every":
                raise ParseError("break M every N: an M-minute break every N levels")
            break_plan = (_number(words, i + 3, 1, 60, "levels"), length)
            i += 4
        elif word == "late":
            options["late_until"] = _number(words, i + 1, 1, 60, "levels")
            i += 2
        elif word == "balance":
            options["balance"] = _number(words, i + 1, 1, 2, "players the tables may differ by")
            i += 2
        elif word == "jumps":
            options["pay_jumps"] = True
            i += 1
        elif word in ("reentry", "reentries", "re-entry"):
            options["re_entries"] = _number(words, i + 1, 1, 100, "re-entries")
            i += 2
        elif word in ("rebuys", "rebuy"):
            options["rebuy_levels"] = _number(words, i + 1, 1, 60, "levels")
            i += 2
            if i < len(words) and words[i] == "max":
                options["rebuys_most"] = _number(words, i + 1, 1, 100, "rebuys")
                i += 2
        elif word in ("addon", "add-on"):
            options["add_on"] = True
            i += 1
            if i < len(words) and words[i][:1].isdigit():
                options["add_on_stack"] = parse_amount(words[i])
                i += 1
        elif word in ("payouts", "payout"):
            options["shares"], i = read_payouts(words, i + 1)
        elif word in ("wta", "winner-takes-all"):
            options["shares"] = (PER_MILLE,)
            i += 1
        elif word == "bounty":
            if i + 1 >= len(words):
                raise ParseError("bounty takes an amount of money, e.g. 'bounty 5'")
            options["bounty"] = parse_money(words[i + 1])
            i += 2
        elif word == "start":
            start, i = _start(words, i + 1)
        elif word in NOT_PLAYED or _PAIR.fullmatch(word.rstrip(",")):
            raise ParseError(f"{NOT_PLAYED.get(word, _BLINDS)}.\n{HELP}")
        else:
            game.append(word)
            i += 1
    try:
        levels, schedule_breaks = _schedule(written, preset, minutes, hands, no_ante)
        if break_plan is not None:
            schedule_breaks = break_plan
        if no_breaks:
            schedule_breaks = (0, 0)
        schedule = Schedule(levels, *schedule_breaks)
        first = schedule.level(1)
        structure = parse_table_setup(" ".join(game)).config.structure
        first.stakes(structure)  # a structure no tournament plays is refused here
        stakes = (
            f"{first.big_blind}/{2 * first.big_blind}"
            if structure is Structure.FIXED_LIMIT
            else f"{first.small_blind}/{first.big_blind}"
        )
        table = parse_table_setup(
            " ".join([*game, stakes, *(["seats", str(seats)] if seats else [])])
        )
        rules = TournamentRules(
            buy_in=buy_in,
            stack=stack or preset.stack,
            schedule=schedule,
            seats=table.seats,
            **options,  # type: ignore[arg-type]
        )
    except ConfigError as exc:
        raise ParseError(str(exc)) from exc
    except NotAnOption as exc:
        raise ParseError(f"{exc.word!r} is not a tournament word.\n{HELP}") from exc
    if channels and rules.tables < 2:
        raise ParseError(
            "channels are named for the tables of a tournament of several: add 'tables N'"
        )
    return TournamentSetup(
        rules, table, start.kind, start.clock, start.minutes, start.full, channels
    )


def setup_lines(setup: TournamentSetup, currency: str = "") -> list[str]:
    """The tournament a host set up, in words, for his reply and the lobby: the game, the
    buy-in and stack, the first levels and their length, breaks, late registration,
    rebuys and add-on, payouts, bounty, and how it starts."""
    rules, schedule = setup.rules, setup.rules.schedule
    buy_in = cash(rules.buy_in, currency) if rules.buy_in else "free (a freeroll)"
    lines = [
        f"{setup.settings.config.description}, {rules.seats} seats"
        + (f" a table, up to {rules.tables} tables" if rules.tables > 1 else "")
        + (f", balanced within {counted(rules.balance, 'player')}" if rules.balance else "")
        + (", hand-for-hand at every pay jump" if rules.pay_jumps else ""),
        f"Buy-in {buy_in}, {rules.stack:,} chips",
    ]
    first = [schedule.level(n) for n in range(1, min(len(schedule.levels), 4) + 1)]
    levels = ", ".join(
        f"{lv.small_blind}/{lv.big_blind}"
        + (f" ante {lv.big_blind_ante or lv.ante}" if lv.big_blind_ante or lv.ante else "")
        for lv in first
    )
    length = f"{first[0].minutes} minutes" if first[0].minutes else f"{first[0].hands} hands"
    lines.append(f"Levels of {length}: {levels}, …")
    if schedule.break_every:
        lines.append(f"A {schedule.break_minutes}-minute break every {schedule.break_every} levels")
    if rules.late_until:
        lines.append(f"Late registration to the end of level {rules.late_until}")
    if rules.re_entries:
        lines.append(f"Re-entries: {rules.re_entries} each, during late registration")
    if rules.rebuy_levels:
        most = f", {rules.rebuys_most} at most" if rules.rebuys_most else ""
        lines.append(f"Rebuys in the first {rules.rebuy_levels} levels{most}")
    if rules.add_on:
        lines.append(
            f"One add-on of {rules.add_on_chips:,} chips for {cash(rules.add_on_cost, currency)}"
        )
    if rules.bounty:
        lines.append(f"Bounty {cash(rules.bounty, currency)} on each head")
    if rules.shares:
        lines.append("Payouts: " + ", ".join(f"{s / 10:g}%" for s in rules.shares))
    else:
        lines.append("Payouts: the standard table by entries")
    lines.append(_start_line(setup))
    return lines


def _start_line(setup: TournamentSetup) -> str:
    """How the tournament starts, in words."""
    seats = setup.rules.seats * setup.rules.tables
    if setup.start == "full":
        return f"Starts when the {seats} seats fill, or at the host's 'start'"
    if setup.start != "time":
        return "Starts at the host's 'start' (two entries or more)"
    if setup.start_clock is not None:
        hour, minute = setup.start_clock
        when = f"at {hour:02d}:{minute:02d} (the bot's time)"
    else:
        when = f"in {counted(setup.start_minutes, 'minute')}"
    full = f", or when the {seats} seats fill" if setup.start_full else ""
    return f"Starts {when}{full}, with two entries or more, or at the host's 'start'"
