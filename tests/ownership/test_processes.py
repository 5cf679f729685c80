"""One owner per table, with real processes (``python -m bot console``) on SQLite and PostgreSQL:
a second process for the same tables refuses to start, saying which database is in use and by
which process, while the first goes on; a process killed outright is replaced at once; shard
processes run only with disjoint shard ids of one shard count."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import StoreMaker
from tests.console_process import ConsoleProcess, console_environ

ROOT = Path(__file__).resolve().parents[2]


def write_config(tmp_path: Path, stores: StoreMaker, lease_seconds: int = 30) -> Path:
    config = tmp_path / "config.yaml"
    config.write_text(stores.config() + "games:\n  enabled: [countdown]\n  extra: ['tests.toygame:GAME']\n"
                      f"console:\n  images_dir: {tmp_path / 'images'}\nscheduler:\n  lease_seconds: {lease_seconds}\n")
    return config


def environ(stores: StoreMaker) -> dict[str, str]:
    return console_environ(stores.environ())


class Console(ConsoleProcess):
    """A console bot on the test's database (a longer wait: several processes start here)."""

    def __init__(self, config: Path, stores: StoreMaker, *args: str) -> None:
        super().__init__(config, stores.environ(), *args, timeout=60.0)


def refused(config: Path, stores: StoreMaker, *args: str) -> str:
    """Start a process that must refuse: exit code 4, one sentence, no traceback; its output."""
    done = subprocess.run([sys.executable, "-m", "bot", "console", "--config", str(config), *args], cwd=ROOT,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, env=environ(stores))
    out = done.stdout + done.stderr
    assert done.returncode == 4, out
    assert "Traceback" not in out and "Console table" not in out, out
    assert done.stderr.startswith("Not started: ") and len(done.stderr.strip().splitlines()) == 1, done.stderr
    return done.stderr


def where(stores: StoreMaker) -> str:
    """How a refusal names the database."""
    if stores.backend == "sqlite":
        return str(stores.folder / "tables.sqlite3")
    return "PostgreSQL 127.0.0.1:" + stores.dsn.rpartition(":")[2]


def test_a_second_process_for_the_same_tables_refuses_and_the_first_goes_on(tmp_path, store_maker):
    config = write_config(tmp_path, store_maker)
    first = Console(config, store_maker)
    first.send("alice> /join countdown", "opens a table")
    text = refused(config, store_maker)
    assert where(store_maker) in text and f"process {first.proc.pid} " in text, text
    first.send("bob> /join", "bob joins the table")            # the first process still owns the table
    first.quit()
    second = Console(config, store_maker)                      # once it has stopped, another may start
    second.send("carol> /join", "carol joins the table")       # both seats acknowledged before are there
    out = second.send("carol> /start", "begins")
    assert "alice" in out and "bob" in out and "carol" in out
    second.quit()


def test_a_killed_process_is_replaced_at_once(tmp_path, store_maker):
    config = write_config(tmp_path, store_maker, lease_seconds=3600)    # its claim would hold for an hour
    first = Console(config, store_maker)
    first.send("alice> /join countdown", "opens a table")
    first.kill()
    second = Console(config, store_maker)                      # the claim of a process gone from this host lapses
    second.send("bob> /join", "bob joins the table")
    second.quit()


def test_shard_processes_keep_to_shard_ids_of_their_own(tmp_path, store_maker):
    config = write_config(tmp_path, store_maker)
    first = Console(config, store_maker, "--shard-count", "3", "--shard-ids", "0,1")
    text = refused(config, store_maker, "--shard-count", "3", "--shard-ids", "1,2")
    assert f"process {first.proc.pid} " in text and "serves shard 1 of 3" in text and "--shard-ids" in text, text
    third = Console(config, store_maker, "--shard-count", "3", "--shard-ids", "2")
    text = refused(config, store_maker)                        # every guild: overlaps both
    assert where(store_maker) in text, text
    text = refused(config, store_maker, "--shard-count", "4", "--shard-ids", "3")
    assert "--shard-count" in text, text
    third.quit()
    first.quit()
