"""Several shard processes on one database (SQLite file or PostgreSQL), in one test: each "process"
is a whole bot (its own store connection, table service, asynchronous play and ports) configured
with a shard range, and all of them share one database and one manual clock."""
from __future__ import annotations

import itertools

import pytest

from bot.table.context import Ctx
from tests.plugins.conftest import Bot, Recorder, clock  # noqa: F401  (the shared manual clock)

SHARDS = 2
GUILD_A = 7               # (7 >> 22) % 2 == 0: shard 0
GUILD_B = 1 << 22         # shard 1


def player(name: str, channel: int, guild: int | None) -> Ctx:
    ids = {"alice": 11, "bob": 12, "carol": 13, "dave": 14}
    return Ctx(user_id=ids[name], name=name.capitalize(), channel_id=channel, guild_id=guild)


@pytest.fixture
async def make_shard(store_maker, clock):  # noqa: F811  (the imported fixture, by name)
    """``await make_shard(0)``: a bot process running shard 0 of 2 on the shared database."""
    bots: list[Bot] = []
    threads = itertools.count(50_000, 10_000)

    async def make(*shard_ids: int, lease_seconds: float = 30.0, **overrides) -> Bot:
        recorder = Recorder(next_thread=itertools.count(next(threads)))
        settings = dict(discord={"shard_count": SHARDS, "shard_ids": tuple(shard_ids)},
                        scheduler={"lease_seconds": lease_seconds}, turns={"timer": "1h"}, **overrides)
        bot = await Bot(store_maker, clock, recorder, settings).boot()
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        if bot.store is not None and bot.store.is_open:
            await bot.shutdown()
