"""Strict replay of hand histories (RULES.md "In play and in replay": nothing is corrected).

Each hand is played through the engine action by action; the first action the rules do
not allow exactly as written makes the hand ``illegal``. A rule that depends on an unknown
card (``??``) is taken from the file as played. Shows (``sm``) may come before the rest of
the board when everyone left is all-in, as in the dataset, or after it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.engine.actions import BringIn, Call, Check, Discard, Fold, Muck, Raise, Show
from bot.engine.errors import EngineError
from bot.engine.hand import Hand
from bot.phh.convert import KillMismatch, Unsupported, setup_from_phh
from bot.phh.notation import HandHistory, PhhError, load_path, parse_action
from bot.phh.variants import UnsupportedVariant

if TYPE_CHECKING:
    from bot.phh.killsession import KillSessionReplay

STATUSES = ("match", "mismatch", "unchecked", "illegal", "unsupported", "unreadable", "skipped")


@dataclass
class ReplayResult:
    """The outcome of replaying one hand; ``as_json()`` gives the ``--json`` line.

    Attributes:
        path: the file as given on the command line.
        hand: the PHH ``hand`` field, else the ``.phhs`` section name, else None.
        status: one of :data:`STATUSES`.
        finishing_stacks: our stacks after the hand, in the file's seat order.
        expected: the file's ``finishing_stacks``.
        action_index: 0-based index into ``actions`` of the first action refused.
        error: the reason, in words a player would understand.
        extra: further keys for the JSON line (the kill state, in kill games).
    """

    path: str
    hand: int | str | None = None
    status: str = "unreadable"
    finishing_stacks: list[int] | None = None
    expected: list[Any] | None = None
    action_index: int | None = None
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """Every key present, None where it does not apply."""
        return {
            "path": self.path,
            "hand": self.hand,
            "status": self.status,
            "finishing_stacks": self.finishing_stacks,
            "expected": self.expected,
            "action_index": self.action_index,
            "error": self.error,
            **self.extra,
        }


def stacks_match(ours: Sequence[int], expected: Sequence[Any]) -> bool:
    """Whether our whole-chip stacks match the file's.

    Exact for whole numbers; a fractional expected stack (a half-chip split) matches when
    every seat is within one chip and the totals agree.
    """
    if len(ours) != len(expected):
        return False
    if all(float(e).is_integer() for e in expected):
        return [int(e) for e in expected] == list(ours)
    return (
        all(abs(o - float(e)) <= 1 for o, e in zip(ours, expected, strict=True))
        and abs(sum(ours) - sum(float(e) for e in expected)) < 1e-6
    )


def play_history(
    hh: HandHistory, session: KillSessionReplay | None = None, describe: bool = False
) -> tuple[Hand, int | None, str | None]:
    """Play a hand history through the engine, strictly.

    Args:
        hh: the hand.
        session: the kill button of the file's earlier hands, in a kill game.
        describe: name the hands shown and the winning hands in the events (an export
            that prints them); a replay that checks stacks skips it.

    Returns:
        ``(hand, action_index, error)``: the hand as far as it got; the index of the first
        refused action and the reason, or ``(hand, None, None)`` when every action was legal
        and the hand is over.
    Raises:
        UnsupportedVariant, Unsupported: the hand is not one we play.
        PhhError: the file cannot be read as PHH.
        KillMismatch: the hand's kill is not the one the rules require.
    """
    setup = setup_from_phh(hh)
    if session is not None:
        setup = session.setup_for(hh, setup)
    hand = Hand(setup, auto_deal=False, strict=True, auto_showdown=False, describe=describe)
    for index, text in enumerate(hh.actions):
        try:
            action = parse_action(text)
        except PhhError as unreadable:
            return hand, index, str(unreadable)
        try:
            _apply(hand, action.kind, action.actor, action.target, action.cards, action.amount)
        except EngineError as refused:
            return hand, index, str(refused)
    try:
        hand.finish()
    except EngineError as exc:
        return hand, len(hh.actions), f"the hand history stops before the hand is over: {exc}"
    return hand, None, None


def _apply(
    hand: Hand,
    kind: str,
    actor: int | None,
    target: int | None,
    cards: tuple[str, ...],
    amount: int | None,
) -> None:
    if kind == "noop":
        return
    if kind == "deal_hole":
        assert target is not None
        hand.deal_hole(target, cards)
        return
    if kind == "deal_board":
        hand.deal_board(cards)
        return
    if actor is None or not 0 <= actor < hand.n:
        raise EngineError(f"there is no player p{(actor or 0) + 1} at this table")
    if kind == "fold":
        hand.apply(Fold(actor))
    elif kind == "check_call":
        owes = hand.to_act == actor and hand.current_bet > hand.bets[actor]
        hand.apply(Call(actor) if owes else Check(actor))
    elif kind == "bet_raise":
        assert amount is not None
        hand.apply(Raise(actor, amount))
    elif kind == "show":
        if cards:
            hand.reveal(actor, cards)
        hand.apply(Show(actor))
    elif kind == "muck":
        hand.apply(Muck(actor))
    elif kind == "bring_in":
        hand.apply(BringIn(actor))
    elif kind == "discard":
        hand.apply(Discard(actor, cards))
    else:
        raise EngineError(f"{kind.replace('_', ' ')} is not part of {hand.config.game.label}")


def replay_history(
    path: str, name: int | str | None, hh: HandHistory, session: KillSessionReplay | None = None
) -> ReplayResult:
    """Replay one hand and judge it against its ``finishing_stacks``; in a kill game also
    check its kill and report the button after it (``kill`` in the JSON line)."""
    result = ReplayResult(path=path, hand=hh.hand if hh.hand is not None else name)
    result.expected = list(hh.finishing_stacks) if hh.finishing_stacks is not None else None
    if session is not None:
        result.extra["kill"] = None
    try:
        hand, index, error = play_history(hh, session)
    except KillMismatch as mismatch:
        result.status, result.error = "illegal", str(mismatch)
        return result
    except (UnsupportedVariant, Unsupported) as unsupported:
        result.status, result.error = "unsupported", str(unsupported)
        return result
    except (PhhError, EngineError) as unreadable:
        result.status, result.error = "unreadable", str(unreadable)
        return result
    result.finishing_stacks = list(hand.stacks)
    if error is not None:
        result.status, result.action_index, result.error = "illegal", index, error
        return result
    if session is not None:
        result.extra["kill"] = session.settle(hand)
    if result.expected is None:
        result.status = "unchecked"
    elif stacks_match(hand.stacks, result.expected):
        result.status = "match"
    else:
        result.status = "mismatch"
        result.error = "the stacks after the hand differ from the file's finishing_stacks"
    return result


def iter_paths(paths: Sequence[str]) -> Iterator[str]:
    """Files as given, folders walked recursively in sorted path order (.phh and .phhs)."""
    for given in paths:
        if os.path.isdir(given):
            yield from sorted(_walk(given))
        else:
            yield given


def _walk(given: str) -> Iterator[str]:
    """Every .phh and .phhs file under a folder, spelled as a path under ``given``: as
    given when it ends with a separator, else as pathlib spells it (``./d`` is ``d``)."""
    prefix = given if given.endswith(os.sep) else str(Path(given)) + os.sep
    for folder, _, names in os.walk(given):
        inner = folder[len(given) :].lstrip(os.sep)
        inner = inner + os.sep if inner else ""
        for name in names:
            if name.endswith((".phh", ".phhs")) and name not in (".phh", ".phhs"):
                yield prefix + inner + name


def _kill_session(hh: HandHistory) -> KillSessionReplay | None:
    """The kill session a file's first hand opens, or None when it is no kill game; the
    kill modules are loaded only for a file that needs them.

    Raises:
        KillMismatch: the kill fields cannot be read.
    """
    if "_kill" not in hh.extra:
        return None
    from bot.phh.killsession import KillSessionReplay

    return KillSessionReplay.for_history(hh)


def replay_paths(paths: Sequence[str], jobs: int = 1) -> Iterator[ReplayResult]:
    """Replay every hand of every file, in input order; a ``.phhs`` file's hands after an
    illegal one come out ``skipped``.

    Args:
        paths: files and folders (:func:`iter_paths`).
        jobs: processes replaying files side by side (1: this process alone); the results
            come out in input order whatever the number.
    """
    files = iter_paths(paths)
    if jobs <= 1:
        for path in files:
            yield from replay_file(path)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for results in pool.map(replay_file, files, chunksize=16):
            yield from results


def replay_file(path: str) -> list[ReplayResult]:
    """Every hand of one file, in file order (see :func:`replay_paths`)."""
    try:
        hands = load_path(path)
    except (OSError, PhhError, ValueError) as unreadable:
        return [ReplayResult(path=path, status="unreadable", error=str(unreadable))]
    try:
        session = _kill_session(hands[0][1]) if hands else None
    except KillMismatch as mismatch:
        return [ReplayResult(path=path, status="unreadable", error=str(mismatch))]
    results: list[ReplayResult] = []
    broken = False
    for name, hh in hands:
        if broken:
            results.append(
                ReplayResult(
                    path=path,
                    hand=hh.hand if hh.hand is not None else name,
                    status="skipped",
                    expected=list(hh.finishing_stacks) if hh.finishing_stacks else None,
                    error="an earlier hand of this session is illegal",
                    extra={"kill": None} if session is not None else {},
                )
            )
            continue
        result = replay_history(path, name, hh, session)
        broken = path.endswith(".phhs") and result.status == "illegal"
        results.append(result)
    return results


def exit_status(results: Sequence[ReplayResult]) -> int:
    """2 if any hand is illegal or unreadable, else 1 if any is a mismatch or unsupported,
    else 0."""
    statuses = {r.status for r in results}
    if statuses & {"illegal", "unreadable"}:
        return 2
    if statuses & {"mismatch", "unsupported"}:
        return 1
    return 0
