"""A bounded, thread-safe least-recently-used store with hit counts: what the drawing caches
(kept pictures, picture parts, compressed PNG bands) are made of, so that each says only what it
keeps and how big that is."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Hashable, Iterable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRUCache(Generic[K, V]):
    """At most ``size`` values by key (0 keeps nothing), least recently used first out."""

    def __init__(self, size: int) -> None:
        self.size = max(0, size)
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                self.misses += 1
                return None
            self._kept.move_to_end(key)
            self.hits += 1
            return found

    def get_many(self, keys: Iterable[K]) -> list[V | None]:
        """:meth:`get` of each key, under one hold of the lock."""
        with self._lock:
            found = []
            for key in keys:
                value = self._kept.get(key)
                if value is not None:
                    self._kept.move_to_end(key)
                found.append(value)
            kept = sum(value is not None for value in found)
            self.hits += kept
            self.misses += len(found) - kept
            return found

    def put(self, key: K, value: V) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            self._trim()

    def resize(self, size: int) -> None:
        with self._lock:
            self.size = max(0, size)
            self._trim()

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()

    def values(self) -> list[V]:
        """The values kept now (a copy)."""
        with self._lock:
            return list(self._kept.values())

    def __len__(self) -> int:
        return len(self._kept)

    def _trim(self) -> None:
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
