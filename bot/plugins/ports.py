"""What the plugins need from an adapter (Discord, the console), as plain callables, so
the service side never sees a Discord type."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Awaitable, Callable

from bot.presenters.replies import Reply

log = logging.getLogger(__name__)

Deliver = Callable[[int, list[Reply]], Awaitable[None]]
OpenThread = Callable[[int, str], Awaitable[int]]


async def _nowhere(target: int, replies: list[Reply]) -> None:
    log.debug("no adapter to deliver %d replies to %s", len(replies), target)


@dataclass
class Ports:
    #: post replies in a channel (or thread) without an interaction; private replies are skipped
    deliver: Deliver = _nowhere
    #: send replies to a user as direct messages
    notify: Deliver = _nowhere
    #: open a thread named ``name`` in a channel; returns the thread's channel id
    open_thread: OpenThread | None = None

    def update(self, other: "Ports") -> None:
        """Take another adapter's callables (everyone holding this object sees them)."""
        self.deliver, self.notify, self.open_thread = other.deliver, other.notify, other.open_thread


def channel_link(channel_id: int) -> str:
    """How a message names a channel: Discord shows ``<#id>`` as a link; the console shows the
    channel's name in its place."""
    return f"<#{channel_id}>"
