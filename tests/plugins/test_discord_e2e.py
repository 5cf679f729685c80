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

    # each answer as its user sees it (a slow private one comes after a public placeholder)
    m = await (await alice.slash(hall, "tournament create", name="Cup", game="countdown", size=2, rounds=1)).answer_message(30)
    assert not m.ephemeral and "Alice creates the tournament Cup." in m.content
    m = await (await bob.slash(hall, "tournament join")).answer_message(30)
    assert "Bob joins the tournament Cup (2 players)" in m.content
    m = await (await bob.slash(hall, "notify", setting="on")).answer_message(30)
    assert m.ephemeral
    m = await (await alice.slash(hall, "tournament start", timeout=30)).answer_message(30)
    assert m.ephemeral and "The tournament Cup begins" in m.content
    [thread] = fake.threads(hall)
    assert thread.name == "Cup R1 T1"
    header = await fake.wait_message(thread, check=lambda m: "Cup, round 1, table 1" in m.content)
    assert alice.mention in header.content and bob.mention in header.content
    pairings = await fake.wait_message(hall, check=lambda m: "Round 1 of 1 of Cup" in m.content)
    assert thread.mention in pairings.content

    m = await (await alice.slash(hall, "games")).answer_message(30)
    assert m.ephemeral and thread.mention in m.content and "your turn" in m.content
    dm = await fake.wait_message(bob.dm_channel, check=lambda m: "It is your turn in Countdown" in m.content)
    assert thread.mention in dm.content

    for user in (alice, bob):
        m = await (await user.slash(thread, "bid", action="bet odd")).answer_message(30)
        assert not m.ephemeral, m.content
    for _ in range(40):
        moved = False
        for user in (alice, bob):
            m = await (await user.slash(thread, "play", action="add 3", timeout=30)).answer_message(30)
            if not m.ephemeral:
                moved = True
                if "Game over." in m.content:
                    break
        else:
            assert moved
            continue
        break
    assert "Result recorded for the tournament Cup, round 1." in m.content
    final = await fake.wait_message(hall, check=lambda m: "The tournament Cup is over. Winner:" in m.content, timeout=30)
    assert final.attachment("standings.png").is_png

    m = await (await bob.slash(hall, "leaderboard", game="countdown", timeout=30)).answer_message(30)
    assert "Leaderboard for Countdown (test game)" in m.content and m.attachment("leaderboard.png").is_png
    r = await alice.slash(thread, "replay", timeout=30)
    assert r.messages[-1].attachments[0].filename.endswith(".gif")
    assert fake.problems() == []
