"""The store the operator chose in config.yaml (``database.backend``)."""
from __future__ import annotations

from bot.config import Settings
from bot.store.base import Store
from bot.store.sqlite import SqliteStore


def store_for(settings: Settings) -> Store:
    """An unopened store for ``settings``."""
    if settings.database_backend == "postgres":
        from bot.store.postgres import PostgresStore

        return PostgresStore(settings.database_dsn or "", settings.database_pool_size)
    return SqliteStore(settings.database_path)


async def open_store(settings: Settings) -> Store:
    """The configured store, connected and migrated (StoreError if the database cannot be opened)."""
    return await store_for(settings).open()
