"""Slash command sync: accepted by Discord, Japanese descriptions, and only when something changed."""
from __future__ import annotations

import asyncio
import os
import re
import sys

import pytest

from tests.e2e.conftest import COMMANDS, assert_healthy, assert_private, start_board_bot, write_config

pytestmark = pytest.mark.asyncio(loop_scope="session")

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def accepted(fake, guild_id=None) -> list[dict]:
    return [s for s in fake.syncs if s["guild_id"] == guild_id and s["status"] < 300]


async def test_commands_sync_once_and_again_only_when_forced(fake, tmp_path):
    dev = fake.guild("Dev")
    user = fake.user("syncer")
    config = write_config(tmp_path)

    first = await start_board_bot(fake, config)
    assert [s["method"] for s in accepted(fake)] == ["PUT"]
    assert all(not s["problems"] for s in fake.syncs) and len(fake.syncs) == 1
    assert set(fake.commands) == COMMANDS
    for name, command in fake.commands.items():
        assert not command.get("name_localizations"), name          # names stay ASCII
        assert JAPANESE.search(command["description_localizations"]["ja"]), name
        for option in command.get("options", []):
            assert option["name"].isascii()
            assert JAPANESE.search(option["description_localizations"]["ja"]), (name, option["name"])
    assert fake.commands["place"]["options"][0]["autocomplete"] is True
    assert_private(await user.slash(dev.channel("general"), "help"), "/join")
    await first.stop()

    second = await start_board_bot(fake, config)                     # same definitions: no sync
    assert len(fake.syncs) == 1
    assert any("commands unchanged; not syncing" in line for line in second.lines)
    assert_private(await user.slash(dev.channel("general"), "help"), "/join")   # still registered
    await second.stop()

    forced = write_config(tmp_path / "dev", dev_guild_ids=[dev.id], database=str(tmp_path / "tables.sqlite3"))
    third = await start_board_bot(fake, forced, "--sync")
    assert [s["method"] for s in accepted(fake)] == ["PUT", "PUT"]
    assert [s["method"] for s in accepted(fake, dev.id)] == ["PUT"]
    assert set(fake.guild_commands(dev)) == COMMANDS
    assert all(not s["problems"] for s in fake.syncs)
    assert_healthy(fake, first, second, third)


async def test_boardtable_sync_syncs_and_stops(fake, tmp_path):
    """``boardtable sync`` (here ``python -m bot sync``): the commands are synced globally and to
    the dev guilds, the process stops by itself and says so, and a later start finds nothing to
    sync."""
    dev = fake.guild("Dev sync")
    config = write_config(tmp_path, dev_guild_ids=[dev.id])
    before = len(fake.syncs)
    environ = dict(os.environ, **fake.env(BOARDTABLE_CONFIG=str(config)))
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", "sync", "--config", str(config),
                                                   env=environ, stdout=asyncio.subprocess.PIPE,
                                                   stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(process.communicate(), 120)
    text = out.decode()
    assert process.returncode == 0, text
    assert "The slash commands are synced." in text and "Traceback" not in text
    synced = fake.syncs[before:]
    assert [(s["guild_id"], s["method"]) for s in synced if s["status"] < 300] == [(None, "PUT"), (dev.id, "PUT")]
    assert set(fake.guild_commands(dev)) == COMMANDS and set(fake.commands) == COMMANDS

    bot = await start_board_bot(fake, config)                       # the stored hash matches: no sync
    assert len(fake.syncs) == before + 2
    assert any("commands unchanged; not syncing" in line for line in bot.lines)
    await bot.stop()
    assert_healthy(fake, bot)
