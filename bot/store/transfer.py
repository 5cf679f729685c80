"""Copy a SQLite database into an empty PostgreSQL one (``python -m bot migrate-sqlite-to-postgres``).

Both stores are opened first, so both schemas are at the newest revision; then every table's rows
are copied in one PostgreSQL transaction (all or nothing) and the id counters are moved past the
copied ids. The PostgreSQL database must be empty: a copy never merges into existing data.
"""
from __future__ import annotations

from pathlib import Path

from sqlalchemy import literal_column, select

from bot.store.errors import store_error
from bot.store.postgres import PostgresStore
from bot.store.schema import metadata
from bot.store.sqlite import SqliteStore
from games.core.messages import Msg, counted


async def copy_sqlite_to_postgres(source: SqliteStore, target: PostgresStore) -> dict[str, int]:
    """Copy every row of ``source`` into ``target`` (both open); returns rows copied per table."""
    source_revision, target_revision = await source.schema_revision(), await target.schema_revision()
    if source_revision != target_revision:
        raise store_error("the schemas differ ({source} revision {source_revision}, {target} revision"
                          " {target_revision}); update the bot first", source=source.description,
                          source_revision=str(source_revision), target=target.description,
                          target_revision=str(target_revision))
    tables = metadata.sorted_tables          # parents before the tables that reference them
    for table in tables:
        if await target.fetch(select(literal_column("1")).select_from(table).limit(1)):
            raise store_error("{database} already holds data (table {table}); copy only into a new, empty database",
                              database=target.description, table=table.name)
    batches = []
    for table in tables:
        columns = [column.name for column in table.columns]
        rows = await source.fetch(select(table))
        batches.append((table.name, columns, [tuple(r) for r in rows]))
    await target.import_rows(batches)
    return {name: len(rows) for name, _columns, rows in batches}


async def migrate_sqlite_to_postgres(path: str, dsn: str) -> Msg:
    """The command: copy the SQLite file at ``path`` into the PostgreSQL database at ``dsn``;
    returns a one-line summary (StoreError says what went wrong; nothing is copied then)."""
    if not Path(path).is_file():
        raise store_error("there is no SQLite database at {path} (database.path, or --from)", path=path)
    source = await SqliteStore(path).open()
    try:
        target = await PostgresStore(dsn, pool_size=2).open()
        try:
            copied = await copy_sqlite_to_postgres(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
    return copied_summary(sum(copied.values()), copied.get("game_tables", 0), source.description, target.description)


def copied_summary(rows: int, tables: int, source: str, target: str) -> Msg:
    """The command's last line: what was copied where, and what to do next."""
    return Msg("Copied {rows} ({tables}) from {source} to {target}. Set database.backend: postgres and start the bot.",
               {"rows": counted("{count} row", "{count} rows", count=rows),
                "tables": counted("{count} game table", "{count} game tables", count=tables),
                "source": source, "target": target})
