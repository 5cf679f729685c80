"""Turn timers, turn clocks, vacations and preferences (tables ``table_timers``, ``turn_clocks``,
``vacations``, ``user_prefs``). The ``*_sql`` methods give statements for a caller's transaction."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, bindparam, delete, insert, select, update

from bot.store import game_tables
from bot.store.base import Store
from bot.store.schema import game_tables as tables, table_timers, turn_clocks, user_prefs, vacations
from bot.store.statements import ByDialect, Spelling, Statement


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


def _put_timer(spelling: Spelling) -> Any:
    stmt = spelling.insert(table_timers)
    return stmt.on_conflict_do_update(index_elements=["table_id"], set_={
        "seconds": stmt.excluded.seconds, "on_timeout": stmt.excluded.on_timeout})


def _put_clock(spelling: Spelling) -> Any:
    stmt = spelling.insert(turn_clocks)
    return stmt.on_conflict_do_update(index_elements=["table_id", "seat"], set_={
        "user_id": stmt.excluded.user_id, "since_version": stmt.excluded.since_version,
        "since_at": stmt.excluded.since_at})


def _put_dm_on_turn(spelling: Spelling) -> Any:
    stmt = spelling.insert(user_prefs)
    return stmt.on_conflict_do_update(index_elements=["user_id"], set_={"dm_on_turn": stmt.excluded.dm_on_turn})


PUT_TIMER = ByDialect(_put_timer)
SYNCED = update(table_timers).where(table_timers.c.table_id == bindparam("of_table")).values(
    synced_version=bindparam("version"))
OPEN_TIMERS = (select(table_timers).join(tables, tables.c.id == table_timers.c.table_id)
               .where(tables.c.status.in_(game_tables.OPEN)))
TIMER = select(table_timers.c.seconds, table_timers.c.on_timeout).where(table_timers.c.table_id == bindparam("of_table"))
PUT_CLOCK = ByDialect(_put_clock)
DROP_CLOCKS = delete(turn_clocks).where(turn_clocks.c.table_id == bindparam("of_table"))
DROP_CLOCK = delete(turn_clocks).where(turn_clocks.c.table_id == bindparam("of_table"),
                                       turn_clocks.c.seat == bindparam("of_seat"))
CLOCKS = select(turn_clocks).where(turn_clocks.c.table_id == bindparam("of_table"))
CLOCKS_OF_USER = select(turn_clocks).where(turn_clocks.c.user_id == bindparam("of_user"))
VACATIONS = select(vacations).where(vacations.c.user_id == bindparam("of_user")).order_by(vacations.c.starts_at)
ADD_VACATION = insert(vacations)
END_VACATION = update(vacations).where(vacations.c.id == bindparam("vacation")).values(ends_at=bindparam("at"))
PUT_DM_ON_TURN = ByDialect(_put_dm_on_turn)


DM_ON_TURN = select(user_prefs.c.user_id).where(user_prefs.c.dm_on_turn == 1,
                                                user_prefs.c.user_id.in_(bindparam("of_users", expanding=True)))


class TurnTimers:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- timers ---------------------------------------------------------------------------------
    async def timers(self) -> dict[int, tuple[TimerSetting, int]]:
        """Every open table's setting and the table version its clocks were last brought up to."""
        rows = await self.store.fetch(OPEN_TIMERS)
        return {r.table_id: (TimerSetting(r.seconds, r.on_timeout), r.synced_version) for r in rows}

    async def timer(self, table_id: int) -> TimerSetting | None:
        rows = await self.store.fetch(TIMER, {"of_table": table_id})
        return TimerSetting(rows[0].seconds, rows[0].on_timeout) if rows else None

    @staticmethod
    def put_timer_sql(table_id: int, setting: TimerSetting) -> Statement:
        return PUT_TIMER, {"table_id": table_id, "seconds": setting.seconds, "on_timeout": setting.on_timeout}

    @staticmethod
    def synced_sql(table_id: int, version: int) -> Statement:
        return SYNCED, {"of_table": table_id, "version": version}

    # -- clocks ---------------------------------------------------------------------------------
    @staticmethod
    def _clock(row: Row) -> TurnClock:
        return TurnClock(row.table_id, row.seat, row.user_id, row.since_version, row.since_at)

    async def clocks(self, table_id: int) -> dict[int, TurnClock]:
        rows = await self.store.fetch(CLOCKS, {"of_table": table_id})
        return {r.seat: self._clock(r) for r in rows}

    async def clocks_of_user(self, user_id: int) -> list[TurnClock]:
        rows = await self.store.fetch(CLOCKS_OF_USER, {"of_user": user_id})
        return [self._clock(r) for r in rows]

    @staticmethod
    def add_clock_sql(clock: TurnClock) -> Statement:
        return PUT_CLOCK, {"table_id": clock.table_id, "seat": clock.seat, "user_id": clock.user_id,
                           "since_version": clock.since_version, "since_at": clock.since_at}

    @staticmethod
    def drop_clock_sql(table_id: int, seat: int | None = None) -> Statement:
        if seat is None:
            return DROP_CLOCKS, {"of_table": table_id}
        return DROP_CLOCK, {"of_table": table_id, "of_seat": seat}

    async def timed_out(self, table_id: int, seat: int, after: int) -> bool:
        """Whether the log already holds a timeout of ``seat`` after version ``after``."""
        return await self.store.timed_out(table_id, seat, after)

    # -- vacations ------------------------------------------------------------------------------
    async def vacations(self, user_id: int) -> list[Vacation]:
        rows = await self.store.fetch(VACATIONS, {"of_user": user_id})
        return [Vacation(r.id, r.user_id, r.starts_at, r.ends_at) for r in rows]

    async def add_vacation(self, user_id: int, starts_at: float, ends_at: float) -> None:
        await self.store.write([(ADD_VACATION, {"user_id": user_id, "starts_at": starts_at, "ends_at": ends_at})])

    @staticmethod
    def end_vacation_sql(vacation_id: int, at: float) -> Statement:
        return END_VACATION, {"vacation": vacation_id, "at": at}

    # -- preferences ----------------------------------------------------------------------------
    async def dm_on_turn(self, user_ids: list[int]) -> set[int]:
        if not user_ids:
            return set()
        return {r.user_id for r in await self.store.fetch(DM_ON_TURN, {"of_users": list(user_ids)})}

    async def set_dm_on_turn(self, user_id: int, on: bool) -> None:
        await self.store.write([(PUT_DM_ON_TURN, {"user_id": user_id, "dm_on_turn": int(on)})])
