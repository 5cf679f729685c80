"""The PostgreSQL store's cache of compiled write statements: hit for the repositories' statements,
bounded for statements built per call, and the SQL it runs is SQLAlchemy's own for the dialect."""
import pytest

from bot.store import game_tables, jobs
from bot.store.compiled import CompiledStatements
from bot.store.tournaments import Tournaments

pytestmark = pytest.mark.parametrize("store_backend", ["postgres"])


async def test_repository_statements_are_compiled_once_and_the_cache_stays_bounded(store):
    cache = CompiledStatements(store.engine.dialect, size=4)
    params = {"table_id": 1, "from_version": 0, "new_snapshot": "{}", "to_version": 1, "now": 1.0}
    first = cache.get(game_tables.MOVE_ON, params)
    assert cache.get(game_tables.MOVE_ON, dict(params, now=2.0)) is first
    for n in range(10):         # statements built per call: each compiled once, the oldest pushed out
        statement, values = Tournaments.set_sql(n, status="running")
        cache.get(statement, values)
        assert len(cache) <= 4
    assert cache.get(jobs.ADD, {"kind": "k", "key": "a", "ref": "", "due_at": 1.0, "payload": "{}",
                                "created_at": 1.0}).returns_rows


async def test_the_sql_and_arguments_are_sqlalchemys_own(store):
    cache = CompiledStatements(store.engine.dialect)
    params = {"table_id": 7, "at_version": 3, "new_status": "finished", "to_version": 4, "new_snapshot": None,
              "now": 2.0}
    sql, arguments = cache.get(game_tables.CLOSE_AT_VERSION, params).bind(params)     # an expanding IN
    expected = game_tables.CLOSE_AT_VERSION.compile(dialect=store.engine.dialect, column_keys=sorted(params))
    state = expected.construct_expanded_state(params)
    assert sql == state.statement and "IN ($" in sql
    assert arguments == list(state.positional_parameters)
    assert 7 in arguments and "lobby" in arguments and "playing" in arguments
