"""The real bot as a console process (``python -m bot console``): lines in, output lines out."""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def console_environ(extra: dict[str, str]) -> dict[str, str]:
    """This checkout on the path, the test's database variables, and never a Discord token."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **extra)
    env.pop("DISCORD_TOKEN", None)
    return env


class ConsoleProcess:
    def __init__(self, config: Path, environ: dict[str, str], *args: str, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen([sys.executable, "-m", "bot", "console", "--config", str(config), *args], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, bufsize=1, env=console_environ(environ))
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.read_until("Console table")

    def _pump(self) -> None:
        for line in self.proc.stdout or ():
            self.lines.put(line)
        self.lines.put("")

    def read_until(self, marker: str, timeout: float | None = None) -> str:
        seen: list[str] = []
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {marker!r} within {wait}s; got: " + "".join(seen)) from None
            assert line, "the bot exited: " + "".join(seen)
            seen.append(line)
            if marker in line:
                return "".join(seen)

    def send(self, line: str, marker: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.read_until(marker)

    def quit(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        assert self.proc.wait(timeout=30) == 0

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
