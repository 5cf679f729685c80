"""The plugins' commands: /games, /notify, /vacation, /rating, /leaderboard, /undo, /replay."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord.cogs.autocomplete import choices
from bot.table.typed import clean_name

if TYPE_CHECKING:
    from bot.discord.client import BoardBotCore
    from bot.plugins import Plugins


class PluginsCog(commands.Cog):
    def __init__(self, bot: BoardBotCore) -> None:
        self.bot = bot

    @property
    def plugins(self) -> Plugins:
        assert self.bot.plugins is not None     # the cog is added only with the plugins (see setup)
        return self.bot.plugins

    @app_commands.command(name="games", description=_("Every table you sit at on this server: whose turn, how long, where."))
    async def games(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.plugins.turns.my_games, private=True)

    @app_commands.command(name="notify", description=_("Get a direct message when it becomes your turn (on/off)."))
    @app_commands.describe(setting=_("on or off; leave empty to see the current setting."))
    @app_commands.choices(setting=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")])
    async def notify(self, interaction: discord.Interaction, setting: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.plugins.turns.notify(ctx, setting), private=True)

    @app_commands.command(name="vacation", description=_("Pause your turn clocks for some days, or end the pause."))
    @app_commands.describe(days=_("Number of days, or 'end'; leave empty to see your vacation days."))
    async def vacation(self, interaction: discord.Interaction, days: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.plugins.turns.vacation(ctx, days), private=True)

    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices([(name, f"{title} ({name})") for name, title in self.bot.service.autocomplete.game(current)])

    @app_commands.command(name="rating", description=_("Your ratings on this server (or another player's)."))
    @app_commands.describe(game=_("Only this game."), player=_("Whose ratings; yours if empty."))
    async def rating(self, interaction: discord.Interaction, game: str | None = None,
                     player: discord.User | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.plugins.ratings.rating(
            ctx, game, player.id if player else None, (clean_name(getattr(player, "display_name", None)) or None) if player else None),
            private=True)

    @app_commands.command(name="leaderboard", description=_("The best-rated players of a game on this server, as a table image."))
    @app_commands.describe(game=_("The game."))
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        await self.bot.respond(interaction, lambda ctx: self.plugins.ratings.leaderboard(ctx, game, self.bot.settings.rendering.scale))

    @app_commands.command(name="undo", description=_("Ask to take back your last move (when it revealed nothing; all must agree)."))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.plugins.undo.request)

    @app_commands.command(name="replay", description=_("The last finished game here (or table NUMBER) as an animated picture."))
    @app_commands.describe(table=_("A table number; empty for the last finished game in this channel."))
    async def replay(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.plugins.replays.replay(ctx, table))

    rating.autocomplete("game")(_games)
    leaderboard.autocomplete("game")(_games)


async def setup(bot: BoardBotCore) -> None:
    if getattr(bot, "plugins", None) is not None:
        await bot.add_cog(PluginsCog(bot))
