"""The books in words: the session's results and settle-up, the ledger (as lines and as a
CSV file), the leaderboard, a player's statistics, the shuffle's proof and the rabbit hunt.
Pure: the service reads the figures from storage and hands them here (players by id, with
``names`` their display names)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from bot.engine import Game
from bot.phh.notation import HandHistory
from bot.phh.stats import Tally
from bot.words.counts import counted
from bot.words.handtext import game_label
from bot.words.moneytext import money
from bot.words.render import cards_text

NO_HANDS = "no finished hands of yours at this table yet"


def hand_head(number: int, history: HandHistory) -> str:
    """A hand's first line in a player's history: ``Hand 12 · No-Limit Hold'em 1/2``."""
    return f"Hand {number} · {game_label(history)}"


def session_lines(
    balances: Mapping[str, int],
    transfers: Sequence[tuple[str, str, int]],
    names: Mapping[str, str],
    stats: Mapping[str, tuple[int, int, int]],
    kills: Mapping[str, int],
    unit: int = 0,
    sign: str = "",
) -> list[str]:
    """The session's results, best first, and the settle-up, one line each.

    Args:
        balances: player id -> his result in chips.
        transfers: (payer, payee, chips) that clear every balance.
        stats: player id -> (hands dealt, pots won, biggest pot won).
        kills: player id -> kills posted (000 kill §13 counts them apart).
        unit, sign: chips per unit of the host's money and its sign (0: chips only).
    """
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
    if transfers:
        lines.append("Settle up:")
    for payer, payee, chips in transfers:
        worth = f" ({money(chips, unit, sign)})" if unit else ""
        lines.append(f"{names.get(payer, payer)} pays {names.get(payee, payee)} {chips}{worth}")
    return lines


def ledger_text(
    rows: Sequence[tuple[str, str, int]], names: Mapping[str, str], which: str = ""
) -> list[str]:
    """A session's ledger, one line a (player id, kind, chips) row; ``which`` names the
    session in a first line when it is not this one ("session 3, which just ended")."""
    lines = [
        f"{names.get(p, p)}: {kind.replace('_', ' ')} {amount}" for p, kind, amount in rows
    ] or ["nothing in the ledger yet"]
    return [f"{which}:", *lines] if which else lines


def no_session(asked: int, sessions: Sequence[int], current: int | None) -> str:
    """Why session ``asked`` cannot be read: the table's ``sessions`` (``current`` marked)."""
    numbers = [f"{n} (this one)" if n == current else str(n) for n in sessions]
    have = ", ".join(numbers[:-1]) + " and " + numbers[-1] if len(numbers) > 1 else ""
    have = have or (numbers[0] if numbers else "none")
    return f"there is no session {asked} at this table: its sessions are {have}"


def session_name(number: int, just_ended: bool = False) -> str:
    """How a ledger names a session other than this one: "session 3", or "session 3,
    which just ended"."""
    return f"session {number}, which just ended" if just_ended else f"session {number}"


def not_pokerstars(skipped: Sequence[tuple[int, str]]) -> str:
    """The hands a PokerStars export left out: (hand number, why) for each."""
    return "not in PokerStars' format: " + "; ".join(f"hand {n}: {why}" for n, why in skipped)


def no_proof(number: int, why: str) -> str:
    """Why hand ``number``'s shuffle cannot be checked: ``why`` is ``none`` (no such hand;
    ``number`` 0: no hand has finished yet), ``uncommitted`` (dealt without a commitment)
    or ``playing`` (not over, its cards not yet opened)."""
    if why == "none":
        if number <= 0:
            return "no hand has finished at this table yet"
        return f"there is no hand {number} at this table"
    if why == "uncommitted":
        return f"hand {number} was dealt without a commitment"
    return f"hand {number} is not over: its cards are opened when it ends"


def no_game(word: str, games: Sequence[str]) -> str:
    """Why ``word`` keeps no game's hands in the leaderboard, with the ``games`` it takes."""
    return f"{word!r} is not a game: try {', '.join(sorted(games))}"


def no_history(number: int, why: str) -> str:
    """Why hand ``number``'s history cannot be read: ``why`` is ``none`` (no such hand at
    the table), ``playing`` (not over yet) or ``not_dealt`` (not one of the player's own
    hands)."""
    if why == "none":
        return f"there is no hand {number} at this table"
    if why == "playing":
        return f"hand {number} is not over: its history is written when it ends"
    return (
        f"you were not dealt hand {number}: history shows your own hands "
        f"('verify {number}' checks its shuffle)"
    )


def ledger_csv(
    entries: Sequence[tuple[float, str, str, int, str]],
    names: Mapping[str, str],
    channel: str,
    session: int | None,
    which: str = "",
) -> tuple[str, bytes, str]:
    """A session's ledger as a CSV file: one row per (time, player id, kind, chips, note)
    entry, with the time in UTC and the player's name beside his id.

    Returns:
        (file name, UTF-8 bytes, a line to post with it naming the session).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["time_utc", "player", "player_id", "kind", "chips", "note"])
    for at, pid, kind, amount, note in entries:
        when = datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")
        writer.writerow([when, names.get(pid, pid), pid, kind, amount, note])
    filename = f"ledger-{channel}-session-{'none' if session is None else session}.csv"
    caption = f"The ledger of {which or 'this session'}, as CSV ({filename})"
    return filename, out.getvalue().encode(), caption


def leaderboard_text(
    board: Sequence[tuple[str, str, int, int]], kill: bool | None, game: str | None = None
) -> list[str]:
    """The leaderboard's first ten, best first: (player id, name, net chips, hands) rows;
    ``kill`` kill games only (True), games without (False) or all (None, 000 kill §13);
    ``game`` one game's value, or None."""
    title = {True: " (kill games)", False: " (games without a kill)", None: ""}[kill]
    title += f" · {Game(game).label}" if game else ""
    lines = [f"Leaderboard{title}:"]
    for rank, (_, name, net, hands) in enumerate(board[:10], start=1):
        lines.append(f"{rank}. {name} {net:+d} in {counted(hands, 'hand')}")
    return lines if board else [f"Leaderboard{title}: no hands yet"]


def proof_text(number: int, root: str, cards: Sequence[str], problems: Sequence[str]) -> list[str]:
    """What ``verify`` found for hand ``number``: its commitment, the ``cards`` opened and
    whether each matches (``problems``: what does not)."""
    head = f"hand {number}: commitment {root[:16]}…, {len(cards)} cards opened ({' '.join(cards)})"
    if problems:
        return [head, "the proof FAILS:", *problems]
    return [head, "every opened card matches the commitment made before the deal"]


def rabbit_text(number: int, cards: Sequence[str], problems: Sequence[str]) -> str:
    """The rabbit hunt of hand ``number``: the board ``cards`` it would have dealt, not
    played, and whether they match the committed shuffle (``problems``: what does not)."""
    check = (
        "the proof FAILS: " + "; ".join(problems)
        if problems
        else "they match the shuffle committed before the deal ('verify' checks the rest)"
    )
    return f"rabbit hunt, hand {number}, not played: {cards_text(cards)}; {check}"


NO_RABBIT = "no hand has finished at this table yet: there is nothing to hunt"


def no_board_to_hunt(number: int) -> str:
    """Why hand ``number`` has no rabbit to hunt."""
    return (
        f"hand {number} left no board to hunt: it reached the river, was run more than "
        "once, had two boards, or is not a board game (rabbit hunting is for hold'em and "
        "Omaha)"
    )


TOURNAMENT_CHIPS = "tournament chips"


def stats_text(
    name: str,
    tonight: Tally | None,
    games: Mapping[str, Tally],
    tournament: tuple[int, Tally] | None = None,
    tournaments: Mapping[str, Tally] | None = None,
) -> list[str]:
    """A player's statistics: this session's (``tonight``, None if he played none) or, at
    a tournament's table, this tournament's (``tournament``: its number and his tally),
    then all time at cash tables per game and stakes (label -> tally) and all time in
    tournaments per game (``tournaments``), whose net and pots are in tournament chips,
    never counted with cash chips; a line saying he has none when all are empty."""
    tournaments = tournaments or {}
    if tonight is None and tournament is None and not games and not tournaments:
        return [f"{name} has no finished hand on this server yet"]
    lines = [f"{name}'s statistics, from the hands stored:"]
    if tonight is not None:
        lines.append(f"this session: {tally_text(tonight)}")
    if tournament is not None:
        number, mine = tournament
        lines.append(
            f"this tournament ({tournament_name(number)}): {tally_text(mine, TOURNAMENT_CHIPS)}"
        )
    for label, tally in games.items():
        lines.append(f"all time, {label}: {tally_text(tally)}")
    for label, tally in tournaments.items():
        lines.append(f"all time in tournaments, {label}: {tally_text(tally, TOURNAMENT_CHIPS)}")
    return lines


def tournament_name(number: int) -> str:
    """A tournament by its number on its server, as its results and ``stats tournament N``
    name it: ``tournament 3``."""
    return f"tournament {number}"


def tournament_stats_text(name: str, number: int, tally: Tally | None) -> list[str]:
    """A player's statistics in one tournament (None: he was dealt no hand in it), its
    net and pots in tournament chips."""
    which = tournament_name(number)
    if tally is None or not tally.hands:
        return [f"{name} was dealt no hand in {which}"]
    return [
        f"{name}'s statistics in {which}, from the hands stored:",
        f"{which}: {tally_text(tally, TOURNAMENT_CHIPS)}",
    ]


def no_tournament(number: int, count: int) -> str:
    """Refusing ``stats tournament N`` for a number no tournament of the server has."""
    if not count:
        return f"there is no {tournament_name(number)}: no tournament has been set up here yet"
    known = "the only one is tournament 1" if count == 1 else f"there are tournaments 1 to {count}"
    return f"there is no {tournament_name(number)} on this server: {known}"


def not_in_tournament(wanted: str, number: int, entrants: Sequence[str]) -> str:
    """Refusing the statistics of a player who did not enter a tournament, naming who
    did."""
    listed = ", ".join(entrants) or "nobody"
    return f"{wanted} did not play in {tournament_name(number)} (it had {listed})"


def tally_text(t: Tally, unit: str = "") -> str:
    """One tally in words: counts, and each share of the hands it is counted over; the
    net and biggest pot followed by ``unit`` when their chips are not cash chips
    (``tournament chips``)."""
    chips = f" {unit}" if unit else ""

    def share(count: int, out_of: int) -> str:
        return f"{round(100 * count / out_of)}%" if out_of else "-"

    return (
        f"{counted(t.hands, 'hand')} · VPIP {share(t.vpip, t.hands)} · PFR {share(t.pfr, t.hands)}"
        f" · 3-bet {share(t.three_bets, t.three_bet_chances)} (of {t.three_bet_chances})"
        f" · went to showdown {share(t.showdowns, t.saw_second)}"
        f" · won at showdown {share(t.won_at_showdown, t.showdowns)}"
        f" · net {t.net:+d}{chips} · biggest pot won {t.biggest_pot_won}{chips}"
    )
