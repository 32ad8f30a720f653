"""Kill games in hand histories: checking each hand's kill, and writing kill sessions.

A ``.phhs`` file holds consecutive hands at one table. ``players`` links the hands (seats
rotate as the button moves); the kill blind stands in ``blinds_or_straddles`` at the
killer's seat and the stakes fields carry the killed stakes. Table rules are the ``_kill*``
fields (:meth:`bot.engine.kills.KillRules.from_fields`); per hand, ``_killer`` and
``_kill_reason`` name the kill, ``_quit`` the players who quit before it, and the first hand
may carry ``_kill_state_before = {state, holder, amount}`` to start mid-session.

The replay checks, hand by hand, that each hand carries exactly the kill our rules require
after the hands before it; a missing, extra, misplaced or wrong-sized kill is an error that
names who owed what.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.engine.config import GameConfig
from bot.engine.errors import EngineError, IllegalAction
from bot.engine.hand import Hand, HandSetup
from bot.engine.kills import Kill, KillButton, KillRules, KillSize
from bot.engine.killtracker import KillTracker
from bot.phh.convert import KillMismatch as KillMismatch
from bot.phh.convert import hand_to_phh
from bot.phh.notation import HandHistory, dumps_phhs


class KillSessionReplay:
    """The kill button across the hands of one file, for strict replay.

    Args:
        rules: from the first hand's ``_kill*`` fields.
        button: from ``_kill_state_before``, else neutral.
    """

    def __init__(self, rules: KillRules, button: KillButton | None = None) -> None:
        self.tracker = KillTracker(rules, button)
        self.base: GameConfig | None = None
        self.previous: tuple[str, ...] | None = None

    @classmethod
    def for_history(cls, hh: HandHistory) -> KillSessionReplay | None:
        """A session for a file whose first hand is a kill game, else None.

        Raises:
            KillMismatch: the kill fields cannot be read.
        """
        try:
            rules = KillRules.from_fields(hh.extra)
            if rules is None:
                return None
            before = hh.extra.get("_kill_state_before")
            button = KillButton.from_dict(dict(before)) if isinstance(before, dict) else None
        except EngineError as exc:
            raise KillMismatch(str(exc)) from exc
        return cls(rules, button)

    def setup_for(self, hh: HandHistory, written: HandSetup) -> HandSetup:
        """The set-up our rules require for this hand, checked against the file's.

        Args:
            hh: the hand's history (for ``_killer``, ``_kill_reason``, ``_quit``).
            written: the set-up exactly as the file posts it.
        Returns:
            Our set-up (the file's stacks and antes, our kill).
        Raises:
            KillMismatch: a missing, extra, misplaced or wrong-sized kill.
        """
        killer = hh.extra.get("_killer")
        reason = str(hh.extra.get("_kill_reason", "required")) if killer else None
        names = written.names
        if killer is not None and killer not in names:
            raise KillMismatch(f"the killer {killer} is not one of this hand's players")
        base_config = self._base_config(written, killer)
        kinds = hh.extra.get("_blind_kinds")
        dealt = _dealt_kinds(kinds, names.index(killer)) if kinds and killer else None
        base = self._unkilled(written, base_config, killer, reason, dealt)
        newcomers = [] if self.previous is None else [p for p in names if p not in self.previous]
        offer = None
        if killer is not None and reason in ("voluntary", "come_in", "missed"):
            offer = Kill(killer, 0, reason)
        quit = [str(q) for q in hh.extra.get("_quit", [])]
        before = self.tracker.button.summary()
        try:
            ours = self.tracker.prepare(base, quit, offer, newcomers)
        except IllegalAction as exc:
            raise KillMismatch(str(exc)) from exc
        kill = self.tracker.kill
        if kill is None and killer is not None:
            raise KillMismatch(
                f"nothing is owed and no kill was offered, yet {killer} kills "
                f"(the button was {_state_words(before)})"
            )
        if kill is not None and (kill.killer != killer or kill.reason != reason):
            raise KillMismatch(
                f"{kill.killer} owes a kill of {kill.amount} ({kill.reason}) this hand, "
                + (
                    f"but the file has {killer} killing ({reason})"
                    if killer
                    else "but the file has no kill"
                )
            )
        if tuple(ours.forced_blinds()) != tuple(written.forced_blinds()):
            raise KillMismatch(
                f"the blinds should be {list(ours.forced_blinds())} "
                f"(with the kill of {kill.amount} by {kill.killer})"
                if kill
                else f"the blinds should be {list(ours.forced_blinds())}, with no kill"
            )
        if kill is not None and _stakes(ours.config) != _stakes(written.config):
            raise KillMismatch(
                f"a kill of {kill.amount} plays {ours.config.describe()}, "
                f"not {written.config.describe()}"
            )
        self.previous = names
        if written.bomb:  # a bomb pot neither wins nor loses a leg (RULES.md "Bomb pots")
            self.tracker.no_leg()
        return replace(ours, antes=written.antes, dead_antes=written.dead_antes)

    def _base_config(self, written: HandSetup, killer: str | None) -> GameConfig:
        if killer is None:
            self.base = written.config
        if self.base is not None:
            return self.base
        num, den = (1, 2) if self.tracker.rules.size is KillSize.FULL else (2, 3)
        stakes = written.config.stakes.scaled(num, den)
        return replace(written.config, stakes=stakes)

    @staticmethod
    def _unkilled(
        written: HandSetup,
        config: GameConfig,
        killer: str | None,
        reason: str | None,
        kinds: tuple[str, ...] | None = None,
    ) -> HandSetup:
        """The hand as it would have been dealt without its kill; ``kinds``: the blind
        each seat was dealt (a table's deal), else the blinds stand in their usual seats."""
        blinds = list(written.forced_blinds())
        dead = list(written.dead or (0,) * len(blinds))
        if killer is not None:
            n = len(blinds)
            k = written.names.index(killer)
            small, big = (1, 0) if n == 2 else (0, 1)
            if kinds is not None:
                small = kinds.index("small_blind") if "small_blind" in kinds else -1
                big = kinds.index("big_blind")
            regular = {small: config.stakes.small_blind, big: config.stakes.big_blind}
            blinds[k] = regular.get(k, 0)
            if k in regular and reason not in ("required", "missed"):
                dead[k] = max(0, dead[k] - regular[k])
        return replace(
            written,
            config=config,
            blinds=tuple(blinds),
            dead=tuple(dead) if any(dead) else None,
            # who opens an unkilled hand is the file's (a blind posted to come in, equal
            # blinds heads-up); a kill puts it where the kill rules say
            first_to_act=written.first_to_act if killer is None else None,
            blind_kinds=kinds,
            kill=None,
        )

    def settle(self, hand: Hand) -> dict[str, Any]:
        """Move the button after the hand; returns the ``kill`` object for ``--json``."""
        return self.tracker.settle(hand).summary()


def _dealt_kinds(kinds: Sequence[Any], killer: int) -> tuple[str, ...] | None:
    """The blinds a killed hand was dealt with before its kill, from its ``_blind_kinds``
    (the killer's seat written ``kill``). The killer's own blind is the one the deal
    lacks (a soft kill, 002 misc §7): the big blind when none is left; the small blind when
    none is left and the killer sits just before the big blind, unless the big blind is
    the first seat from the button (the small blind was dead). None when the field does
    not say."""
    dealt = [str(kind) for kind in kinds]
    if not 0 <= killer < len(dealt) or dealt[killer] != "kill":
        return None
    n = len(dealt)
    if "big_blind" not in dealt:
        dealt[killer] = "big_blind"
    elif "small_blind" not in dealt and killer == (dealt.index("big_blind") - 1) % n:
        # heads-up the button posts the small blind; else the seat right of the big blind
        # does, unless the small blind is dead (the big blind then sits left of the button)
        if n == 2 or dealt.index("big_blind") != 0:
            dealt[killer] = "small_blind"
        else:
            dealt[killer] = ""
    else:
        dealt[killer] = ""
    return tuple(dealt)


def _stakes(config: GameConfig) -> tuple[int, ...]:
    s = config.stakes
    if config.structure.is_limit:
        return (s.fixed_small, s.fixed_big, s.spread_min, *s.spread_max)
    return (s.big_blind,)


def _state_words(summary: dict[str, Any]) -> str:
    if summary["state"] == "neutral":
        return "neutral"
    if summary["state"] == "leg_up":
        return f"with {summary['holder']}, one leg up"
    return f"killed by {summary['holder']} for {summary['amount']}"


def session_fields(rules: KillRules, kill: Kill | None, quit: Sequence[str] = ()) -> dict[str, Any]:
    """The ``_`` fields of one exported hand of a kill game."""
    fields = rules.to_fields()
    if kill is not None:
        fields["_killer"] = kill.killer
        fields["_kill_reason"] = kill.reason
    if quit:
        fields["_quit"] = list(quit)
    return fields


def stored_fields(
    rules: KillRules,
    dealt: KillButton,
    kill: Kill | None,
    names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The ``_`` fields a kill table stores with each hand, so that the hand replays alone
    with its kill checked and the button after it reported (RULES.md "Kill pots").

    Args:
        rules: the table's kill rules.
        dealt: the button as the hand was dealt (legs frozen for the absent, kills owed,
            before this hand's kill): the hand's ``_kill_state_before``, in full.
        kill: the hand's kill, or None.
        names: player id -> the name the history uses for him (ids as they are when
            missing); the button names players by id, the history by name.
    Returns:
        ``_kill*`` rules, ``_killer`` and ``_kill_reason`` when killed, and
        ``_kill_state_before``.
    """
    named = dict(names or {})

    def name(player: str) -> str:
        return named.get(player, player)

    fields = session_fields(
        rules, None if kill is None else replace(kill, killer=name(kill.killer))
    )
    state: dict[str, Any] = {"state": dealt.state.value}
    if dealt.holder is not None:
        state["holder"] = name(dealt.holder)
    if dealt.amount is not None:
        state["amount"] = dealt.amount
    for key, players in (("frozen", dealt.frozen), ("waiting", dealt.waiting)):
        if players:
            state[key] = [name(p) for p in players]
    for key, owed in (("missed", dealt.missed), ("owes_next", dealt.owes_next)):
        if owed:
            state[key] = {name(p): chips for p, chips in owed.items()}
    fields["_kill_state_before"] = state
    return fields


def export_session(
    hands: Sequence[tuple[Hand, Kill | None, Sequence[str]]],
    rules: KillRules,
    before: KillButton | None = None,
) -> str:
    """A ``.phhs`` text of consecutive hands of a kill game that replays to ``match``.

    Args:
        hands: ``(hand, kill, quit)`` per hand, in order of play.
        rules: the table's kill rules.
        before: the button before the first hand, when not neutral.
    """
    sections = []
    for number, (hand, kill, quit) in enumerate(hands, start=1):
        fields = session_fields(rules, kill, quit)
        if number == 1 and before is not None and before.state.value != "neutral":
            fields["_kill_state_before"] = {
                k: v for k, v in before.summary().items() if k != "legs" and v is not None
            }
        sections.append((str(number), hand_to_phh(hand, hand=number, **fields)))
    return dumps_phhs(sections)
