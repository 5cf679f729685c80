"""The store refuses a write built on a table version another writer has moved past."""
from __future__ import annotations

import pytest
from sqlalchemy import text as sql

from bot.store.shards import Shards
from bot.store import ActionRecord, SeatRecord, StaleTableError, Store, StoreError, game_tables


async def started(store: Store, guild: int | None = 7, channel: int = 1) -> int:
    table_id = await store.create_table(channel, guild, "countdown", 11, [], 5, [SeatRecord(0, 11, "Alice")])
    await store.start_table(table_id, [SeatRecord(0, 11, "Alice"), SeatRecord(1, 12, "Bob")], "{}")
    return table_id


async def test_a_taken_version_or_a_moved_on_table_is_stale_and_changes_nothing(store):
    table_id = await started(store)
    await store.append_actions(table_id, [ActionRecord(1, 0, "bet odd")], '{"v":1}')
    for n in (1, 3):            # 1: the row exists (another writer got there first); 3: a gap
        with pytest.raises(StaleTableError):
            await store.append_actions(table_id, [ActionRecord(n, 1, "bet even")], '{"v":"stale"}')
    record = await store.table(table_id)
    assert record.version == 1 and record.snapshot_text == '{"v":1}'
    assert [a.text for a in await store.actions(table_id)] == ["bet odd"]
    assert issubclass(StaleTableError, StoreError)     # callers that only know StoreError still refuse safely
    await store.append_actions(table_id, [ActionRecord(2, 1, "bet even")], '{"v":2}')
    assert await store.open_table_head(1) == (table_id, "playing", 2, 0)
    assert await store.open_table_head(2) is None


async def test_open_tables_of_some_shards(store):
    a = await started(store, guild=7, channel=1)           # shard 0 of 2
    b = await started(store, guild=1 << 22, channel=2)     # shard 1 of 2
    dm = await started(store, guild=None, channel=3)       # a DM: shard 0
    assert [t.id for t in await store.open_tables()] == [a, b, dm]
    assert [t.id for t in await store.open_tables(Shards(2, (0,)))] == [a, dm]
    tables = await store.open_tables(Shards(2, (1,)))
    assert [t.id for t in tables] == [b] and [s.name for s in tables[0].seats] == ["Alice", "Bob"]


async def test_a_guarded_write_applies_only_where_its_guard_matches(store):
    table_id = await started(store)
    guard = (game_tables.STILL_AT, {"table_id": table_id, "at_version": 5})
    reseed = (sql("UPDATE game_tables SET seed = 99 WHERE id = :id"), {"id": table_id})
    with pytest.raises(StaleTableError):
        await store.write([guard, reseed], guard=0)
    assert (await store.table(table_id)).seed == 5
    guard = (game_tables.STILL_AT, {"table_id": table_id, "at_version": 0})
    await store.write([guard, reseed], guard=0)
    assert (await store.table(table_id)).seed == 99


async def test_a_copy_from_before_another_undo_is_stale_at_the_same_version(store):
    """Another process took a move back and moved again: the table is at the version a stale
    copy holds, but the count of moves taken back tells them apart."""
    table_id = await started(store)
    await store.append_actions(table_id, [ActionRecord(1, 0, "bet odd")], '{"v":1}', takebacks=0)
    await store.append_actions(table_id, [ActionRecord(2, 1, "bet even")], '{"v":2}', takebacks=0)
    stale_version, stale_takebacks = 2, 0          # what the other process's copy holds
    taken = [a for a in await store.actions(table_id) if a.n == 2]
    await store.write(game_tables.take_back(table_id, 2, taken, '{"v":1}', 1, 0.0, takebacks=0), guard=0)
    await store.append_actions(table_id, [ActionRecord(2, 1, "bet odd")], '{"v":"2b"}', takebacks=1)
    with pytest.raises(StaleTableError):
        await store.append_actions(table_id, [ActionRecord(3, 0, "bet even")], '{"v":"stale"}',
                                   takebacks=stale_takebacks)
    with pytest.raises(StaleTableError):
        await store.finish_table(table_id, "finished", [(0, 11, 1, 3), (1, 12, 2, 0)], version=stale_version,
                                 takebacks=stale_takebacks)
    with pytest.raises(StaleTableError):
        await store.write(game_tables.take_back(table_id, stale_version, taken, '{"v":1}', 1, 0.0,
                                                takebacks=stale_takebacks), guard=0)
    record = await store.table(table_id)
    assert (record.version, record.takebacks, record.status) == (2, 1, "playing")
    assert record.snapshot_text == '{"v":"2b"}'
    assert [a.text for a in await store.actions(table_id)] == ["bet odd", "bet odd"]
    await store.append_actions(table_id, [ActionRecord(3, 0, "bet even")], '{"v":3}', takebacks=1)
    assert await store.open_table_head(1) == (table_id, "playing", 3, 1)
