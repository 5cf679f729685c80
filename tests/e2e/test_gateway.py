"""A gateway disconnect: the bot resumes and answers what users sent while it was away."""
from __future__ import annotations

import pytest

from tests.e2e.conftest import (action_buttons, assert_healthy, assert_private, assert_public, next_player,
                                open_table, png_of, start_board_bot, start_game, write_config)

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_outage_is_resumed_and_the_interactions_sent_meanwhile_are_answered(fake, tmp_path):
    channel = fake.guild("Tavern").channel("outage")
    alice, bob = fake.user("alice"), fake.user("bob")
    bot = await start_board_bot(fake, write_config(tmp_path))
    await open_table(channel, [alice, bob], "carcassonne")
    turn = await start_game(channel, alice)
    mover = next_player(turn.messages[0], [alice, bob])
    watcher = bob if mover is alice else alice
    action = (await mover.autocomplete(channel, "place", "action", "")).values[0]

    async with fake.gateway_outage():
        place = await mover.slash(channel, "place", action=action, wait=False)
        status = await watcher.slash(channel, "status", wait=False)
        assert not fake.gateway.all_ready() and place.type is None
    placed = assert_public(await place.wait())
    png_of(placed)
    assert action in placed.content
    assert_private(await status.wait(), "Carcassonne")
    assert fake.resume_count == 1 and fake.identify_count == 1

    buttons = action_buttons(placed)                     # and once more, with a button click
    async with fake.gateway_outage():
        click = await mover.click(placed, custom_id=buttons[-1].custom_id, wait=False)
    deployed = assert_public(await click.wait())
    png_of(deployed)
    assert fake.resume_count == 2 and fake.identify_count == 1
    assert_healthy(fake, bot)
