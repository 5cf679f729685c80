"""The event-loop stall monitor (bot/monitor.py): it sees a stall we cause, keeps start-up apart,
reports in the log and in its file, and its percentiles are right."""
import asyncio
import json
import logging
import time

from bot.config import settings_from_dict
from bot.monitor import LoopMonitor, StallStats


def test_percentiles_from_the_millisecond_histogram():
    stats = StallStats()
    for ms in range(1, 101):                 # 1 ms ... 100 ms
        stats.add(ms / 1000)
    figures = stats.figures()
    assert figures["samples"] == 100 and figures["max_ms"] == 100.0
    assert (figures["p50_ms"], figures["p95_ms"], figures["p99_ms"]) == (50.0, 95.0, 99.0)
    assert StallStats().figures()["max_ms"] == 0.0


def test_start_up_is_kept_apart_and_long_stalls_are_warned(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot.monitor")
    monitor = LoopMonitor(0.05, 60, str(tmp_path / "loop.json"))
    monitor.record(0.8)                     # start-up: imports, restore, command sync
    monitor.record(0.001)
    monitor.ready()
    monitor.ready()                         # a second READY (a new gateway session) changes nothing
    monitor.record(0.002)
    monitor.record(1.5)
    monitor.report()
    figures = json.loads((tmp_path / "loop.json").read_text())
    assert (figures["startup"]["samples"], figures["startup"]["max_ms"]) == (2, 800.0)
    assert (figures["total"]["samples"], figures["total"]["max_ms"], figures["total"]["p50_ms"]) == (2, 1500.0, 2.0)
    assert figures["window"]["samples"] == 2
    assert monitor.window.samples == 0                  # each report starts a new window
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == ["event loop stalled for 1.50 s (interactions waited meanwhile)"]


async def test_a_blocked_loop_is_measured_and_reported(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot.monitor")
    path = tmp_path / "loop.json"
    monitor = LoopMonitor(0.01, 3600, str(path)).start()
    await asyncio.sleep(0.05)
    time.sleep(0.3)                          # start-up work that holds the loop
    await asyncio.sleep(0.05)
    monitor.ready()
    await asyncio.sleep(0.05)
    time.sleep(0.2)                          # a stall while serving
    await asyncio.sleep(0.05)
    await monitor.stop()

    figures = json.loads(path.read_text())          # (lower bounds only: a slow machine stalls longer)
    assert figures["startup"]["max_ms"] >= 290 and figures["startup"]["samples"] > 0
    assert figures["total"]["max_ms"] >= 190 and figures["total"]["samples"] > 0
    messages = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("event loop stalls during start-up: longest") for m in messages)
    assert any(m.startswith("event loop stalls at shutdown since start-up: longest") for m in messages)


def test_monitor_settings():
    settings = settings_from_dict({"monitor": {"event_loop": True, "interval_ms": 20, "report_seconds": 5, "file": "x.json"}})
    assert (settings.monitor.event_loop, settings.monitor.interval_ms, settings.monitor.report_seconds,
            settings.monitor.file) == (True, 20, 5, "x.json")
    assert settings_from_dict({}).monitor.event_loop is False
