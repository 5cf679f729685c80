"""Versioned schema migrations. Append a new entry; never edit an applied one.

The scripts are written for SQLite; the PostgreSQL store translates each statement's types with
:func:`bot.store.dialect.ddl_to_postgres` (INTEGER -> BIGINT, REAL -> DOUBLE PRECISION,
AUTOINCREMENT ids -> identity columns), so keep to plain column types and constraints."""
from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: tables, seats, the action log, results, meta
    """
    CREATE TABLE game_tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
        options TEXT NOT NULL DEFAULT '[]',
        seed INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        snapshot TEXT,
        lobby_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_table_per_channel ON game_tables(channel_id)
        WHERE status IN ('lobby', 'playing');
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        is_bot INTEGER NOT NULL DEFAULT 0,
        level TEXT,
        resigned INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX seats_by_user ON seats(user_id);
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        kind TEXT NOT NULL DEFAULT 'move',
        by_computer INTEGER NOT NULL DEFAULT 0,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, n)
    );
    CREATE TABLE results (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 2: asynchronous play: turn timers and clocks, the scheduler's jobs, vacations, user
    # preferences, ratings, tournaments, the undo audit trail
    """
    CREATE TABLE table_timers (
        table_id INTEGER PRIMARY KEY REFERENCES game_tables(id) ON DELETE CASCADE,
        seconds INTEGER,
        on_timeout TEXT NOT NULL CHECK (on_timeout IN ('computer', 'skip', 'remove')),
        synced_version INTEGER NOT NULL DEFAULT -1
    );
    CREATE TABLE turn_clocks (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        since_version INTEGER NOT NULL,
        since_at REAL NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX turn_clocks_by_user ON turn_clocks(user_id);
    CREATE TABLE jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        key TEXT NOT NULL UNIQUE,
        ref TEXT NOT NULL DEFAULT '',
        due_at REAL NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL,
        fired_at REAL
    );
    CREATE INDEX jobs_due ON jobs(due_at) WHERE fired_at IS NULL;
    CREATE INDEX jobs_by_ref ON jobs(ref);
    CREATE TABLE vacations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL,
        starts_at REAL NOT NULL,
        ends_at REAL NOT NULL
    );
    CREATE INDEX vacations_by_user ON vacations(user_id);
    CREATE TABLE user_prefs (
        user_id INTEGER PRIMARY KEY,
        dm_on_turn INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE TABLE rated_tables (
        table_id INTEGER PRIMARY KEY REFERENCES game_tables(id) ON DELETE CASCADE,
        status TEXT NOT NULL CHECK (status IN ('rated', 'unrated', 'pending')),
        reason TEXT NOT NULL DEFAULT '',
        changes TEXT NOT NULL DEFAULT '[]',
        at REAL NOT NULL
    );
    CREATE TABLE rating_consents (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (table_id, user_id)
    );
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '[]',
        format TEXT NOT NULL CHECK (format IN ('swiss', 'roundrobin', 'elimination')),
        table_size INTEGER NOT NULL,
        rounds INTEGER NOT NULL,
        timer_seconds INTEGER,
        organiser_id INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
        round INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_active_tournament_per_channel ON tournaments(channel_id)
        WHERE status IN ('open', 'running');
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        entry INTEGER NOT NULL,
        dropped INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        players TEXT NOT NULL,
        channel_id INTEGER,
        table_id INTEGER,
        status TEXT NOT NULL CHECK (status IN ('pending', 'playing', 'finished', 'stalled', 'bye')),
        PRIMARY KEY (tournament_id, round, number)
    );
    CREATE INDEX tournament_tables_by_table ON tournament_tables(table_id);
    CREATE TABLE tournament_results (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL DEFAULT 0,
        points REAL NOT NULL,
        reported INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, round, user_id)
    );
    CREATE TABLE undone_actions (
        table_id INTEGER NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        kind TEXT NOT NULL,
        by_computer INTEGER NOT NULL,
        at REAL NOT NULL,
        undone_at REAL NOT NULL
    );
    """,
    # 3: leases: which process holds a singleton job (the scheduler) until when, when several
    # shard processes share the store
    """
    CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at REAL NOT NULL
    );
    """,
    # 4: the last table version whose turn (or end) message was sent to its channel; a restart
    # announces any stored version newer than it. NULL for the tables that were running before
    # (not known): a restart looks once whether such a game has ended without being closed.
    """
    ALTER TABLE game_tables ADD COLUMN announced_version INTEGER;
    UPDATE game_tables SET announced_version = version WHERE status <> 'playing';
    CREATE INDEX unannounced_endings ON game_tables(id) WHERE status = 'finished' AND announced_version < version;
    """,
]


def statements_of(script: str) -> list[str]:
    """The statements of one migration script (they contain no ``;`` inside literals)."""
    return [s.strip() for s in script.split(";") if s.strip()]
