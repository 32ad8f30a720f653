"""A table's common step on PostgreSQL as one statement, so a move costs one round trip.

The step of :func:`storage.statements.table_statements` (the versioned update of the
table's state, its hand's new moves or whole state, the command as an action row, its
events), the table's due time (:class:`storage.records.TableDue`) and the sender's player
row when his name is new, run by one server-side function in one implicit transaction:
the same rows the general path writes statement by statement, in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# Created (replaced) by every process as it migrates: the function is the code's, not the
# schema's, so a newer bot brings its own without a numbered migration.
STEP_FUNCTION = """
CREATE OR REPLACE FUNCTION killbutton_step(
    p_table TEXT, p_version BIGINT, p_live TEXT, p_base TEXT,
    p_seqs BIGINT[], p_records TEXT[],
    p_hand BIGINT, p_player TEXT, p_platform TEXT, p_name TEXT,
    p_command TEXT, p_request TEXT, p_at DOUBLE PRECISION,
    p_audiences TEXT[], p_events TEXT[], p_set_due BOOLEAN, p_due DOUBLE PRECISION
) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    UPDATE table_versions
    SET live = p_live, version = p_version,
        due = CASE WHEN p_set_due THEN p_due ELSE table_versions.due END
    WHERE table_id = p_table AND version = p_version - 1;
    IF NOT FOUND THEN
        RETURN FALSE;  -- another process moved the table on: nothing written
    END IF;
    IF p_name IS NOT NULL THEN
        INSERT INTO players (id, platform, display_name) VALUES (p_player, p_platform, p_name)
        ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name;
    END IF;
    IF p_base IS NOT NULL THEN
        UPDATE poker_tables SET state = p_base WHERE id = p_table;
        DELETE FROM hand_moves WHERE table_id = p_table;
    END IF;
    INSERT INTO hand_moves (table_id, seq, record)
    SELECT p_table, m.seq, m.record FROM unnest(p_seqs, p_records) AS m(seq, record);
    INSERT INTO actions (table_id, version, hand_number, player_id, command, request_id, at)
    VALUES (p_table, p_version, p_hand, p_player, p_command, p_request, p_at);
    INSERT INTO events (table_id, version, hand_number, audience, event)
    SELECT p_table, p_version, p_hand, e.audience, e.event
    FROM unnest(p_audiences, p_events) WITH ORDINALITY AS e(audience, event, n) ORDER BY e.n;
    RETURN TRUE;
END
$$
"""

STEP_CALL = (
    "SELECT killbutton_step($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,"
    " $16, $17)"
)
# whether the step of (table, version) sent at a time is the one stored: its action row
STEP_STORED = "SELECT count(*) FROM actions WHERE table_id = $1 AND version = $2 AND at = $3"
# whether a server process still runs a statement (a lost connection's, until it ends)
STILL_RUNNING = "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND state <> 'idle'"


@dataclass(frozen=True)
class TableStep:
    """One table's common step, as :func:`storage.statements.table_statements` has it.

    Attributes:
        table_id, version: the table and its new version (the stored one plus one).
        live, base: the service's fields and the whole state as JSON text, or None
            (:class:`storage.records.StateWrite`); moves: the hand's new actions as
            (index in the hand's actions, JSON record).
        hand_number: the hand it belongs to, or None.
        player: (player id, platform, display name) of who sent it, or None; named: his
            row is to be written (a name not yet stored).
        command: the command's JSON; request_id: the platform's request id, or None.
        at: seconds since the epoch, the action row's time (how a step whose answer was
            lost is found again).
        events: (audience or None, event JSON) in order.
        due: the table's next due time when it is to be written (``set_due``), else
            ignored.
    """

    table_id: str
    version: int
    live: str | None
    base: str | None
    moves: Sequence[tuple[int, str]]
    hand_number: int | None
    player: tuple[str, str, str] | None
    named: bool
    command: str
    request_id: str | None
    at: float
    events: Sequence[tuple[str | None, str]]
    set_due: bool
    due: float | None

    def params(self) -> tuple[Any, ...]:
        """The arguments of :data:`STEP_CALL`, in order."""
        player_id, platform, name = self.player or (None, None, None)
        return (
            self.table_id,
            self.version,
            self.live,
            self.base,
            [seq for seq, _ in self.moves],
            [record for _, record in self.moves],
            self.hand_number,
            player_id,
            platform if self.named else None,
            name if self.named else None,
            self.command,
            self.request_id,
            self.at,
            [audience for audience, _ in self.events],
            [event for _, event in self.events],
            self.set_due,
            self.due,
        )
