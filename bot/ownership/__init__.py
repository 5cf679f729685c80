"""One owner per table: a second bot process that would own the same tables refuses to start.

* SQLite: an OS lock on ``<database>.lock`` for the life of the process (filelock.py), taken
  before the database is opened: exclusive for a process serving every guild, shared for shard
  processes splitting one file.
* Any store: a claim per shard in the database, renewed while the process runs (claims.py), so
  shard processes keep to disjoint shard ids of one shard count, and two processes serving every
  guild never share a PostgreSQL database.

``Ownership`` does both for ``python -m bot`` (Discord and console alike)."""
from __future__ import annotations

from typing import Awaitable, Callable

from bot.config import Settings
from bot.ownership.claims import ShardClaims
from bot.ownership.errors import OwnershipError
from bot.ownership.filelock import FileLock, lock_path
from bot.ownership.identity import process_identity
from bot.store import Store
from games.core.messages import Msg, N_

__all__ = ["Ownership", "OwnershipError", "lock_path"]


class Ownership:
    def __init__(self, settings: Settings, identity: str | None = None) -> None:
        self.settings = settings
        self.identity = identity or process_identity()
        self._lock: FileLock | None = None
        self._claims: ShardClaims | None = None

    def lock_database_file(self) -> None:
        """SQLite: hold the database's lock file (before the database is opened)."""
        if self.settings.database.backend != "sqlite" or self.settings.database.path == ":memory:":
            return
        lock = FileLock(self.settings.database.path, self.identity, shared=self.settings.shards.multi_process)
        lock.acquire()
        self._lock = lock

    def lock_for_copy(self, database: str) -> None:
        """Hold the lock file of the SQLite file ``database`` while its rows are copied elsewhere:
        a bot running on it refuses the copy (what it wrote meanwhile would be lost), and a bot
        started during the copy refuses to start until it has ended."""
        lock = FileLock(database, self.identity, shared=False,
                        advice=N_("Stop the bot first, then copy: what it writes while the rows are copied would be lost."))
        lock.acquire()
        self._lock = lock

    async def claim_shards(self, store: Store, on_lost: Callable[[Msg], Awaitable[None] | None]) -> None:
        """Claim this process's shards in ``store`` and keep them (``on_lost`` if taken over)."""
        claims = ShardClaims(store, self.settings.shards, self.identity, self.settings.scheduler.lease_seconds)
        await claims.claim()
        self._claims = claims
        claims.keep(on_lost)

    async def release(self) -> None:
        if self._claims is not None:
            await self._claims.stop()
            self._claims = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None
