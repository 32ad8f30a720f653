"""The session's books, read for players: the results and settle-up at the end of a night,
the ledger, the leaderboard, a player's own hands (other players' folded and mucked cards
never shown) and the proof that a hand was dealt from its committed shuffle.

Read only: every figure comes from what storage holds, never from counters kept beside it;
the words wing puts them in words (:mod:`bot.words.booktext`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.engine import CardOpening, IllegalAction, ShuffleCommitment, verify_hand
from bot.phh.convert import Unsupported
from bot.phh.notation import dumps_phh, dumps_phhs, load_phh
from bot.phh.pokerstars import hand_number, pokerstars_text, tournament_header
from bot.phh.redact import redact
from bot.phh.stats import tally
from bot.service.settle import nets, settle_up
from bot.service.tourneystats import by_game, counted
from bot.words import booktext
from bot.words.gamewords import GAME_WORDS
from bot.words.handtext import hand_lines
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
    stats: dict[str, tuple[int, int, int]] = {}
    kills: dict[str, int] = {}
    if live.session_id is not None:
        for pid, _, _, hands, pots, biggest in await stored.session_results(live.session_id):
            stats[pid] = (hands, pots, biggest)
        kills = await stored.kills_posted(live.session_id)
    transfers = [(t.payer, t.payee, t.chips) for t in settle_up(balances)]
    settings = live.table.settings
    return booktext.session_lines(
        balances,
        transfers,
        live.names or {},
        stats,
        kills,
        settings.chips_per_unit,
        settings.currency,
    )


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
            return asked, booktext.session_name(asked)
        numbers = [n for n, _, _ in sessions]
        raise IllegalAction(booktext.no_session(asked, numbers, live.session_id))
    dealt = next((hands for n, _, hands in sessions if n == live.session_id), 0)
    ended = [n for n, over, _ in sessions if over and n != live.session_id]
    if not dealt and ended:
        return ended[-1], booktext.session_name(ended[-1], just_ended=True)
    return live.session_id, ""


async def ledger_lines(live: Live, stored: Books, asked: int | None = None) -> list[str]:
    """A session's buy-ins, top-ups, cash-outs and adjustments, one line each; the
    session as :func:`ledger_session` chooses it, named in a first line when it is not
    this one.

    Raises:
        IllegalAction: the table has no session ``asked``.
    """
    session, which = await ledger_session(live, stored, asked)
    rows = await stored.ledger(live.id, session)
    return booktext.ledger_text(rows, live.names or {}, which)


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
            raise IllegalAction(booktext.no_game(game, list(GAME_WORDS)))
        dealt = known.value
    board = await stored.leaderboard(live.server_id, game=dealt, kill_game=kill)
    return booktext.leaderboard_text(board, kill, dealt)


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
            out.append("\n".join([booktext.hand_head(number, seen), *hand_lines(seen, viewer)]))
    return out or [booktext.NO_HANDS]


async def _own_hand(
    live: Live, stored: Books, player_id: str, number: int
) -> tuple[int, str, list[str], float]:
    """Hand ``number`` for its history: (number, PHH, player ids, when dealt).

    Raises:
        IllegalAction: no such hand at the table, not over, or not dealt to the player.
    """
    found = await stored.hand_record(live.id, number)
    if found is None:
        raise IllegalAction(booktext.no_history(number, "none"))
    text, ids, started = found
    if text is None:
        raise IllegalAction(booktext.no_history(number, "playing"))
    if player_id not in ids:
        raise IllegalAction(booktext.no_history(number, "not_dealt"))
    return number, text, ids, started


def _pokerstars(
    live: Live, player_id: str, played: list[tuple[int, str, list[str], float]]
) -> list[str]:
    """The hands in PokerStars' format, oldest first; a hand it is not written for is
    named with the reason instead (its PHH has every game)."""
    out: list[str] = []
    skipped: list[tuple[int, str]] = []
    for number, text, ids, started in reversed(played):
        viewer = ids.index(player_id) if player_id in ids else -1
        try:
            history = load_phh(text)
            out.append(
                pokerstars_text(
                    history,
                    viewer,
                    number=hand_number(live.id, number),
                    table=live.channel,
                    started=started,
                    tournament=tournament_header(history.extra),
                )
            )
        except Unsupported as exc:
            skipped.append((number, str(exc)))
    # a PokerStars file parts its hands with two blank lines (each hand ends in one newline)
    out = [text + "\n" for text in out[:-1]] + out[-1:]
    if skipped:
        out.append(booktext.not_pokerstars(skipped))
    return out or [booktext.NO_HANDS]


async def verify_lines(live: Live, stored: Books, number: int | None) -> list[str]:
    """Check a finished hand's public card openings against the commitment published
    before its deal (the provably fair shuffle); ``number`` None means the last hand.

    Returns:
        Lines saying what was checked and whether every opening matches.
    """
    number = number or live.table.hand_number - (1 if live.table.current is not None else 0)
    if number <= 0:
        return [booktext.no_proof(0, "none")]
    proof = await stored.hand_proof(live.id, number)
    if proof is None:
        return [booktext.no_proof(number, "none")]
    root, openings = proof
    if root is None:
        return [booktext.no_proof(number, "uncommitted")]
    if openings is None:
        return [booktext.no_proof(number, "playing")]
    size = 53 if live.table.settings.config.rules.joker else 52
    problems = verify_hand(
        ShuffleCommitment(root, size), [CardOpening.from_dict(o) for o in openings]
    )
    return booktext.proof_text(number, root, [str(o["card"]) for o in openings], problems)


async def rabbit_lines(live: Live, stored: Books) -> list[str]:
    """Rabbit hunting ("Rabbit hunting"): the board cards the table's last finished hand
    would have dealt had it gone on to the river, marked as not played and checked against
    the shuffle commitment published before its deal; or why there are none.

    Returns:
        One line for the channel.
    """
    found = await stored.rabbit(live.id)
    if found is None:
        return [booktext.NO_RABBIT]
    number, root, openings = found
    if not openings or root is None:
        return [booktext.no_board_to_hunt(number)]
    proofs = [CardOpening.from_dict(o) for o in openings]
    size = 53 if live.table.settings.config.rules.joker else 52
    problems = verify_hand(ShuffleCommitment(root, size), proofs)
    return [booktext.rabbit_text(number, [str(o["card"]) for o in openings], problems)]


async def stats_lines(
    live: Live, stored: Books, player_id: str, name: str, tournament: int = 0
) -> list[str]:
    """A player's statistics (:mod:`bot.phh.stats`), read off the hands stored for this
    server: this table's session (at a tournament's table, the tournament playing there,
    ``tournament`` its number), then all time at cash tables by game and stakes and all
    time in tournaments by game, their chips never counted with cash chips
    (:mod:`bot.service.tourneystats`).

    Returns:
        Lines for the asking player, about ``player_id`` called ``name``.
    """
    hands = await stored.hands_played(live.server_id, player_id)
    cash = [h for h in hands if h.tournament is None]
    tonight = counted(h for h in cash if h.session == live.session_id)
    this = None
    if live.tourney is not None and live.tournament_id is not None:
        here = counted(h for h in hands if h.tournament == live.tournament_id)
        this = (tournament, tally(player_id, here))
    return booktext.stats_text(
        name,
        tally(player_id, tonight) if tonight else None,
        by_game(counted(cash), player_id, stakes=True),
        this if this is not None and this[1].hands else None,
        by_game(counted(h for h in hands if h.tournament is not None), player_id, stakes=False),
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
    session, which = await ledger_session(live, stored, asked)
    entries = await stored.ledger_entries(live.id, session)
    return booktext.ledger_csv(entries, live.names or {}, live.channel, session, which)
