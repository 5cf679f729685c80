"""Ending games: /resign (a player gives up), /abort (host or moderator closes the table)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

if TYPE_CHECKING:
    from bot.discord.client import BoardBotCore


class Admin(commands.Cog):
    def __init__(self, bot: BoardBotCore) -> None:
        self.bot = bot

    @app_commands.command(name="resign", description=_("Give up your seat in the running game; the computer plays it."))
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.bot.service.resign)

    @app_commands.command(name="abort", description=_("Close this channel's table (host or moderator)."))
    async def abort(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.bot.service.abort)


async def setup(bot: BoardBotCore) -> None:
    await bot.add_cog(Admin(bot))
