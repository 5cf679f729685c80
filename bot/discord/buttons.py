"""Persistent buttons: every button the bot sends has a ``bt:...`` custom_id that carries the
table (and, for moves, the state version); this one dynamic item answers all of them, also
after a restart. It takes every custom_id, not only ``bt:...`` ones, so that a click with any
other id (a forged or garbled one) is answered that the button is not ours instead of never."""
from __future__ import annotations

import discord


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?s).+"):
    def __init__(self, button: discord.ui.Button) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> "TableButton":
        return cls(discord.ui.Button(label=item.label, custom_id=item.custom_id, style=item.style))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        await bot.handle_button(interaction, self.item.custom_id or "")  # type: ignore[attr-defined]
