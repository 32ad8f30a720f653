"""The table message's kill line: the button, every leg up and every kill owed are part of
the table's status at all times (000 kill §1-§6)."""

from __future__ import annotations

from bot.engine.kills import ButtonState
from bot.engine.table import Table
from bot.words.tablesetup import parse_table_setup
from bot.words.tableview import kill_status, table_view


def test_the_kill_line_names_the_button_legs_and_kills_owed() -> None:
    table = Table(parse_table_setup("new holdem fl 2/4 kill"))
    names = {"p:ann": "Ann", "p:bob": "Bob", "p:cat": "Cat"}
    assert kill_status(table, names) == "Kill button: neutral"
    assert table.kills is not None
    button = table.kills.button
    button.state, button.holder = ButtonState.LEG_UP, "p:ann"
    button.frozen.append("p:bob")
    button.missed["p:cat"] = 4
    line = kill_status(table, names)
    assert line == ("Kill button: leg up (Ann) · legs: Bob (frozen), Ann · owes a kill: Cat 4")
    assert table_view("t", table, names).footer == line


def test_a_table_without_kills_has_no_kill_line() -> None:
    table = Table(parse_table_setup("new holdem nl 1/2"))
    assert kill_status(table, {}) == "" and table_view("t", table, {}).footer == ""
