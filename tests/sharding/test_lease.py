"""The scheduler lease: one holder at a time, renewals, take-over after the TTL, release, and a
leader that stops firing jobs when its claim runs short — all with a manual clock."""
from __future__ import annotations

from bot.scheduler import ManualClock, Scheduler
from bot.scheduler.lease import Lease, Leadership

TTL = 30.0


def lease(store, owner: str, clock: ManualClock) -> Lease:
    return Lease(store, "scheduler", owner, TTL, clock)


async def test_one_holder_renewals_and_take_over_after_the_ttl(store):
    clock = ManualClock()
    a, b = lease(store, "a", clock), lease(store, "b", clock)
    assert await a.acquire() and not await b.acquire()
    clock.advance(TTL - 1)
    assert await a.acquire()                        # renewed: good for another TTL from now
    clock.advance(TTL - 1)
    assert not await b.acquire()
    assert await a.holder() == ("a", clock.now() + 1)
    clock.advance(1)                                # a stopped renewing (killed): its claim lapses
    assert await b.acquire() and not await a.acquire()
    assert a.expires_at == 0.0 and not a.valid()
    await b.release()                               # a clean shutdown: no need to wait out the TTL
    assert await a.holder() is None and await a.acquire()


async def test_a_second_connection_sees_the_same_lease(store, store_maker):
    other = await store_maker.open()
    try:
        clock = ManualClock()
        assert await lease(store, "a", clock).acquire()
        assert not await lease(other, "b", clock).acquire()
    finally:
        await other.close()


async def test_leadership_starts_and_stops_the_work(store):
    clock = ManualClock()
    calls: list[str] = []

    async def gain() -> None:
        calls.append("gain")

    async def lose() -> None:
        calls.append("lose")

    async def renew() -> None:
        calls.append("renew")

    mine = Leadership(lease(store, "a", clock), gain, lose, renew)
    theirs = Leadership(lease(store, "b", clock), gain, lose, renew)
    assert await mine.step() and not await theirs.step()
    assert await mine.step()
    assert calls == ["gain", "renew"]
    clock.advance(TTL)                              # mine missed its renewals
    assert await theirs.step()
    assert not await mine.step()
    assert calls == ["gain", "renew", "gain", "lose"]
    await theirs.stop()                             # gives the lease up
    assert calls[-1] == "lose" and await mine.step()


async def test_a_leader_fires_nothing_once_its_claim_runs_short(store):
    clock = ManualClock()
    claim = lease(store, "a", clock)
    fired: list[str] = []

    async def handler(job) -> None:
        fired.append(job.key)

    scheduler = Scheduler(store, clock, may_fire=claim.valid)
    scheduler.register("ping", handler)
    await scheduler.schedule("ping", "ping:1", clock.now())
    assert await scheduler.run_due() == 0           # no lease: nothing fires
    assert await claim.acquire()
    assert await scheduler.run_due() == 1 and fired == ["ping:1"]
    await scheduler.schedule("ping", "ping:2", clock.now())
    clock.advance(TTL * 2 / 3 + 1)                  # a renewal is late: less than a third is left
    assert await scheduler.run_due() == 0 and fired == ["ping:1"]
    assert await claim.acquire()
    assert await scheduler.run_due() == 1 and fired == ["ping:1", "ping:2"]
