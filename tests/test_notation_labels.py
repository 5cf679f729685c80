"""Buttons that carry a move show its notation in every language (a Japanese reader types
'place hut' too); only the bot's own words on buttons ("Your move") are translated."""
import io

import discord

from bot.console import Console
from bot.discord.send import kwargs_of
from bot.i18n import I18n
from bot.service import TableService
from bot.presenters.replies import Button, Reply
from games.core import Msg
from tests.conftest import make_settings

I18N = I18n(["games.stone_age", "tests.toygame"])


def test_discord_buttons_translate_only_the_bots_words():
    reply = Reply([Msg("x")], buttons=[Button("hut", "bt:x:1", notation=True), Button("Your move", "bt:m:1")])
    view = kwargs_of(I18N, reply, "ja")["view"]
    buttons = [getattr(child, "item", child) for child in view.children]      # our persistent wrappers hold them
    labels = [button.label for button in buttons if isinstance(button, discord.ui.Button)]
    assert labels == ["hut", "あなたの手番"]


async def test_console_panel_shows_moves_as_written(store):
    service = TableService(store, make_settings(games={"enabled": ("stoneage",)}), seed_source=lambda: 1, render=False)
    out = io.StringIO()
    console = Console(service, I18N, "/tmp/unused", "ja", out=out)
    for line in ("alice> /join stoneage", "bob> /join", "alice> /start", "alice> /play place field"):
        await console.handle(line)
    shown = out.getvalue()
    choices = [line for line in shown.splitlines() if "選択肢：" in line]
    assert choices and " hut" in choices[-1] and "小屋" not in choices[-1]
    assert "[11] あなたの手番" in shown                     # the bot's own button, in the reader's language
    await service.close()
