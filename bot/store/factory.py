"""The store the operator chose in config.yaml (``database.backend``)."""
from __future__ import annotations

from bot.store.base import Store
from bot.store.sqlite import SqliteStore


def store_for(backend: str, *, path: str, dsn: str | None, pool_size: int) -> Store:
    """An unopened store: ``backend`` "postgres" (at ``dsn``, with ``pool_size`` connections) or
    "sqlite" (the file at ``path``)."""
    if backend == "postgres":
        from bot.store.postgres import PostgresStore

        return PostgresStore(dsn or "", pool_size)
    return SqliteStore(path)


async def open_store(backend: str, *, path: str, dsn: str | None, pool_size: int) -> Store:
    """The store, connected and migrated (StoreError if the database cannot be opened)."""
    return await store_for(backend, path=path, dsn=dsn, pool_size=pool_size).open()
