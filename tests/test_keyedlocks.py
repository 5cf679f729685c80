"""A lock per channel, kept only while it is held or waited for (bot.keyedlocks), and the table
service's channel locks gone once its channels are quiet."""
from __future__ import annotations

import asyncio

import pytest

from bot.keyedlocks import KeyedLocks
from tests.conftest import ctx


async def test_one_holder_of_a_key_at_a_time_in_the_order_they_came():
    locks: KeyedLocks[int] = KeyedLocks()
    events: list[str] = []

    async def hold(name: str, key: int) -> None:
        async with locks(key):
            events.append(f"{name} in")
            await asyncio.sleep(0.01)
            events.append(f"{name} out")

    await asyncio.gather(hold("a", 1), hold("b", 1), hold("c", 2))
    assert events.index("a out") < events.index("b in")            # same key: one after the other
    assert events.index("c in") < events.index("a out")            # another key: not held up
    assert len(locks) == 0


async def test_a_lock_is_dropped_after_a_failure_and_a_cancelled_waiter():
    locks: KeyedLocks[str] = KeyedLocks()
    with pytest.raises(ValueError):
        async with locks("x"):
            raise ValueError("move refused")
    assert len(locks) == 0
    entered = asyncio.Event()

    async def holder() -> None:
        async with locks("x"):
            entered.set()
            await asyncio.sleep(1)

    async def waiter() -> None:
        async with locks("x"):
            pass

    held = asyncio.create_task(holder())
    await entered.wait()
    waiting = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    assert len(locks) == 1
    waiting.cancel()
    held.cancel()
    await asyncio.gather(held, waiting, return_exceptions=True)
    assert len(locks) == 0


async def test_the_services_channel_locks_go_when_the_channels_are_quiet(service):
    for channel in range(1, 41):
        await service.join(ctx("alice", channel), "countdown")
        await service.join(ctx("bob", channel))
        await service.start(ctx("alice", channel))
        await service.status(ctx("carol", channel))
    assert len(service.live_tables.locks) == 0
