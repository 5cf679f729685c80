"""Scheduler leadership when several shard processes share one store.

Exactly one process may fire the stored jobs (reminders, timeouts, tournament rounds). It holds a
*lease*: a row in ``leases`` (migration 3) naming the owner and when its claim runs out. The owner
renews it every third of its time to live; any other process takes it over once it has run out —
a killed leader's lease lapses after its TTL. Claiming and renewing are one conditional update
(:func:`bot.store.leases.claim`), after which the row names the one owner. A leader stops firing jobs before its lease could lapse
(``Lease.valid`` keeps a margin), so two processes never fire at the same time even when a renewal
is late; the jobs' own guarantees (a reminder is marked before it is sent, a timeout looks for
its mark in the action log and its write fails on a table that moved on) cover the rest.
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from typing import Awaitable, Callable

from bot.scheduler.clock import Clock
from bot.store import Store, StoreError, leases
from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)


def process_name() -> str:
    """A lease owner name unique to this process run (host, pid and a random tag)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Lease:
    def __init__(self, store: Store, name: str, owner: str, ttl: float, clock: Clock) -> None:
        self.store = store
        self.leases = leases.Leases(store)
        self.name = name
        self.owner = owner
        self.ttl = ttl
        self.clock = clock
        self.expires_at = 0.0          # of our own claim; 0 when we do not hold it

    async def acquire(self) -> bool:
        """Claim the lease, or renew it if we hold it; True if we hold it now."""
        now = self.clock.now()
        until = now + self.ttl
        await self.store.write(leases.claim(self.name, self.owner, now, until))
        # The update matches whenever we are the owner, so the row names us only if our claim stands.
        row = await self.leases.holder(self.name)
        held = row is not None and row.owner == self.owner
        self.expires_at = until if held else 0.0
        return held

    async def holder(self) -> tuple[str, float] | None:
        row = await self.leases.holder(self.name)
        return (row.owner, row.expires_at) if row is not None else None

    def valid(self, margin: float | None = None) -> bool:
        """Whether our claim still stands with ``margin`` seconds to spare (default: a third of the TTL)."""
        margin = self.ttl / 3 if margin is None else margin
        return self.clock.now() < self.expires_at - margin

    async def release(self) -> None:
        """Give the lease up at once (a clean shutdown), so another process need not wait out the TTL."""
        self.expires_at = 0.0
        await self.leases.release(self.name, self.owner)


Callback = Callable[[], Awaitable[None]]


class Leadership:
    """Keeps trying to hold ``lease``: calls ``on_gain`` when this process becomes the leader,
    ``on_renew`` at every renewal while it leads, ``on_lose`` when it no longer does."""

    def __init__(self, lease: Lease, on_gain: Callback, on_lose: Callback, on_renew: Callback | None = None) -> None:
        self.lease = lease
        self.on_gain = on_gain
        self.on_lose = on_lose
        self.on_renew = on_renew
        self.leading = False
        self._task: asyncio.Task | None = None

    @property
    def every(self) -> float:
        return self.lease.ttl / 3

    async def step(self) -> bool:
        """One attempt to claim or renew; returns whether this process leads afterwards."""
        try:
            held = await self.lease.acquire()
        except StoreError as error:
            held = self.lease.valid()       # the store is unreachable: lead on only while the claim stands
            log.error("scheduler lease %r could not be renewed: %s", self.lease.name, error)
        if held and not self.leading:
            log.info("scheduler: this process (%s) leads now; lease %r held for %.0f s at a time",
                     self.lease.owner, self.lease.name, self.lease.ttl)
            await self.on_gain()
            self.leading = True
        elif not held and self.leading:
            self.leading = False
            log.warning("scheduler: this process (%s) no longer holds the lease %r; scheduler stopped",
                        self.lease.owner, self.lease.name)
            await self.on_lose()
        elif held and self.on_renew is not None:
            await self.on_renew()
        return self.leading

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name=f"lease:{self.lease.name}")

    async def _loop(self) -> None:
        while True:
            try:
                await self.step()
            except Exception:
                log.exception("scheduler lease step failed")
            await asyncio.sleep(self.every)

    async def stop(self) -> None:
        """Stop trying; a leader stops its work and gives the lease up."""
        if self._task is not None:
            await cancel_and_wait(self._task)
            self._task = None
        if self.leading:
            self.leading = False
            await self.on_lose()
            try:
                await self.lease.release()
            except StoreError as error:
                log.error("scheduler lease %r could not be released: %s", self.lease.name, error)
