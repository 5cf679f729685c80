"""PostgreSQL goes away mid-game: the move is refused ("could not be saved"), the operator log
says which database failed, nothing changes in memory; once the server is back the pool connects
again and the game goes on."""
import itertools
import logging

import pytest

from bot.service import TableService
from bot.store import StoreError
from tests.conftest import ctx, make_settings
from tests.helpers import text_of

pytestmark = pytest.mark.parametrize("store_backend", ["postgres"])


async def test_a_stopped_server_refuses_writes_and_the_store_recovers(store, pg_server, caplog):
    seeds = itertools.count(1000)
    service = TableService(store, make_settings(), seed_source=lambda: next(seeds))
    try:
        await service.join(ctx("alice"), "countdown")
        await service.join(ctx("bob"))
        await service.start(ctx("alice"))
        for user, bet in (("alice", "bet odd"), ("bob", "bet even")):
            assert not (await service.act(ctx(user), bet))[0].error
        table = service.table_in(1)
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
