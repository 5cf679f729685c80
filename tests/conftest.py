"""Shared fixtures: a real SQLite store in a temporary folder and a service with the test game."""
from __future__ import annotations

import itertools

import pytest

from bot.config import Settings
from bot.service import Ctx, TableService
from bot.store import SqliteStore

TEST_GAME = "tests.toygame.game:GAME"


def make_settings(**overrides) -> Settings:
    base = dict(enabled_games=("countdown",), extra_games=(TEST_GAME,), render_threads=1)
    base.update(overrides)
    return Settings(**base)


@pytest.fixture
async def store(tmp_path):
    store = await SqliteStore(tmp_path / "tables.sqlite3").open()
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
