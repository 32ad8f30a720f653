"""Showdown evaluation throughput: ``bot.engine.evaluate`` against pokerkit's hand classes.

Random deals are generated beforehand from a seeded :class:`random.Random` (nine distinct
cards a deal: hold'em uses two hole cards and five board cards, Omaha four and five), then
timed in the same process:

hold'em high
    ours :func:`bot.engine.evaluate.high_value` on the seven cards (phevaluator's C
    tables underneath); pokerkit ``StandardHighHand.from_game(hole, board)``; for reference
    phevaluator's public ``evaluate_cards`` on the same card strings.
Omaha high
    ours :func:`~bot.engine.evaluate.omaha_high_value`; pokerkit
    ``OmahaHoldemHand.from_game(hole, board)``.
Omaha eight-or-better low
    ours :func:`~bot.engine.evaluate.omaha_eight_low_value`, which asks pokerkit once for
    each distinct pattern of low ranks and caches the answer: its first pass over the deals
    (the cache filling, in a fresh process) is reported apart from the best pass; pokerkit
    ``OmahaEightOrBetterLowHand.from_game_or_none(hole, board)``.

pokerkit is given its cards already parsed into ``Card`` objects and, being far slower, runs
on the first ``--pokerkit-samples`` deals only. Before timing, ours and pokerkit's must rank
every consecutive pair of those deals the same way (and agree on which have no low). Each
loop runs ``--repeat`` times and the best is kept, with the garbage collector off.

Run ``python benchmarks/bench_evaluate.py`` (``--help`` for options).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from typing import Any

import phevaluator
from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand

from bot.engine import FULL_DECK, high_value, omaha_eight_low_value, omaha_high_value

Deal = tuple[tuple[str, ...], tuple[str, ...]]  # (hole, board)


def make_deals(count: int, hole: int, seed: int) -> list[Deal]:
    """``count`` random deals of ``hole`` hole cards and a five-card board, no card twice."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(FULL_DECK, hole + 5)
        deals.append((tuple(cards[:hole]), tuple(cards[hole:])))
    return deals


def to_pokerkit(deals: Sequence[Deal]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The deals as pokerkit ``Card`` tuples (parsed once, outside the timing)."""
    return [(tuple(Card.parse("".join(h))), tuple(Card.parse("".join(b)))) for h, b in deals]


def best_time(func: Callable[[], Any], repeat: int) -> float:
    """The best wall time of ``repeat`` calls of ``func`` (seconds), gc off while timing."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        enabled = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            func()
            best = min(best, time.perf_counter() - start)
        finally:
            if enabled:
                gc.enable()
    return best


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def check_order(ours: Sequence[int | None], theirs: Sequence[Any], what: str) -> None:
    """Assert that our values and pokerkit's hands rank each consecutive pair alike."""
    for k, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        assert (a is None) == (b is None), f"{what} deal {k}: ours {a}, pokerkit {b}"
    for k in range(len(ours) - 1):
        a, b = ours[k], ours[k + 1]
        x, y = theirs[k], theirs[k + 1]
        if a is None or b is None:
            continue
        expected = _sign((x > y) - (x < y))
        assert _sign(a - b) == expected, f"{what} deals {k}, {k + 1}: {a} vs {b}, {x} vs {y}"


def row(label: str, count: int, seconds: float, versus: float | None) -> None:
    """Print one line: evaluations per second, microseconds each, and times pokerkit."""
    rate = count / seconds
    times = f"{rate / versus:8.1f}x" if versus else " " * 9
    print(f"  {label:<40} {count:>8,} {rate:>14,.0f} {seconds / count * 1e6:>9.2f} {times}")


def header(title: str) -> None:
    """Print a section title and the column names."""
    print(title)
    print(f"  {'':<40} {'deals':>8} {'evals/s':>14} {'us/eval':>9} {'vs pk':>9}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=200_000, help="deals for our functions")
    parser.add_argument(
        "--pokerkit-samples", type=int, default=1_000, help="deals for pokerkit (the first N)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="timings of each loop; best kept")
    parser.add_argument("--seed", type=int, default=20_240_601, help="random seed of the deals")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.samples < 2 or args.pokerkit_samples < 2:
        parser.error("--repeat must be at least 1 and the sample counts at least 2")
    args.pokerkit_samples = min(args.pokerkit_samples, args.samples)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Generate the deals, check agreement, time and print; returns 0."""
    args = parse_args(argv)
    n, m = args.samples, args.pokerkit_samples
    holdem = make_deals(n, 2, args.seed)
    omaha = make_deals(n, 4, args.seed + 1)
    holdem7 = [h + b for h, b in holdem]
    pk_holdem = to_pokerkit(holdem[:m])
    pk_omaha = to_pokerkit(omaha[:m])
    print(
        f"{n:,} deals for ours, {m:,} for pokerkit, seed {args.seed}, best of {args.repeat}; "
        f"Python {sys.version.split()[0]}, pokerkit {version('pokerkit')}, "
        f"phevaluator {version('phevaluator')}"
    )
    print()

    # The low cache starts empty in a fresh process: time its first pass before anything
    # else calls omaha_eight_low_value.
    start = time.perf_counter()
    for h, b in omaha:
        omaha_eight_low_value(h, b)
    low_cold = time.perf_counter() - start

    check_order(
        [high_value(c) for c in holdem7[:m]],
        [StandardHighHand.from_game(h, b) for h, b in pk_holdem],
        "hold'em high",
    )
    check_order(
        [omaha_high_value(h, b) for h, b in omaha[:m]],
        [OmahaHoldemHand.from_game(h, b) for h, b in pk_omaha],
        "Omaha high",
    )
    check_order(
        [omaha_eight_low_value(h, b) for h, b in omaha[:m]],
        [OmahaEightOrBetterLowHand.from_game_or_none(h, b) for h, b in pk_omaha],
        "Omaha low",
    )

    def ours_high() -> None:
        for cards in holdem7:
            high_value(cards)

    def pheval_high() -> None:
        evaluate = phevaluator.evaluate_cards
        for cards in holdem7:
            evaluate(*cards)

    def pk_high() -> None:
        from_game = StandardHighHand.from_game
        for h, b in pk_holdem:
            from_game(h, b)

    def ours_omaha() -> None:
        for h, b in omaha:
            omaha_high_value(h, b)

    def pk_omaha_high() -> None:
        from_game = OmahaHoldemHand.from_game
        for h, b in pk_omaha:
            from_game(h, b)

    def ours_low() -> None:
        for h, b in omaha:
            omaha_eight_low_value(h, b)

    def pk_low() -> None:
        from_game = OmahaEightOrBetterLowHand.from_game_or_none
        for h, b in pk_omaha:
            from_game(h, b)

    r = args.repeat
    pk = m / best_time(pk_high, r)
    header("hold'em high, 7 cards")
    row("ours high_value", n, best_time(ours_high, r), pk)
    row("phevaluator.evaluate_cards (reference)", n, best_time(pheval_high, r), pk)
    row("pokerkit StandardHighHand.from_game", m, m / pk, pk)
    print()
    pk = m / best_time(pk_omaha_high, r)
    header("Omaha high, 4 hole + 5 board")
    row("ours omaha_high_value", n, best_time(ours_omaha, r), pk)
    row("pokerkit OmahaHoldemHand.from_game", m, m / pk, pk)
    print()
    pk = m / best_time(pk_low, r)
    header("Omaha eight-or-better low, 4 hole + 5 board")
    row("ours omaha_eight_low_value (cache warm)", n, best_time(ours_low, r), pk)
    row("ours, first pass (cache filling)", n, low_cold, pk)
    row("pokerkit OmahaEightOrBetterLowHand", m, m / pk, pk)
    return 0


if __name__ == "__main__":
    sys.exit(main())
