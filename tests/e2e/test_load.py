"""Load through Discord: 100 channels in 4 guilds, 400 users, all five games at once, every table
moving as fast as Discord's per-channel rate allows (buttons and slash verbs from the bot's own
suggestions). Whatever the machine's speed, every interaction must be answered, none after
Discord's 3 seconds (the fake records that), with no violation and no error in the bot's log.
The figures (latencies, stalls) are printed by ``python bench/discord_load.py``; nothing here
depends on timing."""
from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import assert_healthy, start_board_bot, write_config
from tests.e2e.loadgen import GAMES, LoadPlan, build_world, interaction_figures, run_load

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAN = LoadPlan(channels=100, users=400, guilds=4, seconds=12.0)


async def test_100_tables_400_users_nothing_missed_or_late(fake, tmp_path):
    monitor_file = tmp_path / "loop.json"
    config = write_config(tmp_path, overrides={
        "rendering": {"threads": 2},
        "monitor": {"event_loop": True, "interval_ms": 50, "report_seconds": 5, "file": str(monitor_file)},
    })
    tables = build_world(fake, PLAN)
    bot = await start_board_bot(fake, config)

    await run_load(fake, tables, PLAN)

    assert [f for t in tables for f in t.failures] == []
    assert all(t.started and t.moves for t in tables)                       # every table played
    assert {t.game for t in tables} == set(GAMES)
    assert {m.how for t in tables for m in t.moves} == {"button", "slash"}
    figures = interaction_figures(fake)
    print(f"{figures.interactions} interactions, {sum(len(t.moves) for t in tables)} moves, "
          f"{figures.deferred} deferred; first answer after: {figures.overall}")
    assert figures.missed == [] and figures.late == []
    assert figures.answered == figures.interactions >= PLAN.channels * 6   # lobby, start and a move per table
    await bot.stop()                                     # SIGTERM: the monitor reports on shutdown
    assert any("event loop stalls at shutdown" in line for line in bot.lines), bot.diagnostics()
    assert json.loads(monitor_file.read_text())["total"]["samples"] > 0
    assert_healthy(fake, bot)
