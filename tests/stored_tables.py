"""What the store holds, checked against the game engines: each running table's stored state must
equal a replay of its action log from the table's seed (``setup``, then ``parse`` and ``apply`` of
every logged move, compared through ``to_json``). Used by the crash tests (console and Discord)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bot.table.tableoptions import split_options
from bot.store import ActionRecord, SqliteStore
from bot.store.base import Store
from bot.store.records import TableRecord
from bot.store.schema import game_tables
from games import registry


@dataclass
class StoredTable:
    record: TableRecord
    actions: list[ActionRecord]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.record.seats if s.user_id == user_id and not s.is_bot), None)


async def read_tables(source: str | Path | Store, *, status: tuple[str, ...] = ("playing",)) -> list[StoredTable]:
    """Every table with one of ``status`` and its whole log, read with the real store (which
    recovers the database as the bot would after a crash). ``source`` is an SQLite file (opened
    and closed here) or an open store of either backend (left open)."""
    store = source if isinstance(source, Store) else await SqliteStore(source).open()
    try:
        rows = await store.fetch(select(game_tables.c.id).where(game_tables.c.status.in_(status)).order_by(game_tables.c.id))
        tables = []
        for row in rows:
            record = await store.table(row.id)
            assert record is not None
            tables.append(StoredTable(record, await store.actions(record.id)))
        return tables
    finally:
        if store is not source:
            await store.close()


def replay(table: StoredTable, upto: int | None = None) -> Any:
    """The game state rebuilt from the seed and the log (up to action ``upto``, default all)."""
    record = table.record
    game = registry.get(record.game)
    assert game is not None, f"game {record.game!r} is not installed"
    state = game.setup(len(record.seats), split_options(game, record.options)[0], record.seed)   # the game's own
    for action in table.actions:
        if upto is not None and action.n > upto:
            break
        if action.kind == "move":
            game.apply(state, action.seat, game.parse(state, action.seat, action.text))
    return state


def as_json(game_name: str, state: Any) -> Any:
    game = registry.get(game_name)
    assert game is not None
    return json.loads(json.dumps(game.to_json(state)))


def corruption(table: StoredTable) -> str | None:
    """Why the stored table does not match its log, or None when it does: the log is numbered
    1, 2, 3... without gaps, the stored version is its last number, and the stored state is the
    replay of the log."""
    record = table.record
    numbers = [a.n for a in table.actions]
    if numbers != list(range(1, len(numbers) + 1)):
        return f"table {record.id}: log numbers {numbers[:5]}... are not 1, 2, 3..."
    if record.version != len(numbers):
        return f"table {record.id}: stored version {record.version}, log has {len(numbers)} actions"
    stored = json.loads(record.snapshot_text)
    if stored != as_json(record.game, replay(table)):
        return f"table {record.id} ({record.game}): the stored state differs from the replay of its {len(numbers)} actions"
    return None
