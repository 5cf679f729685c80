"""Two tables in two guilds, played at the same time, with one player seated at both."""
from __future__ import annotations

import asyncio

import pytest

from tests.e2e.conftest import (assert_healthy, assert_private, bot_messages, carcassonne_buttons, mentioned,
                                open_table, play_until_over, start_game)

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_two_guilds_play_at_once_without_interfering(shared):
    fake = shared.fake
    north = fake.guild("North").channel("table")       # guilds the bot joins while running
    south = fake.guild("South").channel("table")
    alice, bob, carol = shared.users("tw", 3)
    north_players, south_players = [alice, bob], [carol, alice]

    await asyncio.gather(open_table(north, north_players, "countdown"), open_table(south, south_players, "carcassonne"))
    north_turn, south_turn = await asyncio.gather(start_game(north, bob), start_game(south, carol))

    north_game, south_game = await asyncio.gather(
        play_until_over(fake, north, north_players, "play", north_turn),
        play_until_over(fake, south, south_players, "place", south_turn, use_buttons=carcassonne_buttons, max_moves=24))

    assert north_game.over and "Game over." in north_game.last.content
    assert not south_game.over and len(south_game.moves) == 24
    # Each channel only ever talks to its own players, about its own table.
    for channel, players in ((north, north_players), (south, south_players)):
        for message in bot_messages(fake, channel):
            assert set(mentioned(message)) <= {u.id for u in players}, message.content
    assert all("Carcassonne" not in m.content for m in bot_messages(fake, north))
    assert all("Countdown" not in m.content for m in bot_messages(fake, south))
    north_tables = {b.custom_id.split(":")[2] for m in bot_messages(fake, north) for b in m.buttons}
    south_tables = {b.custom_id.split(":")[2] for m in bot_messages(fake, south) for b in m.buttons}
    assert len(north_tables) == len(south_tables) == 1 and north_tables != south_tables

    # The South game runs on; the North table is closed.
    assert_private(await alice.slash(south, "status"), "Carcassonne")
    assert_private(await alice.slash(north, "status"), "No table is open here")
    assert_healthy(fake, shared.bot)
