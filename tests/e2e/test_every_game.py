"""Every installed game, played for a while through Discord by three players (buttons and /play
mixed): catches what a game's texts, buttons or suggestions do to Discord's limits."""
from __future__ import annotations

import itertools

import pytest

from games import registry
from tests.e2e.conftest import assert_healthy, open_table, play_until_over, start_game

pytestmark = pytest.mark.asyncio(loop_scope="session")

MOVES = 40


@pytest.mark.parametrize("name", registry.names())
async def test_game_plays_through_discord(shared, name):
    fake = shared.fake
    channel = shared.channel(f"every-{name}")
    users = shared.users(f"ev{name[:4]}", 3)
    await open_table(channel, users, name)
    await start_game(channel, users[0])
    alternate = itertools.count()
    game = await play_until_over(fake, channel, users, "play", use_buttons=lambda labels: next(alternate) % 2 == 0,
                                 max_moves=MOVES)
    assert game.over or len(game.moves) == MOVES
    # moves by button: on the public message, or (games with secrets) in the player's private panel
    hows = {m.how for m in game.moves}
    assert "slash" in hows and ("panel" in hows if registry.get(name).private_info else "button" in hows), hows
    assert_healthy(fake, shared.bot)
