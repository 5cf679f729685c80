"""The same harness plays another game: a whole 3-player Quetzal game, buttons and /play mixed."""
from __future__ import annotations

import itertools

import pytest

from tests.e2e.conftest import assert_healthy, open_table, play_until_over, png_of, start_game

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_three_players_play_quetzal_to_the_end(shared):
    fake = shared.fake
    channel = shared.channel("quetzal-3p")
    users = shared.users("qz", 3)
    await open_table(channel, users, "quetzal")
    await start_game(channel, users[2])

    every_other = itertools.count()
    game = await play_until_over(fake, channel, users, "play", use_buttons=lambda labels: next(every_other) % 2 == 0)

    assert game.over
    assert {m.how for m in game.moves} == {"slash", "panel"}      # Quetzal has hands: moves by private panel
    assert {m.user for m in game.moves} == set(users)
    final = game.last.messages[0]
    assert "Game over." in final.content
    for user in users:
        assert f". {user.global_name} — " in final.content
    png_of(final)
    assert_healthy(fake, shared.bot)
