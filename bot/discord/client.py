"""The discord.py client: cogs, persistent buttons, command sync, the error handler."""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
from typing import TYPE_CHECKING, Any, AsyncIterator, Callable, Coroutine

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.config import Settings
from bot.discord.answers import ButtonAnswer, InFlight, SlashAnswer, fill_thinking
from bot.discord.buttons import TableComponent
from bot.discord.options import conform
from bot.discord.send import PUBLIC_THINKING, USERS_ONLY, kwargs_of, send_replies
from bot.discord.translator import CatalogueTranslator
from bot.i18n import I18n, t
from bot.monitor import LoopMonitor
from bot.table.context import Ctx
from bot.table.typed import clean_name
from bot.presenters.replies import Reply
from bot.service import TableService
from bot.store import Store

log = logging.getLogger(__name__)
COGS = ("bot.discord.cogs.lobby", "bot.discord.cogs.play", "bot.discord.cogs.info", "bot.discord.cogs.admin",
        "bot.discord.cogs.plugins", "bot.discord.cogs.tournament")
SHUTDOWN_GRACE = 30.0      # seconds a stopping bot waits for the answers it is still working on


def point_at_api(base: str | None) -> None:
    """Test-only setting (DISCORD_API_BASE): send REST requests to another Discord API, such as
    the fake one on loopback the end-to-end tests start."""
    if base:
        Route.BASE = base.rstrip("/") + "/api/v10"


async def point_gateway_at_api(client: discord.Client) -> None:
    """With DISCORD_API_BASE set, take the gateway address from that API's /gateway/bot: a plain
    client otherwise connects straight to Discord's default gateway."""
    if os.environ.get("DISCORD_API_BASE"):
        _shards, url, _limits = await client.http.get_bot_gateway()
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)


class BoardTree(app_commands.CommandTree):
    """Checks every slash command before it runs: a command the bot no longer has, or options
    that did not arrive in the declared types (an outdated Discord app, a forged request), get
    a clear private answer instead of an exception."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        data = interaction.data or {}
        typing = interaction.type is discord.InteractionType.autocomplete
        if interaction.type is not discord.InteractionType.application_command and not typing:
            return True
        if data.get("type", 1) != 1:
            return True                 # context menus: the bot has none
        name = str(data.get("name", ""))[:32]
        try:
            command, options = self._get_app_command_options(data)  # type: ignore[arg-type]
        except app_commands.CommandNotFound:
            problem = t("/{command} is not a command of this bot any more. /help lists its commands.", command=name)
        else:
            wrong = conform(command, options, autocomplete=typing)  # type: ignore[arg-type]
            if wrong is None:
                return True
            problem = t("/{command} arrived with the option '{option}' in a form this bot does not expect (perhaps from "
                        "an outdated Discord app). Please run the command again.", command=command.qualified_name,
                        option=wrong)
        if typing:
            await interaction.response.autocomplete([])
        else:
            bot = self.client
            await send_replies(interaction, [Reply([problem], private=True, error=True)], bot.i18n)  # type: ignore[attr-defined]
        return False


def can_view(interaction: discord.Interaction, channel_id: int) -> bool:
    """Whether the user of ``interaction`` may see a channel (or thread) of the same server, by
    its permission overwrites and their roles as Discord sent them with the interaction."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None:
        return False
    if isinstance(channel, discord.Thread) and channel.is_private() and channel.owner_id != member.id:
        return False        # the bot cannot list a private thread's members without more intents
    return channel.permissions_for(member).view_channel


if TYPE_CHECKING:
    from bot.plugins import Plugins

    _Bot = commands.Bot      # what the mixin is combined with (see BoardBot and ShardedBoardBot below)
else:
    _Bot = object


class BoardBotCore(_Bot):
    """The bot's behaviour, for one connection (BoardBot) or Discord's sharding (ShardedBoardBot)."""

    def __init__(self, service: TableService, store: Store, settings: Settings, i18n: I18n, *, force_sync: bool = False,
                 only_sync: bool = False, plugins: Plugins | None = None, monitor: LoopMonitor | None = None,
                 **shard_options) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,  # type: ignore[call-arg]
                         tree_cls=BoardTree, allowed_mentions=USERS_ONLY, **shard_options)
        self.service = service
        self.store = store                  # the service's store: the synced commands' hash
        self.settings = settings
        self.i18n = i18n
        self.force_sync = force_sync
        self.only_sync = only_sync       # boardtable sync: log in, sync the commands, nothing else
        self.plugins = plugins              # bot.plugins.Plugins: timers, ratings, tournaments
        self.monitor = monitor           # event-loop stall figures (config monitor.*), or None
        self.tree.on_error = self.on_app_command_error
        self.in_flight = InFlight(settings.rendering.threads)   # interactions whose service call is running
        self._answering = 0              # interactions not fully answered yet (service call + sending)
        self._all_answered = asyncio.Event()
        self._all_answered.set()
        self._pending: list[tuple[int, list[Reply]]] | None = None     # restore()'s replies, posted once ready

    async def setup_hook(self) -> None:
        if not self.only_sync:
            await point_gateway_at_api(self)
        await self.tree.set_translator(CatalogueTranslator(self.i18n))
        for cog in COGS:
            await self.load_extension(cog)
        self.add_dynamic_items(TableComponent)
        await self.sync_commands()
        if self.only_sync:
            return
        if self.plugins is not None:
            from bot.discord.ports import discord_ports
            self.plugins.ports.update(discord_ports(self))
        self._pending = await self.service.restore()
        if self.plugins is not None:
            await self.plugins.start()

    async def on_ready(self) -> None:
        shards = getattr(self, "shards", None)
        where = f"shards {','.join(map(str, sorted(shards)))} of {self.shard_count}" if shards else "no sharding"
        log.info("connected as %s (%s; %s tables open)", self.user, where, len(list(self.service.live_tables.all())))
        pending, self._pending = self._pending, None
        for channel_id, replies in pending or []:
            try:
                await self.post(channel_id, replies)
            except (discord.NotFound, discord.Forbidden) as error:
                # nobody can read that channel any more: do not try again at every start
                log.warning("channel %s: the turn stored before the restart cannot be announced there: %s", channel_id, error)
                await self.service.announced(replies)
            except discord.HTTPException as error:
                log.warning("channel %s: the turn stored before the restart was not announced (next start tries"
                            " again): %s", channel_id, error)
        if pending is not None:
            log.info("restore: posted in %s channel(s): computer moves, and turns or ends stored but not announced",
                     len(pending))
        if self.monitor is not None:
            self.monitor.ready()

    # -- command sync -------------------------------------------------------------------------
    async def command_payload_hash(self) -> str:
        translator = self.tree.translator
        payload = []
        for command in self.tree.get_commands():
            payload.append(await command.get_translated_payload(self.tree, translator) if translator else command.to_dict(self.tree))
        return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()

    async def sync_commands(self) -> bool:
        """Sync only when the definitions changed (or when forced); returns whether it synced."""
        mode = self.settings.discord.sync_commands
        if mode == "never" and not self.force_sync:
            return False
        digest = await self.command_payload_hash()
        stored = await self.store.get_meta("commands_hash")
        if mode == "auto" and not self.force_sync and stored == digest:
            log.info("commands unchanged; not syncing")
            return False
        await self.tree.sync()
        for guild_id in self.settings.discord.dev_guild_ids:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await self.store.set_meta("commands_hash", digest)
        log.info("commands synced")
        return True

    # -- running service calls ----------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def answering(self) -> AsyncIterator[None]:
        """Counts an interaction until its answer is sent, so that stopping can wait for it."""
        self._answering += 1
        self._all_answered.clear()
        try:
            yield
        finally:
            self._answering -= 1
            if self._answering == 0:
                self._all_answered.set()

    async def close(self) -> None:
        """Stop (SIGTERM, Ctrl-C): first let the interactions being worked on send their answers
        (a move is stored before it is answered, so nothing is lost either way; this spares its
        player a "thinking..." that never ends), then disconnect."""
        if self._answering:
            log.info("stopping: waiting for %s answer(s) in progress", self._answering)
            try:
                await asyncio.wait_for(self._all_answered.wait(), SHUTDOWN_GRACE)
            except asyncio.TimeoutError:
                log.warning("stopping with %s answer(s) still in progress after %.0f s", self._answering, SHUTDOWN_GRACE)
        await super().close()  # type: ignore[misc]

    async def user_locale(self, user_id: int) -> str | None:
        """The user's language as their last interaction said, for what reaches them without one
        (turn DMs); kept in the store, so a restart knows it (None: never seen)."""
        return await self.service.user_language(user_id)

    def ctx(self, interaction: discord.Interaction) -> Ctx:
        """Who asks and where, as the interaction says (the moderator right by config's permission)."""
        permissions = interaction.permissions
        moderator = bool(permissions and getattr(permissions, self.settings.discord.moderator_permission, False))
        user = interaction.user
        name = clean_name(getattr(user, "display_name", None)) or clean_name(user.name) or str(user.id)
        return Ctx(user_id=user.id, name=name,
                   channel_id=interaction.channel_id or 0, guild_id=interaction.guild_id,
                   locale=str(interaction.locale) if interaction.locale else None, is_moderator=moderator,
                   can_view=lambda channel_id: can_view(interaction, channel_id),
                   guild_locale=str(interaction.guild_locale) if interaction.guild_locale else None)

    async def respond(self, interaction: discord.Interaction, call: Callable[[Ctx], Coroutine[Any, Any, list[Reply]]], *,
                      private: bool = False) -> None:
        """A slash command: the service runs ``call`` and answers through the interaction.
        ``private``: the command normally answers only its user (/status, /hand...), so a
        deferral shows "thinking..." only to them."""
        async with self.answering():
            await self.service.serve(self.ctx(interaction), call, SlashAnswer(self.in_flight, self.i18n, interaction, private))

    async def handle_button(self, interaction: discord.Interaction, custom_id: str, values: list[str] | None = None) -> None:
        async with self.answering():
            try:
                await self._handle_button(interaction, custom_id, values)
            except Exception as error:      # the components' counterpart of on_app_command_error
                await self.report_failure(interaction, error)

    async def _handle_button(self, interaction: discord.Interaction, custom_id: str, values: list[str] | None) -> None:
        await self.service.serve(self.ctx(interaction), lambda ctx: self.service.button(ctx, custom_id, values),
                                 ButtonAnswer(self.in_flight, self.i18n, interaction, custom_id, values))

    async def post(self, channel_id: int, replies: list[Reply]) -> None:
        """Post replies to a channel without an interaction (e.g. computer moves after restore)."""
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        guild = getattr(channel, "guild", None)
        server = str(guild.preferred_locale) if guild is not None and guild.preferred_locale else None
        for reply in self.service.in_public_language(channel_id, replies, server_locale=server):
            if not reply.private:
                await channel.send(**kwargs_of(self.i18n, reply, self.settings.locale.default))  # type: ignore[union-attr]
        await self.service.announced(replies)

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await self.report_failure(interaction, error)

    async def report_failure(self, interaction: discord.Interaction, error: Exception) -> None:
        """The one place every failure ends: log it, tell the user briefly and privately."""
        log.error("interaction failed: %s", error, exc_info=error)
        reply = Reply([t("Something went wrong on our side; nothing was changed. Please try again.")], private=True, error=True)
        try:
            public_thinking = interaction.extras.get(PUBLIC_THINKING, False)
            if public_thinking:             # filling it would show the failure to everyone
                await fill_thinking(interaction)
            await send_replies(interaction, [reply], self.i18n)
            if public_thinking:
                await interaction.delete_original_response()
        except discord.HTTPException:
            log.exception("could not report the error to the user")

    async def on_error(self, event_method: str, *args, **kwargs) -> None:  # pragma: no cover - logging only
        log.exception("error in %s", event_method)


class BoardBot(BoardBotCore, commands.Bot):
    """One gateway connection: every guild's events come to this process (no sharding)."""


class ShardedBoardBot(BoardBotCore, commands.AutoShardedBot):
    """Discord's sharding: ``discord.shard_count`` shards (or as many as Discord recommends), of
    which this process runs ``discord.shard_ids`` (all when null)."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s between two shards' IDENTIFYs (Discord's identify rate limit); the
        # test API (DISCORD_API_BASE) has no such limit, so sharded tests start quickly.
        if not os.environ.get("DISCORD_API_BASE"):
            await super().before_identify_hook(shard_id, initial=initial)


def create_bot(service: TableService, store: Store, settings: Settings, i18n: I18n, *, force_sync: bool = False,
               plugins: Plugins | None = None, monitor: LoopMonitor | None = None) -> BoardBot | ShardedBoardBot:
    """A plain bot without ``discord.shard_count``, else an auto-sharded one for this process's shards."""
    if settings.discord.shard_count is None:
        return BoardBot(service, store, settings, i18n, force_sync=force_sync, plugins=plugins, monitor=monitor)
    count = settings.discord.shard_count if isinstance(settings.discord.shard_count, int) else None      # "auto": ask Discord
    ids = list(settings.discord.shard_ids) if settings.discord.shard_ids is not None else None
    return ShardedBoardBot(service, store, settings, i18n, force_sync=force_sync, plugins=plugins, monitor=monitor,
                           shard_count=count, shard_ids=ids)


async def run_discord(service: TableService, store: Store, settings: Settings, i18n: I18n, token: str, force_sync: bool = False,
                      plugins: Plugins | None = None, monitor: LoopMonitor | None = None) -> None:
    point_at_api(os.environ.get("DISCORD_API_BASE"))
    bot = create_bot(service, store, settings, i18n, force_sync=force_sync, plugins=plugins, monitor=monitor)
    async with bot:
        await bot.start(token)


async def sync_commands_once(service: TableService, store: Store, settings: Settings, i18n: I18n, token: str,
                             plugins: Plugins | None = None) -> None:
    """Log in (REST only), sync the slash commands globally and to ``dev_guild_ids``, and close.
    ``plugins``: the plugins whose commands are synced too (not started)."""
    point_at_api(os.environ.get("DISCORD_API_BASE"))
    bot = BoardBot(service, store, settings, i18n, force_sync=True, only_sync=True, plugins=plugins)
    async with bot:
        await bot.login(token)
