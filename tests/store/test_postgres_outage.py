"""PostgreSQL goes away mid-game: the move is refused ("could not be saved"), the operator log
says which database failed, nothing changes in memory; once the server is back the pool connects
again and the game goes on."""
import itertools
import logging

import pytest

from sqlalchemy import text

from bot.service import TableService
from bot.store import StoreError, game_tables as q
from tests.conftest import ctx, make_settings
from tests.helpers import text_of

pytestmark = pytest.mark.parametrize("store_backend", ["postgres"])


def service_of(store, first_seed: int) -> TableService:
    seeds = itertools.count(first_seed)
    return TableService(store, make_settings(), seed_source=lambda: next(seeds))


async def game_under_way(service: TableService):
    """Alice and Bob's countdown in channel 1, both bets placed; its table."""
    await service.join(ctx("alice"), "countdown")
    await service.join(ctx("bob"))
    await service.start(ctx("alice"))
    for user, bet in (("alice", "bet odd"), ("bob", "bet even")):
        assert not (await service.act(ctx(user), bet))[0].error
    table = service.live_tables.in_channel(1)
    assert table is not None
    return table


async def test_a_stopped_server_refuses_writes_and_the_store_recovers(store, pg_server, caplog):
    service = service_of(store, 1000)
    try:
        table = await game_under_way(service)
        before = (table.version, table.game.to_json(table.state))

        pg_server.stop()
        try:
            caplog.set_level(logging.ERROR, logger="bot")
            r = await service.act(ctx("alice"), "add 2")
            assert r[0].error and "could not be saved, so nothing changed" in text_of(r)
            assert (table.version, table.game.to_json(table.state)) == before
            logged = [rec.getMessage() for rec in caplog.records if rec.levelno >= logging.ERROR]
            assert any("database write failed" in line and store.description in line for line in logged), logged
            with pytest.raises(StoreError, match="database write failed"):
                await store.set_meta("during", "outage")
        finally:
            pg_server.start()

        r = await service.act(ctx("alice"), "add 2")
        assert not r[0].error and "total is 2" in text_of(r)
        assert [a.text for a in await store.actions(table.id)][-1] == "add 2"
        assert await store.get_meta("during") is None
    finally:
        await service.close()


async def test_a_move_right_after_a_server_restart_is_saved(store, pg_server):
    """The server restarts between two moves, before the bot notices (its pooled connections
    still look open): the move is saved, on another connection, not refused; exactly once."""
    service = service_of(store, 2000)
    try:
        table = await game_under_way(service)
        pg_server.stop()
        pg_server.start()
        r = await service.act(ctx("alice"), "add 2")         # no pause: the first write after the restart
        assert not r[0].error and "total is 2" in text_of(r)
        assert [a.text for a in await store.actions(table.id)].count("add 2") == 1
    finally:
        await service.close()


KILL_AT_COMMIT = [
    "CREATE SEQUENCE commits_killed",
    "CREATE FUNCTION kill_first_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
    " IF nextval('commits_killed') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;"
    " RETURN NULL; END $$",
    "CREATE CONSTRAINT TRIGGER kill_first_commit AFTER INSERT OR UPDATE ON meta"
    " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kill_first_commit()",
]
UNDO_KILL = ["DROP TRIGGER kill_first_commit ON meta", "DROP FUNCTION kill_first_commit()",
             "DROP SEQUENCE commits_killed"]


async def test_a_write_whose_connection_is_lost_while_committing_is_not_run_again(store):
    """Once the COMMIT is out, a lost connection leaves unknown whether the write was applied:
    the caller hears the store's error and the write is not run a second time (a second run
    would find the server's trigger harmless and save it)."""
    def run(scripts):
        def job(connection) -> None:
            for statement in scripts:
                connection.exec_driver_sql(statement)
            connection.commit()
        return job
    await store.run_sync(run(KILL_AT_COMMIT))
    try:
        with pytest.raises(StoreError, match="database write failed"):
            await store.write([(q.PUT_META, {"key": "killed", "value": "at commit"})])
        assert await store.get_meta("killed") is None
        rows = await store.fetch(text("SELECT last_value FROM commits_killed"))
        assert rows[0][0] == 1                  # one COMMIT reached the trigger: no second run
    finally:
        await store.run_sync(run(UNDO_KILL))
