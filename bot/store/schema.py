"""The bot's tables, once, for SQLite and PostgreSQL.

Discord ids need 64 bits: every integer column is a BIGINT (SQLite stores any integer in up to
8 bytes whatever the declared type). The ``id`` columns are SQLite's ``INTEGER PRIMARY KEY
AUTOINCREMENT`` (ids are never reused) and PostgreSQL identity columns. Times are seconds since
the epoch (floats); flags are 0/1 integers; lists and mappings are JSON text.

A change here needs an Alembic revision in ``bot/store/schema_migrations/versions`` (the test
``tests/store/test_schema.py`` compares a migrated database with this module)."""
from __future__ import annotations

from sqlalchemy import (BigInteger, CheckConstraint, Column, Float, ForeignKey, Identity, Index, Integer, MetaData,
                        PrimaryKeyConstraint, Table, Text, text)

metadata = MetaData()

#: an integer id the database counts up: SQLite's rowid alias, PostgreSQL's identity column
ID = BigInteger().with_variant(Integer(), "sqlite")


def _id() -> Column:
    return Column("id", ID, Identity(), primary_key=True)


def _table_ref(name: str = "table_id", **kw) -> Column:
    return Column(name, BigInteger, ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=False, **kw)


def _flag(name: str) -> Column:
    return Column(name, BigInteger, nullable=False, server_default=text("0"))


# -- tables, seats, the action log, results, meta --------------------------------------------------
game_tables = Table(
    "game_tables", metadata,
    _id(),
    Column("channel_id", BigInteger, nullable=False),
    Column("guild_id", BigInteger),
    Column("game", Text, nullable=False),
    Column("host_id", BigInteger, nullable=False),
    Column("status", Text, nullable=False),
    Column("options", Text, nullable=False, server_default="[]"),
    Column("seed", BigInteger, nullable=False),
    Column("version", BigInteger, nullable=False, server_default=text("0")),
    Column("snapshot", Text),
    Column("lobby_message_id", BigInteger),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    # the last version whose turn (or end) message was sent to the channel (None: not known)
    Column("announced_version", BigInteger),
    # how many moves were taken back (/undo) in this game: with ``version`` it numbers each turn
    # once, for the buttons (bot/table/live.py, ``LiveTable.turn_serial``)
    Column("takebacks", BigInteger, nullable=False, server_default=text("0")),
    CheckConstraint("status IN ('lobby', 'playing', 'finished', 'aborted')"),
    sqlite_autoincrement=True,
)
Index("one_open_table_per_channel", game_tables.c.channel_id, unique=True,
      sqlite_where=text("status IN ('lobby', 'playing')"), postgresql_where=text("status IN ('lobby', 'playing')"))
Index("unannounced_endings", game_tables.c.id,
      sqlite_where=text("status = 'finished' AND announced_version < version"),
      postgresql_where=text("status = 'finished' AND announced_version < version"))

seats = Table(
    "seats", metadata,
    _table_ref(),
    Column("seat", BigInteger, nullable=False),
    Column("user_id", BigInteger),
    Column("name", Text, nullable=False),
    _flag("is_bot"),
    Column("level", Text),
    _flag("resigned"),
    PrimaryKeyConstraint("table_id", "seat"),
)
Index("seats_by_user", seats.c.user_id)

actions = Table(
    "actions", metadata,
    _table_ref(),
    Column("n", BigInteger, nullable=False),
    Column("seat", BigInteger, nullable=False),
    Column("text", Text, nullable=False),
    Column("kind", Text, nullable=False, server_default="move"),
    _flag("by_computer"),
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "n"),
)

results = Table(
    "results", metadata,
    _table_ref(),
    Column("seat", BigInteger, nullable=False),
    Column("user_id", BigInteger),
    Column("rank", BigInteger, nullable=False),
    Column("score", BigInteger, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)

meta = Table(
    "meta", metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)

# -- asynchronous play: timers, clocks, jobs, vacations, preferences -------------------------------
table_timers = Table(
    "table_timers", metadata,
    Column("table_id", BigInteger, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seconds", BigInteger),
    Column("on_timeout", Text, nullable=False),
    Column("synced_version", BigInteger, nullable=False, server_default=text("-1")),
    CheckConstraint("on_timeout IN ('computer', 'skip', 'remove')"),
)

turn_clocks = Table(
    "turn_clocks", metadata,
    _table_ref(),
    Column("seat", BigInteger, nullable=False),
    Column("user_id", BigInteger),
    Column("since_version", BigInteger, nullable=False),
    Column("since_at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)
Index("turn_clocks_by_user", turn_clocks.c.user_id)

jobs = Table(
    "jobs", metadata,
    _id(),
    Column("kind", Text, nullable=False),
    Column("key", Text, nullable=False, unique=True),
    Column("ref", Text, nullable=False, server_default=""),
    Column("due_at", Float, nullable=False),
    Column("payload", Text, nullable=False, server_default="{}"),
    Column("created_at", Float, nullable=False),
    Column("fired_at", Float),
    sqlite_autoincrement=True,
)
Index("jobs_due", jobs.c.due_at, sqlite_where=text("fired_at IS NULL"), postgresql_where=text("fired_at IS NULL"))
Index("jobs_by_ref", jobs.c.ref)

vacations = Table(
    "vacations", metadata,
    _id(),
    Column("user_id", BigInteger, nullable=False),
    Column("starts_at", Float, nullable=False),
    Column("ends_at", Float, nullable=False),
    sqlite_autoincrement=True,
)
Index("vacations_by_user", vacations.c.user_id)

user_prefs = Table(
    "user_prefs", metadata,
    Column("user_id", BigInteger, primary_key=True, autoincrement=False),
    _flag("dm_on_turn"),
)

# -- ratings -----------------------------------------------------------------------------------------
ratings = Table(
    "ratings", metadata,
    Column("guild_id", BigInteger, nullable=False),
    Column("game", Text, nullable=False),
    Column("user_id", BigInteger, nullable=False),
    Column("name", Text, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", BigInteger, nullable=False, server_default=text("0")),
    Column("wins", BigInteger, nullable=False, server_default=text("0")),
    Column("updated_at", Float, nullable=False),
    PrimaryKeyConstraint("guild_id", "game", "user_id"),
)

rated_tables = Table(
    "rated_tables", metadata,
    Column("table_id", BigInteger, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("status", Text, nullable=False),
    Column("reason", Text, nullable=False, server_default=""),
    Column("changes", Text, nullable=False, server_default="[]"),
    Column("at", Float, nullable=False),
    CheckConstraint("status IN ('rated', 'unrated', 'pending')"),
)

rating_consents = Table(
    "rating_consents", metadata,
    _table_ref(),
    Column("user_id", BigInteger, nullable=False),
    PrimaryKeyConstraint("table_id", "user_id"),
)

# -- tournaments -------------------------------------------------------------------------------------
tournaments = Table(
    "tournaments", metadata,
    _id(),
    Column("guild_id", BigInteger),
    Column("channel_id", BigInteger, nullable=False),
    Column("name", Text, nullable=False),
    Column("game", Text, nullable=False),
    Column("options", Text, nullable=False, server_default="[]"),
    Column("format", Text, nullable=False),
    Column("table_size", BigInteger, nullable=False),
    Column("rounds", BigInteger, nullable=False),
    Column("timer_seconds", BigInteger),
    Column("organiser_id", BigInteger, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", Text, nullable=False),
    Column("round", BigInteger, nullable=False, server_default=text("0")),
    Column("created_at", Float, nullable=False),
    CheckConstraint("format IN ('swiss', 'roundrobin', 'elimination')"),
    CheckConstraint("status IN ('open', 'running', 'finished', 'cancelled')"),
    sqlite_autoincrement=True,
)
Index("one_active_tournament_per_channel", tournaments.c.channel_id, unique=True,
      sqlite_where=text("status IN ('open', 'running')"), postgresql_where=text("status IN ('open', 'running')"))


def _tournament_ref() -> Column:
    return Column("tournament_id", BigInteger, ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False)


tournament_players = Table(
    "tournament_players", metadata,
    _tournament_ref(),
    Column("user_id", BigInteger, nullable=False),
    Column("name", Text, nullable=False),
    Column("entry", BigInteger, nullable=False),
    _flag("dropped"),
    PrimaryKeyConstraint("tournament_id", "user_id"),
)

tournament_tables = Table(
    "tournament_tables", metadata,
    _tournament_ref(),
    Column("round", BigInteger, nullable=False),
    Column("number", BigInteger, nullable=False),
    Column("players", Text, nullable=False),
    Column("channel_id", BigInteger),
    Column("table_id", BigInteger),
    Column("status", Text, nullable=False),
    CheckConstraint("status IN ('pending', 'playing', 'finished', 'stalled', 'bye')"),
    PrimaryKeyConstraint("tournament_id", "round", "number"),
)
Index("tournament_tables_by_table", tournament_tables.c.table_id)

tournament_results = Table(
    "tournament_results", metadata,
    _tournament_ref(),
    Column("round", BigInteger, nullable=False),
    Column("number", BigInteger, nullable=False),
    Column("user_id", BigInteger, nullable=False),
    Column("rank", BigInteger, nullable=False),
    Column("score", BigInteger, nullable=False, server_default=text("0")),
    Column("points", Float, nullable=False),
    _flag("reported"),
    PrimaryKeyConstraint("tournament_id", "round", "user_id"),
)

# -- the undo audit trail, leases ------------------------------------------------------------------
undone_actions = Table(
    "undone_actions", metadata,
    _table_ref(),
    Column("n", BigInteger, nullable=False),
    Column("seat", BigInteger, nullable=False),
    Column("text", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("by_computer", BigInteger, nullable=False),
    Column("at", Float, nullable=False),
    Column("undone_at", Float, nullable=False),
)

#: which process holds a singleton job (the scheduler) or a shard's guilds, until when
leases = Table(
    "leases", metadata,
    Column("name", Text, primary_key=True),
    Column("owner", Text, nullable=False),
    Column("expires_at", Float, nullable=False),
)

# -- languages -------------------------------------------------------------------------------------
#: each user's language (Discord's locale name, as their latest interaction said) and each server's
#: (its preferred language, as the bot speaks it), for what the bot sends without an interaction:
#: turn DMs, tables a tournament opens
languages = Table(
    "languages", metadata,
    Column("kind", Text, nullable=False),
    Column("subject_id", BigInteger, nullable=False),       # the user's or the server's id
    Column("locale", Text, nullable=False),
    Column("updated_at", Float, nullable=False),
    CheckConstraint("kind IN ('user', 'server')"),
    PrimaryKeyConstraint("kind", "subject_id"),
)
