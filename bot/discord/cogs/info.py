"""Information: /board, /status, /hand, /log, /help."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord.cogs.autocomplete import choices

if TYPE_CHECKING:
    from bot.discord.client import BoardBotCore


class Info(commands.Cog):
    def __init__(self, bot: BoardBotCore) -> None:
        self.bot = bot

    @app_commands.command(name="board", description=_("Post the board; give a position to see that region up close."))
    @app_commands.describe(region=_("Optional position to zoom in on, e.g. 2,-1."))
    async def board(self, interaction: discord.Interaction, region: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.bot.service.board(ctx, region))

    @board.autocomplete("region")
    async def board_region(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        ctx = self.bot.ctx(interaction)
        return choices([(region, region) for region in self.bot.service.autocomplete.region(ctx, current)])

    @app_commands.command(name="status", description=_("Whose turn it is, scores and what is left (only you see it)."))
    async def status(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.bot.service.status, private=True)

    @app_commands.command(name="hand", description=_("Your private view: hand, secret tiles (only you see it)."))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.bot.service.hand, private=True)

    @app_commands.command(name="log", description=_("The game's action log (only you see it)."))
    async def log(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.bot.service.log_text, private=True)

    @app_commands.command(name="help", description=_("How to play here: the commands and the games."))
    @app_commands.describe(game=_("A game: how a turn goes and its notation, with examples."))
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.bot.service.help(ctx, game), private=True)

    @help.autocomplete("game")
    async def help_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices([(name, f"{title} ({name})") for name, title in self.bot.service.autocomplete.game(current)])


async def setup(bot: BoardBotCore) -> None:
    await bot.add_cog(Info(bot))
