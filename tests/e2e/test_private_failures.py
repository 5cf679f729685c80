"""A failure on our side is answered privately even when the command was already deferred in
public ("thinking..." for everyone): the bot fills the public placeholder, sends the failure as a
private message and removes the placeholder; the fake sees no ephemeral mismatch.

The failure is real: a running table whose stored snapshot was damaged while the bot was down."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from tests.e2e.conftest import WAIT_TIMEOUT, open_table, start_board_bot, start_game, write_config

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_a_failure_after_a_public_deferral_stays_private(fake, tmp_path):
    config = write_config(tmp_path)
    bot = await start_board_bot(fake, config)
    channel = fake.guild("Tavern").channel("damaged")
    alice, bob = fake.user("pf-alice"), fake.user("pf-bob")
    await open_table(channel, [alice, bob], "countdown")
    await start_game(channel, alice)
    await bot.kill()
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        db.execute("UPDATE game_tables SET snapshot = '{damaged' WHERE channel_id = ?", (channel.id,))
    bot = await start_board_bot(fake, config)
    # several at once: the last is deferred at once, in public (/play answers everyone), when the
    # others are still being worked on as it arrives (on a busy machine they may all be done by
    # then; the bot then answers without a deferral, and the test sends them again)
    for _attempt in range(8):
        others = [await alice.slash(channel, "status", wait=False) for _ in range(3)]
        second = await bob.slash(channel, "play", action="bet odd", wait=False)
        await asyncio.gather(*(i.wait("answer", WAIT_TIMEOUT) for i in [*others, second]))
        if second.deferred:
            break
    await fake.wait_for(lambda: second.interaction.original is not None and second.interaction.original.deleted
                        and second.followups, WAIT_TIMEOUT, what="the placeholder removed")
    assert second.deferred
    answers = [m for m in second.messages if not m.deleted]
    assert answers and all(m.ephemeral for m in answers), [(m.content, m.ephemeral) for m in second.messages]
    assert "Something went wrong on our side" in answers[0].content
    assert not [v for v in fake.violations if v.kind == "ephemeral_mismatch"], fake.violations
    await bot.stop()
