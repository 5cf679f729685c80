"""The bot is SIGKILLed while a strong computer thinks: nothing of the thought was stored, its
worker processes (thinking and drawing) end with it, the restarted bot posts nothing again,
thinks again, and the computer moves exactly once."""
from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import (assert_healthy, assert_public, bot_messages, carcassonne_buttons, next_player,
                                play_until_over, posted_after_restore, start_board_bot, start_game, write_config)

pytestmark = pytest.mark.asyncio(loop_scope="session")


def stored_log(database: Path) -> list[tuple[int, int, str, int]]:
    """The channel's table's action log as stored: (n, seat, text, by_computer)."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        [table_id] = db.execute("SELECT id FROM game_tables ORDER BY id DESC LIMIT 1").fetchone()
        return db.execute("SELECT n, seat, text, by_computer FROM actions WHERE table_id = ? ORDER BY n",
                          (table_id,)).fetchall()


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (Linux /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *descendants(int(child))]
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting to be reaped has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def ended_within(pids: list[int], seconds: float) -> list[int]:
    """The processes of ``pids`` still running after ``seconds``."""
    deadline = time.monotonic() + seconds
    while (left := [pid for pid in pids if running(pid)]) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    return left


async def test_sigkill_while_the_strong_computer_thinks(fake, tmp_path):
    channel = fake.guild("Think").channel("think")
    alice = fake.user("alice")
    database = tmp_path / "tables.sqlite3"
    slow = write_config(tmp_path / "slow", database=str(database), overrides={"computer": {"think_seconds": 30.0},
                                                                               "rendering": {"processes": 1}})
    first = await start_board_bot(fake, slow)
    await alice.slash(channel, "join", game="carcassonne")
    assert "CPU 1 (strong)" in assert_public(await alice.slash(channel, "addbot", level="strong")).content
    await start_game(channel, alice)
    while next_player(bot_messages(fake, channel)[-1], [alice]) is not None:     # Alice moves until the computer is to
        await play_until_over(fake, channel, [alice], "place", use_buttons=carcassonne_buttons, max_moves=1)
    thinking_from = stored_log(database)
    await asyncio.sleep(1.0)                        # it thinks (for 30 s of CPU): stop the bot in the middle
    workers = descendants(first.pid)
    assert len(workers) >= 2, workers               # a drawing and a thinking process at least
    assert await first.kill() == -9
    assert await ended_within(workers, 10.0) == []  # no worker outlives its bot
    assert stored_log(database) == thinking_from    # nothing of the thought was stored
    messages_before = len(fake.messages())

    quick = write_config(tmp_path / "quick", database=str(database), overrides={"computer": {"think_seconds": 0.2}})
    second = await start_board_bot(fake, quick)
    assert await posted_after_restore(second) == 0           # the turn was announced before the kill
    await fake.wait_for(lambda: next_player(bot_messages(fake, channel)[-1], [alice]) is not None, 60,
                        "the computer's moves after the restart")
    after = stored_log(database)[len(thinking_from):]
    assert after and all(by_computer == 1 for *_, by_computer in after), after      # the computer's moves
    assert after[0][0] == (thinking_from[-1][0] if thinking_from else 0) + 1        # from where it stopped, once
    assert [n for n, *_ in stored_log(database)] == list(range(1, len(stored_log(database)) + 1))
    posted = [m.content for m in fake.messages()[messages_before:] if m.author is fake.bot]
    assert len(posted) == len(after), posted                 # one message per computer move, none again
    assert all("CPU 1 (strong)" in text for text in posted)
    assert_healthy(fake, second)
