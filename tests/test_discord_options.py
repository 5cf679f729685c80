"""Slash-command option values made the types the commands declare (bot/discord/options.py).
Found by the fuzz suite: discord.py hands a number sent for a text option to the callback as a
number, and /leaderboard, /vacation and others then failed."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.options import conform


@app_commands.command(name="demo", description="demo")
@app_commands.describe(text="t", count="c", flag="f", who="w")
async def demo(interaction: discord.Interaction, text: str, count: app_commands.Range[int, 2, 8] | None = None,
               flag: bool | None = None, who: discord.User | None = None) -> None:
    """A command with one option of each kind the bot uses."""


def test_text_options_become_text():
    options = [{"name": "text", "type": 4, "value": 12}]
    assert conform(demo, options) is None
    assert options == [{"name": "text", "type": 3, "value": "12"}]
    options = [{"name": "text", "type": 5, "value": False}, {"name": "gone", "type": 3, "value": "x"}]
    assert conform(demo, options) is None and options[0]["value"] == "False"


def test_numbers_are_read_or_refused():
    options = [{"name": "text", "type": 3, "value": "x"}, {"name": "count", "type": 3, "value": " 4 "}]
    assert conform(demo, options) is None and options[1] == {"name": "count", "type": 4, "value": 4}
    for wrong in ("four", "²", True, 4.5, 9, 1, None, "9" * 30):
        assert conform(demo, [{"name": "text", "type": 3, "value": "x"}, {"name": "count", "type": 4, "value": wrong}]) == "count"


def test_booleans_users_and_missing_options_are_refused():
    assert conform(demo, [{"name": "text", "type": 3, "value": "x"}, {"name": "flag", "type": 3, "value": "yes"}]) == "flag"
    assert conform(demo, [{"name": "text", "type": 3, "value": "x"}, {"name": "who", "type": 3, "value": "123"}]) == "who"
    assert conform(demo, [{"name": "count", "type": 4, "value": 3}]) == "text"
    assert conform(demo, []) == "text"


def test_while_typing_only_text_is_made_text():
    options = [{"name": "text", "type": 4, "value": 7, "focused": True}, {"name": "count", "type": 4, "value": "2x"}]
    assert conform(demo, options, autocomplete=True) is None
    assert options[0]["value"] == "7" and options[1]["value"] == "2x"
