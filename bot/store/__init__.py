"""Persistence: tables, seats, the append-only action log, snapshots and results.

``Store`` is the interface; ``SqliteStore`` (one process, a file) and ``PostgresStore`` (a server,
several processes) implement it; ``open_store(settings)`` opens the one config.yaml names."""
from bot.store.base import Row, Store
from bot.store.errors import StaleTableError, StoreError
from bot.store.factory import open_store, store_for
from bot.store.records import ActionRecord, SeatRecord, TableRecord
from bot.store.sqlite import SqliteStore

__all__ = ["ActionRecord", "Row", "SeatRecord", "SqliteStore", "StaleTableError", "Store", "StoreError", "TableRecord",
           "open_store", "store_for"]
