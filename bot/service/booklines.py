"""The session's books, read for players: the results and settle-up at the end of a night,
the ledger, the leaderboard, a player's own hands (other players' folded and mucked cards
never shown) and the proof that a hand was dealt from its committed shuffle.

Read only: every figure comes from what storage holds, never from counters kept beside it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.engine import CardOpening, Game, IllegalAction, ShuffleCommitment, verify_hand
from bot.phh.convert import Unsupported
from bot.phh.notation import HandHistory, dumps_phh, dumps_phhs, load_phh
from bot.phh.pokerstars import hand_number, pokerstars_text
from bot.phh.redact import redact
from bot.phh.stats import Tally, tally
from bot.service.settle import money, nets, settle_up
from bot.words.counts import counted
from bot.words.gamewords import GAME_WORDS
from bot.words.handtext import game_label, hand_lines
from bot.words.render import cards_text
from storage import Books

if TYPE_CHECKING:
    from bot.service.state import Live
    from bot.words.commands import History


async def session_summary(
    live: Live, stored: Books, paid_out: Mapping[str, int] | None = None
) -> list[str]:
    """The session's results and the settle-up, one line each.

    Args:
        paid_out: chips being paid out to players no longer seated with this very change
            (their carried antes returned, not yet in the stored ledger).
    """
    ledger = await stored.ledger(live.id, live.session_id)
    stacks = {s.player_id: s.stack for s in live.table.seated()}
    for pid, chips in (paid_out or {}).items():
        stacks[pid] = stacks.get(pid, 0) + chips
    balances = nets(ledger, stacks)
    names = live.names or {}
    unit, sign = live.table.settings.chips_per_unit, live.table.settings.currency
    stats: dict[str, tuple[int, int, int]] = {}
    kills: dict[str, int] = {}
    if live.session_id is not None:
        for pid, _, _, hands, pots, biggest in await stored.session_results(live.session_id):
            stats[pid] = (hands, pots, biggest)
        kills = await stored.kills_posted(live.session_id)
    lines = ["Session results:"]
    for pid, chips in sorted(balances.items(), key=lambda kv: -kv[1]):
        worth = f" ({money(chips, unit, sign)})" if unit else ""
        hands, pots, biggest = stats.get(pid, (0, 0, 0))
        won = f"biggest pot {biggest}" if pots else "no pot won"
        detail = f"; {counted(hands, 'hand')}, {counted(pots, 'pot')} won, {won}"
        if not pots:
            detail = f"; {counted(hands, 'hand')}, {won}"
        if kills.get(pid):
            detail += f", {counted(kills[pid], 'kill')} posted"
        lines.append(f"{names.get(pid, pid)}: {chips:+d}{worth}{detail}")
    transfers = settle_up(balances)
    if transfers:
        lines.append("Settle up:")
    for t in transfers:
        worth = f" ({money(t.chips, unit, sign)})" if unit else ""
        lines.append(
            f"{names.get(t.payer, t.payer)} pays {names.get(t.payee, t.payee)} {t.chips}{worth}"
        )
    return lines


async def ledger_session(live: Live, stored: Books, asked: int | None) -> tuple[int | None, str]:
    """The session a ledger is read from: session ``asked`` of this table, or with None
    this session, but the one that just ended while this one has dealt no hand (right
    after ``end``, the night's ledger is the night that ended, not the stacks it carried).

    Returns:
        (the session id, or None for a table without one; how to name it: "" for this
        session, "session N" or "session N, which just ended").
    Raises:
        IllegalAction: the table has no session ``asked``, with the sessions it has.
    """
    sessions = await stored.sessions(live.id)
    if asked is not None:
        if asked == live.session_id:
            return asked, ""
        if any(number == asked for number, _, _ in sessions):
            return asked, f"session {asked}"
        numbers = [f"{n} (this one)" if n == live.session_id else str(n) for n, _, _ in sessions]
        have = ", ".join(numbers[:-1]) + " and " + numbers[-1] if len(numbers) > 1 else ""
        have = have or (numbers[0] if numbers else "none")
        raise IllegalAction(f"there is no session {asked} at this table: its sessions are {have}")
    dealt = next((hands for n, _, hands in sessions if n == live.session_id), 0)
    ended = [n for n, over, _ in sessions if over and n != live.session_id]
    if not dealt and ended:
        return ended[-1], f"session {ended[-1]}, which just ended"
    return live.session_id, ""


async def ledger_lines(live: Live, stored: Books, asked: int | None = None) -> list[str]:
    """A session's buy-ins, top-ups, cash-outs and adjustments, one line each; the
    session as :func:`ledger_session` chooses it, named in a first line when it is not
    this one.

    Raises:
        IllegalAction: the table has no session ``asked``.
    """
    names = live.names or {}
    session, which = await ledger_session(live, stored, asked)
    rows = await stored.ledger(live.id, session)
    lines = [
        f"{names.get(p, p)}: {kind.replace('_', ' ')} {amount}" for p, kind, amount in rows
    ] or ["nothing in the ledger yet"]
    return [f"{which}:", *lines] if which else lines


async def leaderboard_lines(
    live: Live, stored: Books, kill: bool | None, game: str = ""
) -> list[str]:
    """All-time results on this server, best first (000 kill §13 keeps kill games apart);
    ``game`` keeps one game's hands (mixes included), e.g. ``holdem`` or ``plo``.

    Raises:
        IllegalAction: ``game`` names no game.
    """
    dealt = None
    if game:
        known = GAME_WORDS.get(game)
        if known is None:
            raise IllegalAction(f"{game!r} is not a game: try {', '.join(sorted(GAME_WORDS))}")
        dealt = known.value
    board = await stored.leaderboard(live.server_id, game=dealt, kill_game=kill)
    title = {True: " (kill games)", False: " (games without a kill)", None: ""}[kill]
    title += f" · {Game(dealt).label}" if dealt else ""
    lines = [f"Leaderboard{title}:"]
    for rank, (_, name, net, hands) in enumerate(board[:10], start=1):
        lines.append(f"{rank}. {name} {net:+d} in {counted(hands, 'hand')}")
    return lines if board else [f"Leaderboard{title}: no hands yet"]


SESSION_MOST = 500  # hands of one session in one answer


async def history_lines(live: Live, stored: Books, player_id: str, command: History) -> list[str]:
    """A player's own hands, newest first, as PHH (several hands as one ``.phhs`` file,
    oldest first, a section each named by its hand number), as PokerStars' text (oldest
    first, as trackers read a file) or as readable text (one block a hand: ``Hand N · game`` then
    :func:`bot.words.handtext.hand_lines`), with every other player's unshown cards
    hidden: hand number ``command.hand`` (the number ``verify`` takes), else his last
    ``command.count``, or with ``command.session`` this session's (at most 500).

    Raises:
        IllegalAction: there is no such hand at the table, it is not over, or he was not
            dealt it.
    """
    out: list[str] = []
    if command.hand is not None:
        played = [await _own_hand(live, stored, player_id, command.hand)]
    else:
        session = live.session_id if command.session else None
        count = SESSION_MOST if command.session else command.count
        played = await stored.hands_with_times(live.id, player_id, count, session)
    if command.pokerstars:
        return _pokerstars(live, player_id, played)
    several = len(played) > 1
    if command.phh and several:  # a file is read oldest first, as PokerStars' text is
        played = list(reversed(played))
    for number, text, ids, _ in played:
        # by id, never by display name: two players may share a name
        viewer = ids.index(player_id) if player_id in ids else -1
        seen = redact(load_phh(text), viewer)
        if command.phh and several:  # one .phhs file, a section a hand, its number
            out.append(dumps_phhs([(str(number), seen)]))
        elif command.phh:
            out.append(f"# hand {number}\n{dumps_phh(seen)}")
        else:
            head = f"Hand {number} · {game_label(seen)}"
            out.append("\n".join([head, *hand_lines(seen, viewer)]))
    return out or ["no finished hands of yours at this table yet"]


async def _own_hand(
    live: Live, stored: Books, player_id: str, number: int
) -> tuple[int, str, list[str], float]:
    """Hand ``number`` for its history: (number, PHH, player ids, when dealt).

    Raises:
        IllegalAction: no such hand at the table, not over, or not dealt to the player.
    """
    found = await stored.hand_record(live.id, number)
    if found is None:
        raise IllegalAction(f"there is no hand {number} at this table")
    text, ids, started = found
    if text is None:
        raise IllegalAction(f"hand {number} is not over: its history is written when it ends")
    if player_id not in ids:
        raise IllegalAction(
            f"you were not dealt hand {number}: history shows your own hands "
            f"('verify {number}' checks its shuffle)"
        )
    return number, text, ids, started


def _pokerstars(
    live: Live, player_id: str, played: list[tuple[int, str, list[str], float]]
) -> list[str]:
    """The hands in PokerStars' format, oldest first; a hand it is not written for is
    named with the reason instead (its PHH has every game)."""
    out: list[str] = []
    skipped: list[str] = []
    for number, text, ids, started in reversed(played):
        viewer = ids.index(player_id) if player_id in ids else -1
        try:
            out.append(
                pokerstars_text(
                    load_phh(text),
                    viewer,
                    number=hand_number(live.id, number),
                    table=live.channel,
                    started=started,
                )
            )
        except Unsupported as exc:
            skipped.append(f"hand {number}: {exc}")
    # a PokerStars file parts its hands with two blank lines (each hand ends in one newline)
    out = [text + "\n" for text in out[:-1]] + out[-1:]
    if skipped:
        out.append("not in PokerStars' format: " + "; ".join(skipped))
    return out or ["no finished hands of yours at this table yet"]


async def verify_lines(live: Live, stored: Books, number: int | None) -> list[str]:
    """Check a finished hand's public card openings against the commitment published
    before its deal (the provably fair shuffle); ``number`` None means the last hand.

    Returns:
        Lines saying what was checked and whether every opening matches.
    """
    number = number or live.table.hand_number - (1 if live.table.current is not None else 0)
    if number <= 0:
        return ["no hand has finished at this table yet"]
    proof = await stored.hand_proof(live.id, number)
    if proof is None:
        return [f"there is no hand {number} at this table"]
    root, openings = proof
    if root is None:
        return [f"hand {number} was dealt without a commitment"]
    if openings is None:
        return [f"hand {number} is not over: its cards are opened when it ends"]
    size = 53 if live.table.settings.config.rules.joker else 52
    problems = verify_hand(
        ShuffleCommitment(root, size), [CardOpening.from_dict(o) for o in openings]
    )
    cards = " ".join(str(o["card"]) for o in openings)
    head = f"hand {number}: commitment {root[:16]}…, {len(openings)} cards opened ({cards})"
    if problems:
        return [head, "the proof FAILS:", *problems]
    return [head, "every opened card matches the commitment made before the deal"]


async def rabbit_lines(live: Live, stored: Books) -> list[str]:
    """Rabbit hunting ("Rabbit hunting"): the board cards the table's last finished hand
    would have dealt had it gone on to the river, marked as not played and checked against
    the shuffle commitment published before its deal; or why there are none.

    Returns:
        One line for the channel.
    """
    found = await stored.rabbit(live.id)
    if found is None:
        return ["no hand has finished at this table yet: there is nothing to hunt"]
    number, root, openings = found
    if not openings or root is None:
        return [
            f"hand {number} left no board to hunt: it reached the river, was run more than "
            "once, had two boards, or is not a board game (rabbit hunting is for hold'em and "
            "Omaha)"
        ]
    proofs = [CardOpening.from_dict(o) for o in openings]
    size = 53 if live.table.settings.config.rules.joker else 52
    problems = verify_hand(ShuffleCommitment(root, size), proofs)
    cards = cards_text([str(o["card"]) for o in openings])
    check = (
        "the proof FAILS: " + "; ".join(problems)
        if problems
        else "they match the shuffle committed before the deal ('verify' checks the rest)"
    )
    return [f"rabbit hunt, hand {number}, not played: {cards}; {check}"]


async def stats_lines(live: Live, stored: Books, player_id: str, name: str) -> list[str]:
    """A player's statistics (:mod:`bot.phh.stats`), read off the hands stored for this
    server: this table's session, then all time by game and stakes.

    Returns:
        Lines for the asking player, about ``player_id`` called ``name``.
    """
    played = []
    for session, _game, text, ids, results, took in await stored.hands_played(
        live.server_id, player_id
    ):
        played.append((session, load_phh(text), ids, results, took))
    if not played:
        return [f"{name} has no finished hand on this server yet"]
    lines = [f"{name}'s statistics, from the hands stored:"]
    tonight = [(hh, ids, r, took) for s, hh, ids, r, took in played if s == live.session_id]
    if tonight:
        lines.append(f"this session: {_stats_text(tally(player_id, tonight))}")
    games: dict[str, list[tuple[HandHistory, list[str], dict[str, int], dict[str, int]]]] = {}
    for _, hh, ids, results, took in played:
        games.setdefault(game_label(hh), []).append((hh, ids, results, took))
    for label, hands in games.items():
        lines.append(f"all time, {label}: {_stats_text(tally(player_id, hands))}")
    return lines


def _stats_text(t: Tally) -> str:
    """One tally in words: counts, and each share of the hands it is counted over."""

    def share(count: int, out_of: int) -> str:
        return f"{round(100 * count / out_of)}%" if out_of else "-"

    return (
        f"{counted(t.hands, 'hand')} · VPIP {share(t.vpip, t.hands)} · PFR {share(t.pfr, t.hands)}"
        f" · 3-bet {share(t.three_bets, t.three_bet_chances)} (of {t.three_bet_chances})"
        f" · went to showdown {share(t.showdowns, t.saw_second)}"
        f" · won at showdown {share(t.won_at_showdown, t.showdowns)}"
        f" · net {t.net:+d} · biggest pot won {t.biggest_pot_won}"
    )


async def ledger_csv(live: Live, stored: Books, asked: int | None = None) -> tuple[str, bytes, str]:
    """A session's ledger as a CSV file for a spreadsheet or a settle-up tool: one row a
    buy-in, top-up, cash-out or adjustment, with its time (UTC), the player's name and id,
    the kind, the chips and the host's note; the session as :func:`ledger_session`
    chooses it (after ``end``, the night that ended).

    Returns:
        (file name, UTF-8 bytes, a line to post with it naming the session).
    Raises:
        IllegalAction: the table has no session ``asked``.
    """
    names = live.names or {}
    session, which = await ledger_session(live, stored, asked)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["time_utc", "player", "player_id", "kind", "chips", "note"])
    for at, pid, kind, amount, note in await stored.ledger_entries(live.id, session):
        when = datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")
        writer.writerow([when, names.get(pid, pid), pid, kind, amount, note])
    filename = f"ledger-{live.channel}-session-{'none' if session is None else session}.csv"
    caption = f"The ledger of {which or 'this session'}, as CSV ({filename})"
    return filename, out.getvalue().encode(), caption
