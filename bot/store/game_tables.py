"""Statements on game tables, their seats, the action log and results (the service's own data).

:class:`bot.store.base.Store` runs them; the extensions that write next to a table's own rows
(undo, the restore of a snapshot) get their statements from here too."""
from __future__ import annotations

import json
import time
from typing import Any, Sequence

from sqlalchemy import BigInteger, Row, and_, bindparam, delete, func, insert, literal_column, select, true, update

from bot.store.shards import Shards
from bot.store.records import ActionRecord, SeatRecord, TableRecord
from bot.store.schema import actions, game_tables, meta, results, seats, undone_actions
from bot.store.statements import ByDialect, Statement

OPEN = ("lobby", "playing")


def dumps(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# -- statements, built once --------------------------------------------------------------------------
NEW_TABLE = insert(game_tables).returning(game_tables.c.id)
ADD_SEAT = insert(seats)
DROP_SEATS = delete(seats).where(seats.c.table_id == bindparam("table_id"))
SEAT_FLAGS = (update(seats).where(seats.c.table_id == bindparam("of_table"), seats.c.seat == bindparam("at_seat"))
              .values(resigned=bindparam("resigned"), is_bot=bindparam("is_bot"), level=bindparam("level")))
LOG_ACTION = insert(actions)
_THIS_TABLE = game_tables.c.id == bindparam("table_id")
SET_HOST = update(game_tables).where(_THIS_TABLE).values(host_id=bindparam("host"))
TOUCH = update(game_tables).where(_THIS_TABLE).values(updated_at=bindparam("now"))
SET_OPTIONS = update(game_tables).where(_THIS_TABLE).values(options=bindparam("new_options"), updated_at=bindparam("now"))
SET_LOBBY_MESSAGE = update(game_tables).where(_THIS_TABLE).values(lobby_message_id=bindparam("message_id"))
START = (update(game_tables).where(_THIS_TABLE)
         .values(status="playing", snapshot=bindparam("new_snapshot"), version=0, announced_version=-1,
                 updated_at=bindparam("now")))
#: a table still holding the count of moves taken back the writer's copy holds (no check when
#: the count given is NULL): a copy from before another process's undo and new moves is stale
#: even where the version came back to the same number
_SAME_TAKEBACKS = game_tables.c.takebacks == func.coalesce(
    bindparam("copy_takebacks", value=None, type_=BigInteger, required=False), game_tables.c.takebacks)
#: the snapshot moves from the version the appended actions follow, and only from it
MOVE_ON = (update(game_tables).where(_THIS_TABLE, game_tables.c.version == bindparam("from_version"), _SAME_TAKEBACKS)
           .values(snapshot=bindparam("new_snapshot"), version=bindparam("to_version"), updated_at=bindparam("now")))
SET_SNAPSHOT = (update(game_tables).where(_THIS_TABLE)
                .values(snapshot=bindparam("new_snapshot"), updated_at=bindparam("now")))
#: a snapshot restored from log rows past it (after a crash between the two), from that version only
CATCH_UP = (update(game_tables).where(_THIS_TABLE, game_tables.c.version == bindparam("from_version"))
            .values(snapshot=bindparam("new_snapshot"), version=bindparam("to_version")))
SET_STATUS = update(game_tables).where(_THIS_TABLE).values(status=bindparam("new_status"), updated_at=bindparam("now"))
# announced_version: a table open since before migration 4 gets a known one, so that its end is
# announced after a restart if it was not announced before
CLOSE_AT_VERSION = (
    update(game_tables)
    .where(_THIS_TABLE, game_tables.c.version == bindparam("at_version"), game_tables.c.status.in_(OPEN),
           _SAME_TAKEBACKS)
    .values(status=bindparam("new_status"), version=bindparam("to_version"),
            snapshot=func.coalesce(bindparam("new_snapshot"), game_tables.c.snapshot),
            announced_version=func.coalesce(game_tables.c.announced_version, -1), updated_at=bindparam("now")))
MARK_ANNOUNCED = (update(game_tables).where(_THIS_TABLE, game_tables.c.version == bindparam("at_version"))
                  .values(announced_version=bindparam("at_version")))


def _put_result(spelling) -> Any:
    stmt = spelling.insert(results)
    return stmt.on_conflict_do_update(index_elements=["table_id", "seat"], set_={
        "user_id": stmt.excluded.user_id, "rank": stmt.excluded.rank, "score": stmt.excluded.score})


PUT_RESULT = ByDialect(_put_result)


def _put_meta(spelling) -> Any:
    stmt = spelling.insert(meta)
    return stmt.on_conflict_do_update(index_elements=["key"], set_={"value": stmt.excluded.value})


PUT_META = ByDialect(_put_meta)

# undo: take moves back (the first statement guards the version the undo was planned at)
STILL_AT = (update(game_tables).where(_THIS_TABLE, game_tables.c.version == bindparam("at_version"), _SAME_TAKEBACKS)
            .values(version=game_tables.c.version))
KEEP_UNDONE = insert(undone_actions)
DROP_ACTIONS_AFTER = delete(actions).where(actions.c.table_id == bindparam("table_id"), actions.c.n > bindparam("after"))
GO_BACK = (update(game_tables).where(_THIS_TABLE)
           .values(snapshot=bindparam("new_snapshot"), version=bindparam("to_version"),
                   takebacks=game_tables.c.takebacks + bindparam("taken"),
                   announced_version=bindparam("announced"), updated_at=bindparam("now")))

# reads
TABLE = select(game_tables).where(_THIS_TABLE)
SEATS_OF = select(seats).where(seats.c.table_id == bindparam("table_id")).order_by(seats.c.seat)
ACTIONS_AFTER = (select(actions).where(actions.c.table_id == bindparam("table_id"), actions.c.n > bindparam("after"))
                 .order_by(actions.c.n))
RESULTS = (select(results.c.seat, results.c.user_id, results.c.rank, results.c.score)
           .where(results.c.table_id == bindparam("table_id")).order_by(results.c.seat))
GET_META = select(meta.c.value).where(meta.c.key == bindparam("name"))
OPEN_HEAD = (select(game_tables.c.id, game_tables.c.status, game_tables.c.version, game_tables.c.takebacks)
             .where(game_tables.c.channel_id == bindparam("channel_id"), game_tables.c.status.in_(OPEN)))
PENDING_ACTIONS = (select(actions).join(game_tables, game_tables.c.id == actions.c.table_id)
                   .where(game_tables.c.status == "playing", actions.c.n > game_tables.c.version)
                   .order_by(actions.c.table_id, actions.c.n))
CHANNEL_OF = select(game_tables.c.channel_id).where(_THIS_TABLE)
TIMED_OUT = (select(literal_column("1")).select_from(actions)
             .where(actions.c.table_id == bindparam("table_id"), actions.c.seat == bindparam("at_seat"),
                    actions.c.kind == "timeout", actions.c.n > bindparam("after")))
UNDONE = (select(undone_actions.c.text).where(undone_actions.c.table_id == bindparam("table_id"))
          .order_by(undone_actions.c.n))


def of_shards(shards: Shards) -> Any:
    """A condition keeping the tables of this process's guilds (every table with one shard)."""
    if shards.ids is None:
        return true()
    guild = func.coalesce(game_tables.c.guild_id, 0)
    return (guild.op(">>")(literal_column("22")) % shards.count).in_(list(shards.ids))


def last_in_channel(statuses: Sequence[str]) -> Any:
    """The id of the channel's newest table with one of ``statuses``."""
    return (select(game_tables.c.id)
            .where(game_tables.c.channel_id == bindparam("channel_id"), game_tables.c.status.in_(list(statuses)))
            .order_by(game_tables.c.id.desc()).limit(1))


def open_tables(shards: Shards) -> Any:
    return (select(game_tables).where(game_tables.c.status.in_(OPEN), of_shards(shards))
            .order_by(game_tables.c.id))


def open_seats(shards: Shards) -> Any:
    return (select(seats).join(game_tables, game_tables.c.id == seats.c.table_id)
            .where(game_tables.c.status.in_(OPEN), of_shards(shards))
            .order_by(seats.c.table_id, seats.c.seat))


def unannounced_endings(shards: Shards) -> Any:
    return (select(game_tables)
            .where(game_tables.c.status == "finished", game_tables.c.announced_version < game_tables.c.version,
                   of_shards(shards))
            .order_by(game_tables.c.id))


def tables_of_user(with_guild: bool) -> Any:
    """Ids of the open tables where a person (not a computer) sits, optionally in one guild."""
    where = [seats.c.user_id == bindparam("user_id"), seats.c.is_bot == 0, game_tables.c.status.in_(OPEN)]
    if with_guild:
        where.append(game_tables.c.guild_id == bindparam("guild_id"))
    return (select(game_tables.c.id).distinct().join(seats, seats.c.table_id == game_tables.c.id)
            .where(and_(*where)).order_by(game_tables.c.id))


# -- rows of writes --------------------------------------------------------------------------------------
def seat_rows(table_id: int, records: list[SeatRecord]) -> list[Statement]:
    return [(ADD_SEAT, {"table_id": table_id, "seat": s.seat, "user_id": s.user_id, "name": s.name,
                        "is_bot": int(s.is_bot), "level": s.level, "resigned": int(s.resigned)}) for s in records]


def log_rows(table_id: int, records: Sequence[ActionRecord], seat_records: list[SeatRecord] | None) -> list[Statement]:
    """The log rows of ``records`` and the seats' changing flags (resigned, computer)."""
    statements: list[Statement] = [
        (LOG_ACTION, {"table_id": table_id, "n": a.n, "seat": a.seat, "text": a.text, "kind": a.kind,
                      "by_computer": int(a.by_computer), "at": a.at or time.time()}) for a in records]
    if seat_records is not None:
        statements += [(SEAT_FLAGS, {"of_table": table_id, "at_seat": s.seat, "resigned": int(s.resigned),
                                     "is_bot": int(s.is_bot), "level": s.level}) for s in seat_records]
    return statements


def take_back(table_id: int, at_version: int, taken: Sequence[ActionRecord], snapshot: str, version: int,
              now: float, takebacks: int | None = None) -> list[Statement]:
    """Undo: the moves ``taken`` leave the log for the audit trail and the table goes back to
    ``version`` with ``snapshot``, its count of moves taken back grown by theirs. The first
    statement matches only while the table is still at ``at_version`` and, when ``takebacks`` is
    given, still counts that many moves taken back (use it as the guard);
    the turn gone back to counts as not announced."""
    statements: list[Statement] = [(STILL_AT, {"table_id": table_id, "at_version": at_version,
                                                 "copy_takebacks": takebacks})]
    statements += [(KEEP_UNDONE, {"table_id": table_id, "n": r.n, "seat": r.seat, "text": r.text, "kind": r.kind,
                                  "by_computer": int(r.by_computer), "at": r.at, "undone_at": now}) for r in taken]
    statements.append((DROP_ACTIONS_AFTER, {"table_id": table_id, "after": version}))
    statements.append((GO_BACK, {"table_id": table_id, "new_snapshot": snapshot, "to_version": version,
                                 "taken": len(taken), "announced": version - 1, "now": now}))
    return statements


# -- records of rows -------------------------------------------------------------------------------------
def seat_record(r: Row) -> SeatRecord:
    return SeatRecord(r.seat, r.user_id, r.name, bool(r.is_bot), r.level, bool(r.resigned))


def action_record(r: Row) -> ActionRecord:
    return ActionRecord(r.n, r.seat, r.text, r.kind, bool(r.by_computer), r.at)


def table_record(row: Row, seat_records: list[SeatRecord]) -> TableRecord:
    return TableRecord(
        id=row.id, channel_id=row.channel_id, guild_id=row.guild_id, game=row.game, host_id=row.host_id,
        status=row.status, options=json.loads(row.options), seed=row.seed, version=row.version, seats=seat_records,
        snapshot_text=row.snapshot or "", lobby_message_id=row.lobby_message_id, created_at=row.created_at,
        updated_at=row.updated_at, announced_version=row.announced_version, takebacks=row.takebacks,
    )

