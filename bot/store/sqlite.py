"""SQLite store (aiosqlite, WAL). Every write is one transaction behind a write lock, so
concurrent channels never interleave half-written work; ``synchronous=FULL`` makes a commit
durable before the move is acknowledged."""
from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterable

import aiosqlite

from bot.store.migrations import MIGRATIONS
from bot.sharding import SINGLE, Shards
from bot.store.records import ActionRecord, SeatRecord, TableRecord


class StoreError(RuntimeError):
    """The database refused a write (disk full, locked, read-only...). Nothing was applied."""


class StaleTableError(StoreError):
    """Another process wrote this table first: its stored version is not the one the write was
    built on (the actions' primary key is taken, or the version moved on). Nothing was applied;
    reload the table from the store and decide again."""


class _Unchanged(Exception):
    """A guarded statement changed no row (raised inside a transaction to roll it back)."""


def _dumps(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class SqliteStore:
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._write = asyncio.Lock()

    # -- life cycle ---------------------------------------------------------------------------
    async def open(self) -> "SqliteStore":
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=FULL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self._migrate()
        return self

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    async def _migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cursor:
            row = await cursor.fetchone()
        current = row[0] or 0
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            statements = [s.strip() for s in script.split(";") if s.strip()]
            await self._transaction([(s, ()) for s in statements] + [("INSERT INTO schema_version VALUES (?)", (number,))])

    async def schema_version(self) -> int:
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cursor:
            row = await cursor.fetchone()
        return row[0] or 0

    async def _transaction(self, statements: Iterable[tuple[str, tuple]], guard: int | None = None) -> list[int | None]:
        """Run statements atomically; returns each statement's lastrowid. ``guard``: the index of
        a statement that must change a row, else nothing is applied and StaleTableError is raised."""
        ids: list[int | None] = []
        async with self._write:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    for index, (sql, params) in enumerate(statements):
                        cursor = await self.db.execute(sql, params)
                        ids.append(cursor.lastrowid)
                        if index == guard and cursor.rowcount < 1:
                            raise _Unchanged(sql)
                        await cursor.close()
                    await self.db.execute("COMMIT")
                except BaseException:
                    await self.db.execute("ROLLBACK")
                    raise
            except _Unchanged as unchanged:
                raise StaleTableError(f"the table moved on in the store ({self.path})") from unchanged
            except sqlite3.IntegrityError as error:
                if "actions.table_id, actions.n" in str(error):
                    raise StaleTableError(f"another writer took this table version ({self.path}): {error}") from error
                raise StoreError(f"database write failed ({self.path}): {error}") from error
            except sqlite3.Error as error:
                raise StoreError(f"database write failed ({self.path}): {error}") from error
        return ids

    # -- tables and seats -----------------------------------------------------------------------
    async def create_table(self, channel_id: int, guild_id: int | None, game: str, host_id: int,
                           options: list[str], seed: int, host_seat: SeatRecord) -> int:
        now = time.time()
        ids = await self._transaction([
            ("INSERT INTO game_tables (channel_id, guild_id, game, host_id, status, options, seed, created_at, updated_at)"
             " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
             (channel_id, guild_id, game, host_id, _dumps(sorted(options)), seed, now, now)),
        ])
        table_id = int(ids[0] or 0)
        await self.put_seats(table_id, [host_seat])
        return table_id

    async def put_seats(self, table_id: int, seats: list[SeatRecord], host_id: int | None = None) -> None:
        """Replace the table's seats with ``seats`` (lobby changes, start order, resignations)."""
        statements: list[tuple[str, tuple]] = [("DELETE FROM seats WHERE table_id = ?", (table_id,))]
        if host_id is not None:
            statements.append(("UPDATE game_tables SET host_id = ? WHERE id = ?", (host_id, table_id)))
        statements += [("INSERT INTO seats (table_id, seat, user_id, name, is_bot, level, resigned) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table_id, s.seat, s.user_id, s.name, int(s.is_bot), s.level, int(s.resigned))) for s in seats]
        statements.append(("UPDATE game_tables SET updated_at = ? WHERE id = ?", (time.time(), table_id)))
        await self._transaction(statements)

    async def set_options(self, table_id: int, options: list[str]) -> None:
        await self._transaction([("UPDATE game_tables SET options = ?, updated_at = ? WHERE id = ?",
                                  (_dumps(sorted(options)), time.time(), table_id))])

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        await self._transaction([("UPDATE game_tables SET lobby_message_id = ? WHERE id = ?", (message_id, table_id))])

    async def start_table(self, table_id: int, seats: list[SeatRecord], snapshot: dict | str) -> None:
        statements: list[tuple[str, tuple]] = [("DELETE FROM seats WHERE table_id = ?", (table_id,))]
        statements += [("INSERT INTO seats (table_id, seat, user_id, name, is_bot, level, resigned) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table_id, s.seat, s.user_id, s.name, int(s.is_bot), s.level, int(s.resigned))) for s in seats]
        statements.append(("UPDATE game_tables SET status = 'playing', snapshot = ?, version = 0, updated_at = ? WHERE id = ?",
                           (_dumps(snapshot), time.time(), table_id)))
        await self._transaction(statements)

    async def append_actions(self, table_id: int, actions: list[ActionRecord], snapshot: dict | str,
                             seats: list[SeatRecord] | None = None) -> None:
        """Append to the log and move the snapshot forward in one transaction. The first action
        must follow the stored version (``n == version + 1``); when another process has written
        the table since it was loaded, StaleTableError is raised and nothing changes."""
        statements: list[tuple[str, tuple]] = [
            ("INSERT INTO actions (table_id, n, seat, text, kind, by_computer, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
             (table_id, a.n, a.seat, a.text, a.kind, int(a.by_computer), a.at or time.time())) for a in actions]
        if seats is not None:
            statements += [("UPDATE seats SET resigned = ?, is_bot = ?, level = ? WHERE table_id = ? AND seat = ?",
                            (int(s.resigned), int(s.is_bot), s.level, table_id, s.seat)) for s in seats]
        if actions:         # the snapshot moves only from the version the actions follow
            statements.append(("UPDATE game_tables SET snapshot = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?",
                               (_dumps(snapshot), actions[-1].n, time.time(), table_id, actions[0].n - 1)))
        else:
            statements.append(("UPDATE game_tables SET snapshot = ?, updated_at = ? WHERE id = ?",
                               (_dumps(snapshot), time.time(), table_id)))
        await self._transaction(statements, guard=len(statements) - 1 if actions else None)

    async def finish_table(self, table_id: int, status: str, results: list[tuple[int, int | None, int, int]]) -> None:
        """Close a table: ``results`` rows are (seat, user_id, rank, score)."""
        statements: list[tuple[str, tuple]] = [
            ("INSERT OR REPLACE INTO results (table_id, seat, user_id, rank, score) VALUES (?, ?, ?, ?, ?)",
             (table_id, seat, user, rank, score)) for seat, user, rank, score in results]
        statements.append(("UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?", (status, time.time(), table_id)))
        await self._transaction(statements)

    # -- reads --------------------------------------------------------------------------------
    async def _seats(self, table_id: int) -> list[SeatRecord]:
        async with self.db.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)) as cursor:
            rows = await cursor.fetchall()
        return [SeatRecord(r["seat"], r["user_id"], r["name"], bool(r["is_bot"]), r["level"], bool(r["resigned"])) for r in rows]

    def _table(self, row: sqlite3.Row, seats: list[SeatRecord]) -> TableRecord:
        return TableRecord(
            id=row["id"], channel_id=row["channel_id"], guild_id=row["guild_id"], game=row["game"],
            host_id=row["host_id"], status=row["status"], options=json.loads(row["options"]), seed=row["seed"],
            version=row["version"], seats=seats, snapshot_text=row["snapshot"] or "",
            lobby_message_id=row["lobby_message_id"], created_at=row["created_at"], updated_at=row["updated_at"],
        )

    async def table(self, table_id: int) -> TableRecord | None:
        async with self.db.execute("SELECT * FROM game_tables WHERE id = ?", (table_id,)) as cursor:
            row = await cursor.fetchone()
        return self._table(row, await self._seats(table_id)) if row else None

    async def open_tables(self, shards: Shards = SINGLE) -> list[TableRecord]:
        """Every lobby and running table (of the guilds on ``shards``), for restoring after a restart."""
        where, params = shards.sql_filter("guild_id")
        async with self.db.execute(f"SELECT * FROM game_tables WHERE status IN ('lobby', 'playing') AND {where} ORDER BY id",
                                   params) as cursor:
            rows = await cursor.fetchall()
        where, params = shards.sql_filter("t.guild_id")
        async with self.db.execute(
                "SELECT s.* FROM seats s JOIN game_tables t ON t.id = s.table_id WHERE t.status IN ('lobby', 'playing')"
                f" AND {where} ORDER BY s.table_id, s.seat", params) as cursor:
            seat_rows = await cursor.fetchall()
        seats: dict[int, list[SeatRecord]] = {}
        for r in seat_rows:
            seats.setdefault(r["table_id"], []).append(
                SeatRecord(r["seat"], r["user_id"], r["name"], bool(r["is_bot"]), r["level"], bool(r["resigned"])))
        return [self._table(row, seats.get(row["id"], [])) for row in rows]

    async def open_table_head(self, channel_id: int) -> tuple[int, str, int] | None:
        """(id, status, version) of the channel's open table: a cheap check whether a copy held in
        memory is still current when several processes share the store."""
        async with self.db.execute("SELECT id, status, version FROM game_tables WHERE channel_id = ?"
                                   " AND status IN ('lobby', 'playing')", (channel_id,)) as cursor:
            row = await cursor.fetchone()
        return (row[0], row[1], row[2]) if row else None

    async def pending_actions(self) -> dict[int, list[ActionRecord]]:
        """Log rows newer than their open table's snapshot (normally none), in one query."""
        async with self.db.execute(
                "SELECT a.* FROM actions a JOIN game_tables t ON t.id = a.table_id"
                " WHERE t.status = 'playing' AND a.n > t.version ORDER BY a.table_id, a.n") as cursor:
            rows = await cursor.fetchall()
        pending: dict[int, list[ActionRecord]] = {}
        for r in rows:
            pending.setdefault(r["table_id"], []).append(
                ActionRecord(r["n"], r["seat"], r["text"], r["kind"], bool(r["by_computer"]), r["at"]))
        return pending

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRecord]:
        async with self.db.execute("SELECT * FROM actions WHERE table_id = ? AND n > ? ORDER BY n", (table_id, after)) as cursor:
            rows = await cursor.fetchall()
        return [ActionRecord(r["n"], r["seat"], r["text"], r["kind"], bool(r["by_computer"]), r["at"]) for r in rows]

    async def results(self, table_id: int) -> list[tuple[int, int | None, int, int]]:
        async with self.db.execute("SELECT seat, user_id, rank, score FROM results WHERE table_id = ? ORDER BY seat", (table_id,)) as cursor:
            rows = await cursor.fetchall()
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    # -- for extension stores (bot/scheduler, bot/timers, bot/ratings, bot/tournaments) ----------
    async def write(self, statements: Iterable[tuple[str, tuple]], guard: int | None = None) -> list[int | None]:
        """Run ``(sql, params)`` statements in one transaction; returns each lastrowid. ``guard``:
        the index of a statement that must change a row (such as ``UPDATE ... WHERE version = ?``),
        else nothing is applied and StaleTableError is raised."""
        return await self._transaction(list(statements), guard)

    async def fetch(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        async with self.db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def get_meta(self, key: str) -> str | None:
        async with self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._transaction([("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))])
