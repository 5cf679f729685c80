"""A whole game of each of Keyflower, Stone Age and Florenza through Discord: three players, moves
from autocomplete and buttons, a PNG after every move, until the final scores are posted."""
from __future__ import annotations

import itertools

import pytest

from tests.e2e.conftest import assert_healthy, bot_messages, open_table, play_until_over, start_game

pytestmark = pytest.mark.asyncio(loop_scope="session")


@pytest.mark.parametrize("name", ["keyflower", "stoneage", "florenza"])
async def test_whole_game_through_discord(shared, name):
    fake = shared.fake
    channel = shared.channel(f"full-{name}")
    users = shared.users(f"fg{name[:4]}", 3)
    await open_table(channel, users, name)
    await start_game(channel, users[0])
    alternate = itertools.count()
    game = await play_until_over(fake, channel, users, "play", use_buttons=lambda labels: next(alternate) % 3 != 2,
                                 max_moves=3000)
    assert game.over, f"{name}: not over after {len(game.moves)} moves"
    final = bot_messages(fake, channel)[-1].content
    assert "Game over." in final
    for user in users:
        assert (user.global_name or user.username) in final
    assert_healthy(fake, shared.bot)
