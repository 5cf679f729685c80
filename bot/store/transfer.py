"""Copy a SQLite database into an empty PostgreSQL one (``python -m bot migrate-sqlite-to-postgres``).

Both stores are opened first, so both schemas are at the newest migration; then every table's rows
are copied in one PostgreSQL transaction (all or nothing) and the id counters are moved past the
copied ids. The PostgreSQL database must be empty: a copy never merges into existing data.
"""
from __future__ import annotations

from pathlib import Path

from bot.store.errors import StoreError
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore


async def source_tables(source: SqliteStore) -> list[tuple[str, list[str]]]:
    """The bot's tables in creation order (parents before the tables that reference them)."""
    tables = await source.fetch("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                                " AND name != 'schema_version' ORDER BY rowid")
    result = []
    for row in tables:
        columns = await source.fetch("SELECT name FROM pragma_table_info(?) ORDER BY cid", (row[0],))
        result.append((row[0], [c[0] for c in columns]))
    return result


async def copy_sqlite_to_postgres(source: SqliteStore, target: PostgresStore) -> dict[str, int]:
    """Copy every row of ``source`` into ``target`` (both open); returns rows copied per table."""
    if await source.schema_version() != await target.schema_version():
        raise StoreError(f"the schemas differ ({source.description} version {await source.schema_version()},"
                         f" {target.description} version {await target.schema_version()}); update the bot first")
    tables = await source_tables(source)
    for name, _columns in tables:
        if await target.fetch(f"SELECT 1 FROM {name} LIMIT 1"):
            raise StoreError(f"{target.description} already holds data (table {name}); copy only into a new, empty"
                             " database")
    batches = []
    for name, columns in tables:
        quoted = ", ".join('"' + column + '"' for column in columns)
        rows = await source.fetch(f"SELECT {quoted} FROM {name}")
        batches.append((name, columns, [tuple(r) for r in rows]))
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
