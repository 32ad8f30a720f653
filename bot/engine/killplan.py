"""Putting a kill into the next hand: who must or may kill, and the killed hand's set-up.

RULES.md "Kill pots": one kill per deal (000 kill §11); the required kill first (000 kill
§6-7), then a kill agreed by a new player (000 kill §12) or missed by mistake (002); a
voluntary kill only with 4 × the kill blind behind (000 kill §10, 002); the soft kill
(002 misc §7); no straddle in a killed pot; the first player to act by ``killer_acts``
(000 kill §2, 002 "opening round action in killed pots", 003).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .errors import IllegalAction
from .kills import ButtonState, Kill, KillButton, KillRules
from .setup import HandSetup


def owed_kill(button: KillButton, rules: KillRules, present: Sequence[str]) -> Kill | None:
    """The kill this deal must carry, if any.

    Args:
        button: the button as the deal finds it (after :func:`bot.engine.kills.seat_players`).
        rules: the table's kill rules.
        present: the names dealt into this hand.
    Returns:
        The required kill by the button's holder (000 kill §6-7); else a kill a new player
        agreed to post (000 kill §12); else, under ``must_next_unkilled``, a kill missed
        by mistake (002 alternate). None when nothing is owed. A holder who is not
        present still owes: see :func:`missing_killer`.
    """
    if button.state is ButtonState.KILLED and button.holder in present:
        assert button.holder is not None and button.amount is not None
        return Kill(button.holder, button.amount, "required")
    for name, amount in button.owes_next.items():
        if name in present:
            return Kill(name, amount, "required")
    if rules.missed == "must_next_unkilled":
        for name, amount in button.missed.items():
            if name in present:
                return Kill(name, amount, "missed")
    return None


def missing_killer(button: KillButton, present: Sequence[str]) -> str | None:
    """The holder of a kill who is not dealt in: he must be (000 kill §6), so the deal
    cannot go ahead without him."""
    if button.state is ButtonState.KILLED and button.holder not in present:
        return button.holder
    return None


def check_voluntary(
    button: KillButton,
    rules: KillRules,
    amount: int,
    killer: str,
    stack: int,
    owed: Kill | None,
    reason: str = "voluntary",
) -> None:
    """Refuse a voluntary kill (or a kill to come in, or a missed kill posted next hand)
    the rules do not allow.

    Raises:
        IllegalAction: voluntary kills are prohibited at this table (002 alternate); this
            deal already has a kill (000 kill §11); the killer has less than 4 × the kill
            blind (000 kill §10: big blind 2, kill 4, at least 16 chips); a ``missed`` kill
            by someone who owes none.
    """
    if owed is not None:
        raise IllegalAction(
            f"this hand is already killed by {{killer}} for {owed.amount}: one kill per deal",
            killer=owed.killer,
        )
    if reason == "missed":
        if killer not in button.missed:
            raise IllegalAction("{killer} has no missed kill to post", killer=killer)
        return
    if reason == "voluntary" and not rules.voluntary:
        raise IllegalAction("voluntary kills are not allowed at this table")
    if reason == "voluntary" and stack < 4 * amount:
        raise IllegalAction(
            f"a voluntary kill of {amount} needs at least {4 * amount} chips in the stack; "
            f"{{killer}} has {stack}",
            killer=killer,
        )


def killed_setup(setup: HandSetup, kill: Kill, rules: KillRules) -> HandSetup:
    """The set-up of a killed hand.

    Args:
        setup: the hand as it would be dealt unkilled (standard blinds, in hand order).
        kill: who kills, for how much, why.
        rules: the table's kill rules.
    Returns:
        The set-up at killed stakes (:meth:`KillRules.killed_config`) with the kill blind at
        the killer's seat. A required killer in a blind posts only the kill (soft kill,
        002 misc §7); a voluntary killer in a blind posts his blind too, as dead money.
        No straddle (a killed pot has none). The first to act: ``in_turn``, left of the big
        blind, or left of a killer under the gun; ``last``, left of the killer.
    Raises:
        IllegalAction: the killer is not dealt into this hand.
    """
    names = setup.names
    if kill.killer not in names:
        raise IllegalAction("{killer} is not dealt into this hand", killer=kill.killer)
    n = len(names)
    k = names.index(kill.killer)
    base = replace(setup, straddle=False)
    blinds = list(base.forced_blinds())
    dead = list(base.dead or (0,) * n)
    kinds = ["", *([""] * (n - 1))]
    small, big = (1, 0) if n == 2 else (0, 1)
    if base.blind_kinds is not None and "big_blind" in base.blind_kinds:
        kinds = list(base.blind_kinds)  # a table's deal: dead small blinds, posters
        big = kinds.index("big_blind")
        small = kinds.index("small_blind") if "small_blind" in kinds else -1
    elif base.blinds is None:
        kinds[small], kinds[big] = "small_blind", "big_blind"
    else:
        for i, amount in enumerate(blinds):
            if amount:
                kinds[i] = "big_blind" if amount == max(blinds) else "small_blind"
    if k in (small, big) and kill.reason not in ("required", "missed"):
        dead[k] += blinds[k]
    blinds[k] = kill.amount
    kinds[k] = "kill"
    after_killer = rules.killer_acts == "last" or k == (big + 1) % n
    first = (k + 1) % n if after_killer else (big + 1) % n
    return replace(
        base,
        config=rules.killed_config(setup.config),
        blinds=tuple(blinds),
        dead=tuple(dead) if any(dead) else None,
        first_to_act=first,
        blind_kinds=tuple(kinds),
        kill=kill,
    )


def stacks_by_name(setup: HandSetup) -> Mapping[str, int]:
    """Each player's stack before the deal, by name."""
    return dict(zip(setup.names, setup.stacks, strict=True))
