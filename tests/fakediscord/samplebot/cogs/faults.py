"""Deliberate mistakes, so the harness tests can show the fake catches them."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands


class Faults(commands.Cog):
    fault = app_commands.Group(name="fault", description="Deliberate API misuse (harness tests)")

    @fault.command(name="complete", description="Autocomplete that returns 26 choices")
    async def complete(self, interaction: discord.Interaction, q: str) -> None:
        await interaction.response.send_message(q)

    @complete.autocomplete("q")
    async def complete_q(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"c{i}", value=f"c{i}") for i in range(26)]

    @fault.command(name="twice", description="Acknowledge the interaction twice")
    async def twice(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        interaction.response._response_type = None  # defeat discord.py's local guard, as a racing handler would
        try:
            await interaction.response.send_message("second")
        except discord.HTTPException as exc:
            await interaction.followup.send(f"second ack rejected: {exc.status}/{exc.code}")

    @fault.command(name="slow", description="Answer after a delay")
    async def slow(self, interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await interaction.response.send_message("finally")

    @fault.command(name="later", description="Defer, wait, then send a followup")
    async def later(self, interaction: discord.Interaction, seconds: float) -> None:
        await interaction.response.defer()
        await asyncio.sleep(seconds)
        try:
            await interaction.followup.send("done at last")
        except discord.HTTPException as exc:
            print(f"late followup rejected: {exc.status}/{exc.code}", flush=True)

    @fault.command(name="long", description="Reply with more than 2000 characters")
    async def long(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    @fault.command(name="early", description="Followup before acknowledging")
    async def early(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.followup.send("too early")
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"followup rejected: {exc.status}/{exc.code}")

    @fault.command(name="noimage", description="Embed references an attachment that is not sent")
    async def noimage(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="broken").set_image(url="attachment://missing.png")
        await interaction.response.send_message(embed=embed)

    @fault.command(name="leak", description="Public defer, then an 'ephemeral' followup")
    async def leak(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send("secret hand", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Faults())
