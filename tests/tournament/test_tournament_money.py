"""A tournament's books: its results by player (places, prizes, rebuys, add-ons,
bounties), and the night's settle-up counting tournament money with the cash tables'
chips at their chip value (RULES.md "Tournaments": the books)."""

from __future__ import annotations

import random

import pytest

from bot.engine.blindlevels import Level, Schedule
from bot.engine.tournament import Bought, Tournament, TournamentRules
from bot.service.settle import chips_to_money
from bot.service.tourneybooks import (
    CashNight,
    TournamentNight,
    night_lines,
    night_settle,
    results_lines,
    settle_night,
    tournament_results,
)
from bot.words.tablesetup import parse_table_setup
from storage import LedgerEntry, MoneyLine, StoredTable
from storage.db import Database
from storage.statements import statements_for

SCHEDULE = Schedule(tuple(Level(10 * n, 20 * n, minutes=10) for n in range(1, 9)), 2, 5)
NAMES = {"a": "Ann", "b": "Bob", "c": "Cat", "d": "Dan"}


def _line(bought: Bought, player: str) -> MoneyLine:
    return MoneyLine(player, bought.kind, bought.money, bought.entry)


def _paid_out(t: Tournament) -> list[MoneyLine]:
    """The prize and bounty lines of a finished tournament, as its final commit writes
    them."""
    lines = []
    for entry in t.entries:
        if entry.prize:
            lines.append(MoneyLine(entry.player, "prize", entry.prize, entry.id))
        if entry.bounties:
            lines.append(MoneyLine(entry.player, "bounty", entry.bounties, entry.id))
    return lines


def _knockout_night() -> tuple[Tournament, list[MoneyLine]]:
    """Three entries of 20.00 with 5.00 bounties; Cat rebuys, then Ann knocks out Cat
    and Bob in turn."""
    t = Tournament(
        TournamentRules(buy_in=2000, stack=1500, schedule=SCHEDULE, bounty=500, rebuy_levels=2)
    )
    lines = [_line(t.register(p), p) for p in "abc"]
    t.start(0.0)
    lines.append(_line(t.rebuy("c", 0), "c"))
    t.hand_over([("c", 1500)], {"c": ["a"]})
    t.hand_over([("b", 1500)], {"b": ["a"]})
    return t, lines + _paid_out(t)


def test_tournament_books_results_give_each_players_place_prize_rebuys_and_bounties() -> None:
    t, lines = _knockout_night()
    results = tournament_results(t, lines)
    assert [(r.player, r.place, r.prize, r.bounties, r.rebuys, r.paid) for r in results] == [
        ("a", 1, 6500, 1500, 0, 2000),
        ("b", 2, 0, 0, 0, 2000),
        ("c", 3, 0, 0, 1, 4000),
    ]
    assert [r.net for r in results] == [6000, -2000, -4000]
    assert sum(r.net for r in results) == 0  # no fee: every unit paid in is paid out
    assert results_lines(t, lines, NAMES, "$") == [
        "Results:",
        "1. Ann: prize $65.00, bounties $15.00; net +$60.00",
        "2. Bob: no prize; net -$20.00",
        "3. Cat: no prize, 1 rebuy; net -$40.00",
    ]


def test_tournament_books_a_re_entry_is_one_line_at_its_best_place() -> None:
    t = Tournament(
        TournamentRules(buy_in=1000, stack=1500, schedule=SCHEDULE, late_until=2, re_entries=1)
    )
    lines = [_line(t.register(p), p) for p in "abc"]
    t.start(0.0)
    t.hand_over([("c", 1500)])
    lines.append(_line(t.re_enter("c"), "c"))
    results = tournament_results(t, lines)
    assert [(r.player, r.place, r.entries, r.paid) for r in results] == [
        ("a", 0, 1, 1000),
        ("b", 0, 1, 1000),
        ("c", 0, 2, 2000),
    ]
    assert results_lines(t, lines, NAMES)[3] == "in Cat: no prize, 2 entries; net -20.00"


def test_tournament_books_chips_put_in_money_keep_their_sum() -> None:
    """Each balance rounded down, the hundredths lost given back to the largest fractions
    cut: the money sums to exactly what the chips sum to, each within one hundredth."""
    assert chips_to_money({"a": 250, "b": -250}, 100) == {"a": 250, "b": -250}
    assert chips_to_money({"a": 1, "b": -1}, 3) == {"a": 33, "b": -33}
    assert chips_to_money({"a": 1, "b": 1, "c": -2}, 3) == {"a": 34, "b": 33, "c": -67}
    rng = random.Random(3)
    for _ in range(300):
        rate = rng.randint(1, 1000)
        chips = [rng.randint(-5000, 5000) for _ in range(rng.randint(1, 8))]
        chips.append(-sum(chips))
        balances = {f"p{i}": c for i, c in enumerate(chips)}
        cents = chips_to_money(balances, rate)
        assert sum(cents.values()) == 0
        assert all(abs(cents[p] - c * 100 / rate) < 1 for p, c in balances.items())
    with pytest.raises(ValueError, match="no chip value|without a chip value"):
        chips_to_money({"a": 1}, 0)


def test_tournament_books_the_night_counts_tournament_money_with_cash_chips() -> None:
    """A cash table at 100 chips = $1 and a finished tournament with a fee are settled
    together; the fee goes to the host; a table without a chip value, one in another
    currency and a running tournament are left out and named."""
    t = Tournament(TournamentRules(buy_in=2000, stack=1500, schedule=SCHEDULE, fee=200))
    lines = [_line(t.register(p), p) for p in "abc"]
    t.start(0.0)
    t.hand_over([("c", 1500)])
    t.hand_over([("b", 1500)])
    lines += _paid_out(t)
    settled = settle_night(
        [
            CashNight("#cash", 100, "$", {"a": 500, "b": -500}),
            CashNight("#free", 0, "", {"c": 100, "a": -100}),
            CashNight("#euro", 100, "€", {"c": 100, "b": -100}),
        ],
        [
            TournamentNight("t1", "d", "finished", "$", lines),
            TournamentNight("t2", "d", "running", "$", [MoneyLine("a", "buy-in", 500)]),
        ],
    )
    assert settled.balances == {"a": 4300, "b": -2700, "c": -2200, "d": 600}
    assert [(x.payer, x.payee, x.chips) for x in settled.transfers] == [
        ("b", "a", 2700),
        ("c", "a", 1600),
        ("c", "d", 600),
    ]
    assert (settled.unpriced, settled.other_currency, settled.unfinished) == (
        ["#free"],
        ["#euro"],
        ["t2"],
    )
    assert night_lines(settled, NAMES) == [
        "The night's settle-up, cash tables and tournaments together:",
        "Ann: +$43.00",
        "Dan: +$6.00",
        "Cat: -$22.00",
        "Bob: -$27.00",
        "Settle up:",
        "Bob pays Ann $27.00",
        "Cat pays Ann $16.00",
        "Cat pays Dan $6.00",
        "Dan's balance holds $6.00 of fees, as host",
        "not counted: the table in #free has no chip value, so its chips cannot be put in"
        " money (a table is given one with 'value 100=1 $'; settle it in chips at its end)",
        "not counted: #euro plays in another currency than $",
        "not counted: tournament t2 has not ended, its money is in the prize pool",
    ]


async def _cash_table(db: Database, table_id: str, channel: str, words: str) -> None:
    settings = parse_table_setup(words).to_dict()
    table = StoredTable(
        table_id, "discord:g", channel, "a", settings, {"table": {"settings": settings}}, 0, None
    )
    await db.create_table(table, "discord", "Ann", "holdem", False)


async def _ledger(db: Database, table_id: str, rows: list[tuple[str, str, int]]) -> None:
    session = await db.session_of(table_id)
    for player, kind, amount in rows:
        await db._write(statements_for(LedgerEntry(table_id, session, player, kind, amount)))


async def test_tournament_books_the_nights_settle_up_read_from_storage(any_db: Database) -> None:
    """The same night read back from either backend: the cash sessions' ledgers at their
    table's chip value, the tournament's money lines, a tournament's own table left out of
    the cash (its chips are tournament chips)."""
    for pid, name in NAMES.items():
        await any_db._write([Database._player(pid, "discord", name)])
    await _cash_table(any_db, "tab-cash", "cash", "holdem 1/2 value 100=1 $")
    await _ledger(any_db, "tab-cash", [("a", "buy_in", 1000), ("b", "buy_in", 1000)])
    await _ledger(any_db, "tab-cash", [("a", "cash_out", 1500), ("b", "cash_out", 500)])
    await _cash_table(any_db, "tab-free", "free", "holdem 1/2")
    await _ledger(any_db, "tab-free", [("c", "buy_in", 200), ("c", "cash_out", 300)])
    await _ledger(any_db, "tab-free", [("a", "buy_in", 200), ("a", "cash_out", 100)])

    t = Tournament(TournamentRules(buy_in=2000, stack=1500, schedule=SCHEDULE, fee=200))
    await any_db.tournaments.create("t1", "discord:g", "lobby", ("d", "discord", "Dan"), {}, "$")
    lines = [_line(t.register(p), p) for p in "abc"]
    t.start(0.0)
    await _cash_table(any_db, "tab-t1", "lobby", "holdem 10/20 value 1=1 $")
    await any_db.tournaments.link_table("tab-t1", "t1")
    await _ledger(any_db, "tab-t1", [("a", "buy_in", 99999)])  # tournament chips: not cash
    t.hand_over([("c", 1500)])
    t.hand_over([("b", 1500)])
    await any_db.tournaments.commit("t1", 2, t.to_dict(), lines + _paid_out(t))
    stored = await any_db.tournaments.load("t1")
    assert stored is not None and stored.currency == "$"

    settled = await night_settle(any_db.books, any_db.tournaments, "discord:g", 0.0)
    assert settled.counted == ["cash", "t1"] and settled.unpriced == ["free"]
    assert settled.balances == {"a": 4300, "b": -2700, "c": -2200, "d": 600}
    assert settled.fees == {"d": 600}

    await any_db.tournaments.create(
        "t2", "discord:g", "lobby2", ("d", "discord", "Dan"), {}, currency="$"
    )
    later = await night_settle(any_db.books, any_db.tournaments, "discord:g", 0.0)
    assert "t2" in later.unfinished
