"""Crashes, restarts, gateway disconnects and sharding with the sample bot (one bot per test)."""

from __future__ import annotations

import asyncio

import pytest_asyncio

from tests.fakediscord import BotProcess, FakeDiscord

MODULE = "tests.fakediscord.samplebot"


@pytest_asyncio.fixture
async def fake():
    f = await FakeDiscord.start()
    try:
        yield f
    finally:
        await f.close()


async def start_bot(fake: FakeDiscord, **env: str) -> BotProcess:
    return await fake.start_bot(MODULE, env=env)


async def test_persistent_button_works_after_sigkill_and_restart(fake):
    chan = fake.guild("Tavern").channel("game-1")
    alice, bob = fake.user("alice"), fake.user("bob")
    first = await start_bot(fake)
    r = await alice.slash(chan, "place", action="2,0 r0")
    await first.kill()
    assert first.returncode == -9
    second = await start_bot(fake)
    assert second.pid != first.pid and fake.identify_count == 2
    click = await bob.click(r.message, "r1")  # a message posted by the previous process
    assert click.type == 7 and r.message.content.endswith(f"Bob picked r1 (pid {second.pid})")
    assert fake.problems() == []


async def test_gateway_outage_resumes_and_replays_the_missed_interaction(fake):
    chan = fake.guild("Tavern").channel("game-1")
    alice = fake.user("alice", locale="ja")
    bot = await start_bot(fake)
    async with fake.gateway_outage():
        pending = await alice.slash(chan, "whoami", wait=False)  # injected while the bot is disconnected
        assert not fake.gateway.all_ready()
    r = await pending.wait()
    assert r.content == "alice ja guild Tavern #game-1"
    assert fake.resume_count == 1 and fake.identify_count == 1
    assert fake.gateway.connect_log[-1]["path"] == "/resume-gateway"
    await fake.wait_for(lambda: "RESUMED" in bot.output, what="on_resumed")
    assert fake.problems() == []


async def test_reconnect_opcode_and_invalid_session(fake):
    chan = fake.guild("Tavern").channel("game-1")
    alice = fake.user("alice")
    await start_bot(fake)
    assert await fake.send_reconnect() == 1
    await fake.wait_for(lambda: fake.resume_count == 1 and fake.gateway.all_ready(), what="resume after op 7")
    assert (await alice.slash(chan, "whoami")).content == "alice en-US guild Tavern #game-1"
    await fake.invalidate_session(resumable=False)
    await fake.wait_ready(after_identify=1)  # a fresh IDENTIFY, new session
    assert fake.identify_count == 2 and len(fake.gateway.sessions) == 2
    await fake.request_heartbeat()
    beats = fake.heartbeat_count
    await fake.request_heartbeat()
    await fake.wait_for(lambda: fake.heartbeat_count > beats, what="a heartbeat answering op 1")
    assert (await alice.slash(chan, "whoami")).content == "alice en-US guild Tavern #game-1"
    assert fake.problems() == []


async def test_sharded_bot_gets_each_guild_on_its_own_shard(fake_sharded):
    fake = fake_sharded
    g0, g1 = fake.guild("Even", shard=0), fake.guild("Odd", shard=1)
    alice = fake.user("alice")
    await start_bot(fake, SAMPLEBOT_SHARDED="1")
    sessions = fake.gateway.latest
    assert sorted(sessions) == [0, 1]
    assert sessions[0].guild_ids == {g0.id} and sessions[1].guild_ids == {g1.id}
    assert [s.identify["shard"] for s in (sessions[0], sessions[1])] == [[0, 2], [1, 2]]
    for g in (g0, g1):
        r = await alice.slash(g.channel("play"), "whoami")
        assert r.content == f"alice en-US guild {g.name} #play"
    dm = await alice.slash(alice.dm_channel, "whoami")  # DMs go to shard 0
    assert dm.content == "alice en-US DM #dm"
    await fake.invalidate_session(resumable=False)  # shards re-IDENTIFY on DEFAULT_GATEWAY
    await fake.wait_ready(after_identify=3)
    assert fake.identify_count == 4 and fake.gateway.connect_log[-1]["path"] == "/gateway"
    assert (await alice.slash(g1.channel("play"), "whoami")).content == "alice en-US guild Odd #play"
    assert fake.problems() == []


@pytest_asyncio.fixture
async def fake_sharded():
    f = await FakeDiscord.start(shards=2)
    try:
        yield f
    finally:
        await f.close()


async def test_shard_processes_each_get_only_their_shards(fake_three_shards):
    """Two processes run shards 0 and 1,2 of 3: each IDENTIFYs its shards, gets READY with the
    shard and only its guilds, and answers the interactions of those guilds; one is killed and
    the other goes on; the restarted process takes its shard back."""
    fake = fake_three_shards
    guilds = [fake.guild(f"G{k}", shard=k) for k in range(3)]
    alice, bob = fake.user("alice"), fake.user("bob")
    first = await fake.start_bot(MODULE, env={"SAMPLEBOT_SHARD_COUNT": "3", "SAMPLEBOT_SHARD_IDS": "0"}, shards=[0])
    second = await fake.start_bot(MODULE, env={"SAMPLEBOT_SHARD_COUNT": "3", "SAMPLEBOT_SHARD_IDS": "1,2"}, shards=[1, 2])
    latest = fake.gateway.latest
    for k in range(3):
        assert latest[k].identify["shard"] == [k, 3] and latest[k].guild_ids == {guilds[k].id}
        ready = latest[k].buffer[0]
        assert ready["t"] == "READY" and ready["d"]["shard"] == [k, 3]
        assert [e["d"]["id"] for e in latest[k].buffer if e["t"] == "GUILD_CREATE"] == [str(guilds[k].id)]
    for process, count in ((first, 1), (second, 2)):        # on_ready: the guilds of its shards only
        await asyncio.wait_for(until(lambda: any(f"guilds={count}" in line for line in process.lines)), 30)
    serves = {0: first, 1: second, 2: second}
    for k, guild in enumerate(guilds):
        placed = await alice.slash(guild.channel("play"), "place", action="1,0")
        click = await bob.click(placed.message, "r1")
        assert click.message.content.endswith(f"(pid {serves[k].pid})")
    dm = await alice.slash(alice.dm_channel, "whoami")          # DMs: shard 0, the first process
    assert dm.content == "alice en-US DM #dm" and dm.interaction.payload["context"] == 1
    late = fake.guild("Late", shard=2)                           # a live GUILD_CREATE: shard 2's connection only
    await fake.wait_for(lambda: late.id in latest[2].guild_ids, what="GUILD_CREATE on shard 2")
    assert all(late.id not in latest[k].guild_ids for k in (0, 1))
    await first.kill()
    for k in (1, 2):                                             # the other process goes on
        assert (await alice.slash(guilds[k].channel("play"), "whoami")).content == f"alice en-US guild G{k} #play"
    n = fake.identify_count
    third = await fake.start_bot(MODULE, env={"SAMPLEBOT_SHARD_COUNT": "3", "SAMPLEBOT_SHARD_IDS": "0"}, shards=[0])
    assert fake.gateway.latest[0].number > n and fake.gateway.latest[1].number <= n    # shard 1 never reconnected
    placed = await alice.slash(guilds[0].channel("play"), "place", action="2,0")
    assert (await bob.click(placed.message, "r1")).message.content.endswith(f"(pid {third.pid})")
    assert fake.problems() == []


async def until(condition) -> None:
    """Poll for something the fake is not told about (a bot process's output)."""
    while not condition():
        await asyncio.sleep(0.05)


@pytest_asyncio.fixture
async def fake_three_shards():
    f = await FakeDiscord.start(shards=3)
    try:
        yield f
    finally:
        await f.close()


async def test_wrong_token_fails_login(fake):
    bot = await BotProcess.start(fake, MODULE, env={"DISCORD_TOKEN": "not-the-token"})
    assert await bot.wait(timeout=30) != 0
    assert "LoginFailure" in bot.output
    assert {"method": "GET", "path": "/api/v10/users/@me", "query": {}, "status": 401} in fake.requests
    assert fake.identify_count == 0
