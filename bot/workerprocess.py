"""Worker processes (drawing, thinking) end with the bot that started them.

A pool's worker waits for work on a queue it also holds the writing end of, so when its bot is
killed (SIGKILL: it can say nothing) the worker would wait forever, an orphan holding memory and,
for a bot started again, competing for the cores. Each worker watches its parent instead.
"""
from __future__ import annotations

import os
import signal
import threading
import time

PARENT_CHECK = 1.0         # seconds between a worker's looks at whether the bot is still there


def end_with_the_bot() -> None:
    """Call in a worker as it starts: it ends at once when the process that started it is gone."""
    threading.Thread(target=watch_parent, args=(os.getppid(),), name="parent-watch", daemon=True).start()


def watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os.kill(os.getpid(), signal.SIGKILL)      # at once: no pool shutdown waiting on a bot that is gone


__all__ = ["PARENT_CHECK", "end_with_the_bot"]
