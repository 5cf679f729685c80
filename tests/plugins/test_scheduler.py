"""The scheduler on its own: order, at-most-once versus after-the-work marking, rescheduling,
failures, and the background loop."""
from __future__ import annotations

import asyncio

import pytest

from bot.scheduler import ManualClock, Scheduler


@pytest.fixture
async def sched(store):
    clock = ManualClock()
    scheduler = Scheduler(store, clock)
    yield scheduler, clock, store
    await scheduler.stop()


async def test_fires_due_jobs_in_order_once(sched):
    scheduler, clock, _ = sched
    seen = []

    async def handler(job):
        seen.append(job.key)

    scheduler.register("k", handler)
    await scheduler.schedule("k", "b", clock.now() + 20)
    await scheduler.schedule("k", "a", clock.now() + 10)
    await scheduler.schedule("k", "a", clock.now() + 99)        # same key: ignored
    await scheduler.schedule("k", "c", clock.now() + 30)
    assert await scheduler.run_due() == 0
    clock.advance(25)
    assert await scheduler.run_due() == 2 and seen == ["a", "b"]
    assert await scheduler.run_due() == 0
    assert await scheduler.fired("a") and not await scheduler.fired("c")
    assert [j.key for j in await scheduler.pending()] == ["c"]


async def test_at_most_once_marks_before_running(sched):
    scheduler, clock, _ = sched
    marked_during = []

    async def handler(job):
        marked_during.append(await scheduler.fired(job.key))

    async def work(job):
        marked_during.append(await scheduler.fired(job.key))

    scheduler.register("remind", handler, at_most_once=True)
    scheduler.register("work", work)
    await scheduler.schedule("remind", "r", clock.now())
    await scheduler.schedule("work", "w", clock.now() + 1)
    clock.advance(1)
    await scheduler.run_due()
    assert marked_during == [True, False]
    assert await scheduler.fired("r") and await scheduler.fired("w")


async def test_reschedule_and_failure_retry(sched):
    scheduler, clock, _ = sched
    calls = []

    async def later(job):
        calls.append("later")
        return clock.now() + 100 if len(calls) == 1 else None

    async def broken(job):
        calls.append("broken")
        raise RuntimeError("boom")

    scheduler.register("later", later, at_most_once=True)
    scheduler.register("broken", broken)
    await scheduler.schedule("later", "l", clock.now())
    await scheduler.schedule("broken", "x", clock.now())
    assert await scheduler.run_due() == 2
    assert sorted(calls) == ["broken", "later"]
    assert not await scheduler.fired("l") and not await scheduler.fired("x")   # both wait again
    clock.advance(100)
    await scheduler.run_due()
    assert calls.count("later") == 2 and await scheduler.fired("l")
    assert calls.count("broken") == 2 and not await scheduler.fired("x")


async def test_cancel_by_ref_and_prefix(sched):
    scheduler, clock, _ = sched
    scheduler.register("k", lambda job: asyncio.sleep(0))
    await scheduler.schedule("k", "turn:1:0:5:timeout", clock.now(), ref="table:1")
    await scheduler.schedule("k", "turn:1:1:5:timeout", clock.now(), ref="table:1")
    await scheduler.schedule("k", "turn:2:0:5:timeout", clock.now(), ref="table:2")
    await scheduler.cancel("table:1", "turn:1:0:")
    assert [j.key for j in await scheduler.pending()] == ["turn:1:1:5:timeout", "turn:2:0:5:timeout"]
    await scheduler.cancel("table:1")
    assert [j.key for j in await scheduler.pending()] == ["turn:2:0:5:timeout"]


async def test_unknown_kind_is_dropped(sched):
    scheduler, clock, _ = sched
    await scheduler.schedule("nobody", "n", clock.now())
    assert await scheduler.run_due() == 1 and await scheduler.fired("n")


async def test_background_loop_runs_jobs_and_wakes(sched):
    scheduler, clock, _ = sched
    done = asyncio.Event()

    async def handler(job):
        done.set()

    scheduler.register("k", handler)
    scheduler.start()
    await scheduler.schedule("k", "now", clock.now())          # wakes the sleeping loop
    await asyncio.wait_for(done.wait(), timeout=30)
    await scheduler.stop()
    assert await scheduler.fired("now")
