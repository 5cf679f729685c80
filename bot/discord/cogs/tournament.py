"""Community tournaments: /tournament create, join, leave, start, standings, report, export,
cancel, info. Each round's tables are opened as threads of the tournament's channel."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord.cogs.autocomplete import choices

if TYPE_CHECKING:
    from bot.discord.client import BoardBotCore
    from bot.tournaments.manager import Tournaments

FORMATS = [app_commands.Choice(name=_("swiss"), value="swiss"), app_commands.Choice(name=_("round robin"), value="roundrobin"),
           app_commands.Choice(name=_("single elimination"), value="elimination")]


class TournamentCog(commands.GroupCog, group_name="tournament", group_description=_("Community tournaments in this channel.")):
    def __init__(self, bot: BoardBotCore) -> None:
        self.bot = bot
        super().__init__()

    @property
    def manager(self) -> Tournaments:
        assert self.bot.plugins is not None     # the cog is added only with the plugins (see setup)
        return self.bot.plugins.tournaments

    @app_commands.command(name="create", description=_("Create a tournament in this channel; you organise it."))
    @app_commands.describe(name=_("The tournament's name."), game=_("The game."), format=_("swiss, round robin or single elimination."),
                           size=_("Players per table."), rounds=_("Rounds (Swiss only)."), timer=_("Turn time limit, e.g. 24h."),
                           options=_("Game options, separated by commas."))
    @app_commands.choices(format=FORMATS)
    async def create(self, interaction: discord.Interaction, name: str, game: str, format: str = "swiss",
                     size: app_commands.Range[int, 2, 8] | None = None, rounds: app_commands.Range[int, 1, 30] | None = None,
                     timer: str | None = None, options: str | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.manager.create(ctx, name, game, format, size, rounds, timer, options))

    @create.autocomplete("game")
    async def create_game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices([(name, f"{title} ({name})") for name, title in self.bot.service.autocomplete.game(current)])

    @app_commands.command(name="join", description=_("Sign up for this channel's tournament."))
    async def join(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.manager.join)

    @app_commands.command(name="leave", description=_("Leave before the start, or withdraw from later rounds."))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.manager.leave)

    @app_commands.command(name="start", description=_("Start the tournament: round 1 is paired and its tables open (organiser)."))
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.manager.start)

    @app_commands.command(name="standings", description=_("The standings, as text and as a table image."))
    async def standings(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, lambda ctx: self.manager.standings(ctx, self.bot.settings.rendering.scale))

    @app_commands.command(name="report", description=_("Settle a stalled table: its players in finishing order (organiser)."))
    @app_commands.describe(table=_("Table number in the current round (empty inside the table's thread)."),
                           result=_("Players in finishing order, e.g. @Ann > @Bob = @Cy (= for a tie)."))
    async def report(self, interaction: discord.Interaction, result: str, table: int | None = None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.manager.report(ctx, table, result))

    @app_commands.command(name="export", description=_("The standings as a CSV file."))
    async def export(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.manager.export)

    @app_commands.command(name="cancel", description=_("Cancel the tournament (organiser or moderator)."))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.manager.cancel)

    @app_commands.command(name="info", description=_("This channel's tournament: format, players, round."))
    async def info(self, interaction: discord.Interaction) -> None:
        await self.bot.respond(interaction, self.manager.info)


async def setup(bot: BoardBotCore) -> None:
    if getattr(bot, "plugins", None) is not None:
        await bot.add_cog(TournamentCog(bot))
