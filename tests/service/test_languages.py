"""Users' and servers' languages are kept in the store: what an interaction said is known after a
restart (a new store and service over the same database) and by another process sharing the
database, before that user or server interacts again. Only a change is written; a store that
fails is logged once and fails nothing; memory stays bounded. On SQLite and PostgreSQL."""
import itertools
import logging
from dataclasses import replace

from sqlalchemy import select, update

from bot.service import TableService
from bot.service.languages import KnownLanguages
from bot.store.schema import languages
from tests.conftest import ctx, make_settings

REFUSE = {
    "sqlite": ["CREATE TRIGGER refuse_languages BEFORE INSERT ON languages"
               " BEGIN SELECT RAISE(ABORT, 'languages refused by the test'); END"],
    "postgresql": ["CREATE FUNCTION refuse_languages() RETURNS trigger LANGUAGE plpgsql AS"
                   " $$ BEGIN RAISE EXCEPTION 'languages refused by the test'; END $$",
                   "CREATE TRIGGER refuse_languages BEFORE INSERT ON languages FOR EACH ROW"
                   " EXECUTE FUNCTION refuse_languages()"],
}
ACCEPT = {
    "sqlite": ["DROP TRIGGER refuse_languages"],
    "postgresql": ["DROP TRIGGER refuse_languages ON languages", "DROP FUNCTION refuse_languages()"],
}


def language_at(service: TableService, channel: int) -> str:
    table = service.live_tables.in_channel(channel)
    assert table is not None, f"no table in channel {channel}"
    return table.public_language


def service_of(store, **settings) -> TableService:
    seeds = itertools.count(700)
    return TableService(store, make_settings(**settings), seed_source=lambda: next(seeds), render=False)


async def run_ddl(store, scripts: dict[str, list[str]]) -> None:
    """Change the database's schema for a test (the statements of its dialect), committed."""
    def run(connection) -> None:
        for statement in scripts[connection.dialect.name]:
            connection.exec_driver_sql(statement)
        connection.commit()
    await store.run_sync(run)


async def stored(store, kind: str) -> dict[int, tuple[str, float]]:
    rows = await store.fetch(select(languages).where(languages.c.kind == kind))
    return {r.subject_id: (r.locale, r.updated_at) for r in rows}


async def test_languages_noted_are_known_after_a_restart_before_anyone_interacts(store_maker):
    store = await store_maker.open()
    service = service_of(store)
    service.note_server_language(7, "ja")              # as an interaction in server 7 says
    service.note_user_language(11, "ja")               # as alice's interaction says
    service.note_user_language(12, "en-GB")
    await service.close()                              # a stop waits for the writes
    await store.close()

    store = await store_maker.open()
    try:
        service = service_of(store)                    # nothing in memory
        assert len(service.server_languages) == len(service.user_languages) == 0
        assert await service.server_language(7) == "ja"
        assert await service.user_language(11) == "ja" and await service.user_language(12) == "en-GB"
        assert await service.user_language(13) is None and await service.server_language(8) is None
        # a table opened without an interaction (a tournament's): the server's language
        await service.join(ctx("bob", channel=3), "countdown")
        assert language_at(service, 3) == "ja"
        # a direct-message table opened without a language said: its opener's
        await service.join(replace(ctx("alice", channel=4), guild_id=None), "countdown")
        assert language_at(service, 4) == "ja"
        await service.close()
    finally:
        await store.close()


async def test_another_process_on_the_same_database_knows_them(store_maker):
    first, second = await store_maker.open(), await store_maker.open()
    try:
        one, other = service_of(first), service_of(second)
        one.note_user_language(11, "ja")
        await one.user_languages.flush()
        assert await other.user_language(11) == "ja"
        await one.close()
        await other.close()
    finally:
        await first.close()
        await second.close()


async def test_a_changed_language_is_updated(store_maker):
    store = await store_maker.open()
    try:
        service = service_of(store)
        service.note_server_language(7, "ja")
        await service.server_languages.flush()
        service.note_server_language(7, "en-US")
        await service.server_languages.flush()
        assert {k: v[0] for k, v in (await stored(store, "server")).items()} == {7: "en"}     # as the bot speaks it
        await service.close()

        service = service_of(store)                    # a restart, then the server says ja again
        service.note_server_language(7, "ja")
        await service.close()
        assert {k: v[0] for k, v in (await stored(store, "server")).items()} == {7: "ja"}
    finally:
        await store.close()


async def test_an_unchanged_language_is_not_written_again(store_maker):
    store = await store_maker.open()
    try:
        service = service_of(store)
        service.note_user_language(11, "ja")
        await service.user_languages.flush()
        # mark the row: a write of it would set updated_at to the time of that write
        await store.write([(update(languages).values(updated_at=0.0), {})])
        for _ in range(3):
            service.note_user_language(11, "ja")       # every interaction says it again
        await service.close()
        service = service_of(store)                    # a restart: memory does not know it, the store does
        service.note_user_language(11, "ja")
        await service.close()
        assert await stored(store, "user") == {11: ("ja", 0.0)}
    finally:
        await store.close()


async def test_a_store_that_refuses_the_write_fails_nothing_and_is_logged_once(store_maker, caplog):
    store = await store_maker.open()
    try:
        await run_ddl(store, REFUSE)
        service = service_of(store)
        with caplog.at_level(logging.INFO, logger="bot.service.languages"):
            service.note_server_language(7, "ja")
            await service.server_languages.flush()
            service.note_server_language(8, "ja")
            service.note_server_language(9, "en")
            await service.server_languages.flush()
            # the command goes on, in the language this process knows
            replies = await service.join(ctx("bob", channel=3), "countdown")
            assert not replies[0].error and language_at(service, 3) == "ja"
            warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
            assert len(warnings) == 1 and "languages refused by the test" in warnings[0].getMessage()
            assert "Traceback" not in caplog.text
            assert await stored(store, "server") == {}

            # the database accepts again: the next interaction that says the same language writes it
            await run_ddl(store, ACCEPT)
            service.note_server_language(7, "ja")
            await service.server_languages.flush()
            assert {k: v[0] for k, v in (await stored(store, "server")).items()} == {7: "ja"}
            assert "kept in the database again" in caplog.text
        await service.close()
    finally:
        await store.close()


async def test_memory_stays_bounded_and_what_it_forgot_is_read_back(store):
    known = KnownLanguages(store, "user", 3)
    for user in range(1, 7):
        known.note(user, "ja" if user % 2 else "en-US")
        await known.flush()                            # (the writer keeps up: one interaction after another)
        assert len(known) == min(user, 3)
    assert await known.get(1) == "ja" and await known.get(2) == "en-US"     # forgotten here, read from the store
    assert len(known) == 3
    assert {k: v[0] for k, v in (await stored(store, "user")).items()} == {
        1: "ja", 2: "en-US", 3: "ja", 4: "en-US", 5: "ja", 6: "en-US"}


async def test_a_change_made_in_another_process_is_spoken_here_once_memory_is_not_fresh(store_maker):
    first, second = await store_maker.open(), await store_maker.open()
    now = [1000.0]
    try:
        here = KnownLanguages(first, "user", 100, fresh_for=600, clock=lambda: now[0])
        there = KnownLanguages(second, "user", 100, fresh_for=600, clock=lambda: now[0])
        here.note(21, "ja")
        await here.flush()
        assert await there.get(21) == "ja"          # read from the store, kept in memory
        here.note(21, "en")                         # the user now speaks English in the other process
        await here.flush()
        now[0] += 599
        assert await there.get(21) == "ja"          # memory is still trusted
        now[0] += 2
        assert await there.get(21) == "en"          # read again: the change is spoken
        await first.close()                         # a store that cannot be read: memory's answer stands
        now[0] += 601
        assert await here.get(21) == "en"
    finally:
        await second.close()
        await first.close()
