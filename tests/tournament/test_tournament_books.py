"""A tournament's registration, entries, rebuys, add-ons, pool, places and prizes
(RULES.md "Tournaments")."""

from __future__ import annotations

import pytest

from bot.engine.blindlevels import Level, Schedule
from bot.engine.errors import ConfigError, IllegalAction
from bot.engine.tournament import FINISHED, RUNNING, Tournament, TournamentRules

SCHEDULE = Schedule(tuple(Level(10 * n, 20 * n, minutes=10) for n in range(1, 9)), 2, 5)


def _tournament(**rules: object) -> Tournament:
    return Tournament(TournamentRules(buy_in=2000, stack=1500, schedule=SCHEDULE, **rules))  # type: ignore[arg-type]


def _registered(names: str, **rules: object) -> Tournament:
    t = _tournament(**rules)
    for name in names:
        t.register(name)
    return t


def test_tournament_registration_pays_in_and_fills_the_pool() -> None:
    t = _tournament(bounty=500)
    bought = t.register("a")
    assert (bought.money, bought.chips) == (2000, 1500)
    t.register("b")
    assert t.pool == 3000  # 2 x (2000 - 500 bounty)
    assert t.bounty_pool == 1000
    with pytest.raises(IllegalAction, match="registered already"):
        t.register("a")


def test_tournament_unregister_and_cancel_refund_in_full() -> None:
    t = _registered("abc")
    assert t.unregister("c").money == -2000
    refunds = t.cancel()
    assert sorted(r.money for r in refunds) == [-2000, -2000]
    assert t.pool == 0 and t.chips == 0 and t.status == "cancelled"


def test_tournament_the_seats_cap_a_sit_and_go() -> None:
    t = _registered("ab", seats=2)
    with pytest.raises(IllegalAction, match="full"):
        t.register("c")


def test_tda_2024_r8_a_late_registration_closes_at_the_end_of_its_level() -> None:
    t = _registered("ab", late_until=1)
    t.start(0.0)
    t.register("c")  # level 1: open
    assert not t.closed
    t.clock_due(600.0)  # level 1 ends; a break follows only after level 2
    assert t.closed
    with pytest.raises(IllegalAction, match="closed at the end of level 1"):
        t.register("d")
    assert t.fixed_shares == (1000,)


def test_tournament_without_late_registration_closes_at_the_start() -> None:
    t = _registered("ab")
    t.start(0.0)
    with pytest.raises(IllegalAction, match="no late registration"):
        t.register("c")


def test_tda_2024_r8_a_re_entry_is_a_new_entry_with_its_own_place() -> None:
    t = _registered("abc", late_until=2, re_entries=1)
    t.start(0.0)
    with pytest.raises(IllegalAction, match="still in"):
        t.re_enter("a")
    t.hand_over([("a", 1500)])
    again = t.re_enter("a")
    assert again.entry == "a#2" and again.chips == 1500
    # out third of three, a moves down to fourth as his re-entry grows the field
    assert t.entry("a").place == 4
    assert t.current("a") is t.entry("a#2")
    assert t.pool == 8000
    t.hand_over([("a#2", 900)])
    with pytest.raises(IllegalAction, match="used your 1 re-entry"):
        t.re_enter("a")


def test_tournament_rebuy_eligibility_levels_stack_and_count() -> None:
    t = _registered("ab", rebuy_levels=2, rebuys_most=1)
    t.start(0.0)
    assert t.may_rebuy("a", 1501) == "a rebuy is for a stack of 1500 chips or less (you have 1501)"
    assert t.may_rebuy("a", 1500) is None
    assert t.rebuy("a", 0).chips == 1500
    assert t.may_rebuy("a", 0) == "you have used your 1 rebuys"
    t.clock_due(1200.0)  # past level 2: a break
    t.clock_due(1500.0)  # level 3
    assert t.may_rebuy("b", 0) == "rebuys were during the first 2 levels"
    assert t.pool == 6000 and t.chips == 4500


def test_tournament_add_on_once_at_the_first_break() -> None:
    t = _registered("ab", rebuy_levels=2, add_on=True, add_on_stack=3000)
    t.start(0.0)
    with pytest.raises(IllegalAction, match="first break"):
        t.take_add_on("a")
    t.clock_due(1200.0)  # the break after level 2
    assert t.level_clock.on_break
    assert t.take_add_on("a").chips == 3000
    with pytest.raises(IllegalAction, match="taken your add-on"):
        t.take_add_on("a")
    t.clock_due(1500.0)
    with pytest.raises(IllegalAction, match="first break"):
        t.take_add_on("b")
    assert t.pool == 6000


def test_tournament_places_and_prizes_add_up_to_the_pool() -> None:
    t = _registered("abcdefghi")
    t.start(0.0)
    assert t.fixed_shares == (500, 300, 200)
    t.hand_over([("a", 100), ("b", 200)])
    for name in "cdefg":
        t.hand_over([(name, 10)])
    finishes = t.hand_over([("h", 10)])
    assert t.status == FINISHED
    assert [f.entry for f in finishes] == ["i", "h"]
    prize = {e.id: e.prize for e in t.entries}
    assert (prize["i"], prize["h"], prize["g"]) == (9000, 5400, 3600)
    assert sum(prize.values()) == t.pool == 18000
    assert t.entry("b").place == 8 and t.entry("a").place == 9


def test_tournament_tied_places_share_their_prizes() -> None:
    t = _registered("abcdefghi")
    t.start(0.0)
    for name in "abcdef":
        t.hand_over([(name, 10)])
    t.hand_over([("g", 700), ("h", 700)])  # tie for 2nd and 3rd
    prize = {e.id: e.prize for e in t.entries}
    assert prize["g"] == prize["h"] == (5400 + 3600) // 2
    assert prize["i"] == 9000


def test_tournament_knockout_bounties_to_the_winners_and_the_champion_keeps_his() -> None:
    t = _registered("abc", bounty=500)
    t.start(0.0)
    t.hand_over([("a", 300)], {"a": ["b", "c"]})
    t.hand_over([("b", 300)], {"b": ["c"]})
    assert (t.entry("b").bounties, t.entry("c").bounties) == (250, 250 + 500 + 500)
    assert sum(e.prize + e.bounties for e in t.entries) == 3 * 2000


def test_tournament_a_deal_pays_what_was_agreed_and_the_winner_the_rest() -> None:
    t = _registered("abcdefghi")
    t.start(0.0)
    for name in "abcdef":
        t.hand_over([(name, 10)])
    assert t.unpaid() == (9000, 5400, 3600)
    with pytest.raises(IllegalAction, match="every player still in"):
        t.agree_deal({"g": 6000, "h": 6000})
    with pytest.raises(IllegalAction, match="18000 left to pay"):
        t.agree_deal({"g": 6000, "h": 6000, "i": 5000})
    t.agree_deal({"g": 5000, "h": 5000, "i": 5000}, aside=3000)
    t.hand_over([("g", 10)])
    t.hand_over([("i", 10)])
    prize = {e.id: e.prize for e in t.entries}
    assert (prize["h"], prize["i"], prize["g"]) == (8000, 5000, 5000)
    assert sum(prize.values()) == t.pool


def test_tournament_knockout_bounties_a_deal_leaves_each_player_left_his_own_bounty() -> None:
    """A deal ends a knockout tournament with heads still on the table: each player left
    keeps the bounty on his own head, as the champion does, so every unit paid in is paid
    out (RULES.md "Tournaments", knockout bounties)."""
    t = _registered("abc", bounty=500)
    t.start(0.0)
    t.hand_over([("a", 300)], {"a": ["b"]})
    left = dict(zip(("b", "c"), t.unpaid(), strict=True))
    t.agree_deal(left)
    t.close_by_deal({"b": 2000, "c": 2500})
    assert (t.entry("b").bounties, t.entry("c").bounties) == (500 + 500, 500)
    assert sum(e.prize + e.bounties for e in t.entries) == 3 * 2000


def test_tournament_is_stored_and_restored_as_it_stood() -> None:
    t = _registered("abc", late_until=1, rebuy_levels=1, bounty=100)
    t.start(0.0)
    t.rebuy("a", 0)
    t.level_clock.read(120.0)
    back = Tournament.from_dict(t.to_dict())
    back.level_clock.resumed(120.0)
    assert back.to_dict() == t.to_dict()
    assert back.status == RUNNING and back.pool == t.pool


def test_tournament_payouts_change_until_registration_closes() -> None:
    """The host's payouts change in the lobby and during late registration, the prizes
    with them; once registration closes they are fixed, and a change is refused saying
    so, nothing changed (RULES.md "Tournaments", the payout table)."""
    t = _registered("abc", late_until=1)
    t.change_payouts((700, 300))
    assert t.shares() == (700, 300) and t.prizes() == (4200, 1800)
    t.start(0.0)
    t.change_payouts((1000,))  # late registration: still open
    assert t.prizes() == (6000,)
    t.change_payouts(())  # the standard table by entries
    assert t.rules.shares == () and t.shares() == (1000,)
    t.clock_due(600.0)  # late registration closes with level 1
    with pytest.raises(IllegalAction, match="fixed once registration closes"):
        t.change_payouts((500, 300, 200))
    assert t.shares() == (1000,) and t.rules.shares == ()


def test_tournament_payouts_a_change_that_cannot_pay_is_refused_unchanged() -> None:
    """Shares that do not add up to 100%, or pay a place more than the one above it,
    are refused as at the setup; the payouts stay as they were."""
    t = _registered("abc", shares=(600, 400))
    with pytest.raises(ConfigError, match="100%"):
        t.change_payouts((500, 300))
    with pytest.raises(ConfigError, match="more than the place above"):
        t.change_payouts((300, 700))
    assert t.shares() == (600, 400)


def test_tournament_payouts_are_fixed_once_registration_closes_at_the_start() -> None:
    """Without late registration it closes at the start: the payouts are fixed then."""
    t = _registered("ab")
    t.start(0.0)
    with pytest.raises(IllegalAction, match="fixed once registration closes"):
        t.change_payouts((1000,))
