"""Pointing discord.py at a fake Discord. The real bot needs exactly these few lines.

Environment (test-only settings):
  DISCORD_API_BASE  e.g. http://127.0.0.1:PORT. REST goes to DISCORD_API_BASE + "/api/v10"; the
                    gateway URL is whatever GET /gateway/bot answers. Unset in production.
  DISCORD_TOKEN     the bot token (the fake accepts only the token it was started with).
"""

from __future__ import annotations

import os

import discord
import yarl
from discord.gateway import DiscordWebSocket


def configure_api_base() -> str | None:
    """Before the client logs in: send REST requests to DISCORD_API_BASE when it is set."""
    base = os.environ.get("DISCORD_API_BASE")
    if base:
        discord.http.Route.BASE = base.rstrip("/") + "/api/v10"
    return base


async def configure_gateway(client: discord.Client) -> None:
    """In setup_hook (after login, before connecting): a plain Client connects to
    DiscordWebSocket.DEFAULT_GATEWAY without asking the API, so take it from GET /gateway/bot."""
    if os.environ.get("DISCORD_API_BASE"):
        _shards, url, _limits = await client.http.get_bot_gateway()
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
