"""A database made before the store moved to SQLAlchemy and Alembic (hand-written migrations,
``schema_version`` 4; see fixtures/make_schema4_database.py) is upgraded in place when the bot
opens it, and the games in it go on: a move is played on the running game, which is then
finished and rated next to the ratings already stored; the tournament and the timers are read
back. The same for SQLite (a checked-in file) and PostgreSQL (a checked-in pg_dump)."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from bot.scheduler import ManualClock
from bot.store.base import head_revision
from bot.store.schema import metadata
from tests.plugins.conftest import Bot, Recorder
from tests.plugins.helpers import finish_countdown, seat_ctx
from tests.conftest import StoreMaker, ctx
from tests.helpers import text_of

FIXTURES = Path(__file__).with_name("fixtures")
ALICE, BOB, CAROL, ERIN = (ctx(name).user_id for name in ("alice", "bob", "carol", "erin"))


async def sqlite_schema4(tmp_path: Path) -> StoreMaker:
    shutil.copy(FIXTURES / "schema4.sqlite3", tmp_path / "tables.sqlite3")
    return StoreMaker("sqlite", tmp_path)


async def postgres_schema4(tmp_path: Path, pg_server) -> StoreMaker:
    name = f"schema4_{tmp_path.name[-12:].lower().replace('-', '_')}"
    admin = await asyncpg.connect(pg_server.dsn())
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    loader = await asyncpg.connect(pg_server.dsn(name))
    try:
        await loader.execute((FIXTURES / "schema4.postgres.sql").read_text())
    finally:
        await loader.close()
    return StoreMaker("postgres", tmp_path, pg_server.dsn(name))


@pytest.fixture
async def schema4(store_backend, tmp_path, request):
    """A StoreMaker on a database as the bot made it before Alembic."""
    if store_backend == "sqlite":
        yield await sqlite_schema4(tmp_path)
        return
    pg_server = request.getfixturevalue("pg_server")
    maker = await postgres_schema4(tmp_path, pg_server)
    yield maker
    await pg_server.drop_database(maker.dsn.rsplit("/", 1)[1])


def schema_differences(connection) -> list:
    """What Alembic finds different between the database and bot/store/schema.py.

    Three things are left aside on SQLite, where they are the same to SQLite but not to the
    comparison: column types (the old files declare INTEGER and REAL, which SQLite treats as
    BIGINT and FLOAT), ``ON DELETE CASCADE`` of foreign keys that SQLAlchemy's reflection does not
    read from the old files' ``REFERENCES t(id)`` spelling (checked with SQLite's own pragma
    instead), and NOT NULL on a one-column primary key that is not an integer (the old files
    leave it out; SQLite then allows NULL there, which the bot never writes)."""
    sqlite = connection.dialect.name == "sqlite"
    context = MigrationContext.configure(connection, opts={"compare_type": not sqlite})
    differences = compare_metadata(context, metadata)
    if not sqlite:
        return differences
    for table in metadata.tables.values():
        for key in connection.exec_driver_sql(f"PRAGMA foreign_key_list({table.name})").mappings():
            assert key["on_delete"] == "CASCADE", (table.name, dict(key))
    fk_pairs = {str(d[1].table.name) for d in differences if isinstance(d, tuple) and d[0] in ("remove_fk", "add_fk")}
    return [d for d in differences
            if not (isinstance(d, tuple) and d[0] in ("remove_fk", "add_fk") and d[1].table.name in fk_pairs)
            and not (isinstance(d, list) and d[0][0] == "modify_nullable"
                     and metadata.tables[d[0][2]].c[d[0][3]].primary_key)]


async def test_a_schema4_database_upgrades_in_place_and_plays_on(schema4):
    bot = await Bot(schema4, ManualClock(), Recorder(), {}).boot()
    try:
        store = bot.store
        assert await store.schema_revision() == head_revision()
        # what was there is there
        running = bot.service.live_tables.in_channel(1)
        assert running is not None and running.status == "playing" and running.version == 2
        assert bot.service.live_tables.in_channel(3).status == "lobby"
        finished = await store.last_finished(2)
        assert finished is not None and len(await store.results(finished.id)) == 2
        rated_before = await bot.plugins.ratings.store.get(7, "countdown", [ALICE, BOB])
        assert {user: row.games for user, row in rated_before.items()} == {ALICE: 1, BOB: 1}
        assert bot.plugins.timers.setting(running.id).seconds == 86400
        assert {clock.seat for clock in (await bot.plugins.timers.store.clocks(running.id)).values()}
        assert len(await bot.plugins.scheduler.pending(f"table:{running.id}")) == 2
        assert [v.user_id for v in await bot.plugins.timers.store.vacations(ERIN)] == [ERIN]
        assert await bot.plugins.timers.store.dm_on_turn([ERIN, ALICE]) == {ERIN}
        tournament = await bot.plugins.tournaments.store.active_in(500)
        assert tournament is not None and tournament.status == "running" and tournament.round == 1
        assert len(await bot.plugins.tournaments.store.players(tournament.id)) == 4
        assert len(await bot.plugins.tournaments.store.entries(tournament.id)) == 2

        # one move on, then the game to its end: results and ratings next to the old ones
        seat = min(running.game.to_act(running.state))
        replies = await bot.service.act(seat_ctx(running, seat), str(running.game.legal_actions(running.state, seat)[0]))
        assert not replies[0].error, text_of(replies)
        assert (await store.table(running.id)).version == 3
        replies = await finish_countdown(bot.service, 1)
        assert "Game over." in text_of(replies)
        record = await store.table(running.id)
        assert record.status == "finished" and len(await store.results(record.id)) == 3
        rated_after = await bot.plugins.ratings.store.get(7, "countdown", [ALICE, BOB, CAROL])
        assert {user: row.games for user, row in rated_after.items()} == {ALICE: 2, BOB: 2, CAROL: 1}
        assert (await bot.plugins.ratings.store.status(record.id))[0] == "rated"

        # a new table gets an id after the old ones; reopening upgrades nothing more
        await bot.service.join(ctx("dave", 9), "countdown")
        assert bot.service.live_tables.in_channel(9).id > 5
        await bot.restart()
        assert await bot.store.schema_revision() == head_revision()
        assert bot.service.live_tables.in_channel(9) is not None
    finally:
        await bot.shutdown()


async def test_the_upgraded_schema_is_the_schema_of_a_new_database(schema4, store_maker, tmp_path):
    old = await schema4.open()
    new = await (StoreMaker("sqlite", tmp_path / "new") if schema4.backend == "sqlite" else store_maker).open()
    try:
        for store in (old, new):
            differences = await store.run_sync(schema_differences)
            assert differences == [], "\n".join(map(str, differences))
            names = await store.run_sync(lambda connection: set(inspect(connection).get_table_names()))
            assert "schema_version" not in names and "alembic_version" in names
    finally:
        await old.close()
        await new.close()


async def test_a_database_of_an_older_migration_gets_what_it_lacks(tmp_path):
    """A file the hand-written migrations left at 3 (before announced_version): the baseline
    adds migration 4's column, its values and its index, then hands over to Alembic."""
    maker = await sqlite_schema4(tmp_path)
    connection = sqlite3.connect(maker.folder / "tables.sqlite3")
    connection.executescript("DROP INDEX unannounced_endings; ALTER TABLE game_tables DROP COLUMN announced_version;"
                             " DELETE FROM schema_version WHERE version = 4;")
    connection.close()
    store = await maker.open()
    try:
        assert await store.schema_revision() == head_revision()
        assert await store.run_sync(schema_differences) == []
        known = {t.id: t.announced_version for t in await store.open_tables()}
        assert set(known.values()) == {None, 0} and known[1] is None      # running: not known; a lobby: known
        ended = await store.last_finished(2)
        assert ended.announced_version == ended.version
    finally:
        await store.close()
