"""Which table version's message went out to its channel.

A move is stored before it is answered, so a process that stops in between leaves a turn that
nobody was told about. The adapter reports every public turn (or end) message it has sent; the
version it announced is written to the store (``game_tables.announced_version``), and a restart
announces the tables whose stored version is newer (``TableService.restore``).

The mark is written after the message was sent: a stop between the two sends the message once
more after the restart; the other order could lose it. Marks that arrive while one is being
written go into the next transaction together (a group commit), so under load the marks cost
one write for many messages.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Iterable

from bot.presenters.replies import Reply
from bot.store import Store, StoreError

log = logging.getLogger(__name__)


def marks_of(replies: Iterable[Reply]) -> set[tuple[int, int]]:
    """(table id, version) of each public message that announces a table version."""
    return {(r.table_id, r.announces) for r in replies
            if not r.private and r.table_id is not None and r.announces is not None}


class Announcements:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: set[tuple[int, int]] = set()
        self._next: asyncio.Future[None] | None = None      # done when the waiting marks are written
        self._writer: asyncio.Task[None] | None = None

    async def sent(self, replies: Iterable[Reply]) -> None:
        """Record the versions these replies announced, once they were sent; returns when the
        marks are written (or their write failed: then the turn is announced again after a
        restart, which is the harmless side)."""
        await self.record(marks_of(replies))

    async def record(self, marks: set[tuple[int, int]]) -> None:
        """Record (table id, version) pairs as announced; returns when they are written."""
        if not marks:
            return
        if self._next is None:
            self._next = asyncio.get_running_loop().create_future()
        written = self._next
        self._waiting |= marks
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._write())
        await asyncio.shield(written)

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, set()
            done, self._next = self._next, None
            try:
                await self.store.mark_announced(sorted(batch))
            except StoreError as error:
                log.warning("which turns were announced was not saved (%s tables; after a restart they are announced"
                            " again): %s", len(batch), error)
            finally:
                if done is not None and not done.done():
                    done.set_result(None)

    async def close(self) -> None:
        """Wait for the marks being written."""
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
