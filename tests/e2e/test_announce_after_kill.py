"""No one left waiting after a crash: the real bot is SIGKILLed exactly between storing a move and
answering it (the test game's renderer waits at a gate file, after the commit and before the
answer), once in the middle of a game and once on the move that ends it. After each restart the
turn (or the end, with results and rating changes) is posted in the channel exactly once, and a
further restart posts nothing again."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import text as sql

from bot.presenters import customids
from bot.store import Store
from tests.conftest import StoreMaker
from tests.e2e.conftest import (WAIT_TIMEOUT, action_buttons, assert_public, log_problems, mentioned, next_player,
                                open_table, png_of, posted_after_restore, start_board_bot, start_game, traceback_texts,
                                write_config)
from tests.fakediscord import BotProcess, FakeDiscord
from tests.toygame.render import GATE

pytestmark = pytest.mark.asyncio(loop_scope="session")

RESTARTED = "The bot restarted after saving the last move and before announcing it"
TARGET = 21


async def poll(condition, what: str, timeout: float = WAIT_TIMEOUT) -> None:
    """Wait for what the fake is not told about (a file, the database, the bot's log)."""
    async def check() -> None:
        while not await condition():
            await asyncio.sleep(0.05)
    try:
        await asyncio.wait_for(check(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


class World:
    """The bot process, its database and the gate of the test game's renderer."""

    def __init__(self, fake: FakeDiscord, tmp_path: Path, stores: StoreMaker) -> None:
        self.fake = fake
        self.stores = stores
        self.gate = tmp_path / "render-gate"
        overrides = {"database": {"backend": "postgres"}} if stores.backend == "postgres" else {}
        self.config = write_config(tmp_path, enabled=("countdown",), overrides=overrides)
        self.bots: list[BotProcess] = []

    async def start(self) -> tuple[BotProcess, int]:
        """The bot, started, and in how many channels it posted what its restore found."""
        bot = await start_board_bot(self.fake, self.config, env={GATE: str(self.gate), **self.stores.environ()})
        self.bots.append(bot)
        return bot, await posted_after_restore(bot)

    async def table(self, channel_id: int) -> dict:
        store: Store = await self.stores.open()
        try:
            rows = await store.fetch(sql("SELECT id FROM game_tables WHERE channel_id = :c ORDER BY id DESC"),
                                     {"c": channel_id})
            record = await store.table(rows[0][0])
            rated = await store.fetch(sql("SELECT status FROM rated_tables WHERE table_id = :t"), {"t": record.id})
            return {"id": record.id, "status": record.status, "version": record.version,
                    "announced": record.announced_version, "results": len(await store.results(record.id)),
                    "rated": rated[0][0] if rated else None, "snapshot": record.snapshot_text}
        finally:
            await store.close()

    async def kill_between_commit_and_answer(self, bot: BotProcess, send) -> None:
        """Close the gate, send the move, wait until its answer is being rendered (the move is
        stored by then), SIGKILL the bot, open the gate."""
        reached = Path(str(self.gate) + ".reached")
        reached.unlink(missing_ok=True)
        self.gate.touch()
        await send()

        async def at_gate() -> bool:
            return reached.exists()
        await poll(at_gate, "the answer's render to reach the gate")
        await bot.kill()
        self.gate.unlink()
        reached.unlink()


# SQLite only, to keep the suite short: on PostgreSQL the kill test checks the same after every
# restart (every table left unannounced is posted once and recorded), and tests/plugins/
# test_endings.py the store's side of it.
@pytest.mark.parametrize("store_backend", ["sqlite"])
async def test_turns_and_ends_stored_before_a_kill_are_announced_once(fake, tmp_path, store_maker):
    world = World(fake, tmp_path, store_maker)
    channel = fake.guild("Tavern").channel("announce")
    users = [fake.user("announce-alice", global_name="Alice"), fake.user("announce-bob", global_name="Bob")]
    bot, _ = await world.start()
    await open_table(channel, users, "countdown")
    turn = assert_public(await start_game(channel, users[0]))
    for user in users:
        turn = assert_public(await user.slash(channel, "play", action="bet odd"))

    # 1. a move in the middle of the game: stored, never answered
    mover = next_player(turn, users)
    before = await world.table(channel.id)
    await world.kill_between_commit_and_answer(
        bot, lambda: mover.slash(channel, "play", action="add 2", wait=False))
    stored = await world.table(channel.id)
    assert stored["version"] == before["version"] + 1 and stored["announced"] == before["version"]

    seen = len(fake.messages(channel))
    bot, posted = await world.start()
    assert posted == 1
    [announcement] = fake.messages(channel)[seen:]
    assert announcement.kind == "channel" and RESTARTED in announcement.content
    assert "total 2 of 21" in announcement.content
    waiting = next(u for u in users if u is not mover)
    assert mentioned(announcement) == [waiting.id]
    png_of(announcement)
    buttons = action_buttons(announcement)
    assert buttons and all(customids.parse(b.custom_id).turn == stored["version"] for b in buttons)
    await poll(lambda: _announced(world, channel.id, stored["version"]), "the announcement to be recorded")
    # its buttons are the live turn's: the waiting player moves with one
    turn = assert_public(await waiting.click(announcement, custom_id=buttons[0].custom_id))

    # 2. the move that ends the game: stored with the results and ratings, never answered
    while True:
        table = await world.table(channel.id)
        total = int(table["snapshot"].split('"total":', 1)[1].split(",", 1)[0])
        mover = next_player(turn, users)
        if total + 3 >= TARGET:
            break
        turn = assert_public(await mover.slash(channel, "play", action="add 3" if total + 6 < TARGET else "add 1"))
    await world.kill_between_commit_and_answer(
        bot, lambda: mover.slash(channel, "play", action="add 3", wait=False))
    ended = await world.table(channel.id)
    assert (ended["status"], ended["results"], ended["rated"]) == ("finished", 2, "rated")
    assert ended["version"] == table["version"] + 1 and ended["announced"] == table["version"]

    seen = len(fake.messages(channel))
    bot, posted = await world.start()
    assert posted == 1
    [announcement] = fake.messages(channel)[seen:]
    assert announcement.kind == "channel" and RESTARTED in announcement.content
    assert "Game over." in announcement.content and "Ratings for Countdown (test game):" in announcement.content
    png_of(announcement)
    await poll(lambda: _announced(world, channel.id, ended["version"]), "the announcement to be recorded")

    # 3. nothing is announced twice
    await bot.kill()
    seen = len(fake.messages(channel))
    bot, posted = await world.start()
    assert posted == 0
    status = await users[0].slash(channel, "status")
    assert "No table is open here." in status.content
    assert fake.messages(channel)[seen:] == []
    assert (await world.table(channel.id))["rated"] == "rated"

    assert fake.violations == [] and fake.unknown_routes == [] and traceback_texts(fake) == []
    for each in world.bots:
        assert log_problems(each) == [], each.diagnostics()
    await bot.stop()


async def _announced(world: World, channel_id: int, version: int) -> bool:
    return (await world.table(channel_id))["announced"] == version
