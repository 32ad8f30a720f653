"""Helpers shared by the rule tests: build a hand, play actions, check chips are conserved.

Every helper that changes a hand asserts, after each single action, that the chips in play
(stacks plus the pot) still equal the chips the players started with (RULES.md "Money").
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from bot.engine.actions import Action, Call, Check, LegalActions
from bot.engine.cards import Deck
from bot.engine.config import Game, GameConfig, HouseRules, Stakes, Structure
from bot.engine.errors import IllegalAction
from bot.engine.events import Event
from bot.engine.hand import Hand, HandSetup, Phase
from bot.words.refusals import refusal

NAMES = ("a", "b", "c", "d", "e", "f", "g", "h", "i")


def config(
    structure: Structure = Structure.NO_LIMIT,
    sb: int = 50,
    bb: int = 100,
    game: Game = Game.HOLDEM,
    **options: Any,
) -> GameConfig:
    """A game config; ``options`` go to :class:`Stakes` or :class:`HouseRules` by name."""
    stake_fields = set(Stakes.__dataclass_fields__)
    stakes = {k: v for k, v in options.items() if k in stake_fields}
    rules = {k: v for k, v in options.items() if k not in stake_fields}
    return GameConfig(game, structure, Stakes(sb, bb, **stakes), HouseRules(**rules))


def new_hand(
    cfg: GameConfig,
    stacks: Sequence[int],
    cards: Sequence[str] = (),
    *,
    strict: bool = False,
    offer_runs: bool = False,
    **setup: Any,
) -> Hand:
    """A hand in play mode whose deck starts with ``cards`` (hole cards in hand order, then
    the board, no burns); the rest of the deck is shuffled by a fixed seed."""
    deck = Deck.stacked(cards, rng=random.Random(1)).order
    hand = Hand(
        HandSetup(cfg, NAMES[: len(stacks)], tuple(stacks), deck_order=deck, **setup),
        auto_deal=True,
        strict=strict,
        offer_runs=offer_runs,
    )
    assert_conserved(hand)
    return hand


def assert_conserved(hand: Hand) -> None:
    """Chips in play equal the starting total (plus a pot carried in), and no stack or bet
    is negative."""
    assert hand.chips_in_play() == sum(hand.starting) + hand.setup.carried
    assert all(s >= 0 for s in hand.stacks)
    assert all(b >= 0 for b in hand.bets)


def play(hand: Hand, *actions: Action) -> list[Event]:
    """Apply ``actions`` in order, checking chip conservation after each; all the events."""
    events: list[Event] = []
    for action in actions:
        events += hand.apply(action)
        assert_conserved(hand)
    return events


def of_type(events: Sequence[Event], kind: type[Any]) -> list[Any]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


@dataclass(frozen=True)
class Snapshot:
    """Everything an illegal action must leave alone."""

    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    hole: tuple[tuple[str, ...] | None, ...]
    to_act: int | None
    phase: str
    street: int
    current_bet: int
    full_raise: int
    raise_count: int
    pot: int
    deck_position: int | None
    log_length: int
    events_length: int
    legal: LegalActions | None


def snapshot(hand: Hand) -> Snapshot:
    """The state of ``hand`` as a comparable record."""
    try:
        legal: LegalActions | None = hand.legal_actions()
    except IllegalAction:
        legal = None
    return Snapshot(
        tuple(hand.stacks),
        tuple(hand.bets),
        tuple(hand.contributed),
        tuple(hand.folded),
        tuple(hand.hole),
        hand.to_act,
        hand.phase.value,
        hand.street,
        hand.current_bet,
        hand.betting.full_raise,
        hand.betting.raise_count,
        hand.pot_total(),
        hand.deck.position if hand.deck else None,
        len(hand.log),
        len(hand.events),
        legal,
    )


def refused(
    hand: Hand,
    action: Action,
    match: str,
    error: type[IllegalAction] = IllegalAction,
) -> IllegalAction:
    """Assert ``action`` raises ``error`` whose refusal, as the player reads it (the words
    wing's :func:`~bot.words.refusals.refusal`, the legal choice said after the reason),
    matches ``match``, and changes nothing."""
    before = snapshot(hand)
    with pytest.raises(error) as info:
        hand.apply(action)
    assert re.search(match, refusal(info.value)), refusal(info.value)
    assert snapshot(hand) == before
    assert_conserved(hand)
    return info.value


def legal(hand: Hand) -> tuple[int | None, int | None, int]:
    """``(min_raise_to, max_raise_to, call_amount)`` of the player to act."""
    la = hand.legal_actions()
    return la.min_raise_to, la.max_raise_to, la.call_amount


def close_street(hand: Hand) -> None:
    """Everyone to act checks or calls until the betting round ends (chips checked)."""
    street = hand.street
    while hand.phase is Phase.BETTING and hand.street == street and hand.to_act is not None:
        p = hand.to_act
        play(hand, Check(p) if hand.legal_actions().can_check else Call(p))


def to_street(hand: Hand, street: int) -> None:
    """Check or call every round until ``street`` (1 flop, 2 turn, 3 river) is being bet."""
    while hand.street < street and hand.phase is Phase.BETTING:
        close_street(hand)
    assert hand.street == street and hand.phase is Phase.BETTING
