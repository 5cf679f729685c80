"""The bot as two shard processes (shard 0 | shards 1 and 2 of 3) on one database — PostgreSQL, and
one SQLite file — against the fake Discord: each serves its guilds; SIGKILL one and the other goes on answering and takes the
scheduler over (a timeout of the dead process's table fires exactly once, in the new leader);
the restarted process resumes its tables exactly, and a copy it holds that the leader moved on is
never acted on."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
import pytest_asyncio
import yaml
from sqlalchemy import text as sql

from bot.store import Store
from tests.conftest import StoreMaker
from tests.e2e.conftest import (WAIT_TIMEOUT, assert_healthy, assert_private, assert_public, png_of, same_picture,
                                start_board_bot, write_config)
from tests.fakediscord import BotProcess, FakeDiscord

pytestmark = pytest.mark.asyncio(loop_scope="session")

SHARDS = 3
LEASE_SECONDS = 3          # short, so the take-over is quick; production default: 30
LEADS = "scheduler: this process"


@pytest_asyncio.fixture(loop_scope="session")
async def fake3():
    f = await FakeDiscord.start(shards=SHARDS, default_timeout=WAIT_TIMEOUT, bot_name="BoardTable")
    try:
        yield f
    finally:
        await f.close()


def shard_config(folder: Path, stores: StoreMaker) -> Path:
    config = write_config(folder)
    settings = yaml.safe_load(config.read_text(encoding="utf-8"))
    settings["database"] = yaml.safe_load(stores.config())["database"]
    settings["discord"]["shard_count"] = SHARDS             # one file for every process; --shard-ids picks
    settings["scheduler"] = {"lease_seconds": LEASE_SECONDS}
    config.write_text(yaml.safe_dump(settings), encoding="utf-8")
    return config


async def start_shards(fake: FakeDiscord, config: Path, stores: StoreMaker, *ids: int) -> BotProcess:
    return await start_board_bot(fake, config, "--shard-ids", ",".join(map(str, ids)), shards=list(ids),
                                 env=stores.environ())


async def until(condition, what: str, timeout: float = WAIT_TIMEOUT) -> None:
    """Poll for what the fake is not told about (a process's log, the database)."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.05)
    try:
        await asyncio.wait_for(poll(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


def leads(bot: BotProcess) -> int:
    return sum(1 for line in bot.lines if LEADS in line and "leads now" in line)


def fired(bot: BotProcess, table_id: int) -> list[str]:
    return [line for line in bot.lines if re.search(rf"firing job turn:{table_id}:\d+:\d+:\d+:timeout", line)]


class Database:
    """The test's own connection to the processes' database (the bot's store classes)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def table_id(self, channel_id: int) -> int:
        rows = await self.store.fetch(sql("SELECT id FROM game_tables WHERE channel_id = :c AND status = 'playing'"),
                                      {"c": channel_id})
        return rows[0][0]

    async def timeouts(self, table_id: int) -> int:
        return (await self.store.fetch(sql("SELECT COUNT(*) FROM actions WHERE table_id = :t AND kind = 'timeout'"),
                                       {"t": table_id}))[0][0]

    async def pass_an_hour(self, table_id: int) -> None:
        """The turn clocks of the table started an hour earlier: its deadlines have passed."""
        await self.store.write([
            (sql("UPDATE turn_clocks SET since_at = since_at - 3600 WHERE table_id = :t"), {"t": table_id}),
            (sql("UPDATE jobs SET due_at = due_at - 3600 WHERE ref = :ref AND fired_at IS NULL"),
             {"ref": f"table:{table_id}"})])

    async def lease_owner(self) -> str:
        return (await self.store.fetch(sql("SELECT owner FROM leases WHERE name = 'scheduler'")))[0][0]


async def play(user, channel, action: str) -> str:
    reply = await user.slash(channel, "play", action=action)
    message = assert_public(reply)
    png_of(message)
    return message.content


async def waiting(user, channel) -> str:
    return assert_private(await user.slash(channel, "status"), "Waiting for:").content


async def seen(user, channel) -> tuple:
    status = assert_private(await user.slash(channel, "status")).content
    # a process that loaded the table later builds its palette afresh: compared by same_picture
    board = png_of(assert_public(await user.slash(channel, "board")))
    log = assert_private(await user.slash(channel, "log")).content
    return status, board, log


async def test_shard_processes_share_one_database(fake3, tmp_path, store_maker):
    config = shard_config(tmp_path, store_maker)
    store = await store_maker.open()
    try:
        await shard_processes(fake3, config, store_maker, Database(store))
    finally:
        await store.close()


async def shard_processes(fake: FakeDiscord, config: Path, stores: StoreMaker, db: Database) -> None:
    a, b, c = (fake.guild(f"Shard{k}", shard=k) for k in range(SHARDS))
    quiet, timed = a.channel("quiet"), a.channel("timed")
    alice, bob, carol, dave = (fake.user(n) for n in ("alice", "bob", "carol", "dave"))
    first = await start_shards(fake, config, stores, 0)
    await until(lambda: leads(first) == 1, "shard 0's process to take the scheduler lease")
    others = await start_shards(fake, config, stores, 1, 2)

    # Games in guilds of each shard, each answered by the process running that shard.
    for channel, players in ((quiet, (alice, bob)), (timed, (carol, dave)), (b.channel("t"), (alice, carol)),
                             (c.channel("t"), (bob, dave))):
        assert_public(await players[0].slash(channel, "join", game="countdown"))
        if channel is timed:
            assert "1m" in assert_public(await carol.slash(timed, "option", name="timer 1m")).content
        assert_public(await players[1].slash(channel, "join"))
        assert_public(await players[0].slash(channel, "start"))
        await play(players[0], channel, "bet odd")
        assert "Your move, " in await play(players[1], channel, "bet even")
    await play(alice, quiet, "add 2")
    sessions = fake.gateway.latest
    assert sessions[0].identify["shard"] == [0, 3] and sessions[2].identify["shard"] == [2, 3]
    timed_id = await db.table_id(timed.id)
    before = await seen(bob, quiet)

    # SIGKILL the leader: the other process goes on answering, and takes the scheduler over.
    assert await first.kill() == -9
    await db.pass_an_hour(timed_id)      # the timed table's deadline passes while nobody leads
    await play(alice, b.channel("t"), "add 1")
    await play(bob, c.channel("t"), "add 3")
    await until(lambda: leads(others) == 1, "the other process to take the lease over")
    ran_out = await fake.wait_message(timed, check=lambda m: "Carol ran out of time." in m.content)
    assert "The computer moves for Carol" in ran_out.content and f"Your move, <@{dave.id}>." in ran_out.content
    assert await db.timeouts(timed_id) == 1 and len(fired(others, timed_id)) == 1 and fired(first, timed_id) == []

    # The restarted process resumes its tables exactly; it does not lead (the lease is held).
    second = await start_shards(fake, config, stores, 0)
    after = await seen(bob, quiet)
    assert (after[0], after[2]) == (before[0], before[2]) and same_picture(after[1], before[1])
    assert "Bob adds 1" in await play(bob, quiet, "add 1")
    assert "Waiting for: Dave" in await waiting(dave, timed)
    assert "Dave adds 1" in await play(dave, timed, "add 1")      # Carol's clock starts again

    # The leader times Carol out once more while the owner holds its copy: the owner's next
    # command sees the stored state (no stale "not your turn").
    await db.pass_an_hour(timed_id)
    await fake.wait_message(timed, since=ran_out.seq, check=lambda m: "Carol ran out of time." in m.content)
    reloads = sum(f"table {timed_id}: loaded from the store" in line for line in second.lines)
    assert "Dave adds 2" in await play(dave, timed, "add 2")
    assert sum(f"table {timed_id}: loaded from the store" in line for line in second.lines) == reloads + 1
    assert await db.timeouts(timed_id) == 2 and len(fired(others, timed_id)) == 2
    assert fired(second, timed_id) == [] and leads(second) == 0 and leads(others) == 1
    assert f":{others.pid}:" in await db.lease_owner()
    assert_healthy(fake, first, others, second)
