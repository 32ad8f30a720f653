"""Host controls through the service: ending a session with a carried jacks pot, voiding a
hand, the waiting list only when the table is full, and changing the game or the stakes
between hands (audited, the kill button reset, kept across a restart)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from support import (
    ANN,
    BOB,
    CAT,
    NOTICES,
    OpenDatabase,
    kill_settings,
    open_service,
    said,
    small_table,
    table_with_three,
)

from bot.engine.cards import Deck, parse_cards
from bot.engine.config import Game, GameConfig, Stakes, Structure
from bot.engine.kills import ButtonState
from bot.engine.table import TableSettings
from bot.service.tables import Outgoing, Player, ServiceError, TableService
from bot.words.commands import ParseError, Play, SetOption, Sit, Start, parse
from storage.db import Database, StorageError

DAN = Player("u4", "Dan")
JACKS = TableSettings(
    GameConfig(Game.JACKS, Structure.FIXED_LIMIT, Stakes(0, 0, ante=5, small_bet=10, big_bet=20)),
    seats=6,
    min_buy_in=100,
    max_buy_in=1000,
)
NO_OPENERS = parse_cards("Ah Kh 5c 7d 9s Td Ts Ac Kc Qh 2c 3c 4d 6d 8s")


def _texts(
    service: TableService, published: Sequence[Outgoing], audience: str | None = None
) -> list[str]:
    return [
        said(service, o)
        for o in published
        if o.audience == audience and isinstance(o.event, NOTICES)  # not the table shown
    ]


async def _audit(service: TableService) -> list[tuple[str, dict[str, object]]]:
    rows = await service.db._rows("SELECT what, detail FROM audit ORDER BY id")
    return [(str(what), json.loads(detail)) for what, detail in rows]


async def _play_out(service: TableService, table_id: str, move: str | None = None) -> None:
    """Play the hand in progress to its end: each player to act plays ``move``, or folds
    when he can and else checks."""
    hand = service.tables[table_id].table.hand
    assert hand is not None
    while hand.to_act is not None:
        who = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
        kind = move or ("fold" if hand.legal_actions().can_fold else "check")
        await service.handle(table_id, who, Play(kind))


def _refuse(monkeypatch: pytest.MonkeyPatch, db: object, method: str, why: str) -> None:
    """Make ``db.method`` fail as the database would, with ``why`` (``monkeypatch.undo()``
    mends it)."""

    async def refused(*args: object, **kwargs: object) -> None:
        raise StorageError(why)

    monkeypatch.setattr(db, method, refused)


async def test_004_jacks_1_ending_the_session_returns_the_carried_antes(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """004 jacks §1's carried pot is on the table but in no stack: at the end of the session
    each player gets his own antes back (one who left, as a cash-out), so the results sum
    to zero and the ledger balances: no chip created or lost. A session that cannot be
    closed leaves the carried pot where it was."""
    rng = random.Random(2)
    service, published = await open_service(
        db, shuffle=lambda: Deck.stacked(NO_OPENERS, rng=rng).order
    )
    table_id = await service.create_table("srv", "chan", ANN, JACKS)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    await service.handle(table_id, ANN, parse("pause"))
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None
    await _play_out(service, table_id, "check")
    assert hand.passed_out and live.table.carried == 15 and live.table.hand is None
    await service.handle(table_id, CAT, parse("leave"))
    old_session = live.session_id
    kept = live.table.to_dict()
    _refuse(monkeypatch, service.db, "next_session", "database is locked")
    with pytest.raises(ServiceError, match="could not be closed: try again"):
        await service.handle(table_id, ANN, parse("end"))
    assert live.table.to_dict() == kept and live.table.carried == 15
    monkeypatch.undo()
    await service.handle(table_id, ANN, parse("end"))
    assert live.table.carried == 0 and live.table.carried_from == {}
    stacks = {s.player_id: s.stack for s in live.table.seating.seats.values()}
    assert stacks == {ANN.id: 500, BOB.id: 500}
    ledger = await service.db.books.ledger(table_id, old_session)
    assert (CAT.id, "cash_out", 495) in ledger and (CAT.id, "cash_out", 5) in ledger
    paid = sum(a for _, k, a in ledger if k == "cash_out")
    assert paid == sum(a for _, k, a in ledger if k == "buy_in") == 1500
    summary = _texts(service, published)[-1].splitlines()
    assert summary[0] == (
        "the 15 chips carried from passed-out deals go back to who anted them: Bob 5, Cat 5, Ann 5"
    )
    nets = [int(line.split(":")[1].split(";")[0]) for line in summary[2:5]]
    assert nets == [0, 0, 0]


async def test_void_redeals_with_the_same_button_and_blinds(
    service: TableService, published: list[Outgoing]
) -> None:
    """Host control, void: every chip goes back and, the game running, the same deal is
    dealt again: the same button, the same players, the same blinds. Audited."""
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    hand = live.table.hand
    assert hand is not None
    shape = (live.table.seating.button, hand.names, hand.setup.blinds, hand.starting)
    stacks = {s.player_id: s.stack for s in live.table.seating.seats.values()}
    actor = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act or 0]]
    await service.handle(table_id, actor, Play("raise", 10))
    await service.handle(table_id, ANN, parse("void"))
    again = live.table.hand
    assert again is not None and again is not hand
    assert (live.table.seating.button, again.names, again.setup.blinds) == shape[:3]
    assert again.starting == shape[3]
    assert {s.player_id: s.stack for s in live.table.seating.seats.values()} == stacks
    assert "the host voids hand 1: every chip goes back" in _texts(service, published)
    assert [what for what, _ in await _audit(service)] == ["void"]


async def test_set_takes_the_same_words_for_games_and_structures_as_new(
    service: TableService, published: list[Outgoing]
) -> None:
    """``set game`` and ``set structure`` read the words ``new`` and ``--setup`` read
    (``27td``, ``o8``, ``nl``, ``pl``), as well as the names the table stores."""
    table_id = await small_table(service, 3)
    live = service.tables[table_id]
    await service.handle(table_id, ANN, parse("set game o8"))
    assert live.table.settings.config.game.value == "omaha_hilo"
    await service.handle(table_id, ANN, parse("set structure pl"))
    assert live.table.settings.config.structure.value == "pot_limit"
    await service.handle(table_id, ANN, parse("set game 27td"))
    assert live.table.settings.config.game.value == "deuce_to_seven_triple"


async def test_the_host_does_not_kick_himself(service: TableService) -> None:
    """A host who kicks himself is refused and told how a player leaves ('leave'), and
    nothing changes: no cash-out, no audit line."""
    table_id = await small_table(service, 3)
    live = service.tables[table_id]
    before = live.table.to_dict()
    with pytest.raises(ServiceError, match="to leave the table yourself, type 'leave'"):
        await service.handle(table_id, ANN, parse("kick Ann"))
    assert live.table.to_dict() == before
    assert await _audit(service) == []


async def test_000_nl_16_wait_only_when_full_and_the_first_waiting_is_told_on_a_kick(
    service: TableService, published: list[Outgoing]
) -> None:
    """The waiting list is for a full table: with a seat free the player is told to sit,
    with the buy-in range (000 NL §16), and nothing changes. A seat freed by the host's kick,
    between hands or after the hand, is offered to the first on the list, privately."""
    table_id = await small_table(service, 3)
    live = service.tables[table_id]
    before = live.table.to_dict()
    message = (
        "seat 3 is free, so there is no waiting list: sit with a buy-in between 100 and "
        "1000 chips (000 NL §16), e.g. 'sit 100'"
    )
    with pytest.raises(ServiceError) as refused:
        await service.handle(table_id, CAT, parse("wait"))
    assert str(refused.value) == message and live.table.to_dict() == before
    await service.handle(table_id, CAT, Sit(500))
    await service.handle(table_id, DAN, parse("wait"))
    assert live.table.seating.waiting_list == [(DAN.id, "Dan")]
    await service.handle(table_id, ANN, parse("kick Bob"))
    told = _texts(service, published, DAN.id)
    assert told == [
        "a seat is free: Dan, type 'sit' with your buy-in, between 100 and 1000 chips (000 NL §16)"
    ]
    await service.handle(table_id, DAN, Sit(200))
    await service.handle(table_id, BOB, parse("wait"))
    await service.handle(table_id, ANN, Start())
    await service.handle(table_id, ANN, parse("pause"))
    await service.handle(table_id, ANN, parse("kick Cat"))  # in the hand: after it
    assert _texts(service, published, BOB.id) == []
    hand = live.table.hand
    while hand is not None and hand.to_act is not None:
        who = {p.id: p for p in (ANN, CAT, DAN)}[hand.names[hand.to_act]]
        await service.handle(table_id, who, Play("fold"))
    assert live.table.seating.seat_of(CAT.id) is None
    assert len(_texts(service, published, BOB.id)) == 1


async def test_000_kill_1a_the_host_changes_stakes_and_game_between_hands(
    service: TableService, published: list[Outgoing], open_db: OpenDatabase, tmp_path: Path
) -> None:
    """000 kill §1(a), RULES.md "Kill pots": new stakes or a new game is a new game: the kill
    button is neutral. Refused during a hand with nothing changed; audited; kept across a
    restart; the buy-in range is settable too (000 NL §16)."""
    table_id = await service.create_table("srv", "chan", ANN, kill_settings())
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    live = service.tables[table_id]
    before = live.table.to_dict()
    with pytest.raises(ServiceError, match="stakes changes between hands: set it again"):
        await service.handle(table_id, ANN, parse("set stakes 20/40"))
    assert live.table.to_dict() == before
    await service.handle(table_id, ANN, parse("pause"))
    hand = live.table.hand
    while hand is not None and hand.to_act is not None:
        who = {p.id: p for p in (ANN, BOB, CAT)}[hand.names[hand.to_act]]
        await service.handle(table_id, who, Play("fold"))
    assert live.table.kills is not None and live.table.hand is None
    leg = live.table.kills.button.to_dict()  # the pot's winner has a leg up
    assert leg["state"] == "leg_up"
    with pytest.raises(ServiceError, match="only the host"):
        await service.handle(table_id, BOB, parse("set stakes 20/40"))
    with pytest.raises(ServiceError, match="not stakes: whole chips"):
        await service.handle(table_id, ANN, parse("set stakes twenty"))
    assert live.table.kills.button.to_dict() == leg
    await service.handle(table_id, ANN, parse("set stakes 20/40"))
    assert _texts(service, published)[-1] == (
        "the host changes the game: Limit Hold'em 20/40 from the next deal; "
        "the kill button is neutral (a new game, 000 kill §1a)"
    )
    assert live.table.kills.button.state is ButtonState.NEUTRAL
    await service.handle(table_id, ANN, parse("set buy-in 200 2000"))
    await service.handle(table_id, ANN, parse("set game omaha"))
    with pytest.raises(ServiceError, match="already plays Limit Omaha 20/40"):
        await service.handle(table_id, ANN, parse("set game omaha"))
    stored = await service.db._rows("SELECT game FROM poker_tables WHERE id = ?", (table_id,))
    assert stored == [("omaha",)]  # the leaderboard's game filter follows the change
    audit = await _audit(service)
    assert audit[-3:] == [
        ("set", {"option": "stakes", "value": "20/40"}),
        ("set", {"option": "buyin", "value": "200 2000"}),
        ("set", {"option": "game", "value": "omaha"}),
    ]
    await service.db.close()
    again, _ = await open_service(await open_db(tmp_path / "t.db"))
    table = again.tables[table_id].table
    assert table.settings.config.description == "Limit Omaha 20/40"
    assert (table.seating.min_buy_in, table.seating.max_buy_in) == (200, 2000)
    assert table.kills is not None and table.kills.button.state is ButtonState.NEUTRAL
    with pytest.raises(ServiceError, match="between 200 and 2000 chips"):
        await again.handle(table_id, DAN, Sit(100))
    await again.handle(table_id, ANN, Start())
    hand = again.tables[table_id].table.hand  # a refused command rebuilt the table
    assert hand is not None and hand.config.game is Game.OMAHA
    assert sorted(hand.setup.blinds or ()) == [0, 10, 20]


def test_set_commands_parse_to_options() -> None:
    """The host's set commands: every word after the option is its value."""
    assert parse("set stakes 2/5") == SetOption("stakes", "2/5")
    assert parse("set buy-in 100 1000") == SetOption("buyin", "100 1000")
    assert parse("set game HORSE") == SetOption("game", "horse")
    assert parse("set structure pot_limit") == SetOption("structure", "pot_limit")
    with pytest.raises(ValueError, match="stakes 1/2, buyin MIN MAX"):
        parse("set stakes")


async def test_a_session_end_that_cannot_be_saved_leaves_the_night_going_on(
    service: TableService, published: list[Outgoing], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ending the night is one commit with the session switch: when it fails, no new
    session is opened, the night's session is still the table's (stored and in memory),
    and ending it again shows the night's results and settles its ledger."""
    table_id = await table_with_three(service)
    live = service.tables[table_id]
    await service.handle(table_id, ANN, parse("pause"))
    await _play_out(service, table_id)
    night = live.session_id
    sessions = await service.db._rows("SELECT count(*) FROM sessions")
    _refuse(monkeypatch, service.db, "commit", "database or disk is full")
    with pytest.raises(ServiceError, match="could not be saved"):
        await service.handle(table_id, ANN, parse("end"))
    assert live.session_id == night and await service.db.session_of(table_id) == night
    assert await service.db._rows("SELECT count(*) FROM sessions") == sessions
    assert await service.db._rows("SELECT ended_at FROM sessions WHERE id = ?", (night,)) == [
        (None,)
    ]

    monkeypatch.undo()
    await service.handle(table_id, ANN, parse("end"))
    assert live.session_id != night and await service.db.session_of(table_id) == live.session_id
    ledger = await service.db.books.ledger(table_id, night)
    assert sorted(k for _, k, _ in ledger).count("cash_out") == 3
    nets = [line for line in _texts(service, published)[-1].splitlines() if ":" in line]
    assert any(not line.split(":")[1].strip().startswith("0;") for line in nets)


async def _stored_results(
    service: TableService, table_id: str
) -> dict[int, tuple[dict[str, int], list[str]]]:
    """Each finished hand's stored results and the players dealt in, by hand number."""
    rows = await service.db._rows(
        "SELECT number, results, players FROM hands WHERE table_id = ? AND results IS NOT NULL",
        (table_id,),
    )
    return {int(n): (json.loads(r), json.loads(p)) for n, r, p in rows}


async def _one_deal_passed_out(db: Database) -> tuple[TableService, str]:
    """A jacks table of Ann, Bob and Cat whose first deal passed out (15 carried), paused."""
    rng = random.Random(2)
    service, _ = await open_service(db, shuffle=lambda: Deck.stacked(NO_OPENERS, rng=rng).order)
    table_id = await service.create_table("srv", "chan", ANN, JACKS)
    for player in (ANN, BOB, CAT):
        await service.handle(table_id, player, Sit(500))
    await service.handle(table_id, ANN, Start())
    await service.handle(table_id, ANN, parse("pause"))
    await _play_out(service, table_id, "check")
    return service, table_id


async def test_004_jacks_1_antes_returned_on_a_new_game_credit_each_passed_out_deal(
    db: Database,
) -> None:
    """004 jacks §1: antes carried from passed-out deals go back when the host changes the
    game; each deal that took them gets its own back, so each passed-out deal nets zero for
    every player dealt in, and no one is added to a deal he was not dealt."""
    service, table_id = await _one_deal_passed_out(db)
    live = service.tables[table_id]
    await service.handle(table_id, CAT, parse("leave"))
    await service.handle(table_id, ANN, Start())
    await service.handle(table_id, ANN, parse("pause"))
    hand = live.table.hand
    assert hand is not None
    await _play_out(service, table_id, "check")
    assert hand.passed_out and live.table.carried == 25
    before = await _stored_results(service, table_id)
    assert before == {
        1: ({ANN.id: -5, BOB.id: -5, CAT.id: -5}, [BOB.id, CAT.id, ANN.id]),
        2: ({ANN.id: -5, BOB.id: -5}, before[2][1]),
    }
    await service.handle(table_id, ANN, parse("set game holdem"))
    after = await _stored_results(service, table_id)
    assert after == {
        1: ({ANN.id: 0, BOB.id: 0, CAT.id: 0}, before[1][1]),
        2: ({ANN.id: 0, BOB.id: 0}, before[2][1]),
    }
    board = await service.db.books.leaderboard("srv")
    assert all(net == 0 for _, _, net, *_ in board)


async def test_004_jacks_1_ending_after_a_void_credits_the_passed_out_deal(db: Database) -> None:
    """004 jacks §1: a deal passes out, the next is voided (it keeps its number, its pot
    carried on), and the host ends the night: the antes go back to the deal that took them,
    not to the voided one."""
    service, table_id = await _one_deal_passed_out(db)
    live = service.tables[table_id]
    await service.handle(table_id, ANN, Start())
    await service.handle(table_id, ANN, parse("pause"))
    await service.handle(table_id, ANN, parse("void"))
    assert live.table.hand is None and live.table.carried == 15
    await service.handle(table_id, ANN, parse("end"))
    stored = await _stored_results(service, table_id)
    assert stored[1][0] == {ANN.id: 0, BOB.id: 0, CAT.id: 0}
    assert list(stored) == [1]


async def _refused(service: TableService, table_id: str, text: str) -> str:
    """``text`` from the host, refused: what he is told. Nothing may change: the table,
    the ledger and the audit log are as they were."""
    live = service.tables[table_id]
    before = (
        live.table.to_dict(),
        await service.db.books.ledger(table_id, live.session_id),
        await _audit(service),
    )
    with pytest.raises(ServiceError) as refused:
        await service.handle(table_id, ANN, parse(text))
    after = (
        live.table.to_dict(),
        await service.db.books.ledger(table_id, live.session_id),
        await _audit(service),
    )
    assert after == before, text
    return str(refused.value)


async def test_adjust_refusals_name_the_range_the_stack_allows(service: TableService) -> None:
    """``adjust Bob 0`` (it said only that an amount is more than 0) and ``adjust Bob
    -501`` are refused with how the command is written and the adjustments Bob's stack
    allows; nothing changes."""
    table_id = await small_table(service, 3)
    adjust = (
        "adjust NAME AMOUNT REASON: Bob has 500, so the amount is -500 to -1 (chips taken) "
        "or 1 or more (chips added), not {}; e.g. 'adjust Bob -50 miscount'"
    )
    assert await _refused(service, table_id, "adjust Bob 0 comp") == adjust.format(0)
    assert await _refused(service, table_id, "adjust bob -501 comp") == adjust.format(-501)
    await service.handle(table_id, ANN, parse("adjust Bob -500 gone"))
    assert await _refused(service, table_id, "adjust Bob -1 comp") == (
        "adjust NAME AMOUNT REASON: Bob has 0, so the amount is 1 or more (chips added), "
        "not -1; e.g. 'adjust Bob 50 comp'"
    )


async def test_bomb_refusals_name_the_ante_s_range_and_the_form(service: TableService) -> None:
    """``bomb 0`` is refused with the ante's range (it said only that an amount is more
    than 0), ``bomb abc`` with the form, and ``bomb off`` with no bomb pot called says
    none is (it said it was called off); nothing changes."""
    table_id = await small_table(service, 3)
    ante = "bomb [ANTE]: a bomb pot's ante is 1 to 1000 chips, not {}; 'bomb' alone antes 2"
    assert await _refused(service, table_id, "bomb 0") == ante.format(0)
    assert await _refused(service, table_id, "bomb 1001") == ante.format(1001)
    with pytest.raises(ParseError) as unread:
        parse("bomb abc")
    assert str(unread.value) == (
        "bomb [ANTE]: 'abc' is not an amount: use whole chips like 40, 1k or 2.5k; "
        "e.g. 'bomb' or 'bomb 20', and 'bomb off' calls it off"
    )
    assert await _refused(service, table_id, "bomb off") == (
        "bomb off: no bomb pot is called for the next hand ('bomb [ANTE]' calls one)"
    )
    await service.handle(table_id, ANN, parse("set bomb 10 every 12"))
    assert await _refused(service, table_id, "bomb off") == (
        "bomb off: no bomb pot is called for the next hand; the one after every 12 hands "
        "stops with 'set bomb off'"
    )


async def test_adjust_and_end_during_a_hand_say_when_and_how(service: TableService) -> None:
    """``adjust`` and ``end`` during a hand name the form and when it can be done: between
    hands, after a 'pause' while the game deals on; nothing changes."""
    table_id = await small_table(service, 3)
    await service.handle(table_id, ANN, Start())
    pause = " ('pause' first, so that no hand is dealt after it)"
    adjust = (
        "adjust NAME AMOUNT REASON: stacks are adjusted between hands: "
        "type it again when this hand is over"
    )
    end = "end: the session ends between hands: type it again when this hand is over"
    assert await _refused(service, table_id, "adjust Bob 5 comp") == adjust + pause
    assert await _refused(service, table_id, "end") == end + pause
    await service.handle(table_id, ANN, parse("pause"))
    assert await _refused(service, table_id, "adjust Bob 5 comp") == adjust
    assert await _refused(service, table_id, "end") == end
