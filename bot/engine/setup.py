"""What a hand is dealt with: players, stacks, forced bets, the deck (:class:`HandSetup`).

With the hand's action log, a set-up rebuilds a hand exactly (restarts, replays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .config import GameConfig
from .games import spec_for

if TYPE_CHECKING:
    from .kills import Kill


@dataclass(frozen=True)
class LowballKill:
    """The kill a lowball player may make after seeing two cards (000 kill §10, 002 §9).

    Attributes:
        amount: the kill blind, in chips.
        config: the game at killed stakes.
    """

    amount: int
    config: GameConfig


@dataclass(frozen=True)
class HandSetup:
    """Everything needed to start a hand; with the action log it rebuilds the hand exactly.

    Attributes:
        config: the game, structure, stakes and house rules.
        names: player names in hand order (index 0 left of the button, button last).
        stacks: chips each player has before the hand, all positive.
        blinds: per-player blind or straddle posted before the deal (chips); None for the
            standard small blind, big blind (and straddle when ``straddle`` is set).
        antes: per-player antes; None for ``config.stakes.ante`` each plus the big blind
            ante from the big blind.
        dead: per-player dead money (a missed small blind): into the pot, not a bet.
        straddle: the player left of the big blind posts a live straddle (000 NL §14).
        first_to_act: who acts first on the first round; None for the player left of the
            largest blind.
        deck_order: the deck in dealing order (None: shuffle with the OS CSPRNG).
        dead_antes: antes are dead money for the main pot rather than each player's stake
            in the side pots; True for a big blind ante (one player antes for the table),
            and for PHH files with ``ante_trimming_status = false``.
        bomb: a bomb pot (RULES.md "Bomb pots"): the antes are everyone's stake, no blind
            is posted and there is no betting before the flop.
        boards: 2 deals a second board beside the first, each board deciding half of
            every pot (a bomb pot's double board); 1 otherwise.
        seven_deuce: the 7-2 game's bounty in chips (RULES.md "The 7-2 game"), 0 for none.
        runs: replay of a board run more than once (000 NL §17): each run after the first,
            its cards after the board they share; () for a board dealt once.
    """

    config: GameConfig
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    blinds: tuple[int, ...] | None = None
    antes: tuple[int, ...] | None = None
    dead: tuple[int, ...] | None = None
    straddle: bool = False
    first_to_act: int | None = None
    deck_order: tuple[str, ...] | None = None
    dead_antes: bool | None = None
    blind_kinds: tuple[str, ...] | None = None
    kill: Kill | None = None
    reshuffle_seed: int = 0
    carried: int = 0
    lowball_kill: LowballKill | None = None
    bomb: bool = False
    boards: int = 1
    seven_deuce: int = 0
    runs: tuple[tuple[str, ...], ...] = ()

    @property
    def antes_are_dead(self) -> bool:
        """Whether antes go in as dead money (default: when the stakes have a big blind ante)."""
        if self.dead_antes is not None:
            return self.dead_antes
        return self.config.stakes.big_blind_ante > 0

    def forced_blinds(self) -> tuple[int, ...]:
        """The per-player blinds this setup posts (before capping at stacks)."""
        if self.blinds is not None:
            return self.blinds
        n = len(self.names)
        if not spec_for(self.config.game).blinds:
            return (0,) * n
        stakes = self.config.stakes
        if n == 2:
            return (stakes.big_blind, stakes.small_blind)
        blinds = [0] * n
        blinds[0], blinds[1] = stakes.small_blind, stakes.big_blind
        if self.straddle:
            blinds[2 % n] = stakes.straddle_amount
        return tuple(blinds)

    def forced_antes(self) -> tuple[int, ...]:
        """The per-player antes this setup posts (before capping at stacks)."""
        if self.antes is not None:
            return self.antes
        n = len(self.names)
        stakes = self.config.stakes
        antes = [stakes.ante] * n
        if stakes.big_blind_ante:
            antes[0 if n == 2 else 1] += stakes.big_blind_ante
        return tuple(antes)
