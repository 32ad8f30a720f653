"""Kill pots: the kill button that belongs to the table and passes from hand to hand.

RULES.md "Kill pots" (000 kill §1-13, 002 "kill pot games" to "special lowball kill rules",
003, 004). This module is plain data and pure functions:

- :class:`KillRules`: the house options, with RULES.md's defaults.
- :class:`KillButton`: the button's state between hands (neutral, leg up, killed), every
  player's leg (frozen legs of absent players included) and kills owed; it saves and
  restores as plain data (:meth:`KillButton.to_dict`).
- :func:`outcome_of`: what a finished hand means for the button (who won the pot that
  counts, for how much, whether it was a walk or a scoop).
- :func:`next_button`: the button after a hand.
- :mod:`bot.engine.killplan` turns an owed or offered kill into the next hand's set-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .codec import BOOL, INT, STR, As, Codec, enum
from .config import GameConfig
from .errors import ConfigError
from .events import Posted, PotAwarded
from .pots import build_pots


class KillSize(StrEnum):
    """Full kill: 2 × big blind, every limit doubled; half kill: 1.5 × (002 "half kill")."""

    FULL = "full"
    HALF = "half"


class Trigger(StrEnum):
    """What makes a kill: two pots in a row, a big hi-lo scoop, or a big pot (002)."""

    NATURAL = "natural"
    SCOOP = "scoop"
    BIG_POT = "big_pot"


class ButtonState(StrEnum):
    """The kill button's three states (002 "kill games")."""

    NEUTRAL = "neutral"
    LEG_UP = "leg_up"
    KILLED = "killed"


REASONS = ("required", "voluntary", "come_in", "missed")


@dataclass(frozen=True)
class Kill:
    """A kill in one hand: ``killer`` (a name) posts ``amount`` chips for ``reason``
    (``required``, ``voluntary``, ``come_in`` or ``missed``)."""

    killer: str
    amount: int
    reason: str


@dataclass(frozen=True)
class KillRules:
    """A table's kill house rules; each field is RULES.md's default unless the host sets it.

    Attributes:
        size: full (default) or half kill.
        triggers: which events make a kill; empty means the default for the game: scoop in
            hi-lo games, natural in all others (000 kill preamble, 003).
        big_pot: chips a pot must reach for the big-pot trigger; 0 = 5 × the upper limit.
        killer_acts: ``in_turn`` (000 kill §2, 002) or ``last`` (003, 002 alternate).
        require_flop: the second leg needs a flop (002; default off).
        split: ``keep``: a leg-up player who splits keeps it and a killer who splits kills
            again (000 kill §4); ``neutral``: the button goes neutral (002 alternate).
        walk: ``keep``: a leg-up player who wins a walk keeps the leg (002); ``neutral``.
        nonqualifying: ``neutral``: a leg-up player whose second pot does not qualify
            loses the leg (002 (d)); ``keep``.
        missed: ``may_next``: a kill missed by mistake may be posted next hand (002);
            ``must_next_unkilled``: it must be posted at the next unkilled pot.
        pot_counts: ``main`` (002 misc §6) or ``larger`` of the main and a side pot.
        second_leg_min: chips a second leg must win from opponents; 0 = one full bet
            (000 kill §3).
        voluntary: voluntary kills allowed (000 kill §10, 002; alternate: prohibited).
        objection_seconds: the window in which a player may object to a voluntary kill.
    """

    size: KillSize = KillSize.FULL
    triggers: frozenset[Trigger] = frozenset()
    big_pot: int = 0
    killer_acts: str = "in_turn"
    require_flop: bool = False
    split: str = "keep"
    walk: str = "keep"
    nonqualifying: str = "neutral"
    missed: str = "may_next"
    pot_counts: str = "main"
    second_leg_min: int = 0
    voluntary: bool = True
    objection_seconds: int = 15

    def __post_init__(self) -> None:
        choices = {
            "killer_acts": ("in_turn", "last"),
            "split": ("keep", "neutral"),
            "walk": ("keep", "neutral"),
            "nonqualifying": ("neutral", "keep"),
            "missed": ("may_next", "must_next_unkilled"),
            "pot_counts": ("main", "larger"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ConfigError(f"{name} must be one of {', '.join(allowed)}")
        if self.big_pot < 0 or self.second_leg_min < 0 or self.objection_seconds < 0:
            raise ConfigError("kill sizes and the objection window cannot be negative")

    def triggers_for(self, config: GameConfig) -> frozenset[Trigger]:
        """The triggers in force: the host's, else scoop in hi-lo and natural elsewhere."""
        if self.triggers:
            return self.triggers
        return frozenset({Trigger.SCOOP if config.game.is_hilo else Trigger.NATURAL})

    def kill_amount(self, config: GameConfig) -> int:
        """The kill blind: 2 × the big blind, or 1.5 × rounded up to the bet unit (002)."""
        big = config.stakes.big_blind
        if self.size is KillSize.FULL:
            return 2 * big
        unit = config.rules.bet_unit
        amount = -(-3 * big // 2)
        return -(-amount // unit) * unit

    def killed_config(self, config: GameConfig) -> GameConfig:
        """The game at killed stakes: every limit × 2 (full) or × 1.5 (half, rounded up to
        the bet unit); spread limits scale both ends (002); in big-bet games the kill blind
        becomes the minimum bring-in (000 NL §2 with the kill as the largest blind)."""
        num, den = (2, 1) if self.size is KillSize.FULL else (3, 2)
        stakes = config.stakes.scaled(num, den, config.rules.bet_unit)
        stakes = replace(
            stakes,
            small_blind=config.stakes.small_blind,
            big_blind=self.kill_amount(config),
        )
        return replace(config, stakes=stakes)

    def second_leg_minimum(self, config: GameConfig) -> int:
        """Chips a second leg must win from opponents: one full bet unless the house set it
        (000 kill §3; RULES.md defines one full bet per structure)."""
        return self.second_leg_min or config.full_bet

    def big_pot_threshold(self, config: GameConfig) -> int:
        """The pot that triggers a big-pot or scoop kill: 5 × the upper limit unless set."""
        return self.big_pot or 5 * config.upper_limit

    def to_fields(self) -> dict[str, Any]:
        """The PHH ``_kill*`` fields for these rules: ``_kill`` (the size) always, the
        others only off their default."""
        return {"_kill": self.size.value, **_PHH_FIELDS.dump(self)}

    @classmethod
    def from_fields(cls, fields: dict[str, Any]) -> KillRules | None:
        """Rules from PHH ``_kill*`` fields; None when the hand is not a kill game.

        Raises:
            ConfigError: a value that is not one of the options.
        """
        size = fields.get("_kill")
        if size is None:
            return None
        try:
            return _PHH_FIELDS.load(fields, size=KillSize(size))
        except ValueError as exc:
            raise ConfigError(f"a kill house rule cannot be read: {exc}") from exc


@dataclass
class KillButton:
    """The table's kill button between hands: plain data that saves and restores exactly.

    Attributes:
        state: neutral, leg up (``holder`` won the last pot) or killed (``holder`` owes the
            next kill, of ``amount`` chips).
        holder: the player's name, or None when neutral.
        amount: the kill owed, in chips, when killed.
        frozen: players away from the table whose leg is frozen (000 kill §5, 002).
        waiting: returned players whose leg waits until the button is free (002: "the next
            available pot").
        missed: kills missed by mistake: name -> amount (002 "unposted but required kills").
        owes_next: new players who played a killed pot by agreeing to kill the next one
            (000 kill §12): name -> amount.
    """

    state: ButtonState = ButtonState.NEUTRAL
    holder: str | None = None
    amount: int | None = None
    frozen: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)
    missed: dict[str, int] = field(default_factory=dict)
    owes_next: dict[str, int] = field(default_factory=dict)

    def legs(self) -> dict[str, int]:
        """Every leg up at the table, frozen ones included: name -> 1."""
        names = list(self.frozen) + list(self.waiting)
        if self.state is ButtonState.LEG_UP and self.holder:
            names.append(self.holder)
        return {name: 1 for name in names}

    def summary(self) -> dict[str, Any]:
        """The ``kill`` object of ``killbutton replay --json``."""
        return {
            "state": self.state.value,
            "holder": self.holder,
            "amount": self.amount,
            "legs": self.legs(),
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything, as JSON-able data, for saving: the fields by name, the state by its
        name (read by :meth:`from_dict`)."""
        # written out, not through the codec: saved at every commit, and the codec's
        # generic loop took twice as long (benchmarks/README.md, "Tried and not kept")
        return {
            "state": self.state.value,
            "holder": self.holder,
            "amount": self.amount,
            "frozen": list(self.frozen),
            "waiting": list(self.waiting),
            "missed": dict(self.missed),
            "owes_next": dict(self.owes_next),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> KillButton:
        """The button saved by :meth:`to_dict` (or a PHH ``_kill_state_before``).

        Raises:
            ConfigError: a state that is not neutral, leg_up or killed, or a killed button
                without an amount.
        """
        try:
            state = ButtonState(data.get("state", "neutral"))
        except ValueError as exc:
            raise ConfigError(f"unknown kill button state {data.get('state')!r}") from exc
        holder = data.get("holder")
        amount = data.get("amount")
        if state is not ButtonState.NEUTRAL and not holder:
            raise ConfigError("a leg up or a kill needs a holder")
        if state is ButtonState.KILLED and not isinstance(amount, int):
            raise ConfigError("a killed button needs the amount owed")
        return _BUTTON.load(
            data,
            state=state,
            holder=holder if state is not ButtonState.NEUTRAL else None,
            amount=amount if state is ButtonState.KILLED else None,
        )

    def copy(self) -> KillButton:
        """An independent copy."""
        return KillButton.from_dict(self.to_dict())


TRIGGERS = As(
    lambda triggers: sorted(t.value for t in triggers),
    lambda names: frozenset(Trigger(name) for name in names),
)
"""Kill triggers saved as their names, sorted; an unknown name raises ``ValueError``."""

# the PHH fields: prefixed names, those at their default left out, the size apart (written
# always: it marks a kill game); the objection window is not among them
_PHH_NAMES = (
    "triggers",
    "big_pot",
    "killer_acts",
    "split",
    "walk",
    "nonqualifying",
    "missed",
    "pot_counts",
    "require_flop",
    "second_leg_min",
    "voluntary",
)
_PHH_FIELDS: Codec[KillRules] = Codec(
    KillRules,
    {
        "triggers": TRIGGERS,
        "big_pot": INT,
        "killer_acts": STR,
        "split": STR,
        "walk": STR,
        "nonqualifying": STR,
        "missed": STR,
        "pot_counts": STR,
        "require_flop": BOOL,
        "second_leg_min": INT,
        "voluntary": BOOL,
    },
    names=_PHH_NAMES,
    keys={
        name: "_killer_acts" if name == "killer_acts" else f"_kill_{name}" for name in _PHH_NAMES
    },
    omit_defaults=True,
)

_COUNTS = As(dict, lambda counts: {str(k): int(v) for k, v in counts.items()})
_BUTTON: Codec[KillButton] = Codec(
    KillButton,
    {
        "state": enum(ButtonState),
        "frozen": As(list, list),
        "waiting": As(list, list),
        "missed": _COUNTS,
        "owes_next": _COUNTS,
    },
)


def seat_players(
    button: KillButton, present: Sequence[str], quit: Sequence[str] = ()
) -> KillButton:
    """The button as the next deal finds it, given who is dealt in and who quit.

    A leg-up player who is away has his leg frozen and the button is neutral for the hands
    played without him (000 kill §5, 002); one who comes back has the leg up again, or, if
    a kill or another leg is live, his leg waits for the next free button (002). A leg-up
    player who quit leaves the button neutral (000 kill §1b). A killer who owes the kill is
    dealt in even if he wants to quit (000 kill §6; see
    :func:`bot.engine.killplan.missing_killer`); one the host removed (he quit and is not
    dealt in) leaves the button neutral and still owes the kill, which he posts on the
    first deal he comes back to (000 kill §6: no game "until the kill money is posted").
    """
    out = button.copy()
    here = set(present)
    gone = set(quit)
    out.frozen = [p for p in out.frozen if p not in gone]
    out.waiting = [p for p in out.waiting if p not in gone]
    out.missed = {p: a for p, a in out.missed.items() if p not in gone}
    if out.state is ButtonState.KILLED and out.holder in gone and out.holder not in here:
        if out.holder is not None and out.amount is not None:
            out.owes_next.setdefault(out.holder, out.amount)
        out.state, out.holder, out.amount = ButtonState.NEUTRAL, None, None
    if out.state is ButtonState.LEG_UP and out.holder is not None:
        if out.holder in gone:
            out.state, out.holder = ButtonState.NEUTRAL, None
        elif out.holder not in here:
            out.frozen.append(out.holder)
            out.state, out.holder = ButtonState.NEUTRAL, None
    for name in list(out.frozen):
        if name in here:
            out.frozen.remove(name)
            out.waiting.append(name)
    if out.state is ButtonState.NEUTRAL and out.waiting:
        for name in out.waiting:
            if name in here:
                out.waiting.remove(name)
                out.state, out.holder = ButtonState.LEG_UP, name
                break
    return out


@dataclass(frozen=True)
class Outcome:
    """What a finished hand means for the kill button.

    Attributes:
        winners: names of everyone who won a share of the pot that counts (several: a split,
            including a board run twice with different winners).
        won: chips the sole winner won from opponents in that pot (uncalled bet excluded).
        beyond_forced: of ``won``, the chips beyond the opponents' blinds and antes (000 kill
            §3: the second leg "cannot be any part of the blind structure").
        flop: whether a flop was dealt (a hand won before it is a walk).
        scoop: in hi-lo, the sole winner took the whole pot (both halves, or no low).
        pot: the size of the pot that counts: every chip in it, the winner's own, the
            blinds and the kill included, the uncalled bet left out (002 "the total pot";
            RULES.md "Triggers": what a scoop or a big pot is measured by).
    """

    winners: tuple[str, ...]
    won: int
    beyond_forced: int
    flop: bool
    scoop: bool
    pot: int = 0


def outcome_of(
    names: Sequence[str],
    contributed: Sequence[int],
    folded: Sequence[bool],
    forced: Sequence[int],
    awards: Sequence[PotAwarded],
    flop: bool,
    hilo: bool,
    pot_counts: str = "main",
    dead: int = 0,
) -> Outcome:
    """Judge a finished hand for the kill rules.

    Args:
        names: player names by hand index.
        contributed: chips each put in (uncalled bets already returned).
        folded: who folded.
        forced: each player's blinds, antes and kill posted before the deal.
        awards: the hand's :class:`PotAwarded` events.
        flop: whether any board card was dealt.
        hilo: a split game.
        pot_counts: ``main`` or ``larger`` (002 misc §6).
        dead: dead money in the main pot.
    Returns:
        The :class:`Outcome` for :func:`next_button`.
    """
    pots = build_pots(contributed, [not f for f in folded], dead)
    index = 0
    if pot_counts == "larger" and len(pots) > 1:
        index = max(range(len(pots)), key=lambda k: (pots[k].amount, -k))
    shares = [a for a in awards if a.pot == index]
    winners = sorted({p for a in shares for p, _ in a.winners})
    won = beyond = 0
    if len(winners) == 1:
        winner = winners[0]
        low = 0 if index == 0 else _level(contributed, folded, index - 1)
        high = _level(contributed, folded, index)
        for i, chips in enumerate(contributed):
            if i == winner:
                continue
            part = max(0, min(chips, high) - low)
            blind_part = max(0, min(forced[i], high) - low)
            won += part
            beyond += max(0, part - blind_part)
    scoop = hilo and len(winners) == 1
    total = pots[index].amount if pots else 0
    return Outcome(tuple(names[w] for w in winners), won, beyond, flop, scoop, total)


def _level(contributed: Sequence[int], folded: Sequence[bool], index: int) -> int:
    levels = sorted({c for c, f in zip(contributed, folded, strict=True) if not f})
    levels = [lv for lv in levels if lv > 0]
    return levels[min(index, len(levels) - 1)] if levels else 0


def forced_bets(events: Sequence[Any], n: int) -> list[int]:
    """Each player's chips posted before the deal (antes, blinds, kills), from the events;
    dead money is not a player's stake and is left out."""
    forced = [0] * n
    for event in events:
        if isinstance(event, Posted) and event.kind != "dead":
            forced[event.player] += event.amount
    return forced


def next_button(
    button: KillButton,
    rules: KillRules,
    config: GameConfig,
    outcome: Outcome,
    killer: str | None = None,
    reason: str | None = None,
) -> KillButton:
    """The kill button after a hand of a game with blinds.

    Args:
        button: the button as the hand was dealt (after :func:`seat_players`).
        rules: the table's kill rules.
        config: the game at its normal (unkilled) stakes.
        outcome: from :func:`outcome_of`.
        killer, reason: who killed this hand and why (``required``, ``voluntary``,
            ``come_in``, ``missed``), or None for an unkilled hand.
    Returns:
        A new button. The rules, in order: a required killer who wins again, or splits,
        kills again for the same amount (000 kill §4, §7; 003); a big-enough scoop or big
        pot kills, measured by the total pot (000 kill §8, 002); the leg-up player who wins
        a qualifying second pot kills (000 kill §3), a walk keeps his leg (002; under the
        ``walk = neutral`` alternate it goes neutral whatever ``nonqualifying`` says), a
        pot that does not
        qualify leaves the button neutral (002 (d)); a split keeps the leg-up player's leg
        (000 kill §4); any other sole winner takes the leg up and everyone else's leg is gone.
    """
    out = button.copy()
    triggers = rules.triggers_for(config)
    winners = outcome.winners
    sole = winners[0] if len(winners) == 1 else None
    amount = rules.kill_amount(config)
    if sole is not None:
        out.waiting = [p for p in out.waiting if p != sole]
        out.frozen = [p for p in out.frozen if p != sole]
    required_killer = killer if reason in ("required", "missed") else None

    def killed(name: str, chips: int) -> KillButton:
        out.state, out.holder, out.amount = ButtonState.KILLED, name, chips
        return out

    def neutral() -> KillButton:
        out.state, out.holder, out.amount = ButtonState.NEUTRAL, None, None
        return out

    def leg(name: str) -> KillButton:
        out.state, out.holder, out.amount = ButtonState.LEG_UP, name, None
        return out

    if len(winners) > 1:
        if rules.split == "neutral":
            return neutral()
        if required_killer is not None and required_killer in winners:
            return killed(required_killer, button.amount or amount)
        if (
            button.state is ButtonState.LEG_UP
            and button.holder in winners
            and Trigger.NATURAL in triggers
        ):
            return leg(button.holder)
        return neutral()
    if sole is None:
        return neutral()
    if required_killer == sole:
        return killed(sole, button.amount or amount)
    threshold = rules.big_pot_threshold(config)
    # a scoop or a big pot is sized by the total pot, the winner's own chips included
    # (002: "the total pot"); only the second leg of a natural kill counts chips won
    if Trigger.SCOOP in triggers and outcome.scoop and outcome.pot >= threshold:
        return killed(sole, amount)
    if Trigger.BIG_POT in triggers and outcome.pot >= threshold:
        return killed(sole, amount)
    if Trigger.NATURAL not in triggers:
        return neutral()
    if button.state is ButtonState.LEG_UP and button.holder == sole:
        qualifies = outcome.beyond_forced >= rules.second_leg_minimum(config)
        if rules.require_flop and not outcome.flop:
            qualifies = False
        if qualifies:
            return killed(sole, amount)
        if not outcome.flop:
            return leg(sole) if rules.walk == "keep" else neutral()
        return leg(sole) if rules.nonqualifying == "keep" else neutral()
    return leg(sole)
