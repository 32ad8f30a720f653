"""Several tables: balancing, breaking, the final table and hand-for-hand
(RULES.md "Tournaments", several tables)."""

from __future__ import annotations

import random

import pytest

from bot.engine.balancing import (
    Draw,
    draw_seats,
    due_move,
    final_table_size,
    hand_for_hand_due,
    next_big_blind,
    table_to_break,
    tolerance_for,
    waits_for_button,
    worst_seat,
)
from bot.engine.errors import IllegalAction
from bot.engine.seating import Seating, SeatStatus


def _seating(taken: dict[int, str], size: int = 9, big_blind: int | None = None) -> Seating:
    seating = Seating(size, 1, 10**9)
    for seat, player in taken.items():
        seating.sit(player, player, 1000, seat)
        seating.seats[seat].status = SeatStatus.ACTIVE
    seating.big_blind = big_blind
    if big_blind is not None:
        seating.small_blind = next(
            s for s in reversed([(big_blind - k - 1) % size + 1 for k in range(size)]) if s in taken
        )
    return seating


def test_tda_2024_r11_d_tables_are_kept_within_one_player_up_to_six_then_two() -> None:
    assert tolerance_for(6) == 1 and tolerance_for(7) == 2 and tolerance_for(7, house=1) == 1


def test_tda_2024_r11_c_the_fullest_table_gives_to_the_shortest_ties_to_the_first() -> None:
    assert due_move({"t1": 8, "t2": 9, "t3": 7}, 1) == ("t2", "t3")
    assert due_move({"t1": 9, "t2": 9, "t3": 7}, 1) == ("t1", "t3")
    assert due_move({"t1": 9, "t2": 8, "t3": 8}, 1) is None
    assert due_move({"t1": 9, "t2": 7}, 2) is None


def test_tda_2024_r11_a_the_player_due_the_big_blind_next_moves() -> None:
    seating = _seating({1: "a", 2: "b", 4: "c", 6: "d"}, big_blind=2)
    assert next_big_blind(seating) == "c"


def test_tda_2024_r11_a_he_takes_the_open_seat_that_posts_the_big_blind_soonest() -> None:
    # the last big blind was seat 4; seat 5 is open and comes before the next player
    seating = _seating({1: "a", 3: "b", 4: "c", 7: "d"}, big_blind=4)
    assert worst_seat(seating) == 5
    # with no open seat before the next big blind, the first open one after it
    full_run = _seating(
        {1: "a", 2: "b", 3: "c", 4: "d", 5: "e", 6: "f", 7: "g", 8: "h"}, big_blind=8
    )
    assert worst_seat(full_run) == 9
    with pytest.raises(IllegalAction, match="no open seat"):
        worst_seat(_seating({s: f"p{s}" for s in range(1, 10)}, big_blind=1))


def test_tda_2024_r10_a_a_player_arriving_between_the_button_and_the_small_blind_waits() -> None:
    # last hand: small blind seat 1, big blind seat 3; the coming deal has the button on
    # seat 1, the small blind on seat 3 and the big blind on seat 4
    seating = _seating({1: "a", 3: "b", 4: "c", 6: "d"}, big_blind=3)
    seating.small_blind = 1
    deal = seating.next_deal(1, 2)
    assert (deal.button, deal.small_blind, deal.big_blind) == (1, 3, 4)
    assert waits_for_button(seating, 2)
    assert not waits_for_button(seating, 5)
    assert worst_seat(seating) == 5 and not waits_for_button(seating, 5)


def test_tda_2024_rp_19_a_table_breaks_as_soon_as_the_others_can_seat_its_players() -> None:
    assert table_to_break({"t1": 6, "t2": 6, "t3": 6}, 9, ["t2", "t1", "t3"]) == "t2"
    assert table_to_break({"t1": 7, "t2": 6, "t3": 6}, 9, ["t2", "t1", "t3"]) is None
    assert table_to_break({"t1": 5}, 9, ["t1"]) is None


def test_tda_2024_r10_b_a_broken_tables_players_are_drawn_to_the_shortest_tables() -> None:
    free = {"t1": [2, 5, 7], "t2": [1, 3, 4, 8], "t3": [6, 9]}
    counts = {"t1": 6, "t2": 5, "t3": 7}
    draws = draw_seats(["a", "b", "c", "d"], free, counts, random.Random(4))
    assert len({(d.table, d.seat) for d in draws}) == 4
    after = dict(counts)
    for draw in draws:
        assert draw.seat in free[draw.table]
        after[draw.table] += 1
    assert max(after.values()) - min(after.values()) <= 1
    with pytest.raises(IllegalAction, match="more players"):
        draw_seats(["a", "b"], {"t1": [1]}, {"t1": 8}, random.Random(1))
    assert isinstance(draws[0], Draw)


def test_tda_2024_rp_9_the_final_table_size() -> None:
    assert [final_table_size(s) for s in (9, 8, 7, 6, 10, 4)] == [9, 9, 7, 7, 10, 4]


def test_tda_2024_rp_8_hand_for_hand_on_the_bubble_and_at_pay_jumps_if_asked() -> None:
    prizes = (500, 300, 200, 0, 0)
    assert hand_for_hand_due(4, prizes)
    assert not hand_for_hand_due(5, prizes)
    assert not hand_for_hand_due(3, prizes)
    assert hand_for_hand_due(3, prizes, at_pay_jumps=True)
    assert not hand_for_hand_due(3, (400, 300, 300), at_pay_jumps=True)
