"""The bot is SIGKILLed mid-game and restarted: old buttons still work and the game goes on."""
from __future__ import annotations

import pytest

from tests.e2e.conftest import (action_buttons, assert_healthy, assert_private, assert_public,
                                carcassonne_buttons, choose_by_autocomplete, next_player, open_table,
                                play_until_over, png_of, posted_after_restore, start_board_bot, start_game, write_config)

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def snapshot(channel, user) -> tuple[str, bytes, str]:
    """What a player can see of the game: /status, the /board image, /log."""
    status = assert_private(await user.slash(channel, "status")).content
    board = assert_public(await user.slash(channel, "board"))
    log = assert_private(await user.slash(channel, "log")).content
    return status, board.attachment("board.png").data, log


async def test_sigkill_and_restart_keeps_lobby_buttons_and_the_running_game(fake, tmp_path):
    guild = fake.guild("Keep")
    lobby_channel, game_channel = guild.channel("lobby"), guild.channel("game")
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    config = write_config(tmp_path)
    first = await start_board_bot(fake, config)

    lobby = assert_public(await alice.slash(lobby_channel, "join", game="carcassonne"))
    players = [bob, carol]
    await open_table(game_channel, players, "carcassonne")
    turn = await start_game(game_channel, bob)
    game = await play_until_over(fake, game_channel, players, "place", turn, use_buttons=carcassonne_buttons, max_moves=6)
    while not carcassonne_buttons([b.label for b in action_buttons(game.last.messages[0])]):
        game = await play_until_over(fake, game_channel, players, "place", game.last,
                                     use_buttons=carcassonne_buttons, max_moves=1)
    pending = game.last.messages[0]                 # a follower step waiting for its button
    mover = next_player(pending, players)
    before = await snapshot(game_channel, carol)
    messages_before = len(fake.messages())

    assert await first.kill() == -9
    second = await start_board_bot(fake, config)
    assert second.pid != first.pid
    assert await posted_after_restore(second) == 0          # every turn was announced before the kill
    assert len(fake.messages()) == messages_before          # nothing re-posted on restore

    # The lobby opened before the crash: its buttons still work.
    joined = await bob.click(lobby, "Join")
    assert joined.type == 7 and "Bob joins the table." in joined.message.content
    assert "Seated (2/5): Alice, Bob" in lobby.content
    started = await alice.click(lobby, "Start")
    assert "Carcassonne begins: Alice, Bob." in assert_public(started).content
    png_of(started.messages[0])

    # The running game is exactly where it was.
    after = await snapshot(game_channel, carol)
    assert after[0] == before[0]
    assert after[1] == before[1]
    assert after[2] == before[2]
    # The follower buttons posted before the crash are accepted, then the next /place.
    deploy = await mover.click(pending, custom_id=action_buttons(pending)[0].custom_id)
    moved = assert_public(deploy)
    png_of(moved)
    player = next_player(moved, players)
    action = await choose_by_autocomplete(game_channel, player, "place", 0)
    placed = assert_public(await player.slash(game_channel, "place", action=action))
    png_of(placed)
    assert_healthy(fake, first, second)
