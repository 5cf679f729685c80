"""Small helpers for the bot's background tasks."""
from __future__ import annotations

import asyncio
import contextlib


async def cancel_and_wait(task: asyncio.Task) -> None:
    """Cancel ``task`` and wait until it has finished unwinding."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
