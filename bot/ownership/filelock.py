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

from bot.ownership.errors import ownership_error
from bot.ownership.identity import describe, gone
from games.core.messages import N_, Msg

try:
    import fcntl
except ImportError:         # pragma: no cover - Windows
    fcntl = None            # type: ignore[assignment]

log = logging.getLogger(__name__)


#: who holds a lock taken shared
SHARDS_HOLD = Msg("shard processes of another bot")


def lock_path(database: str | Path) -> Path:
    return Path(f"{database}.lock")


class FileLock:
    #: what a refused process is told to do
    ADVICE = N_("Only one bot process may own a database's tables: stop the other one first, or give this one a"
                " database.path of its own.")

    def __init__(self, database: str | Path, identity: str, *, shared: bool, advice: str = ADVICE) -> None:
        """``advice``: what a refused process is told to do (a template of the bot's catalogue)."""
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
            raise ownership_error("cannot create the lock file {path} next to the database ({cause}): the database's"
                                  " folder must be writable", path=str(self.path), cause=str(error.strerror or error)) from None
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except OSError:
            holder = self._holder(fd)
            os.close(fd)
            if self.shared or holder.text == SHARDS_HOLD.text:
                raise ownership_error("the database {database} is in use by {holder} (lock file {path}). {advice} Shard"
                                      " processes may share one SQLite file, each with --shard-ids of its own.",
                                      database=self.database, holder=holder, path=str(self.path),
                                      advice=Msg(self.advice)) from None
            raise ownership_error("the database {database} is in use by {holder} (lock file {path}). {advice}",
                                  database=self.database, holder=holder, path=str(self.path),
                                  advice=Msg(self.advice)) from None
        if not self.shared:
            os.ftruncate(fd, 0)
            os.write(fd, f"{self.identity} {datetime.datetime.now().isoformat(timespec='seconds')}\n".encode())
        self._fd = fd

    def _holder(self, fd: int) -> Msg:
        """Who holds the lock we could not take: the exclusive holder's own note, else shard processes."""
        assert fcntl is not None                # only asked after a lock was tried
        if not self.shared:
            try:                    # shared holders would let us in shared: then they are shard processes
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                fcntl.flock(fd, fcntl.LOCK_UN)
                return SHARDS_HOLD
            except OSError:
                pass
        try:
            note = os.pread(fd, 200, 0).decode(errors="replace").split()
        except OSError:
            note = []
        if note and not gone(note[0]):
            if len(note) > 1:
                return Msg("another bot ({process}, running since {since})", {"process": describe(note[0]), "since": note[1]})
            return Msg("another bot ({process})", {"process": describe(note[0])})
        return Msg("another bot process")

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
