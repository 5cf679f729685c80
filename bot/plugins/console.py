"""The console adapter's ports for the plugins: channel posts are printed with the channel's
name, direct messages are printed as such, and a "thread" is a new console channel."""
from __future__ import annotations

import re
import zlib
from typing import TYPE_CHECKING

from bot.plugins.ports import Ports
from bot.presenters.replies import Reply

if TYPE_CHECKING:
    from bot.console import Console

SLUG = re.compile(r"[^\w-]+")


def slug(name: str) -> str:
    return SLUG.sub("-", name.strip().lower()).strip("-")[:60] or "thread"


def channel_id(name: str) -> int:
    """The console's channel id for ``#name`` (the same rule as ``Console.handle``)."""
    return zlib.crc32(name.encode())


def console_ports(console: "Console") -> Ports:
    names = console.channel_names

    async def deliver(channel: int, replies: list[Reply]) -> None:
        public = [r for r in replies if not r.private]
        if public:
            console.print(f"[#{names.get(channel, channel)}]")
            console.show("", public)
            await console.service.announced(public)

    async def notify(user_id: int, replies: list[Reply]) -> None:
        console.print(f"[direct message to {console.user_names.get(user_id, user_id)}]")
        console.show("", replies)

    async def open_thread(parent: int, name: str) -> int:
        thread = slug(name)
        number = channel_id(thread)
        names[number] = thread
        console.print(f"[thread #{thread} opened in #{names.get(parent, parent)}]")
        return number

    return Ports(deliver=deliver, notify=notify, open_thread=open_thread)
