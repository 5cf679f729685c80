"""Shared fixtures: a real store (SQLite in a temporary folder, and PostgreSQL on a throwaway
server: every test that takes ``store`` runs on both) and a service with the test game."""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.config import Settings
from bot.table.context import Ctx
from bot.service import TableService
from bot.store import SqliteStore, Store
from tests.pgserver import MISSING, PgServer, find_binaries

TEST_GAME = "tests.toygame:GAME"


def settings_for(**sections: dict) -> Settings:
    """Settings from config.yaml's sections, validated as the file's would be:
    ``settings_for(games={"enabled": ["carcassonne"]}, rendering={"threads": 1})``."""
    return Settings.model_validate(sections)


def make_settings(**sections: dict) -> Settings:
    """The tests' settings: the test game, one drawing thread, resigned and timed-out seats
    played at the inline level (the strong level, which thinks in worker processes, has tests
    of its own: tests/service/test_computer_thinking.py); ``sections`` add keys or replace them
    (``games={"enabled": ("quetzal",)}`` keeps ``games.extra``)."""
    merged: dict[str, dict] = {"games": {"enabled": ("countdown",), "extra": (TEST_GAME,)}, "rendering": {"threads": 1},
                               "computer": {"takeover_level": "greedy"}}
    for name, keys in sections.items():
        merged[name] = {**merged.get(name, {}), **keys}
    return settings_for(**merged)


BACKENDS = ["sqlite", "postgres"]


@dataclass
class StoreMaker:
    """Opens the store of one test's database as often as a test needs (restarts reopen it)."""

    backend: str
    folder: Path
    dsn: str = ""

    def new(self) -> Store:
        if self.backend == "postgres":
            from bot.store.postgres import PostgresStore

            return PostgresStore(self.dsn, pool_size=3)
        return SqliteStore(self.folder / "tables.sqlite3")

    async def open(self) -> Store:
        return await self.new().open()

    def config(self) -> str:
        """The ``database:`` section of a config.yaml for this database (the bot process gets
        the PostgreSQL URL through DATABASE_URL, see :meth:`environ`)."""
        if self.backend == "postgres":
            return "database:\n  backend: postgres\n"
        return f"database:\n  path: {self.folder / 'tables.sqlite3'}\n"

    def environ(self) -> dict[str, str]:
        return {"DATABASE_URL": self.dsn} if self.backend == "postgres" else {}

    async def refuse_writes(self, store: Store, refuse: bool) -> None:
        """Make the database refuse (or accept again) every write: SQLite's query_only, or a
        read-only default for the PostgreSQL database (the pool's connections are renewed)."""
        if self.backend == "sqlite":
            await store.maintenance(f"PRAGMA query_only={'ON' if refuse else 'OFF'}")
            return
        import asyncpg

        head, _, database = self.dsn.rpartition("/")
        admin = await asyncpg.connect(f"{head}/postgres")
        try:
            setting = "SET default_transaction_read_only = on" if refuse else "RESET default_transaction_read_only"
            await admin.execute(f'ALTER DATABASE "{database}" {setting}')
        finally:
            await admin.close()
        await store.engine.dispose()       # the pool's connections are made again, with the new default


@pytest.fixture(scope="session")
def pg_server():
    """One PostgreSQL server for the whole session, started on first use."""
    bindir = find_binaries()
    if bindir is None:
        pytest.fail(MISSING, pytrace=False)
    server = PgServer(bindir).start()
    yield server
    server.destroy()


@pytest.fixture(params=BACKENDS)
def store_backend(request) -> str:
    return request.param


@pytest.fixture
async def store_maker(store_backend, tmp_path, request):
    """A database for this test: a SQLite file, or a PostgreSQL database of its own (emptied
    after the test for the next one, see tests/pgserver.py)."""
    if store_backend == "sqlite":
        yield StoreMaker("sqlite", tmp_path)
        return
    server: PgServer = request.getfixturevalue("pg_server")
    name = await server.new_database()
    yield StoreMaker("postgres", tmp_path, server.dsn(name))
    await server.recycle_database(name)


@pytest.fixture
async def store(store_maker):
    store = await store_maker.open()
    yield store
    await store.close()


@pytest.fixture
async def service(store):
    seeds = itertools.count(1000)
    service = TableService(store, make_settings(), seed_source=lambda: next(seeds))
    yield service
    await service.close()


def ctx(user: str, channel: int = 1, **kw) -> Ctx:
    """A context for a named test user (ids derived from the name)."""
    ids = {"alice": 11, "bob": 12, "carol": 13, "dave": 14, "erin": 15, "frank": 16}
    return Ctx(user_id=ids.get(user, abs(hash(user)) % 10**9), name=user.capitalize(), channel_id=channel, guild_id=7, **kw)


# the fuzz suite's seed, shown when it runs (tests/fuzz/profile.py)
from tests.fuzz.seed_report import pytest_collection_finish, pytest_runtest_makereport, pytest_terminal_summary  # noqa: E402,F401
# make test's two passes: in parallel, then the tests that must run alone (tests/parallel.py)
from tests.parallel import pytest_collection_modifyitems, pytest_configure  # noqa: E402,F401
