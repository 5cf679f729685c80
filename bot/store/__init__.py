"""Persistence: tables, seats, the append-only action log, snapshots and results."""
from bot.store.records import ActionRecord, SeatRecord, TableRecord
from bot.store.sqlite import SqliteStore, StaleTableError, StoreError

__all__ = ["ActionRecord", "SeatRecord", "SqliteStore", "StaleTableError", "StoreError", "TableRecord"]
