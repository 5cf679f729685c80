"""The sample bot: cogs with slash commands, a translator, persistent DynamicItem buttons."""

from __future__ import annotations

import logging
import os
import sys

import discord
from discord import app_commands
from discord.ext import commands

from .startup import configure_api_base, configure_gateway

EXTENSIONS = ("tests.fakediscord.samplebot.cogs.play", "tests.fakediscord.samplebot.cogs.faults")

JA = {
    "place": "置く", "Place a tile": "タイルを置く", "action": "行動", "What to do, in game notation": "ゲーム表記での行動",
    "hand": "手札", "Show your hand (only you see it)": "手札を見る（自分だけ）",
}


class SampleTranslator(app_commands.Translator):
    """Japanese command names/descriptions, so syncs carry name_localizations like the real bot's."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext) -> str | None:
        if locale is discord.Locale.japanese:
            return JA.get(string.message)
        return None


def shard_options() -> dict:
    """SAMPLEBOT_SHARD_COUNT=3 SAMPLEBOT_SHARD_IDS=1,2: run shards 1 and 2 of 3 (one of several
    shard processes); without them an AutoShardedBot takes the shard count /gateway/bot recommends."""
    count = os.environ.get("SAMPLEBOT_SHARD_COUNT")
    ids = os.environ.get("SAMPLEBOT_SHARD_IDS")
    options: dict = {}
    if count:
        options["shard_count"] = int(count)
    if ids:
        options["shard_ids"] = [int(i) for i in ids.split(",")]
    return options


SHARDED = bool(os.environ.get("SAMPLEBOT_SHARDED") or os.environ.get("SAMPLEBOT_SHARD_COUNT"))


class SampleBot(commands.AutoShardedBot if SHARDED else commands.Bot):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         **(shard_options() if SHARDED else {}))

    async def setup_hook(self) -> None:
        await configure_gateway(self)
        from .cogs.play import ChoiceButton

        self.add_dynamic_items(ChoiceButton)
        await self.tree.set_translator(SampleTranslator())
        for ext in EXTENSIONS:
            await self.load_extension(ext)
        await self.tree.sync()
        for gid in filter(None, os.environ.get("SAMPLEBOT_SYNC_GUILDS", "").split(",")):
            guild = discord.Object(int(gid))
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        self.tree.on_error = self.on_app_command_error

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s between shard IDENTIFYs (Discord's max_concurrency 1); the fake has no such limit
        if not os.environ.get("DISCORD_API_BASE"):
            await super().before_identify_hook(shard_id, initial=initial)

    async def on_ready(self) -> None:
        print(f"READY pid={os.getpid()} guilds={len(self.guilds)}", flush=True)

    async def on_resumed(self) -> None:
        print("RESUMED", flush=True)

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Every failure becomes a short ephemeral reply (as the real bot's global handler does)."""
        original = getattr(error, "original", error)
        text = f"error: {type(original).__name__}"
        if isinstance(original, discord.HTTPException):
            text += f" {original.status}/{original.code}"
        if isinstance(error, app_commands.CheckFailure):
            text = "error: you may not do that"
        print(f"command error: {error!r}", file=sys.stderr, flush=True)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            print(f"could not report the error: {exc!r}", file=sys.stderr, flush=True)


def main() -> None:
    logging.basicConfig(level=os.environ.get("SAMPLEBOT_LOG", "WARNING"), stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    configure_api_base()
    token = os.environ["DISCORD_TOKEN"]
    SampleBot().run(token, log_handler=None)
