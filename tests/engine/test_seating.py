"""Seats, buy-ins, the button and the blinds from hand to hand (bot/engine/seating.py).

RULES.md "Table stakes and buy-ins" (000 NL §16: the house sets a minimum and maximum buy-in)
and the dead-button rule as cardrooms play it (Robert's Rules of Poker "button and blind
use", TDA): the big blind moves forward one eligible player every hand and is never skipped
or paid twice in a row; the small blind (the last big blind) and the button (the last small
blind's seat) may be dead; heads-up the button posts the small blind and acts first before
the flop; a new player waits for the big blind or posts one to come in, never between the
button and the big blind; a player who missed blinds posts them on return (the big blind
live, the small blind dead) or waits for the big blind; a busted player is out until he
buys in again.

Hands are simulated with :func:`play`: ``next_deal``, ``commit_deal``, then ``settle`` with
the stacks after the hand (a seat in ``bust`` loses everything). Long random sequences of
sits, leaves, sit-outs, returns, busts and rebuys are checked deal by deal by
:func:`check_deal`, seeded and through hypothesis.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.errors import IllegalAction
from bot.engine.seating import Deal, Seat, Seating, SeatStatus

SMALL, BIG = 1, 2
MIN_BUY, MAX_BUY = 100, 500


def table(seats: Iterable[int] = (1, 2, 3), size: int = 6, stack: int = 200) -> Seating:
    """A table with a new player (``p<seat>``) in each of ``seats``."""
    seating = Seating(size, MIN_BUY, MAX_BUY)
    for s in seats:
        seating.sit(f"p{s}", f"P{s}", stack, s)
    return seating


def play(seating: Seating, bust: Iterable[int] = ()) -> Deal:
    """Deal one hand, record it, and settle it: seats in ``bust`` lose all their chips,
    everyone else keeps his stack."""
    deal = seating.next_deal(SMALL, BIG)
    seating.commit_deal(deal)
    gone = set(bust)
    seating.settle({s: 0 if s in gone else seating.seats[s].stack for s in deal.seats})
    return deal


def who(seating: Seating, seat: int | None) -> str | None:
    """The player in ``seat`` (None: empty or no seat)."""
    if seat is None or seat not in seating.seats:
        return None
    return seating.seats[seat].player_id


def clockwise(size: int, after: int) -> list[int]:
    """The seats clockwise from ``after``, ending with ``after``."""
    return [(after + k - 1) % size + 1 for k in range(1, size + 1)]


def strictly_between(size: int, start: int, end: int) -> list[int]:
    """The seats clockwise after ``start`` and before ``end``."""
    order = clockwise(size, start)
    return order[: order.index(end)] if end != start else order[:-1]


def status(seating: Seating, seat: int) -> SeatStatus:
    return seating.seats[seat].status


def eligible(seat: Seat) -> bool:
    """Able to take the big blind: chips, and neither sitting out nor busted."""
    return seat.stack > 0 and seat.status in (SeatStatus.ACTIVE, SeatStatus.WAITING)


def check_deal(before: Seating, deal: Deal, after: Seating) -> None:
    """Every rule a single deal must keep (``before``: the seating just before ``next_deal``,
    ``after``: just after ``commit_deal``)."""
    size = before.size
    seats = deal.seats
    n = len(seats)
    assert n >= 2 and len(set(seats)) == n
    assert len(deal.blinds) == len(deal.dead) == len(deal.kinds) == n
    for s in seats:
        assert s in before.seats and before.seats[s].stack > 0
    # The big blind goes to a seat able to take it: the next one clockwise (never backward,
    # never the same seat twice in a row, no eligible player skipped).
    bb = deal.big_blind
    assert bb in seats and eligible(before.seats[bb])
    if before.big_blind is not None:
        nxt = next(
            s
            for s in clockwise(size, before.big_blind)
            if s in before.seats and eligible(before.seats[s])
        )
        assert bb == nxt
        assert bb != before.big_blind
    active = [
        s for s, seat in before.seats.items() if seat.status is SeatStatus.ACTIVE and seat.stack > 0
    ]
    fresh = len(active) < 2  # a game (re)starting: everyone able to play is dealt in
    for s in active:
        assert s in seats, f"active seat {s} left out of {deal}"
    for s in seats:
        seat = before.seats[s]
        assert (
            seat.status is SeatStatus.ACTIVE
            or s == bb
            or fresh
            or (seat.status is SeatStatus.WAITING and seat.post_next)
        ), (s, seat, deal)
    # Hand order and blinds.
    i_bb = seats.index(bb)
    assert deal.blinds[i_bb] == BIG and deal.kinds[i_bb] == "big_blind" and deal.dead[i_bb] == 0
    if n == 2:  # heads-up: big blind first, the button second and on the small blind
        assert seats == (bb, deal.button)
        assert deal.small_blind == deal.button
        assert deal.blinds == (BIG, SMALL) and deal.kinds == ("big_blind", "small_blind")
        assert deal.dead == (0, 0)
        if before.big_blind is not None and not fresh:  # the dead button goes on regardless
            assert deal.small_blind_position == before.big_blind
        return
    order = [s for s in clockwise(size, deal.button) if s in seats]
    assert list(seats) == order, "hand order is clockwise from the button, the button last"
    assert deal.button != bb and deal.button != deal.small_blind
    if deal.small_blind is None:  # a dead small blind: the big blind is first
        assert seats[0] == bb
    else:
        assert seats[:2] == (deal.small_blind, bb)
        i_sb = 0
        assert deal.blinds[i_sb] == SMALL and deal.kinds[i_sb] == "small_blind"
        if before.big_blind is not None and not fresh:
            # the small blind is the last big blind, still there and dealt in
            assert deal.small_blind == before.big_blind
    if before.big_blind is not None and not fresh:
        # Dead button: the small blind's position is where the big blind was, and no one
        # comes in between the button and the big blind.
        assert deal.small_blind_position == before.big_blind
        zone = strictly_between(size, deal.button, bb)
        for s in seats:
            if s != bb and s != deal.small_blind:
                assert s not in zone, f"seat {s} dealt in between the button and the blinds"
    for i, s in enumerate(seats):
        if s in (bb, deal.small_blind):
            continue
        seat = before.seats[s]
        if seat.status is SeatStatus.WAITING and not fresh:
            # posting to come in: a live big blind (a new player, or one who missed it),
            # plus the small blind dead if he missed it; a missed small blind alone is
            # posted dead.
            live = BIG if (seat.missed_big or not seat.missed_small) else 0
            assert deal.blinds[i] == live
            assert deal.dead[i] == (SMALL if seat.missed_small else 0)
            assert deal.kinds[i] == ("blind" if live else "")
        else:
            assert (deal.blinds[i], deal.dead[i], deal.kinds[i]) == (0, 0, "")
    # After the deal: everyone dealt in is active and owes nothing; anyone sitting out whom
    # the big blind passed owes both blinds.
    for s in seats:
        seat = after.seats[s]
        assert seat.status is SeatStatus.ACTIVE
        assert not (seat.missed_big or seat.missed_small or seat.post_next)
    if before.big_blind is not None:
        for s in strictly_between(size, before.big_blind, bb):
            passed = after.seats.get(s)
            if passed is not None and passed.status is SeatStatus.SITTING_OUT:
                assert passed.missed_big and passed.missed_small


def checked_play(seating: Seating, bust: Iterable[int] = ()) -> Deal:
    """:func:`play`, checking the deal with :func:`check_deal`."""
    before = copy.deepcopy(seating)
    deal = seating.next_deal(SMALL, BIG)
    seating.commit_deal(deal)
    check_deal(before, deal, seating)
    gone = set(bust)
    seating.settle({s: 0 if s in gone else seating.seats[s].stack for s in deal.seats})
    return deal


def state(seating: Seating) -> str:
    return json.dumps(seating.to_dict(), sort_keys=True)


# ---------------------------------------------------------------------------- the button


def test_first_deal_everyone_seated_is_dealt_in_button_then_small_then_big() -> None:
    """A new game: everyone seated is dealt in without posting (no one is waiting for a big
    blind yet); the button is the first seat, the blinds the next two."""
    seating = table((2, 4, 5))
    deal = checked_play(seating)
    assert deal.seats == (4, 5, 2)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, 4, 5)
    assert deal.blinds == (SMALL, BIG, 0)
    assert deal.kinds == ("small_blind", "big_blind", "")
    assert all(seating.seats[s].status is SeatStatus.ACTIVE for s in (2, 4, 5))


def test_first_deal_heads_up_the_button_posts_the_small_blind() -> None:
    seating = table((3, 6))
    deal = checked_play(seating)
    assert deal.seats == (6, 3)  # big blind first, the button second
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 3, 6)
    assert deal.blinds == (BIG, SMALL)


def test_fewer_than_two_players_with_chips_cannot_be_dealt() -> None:
    seating = table((1,))
    with pytest.raises(IllegalAction, match="two players"):
        seating.next_deal(SMALL, BIG)
    seating = table((1, 2))
    seating.sit_out("p2")
    with pytest.raises(IllegalAction, match="two players"):
        seating.next_deal(SMALL, BIG)


def test_big_blind_moves_one_player_clockwise_each_hand_full_orbits() -> None:
    """Six players, ten orbits: the big blind moves one seat a hand; in every run of six
    hands each player pays the big blind exactly once and the small blind exactly once; the
    button is where the small blind was."""
    seating = table((1, 2, 3, 4, 5, 6))
    deals = [checked_play(seating) for _ in range(60)]
    bbs = [d.big_blind for d in deals]
    assert bbs[:8] == [3, 4, 5, 6, 1, 2, 3, 4]
    for prev, deal in zip(deals, deals[1:], strict=False):
        assert deal.big_blind == prev.big_blind % 6 + 1
        assert deal.small_blind == prev.big_blind
        assert deal.button == prev.small_blind
        assert len(deal.seats) == 6 and deal.seats[-1] == deal.button
    for k in range(len(deals) - 5):
        window = deals[k : k + 6]
        assert Counter(d.big_blind for d in window) == Counter(range(1, 7))
        assert Counter(d.small_blind for d in window) == Counter(range(1, 7))


def test_orbit_with_empty_seats_each_player_pays_each_blind_once() -> None:
    seating = table((2, 3, 7, 9), size=9)
    deals = [checked_play(seating) for _ in range(24)]
    for k in range(len(deals) - 3):
        window = deals[k : k + 4]
        assert sorted(d.big_blind for d in window) == [2, 3, 7, 9]
        assert sorted(d.small_blind or 0 for d in window) == [2, 3, 7, 9]


# ------------------------------------------------------------ busts and leaves (dead button)


def test_player_left_of_the_big_blind_busts_the_big_blind_moves_past_him() -> None:
    """Button 1, small blind 2, big blind 3; seat 4 (next big blind) busts: the big blind goes
    to 5, seat 3 posts the small blind, the button moves to 2. Nobody pays it twice."""
    seating = table((1, 2, 3, 4, 5))
    checked_play(seating, bust=(4,))  # 1 button, 2 small, 3 big; 4 busts
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, 3, 5)
    assert deal.seats == (3, 5, 1, 2)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 5, 1)


def test_player_left_of_the_big_blind_leaves_the_big_blind_moves_past_his_seat() -> None:
    seating = table((1, 2, 3, 4, 5))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.leave("p4")
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, 3, 5)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 5, 1)


def test_big_blind_busts_next_small_blind_is_dead_then_the_button_is_dead() -> None:
    """Robert's Rules, dead button: the big blind (3) busts; next hand there is no small
    blind (it would have been his), the big blind goes to 4 and the button to 2, the old
    small blind; the hand after, the button is on 3's empty seat and 4 and 5 post the blinds,
    so player 2 has last action twice and nobody skips or repeats the big blind."""
    seating = table((1, 2, 3, 4, 5))
    checked_play(seating, bust=(3,))  # 1 button, 2 small, 3 big and busts
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, None, 4)
    assert deal.small_blind_position == 3
    assert deal.seats == (4, 5, 1, 2)
    assert deal.blinds == (BIG, 0, 0, 0)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 4, 5)  # a dead button
    assert deal.seats == (4, 5, 1, 2)
    assert deal.blinds == (SMALL, BIG, 0, 0)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (4, 5, 1)


def test_big_blind_leaves_dead_small_blind() -> None:
    seating = table((1, 2, 3, 4, 5))
    checked_play(seating)
    seating.leave("p3")
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, None, 4)
    assert deal.seats[0] == 4 and deal.blinds[0] == BIG and sum(deal.blinds) == BIG


def test_small_blind_leaves_the_button_is_dead_on_his_seat() -> None:
    """The small blind (2) leaves: the big blind moves on to 4, 3 posts the small blind and
    the button is 2's empty seat, so player 1 is last to act again."""
    seating = table((1, 2, 3, 4, 5))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.leave("p2")
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, 3, 4)
    assert deal.seats == (3, 4, 5, 1)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 4, 5)


def test_both_blinds_bust_the_button_player_keeps_the_button_three_hands() -> None:
    seating = table((1, 2, 3, 4, 5, 6))
    checked_play(seating, bust=(2, 3))  # 1 button, 2 small, 3 big: both bust
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, None, 4)
    assert deal.seats[-1] == 1
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 4, 5)
    assert deal.seats[-1] == 1
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (4, 5, 6)


def test_button_player_busts_the_button_moves_on_normally() -> None:
    seating = table((1, 2, 3, 4))
    checked_play(seating, bust=(1,))
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, 3, 4)
    assert deal.seats == (3, 4, 2)


# --------------------------------------------------------------------------- new players


def test_new_player_left_of_the_big_blind_takes_it_next_hand() -> None:
    seating = table((1, 2, 3, 5))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.sit("new", "New", 200, 4)
    assert seating.seats[4].status is SeatStatus.WAITING
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, 3, 4)
    assert deal.seats == (3, 4, 5, 1, 2)
    assert status(seating, 4) is SeatStatus.ACTIVE


def test_new_player_waits_for_the_big_blind_and_is_dealt_in_when_it_reaches_him() -> None:
    """A new player who sits where the big blind just passed waits a whole orbit, dealt out,
    and comes in on the big blind; nobody pays the big blind twice meanwhile."""
    seating = table((1, 3, 4, 5))
    assert [checked_play(seating).big_blind for _ in range(4)] == [4, 5, 1, 3]
    seating.sit("new", "New", 200, 2)
    bbs = []
    for _ in range(3):
        deal = checked_play(seating)
        assert 2 not in deal.seats
        bbs.append(deal.big_blind)
    deal = checked_play(seating)
    bbs.append(deal.big_blind)
    assert bbs == [4, 5, 1, 2]
    assert deal.kinds[deal.seats.index(2)] == "big_blind"
    deal = checked_play(seating)
    assert (deal.small_blind, deal.big_blind) == (2, 3)


def test_new_player_posting_to_come_in_posts_a_live_big_blind() -> None:
    """A new player may post a big blind (live, kind "blind") and be dealt in at once, when
    he is not between the button and the big blind."""
    seating = table((1, 2, 3, 4))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.sit("new", "New", 200, 6)
    seating.sit_in("new", post=True)
    assert seating.seats[6].post_next
    deal = checked_play(seating)  # 2 button, 3 small, 4 big
    assert deal.seats == (3, 4, 6, 1, 2)
    i = deal.seats.index(6)
    assert (deal.blinds[i], deal.dead[i], deal.kinds[i]) == (BIG, 0, "blind")
    assert seating.seats[6].status is SeatStatus.ACTIVE and not seating.seats[6].post_next
    deal = checked_play(seating)  # and he is an ordinary player: next is 1's big blind
    assert (deal.small_blind, deal.big_blind) == (4, 6)


def test_new_player_between_the_blinds_may_not_post_in_until_the_button_passes() -> None:
    """Seats 1-5; 1 button, 2 small, 4 big (3 was empty). A new player sits in 3, between the
    blinds, and asks to post: next hand he is between the button (2) and the small blind (4),
    so he waits; the hand after he is behind the button and comes in posting. The big blind
    moves one player a hand throughout."""
    seating = table((1, 2, 4, 5))
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (1, 2, 4)
    seating.sit("new", "New", 200, 3)
    seating.sit_in("new", post=True)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, 4, 5)
    assert 3 not in deal.seats
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (4, 5, 1)
    assert deal.seats == (5, 1, 2, 3, 4)
    i = deal.seats.index(3)
    assert (deal.blinds[i], deal.kinds[i]) == (BIG, "blind")
    deal = checked_play(seating)
    assert (deal.small_blind, deal.big_blind) == (1, 2)
    deal = checked_play(seating)
    assert (deal.small_blind, deal.big_blind) == (2, 3)


def test_new_player_between_the_blinds_waiting_gets_the_big_blind_after_an_orbit() -> None:
    seating = table((1, 2, 4, 5))
    checked_play(seating)  # 1 button, 2 small, 4 big
    seating.sit("new", "New", 200, 3)
    seen = []
    for _ in range(4):
        deal = checked_play(seating)
        seen.append((deal.big_blind, 3 in deal.seats))
    assert seen == [(5, False), (1, False), (2, False), (3, True)]


def test_new_player_cannot_dodge_the_big_blind_by_sitting_out_and_back() -> None:
    """Sitting out and back in does not turn a new player into an active one: he still
    waits for the big blind or posts."""
    seating = table((1, 2, 3, 4))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.sit("new", "New", 200, 6)
    seating.sit_out("new")
    seating.sit_in("new")
    assert seating.seats[6].status is SeatStatus.WAITING
    deal = checked_play(seating)  # big blind 4: 6 still waits
    assert 6 not in deal.seats
    deal = checked_play(seating)
    assert deal.big_blind == 6 and deal.blinds[deal.seats.index(6)] == BIG


def test_players_joining_a_lone_player_start_a_new_game() -> None:
    """Heads-up, one player busts: the next player to sit is dealt in at once (a game needs
    two), and the big blind still moves forward."""
    seating = table((1, 4))
    deal = checked_play(seating)  # 1 button and small, 4 big
    checked_play(seating, bust=(4,))  # 4 button and small, 1 big; 4 busts
    with pytest.raises(IllegalAction):
        seating.next_deal(SMALL, BIG)
    seating.sit("new", "New", 200, 2)
    deal = checked_play(seating)
    assert set(deal.seats) == {1, 2}
    assert deal.big_blind == 2  # 1 had the big blind last hand
    deal = checked_play(seating)
    assert deal.big_blind == 1


def test_player_back_ahead_of_the_blinds_takes_the_button() -> None:
    """A player who sat out while a new game (or heads-up play) placed the blinds around
    him comes back owing nothing; he is dealt in on the button, never ahead of the small
    blind."""
    seating = table((1, 5))
    checked_play(seating)  # 1 button and small, 5 big
    checked_play(seating, bust=(1,))  # 5 button and small, 1 big and busts
    seating.sit_out("p5")
    seating.sit("a", "A", 200, 2)
    seating.sit("b", "B", 200, 4)
    deal = checked_play(seating)  # a new game: 2 big, 4 button and small
    assert deal.seats == (2, 4) and deal.button == 4
    seating.sit_in("p5")
    assert status(seating, 5) is SeatStatus.ACTIVE
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (5, 2, 4)
    assert deal.seats == (2, 4, 5)
    seating = table((1, 6))
    checked_play(seating)
    checked_play(seating, bust=(1,))
    seating.sit_out("p6")
    for s in (2, 3, 5):
        seating.sit(f"n{s}", "N", 200, s)
    deal = checked_play(seating)  # a new game: 5 small, 2 big, 3 button
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 5, 2)
    seating.sit_in("p6")
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (6, 2, 3)
    assert deal.seats == (2, 3, 5, 6)


def test_two_newcomers_joining_a_lone_player_are_all_dealt_in_without_posting() -> None:
    seating = table((1, 4))
    checked_play(seating, bust=(4,))  # 1 button and small, 4 big and busts
    seating.sit("a", "A", 200, 3)
    seating.sit("b", "B", 200, 5)
    seating.sit_in("b", post=True)
    deal = checked_play(seating)
    assert deal.big_blind == 5  # the next seat able to take it after 4
    assert (deal.button, deal.small_blind) == (1, 3)
    assert deal.seats == (3, 5, 1) and deal.blinds == (SMALL, BIG, 0)
    assert deal.dead == (0, 0, 0) and "blind" not in deal.kinds


# --------------------------------------------------------------- sitting out, missed blinds


def test_sit_out_and_back_before_the_blinds_reach_him_owes_nothing() -> None:
    seating = table((1, 2, 3, 4, 5, 6))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.sit_out("p6")
    deal = checked_play(seating)  # 2 button, 3 small, 4 big
    assert 6 not in deal.seats
    seating.sit_in("p6")
    assert seating.seats[6].status is SeatStatus.ACTIVE
    deal = checked_play(seating)  # 3 button, 4 small, 5 big
    i = deal.seats.index(6)
    assert (deal.blinds[i], deal.dead[i]) == (0, 0)
    deal = checked_play(seating)
    assert deal.big_blind == 6


def test_returning_player_who_missed_the_big_blind_posts_big_live_and_small_dead() -> None:
    seating = table((1, 2, 3, 4))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.sit_out("p4")
    deal = checked_play(seating)  # the big blind passes 4: 1 takes it
    assert deal.big_blind == 1 and 4 not in deal.seats
    seat = seating.seats[4]
    assert seat.missed_big and seat.missed_small
    seating.sit_in("p4", post=True)
    assert seating.seats[4].status is SeatStatus.WAITING
    deal = checked_play(seating)  # 3 button, 1 small, 2 big: 4 is between button and blinds
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 1, 2)
    assert 4 not in deal.seats and seating.seats[4].post_next
    deal = checked_play(seating)  # 1 button, 2 small, 3 big: the button has passed him
    assert (deal.button, deal.small_blind, deal.big_blind) == (1, 2, 3)
    assert deal.seats == (2, 3, 4, 1)
    i = deal.seats.index(4)
    assert (deal.blinds[i], deal.dead[i], deal.kinds[i]) == (BIG, SMALL, "blind")
    seat = seating.seats[4]
    assert seat.status is SeatStatus.ACTIVE and not (seat.missed_big or seat.missed_small)


def test_returning_player_who_missed_the_big_blind_may_wait_for_it() -> None:
    seating = table((1, 2, 3, 4))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.sit_out("p4")
    checked_play(seating)  # big blind 1, 4 passed
    seating.sit_in("p4")  # waits
    deal = checked_play(seating)
    assert deal.big_blind == 2 and 4 not in deal.seats
    deal = checked_play(seating)
    assert deal.big_blind == 3 and 4 not in deal.seats
    deal = checked_play(seating)
    assert deal.big_blind == 4
    i = deal.seats.index(4)
    assert (deal.blinds[i], deal.dead[i], deal.kinds[i]) == (BIG, 0, "big_blind")
    seat = seating.seats[4]
    assert not (seat.missed_big or seat.missed_small)


def test_player_who_sat_out_on_his_small_blind_owes_it_dead() -> None:
    """Robert's Rules: a player who missed only the small blind posts it dead to come back
    (no live blind) or waits for the big blind."""
    seating = table((1, 2, 3, 4, 5))
    checked_play(seating)  # 1 button, 2 small, 3 big
    seating.sit_out("p3")
    deal = checked_play(seating)  # 3 would post the small blind: it is dead
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, None, 4)
    seat = seating.seats[3]
    assert seat.missed_small and not seat.missed_big
    seating.sit_in("p3", post=True)
    deal = checked_play(seating)  # 3 button (he is on it), 4 small, 5 big
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 4, 5)
    i = deal.seats.index(3)
    assert (deal.blinds[i], deal.dead[i], deal.kinds[i]) == (0, SMALL, "")
    seating2 = table((1, 2, 3, 4, 5))
    checked_play(seating2)
    seating2.sit_out("p3")
    checked_play(seating2)
    seating2.sit_in("p3")  # waits for the big blind instead
    assert [3 in checked_play(seating2).seats for _ in range(4)] == [False, False, False, True]


def test_sit_out_next_hand_pre_action_applies_at_settle() -> None:
    seating = table((1, 2))
    checked_play(seating)
    seating.seats[2].sit_out_next = True
    deal = checked_play(seating)
    assert 2 in deal.seats
    assert seating.seats[2].status is SeatStatus.SITTING_OUT and not seating.seats[2].sit_out_next
    with pytest.raises(IllegalAction):
        seating.next_deal(SMALL, BIG)


# ------------------------------------------------------------------------------ heads-up


def test_heads_up_button_posts_small_blind_and_the_blinds_alternate() -> None:
    seating = table((2, 5))
    deals = [checked_play(seating) for _ in range(6)]
    for deal in deals:
        assert deal.seats == (deal.big_blind, deal.button)
        assert deal.small_blind == deal.button
        assert deal.blinds == (BIG, SMALL) and deal.dead == (0, 0)
    assert [d.big_blind for d in deals] == [5, 2, 5, 2, 5, 2]


@pytest.mark.parametrize(
    ("bust", "expected_bb", "expected_button"),
    [(1, 2, 3), (2, 1, 3), (3, 1, 2)],
    ids=["button busts", "small blind busts", "big blind busts"],
)
def test_three_to_two_players_nobody_pays_the_big_blind_twice(
    bust: int, expected_bb: int, expected_button: int
) -> None:
    seating = table((1, 2, 3))
    checked_play(seating, bust=(bust,))  # 1 button, 2 small, 3 big
    deal = checked_play(seating)
    assert deal.big_blind == expected_bb and deal.big_blind != 3
    assert deal.button == deal.small_blind == expected_button
    assert deal.seats == (expected_bb, expected_button)
    last = deal.big_blind
    for _ in range(5):
        deal = checked_play(seating)
        assert deal.big_blind != last
        last = deal.big_blind


@pytest.mark.parametrize("new_seat", [3, 4, 6])
def test_two_to_three_players_new_player_left_of_big_blind(new_seat: int) -> None:
    """Heads-up 1 (button) v 2 (big blind); a player sits left of the big blind: he takes
    the big blind at once, 2 posts the small blind, 1 keeps the button."""
    seating = table((1, 2))
    deal = checked_play(seating)
    assert (deal.button, deal.big_blind) == (1, 2)
    seating.sit("new", "New", 200, new_seat)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (1, 2, new_seat)
    assert deal.seats == (2, new_seat, 1)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (2, new_seat, 1)


def test_two_to_three_players_new_player_between_the_heads_up_blinds() -> None:
    """Heads-up 1 (button, small) v 3 (big); a player sits in 2, between them, and asks to
    post: he may not come in between the blinds, so one more heads-up hand is dealt (1 now
    has the big blind), then the big blind reaches him."""
    seating = table((1, 3))
    deal = checked_play(seating)
    assert (deal.button, deal.big_blind) == (1, 3)
    seating.sit("new", "New", 200, 2)
    seating.sit_in("new", post=True)
    deal = checked_play(seating)
    assert deal.seats == (1, 3) and deal.button == deal.small_blind == 3
    deal = checked_play(seating)
    assert (deal.small_blind, deal.big_blind) == (1, 2)
    assert deal.button == 3 and deal.seats == (1, 2, 3)
    deal = checked_play(seating)
    assert (deal.button, deal.small_blind, deal.big_blind) == (1, 2, 3)


def test_heads_up_the_player_who_had_the_big_blind_does_not_get_it_again_after_a_bust() -> None:
    seating = table((1, 2, 3, 4))
    bbs = []
    last_bb_player = None
    for bust in ((4,), (), (1,), (), (), ()):
        deal = checked_play(seating, bust=bust)
        player = who(seating, deal.big_blind)
        assert player != last_bb_player
        last_bb_player = player
        bbs.append(deal.big_blind)
    assert bbs == [3, 1, 2, 3, 2, 3]


# ---------------------------------------------------------------------- busted players


def test_busted_player_is_skipped_until_he_buys_in_again() -> None:
    seating = table((1, 2, 3, 4))
    checked_play(seating, bust=(4,))
    assert seating.seats[4].status is SeatStatus.BUSTED
    for _ in range(6):
        deal = checked_play(seating)
        assert 4 not in deal.seats and deal.big_blind != 4
    with pytest.raises(IllegalAction, match="buy in again"):
        seating.sit_in("p4")
    seating.rebuy("p4", 150)
    assert status(seating, 4) is SeatStatus.WAITING and seating.seats[4].stack == 150
    dealt = []
    for _ in range(4):
        deal = checked_play(seating)
        dealt.append(4 in deal.seats)
        if 4 in deal.seats:
            assert deal.big_blind == 4
            break
    assert dealt[-1]


def test_busted_player_tops_up_only_with_a_full_buy_in() -> None:
    seating = table((1, 2, 3))
    checked_play(seating, bust=(1,))
    before = state(seating)
    with pytest.raises(IllegalAction, match="between 100 and 500"):
        seating.top_up("p1", 10, in_hand=False)
    assert state(seating) == before
    seating.top_up("p1", 100, in_hand=False)
    assert seating.seats[1].stack == 100 and seating.seats[1].status is SeatStatus.WAITING


# ------------------------------------------------------------------ buy-ins and bad input


def test_buy_in_between_the_minimum_and_the_maximum_is_accepted() -> None:
    seating = Seating(6, MIN_BUY, MAX_BUY)
    assert seating.sit("a", "A", MIN_BUY).seat == 1
    assert seating.sit("b", "B", MAX_BUY, 4).seat == 4
    assert seating.sit("c", "C", 250).seat == 2  # the next free seat
    assert seating.seats[4].stack == MAX_BUY and seating.seats[4].status is SeatStatus.WAITING


@pytest.mark.parametrize("buy_in", [MIN_BUY - 1, MAX_BUY + 1, 0, -200, "200", 200.0, True, None])
def test_buy_in_out_of_range_or_not_a_whole_number_is_refused(buy_in: Any) -> None:
    seating = table((1,))
    before = state(seating)
    with pytest.raises(IllegalAction, match="between 100 and 500 chips"):
        seating.sit("x", "X", buy_in)
    assert state(seating) == before


@pytest.mark.parametrize("seat", [0, 7, -1, "3", True, 2.0, 1])
def test_unknown_or_taken_seat_is_refused_naming_the_free_seats(seat: Any) -> None:
    seating = table((1, 4))
    before = state(seating)
    with pytest.raises(IllegalAction, match=r"free seats are \[2, 3, 5, 6\]"):
        seating.sit("x", "X", 200, seat)
    assert state(seating) == before


def test_already_seated_player_cannot_take_a_second_seat() -> None:
    seating = table((1,))
    before = state(seating)
    with pytest.raises(IllegalAction, match="already has a seat"):
        seating.sit("p1", "P1", 200, 2)
    assert state(seating) == before


def test_000_nl_16_no_waiting_list_while_a_seat_is_free() -> None:
    """A free seat is taken with a buy-in in the table's range (000 NL §16): joining the
    waiting list is refused with that range, and nothing changes."""
    seating = table((1, 2), size=3)
    before = state(seating)
    with pytest.raises(IllegalAction, match=r"seat 3 is free.*between \d+ and \d+ chips"):
        seating.join_waiting_list("x", "X")
    assert state(seating) == before and seating.waiting_list == []


def test_full_table_sends_players_to_the_waiting_list() -> None:
    seating = table((1, 2), size=2)
    before = state(seating)
    with pytest.raises(IllegalAction, match="waiting list"):
        seating.sit("x", "X", 200)
    assert state(seating) == before
    assert seating.join_waiting_list("x", "X") == 1
    assert seating.join_waiting_list("y", "Y") == 2
    with pytest.raises(IllegalAction, match="already on the waiting list"):
        seating.join_waiting_list("x", "X")
    with pytest.raises(IllegalAction, match="already has a seat"):
        seating.join_waiting_list("p1", "P1")
    assert seating.leave("p2") == 200
    seating.sit("x", "X", 200)
    assert seating.waiting_list == [("y", "Y")]
    placed = seating.seat_of("x")
    assert placed is not None and placed.seat == 2


def test_top_up_between_hands_up_to_the_maximum() -> None:
    seating = table((1, 2), stack=300)
    assert seating.top_up("p1", 200, in_hand=False).stack == MAX_BUY
    before = state(seating)
    with pytest.raises(IllegalAction, match="the most you may add is 0"):
        seating.top_up("p1", 1, in_hand=False)
    with pytest.raises(IllegalAction, match="the most you may add is 200"):
        seating.top_up("p2", 201, in_hand=False)
    with pytest.raises(IllegalAction, match="between hands"):
        seating.top_up("p2", 50, in_hand=True)
    with pytest.raises(IllegalAction, match="not seated"):
        seating.top_up("zz", 50, in_hand=False)
    assert state(seating) == before


@pytest.mark.parametrize("amount", [0, -5, "50", 50.0, True, None])
def test_top_up_by_anything_but_a_positive_whole_number_is_refused(amount: Any) -> None:
    seating = table((1, 2), stack=300)
    before = state(seating)
    with pytest.raises(IllegalAction, match="up to 200"):
        seating.top_up("p1", amount, in_hand=False)
    assert state(seating) == before


@pytest.mark.parametrize("amount", [MIN_BUY - 1, MAX_BUY + 1, -1, "200", True, 200.5])
def test_rebuy_out_of_range_is_refused(amount: Any) -> None:
    seating = table((1, 2, 3))
    checked_play(seating, bust=(1,))
    before = state(seating)
    with pytest.raises(IllegalAction, match="between 100 and 500"):
        seating.rebuy("p1", amount)
    assert state(seating) == before


def test_rebuy_only_when_busted_and_actions_need_a_seat() -> None:
    seating = table((1, 2))
    before = state(seating)
    with pytest.raises(IllegalAction, match="top up"):
        seating.rebuy("p1", 200)
    for call in (
        lambda: seating.sit_out("zz"),
        lambda: seating.sit_in("zz"),
        lambda: seating.leave("zz"),
        lambda: seating.rebuy("zz", 200),
    ):
        with pytest.raises(IllegalAction, match="not seated"):
            call()
    assert state(seating) == before


def test_leave_cashes_out_the_stack_and_frees_the_seat() -> None:
    seating = table((1, 2, 3))
    checked_play(seating)
    seating.settle({1: 350})
    assert seating.leave("p1") == 350
    assert 1 not in seating.seats and seating.seat_of("p1") is None
    assert seating.sit("p9", "P9", 200).seat == 1


# --------------------------------------------------------------------------- saving


def random_session(seating: Seating, rng: random.Random, hands: int) -> list[Deal]:
    """Random sits, leaves, sit-outs, returns, posts, busts and rebuys between hands, every
    deal checked; returns the deals."""
    deals: list[Deal] = []
    serial = len(seating.seats) + 1000 * rng.randrange(1000)
    for _ in range(hands):
        for _ in range(rng.randrange(3)):
            serial += 1
            random_event(seating, rng, serial)
        try:
            seating.next_deal(SMALL, BIG)
        except IllegalAction:
            serial += 1
            free = [s for s in range(1, seating.size + 1) if s not in seating.seats]
            if free:
                seating.sit(f"n{serial}", "N", 200, rng.choice(free))
            for seat in list(seating.seats.values()):
                if seat.status is SeatStatus.SITTING_OUT:
                    seating.sit_in(seat.player_id)
                elif seat.status is SeatStatus.BUSTED:
                    seating.rebuy(seat.player_id, 200)
            continue
        bust = [s for s in seating.seats if rng.random() < 0.08]
        deals.append(checked_play(seating, bust=bust))
    return deals


def random_event(seating: Seating, rng: random.Random, serial: int) -> None:
    kind = rng.choice(("sit", "sit", "leave", "sit_out", "sit_in", "post", "rebuy", "top_up"))
    seats = list(seating.seats.values())
    if kind == "sit":
        free = [s for s in range(1, seating.size + 1) if s not in seating.seats]
        if free:
            seating.sit(f"n{serial}", "N", rng.randrange(MIN_BUY, MAX_BUY + 1), rng.choice(free))
            if rng.random() < 0.4:
                seating.sit_in(f"n{serial}", post=True)
        return
    if not seats:
        return
    seat = rng.choice(seats)
    try:
        if kind == "leave":
            seating.leave(seat.player_id)
        elif kind == "sit_out":
            seating.sit_out(seat.player_id)
        elif kind in ("sit_in", "post"):
            seating.sit_in(seat.player_id, post=kind == "post")
        elif kind == "rebuy":
            seating.rebuy(seat.player_id, 200)
        else:
            seating.top_up(seat.player_id, rng.randrange(1, 50), in_hand=False)
    except IllegalAction:
        pass


def test_to_dict_from_dict_round_trip_continues_identically() -> None:
    rng = random.Random(7)
    seating = table((1, 2, 3, 4, 5), size=7)
    random_session(seating, rng, 40)
    seating.sit_out(next(iter(seating.seats.values())).player_id)
    seating.waiting_list.append(("w", "W"))  # listed while the table was full
    saved = json.loads(json.dumps(seating.to_dict()))
    restored = Seating.from_dict(saved)
    assert restored == seating
    assert restored.to_dict() == seating.to_dict()
    a = random_session(seating, random.Random(99), 60)
    b = random_session(restored, random.Random(99), 60)
    assert a == b and len(a) > 30
    assert restored.to_dict() == seating.to_dict()


# ------------------------------------------------------------------------- properties


@pytest.mark.parametrize("seed", range(40))
def test_random_sessions_keep_the_dead_button_rules(seed: int) -> None:
    """Hundreds of hands with players coming and going: every deal passes
    :func:`check_deal` (the big blind goes to the next seat able to take it, never to the
    same player twice in a row, heads-up and dead-button order, posts), and over each
    stretch where the same players are all dealt in every hand, each pays the big blind
    once per orbit."""
    rng = random.Random(seed)
    size = rng.randrange(2, 10)
    seating = table(range(1, rng.randrange(2, size + 1) + 1), size=size)
    deals = random_session(seating, rng, 300)
    assert len(deals) > 100
    for prev, deal in zip(deals, deals[1:], strict=False):
        assert deal.big_blind != prev.big_blind


EVENT = st.tuples(
    st.sampled_from(("sit", "post_in", "leave", "sit_out", "sit_in", "post", "rebuy", "bust")),
    st.integers(1, 6),
)


@settings(max_examples=300, deadline=None)
@given(
    start=st.sets(st.integers(1, 6), min_size=2),
    steps=st.lists(st.lists(EVENT, max_size=3), min_size=1, max_size=40),
)
def test_hypothesis_no_big_blind_twice_in_a_row_and_always_to_an_able_seat(
    start: set[int], steps: list[list[tuple[str, int]]]
) -> None:
    """Between hands, any of: a player sits (waiting, or posting to come in), leaves, sits
    out, comes back (waiting or posting), rebuys, or is marked to bust in the next hand.
    Every deal that can be dealt passes :func:`check_deal`; the big blind never goes to the
    same player twice in a row and always to a seat able to take it."""
    seating = table(sorted(start))
    serial = 0
    last_bb_player: str | None = None
    for events in steps:
        bust: set[int] = set()
        for kind, s in events:
            serial += 1
            seat = seating.seats.get(s)
            try:
                if kind in ("sit", "post_in") and seat is None:
                    seating.sit(f"n{serial}", "N", 200, s)
                    if kind == "post_in":
                        seating.sit_in(f"n{serial}", post=True)
                elif seat is None:
                    continue
                elif kind == "leave":
                    seating.leave(seat.player_id)
                elif kind == "sit_out":
                    seating.sit_out(seat.player_id)
                elif kind in ("sit_in", "post"):
                    seating.sit_in(seat.player_id, post=kind == "post")
                elif kind == "rebuy":
                    seating.rebuy(seat.player_id, 300)
                elif kind == "bust":
                    bust.add(s)
            except IllegalAction:
                pass
        able = [s for s, seat in seating.seats.items() if eligible(seat)]
        if len(able) < 2:
            with pytest.raises(IllegalAction):
                seating.next_deal(SMALL, BIG)
            continue
        deal = checked_play(seating, bust=bust)
        player = who(seating, deal.big_blind)
        assert player != last_bb_player
        last_bb_player = player


def test_a_refused_sit_or_top_up_says_what_the_player_may_do() -> None:
    """Bad input: sitting again names the seat held and how chips are added; a top-up in
    the middle of his hand says when and how much he may add (000 NL §16). Nothing
    changes."""
    seating = table((1,))
    before = state(seating)
    held = seating.seats[1]
    with pytest.raises(IllegalAction) as refused:
        seating.sit("p1", "P1", 200, 2)
    assert str(refused.value) == (
        f"P1 already has a seat (seat 1, {held.stack} chips): 'topup N' adds chips between "
        f"hands, up to {seating.max_buy_in} in all"
    )
    with pytest.raises(IllegalAction) as refused:
        seating.top_up("p1", 10, in_hand=True)
    room = seating.max_buy_in - held.stack
    assert str(refused.value) == (
        f"chips are added between hands, not during one: after this hand you may add up to {room}"
    )
    assert state(seating) == before
