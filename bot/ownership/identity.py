"""Who a process is, in a form another process can check: host, PID namespace, PID and a random
tag (``host:pidns:pid:tag``). A process on the same host and in the same PID namespace can tell
whether the owner of a claim still runs; from anywhere else a claim counts until it runs out."""
from __future__ import annotations

import os
import secrets
import socket
import sys
from pathlib import Path

from games.core.messages import Msg


def _pid_namespace() -> str:
    """The PID namespace's inode on Linux (two containers may share a host name, never this)."""
    try:
        return os.readlink("/proc/self/ns/pid").strip("pid:[]")
    except OSError:
        return ""


def process_identity() -> str:
    """A name for this process run, unique and checkable (see the module docstring)."""
    host = socket.gethostname().replace(":", "-") or "localhost"
    return f"{host}:{_pid_namespace()}:{os.getpid()}:{secrets.token_hex(3)}"


def describe(identity: str) -> Msg:
    """``process 1234 on host`` for a message."""
    parts = identity.split(":")
    if len(parts) != 4:
        return Msg("process {process}", {"process": identity})
    return Msg("process {pid} on {host}", {"pid": parts[2], "host": parts[0]})


def _running(pid: int) -> bool:
    if sys.platform == "win32":
        return True             # os.kill(pid, 0) would end the process there: never ask
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True             # someone else's process: it exists
    except OSError:
        return True
    try:                        # a killed child its parent has not reaped yet runs no more
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rpartition(")")[2].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def gone(identity: str) -> bool:
    """True only when ``identity`` is certainly not running: it names this host and PID namespace
    and no such process exists. (A process elsewhere, or a PID reused since, counts as running.)"""
    parts = identity.split(":")
    if len(parts) != 4 or not parts[2].isdigit():
        return False
    mine = process_identity().split(":")
    if parts[:2] != mine[:2]:
        return False
    return not _running(int(parts[2]))
