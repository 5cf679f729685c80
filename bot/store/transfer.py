"""Copy a SQLite database into an empty PostgreSQL one (``python -m bot migrate-sqlite-to-postgres``).

Both stores are opened first, so both schemas are at the newest revision; then every table's rows
are copied in one PostgreSQL transaction (all or nothing) and the id counters are moved past the
copied ids. The PostgreSQL database must be empty: a copy never merges into existing data.
"""
from __future__ import annotations

from pathlib import Path

from sqlalchemy import literal_column, select

from bot.store.errors import StoreError
from bot.store.postgres import PostgresStore
from bot.store.schema import metadata
from bot.store.sqlite import SqliteStore


async def copy_sqlite_to_postgres(source: SqliteStore, target: PostgresStore) -> dict[str, int]:
    """Copy every row of ``source`` into ``target`` (both open); returns rows copied per table."""
    source_revision, target_revision = await source.schema_revision(), await target.schema_revision()
    if source_revision != target_revision:
        raise StoreError(f"the schemas differ ({source.description} revision {source_revision},"
                         f" {target.description} revision {target_revision}); update the bot first")
    tables = metadata.sorted_tables          # parents before the tables that reference them
    for table in tables:
        if await target.fetch(select(literal_column("1")).select_from(table).limit(1)):
            raise StoreError(f"{target.description} already holds data (table {table.name}); copy only into a new,"
                             " empty database")
    batches = []
    for table in tables:
        columns = [column.name for column in table.columns]
        rows = await source.fetch(select(table))
        batches.append((table.name, columns, [tuple(r) for r in rows]))
    await target.import_rows(batches)
    return {name: len(rows) for name, _columns, rows in batches}


async def migrate_sqlite_to_postgres(path: str, dsn: str) -> str:
    """The command: copy the SQLite file at ``path`` into the PostgreSQL database at ``dsn``;
    returns a one-line summary (StoreError says what went wrong; nothing is copied then)."""
    if not Path(path).is_file():
        raise StoreError(f"there is no SQLite database at {path} (database.path, or --from)")
    source = await SqliteStore(path).open()
    try:
        target = await PostgresStore(dsn, pool_size=2).open()
        try:
            copied = await copy_sqlite_to_postgres(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
    rows = sum(copied.values())
    return (f"Copied {rows} rows ({copied.get('game_tables', 0)} game tables) from {source.description} to"
            f" {target.description}. Set database.backend: postgres and start the bot.")
