"""Where pictures are drawn: off the event loop, in worker threads or, with
``rendering.processes``, in worker processes (drawing is Python work that holds the interpreter
lock, so only processes spread it over the cores), and the pictures of each table's current
version are kept (``rendering.cache_size``) so that /board and repeated posts draw nothing."""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Callable, Hashable

from bot.config import Settings
from bot.workerprocess import end_with_the_bot
from renderers import drawing_worker
from renderers.common.fontchain import configure as configure_text_layouts
from renderers.common.lru import LRUCache
from renderers.common.layers import configure as configure_layers
from renderers.common.png import configure as configure_png

log = logging.getLogger(__name__)

PUBLIC_PALETTE = "public"      # the palette key of every public picture of a game (renderers.common.layers)


def prepare_worker(*args: Any) -> None:
    """A drawing process starts: it ends with the bot, and is made ready to draw."""
    end_with_the_bot()
    drawing_worker.prepare(*args)


class PictureCache(LRUCache[Hashable, bytes]):
    """PNGs by (table, version, what was drawn), least recently used dropped first."""


class Drawing:
    """The service's drawing workers and its picture cache."""

    def __init__(self, settings: Settings, threads: Executor) -> None:
        self.settings = settings
        self.threads = threads
        self.cache = PictureCache(settings.rendering.cache_size)
        self.processes: ProcessPoolExecutor | None = None
        if settings.rendering.processes:
            self.processes = ProcessPoolExecutor(
                settings.rendering.processes, mp_context=multiprocessing.get_context("spawn"),
                initializer=prepare_worker, initargs=(tuple(settings.games.extra), True, settings.rendering.layers, settings.rendering.png_bands,
                          PUBLIC_PALETTE, settings.rendering.text_layouts))
        else:
            configure_layers(settings.rendering.layers)
            configure_png(settings.rendering.png_bands)
            configure_text_layouts(settings.rendering.text_layouts)

    @property
    def executor(self) -> Executor:
        return self.processes or self.threads

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a drawing worker (a module-level function of picklable data)."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, function, *args)

    async def picture(self, key: Hashable | None, game_name: str, view: Any, names: list[str], scale: float,
                      region: str | None, table_key: Hashable | None, locale: str = "en") -> bytes | None:
        """A picture from the cache (``key``: table, version and what is drawn; kept per
        language, ``locale`` being the language of its words) or drawn now."""
        if key is not None:
            key = (key, locale)
        if key is not None and (png := self.cache.get(key)) is not None:
            return png
        png = await self.run(drawing_worker.picture, game_name, view, names, scale, region, table_key, locale)
        if key is not None and png is not None:
            self.cache.put(key, png)
        return png

    async def help_picture(self, game_name: str, locale: str) -> bytes | None:
        """The picture of ``/help GAME`` in ``locale``, drawn once (kept in the picture cache)."""
        key = (("help", game_name), locale)
        if (png := self.cache.get(key)) is not None:
            return png
        png = await self.run(drawing_worker.help_picture, game_name, locale)
        if png is not None:
            self.cache.put(key, png)
        return png

    def warm_up(self) -> "asyncio.Future[Any]":
        """Make every game's fonts and sprites now: in each worker process (their initializer
        does it as they start), or once in a thread."""
        loop = asyncio.get_running_loop()
        if self.processes is not None:
            count = self.settings.rendering.processes
            return asyncio.ensure_future(asyncio.gather(*(loop.run_in_executor(self.processes, _nothing)
                                                          for _ in range(count))))
        return loop.run_in_executor(self.threads, drawing_worker.prepare, (), False)

    def close(self) -> None:
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)


def _nothing() -> None:
    """A task that makes a worker process start (its initializer prepares it)."""
