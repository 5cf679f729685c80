"""Game verbs: /play and /place, /bid, /pass, /use, each carrying an action in the game's notation."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.discord.cogs.autocomplete import choices

if TYPE_CHECKING:
    from bot.discord.client import BoardBotCore

log = logging.getLogger(__name__)


class Play(commands.Cog):
    def __init__(self, bot: BoardBotCore) -> None:
        self.bot = bot

    async def _act(self, interaction: discord.Interaction, verb: str, action: str | None) -> None:
        await self.bot.respond(interaction, lambda ctx: self.bot.service.act_verb(ctx, verb, action or ""))

    async def _complete(self, interaction: discord.Interaction, verb: str, current: str) -> list[app_commands.Choice[str]]:
        started = time.perf_counter()
        ctx = self.bot.ctx(interaction)
        found = choices([(text, text) for text in self.bot.service.autocomplete.verb(ctx, verb, current)])
        elapsed = time.perf_counter() - started
        if elapsed > 0.5:
            log.warning("autocomplete for /%s took %.2f s", verb, elapsed)
        return found

    @app_commands.command(name="play", description=_("Make a move, written in the game's notation."))
    @app_commands.describe(action=_("Your move; start typing to see the legal ones."))
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await self._act(interaction, "play", action)

    @play.autocomplete("action")
    async def play_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, "play", current)

    @app_commands.command(name="place", description=_("Place (a tile, workers...): position, rotation and follower in one line."))
    @app_commands.describe(action=_("For example 2,-1 r1 cn; start typing to see the legal placements."))
    async def place(self, interaction: discord.Interaction, action: str) -> None:
        await self._act(interaction, "place", action)

    @place.autocomplete("action")
    async def place_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, "place", current)

    @app_commands.command(name="bid", description=_("Bid in an auction, in the game's notation."))
    @app_commands.describe(action=_("Your bid; start typing to see the legal ones."))
    async def bid(self, interaction: discord.Interaction, action: str) -> None:
        await self._act(interaction, "bid", action)

    @bid.autocomplete("action")
    async def bid_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, "bid", current)

    @app_commands.command(name="use", description=_("Use a tile, card or ability, in the game's notation."))
    @app_commands.describe(action=_("What to use; start typing to see the legal uses."))
    async def use(self, interaction: discord.Interaction, action: str) -> None:
        await self._act(interaction, "use", action)

    @use.autocomplete("action")
    async def use_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, "use", current)

    @app_commands.command(name="pass", description=_("Pass (end your part of this phase)."))
    @app_commands.describe(action=_("Optional details, if the game asks for them."))
    async def pass_(self, interaction: discord.Interaction, action: str | None = None) -> None:
        await self._act(interaction, "pass", action)

    @pass_.autocomplete("action")
    async def pass_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, "pass", current)


async def setup(bot: BoardBotCore) -> None:
    await bot.add_cog(Play(bot))
