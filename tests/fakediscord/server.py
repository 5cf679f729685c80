"""FakeDiscord: the fake's state, its aiohttp server, and the script-like driver API.

    fake = await FakeDiscord.start()
    guild = fake.guild("Tavern"); chan = guild.channel("game-1"); alice = fake.user("alice", locale="ja")
    bot = await BotProcess.start(fake, "tests.fakediscord.samplebot")
    await fake.wait_ready()
    r = await alice.slash(chan, "place", action="1,0 r1 cn")

See tests/fakediscord/README.md for the whole API.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from typing import Any, AsyncIterator, Callable

from aiohttp import web

from . import driver
from .driver import Choices, FakeTimeout, HarnessError, Reply
from .gateway import (INTENT_DIRECT_MESSAGES, INTENT_GUILD_MEMBERS, INTENT_GUILD_MESSAGES, INTENT_MESSAGE_CONTENT,
                      RECONNECT, HEARTBEAT, Gateway)
from .model import (BOT_PERMISSIONS, DM, EVERYONE_PERMISSIONS, TEXT, Attachment, Channel, Guild, Interaction, Member,
                    Message, Role, User, Violation)
from .rest import RestApi
from .util import SnowflakeFactory, iso
from .validation import FLAG_LOADING, FLAG_SUPPRESS_EMBEDS, pings

__all__ = ["FakeDiscord", "Reply", "Choices", "FakeTimeout", "HarnessError"]

ALL_INTENTS = (1 << 26) - 1


class FakeDiscord:
    """A fake Discord (REST + gateway) for one test; every attribute documented in the README."""

    def __init__(self, *, token: str = "fake-bot-token", shards: int = 1, interaction_deadline: float = 3.0,
                 token_lifetime: float = 15 * 60, heartbeat_interval: float = 41.25, default_timeout: float = 10.0,
                 allowed_intents: int = ALL_INTENTS, bot_name: str = "SampleBot", host: str = "127.0.0.1",
                 attachment_size_limit: int = 10 * 1024 * 1024, check_allowed_mentions: bool = True) -> None:
        self.token = token
        # every message the bot creates or edits must carry allowed_mentions that ping users at most
        self.check_allowed_mentions = check_allowed_mentions
        self.attachment_size_limit = attachment_size_limit  # per file, as Discord's default upload limit
        self.recommended_shards = shards
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = token_lifetime
        self.heartbeat_interval = heartbeat_interval
        self.default_timeout = default_timeout
        self.allowed_intents = allowed_intents
        self.host = host
        self.port = 0
        self._snowflake = SnowflakeFactory()
        self._clock_offset = 0.0
        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._runner: web.AppRunner | None = None

        self.application_id = self._id()
        self.bot = User(self, self.application_id, bot_name.lower(), bot_name, bot=True)
        self.app_owner = User(self, self._id(), "app-owner", "App Owner")
        self.users: dict[int, User] = {self.bot.id: self.bot, self.app_owner.id: self.app_owner}
        self.guild_list: list[Guild] = []
        self.channels: dict[int, Channel] = {}
        self._dm_by_user: dict[int, Channel] = {}
        self.roles: dict[int, Role] = {}

        self.all_messages: list[Message] = []
        self._messages_by_id: dict[int, Message] = {}
        self.seq = 0  # bumped for every stored message (see wait_message / Reply.next_channel_message)
        self.interactions: list[Interaction] = []
        self._interactions_by_id: dict[int, Interaction] = {}
        self._interactions_by_token: dict[str, Interaction] = {}

        self.violations: list[Violation] = []
        self.unknown_routes: list[tuple[str, str]] = []
        self.requests: list[dict[str, Any]] = []  # method, path, status, for every REST call
        self.syncs: list[dict[str, Any]] = []  # every command create/overwrite/edit/delete
        self._global_commands: dict[int, dict[str, Any]] = {}
        self._guild_commands: dict[int, dict[int, dict[str, Any]]] = {}
        self.processes: list[Any] = []  # BotProcess instances attached for diagnostics
        self._rate_limits: list[dict[str, Any]] = []
        self.rate_limited: list[tuple[str, str]] = []  # (method, path) answered 429 on request of the test
        self._attachments: dict[int, Attachment] = {}  # every attachment by id (served at /attachments/...)

        self.gateway = Gateway(self)
        self.rest = RestApi(self)

    # -- lifecycle ----------------------------------------------------------------------------

    @classmethod
    async def start(cls, **kwargs: Any) -> "FakeDiscord":
        """Create the fake and listen on 127.0.0.1 on a free port."""
        fake = cls(**kwargs)
        await fake._listen()
        return fake

    async def _listen(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/resume-gateway", self.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """Stop attached bot processes, close gateway connections and the HTTP server."""
        for proc in list(self.processes):
            with contextlib.suppress(Exception):
                await proc.stop()
        self.gateway.gate.set()
        with contextlib.suppress(Exception):
            await self.gateway.disconnect(code=1001)
        for t in list(self._tasks):
            t.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for _, fut in self._waiters:
            if not fut.done():
                fut.cancel()

    async def __aenter__(self) -> "FakeDiscord":
        if self._runner is None:
            await self._listen()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def start_bot(self, module: str | None = None, *, argv: list[str] | None = None, env: dict[str, str] | None = None,
                        timeout: float = 30.0, shards: list[int] | None = None) -> Any:
        """Start the bot subprocess (see BotProcess.start) and wait until it is READY on the gateway
        (with `shards`: until those shards are, for one of several shard processes)."""
        from .process import BotProcess

        n = self.identify_count
        bot = await BotProcess.start(self, module, argv=argv, env=env)
        await self.wait_ready(timeout, after_identify=n, shards=shards)
        return bot

    # -- addresses ------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """What DISCORD_API_BASE is set to: http://127.0.0.1:PORT"""
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + "/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/resume-gateway"

    def env(self, **extra: str) -> dict[str, str]:
        """Environment variables that point a bot at this fake."""
        return {"DISCORD_API_BASE": self.base_url, "DISCORD_TOKEN": self.token, **extra}

    # -- clock and ids --------------------------------------------------------------------------

    def _id(self) -> int:
        return self._snowflake((time.time() + self._clock_offset) * 1000)

    def clock(self) -> float:
        """Monotonic seconds used for the 3 s and 15 min deadlines (see advance_clock)."""
        return time.monotonic() + self._clock_offset

    def wall(self) -> float:
        return time.time() + self._clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Pretend `seconds` passed: interaction deadlines and webhook token expiry move closer."""
        self._clock_offset += seconds

    # -- world building -------------------------------------------------------------------------

    def user(self, username: str, *, locale: str | None = None, global_name: str | None = None,
             dms_open: bool | None = None) -> User:
        """Get (by username) or create a fake user; attributes passed explicitly are (re)set.
        Defaults for a new user: locale "en-US", global_name = capitalised username, dms_open True."""
        u = next((x for x in self.users.values() if x.username == username and not x.bot), None)
        if u is None:
            u = User(self, self._id(), username, username.capitalize())
            self.users[u.id] = u
        if locale is not None:
            u.locale = locale
        if global_name is not None:
            u.global_name = global_name
        if dms_open is not None:
            u.dms_open = dms_open
        return u

    def guild(self, name: str, *, locale: str = "en-US", owner: User | None = None, shard: int | None = None) -> Guild:
        """Get (by name) or create a guild the bot is in (live GUILD_CREATE when connected).
        `shard`: choose the id so that the guild belongs to that shard of `shards`."""
        for g in self.guild_list:
            if g.name == name:
                return g
        gid = self._id()
        if shard is not None:
            count = max(self.recommended_shards, self.gateway.shard_count)
            if not 0 <= shard < count:
                raise HarnessError(f"shard {shard} does not exist (shard count {count})")
            gid += ((shard - (gid >> 22)) % count) << 22
        owner = owner or self.user("guild-owner")
        everyone = Role(gid, "@everyone", EVERYONE_PERMISSIONS, 0)
        g = Guild(self, gid, name, owner, locale=locale, everyone=everyone, roles=[everyone], created_at=self.wall())
        self.roles[gid] = everyone
        bot_role = Role(self._id(), self.bot.global_name or "bot", BOT_PERMISSIONS, 1)
        g.roles.append(bot_role)
        self.roles[bot_role.id] = bot_role
        g.members[self.bot.id] = Member(self.bot, g, [bot_role], joined_at=self.wall())
        g.members[owner.id] = Member(owner, g, [], joined_at=self.wall())
        self.guild_list.append(g)
        self._dispatch_nowait(g.id, "GUILD_CREATE", self.guild_create_payload(g), only_if_ready=True)
        return g

    def _guild_by_id(self, gid: int) -> Guild | None:
        return next((g for g in self.guild_list if g.id == gid), None)

    def _create_channel(self, guild: Guild, name: str, *, kind: int = TEXT, topic: str | None = None,
                        parent: Channel | None = None, owner_id: int | None = None, cid: int | None = None) -> Channel:
        c = Channel(self, cid or self._id(), kind, name, guild=guild, parent=parent, owner_id=owner_id, topic=topic,
                    created_at=self.wall())
        guild.channels.append(c)
        self.channels[c.id] = c
        if not c.is_thread:
            self._dispatch_nowait(guild.id, "CHANNEL_CREATE", c.to_payload())
        return c

    def _create_role(self, guild: Guild, name: str, permissions: int) -> Role:
        r = Role(self._id(), name, permissions, len(guild.roles))
        guild.roles.append(r)
        self.roles[r.id] = r
        self._dispatch_nowait(guild.id, "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": r.to_payload()})
        return r

    def _add_member(self, guild: Guild, user: User, roles: list[Role], nick: str | None) -> Member:
        m = guild.members.get(user.id)
        if m is None:
            m = guild.members[user.id] = Member(user, guild, [], nick, joined_at=self.wall())
            event = "GUILD_MEMBER_ADD"
        else:
            event = "GUILD_MEMBER_UPDATE"
        for r in roles:
            if r not in m.roles:
                m.roles.append(r)
        if nick is not None:
            m.nick = nick
        self._dispatch_nowait(guild.id, event, {**m.to_payload(), "guild_id": str(guild.id)}, intent=INTENT_GUILD_MEMBERS)
        return m

    def dm_channel(self, user: User) -> Channel:
        c = self._dm_by_user.get(user.id)
        if c is None:
            c = Channel(self, self._id(), DM, None, recipient=user, created_at=self.wall())
            self._dm_by_user[user.id] = c
            self.channels[c.id] = c
        return c

    # -- payloads -------------------------------------------------------------------------------

    def bot_user_payload(self) -> dict[str, Any]:
        return {**self.bot.to_payload(), "bot": True, "verified": True, "mfa_enabled": False, "flags": 0,
                "email": None, "bio": "", "banner": None, "accent_color": None}

    def application_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id), "name": self.bot.global_name, "icon": None, "description": "",
            "summary": "", "type": None, "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
            "bot": self.bot_user_payload(), "owner": self.app_owner.to_payload(), "team": None,
            "verify_key": "0" * 64, "flags": 0, "hook": True, "tags": [], "redirect_uris": [],
            "interactions_endpoint_url": None, "role_connections_verification_url": None,
            "install_params": None, "integration_types_config": {"0": {}}, "approximate_guild_count": len(self.guild_list),
        }

    def guild_create_payload(self, g: Guild) -> dict[str, Any]:
        return {
            "id": str(g.id), "name": g.name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": str(g.owner.id), "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 1, "explicit_content_filter": 0, "roles": [r.to_payload() for r in g.roles],
            "emojis": [], "stickers": [], "features": [], "mfa_level": 0, "application_id": None,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0, "premium_subscription_count": 0,
            "preferred_locale": g.locale, "public_updates_channel_id": None, "max_video_channel_users": 25,
            "nsfw_level": 0, "premium_progress_bar_enabled": False, "safety_alerts_channel_id": None,
            "joined_at": iso(g.created_at), "large": False, "unavailable": False, "member_count": len(g.members),
            "members": [m.to_payload() for m in g.members.values()],
            "channels": [c.to_payload() for c in g.channels if not c.is_thread],
            "threads": [c.to_payload() for c in g.channels if c.is_thread and not c.archived],
            "presences": [], "voice_states": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [], "incidents_data": None,
        }

    # -- records and waiting ----------------------------------------------------------------------

    def _violation(self, kind: str, message: str, *, interaction: Interaction | None = None,
                   request: web.Request | None = None, detail: Any = None) -> Violation:
        v = Violation(kind, message, interaction.id if interaction else None,
                      request.method if request is not None else None, request.path if request is not None else None, detail)
        self.violations.append(v)
        if interaction is not None:
            interaction.violations.append(v)
        self._notify()
        return v

    def _notify(self) -> None:
        still = []
        for pred, fut in self._waiters:
            if fut.done():
                continue
            try:
                ok = pred()
            except Exception as exc:  # surface predicate bugs to the waiting test
                fut.set_exception(exc)
                continue
            if ok:
                fut.set_result(None)
            else:
                still.append((pred, fut))
        self._waiters = still

    async def wait_for(self, predicate: Callable[[], bool], timeout: float | None = None, what: str = "condition") -> None:
        """Wait until `predicate()` is true; it is re-checked whenever the fake records anything."""
        if predicate():
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((predicate, fut))
        timeout = self.default_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(fut, timeout)
        except asyncio.TimeoutError:
            raise FakeTimeout(f"timed out after {timeout}s waiting for {what}" + self._diagnostics()) from None

    def _diagnostics(self) -> str:
        lines = []
        if self.violations:
            lines.append("violations: " + "; ".join(str(v) for v in self.violations[-10:]))
        if self.unknown_routes:
            lines.append(f"unknown routes: {self.unknown_routes[-10:]}")
        for proc in self.processes:
            lines.append(proc.diagnostics())
        return ("\n" + "\n".join(lines)) if lines else ""

    async def wait_ready(self, timeout: float | None = None, *, after_identify: int | None = None,
                         shards: list[int] | None = None) -> None:
        """Wait until every shard has IDENTIFYed and received READY and its GUILD_CREATEs.

        After restarting the bot, pass the `identify_count` read before the restart so that the
        old (dead) session does not count: `n = fake.identify_count; ...; await fake.wait_ready(after_identify=n)`.
        With several bot processes each running some shards, pass `shards` (the shard ids one
        process runs): only those must be ready, each with a session identified after `after_identify`."""
        floor = -1 if after_identify is None else after_identify
        gw = self.gateway
        if shards is not None:
            await self.wait_for(lambda: gw.shards_ready(shards, floor), timeout,
                                f"shards {shards} to connect to the gateway (READY sent)")
            return
        await self.wait_for(lambda: gw.identify_count > floor and gw.all_ready(), timeout,
                            "the bot to connect to the gateway (READY sent)")

    async def wait_synced(self, guild: Guild | None = None, *, names: list[str] | None = None, timeout: float | None = None) -> None:
        """Wait until commands were synced (globally, or for `guild`), optionally containing `names`."""
        def done() -> bool:
            cmds = self.commands if guild is None else self.guild_commands(guild)
            if names is not None:
                return all(n in cmds for n in names)
            scope = None if guild is None else guild.id
            return any(s["guild_id"] == scope and s["status"] < 300 for s in self.syncs)
        await self.wait_for(done, timeout, f"command sync ({'global' if guild is None else guild.name})")

    async def wait_message(self, channel: Channel | None = None, *, check: Callable[[Message], bool] | None = None,
                           since: int = 0, timeout: float | None = None, include_ephemeral: bool = False) -> Message:
        """First message (in `channel`, with seq > `since`, matching `check`), waiting if needed."""
        found: list[Message] = []

        def pred() -> bool:
            for m in self.all_messages:
                if m.seq > since and (channel is None or m.channel is channel) and not m.deleted \
                        and (include_ephemeral or not m.ephemeral) and (check is None or check(m)):
                    found.append(m)
                    return True
            return False
        await self.wait_for(pred, timeout, f"a message in {channel.name if channel else 'any channel'}")
        return found[0]

    # -- read API -------------------------------------------------------------------------------

    def messages(self, channel: Channel | None = None, *, include_ephemeral: bool = False, include_deleted: bool = False) -> list[Message]:
        """Messages in creation order (one channel or all), ephemeral ones only on request."""
        return [m for m in self.all_messages
                if (channel is None or m.channel is channel) and (include_ephemeral or not m.ephemeral)
                and (include_deleted or not m.deleted)]

    def dms(self, user: User) -> list[Message]:
        """Messages in the bot's DM channel with `user`."""
        c = self._dm_by_user.get(user.id)
        return self.messages(c) if c else []

    def message(self, message_id: int) -> Message | None:
        return self._messages_by_id.get(message_id)

    def channel_by_id(self, channel_id: int) -> Channel | None:
        return self.channels.get(channel_id)

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread and (parent is None or c.parent is parent)]

    @property
    def commands(self) -> dict[str, dict[str, Any]]:
        """Global commands as currently registered, by name."""
        return {c["name"]: c for c in self._global_commands.values()}

    def guild_commands(self, guild: Guild) -> dict[str, dict[str, Any]]:
        return {c["name"]: c for c in self._guild_commands.get(guild.id, {}).values()}

    @property
    def resume_count(self) -> int:
        return self.gateway.resume_count

    @property
    def identify_count(self) -> int:
        return self.gateway.identify_count

    @property
    def heartbeat_count(self) -> int:
        return self.gateway.heartbeat_count

    def unanswered(self) -> list[Interaction]:
        """Injected interactions with no accepted callback whose 3 s deadline has passed."""
        now = self.clock()
        return [i for i in self.interactions if i.response_type is None and now > i.created_at + self.interaction_deadline]

    def problems(self) -> list[str]:
        out = [str(v) for v in self.violations]
        out += [f"unknown route: {m} {p}" for m, p in self.unknown_routes]
        out += [f"unanswered: {i.describe()}" for i in self.unanswered() if not i.violations]
        return out

    def assert_clean(self) -> None:
        """Fail if any violation, unknown route or unanswered interaction was recorded."""
        problems = self.problems()
        if problems:
            raise AssertionError("fake Discord recorded problems:\n  " + "\n  ".join(problems))

    def rate_limit_next(self, method: str, path: str, *, retry_after: float = 0.2, times: int = 1, is_global: bool = False) -> None:
        """Answer the next `times` requests matching `method` ("*" = any) and the regex `path`
        (relative to /api/v10, e.g. r"/channels/\\d+/messages") with 429 and `retry_after`."""
        self._rate_limits.append({"method": method, "path": path, "retry_after": retry_after, "times": times, "global": is_global})

    # -- gateway control ------------------------------------------------------------------------

    async def disconnect_gateway(self, code: int = 4000) -> int:
        """Close the bot's gateway connection(s) from the server side (resumable codes by default)."""
        return await self.gateway.disconnect(code)

    @contextlib.asynccontextmanager
    async def gateway_outage(self, code: int = 4000) -> AsyncIterator[None]:
        """Disconnect the bot and hold new gateway connections until the block exits."""
        self.gateway.gate.clear()
        try:
            await self.gateway.disconnect(code)
            yield
        finally:
            self.gateway.gate.set()

    async def send_reconnect(self) -> int:
        """Send op 7 RECONNECT; the client should reconnect and RESUME."""
        return await self.gateway.send_op(RECONNECT, None)

    async def invalidate_session(self, resumable: bool = False) -> int:
        """Send op 9 INVALID_SESSION; with resumable=False the client must IDENTIFY again."""
        return await self.gateway.invalidate(resumable)

    async def request_heartbeat(self) -> int:
        """Send op 1 HEARTBEAT; the client should answer with a heartbeat immediately."""
        return await self.gateway.send_op(HEARTBEAT, None)

    def _dispatch_nowait(self, guild_id: int | None, event: str, data: dict[str, Any], *, intent: int = 0,
                         only_if_ready: bool = False) -> None:
        """Queue a dispatch in sequence order now; writing happens in a background task."""
        gw = self.gateway
        session = gw.session_for(guild_id)
        if session is None or (intent and not session.intents & intent):
            return
        if only_if_ready and not session.ready:
            return
        if event == "GUILD_CREATE" and guild_id is not None:
            session.guild_ids.add(guild_id)
        session.seq += 1
        session.buffer.append({"op": 0, "t": event, "s": session.seq, "d": data})
        self._spawn(gw._flush(session))

    def _spawn(self, coro: Any) -> None:
        try:
            task = asyncio.get_running_loop().create_task(coro)
        except RuntimeError:
            coro.close()
            return
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- messages (shared by REST handlers and the driver) ----------------------------------------

    def _resolve_attachments(self, payload: dict[str, Any], files: dict[int, tuple[str, bytes, str | None]],
                             channel: Channel, existing: list[Attachment] | None) -> list[Attachment]:
        """Discord's attachment rules: the `attachments` array lists kept attachments (by id) and
        new uploads (id = index of files[n]); without the array, uploads are added to what exists."""
        new: list[Attachment] = []
        used: set[int] = set()
        spec = payload.get("attachments")
        if spec is not None:
            keep: list[Attachment] = []
            for entry in spec:
                try:
                    aid = int(entry.get("id"))
                except (TypeError, ValueError):
                    continue
                old = next((a for a in existing or [] if a.id == aid), None)
                if old is not None:
                    keep.append(old)
                elif aid in files:
                    used.add(aid)
                    fname, data, ctype = files[aid]
                    new.append(self._make_attachment(channel, entry.get("filename") or fname, data, ctype, entry.get("description")))
            result = keep + new
        else:
            result = list(existing or [])
        for idx in sorted(files):
            if idx not in used:
                fname, data, ctype = files[idx]
                result.append(self._make_attachment(channel, fname, data, ctype, None))
        return result

    def _make_attachment(self, channel: Channel, filename: str, data: bytes, ctype: str | None, description: str | None) -> Attachment:
        aid = self._id()
        url = f"{self.base_url}/attachments/{channel.id}/{aid}/{filename}"
        att = Attachment(aid, filename, data, url, description, ctype)
        self._attachments[aid] = att
        return att

    @staticmethod
    def _attachment_names(payload: dict[str, Any], files: dict[int, tuple[str, bytes, str | None]],
                          existing: list[Attachment] | None) -> list[str]:
        """Filenames the message carries after the request (for attachment:// checks)."""
        spec = payload.get("attachments")
        names: list[str] = []
        if spec is not None:
            for entry in spec:
                try:
                    aid = int(entry.get("id"))
                except (TypeError, ValueError):
                    continue
                old = next((a for a in existing or [] if a.id == aid), None)
                if old is not None:
                    names.append(old.filename)
                elif aid in files:
                    names.append(entry.get("filename") or files[aid][0])
        else:
            names += [a.filename for a in existing or []]
        names += [f[0] for i, f in files.items() if f[0] not in names]
        return names

    def _rewrite_attachment_urls(self, msg: Message) -> None:
        """attachment://x.png in embeds becomes the attachment's URL, as Discord returns it."""
        by_name = {a.filename: a for a in msg.attachments}
        for e in msg.embeds:
            for key, sub in (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"), ("footer", "icon_url")):
                holder = e.get(key)
                url = holder.get(sub) if isinstance(holder, dict) else None
                if isinstance(url, str) and url.startswith("attachment://"):
                    att = by_name.get(url[len("attachment://"):])
                    if att is not None:
                        holder[sub] = att.url
                        holder["proxy_url"] = att.url
                        if key in ("image", "thumbnail") and att.image_size:
                            holder["width"], holder["height"] = att.image_size

    def _new_message(self, channel: Channel, author: User, kind: str, payload: dict[str, Any],
                     files: dict[int, tuple[str, bytes, str | None]], *, interaction: Interaction | None = None,
                     flags: int | None = None) -> Message:
        msg = Message(self, self._id(), channel, author, kind, created_at=self.wall(), interaction=interaction)
        msg.content = payload.get("content") or ""
        msg.embeds = [dict(e) for e in payload.get("embeds") or []]
        msg.components = list(payload.get("components") or [])
        msg.flags = (payload.get("flags") or 0) if flags is None else flags
        msg.tts = bool(payload.get("tts"))
        msg.mention_everyone, msg.mention_roles, msg.mention_users = pings(msg.content, payload)
        msg.attachments = self._resolve_attachments(payload, files, channel, None)
        if interaction is not None:
            msg.webhook_id = self.application_id
        ref = payload.get("message_reference")
        if isinstance(ref, dict) and ref.get("message_id"):
            msg.message_reference = {"message_id": str(ref["message_id"]), "channel_id": str(ref.get("channel_id") or channel.id),
                                     "guild_id": str(channel.guild.id) if channel.guild else None, "type": 0}
        self._rewrite_attachment_urls(msg)
        self._store(msg)
        return msg

    def _store(self, msg: Message) -> None:
        self.seq += 1
        msg.seq = self.seq
        self.all_messages.append(msg)
        self._messages_by_id[msg.id] = msg
        if not msg.ephemeral and not msg.loading:
            self._dispatch_message_event("MESSAGE_CREATE", msg)
        self._notify()

    def _apply_edit(self, msg: Message, payload: dict[str, Any], files: dict[int, tuple[str, bytes, str | None]],
                    *, fill: bool = False) -> None:
        """PATCH semantics: only fields present change. `fill` = completing a deferred response."""
        was_loading = msg.loading
        msg.versions.append(msg.snapshot())
        if "content" in payload:
            msg.content = payload["content"] or ""
            msg.mention_everyone, msg.mention_roles, msg.mention_users = pings(msg.content, payload)
        if "embeds" in payload:
            msg.embeds = [dict(e) for e in payload["embeds"] or []]
        if "components" in payload:
            msg.components = list(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            # only SUPPRESS_EMBEDS can change on edit; EPHEMERAL/LOADING are fixed by Discord
            msg.flags = (msg.flags & ~FLAG_SUPPRESS_EMBEDS) | (payload["flags"] & FLAG_SUPPRESS_EMBEDS)
        if "attachments" in payload or files:
            msg.attachments = self._resolve_attachments(payload, files, msg.channel, msg.attachments)
        msg.flags &= ~FLAG_LOADING
        if not fill and not was_loading:
            msg.edited_at = self.wall()
        msg.version += 1
        self._rewrite_attachment_urls(msg)
        if not msg.ephemeral:
            self._dispatch_message_event("MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE", msg)
        self._notify()

    def _delete_message(self, msg: Message) -> None:
        msg.deleted = True
        msg.version += 1
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild:
                data["guild_id"] = str(msg.channel.guild.id)
            intent = INTENT_GUILD_MESSAGES if msg.channel.guild else INTENT_DIRECT_MESSAGES
            self._dispatch_nowait(msg.channel.guild.id if msg.channel.guild else None, "MESSAGE_DELETE", data, intent=intent)
        self._notify()

    def _dispatch_message_event(self, event: str, msg: Message) -> None:
        guild = msg.channel.guild
        intent = INTENT_GUILD_MESSAGES if guild else INTENT_DIRECT_MESSAGES
        session = self.gateway.session_for(guild.id if guild else None)
        if session is None or not session.intents & intent:
            return
        data = msg.to_payload()
        if guild is not None and msg.author.id in guild.members:
            data["member"] = guild.members[msg.author.id].to_payload(with_user=False)
        mentioned = f"<@{self.bot.id}>" in msg.content
        if msg.author is not self.bot and not mentioned and not session.intents & INTENT_MESSAGE_CONTENT:
            data.update(content="", embeds=[], attachments=[], components=[])
        self._dispatch_nowait(guild.id if guild else None, event, data, intent=intent)

    async def _user_message(self, user: User, channel: Channel, content: str) -> Message:
        if channel.guild is not None and user.id not in channel.guild.members:
            channel.guild.add_member(user)
        return self._new_message(channel, user, "user", {"content": content}, {})

    # -- driver entry points (see driver.py) ------------------------------------------------------

    async def _inject_command(self, user: User, channel: Channel, command: str, options: dict[str, Any], *, wait: str | bool,
                              timeout: float | None, locale: str | None, check_available: bool) -> Reply:
        inter = driver.build_command(self, user, channel, command, options, locale=locale, check_available=check_available)
        return await self._deliver(inter, wait, timeout)

    async def _inject_autocomplete(self, user: User, channel: Channel, command: str, option: str, typed: str,
                                   options: dict[str, Any], *, timeout: float | None, locale: str | None) -> Choices:
        inter = driver.build_autocomplete(self, user, channel, command, option, typed, options, locale=locale)
        reply = await self._deliver(inter, False, timeout)
        # a bot gets one try at an autocomplete: settle at the first callback, accepted or not
        await self.wait_for(lambda: bool(inter.callbacks) or inter.expired, timeout, f"autocomplete choices for {inter.describe()}")
        return Choices(reply)

    async def _inject_click(self, user: User, message: Message | Reply, *, label: str | None, custom_id: str | None,
                            emoji: str | None, index: int | None, wait: str | bool, timeout: float | None, locale: str | None) -> Reply:
        inter = driver.build_click(self, user, message, label=label, custom_id=custom_id, emoji=emoji, index=index, locale=locale)
        return await self._deliver(inter, wait, timeout)

    async def _inject_select(self, user: User, message: Message | Reply, values: list[str], *, custom_id: str | None,
                             wait: str | bool, timeout: float | None, locale: str | None) -> Reply:
        inter = driver.build_select(self, user, message, values, custom_id=custom_id, locale=locale)
        return await self._deliver(inter, wait, timeout)

    async def _inject_modal_submit(self, user: User, modal_reply: Reply, values: dict[str, str], *, wait: str | bool,
                                   timeout: float | None, locale: str | None) -> Reply:
        inter = driver.build_modal_submit(self, user, modal_reply, values, locale=locale)
        return await self._deliver(inter, wait, timeout)

    def _new_interaction(self, user: User, channel: Channel, itype: int, data: dict[str, Any], *, locale: str | None,
                         message: Message | None = None) -> Interaction:
        iid = self._id()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.application_id), "type": itype, "data": data, "token": token,
            "version": 1, "locale": locale or user.locale, "app_permissions": str(BOT_PERMISSIONS),
            "entitlements": [], "attachment_size_limit": self.attachment_size_limit,
            "channel_id": str(channel.id), "channel": channel.to_payload(),
        }
        if guild is not None:
            member = guild.members.get(user.id) or guild.add_member(user)
            payload.update({"guild_id": str(guild.id), "guild_locale": guild.locale,
                            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
                            "member": member.to_payload(with_permissions=True),
                            "authorizing_integration_owners": {"0": str(guild.id)}, "context": 0})
            payload["channel"]["permissions"] = str(member.permissions)
        else:
            payload.update({"user": user.to_payload(), "authorizing_integration_owners": {"0": "0"}, "context": 1})
        if message is not None:
            payload["message"] = message.to_payload()
        inter = Interaction(self, iid, token, itype, user, channel, payload, created_at=self.clock(), seq=self.seq,
                            target_message=message)
        return inter

    async def _deliver(self, inter: Interaction, wait: str | bool, timeout: float | None) -> Reply:
        session = self.gateway.session_for(inter.guild.id if inter.guild else None)
        if session is None:
            raise HarnessError("no gateway session for this guild's shard: start the bot and await fake.wait_ready() first")
        self.interactions.append(inter)
        self._interactions_by_id[inter.id] = inter
        self._interactions_by_token[inter.token] = inter
        inter.created_at = self.clock()
        await self.gateway.dispatch_to(session, "INTERACTION_CREATE", inter.payload)
        reply = Reply(inter)
        if wait:
            await reply.wait("answer" if wait is True else wait, timeout)
        return reply
