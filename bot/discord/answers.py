"""The Discord adapter's side of the outgoing port (bot/service/answers.py): how the service's
replies to a slash command or a component click are shown through its interaction, and how an
interaction is acknowledged in time while the service works on it."""
from __future__ import annotations

import logging
import asyncio
from typing import Any, Coroutine

import discord

from bot.discord.send import NO_PINGS, PUBLIC_THINKING, kwargs_of, send_replies
from bot.i18n import I18n
from bot.presenters import customids
from bot.presenters.replies import Reply
from bot.service import confirm

log = logging.getLogger(__name__)
DEFER_AFTER = 1.0          # seconds; Discord wants an answer within 3


async def defer(interaction: discord.Interaction, *, thinking: bool, ephemeral: bool) -> None:
    await interaction.response.defer(thinking=thinking, ephemeral=ephemeral)
    if thinking and not ephemeral:
        interaction.extras[PUBLIC_THINKING] = True


async def fill_thinking(interaction: discord.Interaction) -> None:
    """Fill the "thinking..." message with a placeholder (deleted once the answer is sent), so
    that the answer goes out as a message of its own with its own visibility."""
    await interaction.edit_original_response(content="\u2026", allowed_mentions=NO_PINGS)
    interaction.extras.pop(PUBLIC_THINKING, None)


class InFlight:
    """The interactions whose service call is running, and how each is acknowledged in time."""

    def __init__(self, workers: int) -> None:
        self.workers = workers      # the drawing threads: more interactions than that wait in a queue
        self.count = 0

    async def in_time(self, interaction: discord.Interaction, work: Coroutine[Any, Any, list[Reply]], *,
                      thinking: bool, ephemeral: bool = False) -> list[Reply]:
        """Await the service's answer; if it is not ready within DEFER_AFTER, acknowledge the
        interaction first (Discord wants that within 3 seconds). When other interactions are being
        worked on already, this one will queue behind them (CPU, renders, the table's lock): it is
        acknowledged at once, before its work starts. ``thinking``: show "thinking..." (slash
        commands; to the user alone if ``ephemeral``); without it a button click is acknowledged
        silently (deferred update)."""
        self.count += 1
        try:
            if self.count > self.workers:
                try:
                    await defer(interaction, thinking=thinking, ephemeral=ephemeral)
                except BaseException:
                    work.close()
                    raise
                return await work
            task = asyncio.ensure_future(work)
            done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
            if not done:
                await defer(interaction, thinking=thinking, ephemeral=ephemeral)
            return await task
        finally:
            self.count -= 1


class SlashAnswer:
    """The answer to a slash command. ``private``: the command normally answers only its user,
    so a deferral shows "thinking..." only to them."""

    def __init__(self, in_flight: InFlight, i18n: I18n, interaction: discord.Interaction, private: bool) -> None:
        self.in_flight = in_flight
        self.i18n = i18n
        self.interaction = interaction
        self.private = private

    async def working(self, work: Coroutine[Any, Any, list[Reply]]) -> list[Reply]:
        return await self.in_flight.in_time(self.interaction, work, thinking=True, ephemeral=self.private)

    async def send(self, replies: list[Reply]) -> list[int | None]:
        interaction = self.interaction
        # A "thinking..." message cannot change who sees it, and what a followup does once it is
        # deleted is not dependable: fill it, send the answer in a second followup, remove it.
        placeholder = interaction.response.is_done() and bool(replies) and replies[0].private != self.private
        if placeholder:
            await fill_thinking(interaction)
        sent = await send_replies(interaction, replies, self.i18n)
        if placeholder:
            await interaction.delete_original_response()
        return sent


class ButtonAnswer:
    """The answer to a click on one of the bot's buttons or select menus: a lobby button edits
    the lobby message, a panel's step replaces the panel, a spent turn's buttons go."""

    def __init__(self, in_flight: InFlight, i18n: I18n, interaction: discord.Interaction, custom_id: str,
                 values: list[str] | None) -> None:
        self.in_flight = in_flight
        self.i18n = i18n
        self.interaction = interaction
        self.custom_id = custom_id
        self.click = customids.parse(custom_id, values)

    async def working(self, work: Coroutine[Any, Any, list[Reply]]) -> list[Reply]:
        return await self.in_flight.in_time(self.interaction, work, thinking=False)

    async def send(self, replies: list[Reply]) -> list[int | None]:
        interaction, click = self.interaction, self.click
        if click and click.kind == "lobby" and replies and replies[0].lobby and not replies[0].private:
            await self.edit_source(replies[0])      # its allowed_mentions too: names are user text
            source = interaction.message.id if interaction.message is not None else None
            return [source] + await send_replies(interaction, replies[1:], self.i18n)
        panel = interaction.message is not None and interaction.message.flags.ephemeral
        replacing = next((r for r in replies if r.replace), None) if panel else None
        if replacing is not None:
            # the private panel the click came from shows the next step (or what was chosen)
            await self.edit_source(replacing)
        elif panel and confirm.parse(self.custom_id) is not None:
            await self.spend_confirmation()      # an answered /resign or /abort question
        rest = [r for r in replies if r is not replacing]
        sent = dict(zip(map(id, rest), await send_replies(interaction, rest, self.i18n)))
        if click and click.kind == "action" and replies and not replies[0].error and interaction.message is not None:
            try:
                await interaction.message.edit(view=None, allowed_mentions=NO_PINGS)     # the old turn's buttons are spent
            except discord.HTTPException:
                log.info("could not clear old buttons on %s", interaction.message.id)
        return [sent.get(id(reply)) for reply in replies]

    async def spend_confirmation(self) -> None:
        """A /resign or /abort confirmation is answered once: its private message keeps its text
        and loses its buttons (through the interaction, the one way to edit an ephemeral message)."""
        interaction = self.interaction
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(view=None, allowed_mentions=NO_PINGS)
            else:
                await interaction.response.edit_message(view=None, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("could not clear the buttons of a confirmation")

    async def edit_source(self, reply: Reply) -> None:
        """Put ``reply`` in place of the message whose component was clicked (its components too)."""
        interaction = self.interaction
        kwargs = kwargs_of(self.i18n, reply, str(interaction.locale) if interaction.locale else None)
        kwargs.pop("file", None)
        kwargs.setdefault("view", None)
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
