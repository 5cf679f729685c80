"""When the bot is slow (here: its database is busy), it acknowledges within Discord's 3 seconds
and answers afterwards: slash commands and buttons alike, nothing late, nothing lost."""
from __future__ import annotations

import contextlib
import sqlite3

import pytest

from tests.e2e.conftest import (action_buttons, assert_healthy, assert_private, assert_public, log_problems,
                                next_player, open_table, png_of, start_board_bot, start_game, traceback_texts,
                                write_config)

pytestmark = pytest.mark.asyncio(loop_scope="session")


@contextlib.contextmanager
def database_busy(path):
    """Another writer holds the database: the bot's next write waits (its busy timeout is 5 s)."""
    connection = sqlite3.connect(path, timeout=10, isolation_level=None)   # waits out a write in progress
    try:
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            connection.execute("ROLLBACK")
    finally:
        connection.close()


async def slow(fake, db, inject):
    """Inject while the database is busy; release it once the bot has acknowledged."""
    with database_busy(db):
        reply = await inject()
        await reply.wait("ack")
        assert reply.deferred and not reply.late, reply.interaction.describe()
    return await reply.wait()


async def test_slow_answers_are_deferred_not_late(fake, tmp_path):
    channel = fake.guild("Tavern").channel("slow")
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    config = write_config(tmp_path)
    db = tmp_path / "tables.sqlite3"
    bot = await start_board_bot(fake, config)
    lobby = await open_table(channel, [alice, bob], "carcassonne")

    joined = await slow(fake, db, lambda: carol.click(lobby.messages[0], "Join", wait=False))
    assert "Carol joins the table." in lobby.messages[0].content and joined.type == 6
    turn = await start_game(channel, alice)
    mover = next_player(turn.messages[0], [alice, bob, carol])
    action = (await mover.autocomplete(channel, "place", "action", "")).values[0]

    placed = await slow(fake, db, lambda: mover.slash(channel, "place", action=action, wait=False))
    message = assert_public(placed)
    png_of(message)
    assert placed.type == 5 and action in message.content

    button = action_buttons(message)[0]
    deployed = await slow(fake, db, lambda: mover.click(message, custom_id=button.custom_id, wait=False))
    followup = assert_public(deployed)
    png_of(followup)
    assert f"{action} {button.label}" in followup.content
    assert_healthy(fake, bot)


async def test_slow_private_error_stays_private(fake, tmp_path):
    """An out-of-turn /place waits behind a slow move (one table, one lock), is deferred, and
    its error still reaches only that user."""
    channel = fake.guild("Tavern").channel("slow-private")
    alice, bob = fake.user("alice"), fake.user("bob")
    config = write_config(tmp_path)
    db = tmp_path / "tables.sqlite3"
    bot = await start_board_bot(fake, config)
    await open_table(channel, [alice, bob], "carcassonne")
    turn = await start_game(channel, alice)
    mover = next_player(turn.messages[0], [alice, bob])
    waiter = bob if mover is alice else alice
    action = (await mover.autocomplete(channel, "place", "action", "")).values[0]

    with database_busy(db):
        placed = await mover.slash(channel, "place", action=action, wait=False)
        early = await waiter.slash(channel, "place", action=action, wait=False)
        await placed.wait("ack")
        await early.wait("ack")
        assert placed.type == early.type == 5
    png_of(assert_public(await placed.wait()))
    await early.wait()
    [private] = await early.wait_followups(1)
    assert private.ephemeral and "It is not your turn" in private.content
    await fake.wait_for(lambda: early.message.deleted, what="the public 'thinking...' placeholder removed")
    assert [m for m in early.messages if not m.deleted] == [private]
    assert_healthy(fake, bot)


async def test_a_failing_button_gets_a_private_error_and_changes_nothing(fake, tmp_path):
    """The database stays busy past the bot's busy timeout while Start is clicked: the click is
    acknowledged in time, the user is told privately that nothing changed, and a second click
    after the database is free starts the game."""
    channel = fake.guild("Tavern").channel("slow-failure")
    alice, bob = fake.user("alice"), fake.user("bob")
    config = write_config(tmp_path)
    db = tmp_path / "tables.sqlite3"
    bot = await start_board_bot(fake, config)
    lobby = (await open_table(channel, [alice, bob], "carcassonne")).messages[0]
    assert_private(await bob.slash(channel, "help"))          # the lobby message id is stored by now

    with database_busy(db):
        click = await alice.click(lobby, "Start", wait=False)
        await click.wait()
        assert click.type == 6 and not click.late
        [failure] = await click.wait_followups(1)
    assert failure.ephemeral and "could not be saved, so nothing changed" in failure.content
    assert "Seated (2/5)" in lobby.content and not fake.messages(channel)[-1].attachments

    started = await alice.click(lobby, "Start")
    assert "Carcassonne begins" in assert_public(started).content
    fake.assert_clean()
    assert traceback_texts(fake) == []
    problems = log_problems(bot)
    assert problems and all("database is locked" in line or "Traceback" in line or "interaction failed" in line
                            for line in problems), problems
    # the operator is told what to do about it
    assert any("database is locked" in line and "another program holds the database's write lock" in line
               and "stop it or end its transaction" in line for line in problems), problems


async def test_busy_bot_defers_at_once_and_keeps_private_answers_private(fake, tmp_path):
    """While another interaction is being worked on (here: a join waiting for the busy database),
    the next ones are acknowledged at once. /status is deferred privately: its usual private answer
    fills the private "thinking...", and in a lobby, where /status shows the lobby to everyone, the
    private placeholder is removed and the lobby is posted publicly."""
    channel = fake.guild("Tavern").channel("busy")
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    config = write_config(tmp_path)                  # rendering.threads: 1
    db = tmp_path / "tables.sqlite3"
    bot = await start_board_bot(fake, config)
    await open_table(channel, [alice, bob], "carcassonne")

    with database_busy(db):
        joining = await carol.slash(channel, "join", wait=False)
        await joining.wait("ack")                    # deferred after a while: the write waits
        status = await alice.slash(channel, "status", wait=False)
        await status.wait("ack")
        assert status.type == 5 and status.interaction.original.ephemeral
    assert "Carol joins the table." in assert_public(await joining.wait()).content
    await status.wait_followups(1)
    await fake.wait_for(lambda: status.interaction.original.deleted, what="the private placeholder removed")
    [lobby] = [m for m in status.messages if not m.deleted]
    assert not lobby.ephemeral and "A Carcassonne table is waiting for players." in lobby.content
    assert_healthy(fake, bot)
