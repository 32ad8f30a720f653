"""A player's own view of a finished hand: no one ever sees another player's folded or
mucked cards."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.games import spec_for

from .notation import HandHistory, parse_action
from .variants import UnsupportedVariant, from_phh


def redact(hh: HandHistory, viewer: int) -> HandHistory:
    """The hand history as ``viewer`` (a 0-based seat) may see it.

    Every card dealt to another player is written ``??`` unless that player showed it at
    the showdown (stud upcards are public and stay). Board cards stay.
    """
    shown: set[str] = set()
    for text in hh.actions:
        action = parse_action(text)
        if action.kind == "show":
            shown.update(action.cards)
    faces = _faces(hh)
    dealt: dict[int, int] = {}
    actions = []
    for text in hh.actions:
        action = parse_action(text)
        if action.kind == "deal_hole" and action.target is not None:
            start = dealt.get(action.target, 0)
            dealt[action.target] = start + len(action.cards)
            if action.target == viewer:
                actions.append(text)
                continue
            up = [
                faces[start + k] if start + k < len(faces) else False
                for k in range(len(action.cards))
            ]
            cards = "".join(
                c if c in shown or face else "??" for c, face in zip(action.cards, up, strict=True)
            )
            actions.append(f"d dh p{action.target + 1} {cards}")
        elif action.kind == "discard" and action.actor != viewer:
            actions.append(f"p{(action.actor or 0) + 1} sd {'??' * len(action.cards)}".rstrip())
        else:
            actions.append(text)
    return replace(hh, actions=actions)


def _faces(hh: HandHistory) -> list[bool]:
    """Face-up flags of the cards each player is dealt, in order (stud's upcards)."""
    try:
        game, _ = from_phh(hh.variant, hh.extra.get("_game"), hh.extra.get("_structure"))
    except UnsupportedVariant:
        return []
    return [face for street in spec_for(game).streets for face in street.hole]
