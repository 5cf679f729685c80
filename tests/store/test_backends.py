"""The store interface behaves the same on SQLite and PostgreSQL: Discord-size ids, new row ids,
rows by name and position, atomic writes, the stale-version error, concurrent writers, migrations."""
import asyncio

import pytest

from bot.store import ActionRecord, SeatRecord, StaleTableError, StoreError
from bot.store.migrations import MIGRATIONS

SNOWFLAKE = 1_234_567_890_123_456_789          # Discord ids need 64 bits


async def open_table(store, channel: int = SNOWFLAKE, user: int = SNOWFLAKE + 1) -> int:
    return await store.create_table(channel, SNOWFLAKE + 2, "countdown", user, ["long"], 7, SeatRecord(0, user, "Ann"))


async def test_schema_is_current_and_reopening_migrates_nothing(store, store_maker):
    assert await store.schema_version() == len(MIGRATIONS)
    table_id = await open_table(store)
    again = await store_maker.open()
    try:
        assert await again.schema_version() == len(MIGRATIONS)
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
    ids = await store.write([
        ("INSERT INTO jobs (kind, key, ref, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)", ("k", "a", "", 5.0, "{}", 1.0)),
        ("INSERT INTO jobs (kind, key, ref, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)"
         " ON CONFLICT (key) DO NOTHING", ("k", "a", "", 9.0, "{}", 1.0)),
        ("INSERT INTO meta (key, value) VALUES (?, ?)", ("m", "1")),
        ("UPDATE meta SET value = ? WHERE key = ?", ("2", "m")),
    ])
    assert isinstance(ids[0], int) and ids[1:] == [None, None, None]
    assert await open_table(store, channel=5) > first
    rows = await store.fetch("SELECT id, channel_id FROM game_tables WHERE channel_id = ?", (SNOWFLAKE,))
    assert rows[0]["channel_id"] == rows[0][1] == SNOWFLAKE and rows[0]["id"] == rows[0][0] == first
    assert await store.get_meta("m") == "2"
    await store.set_meta("m", "3")
    assert await store.get_meta("m") == "3" and await store.get_meta("none") is None


async def test_a_refused_write_applies_nothing(store):
    table_id = await open_table(store)
    await store.set_meta("m", "before")
    with pytest.raises(StoreError) as refused:
        await store.write([("UPDATE meta SET value = ? WHERE key = ?", ("after", "m")),
                           ("INSERT INTO game_tables (channel_id, game, host_id, status, seed, created_at, updated_at)"
                            " VALUES (?, 'countdown', 1, 'lobby', 1, 0, 0)", (SNOWFLAKE,))])   # a second open table there
    assert not isinstance(refused.value, StaleTableError)
    assert "database write failed" in str(refused.value) and store.description in str(refused.value)
    assert await store.get_meta("m") == "before"
    assert [t.id for t in await store.open_tables()] == [table_id]
    with pytest.raises(StoreError, match="database read failed"):
        await store.fetch("SELECT * FROM no_such_table")


async def test_a_version_written_twice_is_stale_and_changes_nothing(store):
    table_id = await open_table(store)
    await store.start_table(table_id, [SeatRecord(0, 1, "Ann"), SeatRecord(1, 2, "Ben")], {"total": 0})
    await store.append_actions(table_id, [ActionRecord(1, 0, "add 1")], {"total": 1})
    with pytest.raises(StaleTableError, match="already saved"):
        await store.append_actions(table_id, [ActionRecord(1, 1, "add 2")], {"total": 2})
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
    await store.write_many("INSERT INTO meta (key, value) VALUES (?, ?)", [(f"k{n}", str(n)) for n in range(50)])
    rows = await store.fetch("SELECT COUNT(*) FROM meta WHERE key LIKE ?", ("k%",))
    assert rows[0][0] == 50
    with pytest.raises(StoreError):
        await store.write_many("INSERT INTO meta (key, value) VALUES (?, ?)", [("fresh", "1"), ("k1", "again")])
    assert await store.get_meta("fresh") is None


async def test_a_new_migration_applies_on_open(store_maker):
    """A plain table added by a later migration needs nothing backend-specific."""
    MIGRATIONS.append("CREATE TABLE probe_leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at REAL NOT NULL)")
    try:
        store = await store_maker.open()
        try:
            assert await store.schema_version() == len(MIGRATIONS)
            take = ("INSERT INTO probe_leases (name, owner, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                    " SET owner = excluded.owner, expires_at = excluded.expires_at WHERE probe_leases.expires_at < ?")
            assert await store.write([(take, ("shard", "a", 10.5, 0.0))]) == [None]
            await store.write([(take, ("shard", "b", 20.0, 5.0))])        # held until 10.5: not taken
            await store.write([(take, ("shard", "c", 30.0, 11.0))])       # expired: taken
            rows = await store.fetch("SELECT owner, expires_at FROM probe_leases")
            assert [(r["owner"], r["expires_at"]) for r in rows] == [("c", 30.0)]
        finally:
            await store.close()
    finally:
        MIGRATIONS.pop()
