"""One asyncio lock per key (a channel), kept only while someone holds it or waits for it: the
locks of a bot that has served many channels take no memory for the ones now quiet."""
from __future__ import annotations

import asyncio
import contextlib
from typing import AsyncIterator, Generic, Hashable, TypeVar

Key = TypeVar("Key", bound=Hashable)


class KeyedLocks(Generic[Key]):
    """``async with locks(key):`` runs one holder of ``key`` at a time, the others waiting in
    the order they came."""

    def __init__(self) -> None:
        self._held: dict[Key, tuple[asyncio.Lock, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def __call__(self, key: Key) -> AsyncIterator[None]:
        lock, users = self._held.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._held[key]

    def __len__(self) -> int:
        """Keys held or waited for now."""
        return len(self._held)
