"""The SQLite database's lock file (bot/ownership/filelock.py): exclusive for a process serving
every guild, shared for shard processes; the refusal names the database and the holder; the
lock is free again once its holder lets go."""
from __future__ import annotations

import pytest

from bot.ownership.errors import OwnershipError
from bot.ownership.filelock import FileLock
from bot.ownership.identity import process_identity


def test_one_exclusive_holder(tmp_path):
    database = tmp_path / "tables.sqlite3"
    first = FileLock(database, process_identity(), shared=False)
    first.acquire()
    for shared in (False, True):
        with pytest.raises(OwnershipError) as refused:
            FileLock(database, process_identity(), shared=shared).acquire()
        text = str(refused.value)
        assert str(database) in text and f"{database}.lock" in text and "running since" in text, text
    first.release()
    again = FileLock(database, process_identity(), shared=False)
    again.acquire()
    again.release()


def test_shard_processes_share_it_and_keep_out_a_process_serving_everything(tmp_path):
    database = tmp_path / "tables.sqlite3"
    shards = [FileLock(database, process_identity(), shared=True) for _ in range(2)]
    for lock in shards:
        lock.acquire()
    with pytest.raises(OwnershipError, match="shard processes"):
        FileLock(database, process_identity(), shared=False).acquire()
    for lock in shards:
        lock.release()
    whole = FileLock(database, process_identity(), shared=False)
    whole.acquire()
    whole.release()


def test_a_folder_where_the_lock_cannot_be_made(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    with pytest.raises(OwnershipError, match="cannot create the lock file"):
        FileLock(blocker / "tables.sqlite3", process_identity(), shared=False).acquire()
