"""Computer seats, /resign and /abort (host or a member with Manage Server) through Discord."""
from __future__ import annotations

import pytest

from tests.e2e.conftest import (assert_healthy, assert_private, assert_public, bot_messages, carcassonne_buttons, confirmed,
                                next_player, open_table, play_until_over, png_of, start_game)

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_computers_play_along_and_resigning_ends_the_game(shared):
    fake = shared.fake
    channel = shared.channel("computers")
    [alice] = shared.users("cp", 1)
    await alice.slash(channel, "join", game="carcassonne")
    assert "A computer player (normal) takes a seat." in assert_public(await alice.slash(channel, "addbot")).content
    assert "(weak)" in assert_public(await alice.slash(channel, "addbot", level="random")).content
    assert_private(await alice.slash(channel, "addbot", level="genius"), "There is no computer level 'genius'")
    turn = await start_game(channel, alice)

    # The computers move inside Alice's turns: every message she gets is her turn again.
    game = await play_until_over(fake, channel, [alice], "place", turn, use_buttons=carcassonne_buttons, max_moves=8)
    assert len(game.moves) == 8 and all(m.user is alice for m in game.moves)
    assert "(computer)" in assert_private(await alice.slash(channel, "log")).content

    resigned = await confirmed(channel, alice, "resign", "Resign from this game of Carcassonne?",
                               "Too few players would be left, so the game ends.")
    assert not resigned.ephemeral
    assert "resigns" in resigned.content and "The game ended by resignation." in resigned.content
    assert "Game over." in resigned.content
    png_of(resigned)
    assert_private(await alice.slash(channel, "status"), "No table is open here")
    assert_healthy(fake, shared.bot)


async def test_abort_is_for_the_host_or_a_moderator(shared):
    fake = shared.fake
    guild = fake.guild("Tavern")
    channel = shared.channel("abort")
    alice, bob, mod = shared.users("ab", 3)
    guild.add_moderator(mod)
    await open_table(channel, [alice, bob], "countdown")
    await start_game(channel, bob)

    assert_private(await bob.slash(channel, "abort"), "Only the table's host (ab-Alice) or a moderator can abort it.")
    # the question alone changes nothing; "Keep the table" answers it
    question = assert_private(await mod.slash(channel, "abort"), "table for everyone?")
    kept = await mod.click(question, "Keep the table")
    assert "Cancelled: nothing changed." in (await kept.wait_followups(1))[0].content
    assert "Countdown" in assert_private(await alice.slash(channel, "status")).content
    aborted = await confirmed(channel, mod, "abort", "Close this Countdown (test game) table for everyone?")
    assert not aborted.ephemeral and f"{mod.global_name} aborts the Countdown (test game) table." in aborted.content
    assert_private(await alice.slash(channel, "status"), "No table is open here")

    await alice.slash(channel, "join", game="countdown")
    aborted = await confirmed(channel, alice, "abort", "Close this Countdown (test game) table?")     # the host, in the lobby
    assert "aborts" in aborted.content
    assert_healthy(fake, shared.bot)


async def test_a_strong_computer_thinks_then_posts_its_move(shared):
    fake = shared.fake
    channel = shared.channel("strong")
    [alice] = shared.users("sc", 1)
    await alice.slash(channel, "join", game="carcassonne")
    offered = await alice.autocomplete(channel, "addbot", "level", "")
    assert offered.ok and offered.values == ["random", "greedy", "strong"], offered
    assert offered.names[2].startswith("strong: thinks about a second a move")
    seated = assert_public(await alice.slash(channel, "addbot", level="strong")).content
    assert "A computer player (strong) takes a seat." in seated and "CPU 1 (strong)" in seated
    await start_game(channel, alice)

    def computer_moves() -> int:
        return sum("CPU 1 (strong) places" in m.content for m in bot_messages(fake, channel))

    # The computer's moves are posted on their own, once it has thought; Alice moves in between.
    while computer_moves() < 2:
        await fake.wait_for(lambda: next_player(bot_messages(fake, channel)[-1], [alice]) is not None, 60,
                            "Alice's turn after the computer's")
        await play_until_over(fake, channel, [alice], "place", use_buttons=carcassonne_buttons, max_moves=1)
    assert_healthy(fake, shared.bot)


async def test_a_japanese_table_names_the_levels_in_japanese(shared):
    fake = shared.fake
    channel = shared.channel("strong-ja", guild="Ryokan")
    hiro = fake.user("sc-hiro", locale="ja", global_name="Hiro")
    await hiro.slash(channel, "join", game="carcassonne")
    offered = await hiro.autocomplete(channel, "addbot", "level", "")
    assert offered.values == ["random", "greedy", "strong"] and offered.names[1].startswith("ふつう："), offered
    seated = assert_public(await hiro.slash(channel, "addbot", level="つよい")).content
    assert "コンピューター（つよい）が着席しました。" in seated and "CPU 1（つよい）" in seated, seated
    refused = assert_private(await hiro.slash(channel, "addbot", level="genius")).content
    assert "よわい、ふつう、つよい" in refused
    for text in (seated, refused):
        assert not any(word in text for word in ("random", "greedy", "strong", "weak", "normal")), text
    assert_healthy(fake, shared.bot)
