"""Countdown's actions; ``str(action)`` is the notation (``add 2``, ``bet odd``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Add:
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True)
class Bet:
    parity: str

    def __str__(self) -> str:
        return f"bet {self.parity}"
