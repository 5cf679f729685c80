"""``python -m bot migrate-sqlite-to-postgres``: a bot's SQLite data moves to PostgreSQL whole;
the games go on there, new ids follow the copied ones, and a second copy is refused."""
import asyncio
import itertools
import os
import re
import sys
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.service import TableService
from bot.store import SqliteStore
from bot.store.postgres import PostgresStore
from bot.scheduler import schedule_sql
from bot.store.schema import jobs
from tests.conftest import ctx, make_settings
from tests.helpers import confirmed, text_of

ROOT = Path(__file__).resolve().parents[2]


async def run_command(config: Path, dsn: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "migrate-sqlite-to-postgres", "--config", str(config), "--to", dsn,
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await process.communicate()
    return process.returncode, out.decode(), err.decode()


def snapshot(service: TableService) -> dict:
    return {t.id: (t.channel_id, [s.name for s in t.seats], t.version, t.state and t.game.to_json(t.state))
            for t in service.live_tables.all()}


async def test_copy_then_play_on(tmp_path, pg_server):
    path = tmp_path / "old.sqlite3"
    seeds = itertools.count(1000)
    sqlite = await SqliteStore(path).open()
    service = TableService(sqlite, make_settings(), seed_source=lambda: next(seeds))
    for channel in (1, 2):
        await service.join(ctx("alice", channel), "countdown")
        await service.join(ctx("bob", channel))
    await service.start(ctx("alice", 1))
    for user, action in (("alice", "bet odd"), ("bob", "bet even"), ("alice", "add 2")):
        assert not (await service.act(ctx(user, 1), action))[0].error
    await confirmed(service, ctx("alice", 2), "abort")
    await service.join(ctx("carol", 3), "countdown")
    await sqlite.write([schedule_sql("k", "job-1", 50.0, {"x": 1}, 1.0)])
    service.note_server_language(7, "ja")
    service.note_user_language(12, "en-GB")
    before = snapshot(service)
    await service.close()
    await sqlite.close()

    database = await pg_server.new_database()
    dsn = pg_server.dsn(database)
    try:
        config = tmp_path / "config.yaml"
        config.write_text(f"database:\n  path: {path}\n")
        code, out, err = await run_command(config, dsn)
        assert code == 0, err
        assert "Copied" in out and "(3 game tables)" in out and f"/{database}" in out

        store = await PostgresStore(dsn).open()
        try:
            service = TableService(store, make_settings(), seed_source=lambda: next(seeds))
            await service.restore()
            assert snapshot(service) == before
            assert await service.server_language(7) == "ja" and await service.user_language(12) == "en-GB"
            assert await store.languages("user", [11, 12]) == {12: "en-GB"}
            r = await service.act(ctx("bob", 1), "add 1")
            assert not r[0].error and "total is 3" in text_of(r)
            await service.join(ctx("dave", 4), "countdown")
            assert service.live_tables.in_channel(4).id > max(before)
            [job_id] = await store.write([schedule_sql("k", "job-2", 60.0, {}, 2.0)])
            rows = await store.fetch(select(jobs.c.id, jobs.c.key, jobs.c.payload).order_by(jobs.c.id))
            assert [(r.key, r.payload) for r in rows] == [("job-1", '{"x":1}'), ("job-2", "{}")]
            assert job_id == rows[1].id > rows[0].id
            await service.close()
        finally:
            await store.close()

        code, out, err = await run_command(config, dsn)
        assert code == 3 and "Nothing was copied" in err and "already holds data" in err
    finally:
        await pg_server.recycle_database(database)


async def run_in_language(config: Path, dsn: str, lang: str) -> tuple[int, str, str]:
    """``python -m bot migrate sqlite-to-postgres`` for an operator whose language is ``lang``."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "migrate", "sqlite-to-postgres", "--config", str(config), "--to", dsn,
        cwd=ROOT, env=dict(environ, PYTHONPATH=str(ROOT), LANG=lang),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await process.communicate()
    return process.returncode or 0, out.decode(), err.decode()


@pytest.mark.parametrize(("lang", "copied", "refused"), [
    ("en_US.UTF-8", r"^Copied \d+ rows \(1 game table\) from SQLite .+ to PostgreSQL .+\. Set database\.backend: postgres"
                    r" and start the bot\.$",
     r"^Nothing was copied: PostgreSQL \S+ already holds data \(table \w+\); copy only into a new, empty database$"),
    ("ja_JP.UTF-8", r"^SQLite .+からPostgreSQL \S+へ\d+行（ゲーム卓1件）をコピーしました。「database\.backend: postgres」と設定"
                    r"してから、ボットを起動してください。$",
     r"^何もコピーしませんでした：PostgreSQL \S+にはすでにデータがあります（テーブル\w+）。新しい空のデータベースにだけコピー"
     r"してください$"),
])
async def test_the_copy_speaks_the_operators_language(tmp_path, pg_server, lang, copied, refused):
    """The summary of a copy and the store's refusal of a second one are said in the operator's
    language (LANG), the numbers with their plural forms; no traceback."""
    path = tmp_path / "small.sqlite3"
    sqlite = await SqliteStore(path).open()
    service = TableService(sqlite, make_settings())
    await service.join(ctx("alice", 1), "countdown")          # one game table, one seat
    await service.close()
    await sqlite.close()
    config = tmp_path / "config.yaml"
    config.write_text(f"database:\n  path: {path}\n")
    database = await pg_server.new_database()
    try:
        code, out, err = await run_in_language(config, pg_server.dsn(database), lang)
        assert code == 0 and "Traceback" not in out + err, out + err
        assert re.match(copied, out.strip()), out
        code, out, err = await run_in_language(config, pg_server.dsn(database), lang)
        assert code == 3 and "Traceback" not in out + err, out + err
        assert re.match(refused, err.strip()), err
    finally:
        await pg_server.recycle_database(database)
