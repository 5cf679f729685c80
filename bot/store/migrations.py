"""Versioned schema migrations. Append a new entry; never edit an applied one."""
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
]
