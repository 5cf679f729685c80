"""The console table: several players at one terminal, typing as themselves.

    alice> /join countdown
    bob> /join
    alice> /start
    #other alice> /join carcassonne      (a line may start with #channel to use another channel)

Replies are printed; images are written to a folder and their paths printed.
"""
from __future__ import annotations

import asyncio
import re
import shlex
import sys
import zlib
from pathlib import Path
from typing import Awaitable, Callable, TextIO

from bot.i18n import I18n, UserRef
from bot.service import Ctx, Reply, TableService
from bot.service.numbers import whole_number

CHANNEL_LINK = re.compile(r"<#(\d+)>")
LINE = re.compile(r"^(?:#(?P<channel>[\w-]+)\s+)?(?P<user>[^\s>]+)>\s*(?P<command>.*)$")


def user_id(name: str) -> int:
    return zlib.crc32(name.lower().encode()) or 1


class Console:
    def __init__(self, service: TableService, i18n: I18n, images_dir: str, locale: str = "en",
                 out: TextIO = sys.stdout) -> None:
        self.service = service
        self.i18n = i18n
        self.images = Path(images_dir)
        self.locale = locale
        self.out = out
        self.counter = 0
        self.last_buttons: dict[int, list] = {}
        # asynchronous play (bot/asyncplay/console.py): channel and user names, extra commands
        self.channel_names: dict[int, str] = {zlib.crc32(b"console"): "console"}
        self.user_names: dict[int, str] = {}
        self.extra: Callable[[Ctx, str, str], Awaitable[list[Reply] | None]] | None = None

    def print(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def show(self, user: str, replies: list[Reply]) -> None:
        for reply in replies:
            text = self.i18n.lines(reply.lines, self.locale, reply.names, lambda u: f"@{u.name}")
            text = CHANNEL_LINK.sub(lambda m: "#" + self.channel_names.get(int(m[1]), m[1]), text)
            prefix = f"(only {user}) " if reply.private else ""
            self.print(prefix + text.replace("\n", "\n" + " " * len(prefix)))
            if reply.buttons:
                self.print("  buttons: " + " | ".join(f"[{i + 1}] {b.label}" for i, b in enumerate(reply.buttons)))
            if reply.image:
                self.images.mkdir(parents=True, exist_ok=True)
                self.counter += 1
                path = self.images / f"{self.counter:04d}-{reply.image_name}"
                path.write_bytes(reply.image)
                self.print(f"  image: {path}")

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("//"):
            return
        match = LINE.match(line)
        if not match:
            self.print("Write lines as 'name> /command args', e.g. 'alice> /join carcassonne'. Type 'quit' to stop.")
            return
        channel = zlib.crc32((match["channel"] or "console").encode())
        name = match["user"]
        self.channel_names[channel] = match["channel"] or "console"
        self.user_names[user_id(name)] = name
        ctx = Ctx(user_id(name), name, channel, guild_id=0, locale=self.locale, is_moderator=False)
        command = match["command"].strip()
        if not command.startswith("/"):
            command = "/play " + command
        verb, _, rest = command[1:].partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb == "click" and (number := whole_number(rest)) is not None:
            buttons = self.last_buttons.get(channel, [])
            index = number - 1
            if not 0 <= index < len(buttons):
                self.print("No such button; the last message offered: " + ", ".join(b.label for b in buttons))
                return
            replies = await self.service.button(ctx, buttons[index].custom_id)
        else:
            replies = await self.dispatch(ctx, verb, rest)
        for reply in replies:
            if reply.buttons and not reply.private:
                self.last_buttons[channel] = reply.buttons
        self.show(name, replies)
        await self.service.announced(replies)

    async def dispatch(self, ctx: Ctx, verb: str, rest: str) -> list[Reply]:
        s = self.service
        table = {
            "join": lambda: s.join(ctx, rest or None), "leave": lambda: s.leave(ctx),
            "option": lambda: s.option(ctx, rest or None), "start": lambda: s.start(ctx),
            "addbot": lambda: s.addbot(ctx, rest or None), "board": lambda: s.board(ctx, rest or None),
            "status": lambda: s.status(ctx), "hand": lambda: s.hand(ctx), "log": lambda: s.log_text(ctx),
            "resign": lambda: s.resign(ctx), "abort": lambda: s.abort(ctx), "help": lambda: s.help(ctx),
        }
        if verb in table:
            return await table[verb]()
        table_here = s.table_in(ctx.channel_id)
        if verb in ("play", "place", "bid", "use", "pass") or (table_here and verb in table_here.game.verbs):
            return await s.act_verb(ctx, verb, rest)
        if self.extra is not None and (replies := await self.extra(ctx, verb, rest)) is not None:
            return replies
        return await s.help(ctx)

    async def run(self, stream: TextIO = sys.stdin) -> None:
        self.print("Console table. Type lines like 'alice> /join countdown', 'bob> /join', 'alice> /start'.")
        self.print("'/click N' presses button N of the last message; 'quit' stops.")
        loop = asyncio.get_running_loop()
        while True:
            line = await loop.run_in_executor(None, stream.readline)
            if not line or line.strip() in ("quit", "exit"):
                break
            await self.handle(line)
