"""Hand values: who wins at showdown, as integers that compare the way hands do.

Every ``*_value`` function returns an ``int`` where a HIGHER number is a BETTER hand and equal
numbers are a tie, so a showdown is ``max`` over the players and a split is every player whose
value equals that maximum. The low functions return ``None`` when no eight-or-better low
qualifies.

High hands come from phevaluator's native lookup tables; eight-or-better lows and the
player-facing descriptions come from pokerkit's hand classes. This module holds no hand-ranking
tables or comparisons of its own: it validates cards, maps them to the libraries' forms, turns
the libraries' orderings into integers, and caches lows by the low ranks present (suits and
pairs never change an eight-or-better low).

Cards are two-character strings such as ``"As"`` (see :mod:`bot.engine.cards`). Every public
function raises :class:`HandError` (a :class:`ValueError`) for a wrong number of cards, a card
given twice, the unknown card ``"??"``, or anything that is not a card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from bot.engine.cards import FULL_DECK, UNKNOWN, CardError, pretty

try:  # The bare C entry points: about three times faster than the wrappers around them.
    from phevaluator import _pheval as _native
except ImportError:  # pragma: no cover - a phevaluator build without the native module
    import phevaluator as _native

if TYPE_CHECKING:  # pokerkit takes half a second to import, so it is imported on first use.
    from pokerkit import Hand

__all__ = [
    "HIGH_VALUE_MAX",
    "HandError",
    "best_five_high",
    "describe_high",
    "describe_low",
    "describe_omaha_high",
    "describe_omaha_low",
    "eight_low_value",
    "high_value",
    "omaha_eight_low_value",
    "omaha_high_value",
]


class HandError(CardError):
    """Cards that cannot be evaluated as a hand: wrong count, a repeat, ``??``, or a non-card."""


_Evaluator = Callable[..., int]

# phevaluator's card id: rank * 4 + suit, ranks 2..A and suits c, d, h, s -- the order of
# FULL_DECK. Precomputed so a hand costs one dict lookup per card.
_CARD_ID: dict[str, int] = {card: index for index, card in enumerate(FULL_DECK)}
_card_id = _CARD_ID.__getitem__

_EVAL5: _Evaluator = _native.evaluate_5cards
_EVAL6: _Evaluator = _native.evaluate_6cards
_EVAL7: _Evaluator = _native.evaluate_7cards
_EVAL_OMAHA: _Evaluator = _native.evaluate_omaha_cards  # 5 board ids, then 4 hole ids
_HIGH_EVALUATORS: dict[int, _Evaluator] = {5: _EVAL5, 6: _EVAL6, 7: _EVAL7}
# The five-card picks of 5, 6 or 7 cards by index, in ``combinations`` order.
_FIVES = {n: tuple(combinations(range(n), 5)) for n in (5, 6, 7)}

# phevaluator ranks the 7462 distinct five-card hands 1 (royal flush) .. 7462 (7-5-4-3-2).
# The hot paths write ``7463 - rank`` (that is, _PHEVAL_WORST + 1 - rank) as a literal.
_PHEVAL_WORST = 7462
HIGH_VALUE_MAX = _PHEVAL_WORST
"""The value of a royal flush; high values run from 1 (7-5-4-3-2 offsuit) to this."""

# The four-card hole subsets phevaluator's Omaha evaluator is run on for 5- and 6-card holes:
# every two-card pair of the hole lies in at least one of them.
_HOLE_QUADS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(combinations(range(n), 4)) for n in (4, 5, 6)
}

# One bit per rank that can play in an eight-or-better low; 0 for nine and up. A low depends only
# on which of these ranks are present (suits and pairs never help a low), so results are cached
# on these bits and pokerkit is asked once per distinct rank pattern.
_LOW_RANK_BIT = {rank: 1 << i for i, rank in enumerate("A2345678")}
_LOW_BIT: dict[str, int] = {card: _LOW_RANK_BIT.get(card[0], 0) for card in FULL_DECK}
_LOW_CACHE: dict[int, int | None] = {}
_OMAHA_LOW_CACHE: dict[int, int | None] = {}

_RANK_NAMES = {
    "2": ("deuce", "deuces"),
    "3": ("three", "threes"),
    "4": ("four", "fours"),
    "5": ("five", "fives"),
    "6": ("six", "sixes"),
    "7": ("seven", "sevens"),
    "8": ("eight", "eights"),
    "9": ("nine", "nines"),
    "T": ("ten", "tens"),
    "J": ("jack", "jacks"),
    "Q": ("queen", "queens"),
    "K": ("king", "kings"),
    "A": ("ace", "aces"),
}
_HIGH_ORDER = "23456789TJQKA"
_LOW_ORDER = "A23456789TJQK"
_SUIT_ORDER = "cdhs"  # read in reverse: spades, hearts, diamonds, clubs


# --------------------------------------------------------------------------- validation


def _problem(cards: Sequence[str], low: int, high: int, what: str) -> HandError | None:
    """Return the error for ``cards`` as the ``what`` of a hand (count ``low``..``high``)."""
    if isinstance(cards, str):
        return HandError(
            f"{what} must be a sequence of cards like ['As', 'Kd'], not the string {cards!r}"
            " (bot.engine.cards.parse_cards splits one)"
        )
    count = len(cards)
    if not low <= count <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        return HandError(f"{what} must be {wanted} cards, not {count}")
    for card in cards:
        if card == UNKNOWN:
            return HandError(f"{what} holds the unknown card '??'; only known cards can be ranked")
        if card not in _CARD_ID:
            return HandError(f"{what} holds {card!r}, which is not a card")
    return None


def _check(cards: Sequence[str], low: int, high: int, what: str) -> None:
    """Raise HandError unless ``cards`` are ``low``..``high`` distinct known cards."""
    error = _problem(cards, low, high, what)
    if error is None:
        _check_distinct(cards, what)
    else:
        raise error


def _check_distinct(cards: Sequence[str], what: str) -> None:
    """Raise HandError naming the first card that ``cards`` holds twice."""
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise HandError(f"{card!r} appears twice in {what}")
        seen.add(card)


def _check_omaha(hole: Sequence[str], board: Sequence[str]) -> None:
    """Raise HandError unless 4-6 hole and 3-5 board cards, all distinct and known."""
    _check(hole, 4, 6, "an Omaha hole")
    _check(board, 3, 5, "an Omaha board")
    _check_distinct([*hole, *board], "the Omaha hole and board")


def _check_or_raise(cards: Sequence[str], low: int, high: int, what: str) -> HandError:
    """For a fast path that failed: raise the precise error (always raises)."""
    _check(cards, low, high, what)
    return HandError(f"{what} cannot be evaluated: {list(cards)!r}")  # pragma: no cover


# --------------------------------------------------------------------------- high


def high_value(cards: Sequence[str]) -> int:
    """Value of the best five-card high hand among 5 to 7 cards (hold'em, stud).

    Args:
        cards: 5, 6 or 7 distinct cards such as ``["As", "Kd", "7h", "7c", "2s"]``; any
            sequence (list, tuple) of two-character card strings.
    Returns:
        An int from 1 (7-5-4-3-2, no flush) to :data:`HIGH_VALUE_MAX` (royal flush); a higher
        number is a better hand and equal numbers tie (suits never break a tie).
    Raises:
        HandError: (a ValueError) for fewer than 5 or more than 7 cards, a repeated card, the
            unknown card ``"??"``, or something that is not a card.
    """
    count = len(cards)
    evaluate = _HIGH_EVALUATORS.get(count)
    if evaluate is None or len({*cards}) != count:
        raise _check_or_raise(cards, 5, 7, "a high hand")
    try:
        return 7463 - evaluate(*map(_card_id, cards))
    except KeyError:
        raise _check_or_raise(cards, 5, 7, "a high hand") from None


def omaha_high_value(hole: Sequence[str], board: Sequence[str]) -> int:
    """Value of the best Omaha high hand: exactly two hole cards with exactly three board cards.

    Args:
        hole: 4, 5 or 6 hole cards (Omaha, five-card and six-card Omaha).
        board: 3, 4 or 5 board cards (flop, turn, river); a showdown has 5.
    Returns:
        An int on the same scale as :func:`high_value` (1 .. :data:`HIGH_VALUE_MAX`); higher is
        better, equal is a tie. Hands from the two functions compare with each other.
    Raises:
        HandError: (a ValueError) for a hole of other than 4-6 cards, a board of other than 3-5,
            a card repeated anywhere in hole and board, ``"??"``, or a non-card.
    """
    if len(hole) == 4 and len(board) == 5 and len({*hole, *board}) == 9:
        try:
            return 7463 - _EVAL_OMAHA(*map(_card_id, board), *map(_card_id, hole))
        except KeyError:
            pass  # reported below
    _check_omaha(hole, board)
    hole_ids = [_CARD_ID[card] for card in hole]
    board_ids = [_CARD_ID[card] for card in board]
    if len(board_ids) == 5:
        best = min(
            _EVAL_OMAHA(*board_ids, *(hole_ids[i] for i in quad))
            for quad in _HOLE_QUADS[len(hole_ids)]
        )
    else:
        best = min(
            _EVAL5(*pair, *three)
            for pair in combinations(hole_ids, 2)
            for three in combinations(board_ids, 3)
        )
    return 7463 - best


# --------------------------------------------------------------------------- eight-or-better low


@cache
def _low_top() -> int:
    """One more than pokerkit's index of the worst qualifying low (8-7-6-5-4).

    pokerkit's eight-or-better lookup gives the best low (5-4-3-2-A) index 0 and worse lows
    larger indices; ``_low_top() - index`` turns that into higher-is-better values 1 .. 56.
    """
    from pokerkit import EightOrBetterLowHand

    return EightOrBetterLowHand("8c7d6h5s4c").entry.index + 1


def _low_value(hand: Hand | None) -> int | None:
    """Turn a pokerkit eight-or-better hand (or None) into our higher-is-better value."""
    return None if hand is None else _low_top() - hand.entry.index


def eight_low_value(cards: Sequence[str]) -> int | None:
    """Value of the best ace-to-five eight-or-better low among 5 to 7 cards (stud, hold'em).

    A low is five cards of different ranks, all eight or lower; aces are low; straights and
    flushes do not count against it.

    Args:
        cards: 5, 6 or 7 distinct cards.
    Returns:
        None when no eight-or-better low can be made; otherwise an int from 1 (8-7-6-5-4) to 56
        (5-4-3-2-A), higher is a better low and equal numbers tie.
    Raises:
        HandError: (a ValueError) for fewer than 5 or more than 7 cards, a repeated card,
            ``"??"``, or a non-card.
    """
    _check(cards, 5, 7, "a low hand")
    key = 0
    for card in cards:
        key |= _LOW_BIT[card]
    try:
        return _LOW_CACHE[key]
    except KeyError:
        pass
    from pokerkit import EightOrBetterLowHand

    value = _low_value(EightOrBetterLowHand.from_game_or_none("".join(cards)))
    _LOW_CACHE[key] = value
    return value


def omaha_eight_low_value(hole: Sequence[str], board: Sequence[str]) -> int | None:
    """Value of the best Omaha eight-or-better low: exactly two hole cards and three board cards.

    Args:
        hole: 4, 5 or 6 hole cards.
        board: 3, 4 or 5 board cards.
    Returns:
        None when no eight-or-better low can be made with exactly two hole cards (a board
        low alone does not count, and a hole card pairing a board card is no help);
        otherwise an int on the same 1 .. 56 scale as :func:`eight_low_value`, higher better.
    Raises:
        HandError: (a ValueError) for a hole of other than 4-6 cards, a board of other than 3-5,
            a card repeated anywhere in hole and board, ``"??"``, or a non-card.
    """
    _check_omaha(hole, board)
    hole_bits = 0
    for card in hole:
        hole_bits |= _LOW_BIT[card]
    board_bits = 0
    for card in board:
        board_bits |= _LOW_BIT[card]
    key = hole_bits << 8 | board_bits
    try:
        return _OMAHA_LOW_CACHE[key]
    except KeyError:
        pass
    from pokerkit import OmahaEightOrBetterLowHand

    value = _low_value(OmahaEightOrBetterLowHand.from_game_or_none("".join(hole), "".join(board)))
    _OMAHA_LOW_CACHE[key] = value
    return value


# --------------------------------------------------------------------------- descriptions


def _card_text(hand: Hand) -> list[str]:
    """The five cards of a pokerkit hand as our two-character strings."""
    return [card.rank.value + card.suit.value for card in hand.cards]


def _high_display_order(cards: list[str], straight: bool) -> tuple[str, ...]:
    """Order five cards for reading: biggest group first, then rank, then suit (spades first).

    A wheel (5-4-3-2-A) ends with its ace.
    """
    counts = {card[0]: 0 for card in cards}
    for card in cards:
        counts[card[0]] += 1
    wheel = straight and {card[0] for card in cards} == set("A2345")
    order = _LOW_ORDER if wheel else _HIGH_ORDER
    return tuple(
        sorted(
            cards,
            key=lambda c: (counts[c[0]], order.index(c[0]), _SUIT_ORDER.index(c[1])),
            reverse=True,
        )
    )


def _describe_high_hand(hand: Hand) -> str:
    """Name a pokerkit high hand, e.g. ``"full house, kings full of sevens (K♠ ... 7♦)"``."""
    return _name_high_five(_card_text(hand))


def _high_label(cards: Sequence[str]) -> str:
    """The category of five cards: ``"straight_flush"``, ``"four"``, ``"full_house"``,
    ``"flush"``, ``"straight"``, ``"three"``, ``"two_pair"``, ``"pair"`` or ``"high"``."""
    ranks = [card[0] for card in cards]
    groups = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    flush = len({card[1] for card in cards}) == 1
    places = sorted(_HIGH_ORDER.index(r) for r in ranks)
    straight = len(groups) == 5 and (places[4] - places[0] == 4 or places == [0, 1, 2, 3, 12])
    if straight and flush:
        return "straight_flush"
    if groups[0] == 4:
        return "four"
    if groups == [3, 2]:
        return "full_house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if groups[0] == 3:
        return "three"
    return "two_pair" if groups == [2, 2, 1] else "pair" if groups[0] == 2 else "high"


def _name_high_five(five: list[str]) -> str:
    """Name five cards as a high hand, e.g. ``"full house, kings full of sevens (K♠ ...)"``."""
    label = _high_label(five)
    cards = _high_display_order(five, label in ("straight", "straight_flush"))
    first = cards[0][0]  # the top group's rank (or the top card)
    second = cards[3][0] if label == "full_house" else cards[2][0]  # pair / second pair
    one, many = _RANK_NAMES[first]
    if label == "high":
        name = f"{one} high"
    elif label == "pair":
        name = f"pair of {many}"
    elif label == "two_pair":
        name = f"two pair, {many} and {_RANK_NAMES[second][1]}"
    elif label == "three":
        name = f"three of a kind, {many}"
    elif label == "straight":
        name = f"straight, {one} high"
    elif label == "flush":
        name = f"flush, {one} high"
    elif label == "full_house":
        name = f"full house, {many} full of {_RANK_NAMES[second][1]}"
    elif label == "four":
        name = f"four of a kind, {many}"
    elif first == "A":
        name = "royal flush"
    else:
        name = f"straight flush, {one} high"
    return f"{name} ({' '.join(map(pretty, cards))})"


def _best_high_five(cards: Sequence[str]) -> list[str]:
    """The best five of 5 to 7 already checked cards: of equally good fives, the first in
    ``combinations`` order, as pokerkit's ``from_game`` picks (our evaluator is some 80
    times faster, and a showdown names every hand shown)."""
    ids = [_CARD_ID[card] for card in cards]
    best: tuple[int, ...] = ()
    top = _PHEVAL_WORST + 1  # phevaluator's rank: lower is better
    for picks in _FIVES[len(cards)]:
        rank = _EVAL5(*[ids[i] for i in picks])
        if rank < top:
            best, top = picks, rank
    return [cards[i] for i in best]


def best_five_high(cards: Sequence[str]) -> tuple[str, ...]:
    """The five cards that make the best high hand among 5 to 7 cards, in reading order.

    Args:
        cards: 5, 6 or 7 distinct cards.
    Returns:
        Five card strings, the biggest rank group first, then by rank, then spades, hearts,
        diamonds, clubs (a wheel ends with its ace), e.g. ``("Ks", "Kh", "Kd", "7s", "7c")``.
        When several fives are equally good (three sevens to choose a pair of sevens from),
        one of them is returned.
    Raises:
        HandError: (a ValueError) on the same inputs as :func:`high_value`.
    """
    _check(cards, 5, 7, "a high hand")
    five = _best_high_five(cards)
    return _high_display_order(five, _high_label(five) in ("straight", "straight_flush"))


def describe_high(cards: Sequence[str]) -> str:
    """A player-facing name for the best high hand among 5 to 7 cards.

    Args:
        cards: 5, 6 or 7 distinct cards.
    Returns:
        The category with its ranks, then the five cards, e.g.
        ``"full house, kings full of sevens (K♠ K♥ K♦ 7♠ 7♣)"``, ``"flush, ace high (A♠ Q♠ 9♠
        7♠ 2♠)"``, ``"straight, five high (5♦ 4♣ 3♥ 2♠ A♣)"``, ``"royal flush (...)"``.
    Raises:
        HandError: (a ValueError) on the same inputs as :func:`high_value`.
    """
    _check(cards, 5, 7, "a high hand")
    return _described_high(tuple(cards))


@lru_cache(maxsize=1024)
def _described_high(cards: tuple[str, ...]) -> str:
    """:func:`describe_high` of checked cards; a showdown names a hand when it is shown and
    again when it wins, so the second is a lookup."""
    return _name_high_five(_best_high_five(cards))


def describe_omaha_high(hole: Sequence[str], board: Sequence[str]) -> str:
    """A player-facing name for the best Omaha high hand (two hole cards, three board cards).

    Args:
        hole: 4, 5 or 6 hole cards.
        board: 3, 4 or 5 board cards.
    Returns:
        The same form as :func:`describe_high`, e.g. ``"pair of aces (A♠ A♥ K♦ Q♣ 7♠)"``.
    Raises:
        HandError: (a ValueError) on the same inputs as :func:`omaha_high_value`.
    """
    from pokerkit import OmahaHoldemHand

    _check_omaha(hole, board)
    return _describe_high_hand(OmahaHoldemHand.from_game("".join(hole), "".join(board)))


_NO_LOW = "no eight-or-better low"


def _describe_low_hand(hand: Hand | None) -> str:
    """Name a pokerkit eight-or-better hand, highest card first: ``"8-6-4-3-A low"``."""
    if hand is None:
        return _NO_LOW
    ranks = sorted((card[0] for card in _card_text(hand)), key=_LOW_ORDER.index, reverse=True)
    return "-".join(ranks) + " low"


def describe_low(cards: Sequence[str]) -> str:
    """A player-facing name for the best eight-or-better low among 5 to 7 cards.

    Args:
        cards: 5, 6 or 7 distinct cards.
    Returns:
        The five ranks highest first, e.g. ``"8-6-4-3-A low"`` or ``"5-4-3-2-A low"``; the
        text ``"no eight-or-better low"`` when none qualifies (:func:`eight_low_value` is None).
    Raises:
        HandError: (a ValueError) on the same inputs as :func:`eight_low_value`.
    """
    from pokerkit import EightOrBetterLowHand

    _check(cards, 5, 7, "a low hand")
    return _describe_low_hand(EightOrBetterLowHand.from_game_or_none("".join(cards)))


def describe_omaha_low(hole: Sequence[str], board: Sequence[str]) -> str:
    """A player-facing name for the best Omaha eight-or-better low (two hole, three board).

    Args:
        hole: 4, 5 or 6 hole cards.
        board: 3, 4 or 5 board cards.
    Returns:
        As :func:`describe_low`: ``"7-5-3-2-A low"``, or ``"no eight-or-better low"``.
    Raises:
        HandError: (a ValueError) on the same inputs as :func:`omaha_eight_low_value`.
    """
    from pokerkit import OmahaEightOrBetterLowHand

    _check_omaha(hole, board)
    hand = OmahaEightOrBetterLowHand.from_game_or_none("".join(hole), "".join(board))
    return _describe_low_hand(hand)
