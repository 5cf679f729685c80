"""Commands shaped like the real bot's: actions with autocomplete, boards as PNG attachments,
ephemeral private views, deferred work, persistent buttons, DMs, threads, a modal."""

from __future__ import annotations

import asyncio
import os
import re

import discord
from discord import app_commands
from discord.ext import commands

from ..images import board_png

# 40 candidate actions: more than Discord's 25-choice autocomplete limit
CANDIDATES = [f"{x},{y} r{r}" for x in range(5) for y in range(2) for r in range(4)]
CHOICES = ("cn", "r1", "skip")


def board_file(label: str, name: str = "board.png") -> discord.File:
    import io

    return discord.File(io.BytesIO(board_png(label)), filename=name)


def choice_view(game: int, disabled: str | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for c in CHOICES:
        view.add_item(ChoiceButton(game, c, disabled=(c == disabled)))
    return view


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pick:(?P<game>\d+):(?P<choice>[a-z0-9]+)"):
    """A persistent button: its state lives in the custom_id, so it works after a restart."""

    def __init__(self, game: int, choice: str, *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=choice, custom_id=f"pick:{game}:{choice}", disabled=disabled,
                                           style=discord.ButtonStyle.primary))
        self.game = game
        self.choice = choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> "ChoiceButton":
        return cls(int(match["game"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.choice == "skip":
            # deferred update, then edit the original message with a new attachment
            await interaction.response.defer()
            await interaction.edit_original_response(content=f"game {self.game}: skipped by {interaction.user.display_name}",
                                                     attachments=[board_file("skipped")], view=choice_view(self.game, "skip"))
            return
        await interaction.response.edit_message(
            content=f"game {self.game}: {interaction.user.display_name} picked {self.choice} (pid {os.getpid()})",
            view=choice_view(self.game, self.choice))


class TilePicker(discord.ui.View):
    """A (non-persistent) select menu on an ephemeral message."""

    @discord.ui.select(custom_id="tiles", placeholder="Pick tiles", min_values=1, max_values=2,
                       options=[discord.SelectOption(label=f"Tile {t}", value=t) for t in "abcd"])
    async def tiles(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {', '.join(select.values)}", view=None)


class InvitePicker(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="invite", max_values=3)
    async def invite(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        names = ", ".join(u.display_name for u in select.values)
        await interaction.response.send_message(f"invited {names}")


class Feedback(discord.ui.Modal, title="Feedback"):
    text = discord.ui.TextInput(label="Your feedback", custom_id="feedback-text", max_length=200)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.games = 0

    @app_commands.command(name="place", description="Place a tile")
    @app_commands.describe(action="What to do, in game notation")
    async def place(self, interaction: discord.Interaction, action: str) -> None:
        self.games += 1
        game = interaction.id % 100000
        embed = discord.Embed(title="Board", description=f"{interaction.user.display_name} placed {action}")
        embed.set_image(url="attachment://board.png")
        await interaction.response.send_message(content=f"{interaction.user.mention} placed {action}", embed=embed,
                                                file=board_file(action), view=choice_view(game))

    @place.autocomplete("action")
    async def place_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        matches = [c for c in CANDIDATES if c.startswith(current)]
        return [app_commands.Choice(name=c, value=c) for c in matches[:25]]

    @app_commands.command(name="hand", description="Show your hand (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        title = "あなたの手札" if interaction.locale is discord.Locale.japanese else "Your hand"
        await interaction.response.send_message(title, file=board_file("hand", "hand.png"), ephemeral=True)

    @app_commands.command(name="board", description="Re-post the board (slow render: deferred)")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)  # stands in for rendering off the event loop
        await interaction.followup.send("the board", file=board_file("board"))
        second = await interaction.followup.send("and a second followup", ephemeral=True)
        await second.edit(content="second followup, edited")

    @app_commands.command(name="status", description="Whose turn it is (private)")
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await interaction.edit_original_response(content=f"status for {interaction.user.display_name}: your turn")
        original = await interaction.original_response()
        await interaction.followup.send(f"original said: {original.content}", ephemeral=True)

    game = app_commands.Group(name="game", description="Tables")

    @game.command(name="new", description="Open a table")
    @app_commands.describe(players="Seats", rival="Someone to invite")
    @app_commands.choices(variant=[app_commands.Choice(name="Base game", value="base"), app_commands.Choice(name="River", value="river")])
    async def game_new(self, interaction: discord.Interaction, players: app_commands.Range[int, 2, 6], variant: str = "base",
                       rival: discord.User | None = None) -> None:
        who = f" vs {rival.display_name}" if rival else ""
        await interaction.response.send_message(f"new {variant} table for {players}{who}")

    @game.command(name="announce", description="Post an announcement, edit it, open a thread")
    async def game_announce(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        msg = await channel.send(f"announcement: {text}", file=board_file("announce", "announce.png"))
        await msg.edit(content=f"announcement (edited): {text}")
        thread = await msg.create_thread(name=f"talk-{text}"[:90])
        await thread.send("thread opened")
        extra = await channel.create_thread(name="side-table", type=discord.ChannelType.public_thread)
        await extra.send("side table")
        await interaction.followup.send(f"posted {msg.id} and thread {thread.id}", ephemeral=True)

    @app_commands.command(name="dm", description="Send yourself a DM")
    async def dm(self, interaction: discord.Interaction, text: str) -> None:
        try:
            await interaction.user.send(f"private: {text}", file=board_file("dm", "dm.png"))
        except discord.Forbidden:
            await interaction.response.send_message("I cannot DM you", ephemeral=True)
            return
        await interaction.response.send_message("sent you a DM", ephemeral=True)

    @app_commands.command(name="abort", description="Abort the game (moderators)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def abort(self, interaction: discord.Interaction) -> None:
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message("moderators only", ephemeral=True)
            return
        await interaction.response.send_message(f"aborted by {interaction.user.display_name}")

    @app_commands.command(name="pick", description="Choose tiles from a menu (only you see it)")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose", view=TilePicker(), ephemeral=True)

    @app_commands.command(name="invite", description="Invite players from a menu")
    async def invite(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("who?", view=InvitePicker())

    @app_commands.command(name="feedback", description="Send feedback (opens a form)")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Feedback())

    @app_commands.command(name="whoami", description="Echo the user, locale and place")
    async def whoami(self, interaction: discord.Interaction) -> None:
        where = f"guild {interaction.guild.name}" if interaction.guild else "DM"
        await asyncio.sleep(0.05)
        await interaction.response.send_message(f"{interaction.user.name} {interaction.locale.value} {where} "
                                                f"#{getattr(interaction.channel, 'name', None) or 'dm'}")


    @commands.command(name="ping")
    async def ping(self, ctx: commands.Context) -> None:
        """A text command (the bot is mentioned, so it sees the content without the privileged intent)."""
        await ctx.reply("pong")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
