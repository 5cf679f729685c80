"""The asynchronous-play cogs load into the real discord.py bot, build valid command payloads
(with Japanese descriptions) and their autocomplete answers."""
from __future__ import annotations

from bot.plugins import Plugins
from bot.discord.client import BoardBot
from bot.discord.translator import CatalogueTranslator
from tests.helpers import i18n


async def test_cogs_register_commands(bot):
    client = BoardBot(bot.service, bot.store, bot.service.settings, i18n(), plugins=bot.plugins)
    for cog in ("bot.discord.cogs.plugins", "bot.discord.cogs.tournament"):
        await client.load_extension(cog)
    names = {c.name for c in client.tree.get_commands()}
    assert {"games", "notify", "vacation", "rating", "leaderboard", "tournament"} <= names
    group = client.tree.get_command("tournament")
    assert {c.name for c in group.commands} == {"create", "join", "leave", "start", "standings", "report", "export",
                                                "cancel", "info"}
    translator = CatalogueTranslator(i18n())
    await client.tree.set_translator(translator)
    payload = await group.get_translated_payload(client.tree, translator)
    create = next(o for o in payload["options"] if o["name"] == "create")
    assert create["description_localizations"]["ja"].startswith("このチャンネルに大会")
    assert [c["value"] for c in next(o for o in create["options"] if o["name"] == "format")["choices"]] == \
        ["swiss", "roundrobin", "elimination"]
    games = client.tree.get_command("games")
    assert (await games.get_translated_payload(client.tree, translator))["description_localizations"]["ja"]
    await client.close()


async def test_cogs_stay_out_without_asynchronous_play(bot):
    client = BoardBot(bot.service, bot.store, bot.service.settings, i18n())
    await client.load_extension("bot.discord.cogs.tournament")
    assert client.tree.get_command("tournament") is None
    assert isinstance(bot.plugins, Plugins)
    await client.close()
