"""One scheduler for every deadline: turn reminders, turn timeouts, tournament rounds.

Jobs live in the ``jobs`` table (migration 2), so a restart loses none. Each job kind has a
handler and a delivery guarantee:

* ``at_most_once`` (reminders): the job is marked fired *before* its handler runs, so a crash
  in between loses the reminder rather than sending it twice.
* otherwise (timeouts, tournament rounds): the handler runs first and the job is marked fired
  after it. Such handlers must be idempotent — they check the store to see whether their work
  is already done (a timeout looks for its marker in the table's action log), so a crash
  between the work and the mark never does the work twice.

A handler may return a new due time instead of ``None``; the job then waits until then (a
player on vacation, a table that could not be saved). Only one scheduler may run per store: with
several shard processes, the one holding the scheduler lease (lease.py); ``may_fire`` then says
whether this process may still fire (its lease has time to spare).
"""
from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from bot.scheduler.clock import Clock, SystemClock
from bot.store import Store, StoreError, jobs
from bot.store.statements import Statement
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

RETRY_AFTER = 60.0          # seconds before a failed handler runs again
IDLE_WAIT = 300.0           # the loop looks at the table at least this often


@dataclass
class Job:
    id: int
    kind: str
    key: str
    ref: str
    due_at: float
    payload: dict[str, Any] = field(default_factory=dict)


Handler = Callable[[Job], Awaitable[float | None]]


def schedule_sql(kind: str, key: str, due_at: float, payload: dict[str, Any], now: float, ref: str = "") -> Statement:
    """The statement that adds a job unless one with ``key`` exists (for use inside a caller's
    transaction, next to the change that makes the job necessary)."""
    return jobs.schedule(kind, key, due_at, payload, now, ref)


def rearm_sql(kind: str, key: str, due_at: float, payload: dict[str, Any], now: float, ref: str = "") -> Statement:
    """Like :func:`schedule_sql`, but a job with ``key`` that already fired is armed again."""
    return jobs.rearm(kind, key, due_at, payload, now, ref)


def cancel_sql(ref: str, prefix: str = "") -> Statement:
    """The statement that drops the pending jobs of ``ref`` (optionally only keys starting ``prefix``)."""
    return jobs.cancel(ref, prefix)


class Scheduler:
    def __init__(self, store: Store, clock: Clock | None = None,
                 may_fire: Callable[[], bool] | None = None) -> None:
        self.store = store
        self.jobs = jobs.Jobs(store)
        self.clock: Clock = clock or SystemClock()
        self.may_fire: Callable[[], bool] = may_fire or (lambda: True)
        self._handlers: dict[str, tuple[Handler, bool]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._running = False
        self._run_lock = asyncio.Lock()

    def register(self, kind: str, handler: Handler, *, at_most_once: bool = False) -> None:
        self._handlers[kind] = (handler, at_most_once)

    # -- jobs -----------------------------------------------------------------------------------
    async def schedule(self, kind: str, key: str, due_at: float, payload: dict[str, Any] | None = None,
                       ref: str = "") -> None:
        await self.store.write([schedule_sql(kind, key, due_at, payload or {}, self.clock.now(), ref)])
        self.wake()

    async def cancel(self, ref: str, prefix: str = "") -> None:
        await self.store.write([cancel_sql(ref, prefix)])

    async def pending(self, ref: str | None = None) -> list[Job]:
        return [self._job(r) for r in await self.jobs.pending(ref)]

    async def fired(self, key: str) -> bool:
        exists, fired_at = await self.jobs.fired_at(key)
        return exists and fired_at is not None

    @staticmethod
    def _job(row: Any) -> Job:
        return Job(row.id, row.kind, row.key, row.ref, row.due_at, json.loads(row.payload or "{}"))

    async def next_due(self) -> float | None:
        return await self.jobs.next_due()

    # -- firing ---------------------------------------------------------------------------------
    async def run_due(self, limit: int = 1000) -> int:
        """Fire every job that is due now (including jobs that firing makes due); returns how many
        handlers ran. Tests call this directly after moving a :class:`ManualClock`."""
        ran = 0
        async with self._run_lock:
            while ran < limit and self.may_fire():
                now = self.clock.now()
                row = await self.jobs.first_due(now)
                if row is None:
                    break
                await self._fire(self._job(row), now)
                ran += 1
        return ran

    async def _fire(self, job: Job, now: float) -> None:
        handler, at_most_once = self._handlers.get(job.kind, (None, False))
        if handler is None:
            log.error("job %s: no handler for kind %r; dropped", job.key, job.kind)
            await self._mark(job, now)
            return
        if at_most_once:
            await self._mark(job, now)
        log.info("firing job %s", job.key)
        try:
            again = await handler(job)
        except StoreError as error:
            log.error("job %s: %s; retrying later", job.key, error)
            again = now + RETRY_AFTER
        except Exception:
            log.exception("job %s failed", job.key)
            again = None if at_most_once else now + RETRY_AFTER
        if again is not None and not at_most_once:
            await self.store.write([jobs.postpone(job.id, max(again, now + 1e-3))])
        elif again is not None:
            await self.store.write([jobs.postpone(job.id, max(again, now + 1e-3), again=True)])
        elif not at_most_once:
            await self._mark(job, now)

    async def _mark(self, job: Job, now: float) -> None:
        await self.store.write([jobs.fired(job.id, now)])

    # -- the loop -------------------------------------------------------------------------------
    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._running = True
            self._task = asyncio.create_task(self._loop(), name="scheduler")

    async def stop(self, grace: float = 10.0) -> None:
        """Stop the loop after the job in hand (a job cut off half-way would run again anyway)."""
        self._running = False
        self.wake()
        if self._task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._task), timeout=grace)
            except asyncio.TimeoutError:
                await cancel_and_wait(self._task)
            self._task = None

    async def _loop(self) -> None:
        while self._running:
            self._wake.clear()          # a wake() during the pass below makes the wait return at once
            try:
                await self.run_due()
                due = await self.next_due()
            except Exception:
                log.exception("scheduler pass failed")
                due = None
            wait = IDLE_WAIT if due is None else min(IDLE_WAIT, max(0.0, due - self.clock.now()))
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=wait)
            except asyncio.TimeoutError:
                pass
