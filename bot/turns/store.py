"""SQL for turn timers, turn clocks, vacations and user preferences (tables of migration 2)."""
from __future__ import annotations

from dataclasses import dataclass

from bot.store import Store


@dataclass(frozen=True)
class TimerSetting:
    seconds: int | None          # None: no time limit
    on_timeout: str              # computer | skip | remove


@dataclass(frozen=True)
class TurnClock:
    """A seat that has been waited for since ``since_at`` (the table was at ``since_version``)."""

    table_id: int
    seat: int
    user_id: int | None
    since_version: int
    since_at: float


@dataclass(frozen=True)
class Vacation:
    id: int
    user_id: int
    starts_at: float
    ends_at: float


class TurnStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- timers ---------------------------------------------------------------------------------
    async def timers(self) -> dict[int, tuple[TimerSetting, int]]:
        """Every open table's setting and the table version its clocks were last brought up to."""
        rows = await self.store.fetch("SELECT t.* FROM table_timers t JOIN game_tables g ON g.id = t.table_id"
                                      " WHERE g.status IN ('lobby', 'playing')")
        return {r["table_id"]: (TimerSetting(r["seconds"], r["on_timeout"]), r["synced_version"]) for r in rows}

    async def timer(self, table_id: int) -> TimerSetting | None:
        rows = await self.store.fetch("SELECT seconds, on_timeout FROM table_timers WHERE table_id = ?", (table_id,))
        return TimerSetting(rows[0]["seconds"], rows[0]["on_timeout"]) if rows else None

    @staticmethod
    def put_timer_sql(table_id: int, setting: TimerSetting) -> tuple[str, tuple]:
        return ("INSERT INTO table_timers (table_id, seconds, on_timeout) VALUES (?, ?, ?) ON CONFLICT(table_id)"
                " DO UPDATE SET seconds = excluded.seconds, on_timeout = excluded.on_timeout",
                (table_id, setting.seconds, setting.on_timeout))

    @staticmethod
    def synced_sql(table_id: int, version: int) -> tuple[str, tuple]:
        return ("UPDATE table_timers SET synced_version = ? WHERE table_id = ?", (version, table_id))

    # -- clocks ---------------------------------------------------------------------------------
    @staticmethod
    def _clock(row) -> TurnClock:
        return TurnClock(row["table_id"], row["seat"], row["user_id"], row["since_version"], row["since_at"])

    async def clocks(self, table_id: int) -> dict[int, TurnClock]:
        rows = await self.store.fetch("SELECT * FROM turn_clocks WHERE table_id = ?", (table_id,))
        return {r["seat"]: self._clock(r) for r in rows}

    async def clocks_of_user(self, user_id: int) -> list[TurnClock]:
        rows = await self.store.fetch("SELECT * FROM turn_clocks WHERE user_id = ?", (user_id,))
        return [self._clock(r) for r in rows]

    @staticmethod
    def add_clock_sql(clock: TurnClock) -> tuple[str, tuple]:
        return ("INSERT INTO turn_clocks (table_id, seat, user_id, since_version, since_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,"
                " since_version = excluded.since_version, since_at = excluded.since_at",
                (clock.table_id, clock.seat, clock.user_id, clock.since_version, clock.since_at))

    @staticmethod
    def drop_clock_sql(table_id: int, seat: int | None = None) -> tuple[str, tuple]:
        if seat is None:
            return ("DELETE FROM turn_clocks WHERE table_id = ?", (table_id,))
        return ("DELETE FROM turn_clocks WHERE table_id = ? AND seat = ?", (table_id, seat))

    async def timed_out(self, table_id: int, seat: int, after: int) -> bool:
        """Whether the log already holds a timeout of ``seat`` after version ``after``."""
        rows = await self.store.fetch("SELECT 1 FROM actions WHERE table_id = ? AND seat = ? AND kind = 'timeout' AND n > ?",
                                      (table_id, seat, after))
        return bool(rows)

    # -- vacations ------------------------------------------------------------------------------
    async def vacations(self, user_id: int) -> list[Vacation]:
        rows = await self.store.fetch("SELECT * FROM vacations WHERE user_id = ? ORDER BY starts_at", (user_id,))
        return [Vacation(r["id"], r["user_id"], r["starts_at"], r["ends_at"]) for r in rows]

    async def add_vacation(self, user_id: int, starts_at: float, ends_at: float) -> None:
        await self.store.write([("INSERT INTO vacations (user_id, starts_at, ends_at) VALUES (?, ?, ?)",
                                 (user_id, starts_at, ends_at))])

    @staticmethod
    def end_vacation_sql(vacation_id: int, at: float) -> tuple[str, tuple]:
        return ("UPDATE vacations SET ends_at = ? WHERE id = ?", (at, vacation_id))

    # -- preferences ----------------------------------------------------------------------------
    async def dm_on_turn(self, user_ids: list[int]) -> set[int]:
        if not user_ids:
            return set()
        marks = ",".join("?" * len(user_ids))
        rows = await self.store.fetch(f"SELECT user_id FROM user_prefs WHERE dm_on_turn = 1 AND user_id IN ({marks})",
                                      tuple(user_ids))
        return {r["user_id"] for r in rows}

    async def set_dm_on_turn(self, user_id: int, on: bool) -> None:
        await self.store.write([("INSERT INTO user_prefs (user_id, dm_on_turn) VALUES (?, ?)"
                                 " ON CONFLICT(user_id) DO UPDATE SET dm_on_turn = excluded.dm_on_turn", (user_id, int(on)))])
