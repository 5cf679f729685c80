"""PostgreSQL store (asyncpg pool). For more than one bot process, or many busy servers.

Every write is one transaction on one pooled connection; PostgreSQL's own locking keeps
concurrent writers apart, so unlike SQLite there is no process-wide write lock. A refused write
(a constraint, a lost connection, a server that is down) raises StoreError and applies nothing;
the pool replaces broken connections on the next use, so the store works again once the server
is back. A read, or a write whose COMMIT had not gone out, that finds its connection gone (the
server restarted before the bot noticed) is run again on another connection instead of failing.
(One case no client can settle: a connection that breaks while the COMMIT itself is on
its way. The move is then reported as not saved although the server may have stored it; memory
and database agree again after a restart, and a retry of a move that was stored is refused as a
stale version.) SQLAlchemy's pool holds the connections, made by asyncpg itself from the
database URL, so the URL means exactly what asyncpg makes of it. Bulk loads and migrations go
through SQLAlchemy's asyncio engine; a write transaction runs the repositories' statements,
compiled once by the engine's dialect, on the pooled connection's asyncpg connection (see
:mod:`bot.store.compiled`; SQLAlchemy's execute path cost a saved move half again the client CPU),
and so does a read of a repository's statement (see :mod:`bot.store.compiled_reads`; others keep
SQLAlchemy's path).
"""
from __future__ import annotations

import asyncio
import socket
from typing import Any, Awaitable, Callable, Mapping, Sequence, TypeVar

import asyncpg
from sqlalchemy import Connection, Executable, PoolProxiedConnection, Row, text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.store.dsn import EXAMPLE, DsnError, check_dsn, describe_dsn, scrub
from bot.store.base import Store, current_revision, upgrade_schema
from bot.store.compiled import CompiledStatements, Progress, run_transaction
from bot.store.compiled_reads import CompiledReads
from bot.store.errors import NOT_OPEN, StaleTableError, StoreError, store_error
from bot.store.statements import ByDialect, Statement
from games.core.messages import N_, Msg

# Failures of the database or of the way to it; all of them mean "not saved".
FAILURES = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError, asyncio.TimeoutError,
            SQLAlchemyError)
T = TypeVar("T")
MIGRATION_LOCK = 0x626F617264          # pg_advisory_xact_lock key: one process migrates at a time


#: what the operator can do, by the kind of failure to connect
OPEN_ADVICE: tuple[tuple[type[BaseException], str], ...] = (
    (asyncpg.InvalidPasswordError, N_("check the user name and password in the database URL")),
    (asyncpg.InvalidAuthorizationSpecificationError, N_("check the user name in the database URL and that the server"
                                                        " lets it connect (pg_hba.conf)")),
    (asyncpg.InvalidCatalogNameError, N_("create the database first (createdb), or fix its name in the database URL")),
    (asyncpg.InsufficientPrivilegeError, N_("grant the user the rights to create tables in the database")),
    (asyncio.TimeoutError, N_("the server did not answer in time: check the host and port in the database URL, and"
                              " that no firewall is in the way")),
    (ConnectionRefusedError, N_("nothing listens there: check that PostgreSQL is running and the host and port in"
                                " the database URL")),
    (socket.gaierror, N_("the host name is not known: check the host in the database URL")),
)


def connection_lost(error: BaseException) -> bool:
    """Whether ``error`` says the connection is gone (the server restarted or dropped it), as
    opposed to the server refusing a statement or a wait running out."""
    cause = driver_error(error)
    return isinstance(cause, (asyncpg.ConnectionDoesNotExistError, asyncpg.InterfaceError, ConnectionError)) or (
        isinstance(cause, OSError) and not isinstance(cause, TimeoutError))


def driver_error(error: BaseException) -> BaseException:
    """asyncpg's (or the socket layer's) exception behind SQLAlchemy's wrappers."""
    while isinstance(error, DBAPIError) and error.orig is not None:
        error = error.orig
        if error.__cause__ is not None:      # SQLAlchemy's adapter raises its own error from asyncpg's
            error = error.__cause__
    return error


def open_failure(error: BaseException, dsn: str) -> Msg | str:
    """Why the database could not be opened, in a sentence with advice, without any secret:
    messages of the server and of the socket layer, never the client's own parsing messages
    (those may quote parts of the URL)."""
    error = driver_error(error)
    advice: Msg | None = next((Msg(text) for kind, text in OPEN_ADVICE if isinstance(error, kind)), None)
    cause: str | Msg
    if isinstance(error, (asyncpg.PostgresError, OSError)):
        cause = scrub(str(error) or type(error).__name__, dsn)
    elif isinstance(error, asyncio.TimeoutError):
        cause = Msg("no answer")
    else:
        cause = Msg("the database URL could not be used")
        advice = advice or Msg("check its form: {example}", {"example": EXAMPLE})
    return Msg("{cause} — {advice}", {"cause": cause, "advice": advice}) if advice else cause


def _migrate(connection: Connection) -> None:
    """Upgrade in one transaction (PostgreSQL DDL is transactional); an advisory lock makes
    processes that start together take turns."""
    with connection.begin():
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        upgrade_schema(connection)


class PostgresStore(Store):
    def __init__(self, dsn: str, pool_size: int = 5, *, connect_timeout: float = 10.0,
                 command_timeout: float = 30.0) -> None:
        self.dsn = dsn
        self.pool_size = pool_size
        self.connect_timeout = connect_timeout
        self.command_timeout = command_timeout
        self._engine: AsyncEngine | None = None
        self._compiled_statements: CompiledStatements | None = None
        self._compiled_reads: CompiledReads | None = None
        self._description: str | None = None

    @property
    def description(self) -> str:
        if self._description is None:           # parsed once: every write names the database if it fails
            self._description = describe_dsn(self.dsn)
        return self._description

    # -- life cycle ---------------------------------------------------------------------------
    async def _connect(self) -> asyncpg.Connection:
        return await asyncpg.connect(self.dsn, timeout=self.connect_timeout,  # pyright: ignore[reportArgumentType] (asyncpg takes seconds as a float)
                                     command_timeout=self.command_timeout)

    async def open(self) -> "PostgresStore":
        try:
            check_dsn(self.dsn, Msg("the database URL"))
        except DsnError as error:
            raise store_error("cannot open the database: {error}", error=error.msg) from None
        try:
            self._engine = create_async_engine("postgresql+asyncpg://", async_creator=self._connect,
                                               pool_size=self.pool_size, max_overflow=0,
                                               pool_timeout=self.command_timeout)
            async with self._engine.connect() as connection:
                await connection.run_sync(_migrate)
        except Exception as error:      # also the client's refusals of a URL: reported without quoting it
            await self.close()
            raise store_error("cannot open the database ({database}): {cause}", database=self.description,
                              cause=open_failure(error, self.dsn)) from None
        return self

    async def close(self) -> None:
        engine, self._engine = self._engine, None
        if engine is not None:
            try:
                await asyncio.wait_for(engine.dispose(), self.connect_timeout)
            except (asyncio.TimeoutError, *FAILURES):
                pass

    @property
    def is_open(self) -> bool:
        return self._engine is not None

    @property
    def _compiled(self) -> CompiledStatements:
        if self._compiled_statements is None:
            self._compiled_statements = CompiledStatements(self.engine.dialect)
        return self._compiled_statements

    @property
    def compiled_reads(self) -> CompiledReads:
        """Which reads run compiled (see :mod:`bot.store.compiled_reads`)."""
        if self._compiled_reads is None:
            self._compiled_reads = CompiledReads(self.engine.dialect)
        return self._compiled_reads

    @property
    def engine(self) -> AsyncEngine:
        if self._engine is None:
            raise StoreError(NOT_OPEN)
        return self._engine

    async def schema_revision(self) -> str | None:
        async with self.engine.connect() as connection:
            return await connection.run_sync(current_revision)

    async def run_sync(self, job: Callable[[Connection], T]) -> T:
        async with self.engine.connect() as connection:
            return await connection.run_sync(job)

    # -- primitives ---------------------------------------------------------------------------
    def _refused(self, error: BaseException) -> StoreError:
        error = driver_error(error)
        if (isinstance(error, asyncpg.UniqueViolationError) and getattr(error, "table_name", None) == "actions"
                and getattr(error, "constraint_name", None) == "actions_pkey"):
            return StaleTableError(Msg("database write refused ({database}): this table version is already saved, by"
                                       " another process ({cause})", {"database": self.description, "cause": str(error)}))
        cause = scrub(str(error) or type(error).__name__, self.dsn)
        return store_error("database write failed ({database}): {cause}", database=self.description, cause=cause)

    async def _transaction(self, statements: list[Statement], guard: int | None = None) -> list[int | None]:
        """On the pooled connection's asyncpg connection, the statements compiled once (see
        :mod:`bot.store.compiled`). A connection that failed other than by the server refusing
        a statement (lost, timed out, cancelled) is dropped from the pool. A transaction whose
        connection turns out gone before its COMMIT went out (the server restarted before the
        bot noticed) applied nothing: it is run again on another connection, at most as many
        times as the pool holds connections. One lost while committing is not (it may have
        been applied): the caller hears the store's error."""
        return await self._on_live_connection(lambda progress: self._transaction_once(statements, guard, progress))

    async def _on_live_connection(self, run: Callable[[Progress], Awaitable[T]]) -> T:
        """``run(progress)``, run again while it fails because its connection turns out gone
        before it committed anything (the server restarted before the bot noticed: the pooled
        connections still look open), at most as many times as the pool holds connections (by
        the last, one made new). Any other failure, and a connection lost while committing,
        raises at once."""
        for attempt in range(self.pool_size + 1):
            progress = Progress()
            try:
                return await run(progress)
            except StoreError as error:
                if attempt == self.pool_size or progress.committing or error.__cause__ is None \
                        or not connection_lost(error.__cause__):
                    raise
        raise AssertionError("the last attempt returns or raises")

    async def _transaction_once(self, statements: list[Statement], guard: int | None, progress: Progress
                                ) -> list[int | None]:
        try:
            pooled, driver = await self._checkout()
            try:
                return await run_transaction(driver, self._compiled, statements, guard, self.description, progress)
            except BaseException as error:
                if not isinstance(error, (asyncpg.PostgresError, StoreError)) or driver.is_closed():
                    pooled.invalidate(error)
                raise
            finally:
                pooled.close()
        except FAILURES as error:
            raise self._refused(error) from error

    async def _checkout(self, doing: str = "write") -> tuple[PoolProxiedConnection, asyncpg.Connection]:
        """A pooled connection and its asyncpg connection, still open: one the server closed
        while it waited in the pool (a restart) is replaced here rather than failing the write
        (or read: ``doing``)."""
        for attempt in range(self.pool_size + 1):
            pooled = await self.engine.raw_connection()
            driver = pooled.driver_connection
            if driver is not None and (not driver.is_closed() or attempt == self.pool_size):
                return pooled, driver
            pooled.invalidate()
            pooled.close()
        if doing == "read":
            raise store_error("database read failed ({database}): no open connection in the pool",
                              database=self.description)
        raise store_error("database write failed ({database}): no open connection in the pool", database=self.description)

    async def write_many(self, statement: Executable, rows: Sequence[Mapping[str, Any]]) -> None:
        try:
            async with self.engine.begin() as connection:
                await connection.execute(statement, list(rows))
        except FAILURES as error:
            raise self._refused(error) from error

    async def import_rows(self, batches: list[tuple[str, list[str], list[tuple]]]) -> None:
        """Bulk-load ``(table, columns, rows)`` batches (COPY) in one transaction, then move each
        id counter past the largest copied id (see :mod:`bot.store.transfer`)."""
        try:
            async with self.engine.connect() as connection:
                raw = await connection.get_raw_connection()
                con = raw.driver_connection
                assert con is not None, "an open connection has its driver's connection"
                async with con.transaction():
                    for table, columns, rows in batches:
                        if rows:
                            await con.copy_records_to_table(table, records=rows, columns=columns)
                        if "id" in columns:
                            await con.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                              f" COALESCE(MAX(id), 0) + 1, false) FROM {table}")
        except FAILURES as error:
            raise self._refused(error) from error

    async def fetch(self, statement: Executable | ByDialect, params: Mapping[str, Any] | None = None) -> list[Row]:
        """A repository's statement compiled once, on the pooled connection's asyncpg connection
        (see :mod:`bot.store.compiled_reads`); others through SQLAlchemy's engine. A connection that
        failed other than by the server refusing the statement is dropped from the pool. A read
        whose connection turns out gone is run again on another (:meth:`_on_live_connection`)."""
        if isinstance(statement, ByDialect):
            statement = statement.for_dialect("postgresql")
        params = params or {}
        return await self._on_live_connection(lambda _: self._fetch(statement, params))

    async def _fetch(self, statement: Executable, params: Mapping[str, Any]) -> list[Row]:
        try:
            plan = self.compiled_reads.plan(statement, params)
            if plan is not None:
                sql, arguments = plan.compiled.bind(params)
                pooled, driver = await self._checkout("read")
                try:
                    rows = await self.compiled_reads.run(driver, plan, sql, arguments)
                except BaseException as error:
                    if not isinstance(error, asyncpg.PostgresError) or driver.is_closed():
                        pooled.invalidate(error)
                    raise
                finally:
                    pooled.close()
                if rows is not None:
                    return rows
            async with self.engine.connect() as connection:
                connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
                return list((await connection.execute(statement, params)).fetchall())
        except FAILURES as error:
            cause = scrub(str(driver_error(error)) or type(error).__name__, self.dsn)
            raise store_error("database read failed ({database}): {cause}", database=self.description,
                              cause=cause) from error
