"""Clocks for the scheduler and the turn timers. Tests use :class:`ManualClock`, so nothing in
the test suite ever sleeps: time moves when the test says so."""
from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch (UTC)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that only moves when told to."""

    def __init__(self, start: float = 1_767_225_600.0) -> None:      # 2026-01-01 00:00 UTC
        self.time = float(start)

    def now(self) -> float:
        return self.time

    def advance(self, seconds: float) -> float:
        self.time += seconds
        return self.time
