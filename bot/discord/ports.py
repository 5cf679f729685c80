"""The Discord adapter's ports for the plugins: posting in channels without an interaction,
direct messages and tournament threads, as the plain callables of ``bot.plugins.ports``."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.plugins.ports import Ports
from bot.discord.send import kwargs_of
from bot.presenters.replies import Reply

if TYPE_CHECKING:
    from bot.discord.client import BoardBotCore

log = logging.getLogger(__name__)
THREAD_ARCHIVE_MINUTES = 10080        # a week: asynchronous games are slow


def discord_ports(bot: "BoardBotCore") -> Ports:
    locale = bot.settings.locale.default

    async def deliver(channel_id: int, replies: list[Reply]) -> None:
        await bot.post(channel_id, replies)

    async def notify(user_id: int, replies: list[Reply]) -> None:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        reader = await bot.user_locale(user_id) or locale       # the reader's language
        for reply in replies:
            try:
                await user.send(**kwargs_of(bot.i18n, reply, reader))
            except discord.HTTPException:
                log.info("user %s does not accept direct messages", user_id)
                return

    async def open_thread(channel_id: int, name: str) -> int:
        channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
        thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,  # type: ignore[union-attr]
                                             auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        return thread.id

    return Ports(deliver=deliver, notify=notify, open_thread=open_thread)
