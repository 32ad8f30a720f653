"""Host controls, for the table service.

Every host control is written to the audit log in the same transaction as its effect:
pause and resume (:mod:`bot.service.tables`), kick, adjust a stack with a reason, void a hand in
progress (every chip returned, the same deal dealt again), change a house option, the game,
the structure, the stakes or the buy-in range between hands. The session's books are
read by :mod:`bot.service.booklines`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.engine import (
    OPTIONS,
    IllegalAction,
    Returned,
    bomb_rules_from,
    changed_settings,
    seven_deuce_from,
    time_bank_from,
)
from bot.engine import tableevents as te
from bot.words.commands import (
    ADJUST_USAGE,
    Adjust,
    Bomb,
    Kick,
    ParseError,
    SetOption,
    Void,
    parse_amount,
    whole_number,
)
from bot.words.gamewords import GAME_WORDS, game_title
from bot.words.houserefusals import (
    KICK_SELF,
    NOT_A_CONTROL,
    adjust_range,
    between_hands,
    no_bomb_called,
    no_such_player,
    not_seated,
    player_ambiguous,
)
from bot.words.tablesetup import STRUCTURE_WORDS, stakes_in_digits
from storage import AuditEntry, GameChanged, HandCredited, LedgerEntry, Write

if TYPE_CHECKING:
    from bot.service.state import Live, Player


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
    seated = {s.player_id for s in live.table.seated()}
    found = [pid for pid, display in names.items() if display.lower() == wanted]
    if len(found) > 1:
        found = [pid for pid in found if pid in seated] or found
    if len(found) == 1:
        return found[0]
    seats = {s.seat: s for s in live.table.seated()}
    number = wanted.removeprefix("seat").strip().lstrip("#")
    if not found and number.isascii() and number.isdigit() and int(number) in seats:
        return seats[int(number)].player_id  # a seat number, when no one is called that
    if found:
        raise IllegalAction(player_ambiguous(name))
    raise IllegalAction(no_such_player(name, [(n, seats[n].name) for n in sorted(seats)]))


def host_control(live: Live, host: Player, command: Any, extra: list[Write]) -> te.TableEvent:
    """Apply a host control; returns what to tell the table (the words wing tells it:
    :mod:`bot.words.tabletext`). What it writes (the audit line, a ledger line) is
    appended to ``extra`` for the same commit as its effect. Who may use it was checked
    before (the command is declared host-only).

    Raises:
        IllegalAction: a player who is not there, or an option that cannot be changed now.
    """
    table = live.table
    in_hand = table.current is not None
    if isinstance(command, Kick):
        target = find_player(live, command.target)
        if target == host.id:
            raise IllegalAction(KICK_SELF)
        seat = table.seat_of(target)
        if seat is None:
            raise IllegalAction(not_seated(command.target))
        owed = table.owes_kill(target)
        chips = table.kick(target)
        if chips is not None:
            extra.append(LedgerEntry(live.id, live.session_id, target, "cash_out", chips))
        extra.append(AuditEntry(live.id, host.id, "kick", {"player": target}))
        return te.Removed(target, chips, owed if chips is not None else None)
    if isinstance(command, Adjust):
        if in_hand:
            raise IllegalAction(
                between_hands(f"{ADJUST_USAGE}: stacks are adjusted between hands", table.running)
            )
        target = find_player(live, command.target)
        seat = table.seat_of(target)
        if seat is None:
            raise IllegalAction(not_seated(command.target))
        if not command.amount or seat.stack + command.amount < 0:
            raise IllegalAction(adjust_range(seat.name, seat.stack, command.amount))
        table.adjust(target, command.amount)
        extra.append(
            LedgerEntry(live.id, live.session_id, target, "adjust", command.amount, command.reason)
        )
        extra.append(
            AuditEntry(
                live.id,
                host.id,
                "adjust",
                {"player": target, "amount": command.amount, "reason": command.reason},
            )
        )
        return te.StackAdjusted(target, command.amount, command.reason)
    if isinstance(command, Void):
        number = table.hand_number
        table.void_hand()
        extra.append(AuditEntry(live.id, host.id, "void", {"hand": number}))
        return te.HandVoided(number)
    if isinstance(command, Bomb):
        if command.off:
            if not table.bomb_called:
                raise IllegalAction(no_bomb_called(table.settings.bomb.every))
            table.cancel_bomb()
            extra.append(AuditEntry(live.id, host.id, "bomb", {"ante": 0}))
            return te.BombCalledOff()
        ante = table.call_bomb(command.ante)
        extra.append(AuditEntry(live.id, host.id, "bomb", {"ante": ante}))
        bomb = table.settings.bomb
        return te.BombCalled(ante, in_hand, bool(table.settings.mix), bomb.double_board)
    if isinstance(command, SetOption):
        if in_hand:
            raise IllegalAction(
                between_hands(
                    f"{command.name} changes between hands", table.running, "set it again"
                )
            )
        said: te.TableEvent
        if command.name in OPTIONS:
            said = _set_game(live, command, extra)
        else:
            said = _set_option(live, command)
        extra.append(
            AuditEntry(live.id, host.id, "set", {"option": command.name, "value": command.value})
        )
        return said
    raise IllegalAction(NOT_A_CONTROL)


def _chips(word: str) -> str:
    """A word of a ``set`` option counted in chips, in digits when it reads as a bet's
    amount does (``1k``, ``2.5k``, ``1,000``: the forms ``new`` takes too); any other word
    is left as it is, for the option to refuse with the forms it takes."""
    try:
        return str(parse_amount(word))
    except ParseError:
        return word


def _set_option(live: Live, command: SetOption) -> te.OptionSet:
    settings = live.table.settings
    name, value = command.name, command.value
    if name in ("turn", "timer"):
        seconds = whole_number(value, 600)
        if seconds is None or seconds < 5:
            raise IllegalAction(
                f"set {name} SECONDS: the turn timer is 5 to 600 seconds, not {value[:20]!r}"
            )
        live.table.settings = replace(settings, turn_seconds=int(value))
        return te.OptionSet("turn", int(value))
    if name == "timeouts":
        if not whole_number(value, 20):
            raise IllegalAction(
                "set timeouts N: a player is sat out after 1 to 20 timeouts in a row, "
                f"not {value[:20]!r}"
            )
        live.table.settings = replace(settings, timeouts_to_sit_out=int(value))
        return te.OptionSet("timeouts", int(value))
    if name == "confirm":
        value = _chips(value)
        if whole_number(value) is None:
            raise IllegalAction(
                "set confirm N: bets adding more than N chips ask for a click (0: all-ins "
                f"only), not {command.value[:20]!r}"
            )
        live.table.settings = replace(settings, confirm_over=int(value))
        return te.OptionSet("confirm", int(value))
    if name == "bomb":
        words = value.split()
        if words and words[0] not in ("off", "double", "every"):
            words[0] = _chips(words[0])
        bomb = bomb_rules_from(" ".join(words), settings.bomb, settings.max_buy_in)
        live.table.set_bomb_rules(bomb)
        return te.OptionSet(
            "bomb",
            bomb.ante_for(settings.config),
            every=bomb.every,
            double_board=bomb.double_board,
        )
    if name in ("sevendeuce", "72", "7-2", "seven_deuce"):
        games = settings.mix or (settings.config.game,)
        chips = seven_deuce_from(_chips(value), games, settings.max_buy_in)
        live.table.settings = replace(settings, seven_deuce=chips)
        return te.OptionSet("sevendeuce", chips)
    if name in ("pictures", "picture"):
        if value not in ("on", "off"):
            raise IllegalAction(
                f"set {name} on|off: showdowns with a picture or without, not {value[:20]!r}"
            )
        live.table.settings = replace(settings, pictures=value == "on")
        return te.OptionSet("pictures", int(value == "on"))
    if name in ("timebank", "bank"):
        bank = time_bank_from(value)
        live.table.settings = replace(settings, time_bank=bank)
        return te.OptionSet("timebank", bank.seconds, every=bank.every, refill=bank.refill)
    if name == "runs":
        if value not in ("on", "off"):
            raise IllegalAction(
                f"set runs on|off: running it twice offered or not, not {value[:20]!r}"
            )
        live.table.settings = replace(settings, offer_runs=value == "on")
        return te.OptionSet("runs", int(value == "on"))
    raise IllegalAction(
        f"{name} is not an option: turn, timeouts, runs, confirm, bomb, 72, timebank, "
        "pictures, game, structure, stakes or buyin"
    )


def _set_game(live: Live, command: SetOption, extra: list[Write]) -> te.TableEvent:
    """The game, structure, stakes or buy-in range (see :mod:`bot.engine.regame`); a new
    game or new stakes resets the kill button (000 kill §1a) and drops a kill announced
    for the next deal at the old stakes."""
    table = live.table
    value, word = command.value, command.value.strip().lower()
    # the words of 'new' and --setup, as well as the names the table stores
    if command.name == "buyin":
        value = _buy_in_chips(value)
    elif command.name == "stakes":
        value = stakes_in_digits(value)
    elif command.name == "game" and word in GAME_WORDS:
        value = GAME_WORDS[word].value
    elif command.name == "structure" and word in STRUCTURE_WORDS:
        value = STRUCTURE_WORDS[word].value
    taken = [seat.seat for seat in table.seated()]
    settings = changed_settings(table.settings, command.name, value, taken)
    if command.name == "buyin":
        table.change_settings(settings)
        return te.BuyInChanged(settings.min_buy_in, settings.max_buy_in)
    game = game_title(settings.config)
    if settings.mix:
        stakes = game.rsplit(" ", 1)[-1]
        labels = "+".join(g.label for g in settings.mix)
        game = f"{labels} ({settings.config.structure.label} {stakes})"
    if (settings.config, settings.mix) == (table.settings.config, table.settings.mix):
        raise IllegalAction(f"the table already plays {game}")
    returned = table.change_settings(settings)
    extra.append(GameChanged(live.id, settings.game_key))
    paid = pay_out_returned(live, returned, extra)
    return te.GameChanged(game, table.kills is not None, paid)


def _buy_in_chips(value: str) -> str:
    """``set buyin`` words with each amount in digits (``1k 5k``, ``100-2.5k``), the forms
    ``new``'s ``buyin`` takes; a minus sign in front of the first word stays, for the range
    to refuse (``-5 400`` is never 5 to 400)."""
    words = value.split()
    if len(words) == 1 and not words[0].startswith("-"):
        for sep in ("-", "/"):
            low, found, high = words[0].partition(sep)
            if found:
                return f"{_chips(low)} {_chips(high)}"
    return " ".join(_chips(word) for word in words)


def pay_out_returned(
    live: Live, returned: Returned, extra: list[Write]
) -> tuple[tuple[str, int], ...]:
    """Whose carried antes went back (004 jacks §1's pot, never played for), as (player id,
    chips) pairs for the table to be told; a player no longer seated is paid his share as a
    cash-out (a ledger entry in ``extra``), the others had it added to their stacks by the
    table. Each passed-out deal that carried the pot has its results rewritten to zero for
    everyone dealt in (a write in ``extra``): every chip put in came back, so the deal is
    neither won nor lost, and no one is added to a deal he was not dealt."""
    if not returned.shares:
        return ()
    seated = {s.player_id for s in live.table.seated()}
    for pid, chips in returned.shares.items():
        if pid not in seated:
            extra.append(LedgerEntry(live.id, live.session_id, pid, "cash_out", chips))
    for number, players in returned.deals:
        extra.append(HandCredited(live.id, number, dict.fromkeys(players, 0), players))
    return tuple(returned.shares.items())
