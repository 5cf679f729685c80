"""Event-loop stall monitor (config ``monitor.*``).

A task sleeps ``interval`` seconds again and again and records how much later than asked it wakes
up. A late wake-up means something held the event loop (CPU work on the loop's thread, a blocking
call): every interaction that arrived meanwhile waited that long before the bot even saw it, and
Discord wants an answer within 3 seconds. The figures (the longest stall, percentiles) are logged
at INFO every ``report_seconds`` and on shutdown, and, when ``path`` is set, written to that file
as JSON (replaced atomically, so a reader never sees half a file).

Cost: one timer wake-up per interval and an integer counter per sample; the percentiles come from a
histogram of whole milliseconds, so memory does not grow with the running time.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bot.tasks import cancel_and_wait

log = logging.getLogger(__name__)

WARN_STALL = 1.0       # seconds; a single stall this long is logged as a warning when it happens


class StallStats:
    """Lateness samples kept as a histogram of whole milliseconds (plus the exact maximum)."""

    def __init__(self) -> None:
        self.counts: Counter[int] = Counter()
        self.samples = 0
        self.longest = 0.0              # seconds

    def add(self, lateness: float) -> None:
        self.counts[int(lateness * 1000)] += 1
        self.samples += 1
        self.longest = max(self.longest, lateness)

    def percentile_ms(self, fraction: float) -> float:
        """The smallest whole millisecond at or below which ``fraction`` of the samples lie."""
        if not self.samples:
            return 0.0
        wanted = fraction * self.samples
        seen = 0
        for ms in sorted(self.counts):
            seen += self.counts[ms]
            if seen >= wanted:
                return float(ms)
        return float(max(self.counts))

    def figures(self) -> dict[str, Any]:
        return {"samples": self.samples, "max_ms": round(self.longest * 1000, 1),
                "p50_ms": self.percentile_ms(0.50), "p95_ms": self.percentile_ms(0.95),
                "p99_ms": self.percentile_ms(0.99)}


class LoopMonitor:
    """Measures the running event loop's stalls; ``start()`` inside the loop, ``stop()`` at the end."""

    def __init__(self, interval: float, report_every: float, path: str | None = None) -> None:
        self.interval = interval
        self.report_every = report_every
        self.path = Path(path) if path else None
        self.startup: StallStats | None = None   # stalls before ready(): imports, restore, command sync
        self.total = StallStats()                # since ready() (or the start, before it is called)
        self.window = StallStats()               # since the last report
        self.started = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> "LoopMonitor":
        self.started = time.monotonic()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="loop-monitor")
        return self

    def ready(self) -> None:
        """The bot is serving now: stalls until here (start-up) are kept apart from those after."""
        if self.startup is not None:
            return
        self.startup, self.total, self.window = self.total, StallStats(), StallStats()
        log.info("event loop stalls during start-up: longest %.1f ms (%d samples)",
                 self.startup.longest * 1000, self.startup.samples)

    async def stop(self) -> None:
        if self._task is not None:
            await cancel_and_wait(self._task)
            self._task = None
            self.report(final=True)

    async def _run(self) -> None:
        next_report = time.monotonic() + self.report_every
        while True:
            before = time.monotonic()
            await asyncio.sleep(self.interval)
            now = time.monotonic()
            self.record(max(0.0, now - before - self.interval))
            if now >= next_report:
                self.report()
                next_report = now + self.report_every

    def record(self, lateness: float) -> None:
        """One wake-up, ``lateness`` seconds later than asked."""
        self.total.add(lateness)
        self.window.add(lateness)
        if lateness >= WARN_STALL:
            log.warning("event loop stalled for %.2f s (interactions waited meanwhile)", lateness)

    def figures(self) -> dict[str, Any]:
        return {"interval_ms": round(self.interval * 1000, 1), "seconds": round(time.monotonic() - self.started, 1),
                "startup": self.startup.figures() if self.startup is not None else None,
                "total": self.total.figures(), "window": self.window.figures()}

    def report(self, final: bool = False) -> None:
        figures = self.figures()
        total, window = figures["total"], figures["window"]
        log.info("event loop stalls %s%s: longest %.1f ms, p50 %.0f ms, p95 %.0f ms, p99 %.0f ms (%d samples); "
                 "last %.0f s: longest %.1f ms, p99 %.0f ms",
                 "at shutdown" if final else "so far", " since start-up" if self.startup is not None else "",
                 total["max_ms"], total["p50_ms"], total["p95_ms"],
                 total["p99_ms"], total["samples"], self.report_every, window["max_ms"], window["p99_ms"])
        if self.path is not None:
            self._write(self.path, figures)
        self.window = StallStats()

    @staticmethod
    def _write(path: Path, figures: dict[str, Any]) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(path.name + ".tmp")
            temporary.write_text(json.dumps(figures), encoding="utf-8")
            os.replace(temporary, path)
        except OSError as error:
            log.warning("could not write the event loop figures to %s: %s", path, error)
