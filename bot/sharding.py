"""Which guilds a process serves: :mod:`bot.store.shards`, where the store selects the tables of a
process's shards; the names are here too for the modules that import them from here."""
from __future__ import annotations

from bot.store.shards import SINGLE, Shards, shard_of

__all__ = ["SINGLE", "Shards", "shard_of"]
