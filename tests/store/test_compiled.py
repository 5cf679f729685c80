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


async def test_a_statements_own_in_list_is_expanded_once_and_a_callers_on_every_call(store):
    """``status.in_(OPEN)`` holds the statement's own values: its expansion is worked out once;
    an expanding parameter the caller gives (a list of users) is expanded per call."""
    from bot.store import turn_timers

    cache = CompiledStatements(store.engine.dialect)
    dialect = store.engine.dialect
    for statement, calls, fixed in [(game_tables.OPEN_HEAD, [{"channel_id": 5}, {"channel_id": 6}], True),
                                    (turn_timers.DM_ON_TURN, [{"of_users": [1, 2, 3]}, {"of_users": [4]}], False)]:
        for params in calls:
            entry = cache.get(statement, params)
            assert (entry.fixed is not None) is fixed
            state = statement.compile(dialect=dialect, column_keys=sorted(params)).construct_expanded_state(params)
            assert entry.bind(params) == (state.statement, list(state.positional_parameters))
