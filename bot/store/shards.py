"""Which guilds a process serves when the bot runs as several shard processes.

Discord assigns every guild to shard ``(guild_id >> 22) % shard_count`` and direct messages to
shard 0. A process that runs ``shard_ids`` of ``shard_count`` shards receives the events of those
guilds only, so it restores and keeps in memory only their tables (a DM channel's table belongs to
shard 0). Everything else about a table is read from and written to the one shared store.
"""
from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's rule: the shard that receives a guild's events; DMs (no guild) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """``count`` shards of which this process runs ``ids`` (all of them when ``ids`` is None)."""

    count: int
    ids: tuple[int, ...] | None = None

    @property
    def multi_process(self) -> bool:
        """Other processes run the remaining shards and share the store with this one."""
        return self.ids is not None and len(set(self.ids)) < self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.ids is None or shard_of(guild_id, self.count) in self.ids


SINGLE = Shards(1)
