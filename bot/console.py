"""The console table: several players at one terminal, typing as themselves.

    alice> /join carcassonne
    bob> /join
    alice> /start
    #other alice> /join carcassonne      (a line may start with #channel to use another channel)

Replies are printed; images are written to a folder and their paths printed.
"""
from __future__ import annotations

import asyncio
import re
import sys
import threading
import zlib
from pathlib import Path
from typing import Any, Awaitable, Callable, Coroutine, TextIO

from bot.i18n import I18n, t
from bot.table.context import Ctx
from bot.presenters.replies import Reply
from bot.service import TableService
from bot.presenters import customids
from bot.presenters.numbers import whole_number
from bot.table.suggest import closest
from bot.table.typed import SLASH_VERBS, clean_name

CHANNEL_LINK = re.compile(r"<#(\d+)>")
LINE = re.compile(r"^(?:#(?P<channel>[\w-]+)\s+)?(?P<user>[^\s>]+)>\s*(?P<command>.*)$")


def user_id(name: str) -> int:
    return zlib.crc32(name.lower().encode()) or 1


class ConsoleAnswer:
    """The console's side of the outgoing port: replies are printed, their buttons numbered."""

    def __init__(self, console: "Console", channel: int, user: str) -> None:
        self.console = console
        self.channel = channel
        self.user = user

    async def working(self, work: Coroutine[Any, Any, list[Reply]]) -> list[Reply]:
        return await work

    async def send(self, replies: list[Reply]) -> list[int | None]:
        self.console.remember_choices(self.channel, self.user, replies)
        self.console.show(self.user, replies)
        return [None] * len(replies)


class Console:
    def __init__(self, service: TableService, i18n: I18n, images_dir: str, locale: str = "en",
                 out: TextIO = sys.stdout) -> None:
        self.service = service
        self.i18n = i18n
        self.images = Path(images_dir)
        self.locale = locale
        self.out = out
        self.counter = last_image_number(self.images)      # numbering goes on from an earlier run's
        # what /click N presses: the numbered choices of the last public message of a channel, and
        # of each player's last private panel there; a player's /click uses the newer of the two
        self.last_buttons: dict[int, tuple[int, list[tuple[str, str, list[str] | None]]]] = {}
        self.last_private: dict[tuple[int, str], tuple[int, list[tuple[str, str, list[str] | None]]]] = {}
        self.shown = 0
        # asynchronous play (bot/plugins/console.py): channel and user names, extra commands
        self.channel_names: dict[int, str] = {zlib.crc32(b"console"): "console"}
        self.user_names: dict[int, str] = {}
        self.extra: Callable[[Ctx, str, str], Awaitable[list[Reply] | None]] | None = None

    def print(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def say(self, msg) -> None:
        """Print one of the console's own lines in its language."""
        self.print(self.i18n.render(msg, self.locale))

    @staticmethod
    def choices_of(reply: Reply) -> list[tuple[str, str, list[str] | None]]:
        """(label, custom_id, select values) for every button and select option, in order."""
        found: list[tuple[str, str, list[str] | None]] = []
        for select in reply.selects:
            found += [(option.label, select.custom_id, [option.value]) for option in select.options]
        found += [(button.label, button.custom_id, None) for button in reply.buttons]
        return found

    def show(self, user: str, replies: list[Reply]) -> None:
        for reply in replies:
            # a public reply of a table with a language (/option lang) is in that language
            locale = reply.locale if reply.locale and not reply.private else self.locale
            text = self.i18n.lines(reply.lines, locale, reply.names, lambda u: f"@{u.name}")
            text = CHANNEL_LINK.sub(lambda m: "#" + self.channel_names.get(int(m[1]), m[1]), text)
            prefix = self.i18n.render(t("(only {user}) ", user=user), locale) if reply.private else ""
            self.print(prefix + text.replace("\n", "\n" + " " * len(prefix)))
            choices = self.choices_of(reply)
            if choices:
                # as Discord shows them: the bot's own words translated, moves (notation) as they are
                shown = [option.label for select in reply.selects for option in select.options]
                shown += [b.label if b.notation else self.i18n.template(b.label, locale) for b in reply.buttons]
                labels = " | ".join(f"[{i + 1}] {label}" for i, label in enumerate(shown))
                self.print(prefix + self.i18n.render(t("  choices: {labels}", labels=labels), locale) if reply.private
                           else self.i18n.render(t("  buttons: {labels}", labels=labels), locale))
            if reply.image:
                self.images.mkdir(parents=True, exist_ok=True)
                self.counter += 1
                path = self.images / f"{self.counter:04d}-{reply.image_name}"
                path.write_bytes(reply.image)
                self.print(self.i18n.render(t("  image: {path}", path=str(path)), locale))

    def remember_choices(self, channel: int, user: str, replies: list[Reply]) -> None:
        for reply in replies:
            choices = self.choices_of(reply)
            if not choices and not reply.replace:
                continue
            self.shown += 1
            if reply.private:
                self.last_private[(channel, user.lower())] = (self.shown, choices)
            else:
                self.last_buttons[channel] = (self.shown, choices)

    def choices_for(self, channel: int, user: str) -> list[tuple[str, str, list[str] | None]]:
        public = self.last_buttons.get(channel, (0, []))
        private = self.last_private.get((channel, user.lower()), (-1, []))
        return private[1] if private[0] > public[0] else public[1]

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("//"):
            return
        match = LINE.match(line)
        if not match:
            self.say(t("Write lines as 'name> /command args', e.g. 'alice> /join carcassonne'. Type 'quit' to stop."))
            return
        channel = zlib.crc32((match["channel"] or "console").encode())
        name = clean_name(match["user"]) or "?"           # cleaned once, where it enters
        self.channel_names[channel] = match["channel"] or "console"
        self.user_names[user_id(name)] = name
        ctx = Ctx(user_id(name), name, channel, guild_id=0, locale=self.locale, guild_locale=self.locale, is_moderator=False,
                  can_view=lambda other: True)     # everyone at the terminal sees every channel
        command = match["command"].strip()
        if not command.startswith("/"):
            command = "/play " + command
        verb, _, rest = command[1:].partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb == "click" and (number := whole_number(rest)) is not None:
            choices = self.choices_for(channel, name)
            index = number - 1
            if not 0 <= index < len(choices):
                offered = ", ".join(f"[{i + 1}] {label}" for i, (label, _, _) in enumerate(choices))
                self.say(t("No such button; the last message offered: {choices}", choices=offered) if offered
                         else t("No such button; the last message offered none."))
                return
            _, custom_id, values = choices[index]
            replies = await self.service.serve(ctx, lambda ctx: self.service.button(ctx, custom_id, values),
                                               ConsoleAnswer(self, channel, name))
        else:
            replies = await self.service.serve(ctx, lambda ctx: self.dispatch(ctx, verb, rest), ConsoleAnswer(self, channel, name))
        await self.show_panels(channel, name, replies)

    async def show_panels(self, channel: int, actor: str, replies: list[Reply]) -> None:
        """At one terminal a private panel can be shown without being asked for: after a turn
        message, each other player who must decide now sees their own choices."""
        if not any(not r.private and any(customids.kind_of(b.custom_id) == "panel" for b in r.buttons) for r in replies):
            return
        table = self.service.live_tables.in_channel(channel)
        if table is None or table.status != "playing":
            return
        for seat in sorted(table.game.to_act(table.state)):
            record = table.seats[seat]
            name = self.user_names.get(record.user_id or 0)
            if record.is_bot or record.resigned or name is None or name.lower() == actor.lower():
                continue
            ctx = Ctx(record.user_id or 0, name, channel, guild_id=0, locale=self.locale, guild_locale=self.locale)
            panel = await self.service.panel(ctx, table.id)
            self.remember_choices(channel, name, panel)
            self.show(name, panel)

    async def dispatch(self, ctx: Ctx, verb: str, rest: str) -> list[Reply]:
        s = self.service
        table = {
            "join": lambda: s.join(ctx, rest or None), "leave": lambda: s.leave(ctx),
            "option": lambda: s.option(ctx, rest or None), "start": lambda: s.start(ctx),
            "addbot": lambda: s.addbot(ctx, rest or None), "board": lambda: s.board(ctx, rest or None),
            "status": lambda: s.status(ctx), "hand": lambda: s.hand(ctx), "log": lambda: s.log_text(ctx),
            "resign": lambda: s.resign(ctx), "abort": lambda: s.abort(ctx), "help": lambda: s.help(ctx, rest or None),
        }
        if verb in table:
            return await table[verb]()
        table_here = s.live_tables.in_channel(ctx.channel_id)
        if verb in SLASH_VERBS or (table_here and verb in table_here.game.verbs):
            return await s.act_verb(ctx, verb, rest)
        if self.extra is not None and (replies := await self.extra(ctx, verb, rest)) is not None:
            return replies
        if verb == "click":
            return [Reply([t("/click takes the number of a button or choice, e.g. /click 1.")], private=True, error=True)]
        known = [*table, *SLASH_VERBS, "click"] + list(table_here.game.verbs if table_here else ())
        guess = closest(verb, {name: (name,) for name in known})
        if guess:
            return [Reply([t("There is no command /{verb}. Did you mean /{guess}?", verb=verb[:20], guess=guess)],
                          private=True, error=True)]
        return await s.help(ctx)

    async def run(self, stream: TextIO = sys.stdin) -> None:
        self.say(t("Console table. Type lines like 'alice> /join carcassonne', 'bob> /join', 'alice> /start'."))
        self.say(t("'/click N' presses button N of the last message; 'quit' stops."))
        lines = typed_lines(stream)
        while True:
            line = await lines.get()
            if not line or line.strip() in ("quit", "exit"):
                break
            await self.handle(line)


IMAGE_NUMBER = re.compile(r"^(\d+)-")


def last_image_number(folder: Path) -> int:
    """The highest number among the images already in ``folder`` (0 when there are none), so a
    restarted console numbers its images on from there and never writes over an earlier run's."""
    if not folder.is_dir():
        return 0
    numbers = [int(m[1]) for path in folder.iterdir() if (m := IMAGE_NUMBER.match(path.name))]
    return max(numbers, default=0)


def typed_lines(stream: TextIO) -> "asyncio.Queue[str]":
    """The lines of ``stream`` as they are typed, read by a daemon thread: a stop (SIGTERM,
    Ctrl-C) never waits for the next line, as a read in the loop's executor would (asyncio.run
    waits for its threads). An empty string is the end of the input."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:
        while True:
            line = stream.readline()
            try:
                loop.call_soon_threadsafe(queue.put_nowait, line)
            except RuntimeError:        # the loop has closed: nobody is listening any more
                return
            if not line:
                return

    threading.Thread(target=read, name="console-input", daemon=True).start()
    return queue
