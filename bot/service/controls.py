"""Host controls and the session's books, for the table service.

Every host control is written to the audit log in the same transaction as its effect:
pause and resume (:mod:`bot.service.tables`), kick, adjust a stack with a reason, void a hand in
progress (every chip returned, the same deal dealt again), change a house option, the game,
the structure, the stakes or the buy-in range between hands. Read-only views give
the ledger, the leaderboard and a player's own hands (other players' folded and mucked
cards never shown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.engine.config import Game
from bot.engine.errors import IllegalAction
from bot.engine.fairness import CardOpening, ShuffleCommitment, verify_hand
from bot.engine.regame import OPTIONS, changed_settings
from bot.phh.notation import dumps_phh, load_phh
from bot.phh.redact import redact
from bot.service.settle import money, nets, settle_up
from bot.words.commands import Adjust, Kick, SetOption, Void, whole_number
from bot.words.counts import counted
from bot.words.gamewords import GAME_WORDS
from bot.words.handtext import game_label, hand_lines
from storage.db import Database

if TYPE_CHECKING:
    from bot.service.state import Live, Player

Statements = list[tuple[str, Sequence[Any]]]


def find_player(live: Live, name: str) -> str:
    """The player id for a player id, a display name or a seat number (``2``, ``seat 2``,
    ``#2``) at this table (a name shared by two players means the seated one; a name
    comes before a seat number).

    Raises:
        IllegalAction: no such player (naming who is seated), or a name that is still
            ambiguous.
    """
    names = live.names or {}
    wanted = name.lstrip("@").lower()
    for pid in names:
        if pid.lower() == wanted:
            return pid
    seated = {s.player_id for s in live.table.seating.seats.values()}
    found = [pid for pid, display in names.items() if display.lower() == wanted]
    if len(found) > 1:
        found = [pid for pid in found if pid in seated] or found
    if len(found) == 1:
        return found[0]
    seats = live.table.seating.seats
    number = wanted.removeprefix("seat").strip().lstrip("#")
    if not found and number.isascii() and number.isdigit() and int(number) in seats:
        return seats[int(number)].player_id  # a seat number, when no one is called that
    listed = ", ".join(f"{n}. {seats[n].name}" for n in sorted(seats))
    if found:
        raise IllegalAction(f"more than one player is called {name}: name him by mention")
    raise IllegalAction(
        f"no player called {name} here: seated are {listed or 'nobody'} "
        "(name a player or his seat number; quote a name with spaces)"
    )


def host_control(live: Live, host: Player, command: Any, db: Database, extra: Statements) -> str:
    """Apply a host control; returns what to tell the table.

    Raises:
        IllegalAction: not the host, a player who is not there, or an option that cannot
            be changed now.
    """
    if host.id != live.host_id and not host.admin:
        raise IllegalAction("only the host or a server administrator may do that")
    table = live.table
    in_hand = table.current is not None
    if isinstance(command, Kick):
        target = find_player(live, command.target)
        seat = table.seating.seat_of(target)
        if seat is None:
            raise IllegalAction(f"{command.target} is not seated")
        owed = table.owes_kill(target)
        chips = table.kick(target)
        if chips is None:
            text = f"{seat.name} will be removed after this hand"
        else:
            extra.append(db.ledger_row(live.id, live.session_id, target, "cash_out", chips))
            text = f"{seat.name} was removed by the host, cashing out {chips}"
            if owed is not None:
                text += f"; the kill of {owed} he owes waits for his return (000 kill §6)"
        extra.append(db.audit_row(live.id, host.id, "kick", {"player": target}))
        return text
    if isinstance(command, Adjust):
        if in_hand:
            raise IllegalAction("stacks are adjusted between hands")
        target = find_player(live, command.target)
        seat = table.seating.seat_of(target)
        if seat is None:
            raise IllegalAction(f"{command.target} is not seated")
        table.seating.adjust(target, command.amount)
        extra.append(
            db.ledger_row(
                live.id, live.session_id, target, "adjust", command.amount, command.reason
            )
        )
        extra.append(
            db.audit_row(
                live.id,
                host.id,
                "adjust",
                {"player": target, "amount": command.amount, "reason": command.reason},
            )
        )
        return f"the host adjusts {seat.name}'s stack by {command.amount} ({command.reason})"
    if isinstance(command, Void):
        number = table.hand_number
        table.void_hand()
        extra.append(db.audit_row(live.id, host.id, "void", {"hand": number}))
        return f"the host voids hand {number}: every chip goes back"
    if isinstance(command, SetOption):
        if in_hand:
            raise IllegalAction(
                f"{command.name} changes between hands: set it again when this hand is over"
            )
        if command.name in OPTIONS:
            text = _set_game(live, command, db, extra)
        else:
            text = _set_option(live, command)
        extra.append(
            db.audit_row(live.id, host.id, "set", {"option": command.name, "value": command.value})
        )
        return text
    raise IllegalAction("that is not a host control")


def _set_option(live: Live, command: SetOption) -> str:
    settings = live.table.settings
    name, value = command.name, command.value
    if name in ("turn", "timer"):
        seconds = whole_number(value, 600)
        if seconds is None or seconds < 5:
            raise IllegalAction("the turn timer is 5 to 600 seconds")
        live.table.settings = replace(settings, turn_seconds=int(value))
        return f"the turn timer is now {value} seconds"
    if name == "timeouts":
        if not whole_number(value, 20):
            raise IllegalAction("sit a player out after 1 to 20 timeouts in a row")
        live.table.settings = replace(settings, timeouts_to_sit_out=int(value))
        return f"a player is sat out after {value} timeouts in a row"
    if name == "confirm":
        if whole_number(value) is None:
            raise IllegalAction(
                "set confirm N: bets adding more than N chips ask for a click (0: all-ins only)"
            )
        live.table.settings = replace(settings, confirm_over=int(value))
        what = f"bets over {value} chips" if int(value) else "only all-ins"
        return f"{what} now ask for a confirmation click"
    if name == "runs":
        if value not in ("on", "off"):
            raise IllegalAction("runs on or runs off")
        live.table.settings = replace(settings, offer_runs=value == "on")
        return f"running it twice is {'offered' if value == 'on' else 'not offered'}"
    raise IllegalAction(
        f"{name} is not an option: turn, timeouts, runs, confirm, game, structure, stakes or buyin"
    )


def _set_game(live: Live, command: SetOption, db: Database, extra: Statements) -> str:
    """The game, structure, stakes or buy-in range (see :mod:`bot.engine.regame`); a new
    game or new stakes resets the kill button (000 kill §1a) and drops a kill announced
    for the next deal at the old stakes."""
    table = live.table
    settings = changed_settings(table.settings, command.name, command.value, table.seating.seats)
    if command.name == "buyin":
        table.change_settings(settings)
        return f"buy-ins are now {settings.min_buy_in} to {settings.max_buy_in} chips (000 NL §16)"
    game = settings.config.description
    if settings.mix:
        stakes = settings.config.description.rsplit(" ", 1)[-1]
        labels = "+".join(g.label for g in settings.mix)
        game = f"{labels} ({settings.config.structure.label} {stakes})"
    if (settings.config, settings.mix) == (table.settings.config, table.settings.mix):
        raise IllegalAction(f"the table already plays {game}")
    returned = table.change_settings(settings)
    live.kill_offer = None
    extra.append(db.table_game_row(live.id, settings.game_key))
    text = f"the host changes the game: {game} from the next deal"
    if table.kills is not None:
        text += "; the kill button is neutral (a new game, 000 kill §1a)"
    paid = pay_out_returned(live, db, returned, extra)
    return "\n".join([text, *paid])


def pay_out_returned(
    live: Live, db: Database, returned: Mapping[str, int], extra: Statements
) -> list[str]:
    """Lines telling the table whose carried antes went back (004 jacks §1's pot, never
    played for); a player no longer seated is paid his share as a cash-out (ledger row in
    ``extra``), the others had it added to their stacks by the table."""
    if not returned:
        return []
    names = live.names or {}
    seated = {s.player_id for s in live.table.seating.seats.values()}
    for pid, chips in returned.items():
        if pid not in seated:
            extra.append(db.ledger_row(live.id, live.session_id, pid, "cash_out", chips))
    shares = ", ".join(f"{names.get(p, p)} {c}" for p, c in returned.items())
    total = sum(returned.values())
    return [f"the {total} chips carried from passed-out deals go back to who anted them: {shares}"]


async def session_summary(
    live: Live, db: Database, paid_out: Mapping[str, int] | None = None
) -> list[str]:
    """The session's results and the settle-up, one line each.

    Args:
        paid_out: chips being paid out to players no longer seated with this very change
            (their carried antes returned, not yet in the stored ledger).
    """
    ledger = await db.ledger(live.id, live.session_id)
    stacks = {s.player_id: s.stack for s in live.table.seating.seats.values()}
    for pid, chips in (paid_out or {}).items():
        stacks[pid] = stacks.get(pid, 0) + chips
    balances = nets(ledger, stacks)
    names = live.names or {}
    unit, sign = live.table.settings.chips_per_unit, live.table.settings.currency
    stats: dict[str, tuple[int, int, int]] = {}
    kills: dict[str, int] = {}
    if live.session_id is not None:
        for pid, _, _, hands, pots, biggest in await db.session_results(live.session_id):
            stats[pid] = (hands, pots, biggest)
        kills = await db.kills_posted(live.session_id)
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


async def ledger_lines(live: Live, db: Database) -> list[str]:
    """The session's buy-ins, top-ups, cash-outs and adjustments."""
    names = live.names or {}
    rows = await db.ledger(live.id, live.session_id)
    return [
        f"{names.get(p, p)}: {kind.replace('_', ' ')} {amount}" for p, kind, amount in rows
    ] or ["nothing in the ledger yet"]


async def leaderboard_lines(
    live: Live, db: Database, kill: bool | None, game: str = ""
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
    board = await db.leaderboard(live.server_id, game=dealt, kill_game=kill)
    title = {True: " (kill games)", False: " (games without a kill)", None: ""}[kill]
    title += f" · {Game(dealt).label}" if dealt else ""
    lines = [f"Leaderboard{title}:"]
    for rank, (_, name, net, hands) in enumerate(board[:10], start=1):
        lines.append(f"{rank}. {name} {net:+d} in {counted(hands, 'hand')}")
    return lines if board else [f"Leaderboard{title}: no hands yet"]


async def history_lines(
    live: Live, db: Database, player_id: str, count: int, as_phh: bool
) -> list[str]:
    """A player's own last hands, newest first, as PHH or as readable text (one block a
    hand: ``Hand N · game`` then :func:`bot.words.handtext.hand_lines`), with every other
    player's unshown cards hidden."""
    out: list[str] = []
    for number, text, ids in await db.hands_of(live.id, player_id, count):
        # by id, never by display name: two players may share a name
        viewer = ids.index(player_id) if player_id in ids else -1
        seen = redact(load_phh(text), viewer)
        if as_phh:
            out.append(f"# hand {number}\n{dumps_phh(seen)}")
        else:
            head = f"Hand {number} · {game_label(seen)}"
            out.append("\n".join([head, *hand_lines(seen, viewer)]))
    return out or ["no finished hands of yours at this table yet"]


async def verify_lines(live: Live, db: Database, number: int | None) -> list[str]:
    """Check a finished hand's public card openings against the commitment published
    before its deal (the provably fair shuffle); ``number`` None means the last hand.

    Returns:
        Lines saying what was checked and whether every opening matches.
    """
    number = number or live.table.hand_number - (1 if live.table.current is not None else 0)
    if number <= 0:
        return ["no hand has finished at this table yet"]
    proof = await db.hand_proof(live.id, number)
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
