"""Persistent components: every button and select menu the bot sends has a ``bt:...`` custom_id
that carries the table (and, for moves, the turn serial and an index or path); this one
dynamic item answers all of them, also after a restart. It takes every custom_id, not only
``bt:...`` ones, so that a click with any other id (a forged or garbled one) is answered that the
component is not ours instead of never."""
from __future__ import annotations

import discord


class TableComponent(discord.ui.DynamicItem[discord.ui.Item], template=r"(?s).+"):
    """A button or a select menu of ours; a select's chosen value goes with its custom_id."""

    def __init__(self, item: discord.ui.Item) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match) -> "TableComponent":
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        data = interaction.data or {}
        values = [str(v) for v in data.get("values", [])] if isinstance(self.item, discord.ui.Select) else None
        await bot.handle_button(interaction, self.item.custom_id or "", values)  # type: ignore[attr-defined]
