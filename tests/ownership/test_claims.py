"""Shard claims in the database (bot/ownership/claims.py), on SQLite and PostgreSQL: overlapping
shards are refused naming who holds them, disjoint ones are fine, a claim of a process that
stopped without giving it up lapses after its time to live (at once when that process ran on this
host and is gone), a claim taken over is noticed at the next renewal, and two processes that claim
the same shard at the same moment never both get it."""
from __future__ import annotations

import asyncio
import subprocess

import pytest
from sqlalchemy import text as sql

from bot.ownership.claims import ShardClaims
from bot.ownership.errors import OwnershipError
from bot.ownership.identity import process_identity
from bot.scheduler import ManualClock
from bot.store.shards import SINGLE, Shards

TTL = 30.0
ELSEWHERE = "other-host:4026531836:4242:abcdef"      # a process on another machine: never known to be gone


def claims(store, shards: Shards, identity: str, clock: ManualClock) -> ShardClaims:
    return ShardClaims(store, shards, identity, TTL, clock)


def a_finished_process_here() -> str:
    """The identity a process of this host had that has ended since."""
    mine = process_identity().split(":")
    ended = subprocess.Popen(["true"])
    ended.wait()
    return f"{mine[0]}:{mine[1]}:{ended.pid}:0a0a0a"


async def test_overlapping_shards_are_refused_and_disjoint_ones_run(store):
    clock = ManualClock()
    first = claims(store, Shards(3, (0, 1)), ELSEWHERE, clock)
    await first.claim()
    for shards, says in ((Shards(3, (1, 2)), "process 4242 on other-host serves shard 1 of 3"),
                         (SINGLE, "Only one process may serve every guild"),
                         (Shards(4, (3,)), "the same --shard-count")):
        with pytest.raises(OwnershipError) as refused:
            await claims(store, shards, process_identity(), clock).claim()
        assert says in str(refused.value) and store.description in str(refused.value), str(refused.value)
    third = claims(store, Shards(3, (2,)), process_identity(), clock)
    await third.claim()
    rows = await store.fetch(sql("SELECT name, owner FROM leases WHERE name LIKE 'owner:%' ORDER BY name"))
    assert [(r.name, r.owner) for r in rows] == [("owner:3:0", ELSEWHERE), ("owner:3:1", ELSEWHERE),
                                                        ("owner:3:2", third.identity)]
    await third.release()
    await first.release()
    assert await store.fetch(sql("SELECT name FROM leases WHERE name LIKE 'owner:%'")) == []


async def test_a_process_serving_every_guild_excludes_any_other(store):
    clock = ManualClock()
    await claims(store, SINGLE, ELSEWHERE, clock).claim()
    for shards in (SINGLE, Shards(2, (0,)), Shards(2, (1,))):
        with pytest.raises(OwnershipError, match="serves every guild"):
            await claims(store, shards, process_identity(), clock).claim()


async def test_a_claim_lapses_after_its_time_to_live(store):
    clock = ManualClock()
    await claims(store, Shards(2, (0,)), ELSEWHERE, clock).claim()       # never renewed: that process stopped
    mine = claims(store, Shards(2, (0, 1)), process_identity(), clock)
    clock.advance(TTL - 1)
    with pytest.raises(OwnershipError, match=r"lapses in 1 s"):
        await mine.claim()
    clock.advance(1)
    await mine.claim()
    assert await mine.renew()


async def test_a_claim_of_a_process_gone_from_this_host_is_taken_at_once(store):
    clock = ManualClock()
    await claims(store, SINGLE, a_finished_process_here(), clock).claim()
    mine = claims(store, SINGLE, process_identity(), clock)
    await mine.claim()                                           # no waiting for the time to live
    rows = await store.fetch(sql("SELECT owner FROM leases WHERE name LIKE 'owner:%'"))
    assert [r.owner for r in rows] == [mine.identity]


async def test_a_claim_taken_over_is_noticed_at_the_next_renewal(store):
    clock = ManualClock()
    mine = claims(store, Shards(2, (0, 1)), process_identity(), clock)
    await mine.claim()
    assert await mine.renew()
    clock.advance(TTL + 1)                                       # this process was frozen for longer than the TTL
    await claims(store, Shards(2, (1,)), ELSEWHERE, clock).claim()
    assert not await mine.renew()


@pytest.mark.parametrize("shards", [(Shards(3, (0, 1)), Shards(3, (1, 2))), (SINGLE, SINGLE), (SINGLE, Shards(2, (0,)))])
async def test_two_processes_claiming_at_the_same_moment_never_both_hold(store_maker, shards):
    """Two stores (two connections or pools, as two processes have) claim together, many times."""
    clock = ManualClock()
    one, two = await store_maker.open(), await store_maker.open()
    try:
        for round in range(8):
            a = claims(one, shards[0], f"{process_identity()}", clock)
            b = claims(two, shards[1], ELSEWHERE.replace("4242", str(5000 + round)), clock)
            results = await asyncio.gather(a.claim(), b.claim(), return_exceptions=True)
            for result in results:
                assert result is None or isinstance(result, OwnershipError), result
            assert any(isinstance(r, OwnershipError) for r in results), "both claimed overlapping shards"
            for claim, result in zip((a, b), results):
                if result is None:
                    await claim.release()
    finally:
        await one.close()
        await two.close()
