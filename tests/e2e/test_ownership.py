"""One owner per table, in Discord mode: a second bot for the same database refuses to start (and
the first answers on); a bot whose claim another process took over stops itself with a sentence
saying so; a bot whose token Discord refuses says that in a sentence."""
from __future__ import annotations

import sqlite3
import sys
import time

import pytest

from tests.e2e.conftest import BOT_START_TIMEOUT, assert_healthy, assert_public, start_board_bot, write_config
from tests.fakediscord import BotProcess

pytestmark = pytest.mark.asyncio(loop_scope="session")


def argv(config) -> list[str]:
    return [sys.executable, "-m", "bot", "--config", str(config)]


def sentence(bot: BotProcess) -> str:
    out = bot.output
    assert "Traceback" not in out, out
    return out


async def test_a_second_bot_on_the_same_database_refuses_and_the_first_answers_on(fake, tmp_path):
    config = write_config(tmp_path)
    first = await start_board_bot(fake, config)
    second = await BotProcess.start(fake, argv=argv(config))
    assert await second.wait(BOT_START_TIMEOUT) == 4
    text = sentence(second)
    assert f"Not started: the database {tmp_path / 'tables.sqlite3'} is in use by another bot (process {first.pid} " in text
    channel = fake.guild("Tavern").channel("owner")
    alice = fake.user("own-alice")
    assert_public(await alice.slash(channel, "join", game="countdown"))
    assert_healthy(fake, first)


async def test_a_bot_whose_claim_was_taken_over_stops(fake, tmp_path):
    config = write_config(tmp_path, overrides={"scheduler": {"lease_seconds": 3}})
    bot = await start_board_bot(fake, config)
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:       # another machine's process took the shards
        db.execute("UPDATE leases SET owner = 'elsewhere:1:4242:abcdef', expires_at = ? WHERE name LIKE 'owner:%'",
                   (time.time() + 3600,))
    assert await bot.wait(BOT_START_TIMEOUT) == 4
    text = sentence(bot)
    assert "Stopped: another process took over every guild of SQLite" in text, text


async def test_a_token_discord_refuses(fake, tmp_path):
    bot = await BotProcess.start(fake, argv=argv(write_config(tmp_path)), env={"DISCORD_TOKEN": "not-the-token"})
    assert await bot.wait(BOT_START_TIMEOUT) == 2
    assert "Discord refused the bot's token: check DISCORD_TOKEN" in sentence(bot)
