"""SQLite store (SQLAlchemy Core over Python's sqlite3, WAL, on a thread of its own).

SQLite's driver blocks, so the store gives it one worker thread holding the one connection, and
hands it whole transactions: a write (every statement and the commit) or a read is one trip to
that thread and back. This is what aiosqlite does per statement; SQLAlchemy's aiosqlite dialect
makes three trips per statement, so a transaction of several statements waits on the thread many
times where one trip per transaction waits once (the figures: docs/performance.md, "Why the
stores run their own paths"). The thread runs one job at a time, so
concurrent channels never interleave half-written work and a read never sees a write half done;
``synchronous=FULL`` makes a commit durable before the move is acknowledged.

Transactions use Python's sqlite3 handling with ``BEGIN IMMEDIATE``: the driver opens the
transaction (taking the database's write lock at once) before the first statement that changes
rows, and SQLAlchemy's commit ends it."""
from __future__ import annotations

import asyncio
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TypeVar

from sqlalchemy import Connection, Engine, Executable, Row, create_engine
from sqlalchemy.exc import DBAPIError

from bot.store.base import Store, current_revision, run_statements, upgrade_schema
from bot.store.errors import NOT_OPEN, StaleTableError, StoreError, store_error
from games.core.messages import N_, Msg
from bot.store.statements import ByDialect, Statement

# The message SQLite gives for a duplicate (table_id, n) in the action log.
_STALE = re.compile(r"UNIQUE constraint failed: actions\.table_id, actions\.n\b")

_LOCKED = N_("another program holds the database's write lock (a second bot on the same file, a backup, or an "
           "sqlite3 shell with an open transaction): stop it or end its transaction; each write waits 5 s for "
           "the lock before giving up")
#: what the operator can do, by SQLite's primary result code
ADVICE = {
    sqlite3.SQLITE_FULL: N_("the disk (or the database's size limit) is full: free disk space; "
                            "writes work again as soon as there is room"),
    sqlite3.SQLITE_BUSY: _LOCKED,
    sqlite3.SQLITE_LOCKED: _LOCKED,
    sqlite3.SQLITE_READONLY: N_("the database cannot be written: check the permissions of the file and its folder, "
                                "and that the disk is not mounted read-only"),
    sqlite3.SQLITE_IOERR: N_("the disk reported an I/O error: check the disk and the system log"),
    sqlite3.SQLITE_CORRUPT: N_("the database file is damaged: stop the bot and restore the file from a backup"),
    sqlite3.SQLITE_NOTADB: N_("the file is not an SQLite database: check database.path in config.yaml"),
    sqlite3.SQLITE_CANTOPEN: N_("the database file cannot be opened: check database.path in config.yaml (it must"
                                " name a file, in a folder that exists and is writable)"),
}


def advice(error: BaseException) -> Msg:
    """What the operator can do about ``error``, by SQLite's primary result code."""
    code = getattr(error, "sqlite_errorcode", None)
    return Msg(ADVICE.get(code & 0xFF if isinstance(code, int) else -1, N_("see SQLite's message")))


def explain(error: sqlite3.Error, description: str) -> Msg:
    """An operator's line for a refused write: SQLite's words, then what to do."""
    return Msg("database write failed ({database}): {cause} — {advice}",
               {"database": description, "cause": str(error), "advice": advice(error)})


def _probe(path: str) -> None:
    """Open the file and read its header with plain sqlite3 first, so that a file that is no
    database, or cannot be opened, fails here with SQLite's own message and code (for the advice)
    before the store's thread and engine are made."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA schema_version").fetchone()
    finally:
        connection.close()


PRAGMAS = ("PRAGMA busy_timeout=5000", "PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON")

T = TypeVar("T")


def _sqlite_error(error: BaseException) -> BaseException:
    """SQLite's own exception behind SQLAlchemy's wrapper."""
    return error.orig if isinstance(error, DBAPIError) and error.orig is not None else error


def _connect(path: str) -> tuple[Engine, Connection]:
    """The engine and the store's one connection, set up and migrated (on the worker thread)."""
    engine = create_engine(f"sqlite:///{path}", connect_args={"isolation_level": "IMMEDIATE"})
    try:
        connection = engine.connect()
        try:
            for pragma in PRAGMAS:
                connection.exec_driver_sql(pragma)
            connection.commit()
            with connection.begin():        # the upgrade holds the write lock from its start
                connection.exec_driver_sql("BEGIN IMMEDIATE")
                upgrade_schema(connection)
        except BaseException:
            connection.close()
            raise
    except BaseException:
        engine.dispose()
        raise
    return engine, connection


def _commit(connection: Connection, statements: Sequence[Statement], guard: int | None,
            description: str) -> list[int | None]:
    try:
        ids = run_statements(connection, statements, guard, description)
        connection.commit()
        return ids
    except BaseException:
        _rollback(connection)
        raise


def _rollback(connection: Connection) -> None:
    """Undo the open transaction unless SQLite already has: it rolls back by itself after
    "database or disk is full" and some I/O errors, and a ROLLBACK then would fail with
    "no transaction is active" and hide the error that matters to the operator."""
    try:
        connection.rollback()
    except DBAPIError:
        pass        # the first error is the one raised; a connection still stuck shows at the next write


def _read(connection: Connection, statement: Executable | ByDialect, params: Mapping[str, Any]) -> list[Row]:
    if isinstance(statement, ByDialect):
        statement = statement.for_dialect("sqlite")
    try:
        return list(connection.execute(statement, params).fetchall())
    finally:
        _rollback(connection)       # ends SQLAlchemy's transaction; a read opened none in SQLite


class SqliteStore(Store):
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._engine: Engine | None = None
        self._connection: Connection | None = None
        self._thread: ThreadPoolExecutor | None = None

    @property
    def description(self) -> str:
        return f"SQLite {self.path}"

    async def _on_thread(self, job: Callable[..., T], *args: Any) -> T:
        if self._thread is None:
            raise StoreError(NOT_OPEN)
        return await asyncio.get_running_loop().run_in_executor(self._thread, job, *args)

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
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="sqlite-store")
            self._engine, self._connection = await self._on_thread(_connect, self.path)
        except StoreError as error:
            await self.close()
            raise store_error("cannot open the database: {error}", error=error.msg) from None
        except (sqlite3.Error, DBAPIError) as error:
            await self.close()
            cause = _sqlite_error(error)
            raise store_error("cannot open the database ({database}): {cause} — {advice}", database=self.description,
                              cause=str(cause), advice=advice(cause)) from None
        except OSError as error:
            await self.close()
            cause = f"{error.strerror or error}{f' ({error.filename})' if error.filename else ''}"     # the system's words
            raise store_error("cannot open the database ({database}): {cause} — check database.path in config.yaml:"
                              " its folder must exist or be creatable, and be writable",
                              database=self.description, cause=cause) from None
        return self

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        engine, self._engine = self._engine, None
        thread = self._thread
        if thread is None:
            return
        if connection is not None:
            await asyncio.get_running_loop().run_in_executor(thread, connection.close)
        if engine is not None:
            await asyncio.get_running_loop().run_in_executor(thread, engine.dispose)
        self._thread = None
        thread.shutdown(wait=False)

    @property
    def is_open(self) -> bool:
        return self._connection is not None

    @property
    def connection(self) -> Connection:
        if self._connection is None:
            raise StoreError(NOT_OPEN)
        return self._connection

    async def schema_revision(self) -> str | None:
        return await self._on_thread(current_revision, self.connection)

    async def run_sync(self, job: Callable[[Connection], T]) -> T:
        def run(connection: Connection) -> T:
            try:
                return job(connection)
            finally:
                _rollback(connection)
        return await self._on_thread(run, self.connection)

    async def maintenance(self, statement: str) -> list[tuple]:
        """Run one statement of the operator's (``VACUUM``, ``PRAGMA ...``) on the store's
        connection; returns its rows."""
        def run(connection: Connection) -> list[tuple]:
            try:
                result = connection.exec_driver_sql(statement)
                rows = [tuple(r) for r in result.fetchall()] if result.returns_rows else []
                connection.commit()
                return rows
            except BaseException:
                _rollback(connection)
                raise
        try:
            return await self._on_thread(run, self.connection)
        except (DBAPIError, sqlite3.Error) as error:
            raise self._refused(_sqlite_error(error)) from error

    def _refused(self, error: BaseException) -> StoreError:
        if isinstance(error, sqlite3.IntegrityError) and _STALE.search(str(error)):
            return StaleTableError(Msg("database write refused ({database}): this table version is already saved, by"
                                       " another process ({cause})", {"database": self.description, "cause": str(error)}))
        if isinstance(error, sqlite3.Error):
            return StoreError(explain(error, self.description))
        return store_error("database write failed ({database}): {cause}", database=self.description, cause=str(error))

    async def _transaction(self, statements: list[Statement], guard: int | None = None) -> list[int | None]:
        try:
            return await self._on_thread(_commit, self.connection, statements, guard, self.description)
        except (DBAPIError, sqlite3.Error) as error:
            raise self._refused(_sqlite_error(error)) from error

    async def write_many(self, statement: Executable, rows: Sequence[Mapping[str, Any]]) -> None:
        def run(connection: Connection) -> None:
            try:
                connection.execute(statement, list(rows))
                connection.commit()
            except BaseException:
                _rollback(connection)
                raise
        try:
            await self._on_thread(run, self.connection)
        except (DBAPIError, sqlite3.Error) as error:
            raise self._refused(_sqlite_error(error)) from error

    async def fetch(self, statement: Executable | ByDialect, params: Mapping[str, Any] | None = None) -> list[Row]:
        try:
            return await self._on_thread(_read, self.connection, statement, params or {})
        except (DBAPIError, sqlite3.Error) as error:
            cause = _sqlite_error(error)
            raise store_error("database read failed ({database}): {cause} — {advice}", database=self.description,
                              cause=str(cause), advice=advice(cause)) from error
