"""Seeded randomness that survives a JSON round trip.

Each draw uses a fresh ``random.Random`` seeded from (table seed, draw counter), so the state
only needs two integers and replaying the log from the seed reproduces every draw.
"""
from __future__ import annotations

import random
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")


class SeededRng:
    __slots__ = ("seed", "draws")

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.seed = int(seed)
        self.draws = int(draws)

    def _next(self) -> random.Random:
        self.draws += 1
        return random.Random(f"{self.seed}:{self.draws}")

    def randint(self, low: int, high: int) -> int:
        return self._next().randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return self._next().choice(items)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._next().shuffle(items)

    def to_json(self) -> list[int]:
        return [self.seed, self.draws]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> "SeededRng":
        return cls(data[0], data[1])
