"""What the service and the extension modules rely on, whatever database is behind it.

``Store`` holds every table/seat/action/result operation once, written in SQL that SQLite and
PostgreSQL both accept (``?`` placeholders; a backend translates them if it must). A backend
supplies only the primitives: open/close, one atomic transaction, a read, and the schema version.

Extension modules (scheduler, turns, ratings, tournaments, undo, replay) use :meth:`Store.write`
and :meth:`Store.fetch` with the same portable SQL: ``INSERT ... ON CONFLICT (...) DO NOTHING /
DO UPDATE`` rather than ``INSERT OR IGNORE/REPLACE``, columns of the updated table qualified by
its name inside ``DO UPDATE SET``. Rows support both ``row["column"]`` and ``row[0]``.
"""
from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from typing import Any, Iterable, Protocol, Sequence

from bot.sharding import SINGLE, Shards
from bot.store.records import ActionRecord, SeatRecord, TableRecord

Statement = tuple[str, tuple]


class Row(Protocol):
    """A fetched row: ``sqlite3.Row`` or ``asyncpg.Record``."""

    def __getitem__(self, key: int | str) -> Any: ...


def dumps(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_INSERT_SEAT = "INSERT INTO seats (table_id, seat, user_id, name, is_bot, level, resigned) VALUES (?, ?, ?, ?, ?, ?, ?)"


def _seat_rows(table_id: int, seats: list[SeatRecord]) -> list[Statement]:
    return [(_INSERT_SEAT, (table_id, s.seat, s.user_id, s.name, int(s.is_bot), s.level, int(s.resigned))) for s in seats]


def _log_rows(table_id: int, actions: Sequence[ActionRecord], seats: list[SeatRecord] | None) -> list[Statement]:
    """The log rows of ``actions`` and the seats' changing flags (resigned, computer)."""
    statements: list[Statement] = [
        ("INSERT INTO actions (table_id, n, seat, text, kind, by_computer, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
         (table_id, a.n, a.seat, a.text, a.kind, int(a.by_computer), a.at or time.time())) for a in actions]
    if seats is not None:
        statements += [("UPDATE seats SET resigned = ?, is_bot = ?, level = ? WHERE table_id = ? AND seat = ?",
                        (int(s.resigned), int(s.is_bot), s.level, table_id, s.seat)) for s in seats]
    return statements


def _seat(r: Row) -> SeatRecord:
    return SeatRecord(r["seat"], r["user_id"], r["name"], bool(r["is_bot"]), r["level"], bool(r["resigned"]))


def _action(r: Row) -> ActionRecord:
    return ActionRecord(r["n"], r["seat"], r["text"], r["kind"], bool(r["by_computer"]), r["at"])


class Store(ABC):
    """The persistence interface of the bot (see the module docstring)."""

    # -- what a backend provides ----------------------------------------------------------------
    @abstractmethod
    async def open(self) -> "Store":
        """Connect and bring the schema up to date; returns the store."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def _transaction(self, statements: list[Statement], guard: int | None = None) -> list[int | None]:
        """Run statements atomically; returns the new row's id for each INSERT that added a row
        to a table with an ``id`` column, None for every other statement.
        Any refusal raises StoreError (StaleTableError for a version already in ``actions``, and
        when the statement at index ``guard`` changes no row) and applies nothing."""

    @abstractmethod
    async def fetch(self, sql: str, params: tuple = ()) -> list[Row]:
        """Rows of a query; a database failure raises StoreError."""

    @abstractmethod
    async def write_many(self, sql: str, rows: Sequence[tuple]) -> None:
        """One statement for many parameter rows, in one transaction (bulk loads)."""

    @property
    @abstractmethod
    def description(self) -> str:
        """Which database this is, for log lines (never a password)."""

    @property
    @abstractmethod
    def is_open(self) -> bool: ...

    # -- tables and seats -----------------------------------------------------------------------
    async def create_table(self, channel_id: int, guild_id: int | None, game: str, host_id: int,
                           options: list[str], seed: int, host_seat: SeatRecord) -> int:
        now = time.time()
        ids = await self._transaction([
            ("INSERT INTO game_tables (channel_id, guild_id, game, host_id, status, options, seed, created_at, updated_at,"
             " announced_version) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, -1)",
             (channel_id, guild_id, game, host_id, dumps(sorted(options)), seed, now, now)),
        ])
        table_id = int(ids[0] or 0)
        await self.put_seats(table_id, [host_seat])
        return table_id

    async def put_seats(self, table_id: int, seats: list[SeatRecord], host_id: int | None = None) -> None:
        """Replace the table's seats with ``seats`` (lobby changes, start order, resignations)."""
        statements: list[Statement] = [("DELETE FROM seats WHERE table_id = ?", (table_id,))]
        if host_id is not None:
            statements.append(("UPDATE game_tables SET host_id = ? WHERE id = ?", (host_id, table_id)))
        statements += _seat_rows(table_id, seats)
        statements.append(("UPDATE game_tables SET updated_at = ? WHERE id = ?", (time.time(), table_id)))
        await self._transaction(statements)

    async def set_options(self, table_id: int, options: list[str]) -> None:
        await self._transaction([("UPDATE game_tables SET options = ?, updated_at = ? WHERE id = ?",
                                  (dumps(sorted(options)), time.time(), table_id))])

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        await self._transaction([("UPDATE game_tables SET lobby_message_id = ? WHERE id = ?", (message_id, table_id))])

    async def start_table(self, table_id: int, seats: list[SeatRecord], snapshot: dict | str) -> None:
        statements: list[Statement] = [("DELETE FROM seats WHERE table_id = ?", (table_id,))]
        statements += _seat_rows(table_id, seats)
        statements.append(("UPDATE game_tables SET status = 'playing', snapshot = ?, version = 0, announced_version = -1,"
                           " updated_at = ? WHERE id = ?", (dumps(snapshot), time.time(), table_id)))
        await self._transaction(statements)

    async def append_actions(self, table_id: int, actions: list[ActionRecord], snapshot: dict | str,
                             seats: list[SeatRecord] | None = None) -> None:
        """Append to the log and move the snapshot forward in one transaction. The first action
        must follow the stored version (``n == version + 1``); when another process has written
        the table since it was loaded, StaleTableError is raised and nothing changes."""
        statements = _log_rows(table_id, actions, seats)
        if actions:         # the snapshot moves only from the version the actions follow
            statements.append(("UPDATE game_tables SET snapshot = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?",
                               (dumps(snapshot), actions[-1].n, time.time(), table_id, actions[0].n - 1)))
        else:
            statements.append(("UPDATE game_tables SET snapshot = ?, updated_at = ? WHERE id = ?",
                               (dumps(snapshot), time.time(), table_id)))
        await self._transaction(statements, guard=len(statements) - 1 if actions else None)

    async def finish_table(self, table_id: int, status: str, results: list[tuple[int, int | None, int, int]], *,
                           version: int | None = None, actions: Sequence[ActionRecord] = (),
                           snapshot: dict | str | None = None, seats: list[SeatRecord] | None = None,
                           extra: Sequence[Statement] = ()) -> None:
        """Close a table: ``results`` rows are (seat, user_id, rank, score).

        A game's end is one transaction: its last ``actions`` (the log rows and the ``snapshot``
        they lead to, ``seats`` as they are now), the results, the status, and ``extra`` (what
        extensions write with it: rating changes, a tournament result). With ``version`` (the
        version the caller's copy holds) only a table still open at that version is closed;
        otherwise StaleTableError is raised and nothing changes, so a game never ends twice."""
        statements = _log_rows(table_id, actions, seats)
        statements += [
            ("INSERT INTO results (table_id, seat, user_id, rank, score) VALUES (?, ?, ?, ?, ?)"
             " ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id, rank = excluded.rank,"
             " score = excluded.score",
             (table_id, seat, user, rank, score)) for seat, user, rank, score in results]
        guard = None
        if version is None:
            statements.append(("UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?", (status, time.time(), table_id)))
        else:
            guard = len(statements)
            # announced_version: a table open since before migration 4 gets a known one, so that
            # its end is announced after a restart if it was not announced before
            statements.append((
                "UPDATE game_tables SET status = ?, version = ?, snapshot = COALESCE(?, snapshot),"
                " announced_version = COALESCE(announced_version, -1), updated_at = ?"
                " WHERE id = ? AND version = ? AND status IN ('lobby', 'playing')",
                (status, actions[-1].n if actions else version, None if snapshot is None else dumps(snapshot), time.time(),
                 table_id, version)))
        statements += list(extra)
        await self._transaction(statements, guard=guard)

    async def mark_announced(self, marks: Iterable[tuple[int, int]]) -> None:
        """Record that the message of (table id, version) went out to the channel, in one
        transaction. A mark for a version the table has moved past changes nothing: that later
        version still waits for its own announcement."""
        statements = [("UPDATE game_tables SET announced_version = ? WHERE id = ? AND version = ?", (version, table_id, version))
                      for table_id, version in marks]
        if statements:
            await self._transaction(statements)

    # -- reads --------------------------------------------------------------------------------
    @staticmethod
    def _table(row: Row, seats: list[SeatRecord]) -> TableRecord:
        return TableRecord(
            id=row["id"], channel_id=row["channel_id"], guild_id=row["guild_id"], game=row["game"],
            host_id=row["host_id"], status=row["status"], options=json.loads(row["options"]), seed=row["seed"],
            version=row["version"], seats=seats, snapshot_text=row["snapshot"] or "",
            lobby_message_id=row["lobby_message_id"], created_at=row["created_at"], updated_at=row["updated_at"],
            announced_version=row["announced_version"],
        )

    async def table(self, table_id: int) -> TableRecord | None:
        rows = await self.fetch("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        seats = await self.fetch("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return self._table(rows[0], [_seat(r) for r in seats])

    async def last_finished(self, channel_id: int) -> TableRecord | None:
        """The channel's most recently finished table (its result can be shown again), or None."""
        rows = await self.fetch("SELECT id FROM game_tables WHERE channel_id = ? AND status = 'finished'"
                                " ORDER BY id DESC LIMIT 1", (channel_id,))
        return await self.table(rows[0]["id"]) if rows else None

    async def open_tables(self, shards: Shards = SINGLE) -> list[TableRecord]:
        """Every lobby and running table (of the guilds on ``shards``), for restoring after a restart."""
        where, params = shards.sql_filter("guild_id")
        rows = await self.fetch(f"SELECT * FROM game_tables WHERE status IN ('lobby', 'playing') AND {where} ORDER BY id",
                                params)
        where, params = shards.sql_filter("t.guild_id")
        seat_rows = await self.fetch(
            "SELECT s.* FROM seats s JOIN game_tables t ON t.id = s.table_id WHERE t.status IN ('lobby', 'playing')"
            f" AND {where} ORDER BY s.table_id, s.seat", params)
        seats: dict[int, list[SeatRecord]] = {}
        for r in seat_rows:
            seats.setdefault(r["table_id"], []).append(_seat(r))
        return [self._table(row, seats.get(row["id"], [])) for row in rows]

    async def unannounced_endings(self, shards: Shards = SINGLE) -> list[TableRecord]:
        """Finished tables (of the guilds on ``shards``) whose end was stored but whose end
        message was never sent (the process stopped in between), for announcing after a restart."""
        where, params = shards.sql_filter("guild_id")
        rows = await self.fetch("SELECT * FROM game_tables WHERE status = 'finished' AND announced_version < version"
                                f" AND {where} ORDER BY id", params)
        found = []
        for row in rows:
            seats = await self.fetch("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (row["id"],))
            found.append(self._table(row, [_seat(r) for r in seats]))
        return found

    async def open_table_head(self, channel_id: int) -> tuple[int, str, int] | None:
        """(id, status, version) of the channel's open table: a cheap check whether a copy held in
        memory is still current when several processes share the store."""
        rows = await self.fetch("SELECT id, status, version FROM game_tables WHERE channel_id = ?"
                                " AND status IN ('lobby', 'playing')", (channel_id,))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    async def pending_actions(self) -> dict[int, list[ActionRecord]]:
        """Log rows newer than their open table's snapshot (normally none), in one query."""
        rows = await self.fetch(
            "SELECT a.* FROM actions a JOIN game_tables t ON t.id = a.table_id"
            " WHERE t.status = 'playing' AND a.n > t.version ORDER BY a.table_id, a.n")
        pending: dict[int, list[ActionRecord]] = {}
        for r in rows:
            pending.setdefault(r["table_id"], []).append(_action(r))
        return pending

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRecord]:
        rows = await self.fetch("SELECT * FROM actions WHERE table_id = ? AND n > ? ORDER BY n", (table_id, after))
        return [_action(r) for r in rows]

    async def results(self, table_id: int) -> list[tuple[int, int | None, int, int]]:
        rows = await self.fetch("SELECT seat, user_id, rank, score FROM results WHERE table_id = ? ORDER BY seat", (table_id,))
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    # -- for extension stores (bot/scheduler, bot/turns, bot/ratings, bot/tournaments) ----------
    async def write(self, statements: Iterable[Statement], guard: int | None = None) -> list[int | None]:
        """Run ``(sql, params)`` statements in one transaction; returns each INSERT's new row id
        (see :meth:`_transaction`). ``guard``: the index of a statement that must change a row
        (such as ``UPDATE ... WHERE version = ?``), else nothing is applied and StaleTableError
        is raised."""
        return await self._transaction(list(statements), guard)

    async def get_meta(self, key: str) -> str | None:
        rows = await self.fetch("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._transaction([("INSERT INTO meta (key, value) VALUES (?, ?)"
                                  " ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))])
