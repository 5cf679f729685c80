"""Running the bot under test as a real subprocess pointed at a FakeDiscord."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """A bot subprocess. Its combined stdout/stderr is kept in memory (see `output`) and shown
    in the fake's timeout diagnostics."""

    def __init__(self, fake: "FakeDiscord", argv: list[str], proc: asyncio.subprocess.Process) -> None:
        self.fake = fake
        self.argv = argv
        self.proc = proc
        self.lines: list[str] = []
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def start(cls, fake: "FakeDiscord", module: str | None = None, *, argv: Sequence[str] | None = None,
                    env: dict[str, str] | None = None, cwd: str | os.PathLike[str] | None = None) -> "BotProcess":
        """Start `python -m module` (or `argv`) with DISCORD_API_BASE / DISCORD_TOKEN pointing at `fake`.

        `env` entries are added to (and override) os.environ + fake.env()."""
        if (module is None) == (argv is None):
            raise ValueError("pass exactly one of module= or argv=")
        args = [sys.executable, "-m", module] if module is not None else list(argv or [])
        full_env = {**os.environ, "PYTHONUNBUFFERED": "1", **fake.env(), **(env or {})}
        full_env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), full_env.get("PYTHONPATH", "")) if p)
        proc = await asyncio.create_subprocess_exec(*args, cwd=str(cwd or REPO_ROOT), env=full_env,
                                                    stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
                                                    stderr=asyncio.subprocess.STDOUT)
        bot = cls(fake, args, proc)
        fake.processes.append(bot)
        return bot

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            line = await self.proc.stdout.readline()
            if not line:
                return
            self.lines.append(line.decode(errors="replace").rstrip("\n"))

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def diagnostics(self, tail: int = 40) -> str:
        state = "running" if self.returncode is None else f"exited with {self.returncode}"
        return f"bot process {self.pid} ({' '.join(self.argv[1:])}) {state}; last output:\n    " + "\n    ".join(self.lines[-tail:])

    async def wait(self, timeout: float = 10.0) -> int:
        await asyncio.wait_for(self.proc.wait(), timeout)
        await asyncio.wait_for(self._reader, timeout)
        return self.proc.returncode  # type: ignore[return-value]

    async def kill(self) -> int:
        """SIGKILL: no cleanup, no gateway close frame (a crash)."""
        if self.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
        return await self.wait()

    async def stop(self, timeout: float = 5.0) -> int:
        """SIGTERM, then SIGKILL if it has not exited within `timeout`."""
        if self.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return await self.wait(timeout)
            except asyncio.TimeoutError:
                pass
        return await self.kill()

    async def __aenter__(self) -> "BotProcess":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
        if self in self.fake.processes:
            self.fake.processes.remove(self)
