"""A whole 3-player Carcassonne game through Discord, from /join to the final scores."""
from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import (assert_healthy, carcassonne_buttons, open_table, play_until_over, png_of,
                                start_game)

pytestmark = pytest.mark.asyncio(loop_scope="session")

SCORE_LINE = re.compile(r"^(\d)\. (.+) — (\d+) points$", re.M)


async def test_three_players_play_carcassonne_to_the_end(shared):
    fake = shared.fake
    channel = shared.channel("carcassonne-3p")
    users = shared.users("c3", 3)

    lobby = await open_table(channel, users, "carcassonne")
    assert "Seated (3/5)" in lobby.content
    turn = await start_game(channel, users[1])
    assert "Carcassonne begins" in turn.content

    game = await play_until_over(fake, channel, users, "place", turn, use_buttons=carcassonne_buttons)

    assert game.over
    slashes = [m for m in game.moves if m.how == "slash"]
    clicks = game.clicked()
    # Every placement by /place (71 tiles after the start tile, fewer if some were discarded);
    # every follower step by a button: "-" (no follower) sometimes, a follower other times. There
    # is no follower step when nothing can be deployed (no followers left or no free feature).
    assert 60 <= len(slashes) <= 71 and 10 <= len(clicks) <= len(slashes)
    assert "-" in clicks and any(c != "-" for c in clicks)
    assert {m.user for m in slashes} == set(users)

    final = game.last.messages[0]
    assert "Game over." in final.content
    scores = SCORE_LINE.findall(final.content)
    assert sorted(name for _rank, name, _points in scores) == sorted(u.global_name for u in users)
    assert sorted(int(rank) for rank, _n, _p in scores)[0] == 1
    assert not final.buttons and not final.ephemeral
    png_of(final)

    # The table is closed: the next /place is refused privately.
    after = await users[0].slash(channel, "place", action="0,1 r0")
    assert after.messages[0].ephemeral
    assert_healthy(fake, shared.bot)
