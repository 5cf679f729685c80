"""PostgreSQL store (asyncpg pool). For more than one bot process, or many busy servers.

Every write is one transaction on one pooled connection; PostgreSQL's own locking keeps
concurrent writers apart, so unlike SQLite there is no process-wide write lock. A refused write
(a constraint, a lost connection, a server that is down) raises StoreError and applies nothing;
the pool replaces broken connections on the next use, so the store works again once the server
is back. (One case no client can settle: a connection that breaks while the COMMIT itself is on
its way. The move is then reported as not saved although the server may have stored it; memory
and database agree again after a restart, and a retry of a move that was stored is refused as a
stale version.) The SQL the bot writes for SQLite is translated by :mod:`bot.store.dialect`.
"""
from __future__ import annotations

import asyncio
import socket
from typing import Sequence

import asyncpg

from bot.dsn import EXAMPLE, DsnError, check_dsn, describe_dsn, scrub
from bot.store.base import Statement, Store
from bot.store.dialect import ddl_to_postgres, to_postgres, with_returning_id
from bot.store.errors import StaleTableError, StoreError
from bot.store.migrations import MIGRATIONS, statements_of

# Failures of the database or of the way to it; all of them mean "not saved".
FAILURES = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError, asyncio.TimeoutError)
MIGRATION_LOCK = 0x626F617264          # pg_advisory_xact_lock key: one process migrates at a time


#: what the operator can do, by the kind of failure to connect
OPEN_ADVICE: tuple[tuple[type[BaseException], str], ...] = (
    (asyncpg.InvalidPasswordError, "check the user name and password in the database URL"),
    (asyncpg.InvalidAuthorizationSpecificationError, "check the user name in the database URL and that the server"
                                                     " lets it connect (pg_hba.conf)"),
    (asyncpg.InvalidCatalogNameError, "create the database first (createdb), or fix its name in the database URL"),
    (asyncpg.InsufficientPrivilegeError, "grant the user the rights to create tables in the database"),
    (asyncio.TimeoutError, "the server did not answer in time: check the host and port in the database URL, and"
                           " that no firewall is in the way"),
    (ConnectionRefusedError, "nothing listens there: check that PostgreSQL is running and the host and port in"
                             " the database URL"),
    (socket.gaierror, "the host name is not known: check the host in the database URL"),
)


def open_failure(error: BaseException, dsn: str) -> str:
    """Why the database could not be opened, in a sentence with advice, without any secret:
    messages of the server and of the socket layer, never the client's own parsing messages
    (those may quote parts of the URL)."""
    advice = next((text for kind, text in OPEN_ADVICE if isinstance(error, kind)), None)
    if isinstance(error, (asyncpg.PostgresError, OSError)):
        cause = str(error) or type(error).__name__
    elif isinstance(error, asyncio.TimeoutError):
        cause = "no answer"
    else:
        cause = "the database URL could not be used"
        advice = advice or f"check its form: {EXAMPLE}"
    text = f"{cause} — {advice}" if advice else cause
    return scrub(text, dsn)


class PostgresStore(Store):
    def __init__(self, dsn: str, pool_size: int = 5, *, connect_timeout: float = 10.0,
                 command_timeout: float = 30.0) -> None:
        self.dsn = dsn
        self.pool_size = pool_size
        self.connect_timeout = connect_timeout
        self.command_timeout = command_timeout
        self._pool: asyncpg.Pool | None = None
        self._id_tables: frozenset[str] = frozenset()

    @property
    def description(self) -> str:
        return describe_dsn(self.dsn)

    # -- life cycle ---------------------------------------------------------------------------
    async def open(self) -> "PostgresStore":
        try:
            check_dsn(self.dsn, "the database URL")
        except DsnError as error:
            raise StoreError(f"cannot open the database: {error}") from None
        try:
            self._pool = await asyncpg.create_pool(
                self.dsn, min_size=1, max_size=self.pool_size, timeout=self.connect_timeout,
                command_timeout=self.command_timeout)
            await self._migrate()
        except Exception as error:      # also the client's refusals of a URL: reported without quoting it
            await self.close()
            raise StoreError(f"cannot open the database ({self.description}): {open_failure(error, self.dsn)}") from None
        return self

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            try:
                await asyncio.wait_for(pool.close(), self.connect_timeout)
            except (asyncio.TimeoutError, *FAILURES):
                pool.terminate()

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("the store is not open")
        return self._pool

    async def _migrate(self) -> None:
        """Bring the schema up to date in one transaction (PostgreSQL DDL is transactional);
        an advisory lock makes processes that start together take turns."""
        async with self.pool.acquire() as con:
            async with con.transaction():
                await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await con.execute(ddl_to_postgres("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"))
                current = await con.fetchval("SELECT MAX(version) FROM schema_version") or 0
                for number, script in enumerate(MIGRATIONS, start=1):
                    if number > current:
                        for statement in statements_of(script):
                            await con.execute(ddl_to_postgres(statement))
                        await con.execute("INSERT INTO schema_version VALUES ($1)", number)
            rows = await con.fetch("SELECT table_name FROM information_schema.columns"
                                   " WHERE table_schema = current_schema() AND column_name = 'id'")
        self._id_tables = frozenset(r[0].lower() for r in rows)

    async def schema_version(self) -> int:
        rows = await self.fetch("SELECT MAX(version) FROM schema_version")
        return rows[0][0] or 0

    # -- primitives ---------------------------------------------------------------------------
    def _refused(self, error: BaseException) -> StoreError:
        if (isinstance(error, asyncpg.UniqueViolationError) and error.table_name == "actions"
                and error.constraint_name == "actions_pkey"):
            return StaleTableError(f"database write refused ({self.description}): this table version is already"
                                   f" saved, by another process ({error})")
        cause = scrub(str(error) or type(error).__name__, self.dsn)
        return StoreError(f"database write failed ({self.description}): {cause}")

    async def _transaction(self, statements: list[Statement], guard: int | None = None) -> list[int | None]:
        ids: list[int | None] = []
        try:
            async with self.pool.acquire(timeout=self.command_timeout) as con:
                async with con.transaction():
                    for index, (sql, params) in enumerate(statements):
                        text = to_postgres(sql)
                        returning = with_returning_id(text, self._id_tables)
                        if returning is not None:
                            ids.append(await con.fetchval(returning, *params))
                        else:
                            status = await con.execute(text, *params)       # e.g. "UPDATE 1"
                            if index == guard and status.rsplit(" ", 1)[-1] == "0":
                                raise StaleTableError(f"database write refused ({self.description}): the table"
                                                      " moved on (another process wrote it)")
                            ids.append(None)
        except FAILURES as error:
            raise self._refused(error) from error
        return ids

    async def write_many(self, sql: str, rows: Sequence[tuple]) -> None:
        try:
            async with self.pool.acquire(timeout=self.command_timeout) as con:
                async with con.transaction():
                    await con.executemany(to_postgres(sql), rows)
        except FAILURES as error:
            raise self._refused(error) from error

    async def import_rows(self, batches: list[tuple[str, list[str], list[tuple]]]) -> None:
        """Bulk-load ``(table, columns, rows)`` batches (COPY) in one transaction, then move each
        id counter past the largest copied id (see :mod:`bot.store.transfer`)."""
        try:
            async with self.pool.acquire(timeout=self.command_timeout) as con:
                async with con.transaction():
                    for table, columns, rows in batches:
                        if rows:
                            await con.copy_records_to_table(table, records=rows, columns=columns)
                        if table.lower() in self._id_tables:
                            await con.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                              f" COALESCE(MAX(id), 0) + 1, false) FROM {table}")
        except FAILURES as error:
            raise self._refused(error) from error

    async def fetch(self, sql: str, params: tuple = ()) -> list[asyncpg.Record]:
        try:
            async with self.pool.acquire(timeout=self.command_timeout) as con:
                return await con.fetch(to_postgres(sql), *params)
        except FAILURES as error:
            cause = scrub(str(error) or type(error).__name__, self.dsn)
            raise StoreError(f"database read failed ({self.description}): {cause}") from error
