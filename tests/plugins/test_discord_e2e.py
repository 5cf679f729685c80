"""The real bot process (unmodified discord.py) against the fake Discord API: a tournament whose
table opens in a thread, /games with a channel link, the opt-in turn DM, the round recorded when
the game ends, the final standings image in the tournament channel, and /leaderboard."""
from __future__ import annotations

import pytest

from tests.conftest import StoreMaker
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake(tmp_path):
    f = await FakeDiscord.start()
    try:
        yield f
    finally:
        await f.close()


def config(tmp_path, stores: StoreMaker) -> str:
    path = tmp_path / "config.yaml"
    path.write_text(stores.config() +
                    "games:\n  enabled: [countdown]\n  extra: ['tests.toygame:GAME']\n"
                    "rendering:\n  threads: 1\n")
    return str(path)


async def test_tournament_through_discord(fake, tmp_path, store_maker):
    hall = fake.guild("Club").channel("hall")
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.start_bot("bot", env={"BOARDTABLE_CONFIG": config(tmp_path, store_maker), **store_maker.environ()}, timeout=60)
    await fake.wait_synced(names=["tournament", "games", "undo", "replay", "leaderboard"], timeout=30)

    r = await alice.slash(hall, "tournament create", name="Cup", game="countdown", size=2, rounds=1)
    assert not r.ephemeral and "Alice creates the tournament Cup." in r.content
    r = await bob.slash(hall, "tournament join")
    assert "Bob joins the tournament Cup (2 players)" in r.content
    r = await bob.slash(hall, "notify", setting="on")
    assert r.ephemeral
    r = await alice.slash(hall, "tournament start", timeout=30)
    assert r.ephemeral and "The tournament Cup begins" in r.content
    [thread] = fake.threads(hall)
    assert thread.name == "Cup R1 T1"
    header = await fake.wait_message(thread, check=lambda m: "Cup, round 1, table 1" in m.content)
    assert alice.mention in header.content and bob.mention in header.content
    pairings = await fake.wait_message(hall, check=lambda m: "Round 1 of 1 of Cup" in m.content)
    assert thread.mention in pairings.content

    r = await alice.slash(hall, "games")
    assert r.ephemeral and thread.mention in r.content and "your turn" in r.content
    dm = await fake.wait_message(bob.dm_channel, check=lambda m: "It is your turn in Countdown" in m.content)
    assert thread.mention in dm.content

    for user in (alice, bob):
        r = await user.slash(thread, "bid", action="bet odd")
        assert not r.ephemeral, r.content
    for _ in range(40):
        moved = False
        for user in (alice, bob):
            r = await user.slash(thread, "play", action="add 3", timeout=30)
            if not r.ephemeral:
                moved = True
                if "Game over." in r.content:
                    break
        else:
            assert moved
            continue
        break
    assert "Result recorded for the tournament Cup, round 1." in r.content
    final = await fake.wait_message(hall, check=lambda m: "The tournament Cup is over. Winner:" in m.content, timeout=30)
    assert final.attachment("standings.png").is_png

    r = await bob.slash(hall, "leaderboard", game="countdown", timeout=30)
    assert "Leaderboard for Countdown (test game)" in r.content and r.message.attachment("leaderboard.png").is_png
    r = await alice.slash(thread, "replay", timeout=30)
    assert r.messages[-1].attachments[0].filename.endswith(".gif")
    assert fake.problems() == []
