"""Shard claims in the database: one owner per shard, for every process that shares a store.

A process claims each shard it serves (a process that serves every guild claims the one shard of
a single-shard bot) as a row of ``leases`` named ``owner:<shard count>:<shard id>``, owned by
its identity (identity.py) until ``expires_at``. It renews its rows every third of their time to
live and deletes them when it stops. A starting process refuses to run when a live row of
another process overlaps its own: the same shard id, or any shard under another shard count (the
guilds of two shard counts are cut differently, so they always overlap).

A row is not live once it has run out, or when its owner ran on this host and PID namespace and
no longer runs (a crashed process restarted at once takes its shards back without waiting).

Claiming is portable SQL on SQLite and PostgreSQL: a conditional UPDATE per shard, like the
scheduler's lease (bot/scheduler/lease.py), then a second look at every claim; two processes
with overlapping shards that start at the same moment both see the other then, and at least one
of them refuses.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Awaitable, Callable

from bot.ownership.errors import OwnershipError, ownership_error
from bot.ownership.identity import describe, gone
from bot.scheduler.clock import Clock, SystemClock
from bot.store.shards import Shards
from bot.store import Store, StoreError, leases
from bot.tasks import cancel_and_wait
from games.core.messages import N_, Msg, counted

log = logging.getLogger(__name__)
PREFIX = "owner:"


@dataclass(frozen=True)
class Claim:
    count: int
    shard: int
    owner: str
    expires_at: float

    @property
    def name(self) -> str:
        return f"{PREFIX}{self.count}:{self.shard}"


def _claim(name: str, owner: str, expires_at: float) -> Claim | None:
    count, _, shard = name[len(PREFIX):].partition(":")
    if not (count.isdigit() and shard.isdigit()):
        return None
    return Claim(int(count), int(shard), owner, float(expires_at))


def wanted(shards: Shards) -> tuple[int, tuple[int, ...]]:
    """(shard count, shard ids) a process claims: all guilds are shard 0 of a single-shard bot."""
    if shards.ids is None:
        return 1, (0,)
    return shards.count, tuple(sorted(set(shards.ids)))


def what(count: int, ids: tuple[int, ...]) -> Msg:
    """``every guild``, ``shard 1 of 3``, ``shards 0, 1 of 3``."""
    if count == 1:
        return Msg("every guild")
    return counted("shard {ids} of {count}", "shards {ids} of {count}", by="shards", ids=", ".join(map(str, ids)),
                   count=count, shards=len(ids))


#: what a refused process can do, by how it overlaps
ADVICE_OWN_IDS = N_("Give each process shard ids of its own (--shard-ids).")
ADVICE_SAME_COUNT = N_("Every process sharing a database must use the same --shard-count and shard ids of its own.")
ADVICE_ONE_PROCESS = N_("Only one process may serve every guild of a database: stop the other one first, or run them as"
                        " shard processes (--shard-count, --shard-ids) on the same database.")


class ShardClaims:
    def __init__(self, store: Store, shards: Shards, identity: str, ttl: float, clock: Clock | None = None) -> None:
        self.store = store
        self.leases = leases.Leases(store)
        self.count, self.ids = wanted(shards)
        self.identity = identity
        self.ttl = ttl
        self.clock = clock or SystemClock()
        self._task: asyncio.Task | None = None

    @property
    def names(self) -> list[str]:
        return [f"{PREFIX}{self.count}:{shard}" for shard in self.ids]

    async def _others(self) -> tuple[list[Claim], list[Claim]]:
        """(live claims of other processes that overlap ours, dead claims of anyone)."""
        now = self.clock.now()
        overlapping, dead = [], []
        for row in await self.leases.named(PREFIX):
            claim = _claim(row.name, row.owner, row.expires_at)
            if claim is None or claim.owner == self.identity:
                continue
            if claim.expires_at <= now or gone(claim.owner):
                dead.append(claim)
            elif claim.count != self.count or claim.shard in self.ids:
                overlapping.append(claim)
        return overlapping, dead

    def _refusal(self, overlapping: list[Claim]) -> OwnershipError:
        now = self.clock.now()
        owners: dict[str, list[Claim]] = {}
        for claim in overlapping:
            owners.setdefault(claim.owner, []).append(claim)
        parts = []
        for owner, claims in owners.items():
            count = claims[0].count
            ids = tuple(sorted(c.shard for c in claims))
            lapse = max(0, round(max(c.expires_at for c in claims) - now))
            parts.append(Msg("{process} serves {shards} (if it has stopped, its claim lapses in {seconds} s)",
                             {"process": describe(owner), "shards": what(count, ids), "seconds": lapse}))
        same_count = all(c.count == self.count for c in overlapping)
        advice = (ADVICE_OWN_IDS if same_count and self.count > 1 else
                  ADVICE_SAME_COUNT if self.count > 1 and all(c.count > 1 for c in overlapping) else
                  ADVICE_ONE_PROCESS)
        return ownership_error("this process would serve {shards} of {database}, but {holders}. {advice}",
                               shards=what(self.count, self.ids), database=self.store.description,
                               holders=tuple(parts), advice=Msg(advice))

    async def claim(self) -> None:
        """Claim our shards, or raise OwnershipError (claiming nothing) if another live process
        holds any of them."""
        overlapping, dead = await self._others()
        if overlapping:
            raise self._refusal(overlapping)
        now = self.clock.now()
        until = now + self.ttl
        statements = [leases.drop_lapsed(c.name, c.owner, c.expires_at) for c in dead]
        for name in self.names:
            statements += leases.claim(name, self.identity, now, until)
        await self.store.write(statements)
        overlapping, _ = await self._others()          # a second look: someone may have claimed meanwhile
        held = await self._held()
        if overlapping or len(held) < len(self.ids):
            await self.release()
            if overlapping:
                raise self._refusal(overlapping)
            raise ownership_error("this process would serve {shards} of {database}, but another process claimed some"
                                  " of them at the same moment. Start it again in a moment; if the other one runs,"
                                  " give each process shard ids of its own.",
                                  shards=what(self.count, self.ids), database=self.store.description)

    async def _held(self) -> list[str]:
        return [name for name in await self.leases.owned(self.identity, PREFIX) if name in self.names]

    async def renew(self) -> bool:
        """Move our claims' expiry on; False if any of them is no longer ours."""
        await self.leases.renew(self.identity, PREFIX, self.clock.now() + self.ttl)
        return len(await self._held()) == len(self.ids)

    async def release(self) -> None:
        await self.leases.release_all(self.identity, PREFIX)

    # -- keeping them while the process runs ----------------------------------------------------
    def keep(self, on_lost: Callable[[Msg], Awaitable[None] | None]) -> None:
        """Renew every third of the time to live; call ``on_lost(message)`` once if a claim was
        taken over (this process was stopped or cut off for longer than the time to live)."""
        if self._task is None:
            self._task = asyncio.create_task(self._loop(on_lost), name="shard claims")

    async def _loop(self, on_lost: Callable[[Msg], Awaitable[None] | None]) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                held = await self.renew()
            except StoreError as error:
                log.error("the claim on %s could not be renewed (it lapses in %.0f s unless the database answers"
                          " again): %s", what(self.count, self.ids).english(), self.ttl, error)
                continue
            if not held:
                message = Msg("another process took over {shards} of {database} while this one could not renew its"
                              " claim (for more than {seconds} s): stopping, so that only one process owns those tables",
                              {"shards": what(self.count, self.ids), "database": self.store.description,
                               "seconds": f"{self.ttl:.0f}"})
                log.critical("%s", message.english())
                result = on_lost(message)
                if asyncio.iscoroutine(result):
                    await result
                return

    async def stop(self) -> None:
        """Stop renewing and give the claims up, so a successor need not wait."""
        if self._task is not None:
            await cancel_and_wait(self._task)
            self._task = None
        try:
            await self.release()
        except StoreError as error:
            log.error("the shard claims could not be given up (they lapse in %.0f s): %s", self.ttl, error)
