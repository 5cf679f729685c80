"""The store interface behaves the same on SQLite and PostgreSQL: Discord-size ids, new row ids,
rows by name and position, atomic writes, the stale-version error, concurrent writers, the
schema at the newest revision."""
import asyncio

import pytest
from sqlalchemy import insert, select, text

from bot.store import ActionRecord, SeatRecord, StaleTableError, StoreError, game_tables, jobs
from bot.store.base import head_revision
from bot.store.schema import game_tables as tables, meta

SNOWFLAKE = 1_234_567_890_123_456_789          # Discord ids need 64 bits


async def open_table(store, channel: int = SNOWFLAKE, user: int = SNOWFLAKE + 1) -> int:
    return await store.create_table(channel, SNOWFLAKE + 2, "countdown", user, ["long"], 7, [SeatRecord(0, user, "Ann")])


async def test_schema_is_current_and_reopening_migrates_nothing(store, store_maker):
    assert await store.schema_revision() == head_revision() != ""
    table_id = await open_table(store)
    again = await store_maker.open()
    try:
        assert await again.schema_revision() == head_revision()
        assert (await again.table(table_id)).channel_id == SNOWFLAKE
    finally:
        await again.close()


async def test_discord_ids_and_records_round_trip(store):
    table_id = await open_table(store)
    await store.set_lobby_message(table_id, SNOWFLAKE + 3)
    seats = [SeatRecord(0, SNOWFLAKE + 1, "Ann"), SeatRecord(1, None, "Computer", True, "greedy")]
    await store.start_table(table_id, seats, {"total": 0})
    await store.append_actions(table_id, [ActionRecord(1, 0, "add 1", at=12.5), ActionRecord(2, 1, "add 2", by_computer=True)],
                               {"total": 3})
    record = await store.table(table_id)
    assert (record.channel_id, record.guild_id, record.host_id, record.lobby_message_id) == \
        (SNOWFLAKE, SNOWFLAKE + 2, SNOWFLAKE + 1, SNOWFLAKE + 3)
    assert record.seats == seats and record.options == ["long"] and record.version == 2
    assert record.snapshot_text == '{"total":3}' and isinstance(record.created_at, float)
    actions = await store.actions(table_id)
    assert [(a.n, a.text, a.by_computer, a.at) for a in actions][0] == (1, "add 1", False, 12.5)
    assert actions[1].by_computer and actions[1].at > 1e9
    await store.finish_table(table_id, "finished", [(0, SNOWFLAKE + 1, 1, 3), (1, None, 2, 0)])
    await store.finish_table(table_id, "finished", [(0, SNOWFLAKE + 1, 2, 3)])       # a correction replaces the row
    assert await store.results(table_id) == [(0, SNOWFLAKE + 1, 2, 3), (1, None, 2, 0)]
    assert await store.open_tables() == []


async def test_rows_by_name_and_position_and_new_row_ids(store):
    first = await open_table(store)
    ids = await store.write([jobs.schedule("k", "a", 5.0, {}, 1.0), jobs.schedule("k", "a", 9.0, {}, 1.0),
                             (game_tables.PUT_META, {"key": "m", "value": "1"})])
    assert isinstance(ids[0], int) and ids[1:] == [None, None]
    assert [job.due_at for job in await jobs.Jobs(store).pending()] == [5.0]     # the second one did nothing
    assert await open_table(store, channel=5) > first
    rows = await store.fetch(select(tables.c.id, tables.c.channel_id).where(tables.c.channel_id == SNOWFLAKE))
    assert rows[0].channel_id == rows[0][1] == SNOWFLAKE and rows[0].id == rows[0][0] == first
    assert await store.get_meta("m") == "1"
    await store.set_meta("m", "3")
    assert await store.get_meta("m") == "3" and await store.get_meta("none") is None


async def test_a_refused_write_applies_nothing(store):
    table_id = await open_table(store)
    await store.set_meta("m", "before")
    with pytest.raises(StoreError) as refused:
        await store.write([(game_tables.PUT_META, {"key": "m", "value": "after"}),
                           (game_tables.NEW_TABLE, {"channel_id": SNOWFLAKE, "game": "countdown", "host_id": 1,
                                                    "status": "lobby", "seed": 1, "created_at": 0.0,
                                                    "updated_at": 0.0})])       # a second open table there
    assert not isinstance(refused.value, StaleTableError)
    assert "database write failed" in str(refused.value) and store.description in str(refused.value)
    assert await store.get_meta("m") == "before"
    assert [t.id for t in await store.open_tables()] == [table_id]
    with pytest.raises(StoreError, match="database read failed"):
        await store.fetch(text("SELECT * FROM no_such_table"))


async def test_a_version_written_twice_is_stale_and_changes_nothing(store):
    table_id = await open_table(store)
    await store.start_table(table_id, [SeatRecord(0, 1, "Ann"), SeatRecord(1, 2, "Ben")], {"total": 0})
    await store.append_actions(table_id, [ActionRecord(1, 0, "add 1")], {"total": 1})
    with pytest.raises(StaleTableError, match="already saved"):
        await store.append_actions(table_id, [ActionRecord(1, 1, "add 2")], {"total": 2})
    with pytest.raises(StaleTableError, match="moved on"):        # the version guard: the log row is new, the version not
        await store.append_actions(table_id, [ActionRecord(3, 1, "add 3")], {"total": 4})
    record = await store.table(table_id)
    assert (record.version, record.snapshot_text) == (1, '{"total":1}')
    assert [a.text for a in await store.actions(table_id)] == ["add 1"]


async def test_concurrent_writers_each_commit_whole(store):
    ids = await asyncio.gather(*(open_table(store, channel=100 + n, user=n + 1) for n in range(12)))
    assert len(set(ids)) == 12
    tables = await store.open_tables()
    assert sorted((t.id, t.channel_id, t.seats[0].user_id) for t in tables) == sorted(
        (table_id, 100 + n, n + 1) for n, table_id in enumerate(ids))


async def test_bulk_rows_in_one_transaction(store):
    await store.bulk_insert("meta", [{"key": f"k{n}", "value": str(n)} for n in range(50)])
    rows = await store.fetch(select(meta.c.key).where(meta.c.key.like("k%")))
    assert len(rows) == 50
    with pytest.raises(StoreError):
        await store.write_many(insert(meta), [{"key": "fresh", "value": "1"}, {"key": "k1", "value": "again"}])
    assert await store.get_meta("fresh") is None
