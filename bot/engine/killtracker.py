"""The kill button carried from hand to hand at one table (RULES.md "Kill pots").

:class:`KillTracker` joins the pieces: before a deal it seats the button (frozen legs,
quitters), finds the kill the deal owes or checks one offered, and gives the killed set-up;
after the hand it judges the result and moves the button.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .config import GameConfig
from .errors import IllegalAction
from .events import PotAwarded
from .games import spec_for
from .hand import Hand, HandSetup
from .killplan import check_voluntary, killed_setup, missing_killer, owed_kill
from .kills import (
    ButtonState,
    Kill,
    KillButton,
    KillRules,
    forced_bets,
    next_button,
    outcome_of,
    seat_players,
)
from .setup import LowballKill


class KillTracker:
    """One table's kill state across hands (and across sessions of the same game).

    Args:
        rules: the table's kill rules.
        button: the saved button (None: neutral, as for a new game, 002 "kill games" (a)).
    """

    def __init__(self, rules: KillRules, button: KillButton | None = None) -> None:
        self.rules = rules
        self.button = button or KillButton()
        self._dealt: KillButton | None = None
        self._kill: Kill | None = None
        self._config: GameConfig | None = None
        self._agreed: list[str] = []
        self._blindless = False

    def prepare(
        self,
        setup: HandSetup,
        quit: Sequence[str] = (),
        offer: Kill | None = None,
        newcomers: Sequence[str] = (),
    ) -> HandSetup:
        """The set-up of the next deal, killed when the rules say so.

        Args:
            setup: the deal as it would be unkilled (names in hand order).
            quit: players who left the game for good since the last hand (000 kill §1b).
            offer: a kill a player offers (``voluntary``, ``come_in`` or ``missed``), after
                any objection window has passed with no objection.
            newcomers: players dealt in for the first time; in a killed pot each of them
                agrees to kill the next one (000 kill §12).
        Returns:
            The set-up to deal: ``setup`` itself when no kill, else the killed set-up.
        Raises:
            IllegalAction: the holder of a required kill is not dealt in (000 kill §6), or
                the offered kill is not allowed (one kill per deal, 4 × the kill blind...).
                In a mix, a game without blinds is never killed and leaves the button as it
                is (002): an offered kill is refused and an owed one waits.
        """
        self._blindless = not spec_for(setup.config.game).blinds
        if self._blindless:
            if offer is not None:
                raise IllegalAction(f"{setup.config.game.label} has no blinds: it cannot be killed")
            # the players who quit are gone all the same (000 kill §1b, §6: a killer the
            # host removed owes his kill on return); a kill owed waits for a game with blinds
            seated = seat_players(self.button, setup.names, quit)
            self._dealt, self._kill, self._config = seated, None, setup.config
            return setup
        button = seat_players(self.button, setup.names, quit)
        missing = missing_killer(button, setup.names)
        if missing is not None:
            raise IllegalAction(
                f"{missing} owes a kill of {button.amount} and must be dealt in to post it"
            )
        kill = owed_kill(button, self.rules, setup.names)
        if offer is not None:
            if offer.killer not in setup.names:
                raise IllegalAction("{killer} is not dealt into this hand", killer=offer.killer)
            stack = setup.stacks[setup.names.index(offer.killer)]
            amount = self.rules.kill_amount(setup.config)
            if offer.reason == "missed":
                amount = button.missed.get(offer.killer, amount)
            check_voluntary(button, self.rules, amount, offer.killer, stack, kill, offer.reason)
            kill = Kill(offer.killer, amount, offer.reason)
        self._dealt, self._kill, self._config = button, kill, setup.config
        self._agreed = [p for p in newcomers if kill is not None and p != kill.killer]
        if kill is not None:
            return killed_setup(setup, kill, self.rules)
        spec = spec_for(setup.config.game)
        if self.rules.voluntary and spec.is_lowball and spec.is_draw:
            # lowball: a player may kill after two cards, until anyone has a third (000 §10)
            amount = self.rules.kill_amount(setup.config)
            killed = self.rules.killed_config(setup.config)
            return replace(setup, lowball_kill=LowballKill(amount, killed))
        return setup

    def shown(self) -> KillButton:
        """The button as the hand in play is played under, or between hands the button
        itself: during a hand dealt without a leg-up player the button is neutral and his
        leg frozen (000 kill §5, 002); in a killed hand it is face up in the pot with the
        kill it carries, which is no longer owed (000 kill §6)."""
        if self._dealt is None:
            return self.button
        shown = self._dealt.copy()
        kill = self._kill
        if kill is not None:
            shown.state, shown.holder, shown.amount = ButtonState.KILLED, kill.killer, kill.amount
            shown.owes_next.pop(kill.killer, None)
            shown.missed.pop(kill.killer, None)
        return shown

    def no_leg(self) -> None:
        """The hand prepared last is dealt as a bomb pot: like a game without blinds, it
        neither wins nor loses a leg, and the button stays as it was dealt (RULES.md
        "Bomb pots")."""
        self._blindless = True

    def defer_absent_killer(self, present: Sequence[str]) -> None:
        """A required killer who cannot be dealt this hand (he has no chips, or left the
        table) does not hold the table up: the button goes neutral and the kill is recorded
        against him, to be posted on the first deal he is back in (000 kill §6: no game
        "until the kill money is posted"; RULES.md "Obligations": never holds up the table).

        Args:
            present: the player ids dealt into the next hand.
        """
        button = self.button
        holder, amount = button.holder, button.amount
        if button.state is not ButtonState.KILLED or holder is None or holder in present:
            return
        if amount is not None:
            button.owes_next.setdefault(holder, amount)
        button.state, button.holder, button.amount = ButtonState.NEUTRAL, None, None

    def settle(self, hand: Hand) -> KillButton:
        """Move the button after the hand prepared last; returns (and keeps) the new one.

        A hand dealt without the kill prepared for it (a mistake) is judged unkilled, and
        the kill owed becomes a missed kill (002 "unposted but required kills"). Under
        ``missed = may_next`` a missed kill not posted this hand lapses.

        Raises:
            IllegalAction: no hand was prepared, or the hand is not over.
        """
        if self._dealt is None or self._config is None:
            raise IllegalAction("no hand was prepared for the kill button")
        if self._blindless:  # games without blinds neither win nor lose a leg (002)
            if not hand.is_complete:
                raise IllegalAction("the kill button moves only when the hand is over")
            self.button, self._dealt, self._kill = self._dealt, None, None
            return self.button
        if not hand.is_complete:
            raise IllegalAction("the kill button moves only when the hand is over")
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        outcome = outcome_of(
            hand.names,
            hand.contributed,
            # a hand mucked at showdown gave up its claim: the pots are built as the hand
            # built them, so the pot numbers match the awards (002 misc §6)
            [f or i in hand.mucked for i, f in enumerate(hand.folded)],
            forced_bets(hand.events, hand.n),
            awards,
            flop=bool(hand.board),
            hilo=hand.config.game.is_hilo,
            pot_counts=self.rules.pot_counts,
        )
        dealt = self._dealt.copy()
        if self.rules.missed == "may_next":
            dealt.missed.clear()  # 002: a missed kill may be posted "on the next dealt hand"
        kill, agreed = self._kill, self._agreed
        if kill is not None and hand.setup.kill != kill:
            _kill_missed(dealt, kill)
            kill, agreed = None, []
        button = next_button(
            dealt,
            self.rules,
            self._config,
            outcome,
            kill.killer if kill else None,
            kill.reason if kill else None,
        )
        if kill is not None:
            button.missed.pop(kill.killer, None)
            if kill.reason == "required":
                button.owes_next.pop(kill.killer, None)
        for name in agreed:
            button.owes_next.setdefault(name, self.rules.kill_amount(self._config))
        self.button = button
        self._dealt = self._kill = None
        return button

    def pending_to_dict(self) -> dict[str, Any] | None:
        """The hand prepared and not yet settled, as plain data (None if none), so a
        restart settles it exactly as it would have."""
        if self._dealt is None or self._config is None:
            return None
        from .serial import config_to_dict, kill_to_dict

        return {
            "dealt": self._dealt.to_dict(),
            "kill": None if self._kill is None else kill_to_dict(self._kill),
            "config": config_to_dict(self._config),
            "agreed": list(self._agreed),
            "blindless": self._blindless,
        }

    def restore_pending(self, data: dict[str, Any] | None) -> None:
        """Restore what :meth:`pending_to_dict` saved."""
        if not data:
            self._dealt = self._kill = self._config = None
            return
        from .serial import config_from_dict, kill_from_dict

        self._dealt = KillButton.from_dict(data["dealt"])
        self._kill = kill_from_dict(data["kill"]) if data.get("kill") else None
        self._config = config_from_dict(data["config"])
        self._agreed = list(data.get("agreed", []))
        self._blindless = bool(data.get("blindless", False))

    @property
    def kill(self) -> Kill | None:
        """The kill of the hand prepared last (None: unkilled)."""
        return self._kill

    def record_missed(self, name: str, amount: int) -> None:
        """A required kill was missed by mistake (002 "unposted but required kills"): the
        player may (or, under ``must_next_unkilled``, must) post it later."""
        self.button.missed[name] = amount


def _kill_missed(dealt: KillButton, kill: Kill) -> None:
    """The deal went out without the kill prepared for it (a mistake): the hand is judged
    as unkilled, and a required kill by the button's holder becomes a kill missed by
    mistake (002 "unposted but required kills": he may, or under ``must_next_unkilled``
    must, post it later). Changes ``dealt`` in place."""
    owed = dealt.state is ButtonState.KILLED and dealt.holder == kill.killer
    if kill.reason == "required" and owed:
        dealt.state, dealt.holder, dealt.amount = ButtonState.NEUTRAL, None, None
        dealt.missed[kill.killer] = kill.amount
