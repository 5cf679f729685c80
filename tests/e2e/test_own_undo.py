"""/undo through Discord: the mover takes back their own last move at once while nobody has
moved since, the turn message is the one of before the move, and a button of the turn after it
is refused as stale."""
from __future__ import annotations

import pytest

from tests.e2e.conftest import action_buttons, assert_healthy, assert_private, assert_public, open_table, start_game

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_mover_takes_back_their_own_move_at_once(shared):
    channel = shared.channel("own-undo")
    alice, bob = shared.users("ownundo", 2)
    await open_table(channel, [alice, bob], "countdown")
    await start_game(channel, alice)
    for user in (alice, bob):
        assert_public(await user.slash(channel, "play", action="bet odd"))
    before = assert_public(await alice.slash(channel, "board"))
    moved = assert_public(await alice.slash(channel, "play", action="add 2"))
    assert "the total is 2" in moved.content and action_buttons(moved), moved.content

    assert_private(await bob.slash(channel, "undo"), f"Only {alice.global_name}, who made the last move, can ask")
    undone = assert_public(await alice.slash(channel, "undo"))
    assert f"{alice.global_name} takes back their move add 2 (nobody had moved since)." in undone.content, undone.content
    assert "do you agree" not in undone.content and not [b for b in undone.buttons if b.label == "Agree"]
    assert f"Your move, {alice.mention}." in undone.content, undone.content
    board = assert_public(await alice.slash(channel, "board"))
    assert board.content == before.content

    stale = await bob.click(moved, custom_id=action_buttons(moved)[0].custom_id)
    assert_private(stale, "no longer open")
    again = assert_public(await alice.slash(channel, "play", action="add 3"))
    assert "the total is 3" in again.content, again.content
    # the version is the one of the undone turn again; that turn's buttons stay stale
    stale = await bob.click(moved, custom_id=action_buttons(moved)[0].custom_id)
    assert_private(stale, "no longer open")
    assert "total 3 of 21" in assert_public(await alice.slash(channel, "board")).content
    assert_healthy(shared.fake, shared.bot)
