"""The ``/poker`` slash commands, one for each verb declared as listed
(:mod:`bot.words.commandset`), in its declared group: each builds the command's words and
hands them to :func:`adapters.discord.interactions.answer` (ChatCore applies them and the
reply is ephemeral). Discord allows 25 subcommands and groups under a command; ``/poker``
keeps to :data:`ENTRIES_MAX` to leave room: host controls live under ``/poker host``, the
reference lookups under ``/poker info``, the seldom used table calls (clock, kill,
straddle, runs, object) under ``/poker extra``; ``/poker do`` takes any command as text.
A verb that takes nothing is a subcommand without options; one that takes options has
its builder in :data:`BUILDERS`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from adapters.runtime import Runtime
from bot.words.commandset import DECLARED, Group, Verb
from bot.words.gamewords import game_choices
from bot.words.tablesetup import STRUCTURE_WORDS

from .ids import table_id
from .interactions import answer, runtime_of

Builder = Callable[[app_commands.Group, Verb], None]
Suggest = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]
AUTOCOMPLETE_MAX = 25  # Discord shows at most 25 suggestions
ENTRIES_MAX = 20  # subcommands and groups directly under /poker (Discord allows 25)

# The groups under /poker, by the declared group: (name, description); play's verbs are
# subcommands of /poker itself.
GROUPS = {
    Group.INFO: ("info", "Status, rules, ledger, leaderboard, history, verify"),
    Group.EXTRA: ("extra", "Top up, clock, kill, straddle, run it twice, object"),
    Group.HOST: ("host", "The host's controls"),
    Group.TOURNAMENT: ("tournament", "Sit & go: set up, register, rebuy, add-on, deal"),
}


def _simple(group: app_commands.Group, verb: Verb) -> None:
    """A subcommand without options: it sends the verb's own word."""

    async def callback(interaction: discord.Interaction) -> None:
        await answer(interaction, verb.name)

    group.add_command(
        app_commands.Command(name=verb.name, description=verb.about, callback=callback)
    )


def _amount(about: str, suggest: Suggest | None = None) -> Builder:
    """A subcommand ``word AMOUNT`` (amounts as text: 40, 1k, 2.5k), ``about`` the amount."""

    def build(group: app_commands.Group, verb: Verb) -> None:
        async def callback(interaction: discord.Interaction, amount: str) -> None:
            await answer(interaction, f"{verb.name} {amount}")

        app_commands.describe(amount=about)(callback)
        if suggest is not None:
            app_commands.autocomplete(amount=suggest)(callback)
        group.add_command(
            app_commands.Command(name=verb.name, description=verb.about, callback=callback)
        )

    return build


def _suggest(current: str, values: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """The choices for the text typed so far: the ``(name, value)`` pairs whose name or
    value starts with it first, then those that only contain it, each in the given
    order, at most :data:`AUTOCOMPLETE_MAX` (so any value is offered once its start is
    typed, even in a list longer than Discord shows). Case and surrounding spaces of
    ``current`` are ignored."""
    typed = current.lower().strip()
    starting: list[tuple[str, str]] = []
    containing: list[tuple[str, str]] = []
    for name, value in values:
        texts = (name.lower(), value.lower())
        if any(text.startswith(typed) for text in texts):
            starting.append((name, value))
        elif any(typed in text for text in texts):
            containing.append((name, value))
    return [
        app_commands.Choice(name=name, value=value)
        for name, value in (starting + containing)[:AUTOCOMPLETE_MAX]
    ]


async def game_names(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the game words and mixes ``new`` understands, those starting with
    ``current`` first (see :func:`_suggest`)."""
    return _suggest(current, [(w, w) for w in game_choices()])


async def structure_names(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the betting structures ``new`` understands."""
    return _suggest(current, [(w, w) for w in STRUCTURE_WORDS])


def table_autocomplete(
    values_of: Callable[[Runtime, str], Awaitable[list[tuple[str, str]]]],
) -> Suggest:
    """An autocomplete suggesting ``values_of(runtime, table)`` (``(name, value)`` pairs) for
    the table in the interaction's channel; nothing when there is no table."""

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        runtime = runtime_of(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        table = table_id(interaction.guild_id, interaction.channel_id)
        if runtime is None or not await runtime.core.has_table(table):
            return []
        return _suggest(current, await values_of(runtime, table))

    return complete


async def _raise_values(runtime: Runtime, table: str) -> list[tuple[str, str]]:
    """The legal minimum and maximum of the table view's bet or raise."""
    values: list[tuple[str, str]] = []
    for choice in runtime.presenter.view(table).choices:
        if choice.minimum is not None and choice.maximum is not None:
            values += [(f"minimum {choice.minimum}", str(choice.minimum))]
            values += [(f"maximum {choice.maximum}", str(choice.maximum))]
        elif choice.command.startswith(("raise ", "bet ")):
            values.append((choice.label, choice.command.split()[1]))
    return values


async def _buy_in_values(runtime: Runtime, table: str) -> list[tuple[str, str]]:
    """The table's minimum and maximum buy-in."""
    limits = await runtime.core.buy_in_range(table)
    if limits is None:
        return []
    low, high = limits
    return [(f"minimum {low}", str(low)), (f"maximum {high}", str(high))]


raise_amounts = table_autocomplete(_raise_values)
buy_in_amounts = table_autocomplete(_buy_in_values)


def _new(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(
        game="holdem, omaha, stud, razz, horse...",
        structure="nl, pl, fl...",
        stakes="the blinds or limits, e.g. 1/2",
        options="e.g. buyin 40-200 timer 30 kill straddle (or: help)",
    )
    @app_commands.autocomplete(game=game_names, structure=structure_names)
    async def new(
        interaction: discord.Interaction,
        game: str | None = None,
        structure: str | None = None,
        stakes: str | None = None,
        options: str | None = None,
    ) -> None:
        words = " ".join(w for w in (game, structure, stakes, options) if w)
        await answer(interaction, f"new {words}".strip())


# A verb listed under another name: ``/poker tournament setup`` rather than the verb's
# own word twice over.
RENAMED = {"tournament": "setup"}


def _tournament(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=RENAMED[verb.name], description=verb.about)
    @app_commands.describe(words="e.g. turbo buyin 20 seats 6 (or: help)")
    async def setup(interaction: discord.Interaction, words: str | None = None) -> None:
        await answer(interaction, f"tournament new {words or ''}".strip())


def _remove(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(name="the entrant's name")
    async def remove(interaction: discord.Interaction, name: str) -> None:
        await answer(interaction, f"remove {name}")


def _payouts(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(table="percent by place (50 30 20), winner takes all, or standard")
    async def payouts(interaction: discord.Interaction, table: str) -> None:
        await answer(interaction, f"payouts {table}")


def _chop(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(deal="icm, chips (by chip count) or no")
    @app_commands.choices(
        deal=[app_commands.Choice(name=n, value=n) for n in ("icm", "chips", "no")]
    )
    async def chop(interaction: discord.Interaction, deal: str) -> None:
        await answer(interaction, f"chop {deal}")


def _sit(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(amount="chips to buy in for, e.g. 200 or 1k", seat="a seat number")
    @app_commands.autocomplete(amount=buy_in_amounts)
    async def sit(interaction: discord.Interaction, amount: str, seat: int | None = None) -> None:
        await answer(interaction, f"sit {amount}" + (f" {seat}" if seat is not None else ""))


def _draw(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(cards="the cards to throw, e.g. 7h 2c")
    async def draw(interaction: discord.Interaction, cards: str) -> None:
        await answer(interaction, f"draw {cards}")


def _do(poker: app_commands.Group) -> None:
    """``/poker do``: any command as its words (every verb, listed or not)."""

    @poker.command(name="do", description="Any poker command as text, e.g. 'history 3 phh'")
    @app_commands.describe(text="the command's words")
    async def do(interaction: discord.Interaction, text: str) -> None:
        await answer(interaction, text)


def _leaderboard(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(pots="all pots, only kill pots or no kill pots")
    @app_commands.choices(
        pots=[
            app_commands.Choice(name="all", value=""),
            app_commands.Choice(name="kill pots only", value="kill"),
            app_commands.Choice(name="no kill pots", value="nokill"),
        ]
    )
    async def leaderboard(interaction: discord.Interaction, pots: str = "") -> None:
        await answer(interaction, f"leaderboard {pots}".strip())


def _ledger(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(
        csv="post it to the channel as a CSV file",
        session="an earlier session's number (default: this one, or the one just ended)",
    )
    async def ledger(
        interaction: discord.Interaction, csv: bool = False, session: int | None = None
    ) -> None:
        words = ["ledger"] + ["csv"] * csv + ([str(session)] if session is not None else [])
        await answer(interaction, " ".join(words))


def _history(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(
        hand="a hand number, as verify takes it",
        last="your last hands instead: how many (1-20)",
        phh="as PHH hand histories",
        pokerstars="in PokerStars' format, for tracking programs",
        session="every hand of yours this session instead",
    )
    async def history(
        interaction: discord.Interaction,
        hand: app_commands.Range[int, 1] | None = None,
        last: app_commands.Range[int, 1, 20] | None = None,
        phh: bool = False,
        pokerstars: bool = False,
        session: bool = False,
    ) -> None:
        # the words as typed, every option given: two that ask for different hands are
        # refused with the command's forms, as typed words are
        words = ["history", *["session"] * session, *([str(hand)] if hand else [])]
        words += ["last", str(last)] if last else []
        words += ["phh"] * phh + ["pokerstars"] * pokerstars
        await answer(interaction, " ".join(words))


def _verify(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(hand="the hand number (default: the last)")
    async def verify(interaction: discord.Interaction, hand: int | None = None) -> None:
        await answer(interaction, f"verify {hand}" if hand else "verify")


def _runs(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(times="1, 2 or 3")
    async def runs(interaction: discord.Interaction, times: app_commands.Range[int, 1, 3]) -> None:
        await answer(interaction, f"runs {times}")


def _kick(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    async def kick(interaction: discord.Interaction, player: discord.User) -> None:
        await answer(interaction, f"kick discord:{player.id}")


def _adjust(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(amount="chips to add (or -N to take)", reason="why, for the ledger")
    async def adjust(
        interaction: discord.Interaction, player: discord.User, amount: str, reason: str
    ) -> None:
        await answer(interaction, adjust_words(player.id, amount, reason))


def _bomb(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    @app_commands.describe(ante="each player's ante (the house's bomb ante when left out)")
    async def bomb(interaction: discord.Interaction, ante: str | None = None) -> None:
        await answer(interaction, f"bomb {ante}" if ante else "bomb")


def _set(group: app_commands.Group, verb: Verb) -> None:
    @group.command(name=verb.name, description=verb.about)
    async def set_(interaction: discord.Interaction, option: str, value: str) -> None:
        await answer(interaction, f"set {option} {value}")


def adjust_words(user_id: int, amount: str, reason: str) -> str:
    """The words of ``/poker host adjust``: the reason, a field of its own, in double
    quotes (its quotes and backslashes escaped), so a reason that starts with a number is
    never read as more of the amount; an amount with a space in it is refused as typed."""
    quoted = reason.replace("\\", "\\\\").replace('"', '\\"')
    return f'adjust discord:{user_id} {amount} "{quoted}"'


# The listed verbs that take options, by name, to what builds their subcommand (every
# other listed verb is a subcommand without options, :func:`_simple`).
BUILDERS: dict[str, Builder] = {
    "new": _new,
    "tournament": _tournament,
    "remove": _remove,
    "payouts": _payouts,
    "chop": _chop,
    "sit": _sit,
    "topup": _amount("chips to add"),
    "bet": _amount("the total, e.g. 40", raise_amounts),
    "raise": _amount("the total, e.g. 40", raise_amounts),
    "draw": _draw,
    "runs": _runs,
    "leaderboard": _leaderboard,
    "ledger": _ledger,
    "history": _history,
    "verify": _verify,
    "kick": _kick,
    "adjust": _adjust,
    "bomb": _bomb,
    "set": _set,
}


def listed_verbs() -> list[Verb]:
    """Every verb declared as listed, in the declared order: one subcommand each."""
    return [verb for declared in DECLARED for verb in declared.verbs if verb.slash]


def poker_group() -> app_commands.Group:
    """The ``/poker`` command group (server channels only), built from the declared verbs:
    at most :data:`ENTRIES_MAX` subcommands and groups directly under it, the groups
    ``info``, ``extra`` and ``host`` one level deep."""
    poker = app_commands.Group(
        name="poker", description="Play poker at this channel's table", guild_only=True
    )
    groups = {
        group: app_commands.Group(name=name, description=description)
        for group, (name, description) in GROUPS.items()
    }
    for verb in listed_verbs():
        BUILDERS.get(verb.name, _simple)(groups.get(verb.group, poker), verb)
    _do(poker)
    for group in groups.values():
        poker.add_command(group)
    return poker
