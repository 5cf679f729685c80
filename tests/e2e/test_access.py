"""/replay NUMBER answers only people who can see the table's channel (Discord's permission
overwrites, as the bot knows them from the gateway and the interaction): a finished game in a
channel hidden from @everyone is not shown to a member without the role that sees it, not even
that it exists."""
from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
import yaml

from tests.e2e.conftest import assert_healthy, open_table, play_until_over, start_game

pytestmark = pytest.mark.asyncio(loop_scope="session")


def table_number(config: Path, channel_id: int) -> int:
    database = yaml.safe_load(config.read_text(encoding="utf-8"))["database"]["path"]
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute("SELECT id FROM game_tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)).fetchone()[0]


async def test_replay_by_number_only_for_who_sees_the_channel(shared):
    fake = shared.fake
    guild = fake.guild("Tavern")
    crew = guild.role("Crew")
    back = shared.channel("back-room")
    hall = shared.channel("front-hall")
    insiders = shared.users("acc", 2)
    outsider = fake.user("acc-outsider", global_name="acc-Outsider")
    for user in insiders:
        guild.add_member(user, roles=[crew])
    guild.add_member(outsider)
    back.only_for(crew)
    await asyncio.sleep(0.3)            # the CHANNEL_UPDATE reaches the bot's cache
    await open_table(back, insiders, "countdown")
    await start_game(back, insiders[0])
    game = await play_until_over(fake, back, insiders, "play", check_image=False)
    assert game.over
    number = table_number(shared.config, back.id)

    refused = await outsider.slash(hall, "replay", table=str(number))
    assert refused.ephemeral and f"There is no table {number} on this server." in refused.content
    assert not refused.message.attachments
    unknown = await outsider.slash(hall, "replay", table="987654")
    assert refused.content.replace(str(number), "987654") == unknown.content      # nothing tells them it exists

    shown = await insiders[1].slash(hall, "replay", table=str(number), timeout=30)
    assert not shown.ephemeral and f"(table {number}," in shown.content
    assert shown.message.attachments and shown.message.attachments[0].filename == f"replay-{number}.gif"
    assert_healthy(fake, shared.bot)
