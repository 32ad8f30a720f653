"""Player statistics read off hand histories, so they are computed from the hands as
stored, never kept as counters that could drift from them.

For each player dealt into a hand, what he did in its first betting round (before the
flop, third street or the first draw) and after it:

- VPIP: he put chips in voluntarily in the first round: a bet, a raise, or a call facing
  a bet (a blind, ante, bring-in or a check with nothing to call is not voluntary);
- PFR: he bet or raised in the first round;
- 3-bet: he re-raised an opening raise in the first round, out of the times he acted
  facing exactly one raise (his chances);
- went to showdown: he showed or mucked at a showdown, out of the hands in which he saw
  the second round (he had not folded the first, and the hand went on past it); a
  showdown is a show or muck while two or more hands are still in, as trackers count it,
  so cards shown by the one player left after everyone folded (the 7-2 game's claim) are
  none;
- won at showdown: such a showdown of a hand in which he took chips from a pot (a share
  of a split pot or of one run counts, as trackers count money won at showdown);
- biggest pot won: the most chips he took from one pot of a hand: a side pot he had no
  part in is not his, and of a pot divided between runs or boards he took the shares he
  won (:func:`biggest_takes`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.engine.events import PotAwarded
from bot.phh.notation import HandHistory


@dataclass(frozen=True)
class HandFacts:
    """What one player did in one hand (see the module)."""

    vpip: bool = False
    pfr: bool = False
    three_bet: bool = False
    three_bet_chance: bool = False
    saw_second: bool = False
    showdown: bool = False


def hand_facts(hh: HandHistory) -> list[HandFacts]:
    """Each seat's facts for one hand, in the history's seat order.

    Args:
        hh: a hand history as the bot stores it (every action in order).
    Returns:
        One :class:`HandFacts` per seat.
    """
    seats = len(hh.starting_stacks)
    blinds = list(hh.blinds_or_straddles) or [0] * seats
    put = [float(b) for b in blinds] + [0.0] * (seats - len(blinds))
    level = max(put, default=0.0)
    raises = 0
    first_round = not hh.extra.get("_bomb_pot")  # a bomb pot's betting starts on the flop
    acted = False
    folded_first = [False] * seats
    folded = [False] * seats
    vpip, pfr, three, chance, shown = ([False] * seats for _ in range(5))
    for text in hh.actions:
        actor, _, rest = text.partition(" ")
        verb, _, amount = rest.partition(" ")
        if actor == "d" or verb == "sd":  # a deal or a draw after play: the first round is over
            first_round = first_round and not acted
            if actor == "d":
                continue
        if not actor.startswith("p") or not actor[1:].isdigit():
            continue
        seat = int(actor[1:]) - 1
        if verb == "f":
            folded[seat] = True
        if verb == "sm":
            shown[seat] = shown[seat] or folded.count(False) > 1
            continue
        if not first_round or verb == "sd":
            continue
        acted = True
        if raises == 1 and verb in ("cbr", "cc", "f"):
            chance[seat] = True
        if verb == "pb":
            put[seat] = level = max(level, float(hh.bring_in or 0))
        elif verb == "cbr":
            vpip[seat] = pfr[seat] = True
            three[seat] = three[seat] or raises == 1
            raises += 1
            put[seat] = level = float(amount.split()[0]) if amount else level
        elif verb == "cc":
            if put[seat] < level:
                vpip[seat] = True
            put[seat] = level
        elif verb == "f":
            folded_first[seat] = True
    went_on = not first_round  # a street or a draw followed the first round
    return [
        HandFacts(
            vpip=vpip[i],
            pfr=pfr[i],
            three_bet=three[i],
            three_bet_chance=chance[i],
            saw_second=went_on and not folded_first[i],
            showdown=shown[i],
        )
        for i in range(seats)
    ]


def biggest_takes(awards: Iterable[PotAwarded], players: int) -> list[int]:
    """The most chips each player took from one pot of a hand (0 for none): the shares of
    a pot he won, its halves (hi-lo) and runs or boards (000 NL §17) added up, never the
    chips of a pot he won no share of.

    Args:
        awards: the hand's :class:`PotAwarded` events.
        players: how many players were dealt in (the hand indices the awards use).
    Returns:
        Chips by hand index.
    """
    took: dict[tuple[int, int], int] = {}
    for award in awards:
        for player, chips in award.winners:
            took[(award.pot, player)] = took.get((award.pot, player), 0) + chips
    most = [0] * players
    for (_, player), chips in took.items():
        most[player] = max(most[player], chips)
    return most


@dataclass
class Tally:
    """One player's statistics over some hands (counts; the percentages are read off)."""

    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bets: int = 0
    three_bet_chances: int = 0
    saw_second: int = 0
    showdowns: int = 0
    won_at_showdown: int = 0
    net: int = 0
    biggest_pot_won: int = 0

    def add(self, facts: HandFacts, net: int, took: int) -> None:
        """Count one hand: his facts, his result in chips and the most chips he took from
        one of its pots (:func:`biggest_takes`)."""
        self.hands += 1
        self.vpip += facts.vpip
        self.pfr += facts.pfr
        self.three_bets += facts.three_bet
        self.three_bet_chances += facts.three_bet_chance
        self.saw_second += facts.saw_second
        self.showdowns += facts.showdown
        self.won_at_showdown += facts.showdown and took > 0
        self.net += net
        self.biggest_pot_won = max(self.biggest_pot_won, took)


def tally(
    player_id: str,
    hands: Sequence[tuple[HandHistory, Sequence[str], Mapping[str, int], Mapping[str, int]]],
) -> Tally:
    """A player's statistics over ``hands``: each a history, the player ids in its seat
    order, each player's result in chips, and the most chips each player took from one of
    its pots (:func:`biggest_takes`; a player who took none may be left out). Hands he was
    not dealt are left out."""
    total = Tally()
    for hh, ids, results, took in hands:
        if player_id not in ids:
            continue
        facts = hand_facts(hh)[list(ids).index(player_id)]
        total.add(facts, int(results.get(player_id, 0)), int(took.get(player_id, 0)))
    return total
