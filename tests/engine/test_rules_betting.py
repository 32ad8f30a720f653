"""RULES.md "Betting structures": each rule played out in real hands.

Hand order: index 0 is the small blind (first seat left of the button), the last index is
the button; heads-up, index 0 is the big blind and index 1 the button. Every action goes
through ``play``/``refused``, which check that the chips in play equal the starting total
after each action and that a refused action changes nothing.
"""

from __future__ import annotations

import pytest
from helpers import close_street, config, legal, new_hand, of_type, play, refused, to_street

from bot.engine.actions import AgreeRuns, AllIn, Call, Check, Fold, Raise
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.errors import ConfigError
from bot.engine.events import Acted, BoardDealt, Corrected, HandStarted, Mucked, Posted, Shown
from bot.engine.hand import Hand, Phase
from bot.words.legalwords import legal_text

BIG = 10_000


# =========================================================================== no-limit


def test_000_nl_2_minimum_bet_is_the_big_blind() -> None:
    """000 NL §2, 002 "minimum bet & raise": a bet is at least the minimum bring-in (the big
    blind); the first raise pre-flop goes to at least two big blinds."""
    h = new_hand(config(), [BIG] * 3)
    assert h.to_act == 2
    assert legal(h) == (200, BIG, 100)
    refused(h, Raise(2, 199), "minimum raise is to 200")
    to_street(h, 1)
    assert h.to_act == 0 and h.legal_actions().can_check
    assert legal(h) == (100, BIG - 100, 0)
    refused(h, Raise(0, 99), "minimum bet is 100")
    refused(h, Raise(0, 50), "minimum bet is 100")
    events = play(h, Raise(0, 100))
    assert of_type(events, Acted) == [Acted(0, "bet", 100, 100, False)]
    assert h.stacks == [BIG - 200, BIG - 100, BIG - 100]
    assert h.to_act == 1
    assert legal(h) == (200, BIG - 100, 100)


def test_000_nl_2_all_in_bet_under_the_minimum_is_allowed() -> None:
    """000 NL §2: a bet under the minimum bring-in is allowed only all-in; a player with
    60 behind may bet 60 into a 100 big blind game, and the range shows only that."""
    h = new_hand(config(), [BIG, BIG, 160])
    to_street(h, 1)
    play(h, Check(0), Check(1))
    assert h.to_act == 2
    la = h.legal_actions()
    assert (la.min_raise_to, la.max_raise_to, la.all_in_to) == (60, 60, 60)
    assert legal_text(la) == "check or bet 60 (all-in)"
    events = play(h, AllIn(2))
    assert of_type(events, Acted) == [Acted(2, "bet", 60, 60, True)]
    assert h.stacks[2] == 0 and h.current_bet == 60


def test_002_all_in_under_the_bring_in_may_not_be_raised_by_a_player_who_checked() -> None:
    """002 "no check-raising an all-in wager": an all-in bet for less than the minimum
    bring-in may not be raised by any player who has already checked."""
    h = new_hand(config(), [BIG, BIG, 160])
    to_street(h, 1)
    play(h, Check(0), Check(1), AllIn(2))
    assert h.to_act == 0
    assert legal(h) == (None, None, 60)
    refused(h, Raise(0, 160), "you may not bet or raise now: you may fold or call 60")
    refused(h, AllIn(0), "you may not raise now")
    play(h, Call(0))
    assert h.to_act == 1 and legal(h) == (None, None, 60)
    play(h, Call(1))
    assert h.street == 2 and h.pot_total() == 300 + 180


def test_000_nl_1_the_number_of_raises_is_unlimited() -> None:
    """000 NL §1, 002 "no cap": any number of raises in a betting round (no-limit has no
    raise cap, even three-handed)."""
    h = new_hand(config(), [10**6] * 3)
    to = 100
    for k in range(12):
        p = h.to_act
        assert p == (2 + k) % 3
        lo, hi, _ = legal(h)
        assert lo == to + 100 and hi == 10**6
        assert lo is not None
        to = lo
        play(h, Raise(p, to))
    assert h.betting.raise_count == 12 and h.street == 0
    assert h.legal_actions().can_raise


def test_000_nl_3_a_raise_is_at_least_the_previous_bet_or_raise() -> None:
    """000 NL §3, 002 "minimum bet & raise": each raise is at least the size of the previous
    bet or raise on the round: bet 100, raise to 350 (by 250): the next raise is to 600."""
    h = new_hand(config(), [BIG] * 3)
    to_street(h, 1)
    play(h, Raise(0, 100), Raise(1, 350))
    assert legal(h) == (600, BIG - 100, 350)
    refused(h, Raise(2, 599), "minimum raise is to 600")
    refused(h, Raise(2, 450), "minimum raise is to 600")
    play(h, Raise(2, 600))
    assert h.to_act == 0 and legal(h) == (850, BIG - 100, 500)


def test_000_nl_4_no_completing_100_bet_140_all_in_next_raise_to_at_least_240() -> None:
    """000 NL §4: "completing the bet" is for limit only; a player bets 100, the next goes
    all-in for 140: a raise must make it at least 240 (not 200)."""
    h = new_hand(config(), [BIG, 240, BIG])
    to_street(h, 1)
    play(h, Raise(0, 100), AllIn(1))
    assert h.bets == [100, 140, 0]
    assert h.to_act == 2 and legal(h) == (240, BIG - 100, 140)
    refused(h, Raise(2, 200), "minimum raise is to 240")
    refused(h, Raise(2, 239), "minimum raise is to 240")
    play(h, Raise(2, 240))
    # the 240 is a full raise over 140, so the first bettor may raise again, by at least 100
    assert h.to_act == 0 and legal(h) == (340, BIG - 100, 140)


def test_000_nl_3_short_all_in_does_not_reopen_for_players_who_acted() -> None:
    """000 NL §3: a player who already checked or called may not raise an all-in that is
    less than a full raise: bet 100, call, all-in 150: the bettor and caller may only call."""
    h = new_hand(config(), [BIG, BIG, 250])
    to_street(h, 1)
    play(h, Raise(0, 100), Call(1), AllIn(2))
    assert h.bets == [100, 100, 150]
    assert h.to_act == 0 and legal(h) == (None, None, 50)
    refused(h, Raise(0, 250), "you may not bet or raise now: you may fold or call 50")
    refused(h, AllIn(0), "you may not raise now")
    play(h, Call(0))
    assert h.to_act == 1 and legal(h) == (None, None, 50)
    refused(h, Raise(1, 400), "you may not bet or raise")
    play(h, Call(1))
    assert h.street == 2 and h.to_act == 0
    assert h.pot_total() == 300 + 450


def test_000_nl_5_and_002_worked_example_b_may_not_raise_a_could_have() -> None:
    """000 NL §5 example, 002 "no check-raising an all-in wager": A bets 100, B raises to
    200, C goes all-in for less than 300 (250), A calls: B has no option to raise, because
    he was not fully raised; A could have raised, because B raised."""
    a, b, c = 0, 1, 2
    h = new_hand(config(), [BIG, BIG, 350])
    to_street(h, 1)
    play(h, Raise(a, 100), Raise(b, 200), AllIn(c))
    assert h.bets == [100, 200, 250]
    assert h.to_act == a and legal(h) == (350, BIG - 100, 150)  # A could raise
    play(h, Call(a))
    assert h.to_act == b and legal(h) == (None, None, 50)  # B may not
    refused(h, Raise(b, 350), "you may not bet or raise now: you may fold or call 50")
    refused(h, AllIn(b), "you may not raise now")
    play(h, Call(b))
    assert h.street == 2 and h.stacks == [BIG - 350, BIG - 350, 0]


def test_002_if_a_raises_after_the_short_all_in_b_may_reraise() -> None:
    """002 "no check-raising an all-in wager": in the same example, if A elects to raise,
    B may re-raise, because he has now been raised a complete raise."""
    h = new_hand(config(), [BIG, BIG, 350])
    to_street(h, 1)
    play(h, Raise(0, 100), Raise(1, 200), AllIn(2), Raise(0, 350))
    assert h.to_act == 1 and legal(h) == (450, BIG - 100, 150)
    play(h, Raise(1, 450))
    assert h.to_act == 0 and legal(h) == (550, BIG - 100, 100)


def test_000_nl_5_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    """000 NL §5, RULES.md "Short all-in and reopening": several all-ins, each too small to
    be a raise, reopen the betting for those they fully raise. A bets 100, B all-in 150,
    C calls 150, D all-in 220: A faces 120 more (a full raise: may raise); C faces 70 more
    (not a full raise: may only call)."""
    h = new_hand(config(), [BIG, 250, BIG, 320, BIG])
    to_street(h, 1)
    play(h, Raise(0, 100), AllIn(1), Call(2), AllIn(3))
    assert h.bets == [100, 150, 150, 220, 0]
    assert h.to_act == 4 and legal(h) == (320, BIG - 100, 220)  # E has not acted
    play(h, Call(4))
    assert h.to_act == 0 and legal(h) == (320, BIG - 100, 120)  # A: reopened
    play(h, Call(0))
    assert h.to_act == 2 and legal(h) == (None, None, 70)  # C: not reopened
    refused(h, Raise(2, 320), "you may not bet or raise now: you may fold or call 70")
    play(h, Call(2))
    assert h.street == 2


def test_000_nl_5_short_all_ins_short_of_a_full_raise_do_not_reopen() -> None:
    """000 NL §5: when the all-ins together add up to less than a full raise (bet 100,
    all-in 140, all-in 190: 90 more), the bettor may only call."""
    h = new_hand(config(), [BIG, 240, 290, BIG])
    to_street(h, 1)
    play(h, Raise(0, 100), AllIn(1), AllIn(2))
    assert h.to_act == 3 and legal(h) == (290, BIG - 100, 190)
    play(h, Call(3))
    assert h.to_act == 0 and legal(h) == (None, None, 90)
    play(h, Call(0))
    assert h.street == 2


def test_000_nl_14_straddle_left_of_the_big_blind_twice_it_acts_last_and_may_raise() -> None:
    """000 NL §14, 003 §15: one live straddle, by the player left of the big blind, twice
    the big blind; it acts last pre-flop and may raise even if everyone just called; it
    sets a new minimum bring-in (000 NL §2: calls are 200, a raise is to at least 400) and
    is not a raise."""
    h = new_hand(config(), [BIG] * 4, straddle=True)
    posted = [(e.player, e.kind, e.amount) for e in of_type(h.events, Posted)]
    assert posted == [(0, "small_blind", 50), (1, "big_blind", 100), (2, "straddle", 200)]
    assert h.bets == [50, 100, 200, 0]
    assert h.betting.raise_count == 0  # not a raise
    assert h.to_act == 3 and legal(h) == (400, BIG, 200)
    refused(h, Raise(3, 300), "minimum raise is to 400")
    play(h, Call(3), Call(0), Call(1))
    assert h.to_act == 2  # the straddle acts last, with the option
    la = h.legal_actions()
    assert la.can_check and (la.min_raise_to, la.max_raise_to) == (400, BIG)
    play(h, Raise(2, 600))
    assert h.to_act == 3 and legal(h) == (1000, BIG, 400)
    play(h, Call(3), Call(0), Call(1))
    assert h.street == 1 and h.to_act == 0 and h.pot_total() == 2400


def test_000_nl_14_the_straddle_is_optional_and_only_where_the_house_allows_it() -> None:
    """000 NL §14 ("one optional live straddle is allowed"), RULES.md "Straddle": without a
    straddle the player left of the big blind posts nothing; a house that sets
    ``straddle_allowed=False`` refuses one."""
    h = new_hand(config(), [BIG] * 4)
    assert h.bets == [50, 100, 0, 0] and h.to_act == 2
    with pytest.raises(ConfigError, match="straddle"):
        new_hand(config(straddle_allowed=False), [BIG] * 4, straddle=True)


def test_003_15_pot_limit_live_straddle_acts_last_and_may_raise() -> None:
    """003 §15: in pot-limit a live straddle is allowed; it has last action on the first
    round and may raise even if everyone just called. Pot-limit sizes count it (000 NL
    preamble: pot 350, call 200, raise 550: to 750)."""
    h = new_hand(config(Structure.POT_LIMIT), [BIG] * 4, straddle=True)
    assert h.to_act == 3 and legal(h) == (400, 750, 200)
    play(h, Call(3), Call(0), Call(1))
    assert h.to_act == 2 and h.legal_actions().can_check
    assert legal(h) == (400, 1000, 0)  # pot 800, nothing to call: raise 800 on top of 200
    play(h, Raise(2, 1000))
    assert h.to_act == 3


def test_big_blind_option_to_raise_after_limpers() -> None:
    """Blinds (000 NL §11, "acting on the forced bet of the big blind"): when everyone
    limps, the big blind's blind is live: he may check or raise, and a raise reopens."""
    h = new_hand(config(), [BIG] * 3)
    play(h, Call(2), Call(0))
    assert h.to_act == 1
    la = h.legal_actions()
    assert la.can_check and not la.can_fold and la.call_amount == 0
    assert (la.min_raise_to, la.max_raise_to) == (200, BIG)
    assert legal_text(la) == f"check or raise to 200 to {BIG} (all-in)"
    play(h, Raise(1, 300))
    assert h.to_act == 2 and legal(h) == (500, BIG, 200)
    play(h, Call(2), Call(0))
    assert h.street == 1 and h.pot_total() == 900


def test_big_blind_checks_his_option_and_the_flop_comes() -> None:
    """The big blind's option: a check closes the first round."""
    h = new_hand(config(), [BIG] * 3)
    play(h, Call(2), Call(0), Check(1))
    assert h.street == 1 and len(h.board) == 3 and h.to_act == 0


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after() -> None:
    """Heads-up blinds: the button posts the small blind and acts first pre-flop; the big
    blind acts first on every later round."""
    h = new_hand(config(), [BIG, BIG])
    posted = [(e.player, e.kind, e.amount) for e in of_type(h.events, Posted)]
    # the small blind posts first, as the players see it, though the big blind is first in
    # the hand order
    assert posted == [(1, "small_blind", 50), (0, "big_blind", 100)]
    assert h.to_act == 1 and legal(h) == (200, BIG, 50)
    play(h, Call(1))
    assert h.to_act == 0 and h.legal_actions().can_check  # the big blind's option
    play(h, Check(0))
    for street in (1, 2, 3):
        assert h.street == street and h.to_act == 0
        play(h, Check(0))
        assert h.to_act == 1
        play(h, Check(1))
    assert h.is_complete


def test_big_blind_all_in_from_posting_is_never_asked_to_act() -> None:
    """A big blind whose blind put him all-in has no decision: he is never the player to
    act, and the others bet on into a side pot."""
    h = new_hand(config(), [BIG, 100, BIG])
    assert of_type(h.events, Posted)[1] == Posted(1, "big_blind", 100, True)
    seen = []
    while not h.is_complete:
        seen.append(h.to_act)
        p = h.to_act
        assert p is not None
        if h.street == 1 and h.current_bet == 0 and p == 0:
            play(h, Raise(0, 500))
        else:
            play(h, Check(p) if h.legal_actions().can_check else Call(p))
    assert 1 not in seen
    assert sum(h.stacks) == 2 * BIG + 100


# =========================================================================== pot-limit


def pl_heads_up_flop(pot_each: int = 50, **options: object) -> Hand:
    """A heads-up pot-limit hand on the flop with ``2 * pot_each`` in the pot."""
    h = new_hand(config(Structure.POT_LIMIT, pot_each // 2, pot_each, **options), [BIG, BIG])
    play(h, Call(1), Check(0))
    assert h.street == 1 and h.pot_total() == 2 * pot_each and h.to_act == 0
    return h


def test_003_13_pot_limit_max_raise_is_the_pot_after_the_call() -> None:
    """003 §13, 000 NL preamble: the most a player may raise is the pot after his call:
    pot 100, bet 50: call 50 and raise 200, to 250 in all."""
    h = pl_heads_up_flop()
    assert legal(h) == (50, 100, 0)  # bet: at most the pot
    play(h, Raise(0, 50))
    assert h.pot_total() == 150
    assert h.to_act == 1 and legal(h) == (100, 250, 50)
    play(h, Raise(1, 250))
    # pot 400 now; a re-raise: call 200, pot 600, to 850
    assert h.to_act == 0 and legal(h) == (450, 850, 200)


def test_002_pot_limit_pot_sized_bet_then_call_makes_300_and_raise_300() -> None:
    """002 "determining the size of the pot": $100 in the pot, a pot-sized bet of $100:
    the caller's call makes it $300 and he may raise $300 more (to $400)."""
    h = pl_heads_up_flop()
    play(h, Raise(0, 100))
    assert legal(h) == (200, 400, 100)
    play(h, Raise(1, 400))
    assert h.bets == [100, 400]


def test_002_pot_limit_may_always_bet_the_minimum_even_when_it_is_more_than_the_pot() -> None:
    """002 "betting up to the amount in the pot": a player may bet the established minimum
    at any time, even when it is larger than the pot (antes only: pot 30, minimum 100)."""
    cfg = GameConfig(Game.HOLDEM, Structure.POT_LIMIT, Stakes(0, 100, ante=10))
    h = new_hand(cfg, [BIG] * 3, blinds=(0, 0, 0))
    assert h.pot_total() == 30 and h.to_act == 0
    assert legal(h) == (100, 100, 0)
    play(h, Raise(0, 100))
    # pot 130 + call 100 = 230: raise to 330
    assert legal(h) == (200, 330, 100)


def test_000_pl_1_003_10_overbet_is_cut_to_the_maximum_and_the_player_told() -> None:
    """000 PL §1, 003 §10: a wager over the pot size is reduced to the maximum and the
    surplus given back; in play the bot says so (a ``Corrected`` event)."""
    h = pl_heads_up_flop()
    events = play(h, Raise(0, 500))
    corrected = of_type(events, Corrected)
    assert len(corrected) == 1
    assert (corrected[0].player, corrected[0].asked, corrected[0].to) == (0, 500, 100)
    assert "000 PL §1" in corrected[0].reason
    assert of_type(events, Acted) == [Acted(0, "bet", 100, 100, False)]
    assert h.stacks == [BIG - 150, BIG - 50]  # only 100 left the stack
    play(h, Raise(1, 1000))
    assert h.bets == [100, 400] and h.stacks[1] == BIG - 450


def test_000_pl_4_003_12_pot_rounding_unit() -> None:
    """000 PL §4, 003 §12, 002 "determining the size of the pot": the pot after the call is
    rounded up to the unit: 1/2 blinds, unit 5: after a raise to 7 the small blind's pot
    after the call is 16, counted as 20: he may raise to 27 (23 without the option)."""
    plain = new_hand(config(Structure.POT_LIMIT, 1, 2), [BIG] * 3)
    rounded = new_hand(config(Structure.POT_LIMIT, 1, 2, pot_rounding_unit=5), [BIG] * 3)
    assert legal(plain) == (4, 7, 2) and legal(rounded) == (4, 7, 2)  # 5 is already round
    play(plain, Raise(2, 7))
    play(rounded, Raise(2, 7))
    assert legal(plain) == (12, 23, 6)
    assert legal(rounded) == (12, 27, 6)


def test_000_pl_4_pot_of_80_in_units_of_25_counts_as_100() -> None:
    """000 PL §4: kept in $25 units, a pot of $80 is treated as $100."""
    h = new_hand(config(Structure.POT_LIMIT, 20, 40, pot_rounding_unit=25), [BIG, BIG])
    play(h, Call(1), Check(0))
    assert h.pot_total() == 80
    assert legal(h) == (40, 100, 0)


def test_000_pl_5_small_blind_counts_as_big_blinds_5_10_open_to_40() -> None:
    """000 PL §5: with the small blind counted as a big blind, 5/10 blinds open for at most
    40 (20 to 40 in increments of five); later players count it too until the big blind
    is through acting on the first round."""
    off = new_hand(config(Structure.POT_LIMIT, 5, 10, bet_unit=5), [BIG] * 4)
    h = new_hand(
        config(Structure.POT_LIMIT, 5, 10, bet_unit=5, small_blind_counts_as_big=True),
        [BIG] * 4,
    )
    assert legal(off) == (20, 35, 10)
    assert legal(h) == (20, 40, 10)
    refused(h, Raise(2, 23), "multiples of 5")
    play(h, Raise(2, 40))
    assert legal(h) == (70, 140, 40)  # pot 60 (as if 65) + call 40: 100, to 140
    play(h, Call(3))
    assert legal(h) == (70, 175, 35)  # the small blind himself: 100 + 35 = 135 -> 175
    play(h, Call(0))
    assert h.to_act == 1
    assert legal(h) == (70, 205, 30)  # the big blind: 130 + 5 + 30 = 165 -> 205
    play(h, Raise(1, 205))
    # the big blind has acted: the small blind counts as 5 again
    assert h.to_act == 2 and legal(h) == (370, 695, 165)


def test_003_11_002_max_open_multiple() -> None:
    """003 §11, 002 "opening bet": in pot-limit hold'em and Omaha a player may open for any
    amount up to four big blinds (1/2 blinds: 8, where the pot would allow 7); after the
    open, raises are pot-sized again."""
    h = new_hand(config(Structure.POT_LIMIT, 1, 2, max_open_multiple=4), [BIG] * 3)
    assert legal(h) == (4, 8, 2)
    play(h, Raise(2, 8))
    assert legal(h) == (14, 26, 7)  # pot 11 + call 7 = 18: to 26


def test_002_capped_pot_limit_caps_the_amount_bet_or_raised_not_the_total() -> None:
    """002 pot-limit variation 1: a bet or raise of at most the pot and at most the cap
    (here 300); the cap applies to the amount bet or raised, not the total."""
    h = new_hand(config(Structure.POT_LIMIT, pot_cap=300), [BIG] * 3)
    assert legal(h) == (200, 350, 100)  # pot 250 < cap
    play(h, Raise(2, 350), Call(0), Call(1))
    assert h.street == 1 and h.pot_total() == 1050
    assert legal(h) == (100, 300, 0)  # pot 1050, capped at 300
    play(h, Raise(0, 300))
    assert legal(h) == (600, 600, 300)  # raise 300 on top of the 300 bet: to 600
    events = play(h, Raise(1, 900))
    assert of_type(events, Corrected)[0].to == 600
    assert h.bets == [300, 600, 0]


def test_002_half_pot_limit_bets_up_to_half_the_pot() -> None:
    """002 pot-limit variation 3: a bet or raise of at most half the pot after the call,
    rounded up (RULES.md "Money")."""
    h = new_hand(config(Structure.HALF_POT), [BIG] * 3)
    assert legal(h) == (200, 225, 100)  # 150 + 100 = 250, half 125: to 225
    play(h, Call(2), Call(0), Check(1))
    assert h.pot_total() == 300
    assert legal(h) == (100, 150, 0)
    play(h, Raise(0, 150))
    assert legal(h) == (300, 450, 150)  # 450 + 150 = 600, half 300: to 450
    events = play(h, Raise(1, 1000))
    assert of_type(events, Corrected)[0].to == 450
    odd = new_hand(config(Structure.HALF_POT), [BIG] * 3, dead=(1, 0, 0))
    assert legal(odd) == (200, 226, 100)  # 251, half rounded up: 126


def test_002_pot_limit_before_the_flop_no_limit_after() -> None:
    """002 pot-limit variation 2: pot-limit rules govern the action before the flop and
    no-limit rules after it."""
    h = new_hand(config(Structure.PL_PREFLOP_NL_POSTFLOP), [BIG] * 3)
    assert h.structure_name() == "Pot-Limit"
    assert legal(h) == (200, 350, 100)
    events = play(h, Raise(2, 2000))  # an overbet pre-flop is cut
    assert of_type(events, Corrected)[0].to == 350
    play(h, Call(0), Call(1))
    assert h.street == 1 and h.structure_name() == "No-Limit"
    assert legal(h) == (100, BIG - 350, 0)
    play(h, Raise(0, 5000))
    assert legal(h) == (BIG - 350, BIG - 350, 5000)  # a raise must be 5000 more: all-in


# =========================================================================== fixed limit


def fixed(**options: object) -> GameConfig:
    """Limit hold'em 10/20 with 5/10 blinds."""
    return config(Structure.FIXED_LIMIT, 5, 10, small_bet=10, big_bet=20, **options)


def test_fixed_limit_small_bet_on_early_streets_big_bet_on_later_ones() -> None:
    """RULES.md "Fixed limit": bets and raises are the small bet pre-flop and on the flop,
    the big bet on the turn and river; an amount off the size is refused even in play."""
    h = new_hand(fixed(), [BIG] * 3)
    assert legal(h) == (20, 20, 10)
    refused(h, Raise(2, 30), "maximum raise is to 20")
    refused(h, Raise(2, 15), "minimum raise is to 20")
    close_street(h)
    assert h.street == 1 and legal(h) == (10, 10, 0)
    play(h, Raise(0, 10))
    assert legal(h) == (20, 20, 10)
    close_street(h)
    assert h.street == 2 and legal(h) == (20, 20, 0)
    play(h, Raise(0, 20))
    assert legal(h) == (40, 40, 20)
    close_street(h)
    assert h.street == 3 and legal(h) == (20, 20, 0)


def test_fixed_limit_raise_cap_a_bet_and_three_raises() -> None:
    """RULES.md "Fixed limit": a cap on raises per round, by default a bet and three raises
    (the big blind is the bet pre-flop)."""
    h = new_hand(fixed(), [BIG] * 4)
    play(h, Raise(2, 20), Raise(3, 30), Raise(0, 40))
    assert h.to_act == 1 and legal(h) == (None, None, 30)
    refused(h, Raise(1, 50), "you may not bet or raise now: you may fold or call 30")
    close_street(h)
    assert h.street == 1
    play(h, Raise(0, 10), Raise(1, 20), Raise(2, 30), Raise(3, 40))
    assert h.to_act == 0 and legal(h) == (None, None, 30)


def test_fixed_limit_no_cap_heads_up() -> None:
    """RULES.md "Fixed limit": no cap heads-up (house option ``cap_heads_up``, default off),
    including when a hand comes down to two players."""
    h = new_hand(fixed(), [BIG, BIG])
    for k in range(8):
        p = h.to_act
        assert p is not None and legal(h)[0] == 20 + 10 * k
        play(h, Raise(p, 20 + 10 * k))
    capped = new_hand(fixed(cap_heads_up=True), [BIG, BIG])
    play(capped, Raise(1, 20), Raise(0, 30), Raise(1, 40))
    assert legal(capped) == (None, None, 10)
    down_to_two = new_hand(fixed(), [BIG] * 3)
    play(down_to_two, Fold(2), Raise(0, 20), Raise(1, 30), Raise(0, 40))
    assert legal(down_to_two) == (50, 50, 10)


def test_000_nl_3_half_the_size_rule_reopens_in_limit_only() -> None:
    """000 NL §3, RULES.md "Fixed limit": only in limit does an all-in of at least half a
    bet reopen the betting: bet 10, all-in 15 (5 more): the bettor may raise; all-in 14
    does not; in no-limit neither does 15."""
    h = new_hand(fixed(), [BIG, 25, BIG])
    to_street(h, 1)
    play(h, Raise(0, 10), AllIn(1))
    assert legal(h) == (25, 25, 15)
    play(h, Call(2))
    assert h.to_act == 0 and legal(h) == (25, 25, 5)
    short = new_hand(fixed(), [BIG, 24, BIG])
    to_street(short, 1)
    play(short, Raise(0, 10), AllIn(1), Call(2))
    assert short.to_act == 0 and legal(short) == (None, None, 4)
    nl = new_hand(config(Structure.NO_LIMIT, 5, 10), [BIG, 25, BIG])
    to_street(nl, 1)
    play(nl, Raise(0, 10), AllIn(1), Call(2))
    assert nl.to_act == 0 and legal(nl) == (None, None, 5)


# =========================================================================== spread limit


def test_002_spread_limit_2_10_after_a_bet_of_4_call_4_or_make_it_8_to_14() -> None:
    """002 spread limit: in $2-$10 hold'em a player may bet anywhere from 2 to 10; after a
    bet of 4 a player may call 4 or make it anywhere from 8 to 14."""
    cfg = config(Structure.SPREAD_LIMIT, 1, 2, spread_min=2, spread_max=(10,))
    h = new_hand(cfg, [BIG] * 3)
    assert legal(h) == (4, 12, 2)
    close_street(h)
    assert h.street == 1 and legal(h) == (2, 10, 0)
    play(h, Raise(0, 4))
    assert legal(h) == (8, 14, 4)
    refused(h, Raise(1, 15), "maximum raise is to 14")
    refused(h, Raise(1, 7), "minimum raise is to 8")
    play(h, Raise(1, 14))
    assert legal(h) == (24, 24, 14)  # the last raise was 10: at least 10, at most 10


def test_002_spread_limit_1_4_8_8_gives_per_street_maxima() -> None:
    """002 spread limit: $1-$4-$8-$8 hold'em bets 1 to 4 before the flop and on the flop,
    1 to 8 on the turn and river; a raise is at least the last bet or raise (the big
    blind of 2 pre-flop)."""
    cfg = config(Structure.SPREAD_LIMIT, 1, 2, spread_min=1, spread_max=(4, 4, 8, 8))
    h = new_hand(cfg, [BIG] * 3)
    assert legal(h) == (4, 6, 2)
    close_street(h)
    for street, top in ((1, 4), (2, 8), (3, 8)):
        assert h.street == street and legal(h) == (1, top, 0)
        refused(h, Raise(0, top + 1), f"maximum bet is to {top}")
        play(h, Raise(0, 1))
        assert legal(h) == (2, 1 + top, 1)
        close_street(h)
    assert h.is_complete


def test_002_spread_limit_raises_are_capped_and_a_short_all_in_needs_a_full_raise() -> None:
    """RULES.md "Spread limit": raises are capped as in fixed limit (a bet and three raises);
    a short all-in reopens only if it is a full raise (bet 4, all-in 6 does not)."""
    cfg = config(Structure.SPREAD_LIMIT, 1, 2, spread_min=2, spread_max=(10,))
    h = new_hand(cfg, [BIG] * 4)
    to_street(h, 1)
    play(h, Raise(0, 2), Raise(1, 4), Raise(2, 6), Raise(3, 8))
    assert legal(h) == (None, None, 6)
    short = new_hand(cfg, [BIG, 8, BIG])
    to_street(short, 1)
    play(short, Raise(0, 4), AllIn(1), Call(2))
    assert short.bets == [4, 6, 6]
    assert short.to_act == 0 and legal(short) == (None, None, 2)


def test_002_spread_limit_a_kill_scales_both_ends() -> None:
    """002 spread limit, RULES.md "Spread limit": played with a kill, both the minimum and the
    maximum are increased ($2-$6 becomes $4-$12); the killed hand bets 4 to 12."""
    stakes = Stakes(1, 2, spread_min=2, spread_max=(6,)).scaled(2, 1)
    assert (stakes.spread_min, stakes.spread_max) == (4, (12,))
    h = new_hand(GameConfig(Game.HOLDEM, Structure.SPREAD_LIMIT, stakes), [BIG] * 3)
    to_street(h, 1)
    assert legal(h) == (4, 12, 0)


def test_sizes_the_kill_rules_refer_to() -> None:
    """RULES.md "Sizes the kill rules refer to": one full bet is the small bet in fixed
    limit, the street's minimum in spread limit and the big blind in big-bet games; the
    upper limit is the big bet, the largest spread maximum, and twice the big blind."""
    assert (fixed().full_bet, fixed().upper_limit) == (10, 20)
    spread = config(Structure.SPREAD_LIMIT, 1, 2, spread_min=1, spread_max=(4, 4, 8, 8))
    assert (spread.full_bet, spread.upper_limit) == (1, 8)
    for structure in (Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.HALF_POT):
        cfg = config(structure)
        assert (cfg.full_bet, cfg.upper_limit) == (100, 200)


# =========================================================================== table stakes


def test_000_nl_16_table_stakes_and_002_right_to_know_money() -> None:
    """000 NL §16, 002 "amount bet", "right to know money": a player plays only the chips on
    the table (no-limit: up to everything in front of him, no more); every stack is public
    (the hand's start and the legal summary name them)."""
    h = new_hand(config(), [BIG, 3000, BIG])
    started = of_type(h.events, HandStarted)[0]
    assert started.stacks == (BIG, 3000, BIG) and started.private_to is None
    play(h, Call(2), Call(0))
    la = h.legal_actions()
    assert la.stack == 2900 and la.all_in_to == 3000 and la.max_raise_to == 3000
    refused(h, Raise(1, 3001), "you have 3000 in all")
    play(h, AllIn(1))
    assert h.stacks[1] == 0 and h.bets[1] == 3000


# =========================================================================== showdown


SHOWDOWN_CARDS = ["Ac", "Ad", "Kc", "Kd", "7s", "2h", "2c", "5d", "9h", "Js", "3s"]


def test_showdown_last_aggressor_on_the_final_round_shows_first() -> None:
    """RULES.md "Showdown": the last aggressor on the final round shows first, then each
    player in turn shows or (automatically, a beaten hand) mucks."""
    h = new_hand(config(), [BIG] * 3, SHOWDOWN_CARDS)
    to_street(h, 3)
    events = play(h, Check(0), Raise(1, 300), Call(2), Call(0))
    shown = of_type(events, Shown)
    assert shown[0].player == 1
    assert [e.player for e in events if isinstance(e, (Shown, Mucked))] == [1, 2, 0]
    assert [e.player for e in of_type(events, Mucked)] == [2]
    assert h.won == [1200, 0, 0]


def test_showdown_without_a_bet_the_first_player_left_of_the_button_shows_first() -> None:
    """RULES.md "Showdown": with no bet on the final round, the first live player left of
    the button shows first."""
    h = new_hand(config(), [BIG] * 3, SHOWDOWN_CARDS)
    to_street(h, 3)
    events = play(h, Check(0), Check(1), Check(2))
    assert of_type(events, Shown)[0].player == 0


def test_showdown_all_in_player_shows_when_betting_is_over_winner_by_folds_need_not() -> None:
    """RULES.md "Showdown": a player who is all-in shows when betting is over (before the
    rest of the board); a winner by folds shows nothing."""
    h = new_hand(config(), [BIG] * 3, SHOWDOWN_CARDS)
    events = play(h, Fold(2), AllIn(0), Call(1))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Shown") < kinds.index("BoardDealt")
    assert {e.player for e in of_type(events, Shown)} == {0, 1}
    folds = new_hand(config(), [BIG] * 3, SHOWDOWN_CARDS)
    events = play(folds, Raise(2, 300), Fold(0), Fold(1))
    assert of_type(events, Shown) == [] and folds.is_complete
    assert folds.phase is Phase.COMPLETE


def test_showdown_all_in_hands_are_tabled_before_the_run_it_twice_vote() -> None:
    """RULES.md "Showdown": when betting ends with a player all-in and cards to come, every
    live hand is turned up at once, before the rest of the board and before the players
    choose how many times to run it; the beaten hand is seen, never mucked unseen."""
    h = new_hand(config(), [BIG] * 3, SHOWDOWN_CARDS, offer_runs=True)
    events = play(h, Fold(2), AllIn(0), Call(1))
    assert h.phase is Phase.RUNS_VOTE
    assert of_type(events, BoardDealt) == []
    assert {e.player: e.cards for e in of_type(events, Shown)} == {
        0: ("Ac", "Ad"),
        1: ("Kc", "Kd"),
    }
    for _ in range(2):
        assert h.to_act is not None
        events = play(h, AgreeRuns(h.to_act, 2))
    assert h.is_complete and h.runs == 2
    assert of_type(h.events, Mucked) == []
    assert set(h.shown) == {0, 1}


def test_002_spread_limit_needs_a_minimum_and_a_maximum_per_street() -> None:
    """002 spread limit: "there is a minimum bet and maximum bet"; a spread game without
    them, or with a maximum under the minimum, cannot be set up."""
    with pytest.raises(ConfigError, match="minimum and per-street maxima"):
        GameConfig(Game.HOLDEM, Structure.SPREAD_LIMIT, Stakes(1, 2))
    with pytest.raises(ConfigError, match="under the minimum"):
        GameConfig(Game.HOLDEM, Structure.SPREAD_LIMIT, Stakes(1, 2, spread_min=4, spread_max=(2,)))


@pytest.mark.parametrize(
    ("structure", "options", "stacks", "straddle", "choice"),
    [
        (Structure.NO_LIMIT, {}, [1000, 1, 1000], False, "fold, call 10 or raise to 20 to 1000"),
        (
            Structure.FIXED_LIMIT,
            {"small_bet": 10, "big_bet": 20},
            [1000, 1, 1000],
            False,
            "fold, call 10 or raise to 20",
        ),
        (Structure.NO_LIMIT, {}, [1000, 1000, 3, 1000], True, "fold, call 20 or raise to 40"),
    ],
    ids=["no-limit big blind", "limit big blind", "straddle"],
)
def test_rules_md_a_blind_all_in_for_less_than_its_size_sets_the_call(
    structure: Structure,
    options: dict[str, int],
    stacks: list[int],
    straddle: bool,
    choice: str,
) -> None:
    """RULES.md "A blind all-in for less than its size": blinds 5/10 with the big blind
    all-in for 1, the next player may fold, call 10 or raise (to 20 in limit 10/20); a
    straddle all-in for 3 still asks 20 to call. The short blind is in for what it posted."""
    hand = new_hand(config(structure, sb=5, bb=10, **options), stacks, straddle=straddle)
    assert legal_text(hand.legal_actions()).startswith(choice)
    short = stacks.index(min(stacks))
    assert hand.stacks[short] == 0 and hand.bets[short] == min(stacks)


def test_rules_md_a_short_big_blind_heads_up_leaves_no_decision() -> None:
    """Heads-up, the big blind all-in for 1 against a small blind who has 1 in already:
    nothing the small blind adds could be called, so no one is asked and the board runs
    out; the uncalled part of the blinds goes back."""
    hand = new_hand(config(Structure.NO_LIMIT, sb=1, bb=2), [1, 100])
    assert hand.is_complete and hand.to_act is None
    assert sum(hand.stacks) == 101
