"""Statements on the scheduler's jobs (table ``jobs``): adding, re-arming, cancelling, firing."""
from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Row, bindparam, delete, func, select, update

from bot.store.base import Store
from bot.store.schema import jobs
from bot.store.statements import ByDialect, Spelling, Statement


def _add(spelling: Spelling) -> Any:
    return spelling.insert(jobs).on_conflict_do_nothing(index_elements=["key"]).returning(jobs.c.id)


def _rearm(spelling: Spelling) -> Any:
    stmt = spelling.insert(jobs)
    return stmt.on_conflict_do_update(index_elements=["key"], set_={
        "due_at": spelling.least(jobs.c.due_at, stmt.excluded.due_at), "fired_at": None})


def _due_by(spelling: Spelling) -> Any:
    return (update(jobs).where(jobs.c.fired_at.is_(None), jobs.c.key.like(bindparam("key_prefix")))
            .values(due_at=spelling.least(jobs.c.due_at, bindparam("latest"))))


ADD = ByDialect(_add)
DUE_BY = ByDialect(_due_by)
REARM = ByDialect(_rearm)
CANCEL = delete(jobs).where(jobs.c.ref == bindparam("job_ref"), jobs.c.fired_at.is_(None),
                            jobs.c.key.like(bindparam("key_prefix")))
_THIS_JOB = jobs.c.id == bindparam("job_id")
SET_DUE = update(jobs).where(_THIS_JOB).values(due_at=bindparam("new_due_at"))
SET_DUE_AGAIN = update(jobs).where(_THIS_JOB).values(due_at=bindparam("new_due_at"), fired_at=None)
MARK_FIRED = update(jobs).where(_THIS_JOB).values(fired_at=bindparam("now"))
PENDING = select(jobs).where(jobs.c.fired_at.is_(None)).order_by(jobs.c.due_at, jobs.c.id)
PENDING_OF = (select(jobs).where(jobs.c.fired_at.is_(None), jobs.c.ref == bindparam("job_ref"))
              .order_by(jobs.c.due_at, jobs.c.id))
FIRED_AT = select(jobs.c.fired_at).where(jobs.c.key == bindparam("job_key"))
NEXT_DUE = select(func.min(jobs.c.due_at).label("next_due")).where(jobs.c.fired_at.is_(None))
FIRST_DUE = (select(jobs).where(jobs.c.fired_at.is_(None), jobs.c.due_at <= bindparam("now"))
             .order_by(jobs.c.due_at, jobs.c.id).limit(1))


def _values(kind: str, key: str, due_at: float, payload: dict[str, Any], now: float, ref: str) -> dict[str, Any]:
    return {"kind": kind, "key": key, "ref": ref, "due_at": due_at,
            "payload": json.dumps(payload, separators=(",", ":")), "created_at": now}


def schedule(kind: str, key: str, due_at: float, payload: dict[str, Any], now: float, ref: str = "") -> Statement:
    """Add a job unless one with ``key`` exists (for use inside a caller's transaction, next to
    the change that makes the job necessary); the write returns the new job's id, or None."""
    return ADD, _values(kind, key, due_at, payload, now, ref)


def rearm(kind: str, key: str, due_at: float, payload: dict[str, Any], now: float, ref: str = "") -> Statement:
    """Like :func:`schedule`, but a job with ``key`` that already fired is armed again (due at
    the earlier of the two times)."""
    return REARM, _values(kind, key, due_at, payload, now, ref)


def cancel(ref: str, prefix: str = "") -> Statement:
    """Drop the pending jobs of ``ref`` (optionally only keys starting ``prefix``)."""
    return CANCEL, {"job_ref": ref, "key_prefix": prefix.replace("%", "") + "%"}


def due_by(prefix: str, latest: float) -> Statement:
    """Make the pending jobs whose keys start with ``prefix`` due at ``latest`` at the latest."""
    return DUE_BY, {"key_prefix": prefix.replace("%", "") + "%", "latest": latest}


def postpone(job_id: int, due_at: float, *, again: bool = False) -> Statement:
    """Move a job's due time; ``again``: a job marked fired waits to fire once more."""
    return (SET_DUE_AGAIN if again else SET_DUE), {"job_id": job_id, "new_due_at": due_at}


def fired(job_id: int, now: float) -> Statement:
    return MARK_FIRED, {"job_id": job_id, "now": now}


class Jobs:
    """The reads of the scheduler's jobs."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def pending(self, ref: str | None = None) -> list[Row]:
        if ref is None:
            return await self.store.fetch(PENDING)
        return await self.store.fetch(PENDING_OF, {"job_ref": ref})

    async def fired_at(self, key: str) -> tuple[bool, float | None]:
        """(whether a job with ``key`` exists, when it fired or None)."""
        rows = await self.store.fetch(FIRED_AT, {"job_key": key})
        return (True, rows[0].fired_at) if rows else (False, None)

    async def next_due(self) -> float | None:
        rows = await self.store.fetch(NEXT_DUE)
        return rows[0][0] if rows else None

    async def first_due(self, now: float) -> Row | None:
        rows = await self.store.fetch(FIRST_DUE, {"now": now})
        return rows[0] if rows else None
