"""Reads on PostgreSQL run the repositories' statements compiled once, on asyncpg's connection,
and give the rows SQLAlchemy's own path gives: the same values (and value types), the same
names, positions and ``_mapping`` keys, for every read statement the repositories define.
Statements built per call, ``text()`` and statements whose values SQLAlchemy converts keep
SQLAlchemy's path; a failed read is still a StoreError without the password."""
import asyncio
import importlib
import pkgutil

import pytest
from sqlalchemy import Float, Row, Select, cast, literal_column, select, text
from sqlalchemy.types import NullType

import bot.store
from bot.store.shards import SINGLE
from bot.store import StoreError, game_tables as q
from bot.store.compiled_reads import CompiledReads
from bot.store.postgres import PostgresStore
from bot.store.schema import game_tables, jobs
from bot.store.statements import ByDialect

pytestmark = pytest.mark.parametrize("store_backend", ["postgres"])

NOW = 1_700_000_000.5
BIG = 1_234_567_890_123_456_789          # a Discord-size id

#: the modules whose tables :func:`populate` fills: each of their reads must find rows
POPULATED = ("game_tables", "jobs", "leases", "ratings", "tournaments", "turn_timers")

#: a value for each parameter the read statements take (others get one by type, see params_for)
VALUES = {
    "table_id": 1, "of_table": 1, "after": 0, "at_seat": 1, "channel_id": BIG, "in_channel": BIG, "name": "meta key",
    "job_ref": "table:1", "job_key": "turn:1", "now": NOW + 100, "lease": "scheduler", "pattern": "owner:%",
    "claimant": "process a", "of_guild": BIG, "of_game": "carcassonne", "of_user": BIG + 1, "of_users": [BIG + 1, BIG + 2],
    "top": 10, "tournament": 1, "of_round": 1, "of_number": 1,
}


def table_rows(table_id: int, status: str, version: int, announced: int, channel: int) -> dict:
    return {"id": table_id, "channel_id": channel, "guild_id": BIG, "game": "carcassonne", "host_id": BIG + 1,
            "status": status, "options": '["fluss"]', "seed": BIG, "version": version, "snapshot": '{"n":2}',
            "lobby_message_id": None if table_id == 2 else BIG + 9, "created_at": NOW, "updated_at": NOW + 0.25,
            "announced_version": announced}


async def populate(store) -> None:
    """Rows in every table the repositories read, some NULLs and Discord-size ids among them."""
    await store.bulk_insert("game_tables", [table_rows(1, "playing", 1, 0, BIG), table_rows(2, "finished", 4, 3, BIG + 5),
                                            table_rows(3, "lobby", 0, -1, BIG + 6)])
    await store.bulk_insert("seats", [
        {"table_id": 1, "seat": 0, "user_id": BIG + 1, "name": "Ann", "is_bot": 0, "level": None, "resigned": 0},
        {"table_id": 1, "seat": 1, "user_id": None, "name": "Computer", "is_bot": 1, "level": "greedy", "resigned": 0},
        {"table_id": 3, "seat": 0, "user_id": BIG + 1, "name": "Ann", "is_bot": 0, "level": None, "resigned": 1}])
    await store.bulk_insert("actions", [
        {"table_id": 1, "n": n, "seat": n % 2, "text": f"place {n}", "kind": "timeout" if n == 3 else "move",
         "by_computer": n % 2, "at": NOW + n} for n in (1, 2, 3)])
    await store.bulk_insert("results", [{"table_id": table_id, "seat": 0, "user_id": BIG + 1, "rank": 1, "score": 12}
                                        for table_id in (1, 2)] + [
                                        {"table_id": 2, "seat": 1, "user_id": None, "rank": 2, "score": 7}])
    await store.bulk_insert("undone_actions", [{"table_id": 1, "n": 4, "seat": 0, "text": "place 4", "kind": "move",
                                                "by_computer": 0, "at": NOW, "undone_at": NOW + 1}])
    await store.bulk_insert("meta", [{"key": "meta key", "value": "meta value"}])
    await store.bulk_insert("jobs", [
        {"kind": "turn", "key": "turn:1", "ref": "table:1", "due_at": NOW, "payload": "{}", "created_at": NOW,
         "fired_at": None},
        {"kind": "turn", "key": "turn:2", "ref": "table:1", "due_at": NOW + 5, "payload": '{"a":1}', "created_at": NOW,
         "fired_at": NOW + 6}])
    await store.bulk_insert("table_timers", [{"table_id": 1, "seconds": 3600, "on_timeout": "skip", "synced_version": 1}])
    await store.bulk_insert("turn_clocks", [{"table_id": 1, "seat": 0, "user_id": BIG + 1, "since_version": 1,
                                             "since_at": NOW}])
    await store.bulk_insert("vacations", [{"user_id": BIG + 1, "starts_at": NOW, "ends_at": NOW + 86400}])
    await store.bulk_insert("user_prefs", [{"user_id": BIG + 1, "dm_on_turn": 1}, {"user_id": BIG + 2, "dm_on_turn": 0}])
    await store.bulk_insert("ratings", [
        {"guild_id": BIG, "game": "carcassonne", "user_id": BIG + user, "name": f"player {user}", "mu": 25.0 + user,
         "sigma": 8.25, "games": user, "wins": 1, "updated_at": NOW} for user in (1, 2, 3)])
    await store.bulk_insert("rated_tables", [{"table_id": 1, "status": "rated", "reason": "", "changes": "[]", "at": NOW}])
    await store.bulk_insert("rating_consents", [{"table_id": 1, "user_id": BIG + 1}])
    await store.bulk_insert("tournaments", [{
        "id": 1, "guild_id": BIG, "channel_id": BIG, "name": "Cup", "game": "carcassonne", "options": "[]",
        "format": "swiss", "table_size": 2, "rounds": 3, "timer_seconds": None, "organiser_id": BIG + 1, "seed": 5,
        "status": "running", "round": 1, "created_at": NOW}])
    await store.bulk_insert("tournament_players", [{"tournament_id": 1, "user_id": BIG + user, "name": f"player {user}",
                                                    "entry": user, "dropped": 0} for user in (1, 2)])
    await store.bulk_insert("tournament_tables", [{"tournament_id": 1, "round": 1, "number": 1, "players": "[1, 2]",
                                                   "channel_id": BIG, "table_id": 1, "status": "playing"}])
    await store.bulk_insert("tournament_results", [{"tournament_id": 1, "round": 1, "number": 1, "user_id": BIG + 1,
                                                    "rank": 1, "score": 12, "points": 1.5, "reported": 1}])
    await store.bulk_insert("leases", [{"name": "scheduler", "owner": "process a", "expires_at": NOW + 30},
                                       {"name": "owner:0", "owner": "process a", "expires_at": NOW + 30}])


def read_statements() -> list[tuple[str, str, Select]]:
    """(module, name, statement) of every read statement the repositories of bot/store define."""
    found = []
    for module_info in pkgutil.iter_modules(bot.store.__path__):
        module = importlib.import_module(f"bot.store.{module_info.name}")
        for name, value in vars(module).items():
            if isinstance(value, ByDialect):
                value = value.for_dialect("postgresql")
            if isinstance(value, Select) and not name.startswith("_"):
                found.append((module_info.name, name, value))
    return found


def params_for(statement: Select, dialect) -> dict:
    """A value for each parameter ``statement`` needs (VALUES, else one of the parameter's type)."""
    params = {}
    for bind in statement.compile(dialect=dialect).binds.values():
        if bind.value is not None or bind.callable is not None:
            continue
        if bind.key in VALUES:
            params[bind.key] = VALUES[bind.key]
        else:
            python_type = int if isinstance(bind.type, NullType) else bind.type.python_type
            value = {int: 1, float: NOW, str: "x"}.get(python_type, 1)
            params[bind.key] = [value] if bind.expanding else value
    return params


async def by_sqlalchemy(store, statement, params) -> list[Row]:
    async with store.engine.connect() as connection:
        return list((await connection.execute(statement, params)).fetchall())


def same_rows(statement: Select, compiled: list[Row], expected: list[Row]) -> None:
    assert [tuple(row) for row in compiled] == [tuple(row) for row in expected]
    assert [[type(value) for value in row] for row in compiled] == [[type(value) for value in row] for row in expected]
    for row, want in zip(compiled, expected):
        assert isinstance(row, Row) and row._fields == want._fields and len(row) == len(want)
        assert row._asdict() == want._asdict()
        assert all(getattr(row, key) == getattr(want, key) for key in want._fields if key.isidentifier())
        assert all(row._mapping[column] == want._mapping[column] for column in statement.selected_columns)


async def test_every_repository_read_runs_compiled_and_gives_sqlalchemys_rows(store):
    await populate(store)
    reads = store.compiled_reads
    statements = read_statements()
    assert len(statements) > 30 and {module for module, _, _ in statements} >= set(POPULATED)
    empty = []
    for module, name, statement in statements:
        params = params_for(statement, store.engine.dialect)
        expected = await by_sqlalchemy(store, statement, params)
        first = await store.fetch(statement, params)        # seen for the first time: SQLAlchemy's path
        compiled = await store.fetch(statement, params)     # seen again: compiled, and run on asyncpg
        plan = reads.plan(statement, params)
        assert plan is not None and plan.rows is not None, f"{module}.{name} is not run compiled"
        assert list(plan.rows.keys) == list((await _result_keys(store, statement, params))), f"{module}.{name}"
        same_rows(statement, first, expected)
        same_rows(statement, compiled, expected)
        if module in POPULATED and not expected:
            empty.append(f"{module}.{name}")
    assert empty == [], "populate() leaves these reads without rows: " + ", ".join(empty)


async def _result_keys(store, statement, params) -> list[str]:
    async with store.engine.connect() as connection:
        return list((await connection.execute(statement, params)).keys())


async def test_the_store_reads_give_the_same_records_through_both_paths(store):
    await populate(store)
    first = (await store.table(1), await store.actions(1), await store.results(2), await store.open_table_head(BIG))
    again = (await store.table(1), await store.actions(1), await store.results(2), await store.open_table_head(BIG))
    assert again == first and first[0] is not None and len(first[0].seats) == 2 and first[3] == (1, "playing", 1, 0)
    assert store.compiled_reads.plan(q.TABLE, {"table_id": 1}) is not None


async def test_statements_built_per_call_text_and_converted_values_keep_sqlalchemys_path(store):
    await populate(store)
    reads = store.compiled_reads
    for _ in range(3):          # a statement built per call is never seen twice: never compiled
        assert [r.id for r in await store.fetch(q.open_tables(SINGLE))] == [1, 3]
        assert reads.plan(q.open_tables(SINGLE), {}) is None
    listed = text("SELECT id FROM game_tables ORDER BY id")
    for _ in range(3):
        assert [r.id for r in await store.fetch(listed)] == [1, 2, 3]
    assert reads.plan(listed, {}) is None
    # a Float column the server sends as a numeric: SQLAlchemy converts it to float, so the
    # statement goes back to SQLAlchemy's path after its first compiled run
    converted = select(cast(jobs.c.due_at, Float).label("due"), literal_column("1.5::numeric", Float).label("half"))
    rows = [await store.fetch(converted) for _ in range(3)]
    assert all(isinstance(r[0].half, float) and r[0].half == 1.5 for r in rows)
    assert reads.plan(converted, {}) is None


async def test_a_cache_of_compiled_reads_stays_bounded(store):
    reads = CompiledReads(store.engine.dialect, size=4)
    for n in range(10):
        statement = select(game_tables.c.id).where(game_tables.c.version == n)
        assert reads.plan(statement, {}) is None and reads.plan(statement, {}) is not None
        assert len(reads) <= 4


async def test_a_failed_read_is_a_store_error_without_the_password(store, store_maker):
    await populate(store)
    scheme, _, rest = store_maker.dsn.partition("://")
    user, _, place = rest.partition("@")
    secret = PostgresStore(f"{scheme}://{user}:s3cret-word@{place}", pool_size=2)   # the test server trusts local users
    await secret.open()
    try:
        for _ in range(2):
            assert (await secret.fetch(q.TABLE, {"table_id": 1}))[0].id == 1
        assert secret.compiled_reads.plan(q.TABLE, {"table_id": 1}) is not None
        with pytest.raises(StoreError, match="database read failed") as raised:
            await secret.fetch(q.TABLE, {"table_id": "not a number"})
        assert "s3cret" not in str(raised.value) and "not a number" in str(raised.value)
        assert (await secret.fetch(q.TABLE, {"table_id": 1}))[0].id == 1       # the pool still serves reads
    finally:
        await secret.close()


async def test_reads_fail_while_the_server_is_down_and_work_again_after_a_restart(store, pg_server):
    await populate(store)
    for _ in range(2):          # the second read runs compiled; its connection goes back to the pool
        assert (await store.fetch(q.TABLE, {"table_id": 1}))[0].id == 1
    pg_server.stop()
    try:
        with pytest.raises(StoreError, match="database read failed"):
            await store.fetch(q.TABLE, {"table_id": 1})
    finally:
        pg_server.start()
    assert (await store.fetch(q.TABLE, {"table_id": 1}))[0].id == 1
    pg_server.stop()            # connections the server closed while they waited in the pool are replaced
    pg_server.start()
    await asyncio.sleep(0.05)   # the event loop sees the closed sockets, as a bot's does while the server restarts
    for _ in range(4):          # more reads than the pool holds connections
        assert (await store.fetch(q.TABLE, {"table_id": 1}))[0].id == 1


async def test_a_read_right_after_a_server_restart_is_answered(store, pg_server):
    """A read on a connection the server closed before the bot noticed is tried once more on a new
    connection: the first reads after a restart are answered, not refused."""
    await populate(store)
    for _ in range(3):          # compiled from the second read on; its connections go back to the pool
        assert (await store.fetch(q.TABLE, {"table_id": 1}))[0].id == 1
    pg_server.stop()
    pg_server.start()
    # no pause: the pooled connections still look open; the read finds its own gone and tries
    # another, and the write after it is saved
    assert (await store.fetch(q.TABLE, {"table_id": 1}))[0].id == 1
    await store.write([(q.PUT_META, {"key": "after restart", "value": "saved"})])
    assert await store.get_meta("after restart") == "saved"
