"""Each declared command has one handler, and the host check is made once, from the
declaration (RULES.md "Leaving, the waiting list and host controls")."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import ANN, BOB, table_with_three

from bot.chat.core import OWN
from bot.service import steps, tables, views
from bot.service.tables import Outgoing, Player, ServiceError, TableService
from bot.words.commands import parse
from bot.words.commandset import DECLARED, Declared, declared_of

ROOT = Path(__file__).resolve().parents[2]

# where a command is answered: the chat core itself, the service's reads, the service
# itself, or a step of the table
HANDLER_TABLES = {
    "bot.chat.core.OWN": OWN,
    "bot.service.views.READS": views.READS,
    "bot.service.tables.HANDLERS": tables.HANDLERS,
    "bot.service.steps.HANDLERS": steps.HANDLERS,
}

# a host-only command as a host would type it, for each one declared
HOST_WORDS = {
    "Start": "start",
    "Pause": "pause",
    "Kick": "kick Cat",
    "Adjust": "adjust Cat 50 comp",
    "Void": "void",
    "SetOption": "set turn 45",
    "EndSession": "end",
    "Bomb": "bomb",
    "CancelTournament": "cancel",
    "RemoveEntrant": "remove Cat",
    "NewSeason": "season",
    "Payouts": "payouts 50 30 20",
}
HOST_ONLY = [d for d in DECLARED if d.host_only]


def test_every_declared_command_has_one_handler() -> None:
    """Each declared command is in exactly one handler table, and no table holds a
    command that is not declared."""
    declared = {d.command for d in DECLARED}
    for d in DECLARED:
        holders = [name for name, table in HANDLER_TABLES.items() if d.command in table]
        assert len(holders) == 1, (d.command.__name__, holders)
    for name, table in HANDLER_TABLES.items():
        assert set(table) <= declared, name


def test_read_only_commands_are_answered_without_a_step() -> None:
    """A command declared as only reading the table is answered by a read (the chat's own
    or the service's), never by a step that commits; every other by a step or the
    service, or, to set up a table, by the chat."""
    for d in DECLARED:
        read = d.command in views.READS or (
            d.command in OWN and d.command.__name__ not in ("New", "TournamentNew")
        )
        assert d.reads == read, d.command.__name__


def test_every_host_only_command_has_an_example_here() -> None:
    """The host check below covers every command declared host-only."""
    assert sorted(d.command.__name__ for d in HOST_ONLY) == sorted(HOST_WORDS)
    for name, words in HOST_WORDS.items():
        assert type(parse(words)).__name__ == name


@pytest.mark.parametrize("declared", HOST_ONLY, ids=lambda d: d.command.__name__)
async def test_host_only_command_refused_for_non_host_once(
    service: TableService, published: list[Outgoing], declared: Declared
) -> None:
    """A player who is neither the host nor a server administrator is refused each
    host-only command with the one refusal, and nothing changes: the table, its stored
    version, what was published."""
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    before, version, shown = live.table.to_dict(), live.version, len(published)
    command = parse(HOST_WORDS[declared.command.__name__])
    with pytest.raises(ServiceError) as refused:
        await service.handle(table_id, BOB, command)
    assert str(refused.value) == declared.refusal()
    assert str(refused.value).startswith("only the host or a server administrator may ")
    live = service.tables[table_id]
    assert (live.table.to_dict(), live.version, len(published)) == (before, version, shown)


async def test_the_host_and_a_server_administrator_pass_the_host_check(
    service: TableService,
) -> None:
    """The host pauses the game; a server administrator who is not the host starts it
    again."""
    table_id = await table_with_three(service)
    await service.handle(table_id, ANN, parse("pause"))
    assert not service.tables[table_id].table.running
    await service.handle(table_id, Player(BOB.id, BOB.name, admin=True), parse("start"))
    assert service.tables[table_id].table.running


def test_the_host_check_is_written_once() -> None:
    """The refusal's words and the comparison with the table's host are written in one
    place each: no module but the declarations says who may use a host control, and the
    service compares the sender with the host once."""
    sources = {
        p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
        for top in ("bot", "adapters")
        for p in (ROOT / top).rglob("*.py")
    }
    said = [path for path, text in sources.items() if "server administrator may" in text]
    assert said == ["bot/words/commandset.py"]
    compared = [
        path
        for path, text in sources.items()
        for line in text.splitlines()
        if "!= live.table.host" in line or "== live.table.host" in line
    ]
    assert compared == ["bot/service/tables.py"]
    assert declared_of(parse("end")).refusal().endswith("may end the session")
