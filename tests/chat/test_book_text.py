"""The books in words, from the figures alone: no storage, no table."""

from __future__ import annotations

from bot.words.booktext import ledger_text, money, session_lines


def test_results_best_first_and_the_settle_up_in_the_hosts_money() -> None:
    lines = session_lines(
        {"u1": 250, "u2": -250},
        [("u2", "u1", 250)],
        {"u1": "Ann", "u2": "Bob"},
        {"u1": (12, 3, 180), "u2": (12, 0, 0)},
        {"u2": 1},
        unit=100,
        sign="$",
    )
    assert lines == [
        "Session results:",
        "Ann: +250 ($2.50); 12 hands, 3 pots won, biggest pot 180",
        "Bob: -250 (-$2.50); 12 hands, no pot won, 1 kill posted",
        "Settle up:",
        "Bob pays Ann 250 ($2.50)",
    ]
    assert money(250, 0) == "250 chips"


def test_a_ledger_names_players_by_display_name_and_the_session_when_not_this_one() -> None:
    rows = [("slack:U01ABC", "buy_in", 500), ("slack:U01AB", "top_up", 100)]
    names = {"slack:U01AB": "Abe", "slack:U01ABC": "Bea"}
    assert ledger_text(rows, names, "session 2") == [
        "session 2:",
        "Bea: buy in 500",
        "Abe: top up 100",
    ]
    assert ledger_text([], names) == ["nothing in the ledger yet"]
