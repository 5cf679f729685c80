"""How an answer goes back to the one who asked: the adapter's outgoing port.

An adapter reaches the service once per interaction (``TableService.serve``) with the request
and an ``Answer``; the service runs the request through ``Answer.working`` (where a slow answer
may be acknowledged first, as Discord wants within 3 seconds), shows the replies with
``Answer.send`` and itself records what the sent messages announce (a table's turn, its lobby
message).
"""
from __future__ import annotations

from typing import Any, Coroutine, Protocol

from bot.presenters.replies import Reply


class Answer(Protocol):
    async def working(self, work: Coroutine[Any, Any, list[Reply]]) -> list[Reply]:
        """Wait for the service's ``work``, acknowledging the asker meanwhile if it is slow."""
        ...

    async def send(self, replies: list[Reply]) -> list[int | None]:
        """Show ``replies``; for each, the id of the message it became (None when not known)."""
        ...
