"""The bot is SIGKILLed again and again at random moments while many tables play (all five games,
buttons and slash verbs), and restarted each time. After every kill the database proves:

* no acknowledged move is lost: every move a player saw accepted (a public answer with the board)
  is in that table's log, in order (a button's move exactly at the version it was made for);
* nothing is invented or applied twice: the log is, in order, a selection of the moves sent;
* no table is corrupted: the stored state equals a replay of the log from the table's seed;

and after every restart each table continues: the player /status names makes a move and it is
accepted (a table whose game has ended rests; its stored log is checked all the same). A kill between the commit and the answer is fine (a move in the log that its player never
saw accepted); the reverse would be a lost move.
"""
from __future__ import annotations

import asyncio
import math
import random

import pytest

from tests.e2e.conftest import log_problems, start_board_bot, traceback_texts, write_config
from tests.e2e.loadgen import (GAMES, LoadPlan, SentMove, build_world, open_and_start, play_table, resume_move,
                               sent_moves)
from tests.stored_tables import StoredTable, corruption, read_tables

pytestmark = pytest.mark.asyncio(loop_scope="session")

PLAN = LoadPlan(channels=30, users=120, guilds=3)
KILLS = 6


def same(stored: StoredTable, action, move: SentMove) -> bool:
    """A logged action is this sent move: the same seat, the same text (a slash verb that is only
    a label, like /place, is logged with the verb in front)."""
    texts = (move.text, f"{move.verb} {move.text}") if move.verb else (move.text,)
    return action.kind == "move" and action.seat == stored.seat_of(move.user_id) and action.text in texts


def table_problems(stored: StoredTable, moves: list[SentMove]) -> list[str]:
    name = f"table {stored.record.id} ({stored.record.game})"
    problems = [why] if (why := corruption(stored)) else []
    log = [a for a in stored.actions if a.kind == "move"]
    position = 0
    for move in (m for m in moves if m.accepted):
        if move.version is not None and not (move.version < len(stored.actions)
                                             and same(stored, stored.actions[move.version], move)):
            problems.append(f"{name}: the button move {move.text!r} acknowledged at version {move.version} is not "
                            f"action {move.version + 1} of the log")
        while position < len(log) and not same(stored, log[position], move):
            position += 1
        if position == len(log):
            problems.append(f"{name}: acknowledged move {move.text!r} is missing from the log")
            break
        position += 1
    position = 0
    for action in log:
        while position < len(moves) and not same(stored, action, moves[position]):
            position += 1
        if position == len(moves):
            problems.append(f"{name}: logged action {action.n} {action.text!r} was never sent (or is there twice)")
            break
        position += 1
    return problems


async def check_database(fake, db, tables) -> int:
    """Every table in the store against what its players sent and saw; returns the acknowledged count."""
    stored = {t.record.channel_id: t for t in await read_tables(db, status=("playing", "finished"))}
    assert set(stored) == {t.channel.id for t in tables}
    problems, acknowledged, logged = [], 0, 0
    for table in tables:
        moves = sent_moves(fake, table.channel)
        acknowledged += sum(m.accepted for m in moves)
        logged += len(stored[table.channel.id].actions)
        problems += table_problems(stored[table.channel.id], moves)
    assert problems == []
    unanswered = sum(1 for i in fake.interactions if not i.acked)
    print(f"acknowledged {acknowledged}, logged {logged}, unanswered so far {unanswered}")
    return acknowledged


async def test_sigkill_under_load_loses_nothing_acknowledged(fake, tmp_path):
    config = write_config(tmp_path, overrides={"rendering": {"threads": 2}})
    db = tmp_path / "tables.sqlite3"
    tables = build_world(fake, PLAN, prefix="kill")
    bot = await start_board_bot(fake, config)
    bots = [bot]
    await asyncio.gather(*(open_and_start(table) for table in tables))
    rng = random.Random(2024)
    acknowledged = []
    for _ in range(KILLS):
        playing = [t for t in tables if not t.finished]                 # a game may end: its table rests
        load = asyncio.gather(*(play_table(fake, t, PLAN, math.inf, reopen=False) for t in playing))
        await asyncio.sleep(rng.uniform(0.3, 3.0))          # mid-move, mid-render, mid-send: anywhere
        await bot.kill()
        load.cancel()
        await asyncio.gather(load, return_exceptions=True)

        acknowledged.append(await check_database(fake, db, tables))

        bot = await start_board_bot(fake, config)
        bots.append(bot)
        ready = len(fake.interactions)
        await asyncio.gather(*(resume_move(fake, t) for t in tables if not t.finished))   # every table goes on
        assert [f for t in tables for f in t.failures] == []

    acknowledged.append(await check_database(fake, db, tables))
    assert acknowledged == sorted(acknowledged) and acknowledged[-1] > acknowledged[0]
    assert {t.game for t in tables} == set(GAMES)
    # Health: every interaction after the last restart was answered in time; the only unanswered
    # ones went to a bot that was being killed. No violation, traceback or error line anywhere.
    assert [i.describe() for i in fake.interactions[ready:] if not i.acked or i.expired] == []
    assert fake.violations == [] and fake.unknown_routes == []
    statuses = [i for i in fake.interactions if i.command_name == "status" and i.acked]
    assert statuses and all(m.ephemeral for i in statuses for m in [i.original, *i.followups])   # even when deferred
    assert traceback_texts(fake) == []
    for each in bots:
        assert log_problems(each) == [], each.diagnostics()
