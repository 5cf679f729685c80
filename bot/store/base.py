"""What the service and the extension modules rely on, whatever database is behind it.

``Store`` runs SQLAlchemy Core statements (on SQLite through a worker thread, on PostgreSQL through
SQLAlchemy's asyncio engine over asyncpg, the repositories' writes and reads compiled once and run
on asyncpg's connection) and holds the table/seat/action/result operations of the service once;
their statements live in :mod:`bot.store.game_tables`, and those of the extensions in the other
repositories of this package (jobs, turn_timers, ratings, tournaments, leases, languages). A backend supplies the engine, how a
write transaction starts, and what a refused write means.

Extensions that must write next to another concern's rows (a game's end with its rating, a timer
next to a job) collect the repositories' :data:`Statement` s and hand them to :meth:`Store.write`,
which runs them in one transaction.
"""
from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Executable, Row, insert

from bot.store.shards import SINGLE, Shards
from bot.store import game_tables as q
from bot.store import languages as lang
from bot.store.errors import table_moved_on
from bot.store.schema import metadata
from bot.store.records import ActionRecord, SeatRecord, TableRecord
from bot.store.statements import ByDialect, Statement

T = TypeVar("T")
log = logging.getLogger(__name__)
logging.getLogger("alembic").setLevel(logging.WARNING)      # its lines at each open say nothing to an operator

MIGRATIONS = Path(__file__).with_name("schema_migrations")


def alembic_config(connection: Connection) -> Config:
    """Alembic's configuration for migrating over ``connection`` (no alembic.ini)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def upgrade_schema(connection: Connection) -> None:
    """Bring the schema to the newest revision (inside the caller's transaction). Alembic's own
    lines (one per open) stay out of the operator's log; an upgrade is logged here, once."""
    before = current_revision(connection)
    command.upgrade(alembic_config(connection), "head")
    after = current_revision(connection)
    if before != after:
        log.info("database schema upgraded from %s to revision %s", f"revision {before}" if before else "nothing", after)


def head_revision() -> str:
    """The newest revision of the schema migrations."""
    return ScriptDirectory(str(MIGRATIONS)).get_current_head() or ""


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def run_statements(connection: Connection, statements: Sequence[Statement], guard: int | None,
                   description: str) -> list[int | None]:
    """Execute ``statements`` on ``connection`` (inside its transaction); returns the id each
    ``RETURNING`` statement gave (None for the others and for a row not added). The statement at
    ``guard`` must change a row, else StaleTableError."""
    dialect = connection.dialect.name
    ids: list[int | None] = []
    for index, (statement, params) in enumerate(statements):
        if isinstance(statement, ByDialect):
            statement = statement.for_dialect(dialect)
        result = connection.execute(statement, params)
        if index == guard and result.rowcount < 1:
            raise table_moved_on(description)
        ids.append(result.scalar() if result.returns_rows else None)
    return ids


class Store(ABC):
    """The persistence interface of the bot (see the module docstring)."""

    # -- what a backend provides ----------------------------------------------------------------
    @abstractmethod
    async def open(self) -> "Store":
        """Connect and bring the schema up to date; returns the store."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def _transaction(self, statements: list[Statement], guard: int | None = None) -> list[int | None]:
        """Run statements atomically (see :func:`run_statements`). Any refusal raises StoreError
        (StaleTableError for a version already in ``actions``, and when the statement at index
        ``guard`` changes no row) and applies nothing."""

    @abstractmethod
    async def fetch(self, statement: Executable | ByDialect, params: Mapping[str, Any] | None = None) -> list[Row]:
        """Rows of a query (for the repositories of this package, and tests); a database failure
        raises StoreError."""

    @abstractmethod
    async def write_many(self, statement: Executable, rows: Sequence[Mapping[str, Any]]) -> None:
        """One statement for many parameter rows, in one transaction (bulk loads)."""

    @property
    @abstractmethod
    def description(self) -> str:
        """Which database this is, for log lines (never a password)."""

    @property
    @abstractmethod
    def is_open(self) -> bool: ...

    @abstractmethod
    async def schema_revision(self) -> str | None:
        """The Alembic revision the database is at."""

    @abstractmethod
    async def run_sync(self, job: Callable[[Connection], T]) -> T:
        """``job(connection)`` on a connection of the store, rolled back after it (for looking at
        the schema: Alembic's comparisons, SQLAlchemy's inspector)."""

    # -- writes ---------------------------------------------------------------------------------
    async def write(self, statements: Iterable[Statement], guard: int | None = None) -> list[int | None]:
        """Run the repositories' statements in one transaction; returns each ``RETURNING``
        statement's new row id. ``guard``: the index of a statement that must change a row
        (such as an update guarded by the table's version), else nothing is applied and
        StaleTableError is raised."""
        return await self._transaction(list(statements), guard)

    async def bulk_insert(self, table: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """Add many rows to one of the bot's tables (by name) in one transaction (benchmarks' loads)."""
        await self.write_many(insert(metadata.tables[table]), rows)

    # -- tables and seats -----------------------------------------------------------------------
    async def create_table(self, channel_id: int, guild_id: int | None, game: str, host_id: int,
                           options: list[str], seed: int, seats: Sequence[SeatRecord]) -> int:
        """A new table in its lobby with ``seats`` seated (the host's first)."""
        now = time.time()
        ids = await self._transaction([(q.NEW_TABLE, {
            "channel_id": channel_id, "guild_id": guild_id, "game": game, "host_id": host_id, "status": "lobby",
            "options": q.dumps(sorted(options)), "seed": seed, "created_at": now, "updated_at": now,
            "announced_version": -1})])
        table_id = int(ids[0] or 0)
        await self.put_seats(table_id, list(seats))
        return table_id

    async def put_seats(self, table_id: int, seats: list[SeatRecord], host_id: int | None = None) -> None:
        """Replace the table's seats with ``seats`` (lobby changes, start order, resignations)."""
        statements: list[Statement] = [(q.DROP_SEATS, {"table_id": table_id})]
        if host_id is not None:
            statements.append((q.SET_HOST, {"table_id": table_id, "host": host_id}))
        statements += q.seat_rows(table_id, seats)
        statements.append((q.TOUCH, {"table_id": table_id, "now": time.time()}))
        await self._transaction(statements)

    async def set_options(self, table_id: int, options: list[str]) -> None:
        await self._transaction([(q.SET_OPTIONS, {"table_id": table_id, "new_options": q.dumps(sorted(options)),
                                                  "now": time.time()})])

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        await self._transaction([(q.SET_LOBBY_MESSAGE, {"table_id": table_id, "message_id": message_id})])

    async def start_table(self, table_id: int, seats: list[SeatRecord], snapshot: dict | str) -> None:
        statements: list[Statement] = [(q.DROP_SEATS, {"table_id": table_id})]
        statements += q.seat_rows(table_id, seats)
        statements.append((q.START, {"table_id": table_id, "new_snapshot": q.dumps(snapshot), "now": time.time()}))
        await self._transaction(statements)

    async def append_actions(self, table_id: int, actions: list[ActionRecord], snapshot: dict | str,
                             seats: list[SeatRecord] | None = None, *, takebacks: int | None = None) -> None:
        """Append to the log and move the snapshot forward in one transaction. The first action
        must follow the stored version (``n == version + 1``) and, when ``takebacks`` is given,
        the table must still count that many moves taken back; when another process has written
        the table since it was loaded, StaleTableError is raised and nothing changes."""
        statements = q.log_rows(table_id, actions, seats)
        if actions:         # the snapshot moves only from the version the actions follow
            statements.append((q.MOVE_ON, {"table_id": table_id, "from_version": actions[0].n - 1,
                                           "new_snapshot": q.dumps(snapshot), "to_version": actions[-1].n,
                                           "copy_takebacks": takebacks, "now": time.time()}))
        else:
            statements.append((q.SET_SNAPSHOT, {"table_id": table_id, "new_snapshot": q.dumps(snapshot),
                                                "now": time.time()}))
        await self._transaction(statements, guard=len(statements) - 1 if actions else None)

    async def catch_up_snapshot(self, table_id: int, snapshot: str, version: int, stored_version: int) -> None:
        """Store the snapshot that log rows past the stored one lead to (found on restore), only
        while the table is still at ``stored_version``."""
        await self._transaction([(q.CATCH_UP, {"table_id": table_id, "new_snapshot": snapshot, "to_version": version,
                                               "from_version": stored_version})])

    async def finish_table(self, table_id: int, status: str, results: list[tuple[int, int | None, int, int]], *,
                           version: int | None = None, actions: Sequence[ActionRecord] = (),
                           snapshot: dict | str | None = None, seats: list[SeatRecord] | None = None,
                           extra: Sequence[Statement] = (), takebacks: int | None = None) -> None:
        """Close a table: ``results`` rows are (seat, user_id, rank, score).

        A game's end is one transaction: its last ``actions`` (the log rows and the ``snapshot``
        they lead to, ``seats`` as they are now), the results, the status, and ``extra`` (what
        extensions write with it: rating changes, a tournament result). With ``version`` (the
        version the caller's copy holds) only a table still open at that version is closed;
        otherwise StaleTableError is raised and nothing changes, so a game never ends twice;
        ``takebacks`` (the count of moves taken back that copy holds) is checked the same way."""
        statements = q.log_rows(table_id, actions, seats)
        statements += [(q.PUT_RESULT, {"table_id": table_id, "seat": seat, "user_id": user, "rank": rank, "score": score})
                       for seat, user, rank, score in results]
        guard = None
        if version is None:
            statements.append((q.SET_STATUS, {"table_id": table_id, "new_status": status, "now": time.time()}))
        else:
            guard = len(statements)
            statements.append((q.CLOSE_AT_VERSION, {
                "table_id": table_id, "at_version": version, "new_status": status,
                "to_version": actions[-1].n if actions else version,
                "new_snapshot": None if snapshot is None else q.dumps(snapshot), "copy_takebacks": takebacks,
                "now": time.time()}))
        statements += list(extra)
        await self._transaction(statements, guard=guard)

    async def mark_announced(self, marks: Iterable[tuple[int, int]]) -> None:
        """Record that the message of (table id, version) went out to the channel, in one
        transaction. A mark for a version the table has moved past changes nothing: that later
        version still waits for its own announcement."""
        statements: list[Statement] = [(q.MARK_ANNOUNCED, {"table_id": table_id, "at_version": version})
                                       for table_id, version in marks]
        if statements:
            await self._transaction(statements)

    # -- reads --------------------------------------------------------------------------------
    async def table(self, table_id: int) -> TableRecord | None:
        rows = await self.fetch(q.TABLE, {"table_id": table_id})
        if not rows:
            return None
        seats = await self.fetch(q.SEATS_OF, {"table_id": table_id})
        return q.table_record(rows[0], [q.seat_record(r) for r in seats])

    async def last_finished(self, channel_id: int) -> TableRecord | None:
        """The channel's most recently finished table (its result can be shown again), or None."""
        return await self.last_table(channel_id, ("finished",))

    async def last_table(self, channel_id: int, statuses: Sequence[str]) -> TableRecord | None:
        """The channel's newest table with one of ``statuses``, or None."""
        rows = await self.fetch(q.last_in_channel(statuses), {"channel_id": channel_id})
        return await self.table(rows[0].id) if rows else None

    async def open_tables(self, shards: Shards = SINGLE) -> list[TableRecord]:
        """Every lobby and running table (of the guilds on ``shards``), for restoring after a restart."""
        rows = await self.fetch(q.open_tables(shards))
        seats: dict[int, list[SeatRecord]] = {}
        for r in await self.fetch(q.open_seats(shards)):
            seats.setdefault(r.table_id, []).append(q.seat_record(r))
        return [q.table_record(row, seats.get(row.id, [])) for row in rows]

    async def unannounced_endings(self, shards: Shards = SINGLE) -> list[TableRecord]:
        """Finished tables (of the guilds on ``shards``) whose end was stored but whose end
        message was never sent (the process stopped in between), for announcing after a restart."""
        found = []
        for row in await self.fetch(q.unannounced_endings(shards)):
            seats = await self.fetch(q.SEATS_OF, {"table_id": row.id})
            found.append(q.table_record(row, [q.seat_record(r) for r in seats]))
        return found

    async def open_table_head(self, channel_id: int) -> tuple[int, str, int, int] | None:
        """(id, status, version, moves taken back) of the channel's open table: a cheap check
        whether a copy held in memory is still current when several processes share the store
        (after an undo and a move the version is the same again, the count of moves taken back not)."""
        rows = await self.fetch(q.OPEN_HEAD, {"channel_id": channel_id})
        return (rows[0].id, rows[0].status, rows[0].version, rows[0].takebacks) if rows else None

    async def open_tables_of(self, user_id: int, guild_id: int | None) -> list[int]:
        """Ids of the open tables where ``user_id`` sits as a person (in ``guild_id``; anywhere when None)."""
        params = {"user_id": user_id} if guild_id is None else {"user_id": user_id, "guild_id": guild_id}
        return [r.id for r in await self.fetch(q.tables_of_user(guild_id is not None), params)]

    async def channel_of(self, table_id: int) -> int | None:
        rows = await self.fetch(q.CHANNEL_OF, {"table_id": table_id})
        return rows[0].channel_id if rows else None

    async def pending_actions(self) -> dict[int, list[ActionRecord]]:
        """Log rows newer than their open table's snapshot (normally none), in one query."""
        pending: dict[int, list[ActionRecord]] = {}
        for r in await self.fetch(q.PENDING_ACTIONS):
            pending.setdefault(r.table_id, []).append(q.action_record(r))
        return pending

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRecord]:
        rows = await self.fetch(q.ACTIONS_AFTER, {"table_id": table_id, "after": after})
        return [q.action_record(r) for r in rows]

    async def timed_out(self, table_id: int, seat: int, after: int) -> bool:
        """Whether the log holds a timeout of ``seat`` after version ``after``."""
        return bool(await self.fetch(q.TIMED_OUT, {"table_id": table_id, "at_seat": seat, "after": after}))

    async def results(self, table_id: int) -> list[tuple[int, int | None, int, int]]:
        rows = await self.fetch(q.RESULTS, {"table_id": table_id})
        return [(r.seat, r.user_id, r.rank, r.score) for r in rows]

    async def undone(self, table_id: int) -> list[str]:
        """The texts of the table's moves that were taken back, in log order."""
        return [r.text for r in await self.fetch(q.UNDONE, {"table_id": table_id})]

    # -- meta -----------------------------------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        rows = await self.fetch(q.GET_META, {"name": key})
        return rows[0].value if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._transaction([(q.PUT_META, {"key": key, "value": value})])

    # -- languages (bot/store/languages.py) -----------------------------------------------------
    async def languages(self, kind: lang.Kind, subjects: Iterable[int]) -> dict[int, str]:
        """The stored language of each of ``subjects`` (user or server ids, as ``kind`` says)
        that has one."""
        wanted = sorted(set(subjects))
        if not wanted:
            return {}
        return lang.by_subject(await self.fetch(lang.OF_SUBJECTS, {"of_kind": kind, "of_subjects": wanted}))

    async def set_languages(self, kind: lang.Kind, locales: Mapping[int, str]) -> None:
        """Store each subject's language (``locales``: id -> locale name), in one transaction."""
        if locales:
            await self._transaction(lang.put_rows(kind, locales))
