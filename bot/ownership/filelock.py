"""An operating-system lock on a file next to the SQLite database (``<database>.lock``), held for
the life of the process: the kernel lets it go when the process ends in any way (a crash, a
SIGKILL), so a restart is never kept waiting, and no second process can hold it meanwhile.

A process serving every shard takes it exclusively. Shard processes that split the guilds of one
SQLite file between them take it shared: they refuse a process that would serve everything (and
it refuses them), while the database's shard claims (claims.py) keep their shard ids apart.

POSIX ``flock`` (Linux, macOS, BSD). Where there is none (Windows) the lock is skipped and the
database claims alone keep a second process out.
"""
from __future__ import annotations

import datetime
import logging
import os
from pathlib import Path

from bot.ownership.errors import OwnershipError
from bot.ownership.identity import describe, gone

try:
    import fcntl
except ImportError:         # pragma: no cover - Windows
    fcntl = None            # type: ignore[assignment]

log = logging.getLogger(__name__)


def lock_path(database: str | Path) -> Path:
    return Path(f"{database}.lock")


class FileLock:
    #: what a refused process is told to do
    ADVICE = ("Only one bot process may own a database's tables: stop the other one first, or give this one a"
              " database.path of its own.")

    def __init__(self, database: str | Path, identity: str, *, shared: bool, advice: str = ADVICE) -> None:
        self.database = str(database)
        self.advice = advice
        self.path = lock_path(database)
        self.identity = identity
        self.shared = shared
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock at once or raise OwnershipError naming the database and its holder."""
        if fcntl is None:
            log.warning("no file locks on this system: only the database's claims keep a second bot off %s",
                        self.database)
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise OwnershipError(f"cannot create the lock file {self.path} next to the database"
                                 f" ({error.strerror or error}): the database's folder must be writable") from None
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except OSError:
            holder = self._holder(fd)
            os.close(fd)
            shards = " Shard processes may share one SQLite file, each with --shard-ids of its own." \
                if self.shared or holder.startswith("shard") else ""
            raise OwnershipError(
                f"the database {self.database} is in use by {holder} (lock file {self.path}). {self.advice}"
                f"{shards}") from None
        if not self.shared:
            os.ftruncate(fd, 0)
            os.write(fd, f"{self.identity} {datetime.datetime.now().isoformat(timespec='seconds')}\n".encode())
        self._fd = fd

    def _holder(self, fd: int) -> str:
        """Who holds the lock we could not take: the exclusive holder's own note, else shard processes."""
        assert fcntl is not None                # only asked after a lock was tried
        if not self.shared:
            try:                    # shared holders would let us in shared: then they are shard processes
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                fcntl.flock(fd, fcntl.LOCK_UN)
                return "shard processes of another bot"
            except OSError:
                pass
        try:
            note = os.pread(fd, 200, 0).decode(errors="replace").split()
        except OSError:
            note = []
        if note and not gone(note[0]):
            since = f", running since {note[1]}" if len(note) > 1 else ""
            return f"another bot ({describe(note[0])}{since})"
        return "another bot process"

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        assert fcntl is not None                # a descriptor is kept only where locks exist
        try:
            if not self.shared:
                os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
