"""Slash command sync: accepted by Discord, Japanese descriptions, and only when something changed."""
from __future__ import annotations

import re

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
