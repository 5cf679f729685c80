"""Each user's and each server's language: the recent ones in memory, all of them in the store.

Discord tells the bot a user's language and their server's with every interaction. The bot needs
them also when it speaks without one — a turn DM (the reader's language), a table a tournament
opens (the server's) — and that must hold after a restart and in every shard process, so they
are kept in the store (:mod:`bot.store.languages`).

An interaction only notes its languages in memory (a bounded LRU, the cache in front of the
store) and never waits for the store: a language that differs from what memory knows (or that
memory does not know) is handed to a writer task, which compares it with the stored one and
writes only a change. So a store sees a read when a user or server first shows up after a start,
and a write only when a language changes. A store that fails is logged once as a warning (until
it works again) and never fails an interaction; what could not be written is tried again the
next time that user or server is noted.

Another shard process may change a language this one holds (the user interacted there). What
memory holds is trusted for ``FRESH_FOR`` seconds after this process last heard it; a language
asked for after that is read from the store again (the memory's answer stands if the store
cannot be read), so a change made elsewhere is spoken within that time.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from typing import Callable

from bot.store import Store, StoreError
from bot.store.languages import Kind

log = logging.getLogger(__name__)

USER_LANGUAGES = 10_000     # users whose language is kept in memory (the most recent)
SERVER_LANGUAGES = 10_000   # servers whose language is kept in memory (the most recent)
FRESH_FOR = 600.0           # seconds a language in memory is trusted without reading the store again


class KnownLanguages:
    """The languages of one kind of subject (users or servers), by id (see the module docstring)."""

    def __init__(self, store: Store, kind: Kind, size: int, fresh_for: float = FRESH_FOR,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.kind: Kind = kind
        self.size = size
        self.fresh_for = fresh_for
        self.clock = clock
        self._memory: OrderedDict[int, tuple[str, float]] = OrderedDict()     # language, when last heard
        self._waiting: dict[int, str] = {}       # noted, not handed to the store yet (at most ``size``)
        self._unsaved: set[int] = set()          # in memory, but their write failed (a subset of memory)
        self._writer: asyncio.Task[None] | None = None
        self._failing = False                    # the last store call failed (and was logged)

    def __len__(self) -> int:
        """Subjects whose language is in memory."""
        return len(self._memory)

    def note(self, subject: int, locale: str) -> None:
        """``subject``'s language is ``locale`` (as an interaction just said). Returns at once;
        the store is written in the background, and only when the language changed."""
        known = self._memory.get(subject)
        self._remember(subject, locale)
        if known is not None and known[0] == locale and subject not in self._unsaved:
            return
        self._waiting.pop(subject, None)
        self._waiting[subject] = locale
        while len(self._waiting) > self.size:       # a store far behind: the oldest waits for a next note
            dropped = next(iter(self._waiting))
            del self._waiting[dropped]
            if dropped in self._memory:
                self._unsaved.add(dropped)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def get(self, subject: int) -> str | None:
        """``subject``'s language: from memory while it is fresh, else from the store (None: never
        noted; memory's, if any, when the store cannot be read now)."""
        known = self._memory.get(subject)
        if known is not None:
            self._memory.move_to_end(subject)
            if self.clock() - known[1] < self.fresh_for or subject in self._unsaved or subject in self._waiting:
                return known[0]
        try:
            stored = (await self.store.languages(self.kind, [subject])).get(subject)
        except StoreError as error:
            self._failed(error)
            return known[0] if known is not None else None
        self._worked()
        now = self._memory.get(subject)
        if now is not known:            # noted (or forgotten) meanwhile: what memory says now is newer
            return now[0] if now is not None else stored
        if stored is None:              # not in the store (yet): memory's, if any
            return known[0] if known is not None else None
        self._remember(subject, stored)
        return stored

    async def flush(self) -> None:
        """Return when every language noted so far has been written (or its write failed)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.gather(asyncio.shield(self._writer), return_exceptions=True)

    # -- inside ---------------------------------------------------------------------------------
    def _remember(self, subject: int, locale: str) -> None:
        self._memory[subject] = (locale, self.clock())
        self._memory.move_to_end(subject)
        while len(self._memory) > self.size:
            forgotten, _ = self._memory.popitem(last=False)
            self._unsaved.discard(forgotten)

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, {}
            try:
                stored = await self.store.languages(self.kind, batch)
                await self.store.set_languages(self.kind, {s: locale for s, locale in batch.items()
                                                           if stored.get(s) != locale})
            except StoreError as error:
                self._unsaved.update(s for s in batch if s in self._memory)
                self._failed(error)
                continue
            except Exception:       # a fault of ours: logged, and the writer goes on
                log.exception("%s languages: not saved", self.kind)
                continue
            self._unsaved.difference_update(batch)
            self._worked()

    def _failed(self, error: StoreError) -> None:
        if not self._failing:
            self._failing = True
            log.warning("%s languages are not kept in the database for now (until it works again, a restart or"
                        " another shard process may speak the default language to them): %s", self.kind, error)

    def _worked(self) -> None:
        if self._failing:
            self._failing = False
            log.info("%s languages are kept in the database again", self.kind)
