"""SQLite store (aiosqlite, WAL). Every write is one transaction behind a write lock, so
concurrent channels never interleave half-written work; ``synchronous=FULL`` makes a commit
durable before the move is acknowledged."""
from __future__ import annotations

import asyncio
import re
import sqlite3
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Sequence

import aiosqlite

from bot.store.base import Statement, Store
from bot.store.dialect import insert_target
from bot.store.errors import StaleTableError, StoreError
from bot.store.migrations import MIGRATIONS, statements_of

# The message SQLite gives for a duplicate (table_id, n) in the action log.
_STALE = re.compile(r"UNIQUE constraint failed: actions\.table_id, actions\.n\b")

_LOCKED = ("another program holds the database's write lock (a second bot on the same file, a backup, or an "
           "sqlite3 shell with an open transaction): stop it or end its transaction; each write waits 5 s for "
           "the lock before giving up")
#: what the operator can do, by SQLite's primary result code
ADVICE = {
    sqlite3.SQLITE_FULL: "the disk (or the database's size limit) is full: free disk space; "
                         "writes work again as soon as there is room",
    sqlite3.SQLITE_BUSY: _LOCKED,
    sqlite3.SQLITE_LOCKED: _LOCKED,
    sqlite3.SQLITE_READONLY: "the database cannot be written: check the permissions of the file and its folder, "
                             "and that the disk is not mounted read-only",
    sqlite3.SQLITE_IOERR: "the disk reported an I/O error: check the disk and the system log",
    sqlite3.SQLITE_CORRUPT: "the database file is damaged: stop the bot and restore the file from a backup",
    sqlite3.SQLITE_NOTADB: "the file is not an SQLite database: check database.path in config.yaml",
    sqlite3.SQLITE_CANTOPEN: "the database file cannot be opened: check database.path in config.yaml (it must name"
                             " a file, in a folder that exists and is writable)",
}


def advice(error: sqlite3.Error) -> str:
    """What the operator can do about ``error``, by SQLite's primary result code."""
    code = getattr(error, "sqlite_errorcode", None)
    return ADVICE.get(code & 0xFF if isinstance(code, int) else -1, "see SQLite's message")


def explain(error: sqlite3.Error, description: str) -> str:
    """An operator's line for a refused write: SQLite's words, then what to do."""
    return f"database write failed ({description}): {error} — {advice(error)}"


def _probe(path: str) -> None:
    """Open the file and read its header with plain sqlite3 first, so that a file that is no
    database, or cannot be opened, fails here: when aiosqlite's connect fails, its worker thread
    outlives the event loop and prints a traceback of its own."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA schema_version").fetchone()
    finally:
        connection.close()


class SqliteStore(Store):
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._write = asyncio.Lock()
        self._id_tables: frozenset[str] = frozenset()

    @property
    def description(self) -> str:
        return f"SQLite {self.path}"

    # -- life cycle ---------------------------------------------------------------------------
    async def open(self) -> "SqliteStore":
        """Connect and migrate; a file that cannot be used raises StoreError saying why and what
        to do (never SQLite's or the OS's exception as such)."""
        try:
            if self.path != ":memory:":
                folder = Path(self.path).parent
                if not folder.is_dir():
                    folder.mkdir(parents=True, exist_ok=True)
                await asyncio.to_thread(_probe, self.path)
            self._db = await aiosqlite.connect(self.path, isolation_level=None)
            self._db.row_factory = sqlite3.Row
            await self._db.execute("PRAGMA busy_timeout=5000")
            await self._db.execute("PRAGMA journal_mode=WAL")
            await self._db.execute("PRAGMA synchronous=FULL")
            await self._db.execute("PRAGMA foreign_keys=ON")
            await self._migrate()
        except StoreError as error:
            await self.close()
            raise StoreError(f"cannot open the database: {error}") from None
        except sqlite3.Error as error:
            await self.close()
            raise StoreError(f"cannot open the database ({self.description}): {error} — {advice(error)}") from None
        except OSError as error:
            await self.close()
            raise StoreError(f"cannot open the database ({self.description}): {error.strerror or error}"
                             f"{f' ({error.filename})' if error.filename else ''} — check database.path in config.yaml:"
                             " its folder must exist or be creatable, and be writable") from None
        return self

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def is_open(self) -> bool:
        return self._db is not None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    async def _migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS, start=1):
            if number > current:
                await self._transaction([(s, ()) for s in statements_of(script)]
                                        + [("INSERT INTO schema_version VALUES (?)", (number,))])
        rows = await self.fetch("SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c"
                                " WHERE m.type = 'table' AND c.name = 'id'")
        self._id_tables = frozenset(r[0].lower() for r in rows)

    async def schema_version(self) -> int:
        rows = await self.fetch("SELECT MAX(version) FROM schema_version")
        return rows[0][0] or 0

    @asynccontextmanager
    async def _immediate(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction, serialised with every other write of this process."""
        async with self._write:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield self.db
                    await self.db.execute("COMMIT")
                except BaseException:
                    await self._rollback()
                    raise
            except sqlite3.Error as error:
                raise self._refused(error) from error

    async def _rollback(self) -> None:
        """Undo the open transaction unless SQLite already has: it rolls back by itself after
        "database or disk is full" and some I/O errors, and a ROLLBACK then would fail with
        "no transaction is active" and hide the error that matters to the operator."""
        if not self.db.in_transaction:
            return
        try:
            await self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass        # the first error is the one raised; a connection still stuck shows at the next BEGIN

    def _refused(self, error: sqlite3.Error) -> StoreError:
        if isinstance(error, sqlite3.IntegrityError) and _STALE.search(str(error)):
            return StaleTableError(f"database write refused ({self.description}): this table version is already"
                                   f" saved, by another process ({error})")
        return StoreError(explain(error, self.description))

    async def _transaction(self, statements: list[Statement], guard: int | None = None) -> list[int | None]:
        ids: list[int | None] = []
        async with self._immediate() as db:
            for index, (sql, params) in enumerate(statements):
                cursor = await db.execute(sql, params)
                if index == guard and cursor.rowcount < 1:
                    raise StaleTableError(f"database write refused ({self.description}): the table moved on"
                                          " (another process wrote it)")
                inserted = insert_target(sql) in self._id_tables and cursor.rowcount > 0
                ids.append(cursor.lastrowid if inserted else None)
                await cursor.close()
        return ids

    async def write_many(self, sql: str, rows: Sequence[tuple]) -> None:
        async with self._immediate() as db:
            await db.executemany(sql, rows)

    async def fetch(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        try:
            async with self.db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())
        except sqlite3.Error as error:
            raise StoreError(f"database read failed ({self.description}): {error} — {advice(error)}") from error
