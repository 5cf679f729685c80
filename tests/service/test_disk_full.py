"""The database fills up during play (SQLite's "database or disk is full", made to happen with
``PRAGMA max_page_count``): the move is refused with "could not be saved, so nothing changed", the
operator's log says the disk is full and what to do, nothing is half applied (the state in memory,
the stored state and the log are as before), and once there is room again the same move works."""
import logging

import pytest

from bot.service import TableService
from tests.conftest import ctx, make_settings
from tests.helpers import text_of

# SQLite's own size limit makes the full disk happen on demand; a PostgreSQL server's disk cannot
# be filled that way here (its refused writes are covered by the outage test in tests/store).
pytestmark = pytest.mark.parametrize("store_backend", ["sqlite"])

NO_LIMIT = 1073741823        # SQLite's largest max_page_count


async def what_is_there(service, store, table_id: int, user) -> tuple:
    """Everything a half-applied move would change: memory, the stored table and log, the suggestions."""
    table = service.live_tables.by_id(table_id)
    record = await store.table(table_id)
    return (table.version, table.game.to_json(table.state), record.version, record.snapshot_text,
            [(a.n, a.seat, a.text) for a in await store.actions(table_id)], service.autocomplete.action(user, ""))


async def test_a_full_database_refuses_the_move_and_changes_nothing(store, caplog):
    service = TableService(store, make_settings(games={"enabled": ("stoneage",)}), seed_source=lambda: 7, render=False)
    try:
        await service.join(ctx("alice"), "stoneage")
        await service.join(ctx("bob"))
        await service.start(ctx("alice"))
        table = service.live_tables.in_channel(1)
        users = {seat.user_id: ctx(seat.name.lower()) for seat in table.seats}
        await store.maintenance("VACUUM")                              # no free room left inside the file
        [[pages]] = await store.maintenance("PRAGMA page_count")
        await store.maintenance(f"PRAGMA max_page_count = {pages}")     # and it may not grow any more

        caplog.set_level(logging.ERROR, logger="bot")
        for _ in range(300):                # play on (Stone Age is long) until the log needs a page more
            seat = sorted(table.game.to_act(table.state))[0]
            user = users[table.seats[seat].user_id]
            move = str(table.game.legal_actions(table.state, seat)[0])
            before = await what_is_there(service, store, table.id, user)
            replies = await service.act(user, move)
            if replies[0].error:
                break
        else:
            raise AssertionError("the database never filled up")

        assert replies[0].private and "could not be saved, so nothing changed" in text_of(replies)
        assert await what_is_there(service, store, table.id, user) == before
        [line] = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
        assert f"table {table.id}: not saved" in line and "full" in line and "free disk space" in line, line

        await store.maintenance(f"PRAGMA max_page_count = {NO_LIMIT}")   # room again
        replies = await service.act(user, move)
        assert not replies[0].error, text_of(replies)
        assert [a.text for a in await store.actions(table.id)][-1] == move
        assert table.version == before[0] + 1
    finally:
        await service.close()
