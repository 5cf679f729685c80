"""The ``boardtable`` command: its subcommands, PostgreSQL as an extra that a SQLite install may
lack (a sentence, not a traceback), and ``migrate`` bringing a database's schema up to date.
The program runs as a real process each time (``python -m bot``, the same ``main`` as the
console script)."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

from bot.ownership.filelock import FileLock
from bot.ownership.identity import process_identity
from tests.console_process import ConsoleProcess
from tests.test_operator_errors import GAMES, ROOT, assert_sentence, run_bot

#: runs the program as an install without the postgres extra sees it: asyncpg cannot be imported
WITHOUT_ASYNCPG = "import sys; sys.modules['asyncpg'] = None; from bot.__main__ import main; sys.exit(main(sys.argv[1:]))"
NO_SERVER = "postgresql://bot@127.0.0.1:1/db"


def run_without_asyncpg(tmp_path: Path, config: str, *args: str) -> subprocess.CompletedProcess:
    path = tmp_path / "config.yaml"
    path.write_text(config + f"console:\n  images_dir: {tmp_path / 'images'}\n")
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    for name in ("DISCORD_TOKEN", "DATABASE_URL"):
        environ.pop(name, None)
    return subprocess.run([sys.executable, "-c", WITHOUT_ASYNCPG, *args, "--config", str(path)], cwd=ROOT, env=environ,
                          input="quit\n", capture_output=True, text=True, timeout=120)


def test_the_console_script_is_the_same_main():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"boardtable": "bot.__main__:main"}
    done = subprocess.run([sys.executable, "-m", "bot", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: boardtable")
    for command in ("boardtable run", "boardtable console", "boardtable migrate", "boardtable sync"):
        assert command in done.stdout


def test_postgres_without_the_extra_is_one_sentence(tmp_path):
    config = f"database:\n  backend: postgres\n  dsn: {NO_SERVER}\n" + GAMES
    done = run_without_asyncpg(tmp_path, config, "console")
    assert_sentence(done, 2, "PostgreSQL support is not installed", "pip install 'boardtable[postgres]'")


def test_sqlite_without_the_extra_plays(tmp_path):
    database = tmp_path / "tables.sqlite3"
    done = run_without_asyncpg(tmp_path, f"database:\n  path: {database}\n" + GAMES, "console")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr and database.exists()


def test_copying_to_postgres_without_the_extra_is_one_sentence(tmp_path):
    config = f"database:\n  path: {tmp_path / 'tables.sqlite3'}\n" + GAMES
    done = run_without_asyncpg(tmp_path, config, "migrate", "sqlite-to-postgres", "--to", NO_SERVER)
    assert_sentence(done, 2, "Nothing was copied", "pip install 'boardtable[postgres]'")


def test_migrate_makes_and_upgrades_the_schema_and_plays_on(tmp_path):
    database = tmp_path / "tables.sqlite3"
    config = f"database:\n  path: {database}\n" + GAMES
    for _ in range(2):                              # a new database, then one already up to date
        done = run_bot(tmp_path, config, "migrate")
        assert done.returncode == 0, done.stdout + done.stderr
        assert "The sqlite database's schema is up to date." in done.stdout
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0] > 0
    played = run_bot(tmp_path, config, stdin="alice> /join countdown\nquit\n")
    assert played.returncode == 0 and "Traceback" not in played.stdout + played.stderr, played.stdout + played.stderr
    assert "opens a table" in played.stdout


def test_the_copy_to_postgres_by_its_new_name(tmp_path):
    config = f"database:\n  path: {tmp_path / 'tables.sqlite3'}\n" + GAMES
    done = run_bot(tmp_path, config, "migrate", "sqlite-to-postgres")
    assert_sentence(done, 2, "Nowhere to copy to", "DATABASE_URL")


def test_sync_without_a_token_is_one_sentence(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(f"database:\n  path: {tmp_path / 'tables.sqlite3'}\n" + GAMES)
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    environ.pop("DISCORD_TOKEN", None)
    done = subprocess.run([sys.executable, "-m", "bot", "sync", "--config", str(path)], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=120)
    assert_sentence(done, 2, "boardtable sync needs the bot's token in DISCORD_TOKEN")


def test_no_copy_to_postgres_under_a_running_bot(tmp_path):
    database = tmp_path / "tables.sqlite3"
    config = f"database:\n  path: {database}\n" + GAMES
    assert run_bot(tmp_path, config, "migrate").returncode == 0
    running = FileLock(database, process_identity(), shared=False)     # as a bot on this file holds it
    running.acquire()
    try:
        done = run_bot(tmp_path, config, "migrate", "sqlite-to-postgres", "--to", NO_SERVER)
    finally:
        running.release()
    assert_sentence(done, 4, "Nothing was copied", "is in use by", "Stop the bot first")
    assert "database.path of its own" not in done.stderr


def test_sigterm_stops_the_console_without_waiting_for_a_line(tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text(f"database:\n  path: {tmp_path / 'tables.sqlite3'}\n" + GAMES
                      + f"console:\n  images_dir: {tmp_path / 'images'}\n")
    console = ConsoleProcess(config, {})
    console.send("alice> /join countdown", "opens a table")
    console.proc.send_signal(signal.SIGTERM)        # stdin stays open: nothing more is typed
    try:
        code = console.proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        console.proc.kill()
        raise AssertionError("the console waited for input after SIGTERM") from None
    out = console.proc.stdout.read() if console.proc.stdout else ""
    assert code == 0 and "Traceback" not in out, out
    again = run_bot(tmp_path, config.read_text(), stdin="bob> /join\nquit\n")     # the table was kept
    assert "Seated (2/" in again.stdout, again.stdout + again.stderr
