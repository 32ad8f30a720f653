"""The ``/poker`` command tree as Discord receives it: where it is registered (one server
or everywhere, never both), its layout within Discord's limits, and the game
autocomplete of ``/poker new``; through the real command tree and raw payloads."""

from __future__ import annotations

from typing import Any

from discord_harness import APP, GUILD, Bot, OpenBot, seated

from adapters.discord.commands import BUILDERS, RENAMED, listed_verbs
from bot.engine.rotation import MIXES
from bot.words.commands import parse
from bot.words.commandset import Group
from bot.words.gamewords import GAME_WORDS

GLOBAL = f"/applications/{APP}/commands"
IN_GUILD = f"/applications/{APP}/guilds/{GUILD}/commands"
SUBCOMMAND, GROUP = 1, 2  # Discord's option types
ENTRIES_MAX = 20  # entries directly under /poker: 5 of Discord's 25 kept free
GAMES = sorted({*GAME_WORDS, *MIXES})

# every subcommand /poker had, by its last word: none may be lost
LEAVES = {
    *("new", "sit", "topup", "bet", "raise", "draw", "runs", "do"),
    *("sitout", "back", "leave", "fold", "check", "call", "allin", "pat", "cards"),
    *("status", "clock", "kill", "object", "straddle", "help", "rabbit"),
    *("rules", "ledger", "leaderboard", "history", "verify", "stats"),
    *("start", "pause", "void", "end", "kick", "adjust", "set", "bomb"),
    *("setup", "register", "unregister", "rebuy", "addon", "chop", "cancel", "remove"),
    *("results", "league", "payouts"),
}


async def synced(bot: Bot) -> list[tuple[str, list[dict[str, Any]]]]:
    """The bulk overwrites the bot's client sends when it syncs its commands, in order."""
    await bot.client.sync_commands()
    return bot.recorder.command_syncs()


async def poker_payload(bot: Bot) -> dict[str, Any]:
    """The ``/poker`` command as a bot without a guild id syncs it to Discord."""
    (_, commands), *_ = await synced(bot)
    (poker,) = commands
    return poker


def paths(command: dict[str, Any]) -> set[str]:
    """Every subcommand's path under the command, e.g. ``{"fold", "host start"}``."""
    out = set()
    for option in command.get("options", []):
        if option["type"] == SUBCOMMAND:
            out.add(option["name"])
        elif option["type"] == GROUP:
            out |= {f"{option['name']} {leaf}" for leaf in paths(option)}
    return out


async def test_with_a_guild_id_poker_is_synced_to_that_server_only_and_the_global_copy_cleared(
    open_bot: OpenBot,
) -> None:
    """DISCORD_GUILD_ID set: /poker goes to the server only, and the global commands are
    overwritten with none (an earlier version's global /poker showed twice there)."""
    syncs = await synced(await open_bot(guild_id=GUILD))
    assert [path for path, _ in syncs] == [IN_GUILD, GLOBAL]
    assert [c["name"] for c in syncs[0][1]] == ["poker"]
    assert syncs[1][1] == []


async def test_without_a_guild_id_poker_is_synced_globally_only(bot: Bot) -> None:
    """No DISCORD_GUILD_ID: one global sync with /poker, nothing per server."""
    syncs = await synced(bot)
    assert [path for path, _ in syncs] == [GLOBAL]
    assert [c["name"] for c in syncs[0][1]] == ["poker"]


async def test_a_server_registered_poker_answers_in_that_server(open_bot: OpenBot) -> None:
    """With DISCORD_GUILD_ID the command tree finds /poker among the server's commands."""
    bot = await open_bot(guild_id=GUILD)
    await bot.client.sync_commands()
    await seated(bot)
    assert bot.last_reply()["content"] == "Done: start"
    assert len(bot.recorder.table_posts()) == 2


async def test_poker_leaves_five_of_discords_25_entries_free_and_loses_no_subcommand(
    bot: Bot,
) -> None:
    """At most 20 subcommands and groups directly under /poker, groups one level deep,
    every former subcommand still there, within Discord's 4000 characters a command."""
    poker = await poker_payload(bot)
    assert len(poker["options"]) <= ENTRIES_MAX
    found = paths(poker)
    assert all(len(path.split()) <= 2 for path in found)
    assert {path.split()[-1] for path in found} == LEAVES
    assert len(found) == len(LEAVES)

    def characters(item: dict[str, Any]) -> int:
        own = len(item.get("name", "")) + len(item.get("description", ""))
        choices = sum(len(c["name"]) + len(str(c["value"])) for c in item.get("choices", []))
        return own + choices + sum(characters(o) for o in item.get("options", []))

    assert characters(poker) <= 4000


async def test_moved_subcommands_send_the_same_words_as_before() -> None:
    """Each subcommand moved into a group, and ``/poker do text:`` with its words, get
    the same answer from the same table."""

    async def reply_to(path: str, **options: Any) -> str:
        bot = await Bot.open()
        try:
            await seated(bot)
            await bot.slash("Bob", path, **options)
            return bot.last_reply()["content"]
        finally:
            await bot.close()

    moved = {
        "extra clock": "clock",
        "extra kill": "kill",
        "extra object": "object",
        "extra straddle": "straddle",
        "info status": "status",
    }
    for path, words in moved.items():
        assert await reply_to(path) == await reply_to("do", text=words), path
    assert await reply_to("extra runs", times=2) == await reply_to("do", text="runs 2")


async def game_choices(typed: str) -> list[str]:
    """What /poker new's game autocomplete offers for ``typed`` (a raw type-4
    interaction through the command tree), from a new bot each time."""
    bot = await Bot.open()
    try:
        option = {"type": 3, "name": "game", "value": typed, "focused": True}
        data = {
            "id": "1",
            "name": "poker",
            "type": 1,
            "guild_id": str(GUILD),
            "options": [{"type": 1, "name": "new", "options": [option]}],
        }
        await bot.dispatch(bot._interaction(4, "Ann", data))
        body = bot.recorder.responses()[-1]
        assert body["type"] == 8
        return [c["value"] for c in body["data"]["choices"]]
    finally:
        await bot.close()


async def test_game_autocomplete_offers_the_words_starting_with_the_typed_text_first() -> None:
    """'o' ranks o8, omaha... before the words that only contain an o; 't' gives triple
    before 27td or stud_hilo; nothing typed gives Discord's 25 at most."""
    choices = await game_choices("o")
    starting = sorted(w for w in GAMES if w.startswith("o"))
    assert choices[: len(starting)] == starting
    assert set(choices[len(starting) :]) == {w for w in GAMES if "o" in w[1:]} - set(starting)
    assert (await game_choices("t"))[0] == "triple"
    assert len(GAMES) > 25 and len(await game_choices("")) == 25


async def test_every_game_word_is_offered_when_its_first_letter_is_typed() -> None:
    """Each of the game words and mixes is among the choices for its first letter,
    before any word that does not start with it."""
    for first in sorted({w[0] for w in GAMES}):
        choices = await game_choices(first)
        starting = [w for w in GAMES if w.startswith(first)]
        assert choices[: len(starting)] == starting, first
        assert len(choices) <= 25


async def test_every_listed_verb_is_a_subcommand_in_its_declared_group(bot: Bot) -> None:
    """Each verb declared as listed is a subcommand under its declared group (play's under
    /poker itself), with its declared description; /poker has no other but ``do``; every
    builder of options names a listed verb, and a verb without one reads as a whole
    command alone."""
    poker = await poker_payload(bot)
    described: dict[str, str] = {}
    for option in poker["options"]:
        if option["type"] == SUBCOMMAND:
            described[option["name"]] = option["description"]
        for leaf in option.get("options", []) if option["type"] == GROUP else []:
            described[f"{option['name']} {leaf['name']}"] = leaf["description"]
    listed = listed_verbs()
    expected = {
        (
            RENAMED.get(v.name, v.name)
            if v.group is Group.PLAY
            else f"{v.group.value} {RENAMED.get(v.name, v.name)}"
        ): v.about
        for v in listed
    }
    assert {path: described[path] for path in expected} == expected
    assert set(described) - set(expected) == {"do"}
    assert set(BUILDERS) <= {v.name for v in listed}
    for verb in listed:  # a subcommand without options sends its word: a whole command
        if verb.name not in BUILDERS:
            parse(verb.name)
