"""Persistence: tables, seats, the append-only action log, snapshots and results.

``Store`` is the interface; ``SqliteStore`` (one process, a file) and ``PostgresStore`` (a server,
several processes) implement it; ``open_store(...)`` opens the one config.yaml names. One
schema (``schema``, SQLAlchemy Core) serves both, Alembic migrations (``schema_migrations``) run
when a store opens, and every statement lives in a repository of this package: ``game_tables``
(tables, seats, the action log, results, undo), ``jobs``, ``leases`` (the scheduler's lease and
shard claims), ``turn_timers``, ``ratings``, ``tournaments`` and ``languages`` (each user's
and each server's language)."""
from bot.store.base import Row, Store
from bot.store.errors import StaleTableError, StoreError
from bot.store.factory import open_store, store_for
from bot.store.records import ActionRecord, SeatRecord, TableRecord
from bot.store.sqlite import SqliteStore

__all__ = ["ActionRecord", "Row", "SeatRecord", "SqliteStore", "StaleTableError", "Store", "StoreError", "TableRecord",
           "open_store", "store_for"]
