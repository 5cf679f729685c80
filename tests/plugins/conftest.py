"""Asynchronous play with the real store, a manual clock and ports that record what is sent."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pytest
from sqlalchemy import text as sql

from bot.plugins import Plugins
from bot.plugins.ports import Ports
from bot.scheduler import ManualClock
from bot.presenters.replies import Reply
from bot.service import TableService
from bot.store import Store
from tests.conftest import StoreMaker, make_settings
from tests.helpers import text_of

PASS_GAME = "tests.plugins.passgame:GAME"
SECRET_GAME = "tests.plugins.passgame:SECRETIVE"


@dataclass
class Recorder:
    """Ports that keep everything: channel posts, direct messages, opened threads."""

    posts: list[tuple[int, list[Reply]]] = field(default_factory=list)
    dms: list[tuple[int, list[Reply]]] = field(default_factory=list)
    threads: list[tuple[int, str, int]] = field(default_factory=list)
    next_thread: itertools.count = field(default_factory=lambda: itertools.count(50_000))
    service: TableService | None = None      # told what was posted, as an adapter tells it

    async def deliver(self, channel: int, replies: list[Reply]) -> None:
        self.posts.append((channel, replies))
        if self.service is not None:
            await self.service.announced(replies)

    async def notify(self, user: int, replies: list[Reply]) -> None:
        self.dms.append((user, replies))

    async def open_thread(self, parent: int, name: str) -> int:
        number = next(self.next_thread)
        self.threads.append((parent, name, number))
        return number

    def ports(self) -> Ports:
        return Ports(self.deliver, self.notify, self.open_thread)

    def posted(self, channel: int | None = None) -> str:
        return "\n".join(text_of(r) for c, r in self.posts if channel is None or c == channel)

    def clear(self) -> None:
        self.posts.clear()
        self.dms.clear()


@dataclass
class Bot:
    """One running bot: store, service and asynchronous play, on one test database."""

    stores: StoreMaker
    clock: ManualClock
    recorder: Recorder
    settings_overrides: dict
    store: Store | None = None
    service: TableService | None = None
    plugins: Plugins | None = None
    seeds: itertools.count = field(default_factory=lambda: itertools.count(1000))

    async def boot(self) -> "Bot":
        sections: dict[str, dict] = {"games": {"extra": ("tests.toygame:GAME", PASS_GAME, SECRET_GAME),
                                               "enabled": ("countdown", "passdown", "secretive", "carcassonne")}}
        for name, keys in self.settings_overrides.items():       # config.yaml's sections: {"turns": {"timer": "1h"}}
            sections[name] = {**sections.get(name, {}), **keys}
        settings = make_settings(**sections)
        self.store = await self.stores.open()
        self.service = TableService(self.store, settings, seed_source=lambda: next(self.seeds), render=False)
        self.plugins = Plugins(self.service, self.store, self.recorder.ports(), self.clock)
        self.recorder.service = self.service
        for channel, replies in await self.service.restore():
            await self.recorder.deliver(channel, replies)
        await self.plugins.tournaments.recover()          # what plugins.start() does, without the loop
        return self

    async def shutdown(self) -> None:
        await self.plugins.stop()
        await self.service.close()
        await self.store.close()

    async def restart(self, *, delivered: bool = True) -> "Bot":
        """Stop and start again. ``delivered``: every reply so far reached its channel (the test
        plays the adapter, which reports what it sent), so the restart announces nothing again."""
        if delivered:
            await self.store.write([(sql("UPDATE game_tables SET announced_version = version"), {})])
        await self.shutdown()
        return await self.boot()

    async def due(self) -> int:
        return await self.plugins.scheduler.run_due()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
async def make_bot(store_maker, clock, recorder):
    bots: list[Bot] = []

    async def make(**overrides) -> Bot:
        bot = await Bot(store_maker, clock, recorder, overrides).boot()
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        if bot.store is not None and bot.store.is_open:
            await bot.shutdown()


@pytest.fixture
async def bot(make_bot) -> Bot:
    return await make_bot(turns={"timer": "1h"})
