"""Lobby commands: /join, /leave, /option, /start, /addbot."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord.cogs.autocomplete import choices

if TYPE_CHECKING:
    from bot.discord.client import BoardBotCore


class Lobby(commands.Cog):
    def __init__(self, bot: BoardBotCore) -> None:
        self.bot = bot

    @app_commands.command(name="join", description=_("Open a table for a game here, or join the open one."))
    @app_commands.describe(game=_("The game to open (only when no table is open here)."))
    async def join(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.bot.service.join(ctx, game))

    @join.autocomplete("game")
    async def join_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices([(name, f"{title} ({name})") for name, title in self.bot.service.autocomplete.game(current)])

    @app_commands.command(name="leave", description=_("Leave the table before the game starts."))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.bot.service.leave)

    @app_commands.command(name="option", description=_("Set a game option before the start; without a name, list them."))
    @app_commands.describe(name=_("The option: a switch to turn on or off, or one that takes a value."),
                           value=_("The option's value (e.g. /option lang ja); leave it out to switch an on/off option."))
    async def option(self, interaction: discord.Interaction, name: str | None = None, value: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.bot.service.option(ctx, name, value))

    @option.autocomplete("name")
    async def option_name(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        ctx = self.bot.ctx(interaction)
        return choices([(name, f"{name} — {self.bot.i18n.template(desc, ctx.locale)}")
                        for name, desc in self.bot.service.autocomplete.option(ctx, current)])

    @option.autocomplete("value")
    async def option_value(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        ctx = self.bot.ctx(interaction)
        name = str(getattr(interaction.namespace, "name", "") or "")
        return choices([(value, value) for value in self.bot.service.autocomplete.option_value(ctx, name, current)])

    @app_commands.command(name="start", description=_("Start the game with the seated players."))
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.bot.service.start)

    @app_commands.command(name="addbot", description=_("Seat a computer player at the table."))
    @app_commands.describe(level=_("How well the computer plays: weak, normal or strong."))
    async def addbot(self, interaction: discord.Interaction, level: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.bot.service.addbot(ctx, level))

    @addbot.autocomplete("level")
    async def addbot_level(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        ctx = self.bot.ctx(interaction)
        return choices([(level, self.bot.i18n.render(what, ctx.locale))
                        for level, what in self.bot.service.autocomplete.level(ctx, current)])


async def setup(bot: BoardBotCore) -> None:
    await bot.add_cog(Lobby(bot))
