"""Statements on leases (table ``leases``): the scheduler's leadership and the shard claims.

A lease is a row naming its owner and when the claim runs out. Claiming and renewing are one
conditional update after an insert that does nothing when the row exists, so two processes that
claim at once end with one owner."""
from __future__ import annotations

from typing import Any

from sqlalchemy import Row, bindparam, delete, or_, select, update

from bot.store.base import Store
from bot.store.schema import leases
from bot.store.statements import ByDialect, Spelling, Statement


def _add(spelling: Spelling) -> Any:
    return spelling.insert(leases).on_conflict_do_nothing(index_elements=["name"])


ADD = ByDialect(_add)
TAKE = (update(leases)
        .where(leases.c.name == bindparam("lease"),
               or_(leases.c.owner == bindparam("claimant"), leases.c.expires_at <= bindparam("now")))
        .values(owner=bindparam("claimant"), expires_at=bindparam("until")))
DROP = delete(leases).where(leases.c.name == bindparam("lease"), leases.c.owner == bindparam("claimant"))
DROP_LAPSED = delete(leases).where(leases.c.name == bindparam("lease"), leases.c.owner == bindparam("claimant"),
                                   leases.c.expires_at == bindparam("expired_at"))
HOLDER = select(leases.c.owner, leases.c.expires_at).where(leases.c.name == bindparam("lease"))
NAMED_LIKE = select(leases).where(leases.c.name.like(bindparam("pattern")))
OWNED_LIKE = select(leases.c.name).where(leases.c.owner == bindparam("claimant"), leases.c.name.like(bindparam("pattern")))
RENEW_LIKE = (update(leases).where(leases.c.owner == bindparam("claimant"), leases.c.name.like(bindparam("pattern")))
              .values(expires_at=bindparam("until")))
DROP_LIKE = delete(leases).where(leases.c.owner == bindparam("claimant"), leases.c.name.like(bindparam("pattern")))


def _prefix(prefix: str) -> str:
    return prefix.replace("%", "") + "%"


def claim(name: str, owner: str, now: float, until: float) -> list[Statement]:
    """Take the lease ``name`` until ``until`` if it is free, lapsed (at ``now``) or ours already."""
    return [(ADD, {"name": name, "owner": owner, "expires_at": until}),
            (TAKE, {"lease": name, "claimant": owner, "now": now, "until": until})]


def drop_lapsed(name: str, owner: str, expires_at: float) -> Statement:
    """Drop a dead claim, only if it is still the one seen (same owner, same expiry)."""
    return DROP_LAPSED, {"lease": name, "claimant": owner, "expired_at": expires_at}


class Leases:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def holder(self, name: str) -> Row | None:
        """(owner, expires_at) of the lease ``name``, or None."""
        rows = await self.store.fetch(HOLDER, {"lease": name})
        return rows[0] if rows else None

    async def release(self, name: str, owner: str) -> None:
        await self.store.write([(DROP, {"lease": name, "claimant": owner})])

    async def named(self, prefix: str) -> list[Row]:
        """Every lease whose name starts with ``prefix`` (name, owner, expires_at)."""
        return await self.store.fetch(NAMED_LIKE, {"pattern": _prefix(prefix)})

    async def owned(self, owner: str, prefix: str) -> list[str]:
        return [r.name for r in await self.store.fetch(OWNED_LIKE, {"claimant": owner, "pattern": _prefix(prefix)})]

    async def renew(self, owner: str, prefix: str, until: float) -> None:
        await self.store.write([(RENEW_LIKE, {"claimant": owner, "pattern": _prefix(prefix), "until": until})])

    async def release_all(self, owner: str, prefix: str) -> None:
        await self.store.write([(DROP_LIKE, {"claimant": owner, "pattern": _prefix(prefix)})])
