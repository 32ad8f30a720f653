"""The database schema, as numbered migrations applied in order at start-up.

Each migration is a list of statements; the applied number is kept in ``PRAGMA
user_version``, so a database of any earlier version is brought up to date and a newer one
is refused.
"""

from __future__ import annotations

MIGRATIONS: list[list[str]] = [
    [
        """CREATE TABLE servers (
            id TEXT PRIMARY KEY,            -- platform:guild or workspace id
            platform TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT ''
        )""",
        """CREATE TABLE players (
            id TEXT PRIMARY KEY,            -- platform:user id
            platform TEXT NOT NULL,
            display_name TEXT NOT NULL
        )""",
        """CREATE TABLE poker_tables (
            id TEXT PRIMARY KEY,
            server_id TEXT NOT NULL REFERENCES servers(id),
            channel TEXT NOT NULL,
            host_id TEXT NOT NULL REFERENCES players(id),
            game TEXT NOT NULL,             -- the game or mix, for leaderboards
            kill_game INTEGER NOT NULL,     -- 000 kill §13: a kill game is its own type
            settings TEXT NOT NULL,         -- JSON
            state TEXT NOT NULL,            -- JSON of the table, the hand in play included
            version INTEGER NOT NULL,       -- bumped by every committed action
            session_id INTEGER,
            created_at REAL NOT NULL,
            UNIQUE (server_id, channel)
        )""",
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES poker_tables(id),
            started_at REAL NOT NULL,
            ended_at REAL
        )""",
        """CREATE TABLE hands (
            table_id TEXT NOT NULL REFERENCES poker_tables(id),
            number INTEGER NOT NULL,
            session_id INTEGER REFERENCES sessions(id),
            game TEXT NOT NULL,
            commitment TEXT,                -- SHA-256 root published before the deal
            openings TEXT,                  -- JSON: the public openings after the hand
            phh TEXT,                       -- the hand history, written when it ends
            players TEXT NOT NULL,          -- JSON list of player ids in hand order
            results TEXT,                   -- JSON: player id -> net chips
            biggest_pot INTEGER NOT NULL DEFAULT 0,
            killed_by TEXT,
            started_at REAL NOT NULL,
            ended_at REAL,
            PRIMARY KEY (table_id, number)
        )""",
        """CREATE TABLE actions (
            id INTEGER PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES poker_tables(id),
            version INTEGER NOT NULL,
            hand_number INTEGER,
            player_id TEXT,
            command TEXT NOT NULL,          -- JSON of the command as received
            request_id TEXT UNIQUE,         -- a platform's retry is applied once
            at REAL NOT NULL
        )""",
        """CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES poker_tables(id),
            version INTEGER NOT NULL,
            hand_number INTEGER,
            audience TEXT,                  -- NULL: the table; else the one player id
            event TEXT NOT NULL             -- JSON
        )""",
        """CREATE TABLE ledger (
            id INTEGER PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES poker_tables(id),
            session_id INTEGER REFERENCES sessions(id),
            player_id TEXT NOT NULL REFERENCES players(id),
            kind TEXT NOT NULL,             -- buy_in, top_up, cash_out, adjust
            amount INTEGER NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            at REAL NOT NULL
        )""",
        """CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            table_id TEXT NOT NULL REFERENCES poker_tables(id),
            actor_id TEXT NOT NULL,
            what TEXT NOT NULL,
            detail TEXT NOT NULL,           -- JSON
            at REAL NOT NULL
        )""",
        "CREATE INDEX events_by_table ON events (table_id, version)",
        "CREATE INDEX actions_by_table ON actions (table_id, version)",
        "CREATE INDEX ledger_by_player ON ledger (player_id, table_id)",
        "CREATE INDEX hands_by_session ON hands (session_id)",
    ],
    [
        # The hand in progress is no longer rewritten whole after every action: ``state``
        # holds the table as of its last full write, ``live`` the service's own fields
        # (timers, names, kill offer) as of every commit, and ``hand_moves`` the moves made
        # since the full write (emptied by each full write).
        "ALTER TABLE poker_tables ADD COLUMN live TEXT",  # JSON; NULL: all of it in state
        """CREATE TABLE hand_moves (
            table_id TEXT NOT NULL REFERENCES poker_tables(id),
            seq INTEGER NOT NULL,           -- the move's index in the hand's actions
            record TEXT NOT NULL,           -- JSON of the engine's action record
            PRIMARY KEY (table_id, seq)
        ) WITHOUT ROWID""",
    ],
    [
        # Every commit bumps the version and rewrites the live fields, while the table's
        # state (about 6 kB, past one page) changes only between hands: in the same row
        # every commit rewrote the whole record and its overflow pages. Now the small,
        # often written part is a row of its own.
        """CREATE TABLE table_versions (
            table_id TEXT PRIMARY KEY REFERENCES poker_tables(id),
            version INTEGER NOT NULL,       -- bumped by every committed action
            live TEXT                       -- JSON; NULL: all of it in poker_tables.state
        ) WITHOUT ROWID""",
        "INSERT INTO table_versions (table_id, version, live)"
        " SELECT id, version, live FROM poker_tables",
        "ALTER TABLE poker_tables DROP COLUMN live",
        "ALTER TABLE poker_tables DROP COLUMN version",
    ],
    [
        # Every platform request id seen, kept for a while: a signed request replayed
        # unchanged (within the platform's signature window) is dropped even when its
        # first delivery was refused, so nothing of it is in ``actions``, and even after a
        # restart or in another process.
        """CREATE TABLE requests_seen (
            request_id TEXT PRIMARY KEY,
            at REAL NOT NULL                -- when first seen, seconds since the epoch
        ) WITHOUT ROWID""",
        "CREATE INDEX requests_seen_by_time ON requests_seen (at)",
    ],
    [
        # Where each table's hand is shown on its platform, so a restarted bot edits the
        # same message instead of posting the hand again.
        """CREATE TABLE table_messages (
            table_id TEXT PRIMARY KEY,
            hand INTEGER NOT NULL,          -- the hand the message shows
            ref TEXT NOT NULL               -- the platform's reference to the message
        ) WITHOUT ROWID""",
    ],
    [
        # When each table next needs a step of its own (a turn timer, a deal owed), so any
        # process sharing the database finds the tables due without loading them all, and
        # a table whose process died keeps running.
        "ALTER TABLE table_versions ADD COLUMN due REAL",  # seconds since the epoch
        "CREATE INDEX table_versions_by_due ON table_versions (due)",
    ],
    [
        # The board cards a hand ended before the river would have dealt, opened against
        # its shuffle commitment, kept private until a player asks to see them.
        "ALTER TABLE hands ADD COLUMN rabbit TEXT",  # JSON list of openings; NULL: none
    ],
    [
        # The most chips each player took from one pot of the hand, for his biggest pot
        # won: the hand's biggest pot may be a side pot he had no part in, or divided
        # between runs he did not all win.
        "ALTER TABLE hands ADD COLUMN took TEXT",  # JSON: player id -> chips; NULL: not kept
    ],
    [
        # Tournaments: a tournament's own books (the engine's Tournament as JSON, bumped by
        # every commit like a table's), the tables it is dealt at, and its money, kept
        # apart from the cash ledger's chips.
        """CREATE TABLE tournaments (
            id TEXT PRIMARY KEY,
            server_id TEXT NOT NULL REFERENCES servers(id),
            channel TEXT NOT NULL,          -- where its lobby is
            host_id TEXT NOT NULL REFERENCES players(id),
            status TEXT NOT NULL,           -- registering, running, finished, cancelled
            state TEXT NOT NULL,            -- JSON of the tournament
            currency TEXT NOT NULL,         -- its money's sign ($, €...), '' for none
            version INTEGER NOT NULL,       -- bumped by every commit
            created_at REAL NOT NULL,
            ended_at REAL                   -- when it finished or was cancelled
        )""",
        "CREATE INDEX tournaments_by_server ON tournaments (server_id, created_at)",
        # the tournament a table deals for; NULL: a cash table
        "ALTER TABLE poker_tables ADD COLUMN tournament_id TEXT REFERENCES tournaments(id)",
        """CREATE TABLE tournament_money (
            id INTEGER PRIMARY KEY,
            tournament_id TEXT NOT NULL REFERENCES tournaments(id),
            player_id TEXT NOT NULL REFERENCES players(id),
            entry TEXT NOT NULL DEFAULT '', -- the entry's id (player#2 for a re-entry)
            kind TEXT NOT NULL,             -- buy-in, re-entry, rebuy, add-on, refund,
                                            -- prize, bounty, deal
            amount INTEGER NOT NULL,        -- hundredths of the currency unit
            at REAL NOT NULL
        )""",
        "CREATE INDEX tournament_money_by_tournament ON tournament_money (tournament_id)",
        # A league's seasons on a server, and each player's result counted into one.
        """CREATE TABLE league_seasons (
            server_id TEXT NOT NULL REFERENCES servers(id),
            number INTEGER NOT NULL,        -- from 1
            points TEXT NOT NULL,           -- JSON list: the host's points by place; []
            closed INTEGER NOT NULL DEFAULT 0,
            started_at REAL NOT NULL,
            ended_at REAL,
            PRIMARY KEY (server_id, number)
        )""",
        """CREATE TABLE league_results (
            server_id TEXT NOT NULL,
            season INTEGER NOT NULL,
            tournament_id TEXT NOT NULL REFERENCES tournaments(id),
            player_id TEXT NOT NULL,
            place INTEGER NOT NULL,
            tied INTEGER NOT NULL,
            entries INTEGER NOT NULL,
            prize INTEGER NOT NULL,         -- hundredths of the currency unit
            points INTEGER NOT NULL,        -- tenths of a point
            at REAL NOT NULL,
            PRIMARY KEY (server_id, season, tournament_id, player_id),
            FOREIGN KEY (server_id, season) REFERENCES league_seasons (server_id, number)
        )""",
    ],
    [
        # The tournament each hand was dealt for, so a tournament's hands are found by it
        # (its stats, its chart), its chips kept out of the cash tables' nets; one table
        # deals every tournament of its channel, one after another. Hands stored before
        # are given the last tournament set up at their table before they were dealt.
        "ALTER TABLE hands ADD COLUMN tournament_id TEXT REFERENCES tournaments(id)",
        "UPDATE hands SET tournament_id = (SELECT t.id FROM tournaments t"
        " WHERE t.server_id || '/' || t.channel = hands.table_id"
        " AND t.created_at <= hands.started_at ORDER BY t.created_at DESC LIMIT 1)"
        " WHERE table_id IN (SELECT id FROM poker_tables WHERE tournament_id IS NOT NULL)",
        "CREATE INDEX hands_by_tournament ON hands (tournament_id)",
    ],
    [
        # Every table's due time is now written on SQLite too, so that start-up restores
        # only the tables that need it: a table stored before then is taken as due once.
        "UPDATE table_versions SET due = 0 WHERE due IS NULL",
    ],
]
