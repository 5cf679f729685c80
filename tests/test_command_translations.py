"""Every slash command the bot registers (asynchronous play and tournaments included) reads in Japanese: its description, each option's
description and each fixed choice, through the same translator Discord is given."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.plugins import Plugins
from bot.discord.client import COGS, BoardBot
from bot.discord.translator import CatalogueTranslator
from bot.i18n import I18n, game_packages
from bot.service import TableService
from tests.conftest import make_settings


async def test_every_command_option_and_choice_is_translated(store):
    service = TableService(store, make_settings(), render=False)
    i18n = I18n(game_packages(service.games()))
    bot = BoardBot(service, store, make_settings(), i18n, plugins=Plugins(service, store))
    translator = CatalogueTranslator(i18n)
    try:
        for cog in COGS:
            await bot.load_extension(cog)
        missing: list[str] = []
        commands = list(bot.tree.walk_commands())
        assert len(commands) > 25

        async def check(text, where: str, location) -> None:
            message = text.message if isinstance(text, app_commands.locale_str) else str(text)
            context = app_commands.TranslationContext(location=location, data=None)
            if message and await translator.translate(app_commands.locale_str(message), discord.Locale.japanese, context) is None:
                missing.append(f"{where}: {message}")

        for command in commands:
            await check(command._locale_description or command.description, f"/{command.qualified_name}",
                        app_commands.TranslationContextLocation.command_description)
            for parameter in getattr(command, "parameters", []):
                await check(parameter._Parameter__parent.description,
                            f"/{command.qualified_name} {parameter.name}",
                            app_commands.TranslationContextLocation.parameter_description)
                for choice in parameter.choices:
                    await check(choice._locale_name or choice.name, f"/{command.qualified_name} {parameter.name}={choice.value}",
                                app_commands.TranslationContextLocation.choice_name)
        assert not missing, missing
    finally:
        await bot.close()
        await service.close()
