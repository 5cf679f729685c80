"""Localises command names' descriptions through discord.py's Translator (names stay ASCII)."""
from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import I18n

LOCALES = {Locale.japanese: "ja"}


class CatalogueTranslator(app_commands.Translator):
    def __init__(self, i18n: I18n) -> None:
        self.i18n = i18n

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        language = LOCALES.get(locale)
        if language is None:
            return None
        if context.location in (app_commands.TranslationContextLocation.command_name,
                                app_commands.TranslationContextLocation.group_name,
                                app_commands.TranslationContextLocation.parameter_name):
            return None     # command and option names stay ASCII in every locale
        translated = self.i18n.template(string.message, language)
        return translated if translated != string.message else None
