"""The fake's world: users, guilds, roles, channels, messages, attachments, interactions.

These are plain records owned by one `FakeDiscord`; tests read them to assert on what the bot
did. Driver actions (slash commands, clicks, ...) live on `User` and delegate to the fake.
"""

from __future__ import annotations

import copy
import struct
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator

from .validation import FLAG_EPHEMERAL, FLAG_LOADING

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord, Reply, Choices

# Channel types
TEXT, DM, CATEGORY, NEWS, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 4, 5, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD, 10)

# Permission bits used by the helpers
P = {
    "create_instant_invite": 1 << 0, "kick_members": 1 << 1, "ban_members": 1 << 2, "administrator": 1 << 3,
    "manage_channels": 1 << 4, "manage_guild": 1 << 5, "add_reactions": 1 << 6, "view_channel": 1 << 10,
    "send_messages": 1 << 11, "manage_messages": 1 << 13, "embed_links": 1 << 14, "attach_files": 1 << 15,
    "read_message_history": 1 << 16, "mention_everyone": 1 << 17, "use_external_emojis": 1 << 18,
    "manage_roles": 1 << 28, "use_application_commands": 1 << 31, "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35, "create_private_threads": 1 << 36, "send_messages_in_threads": 1 << 38,
    "moderate_members": 1 << 40,
}
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_PERMISSIONS = (
    P["create_instant_invite"] | P["add_reactions"] | P["view_channel"] | P["send_messages"] | P["embed_links"]
    | P["attach_files"] | P["read_message_history"] | P["use_external_emojis"] | P["use_application_commands"]
    | P["create_public_threads"] | P["send_messages_in_threads"]
)
MODERATOR_PERMISSIONS = EVERYONE_PERMISSIONS | P["manage_messages"] | P["manage_channels"] | P["manage_guild"] | P["kick_members"] | P["manage_threads"] | P["moderate_members"]
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P["manage_messages"] | P["manage_threads"] | P["create_private_threads"]


@dataclass(eq=False)
class User:
    fake: "FakeDiscord" = field(repr=False)
    id: int
    username: str
    global_name: str | None = None
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True  # False: the bot gets 403 50007 when it tries to DM this user

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    def to_payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "username": self.username, "discriminator": "0", "global_name": self.global_name,
            "avatar": None, "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    # -- driver actions (documented in tests/fakediscord/README.md) --------------------------

    @property
    def dm_channel(self) -> "Channel":
        """The DM channel between this user and the bot (created on first use)."""
        return self.fake.dm_channel(self)

    async def slash(self, channel: "Channel", command: str, /, *, options: dict[str, Any] | None = None,
                    wait: str | bool = "answer", timeout: float | None = None, locale: str | None = None,
                    check_available: bool = True, **kwargs: Any) -> "Reply":
        """Run `/command` (subcommands as "group sub") with options as keyword arguments."""
        return await self.fake._inject_command(self, channel, command, {**(options or {}), **kwargs}, wait=wait,
                                               timeout=timeout, locale=locale, check_available=check_available)

    async def autocomplete(self, channel: "Channel", command: str, option: str, typed: str = "", /, *,
                           options: dict[str, Any] | None = None, timeout: float | None = None,
                           locale: str | None = None, **kwargs: Any) -> "Choices":
        """Type `typed` into `option` of /command and return the bot's suggestions."""
        return await self.fake._inject_autocomplete(self, channel, command, option, typed, {**(options or {}), **kwargs},
                                                    timeout=timeout, locale=locale)

    async def click(self, message: "Message | Reply", label: str | None = None, /, *, custom_id: str | None = None,
                    emoji: str | None = None, index: int | None = None, wait: str | bool = "answer",
                    timeout: float | None = None, locale: str | None = None) -> "Reply":
        """Press a button on a message (chosen by label, custom_id, emoji or position)."""
        return await self.fake._inject_click(self, message, label=label, custom_id=custom_id, emoji=emoji, index=index,
                                             wait=wait, timeout=timeout, locale=locale)

    async def select(self, message: "Message | Reply", values: list[Any], /, *, custom_id: str | None = None,
                     wait: str | bool = "answer", timeout: float | None = None, locale: str | None = None) -> "Reply":
        """Choose `values` in a select menu of a message (strings; fake Users/Roles/Channels for
        user/role/mentionable/channel selects)."""
        return await self.fake._inject_select(self, message, values, custom_id=custom_id, wait=wait, timeout=timeout, locale=locale)

    async def submit_modal(self, modal_reply: "Reply", values: dict[str, str], /, *, wait: str | bool = "answer",
                           timeout: float | None = None, locale: str | None = None) -> "Reply":
        """Fill the text inputs (by custom_id) of the modal the bot opened and submit it."""
        return await self.fake._inject_modal_submit(self, modal_reply, values, wait=wait, timeout=timeout, locale=locale)

    async def say(self, channel: "Channel", content: str) -> "Message":
        """Post a plain user message (dispatched to the bot as MESSAGE_CREATE, intents permitting)."""
        return await self.fake._user_message(self, channel, content)


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "name": self.name, "color": 0, "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False, "icon": None, "unicode_emoji": None, "position": self.position,
            "permissions": str(self.permissions), "managed": False, "mentionable": False, "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: "Guild" = field(repr=False)
    roles: list[Role] = field(default_factory=list)
    nick: str | None = None
    joined_at: float = 0.0

    @property
    def permissions(self) -> int:
        if self.guild.owner is self.user:
            return ALL_PERMISSIONS
        perms = self.guild.everyone.permissions
        for r in self.roles:
            perms |= r.permissions
        return ALL_PERMISSIONS if perms & P["administrator"] else perms

    def to_payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        from .util import iso

        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles], "nick": self.nick, "avatar": None, "banner": None,
            "joined_at": iso(self.joined_at), "premium_since": None, "deaf": False, "mute": False, "flags": 0,
            "pending": False, "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.to_payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class Guild:
    fake: "FakeDiscord" = field(repr=False)
    id: int
    name: str
    owner: User
    locale: str = "en-US"
    everyone: Role = None  # type: ignore[assignment]
    roles: list[Role] = field(default_factory=list)
    channels: list["Channel"] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    created_at: float = 0.0

    def channel(self, name: str, *, kind: int = TEXT, topic: str | None = None) -> "Channel":
        """Get or create a text channel by name (live CHANNEL_CREATE if the bot is connected)."""
        for c in self.channels:
            if c.name == name and c.type not in THREAD_TYPES:
                return c
        return self.fake._create_channel(self, name, kind=kind, topic=topic)

    def thread(self, name: str) -> "Channel | None":
        """A thread (created by the bot or the test) in this guild, by name."""
        return next((c for c in self.channels if c.name == name and c.type in THREAD_TYPES), None)

    def role(self, name: str, permissions: int | None = None) -> Role:
        """Get or create a role by name."""
        for r in self.roles:
            if r.name == name:
                if permissions is not None:
                    r.permissions = permissions
                return r
        return self.fake._create_role(self, name, permissions or 0)

    def add_member(self, user: User, *, roles: tuple[Role, ...] | list[Role] = (), nick: str | None = None) -> Member:
        """Make `user` a member (idempotent; roles are added)."""
        return self.fake._add_member(self, user, list(roles), nick)

    def add_moderator(self, user: User) -> Member:
        """Make `user` a member holding the "Moderator" role (manage guild/channels/messages, kick, ...)."""
        return self.add_member(user, roles=[self.role("Moderator", MODERATOR_PERMISSIONS)])

    def member(self, user: User) -> Member | None:
        return self.members.get(user.id)

    @property
    def text_channels(self) -> list["Channel"]:
        return [c for c in self.channels if c.type == TEXT]

    @property
    def threads(self) -> list["Channel"]:
        return [c for c in self.channels if c.type in THREAD_TYPES]


@dataclass(eq=False)
class Channel:
    fake: "FakeDiscord" = field(repr=False)
    id: int
    type: int
    name: str | None
    guild: Guild | None = field(default=None, repr=False)
    parent: "Channel | None" = field(default=None, repr=False)
    recipient: User | None = None
    owner_id: int | None = None
    topic: str | None = None
    archived: bool = False
    locked: bool = False
    overwrites: list[dict[str, Any]] = field(default_factory=list)   # permission overwrites
    auto_archive_duration: int = 1440
    created_at: float = 0.0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def messages(self, *, include_ephemeral: bool = False) -> list["Message"]:
        return self.fake.messages(self, include_ephemeral=include_ephemeral)

    def only_for(self, *roles: Role) -> None:
        """Hide this channel from @everyone and show it to ``roles`` (permission overwrites for
        View Channel), sent to the bot as CHANNEL_UPDATE."""
        view = str(1 << 10)
        assert self.guild is not None and not self.is_thread
        self.overwrites = [{"id": str(self.guild.id), "type": 0, "allow": "0", "deny": view}]
        self.overwrites += [{"id": str(role.id), "type": 0, "allow": view, "deny": "0"} for role in roles]
        self.fake._dispatch_nowait(self.guild.id, "CHANNEL_UPDATE", self.to_payload())

    def to_payload(self) -> dict[str, Any]:
        from .util import iso

        if self.type == DM:
            return {"id": str(self.id), "type": DM, "last_message_id": None, "flags": 0,
                    "recipients": [self.recipient.to_payload()] if self.recipient else []}
        data: dict[str, Any] = {
            "id": str(self.id), "type": self.type, "name": self.name, "guild_id": str(self.guild.id) if self.guild else None,
            "position": self.guild.channels.index(self) if self.guild and self in self.guild.channels else 0,
            "permission_overwrites": [dict(o) for o in self.overwrites], "nsfw": False, "last_message_id": None, "rate_limit_per_user": 0,
            "parent_id": str(self.parent.id) if self.parent else None, "topic": self.topic, "flags": 0,
        }
        if self.type in THREAD_TYPES:
            data.update({
                "owner_id": str(self.owner_id) if self.owner_id else None, "member_count": 1, "message_count": 0,
                "total_message_sent": 0,
                "thread_metadata": {"archived": self.archived, "locked": self.locked, "auto_archive_duration": self.auto_archive_duration,
                                    "archive_timestamp": iso(self.created_at), "create_timestamp": iso(self.created_at),
                                    "invitable": self.type == PRIVATE_THREAD},
            })
            data.pop("permission_overwrites")
            data.pop("topic")
        return data


def _sniff(data: bytes) -> tuple[str | None, int | None, int | None]:
    """Content type and pixel size for PNG/JPEG/GIF bytes (Discord detects these itself)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return "image/png", w, h
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        w, h = struct.unpack("<HH", data[6:10])
        return "image/gif", w, h
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg", None, None
    return None, None, None


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes = field(repr=False)
    url: str = ""
    description: str | None = None
    declared_content_type: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def content_type(self) -> str | None:
        return _sniff(self.data)[0] or self.declared_content_type

    @property
    def is_png(self) -> bool:
        return _sniff(self.data)[0] == "image/png"

    @property
    def image_size(self) -> tuple[int, int] | None:
        _, w, h = _sniff(self.data)
        return (w, h) if w is not None and h is not None else None

    def to_payload(self, ephemeral: bool = False) -> dict[str, Any]:
        ctype, w, h = _sniff(self.data)
        data: dict[str, Any] = {
            "id": str(self.id), "filename": self.filename, "size": self.size, "url": self.url, "proxy_url": self.url,
            "content_type": ctype or self.declared_content_type or "application/octet-stream",
        }
        if w is not None:
            data["width"], data["height"] = w, h
        if self.description:
            data["description"] = self.description
        if ephemeral:
            data["ephemeral"] = True
        return data


@dataclass(frozen=True)
class Button:
    label: str | None
    custom_id: str | None
    style: int
    emoji: str | None
    disabled: bool
    url: str | None
    row: int

    @classmethod
    def from_payload(cls, c: dict[str, Any], row: int) -> "Button":
        emoji = c.get("emoji") or None
        return cls(c.get("label"), c.get("custom_id"), c.get("style", 1),
                   (emoji.get("name") if isinstance(emoji, dict) else emoji), bool(c.get("disabled")), c.get("url"), row)


def walk_components(components: list[dict[str, Any]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(top-level row index, component) for every component, at any depth (also Components V2)."""
    def rec(items: list[Any], row: int) -> Iterator[tuple[int, dict[str, Any]]]:
        for c in items or []:
            if not isinstance(c, dict):
                continue
            yield row, c
            yield from rec(c.get("components") or [], row)
            for key in ("accessory", "component"):
                if isinstance(c.get(key), dict):
                    yield from rec([c[key]], row)
    for i, top in enumerate(components or []):
        yield from rec([top], i)


@dataclass(eq=False)
class Message:
    """A message as the fake stores it. `kind`: "channel" (channel.send), "response" (the
    interaction's original response), "followup" (webhook followup), "user" (posted by a test user)."""

    fake: "FakeDiscord" = field(repr=False)
    id: int
    channel: Channel = field(repr=False)
    author: User = field(repr=False)
    kind: str
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    interaction: "Interaction | None" = field(default=None, repr=False)
    webhook_id: int | None = None
    message_reference: dict[str, Any] | None = None
    created_at: float = 0.0
    edited_at: float | None = None
    deleted: bool = False
    seq: int = 0
    versions: list[dict[str, Any]] = field(default_factory=list, repr=False)
    version: int = 0  # bumped on every change, including filling a deferred response
    tts: bool = False
    # what the message pings, by Discord's rules for its content and allowed_mentions (see
    # validation.pings): @everyone or @here, role ids, user ids; kept from the latest change
    mention_everyone: bool = False
    mention_roles: list[int] = field(default_factory=list)
    mention_users: list[int] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("thinking") response that has not been filled yet."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edited(self) -> bool:
        return self.edited_at is not None

    @property
    def guild(self) -> Guild | None:
        return self.channel.guild

    @property
    def buttons(self) -> list[Button]:
        return [Button.from_payload(c, row) for row, c in walk_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for _, c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    def button(self, label: str | None = None, *, custom_id: str | None = None, emoji: str | None = None) -> Button:
        """The button with that label / custom_id / emoji (AssertionError listing the buttons if absent)."""
        for b in self.buttons:
            if (label is None or b.label == label) and (custom_id is None or b.custom_id == custom_id) and (emoji is None or b.emoji == emoji):
                return b
        raise AssertionError(f"no button label={label!r} custom_id={custom_id!r} emoji={emoji!r} on message {self.id}; buttons: {self.buttons}")

    @property
    def embed_texts(self) -> list[str]:
        out = []
        for e in self.embeds:
            out += [e.get("title") or "", e.get("description") or ""]
            out += [f"{f.get('name')}\n{f.get('value')}" for f in e.get("fields") or []]
            if e.get("footer"):
                out.append(e["footer"].get("text") or "")
        return [t for t in out if t]

    @property
    def text(self) -> str:
        """Content plus all embed text, for loose assertions."""
        return "\n".join([self.content, *self.embed_texts]).strip()

    @property
    def embed_images(self) -> list[Attachment]:
        """Attachments shown inside embeds (image/thumbnail set to attachment://name)."""
        by_url = {a.url: a for a in self.attachments}
        out = []
        for e in self.embeds:
            for key in ("image", "thumbnail"):
                url = (e.get(key) or {}).get("url")
                if url in by_url:
                    out.append(by_url[url])
        return out

    def attachment(self, filename: str) -> Attachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise AssertionError(f"no attachment {filename!r} on message {self.id}; has {[a.filename for a in self.attachments]}")

    def snapshot(self) -> dict[str, Any]:
        return {"content": self.content, "embeds": copy.deepcopy(self.embeds), "components": copy.deepcopy(self.components),
                "attachments": [a.filename for a in self.attachments], "flags": self.flags, "edited_at": self.edited_at}

    def to_payload(self) -> dict[str, Any]:
        from .util import iso

        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel.id), "author": self.author.to_payload(),
            "content": self.content, "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None, "tts": self.tts,
            "mention_everyone": self.mention_everyone,
            "mentions": [self.fake.users[u].to_payload() for u in self.mention_users if u in self.fake.users],
            "mention_roles": [str(r) for r in self.mention_roles], "mention_channels": [],
            "attachments": [a.to_payload(self.ephemeral) for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds), "pinned": False, "type": 0, "flags": self.flags,
            "components": copy.deepcopy(self.components),
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.message_reference:
            data["message_reference"] = self.message_reference
            data["type"] = 19
        inter = self.interaction
        if inter is not None:
            meta = {"id": str(inter.id), "type": inter.type, "user": inter.user.to_payload(),
                    "authorizing_integration_owners": inter.payload.get("authorizing_integration_owners", {})}
            if inter.type == 2:
                data["type"] = 20
                meta["name"] = inter.command_name
                data["interaction"] = {"id": str(inter.id), "type": inter.type, "name": inter.command_name, "user": inter.user.to_payload()}
            elif inter.type == 3 and inter.target_message is not None:
                meta["interacted_message_id"] = str(inter.target_message.id)
            data["interaction_metadata"] = meta
            if self.kind == "followup":
                data["type"] = 0
        return data


@dataclass
class Violation:
    """Something Discord would reject or that would break for users. `kind` is a short tag."""

    kind: str
    message: str
    interaction_id: int | None = None
    method: str | None = None
    path: str | None = None
    detail: Any = None

    def __str__(self) -> str:
        where = f" [{self.method} {self.path}]" if self.method else ""
        return f"{self.kind}: {self.message}{where}"


@dataclass
class Callback:
    """One POST /interactions/{id}/{token}/callback the bot made, accepted or not."""

    type: int
    data: dict[str, Any] | None
    status: int
    at: float
    error: dict[str, Any] | None = None


@dataclass(eq=False)
class Interaction:
    """An interaction injected by the harness and everything the bot did in answer to it."""

    fake: "FakeDiscord" = field(repr=False)
    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: User
    channel: Channel = field(repr=False)
    payload: dict[str, Any] = field(repr=False)
    created_at: float
    seq: int  # fake.seq at injection (messages with a larger seq came later)
    command_name: str | None = None
    focused_option_type: int | None = None
    target_message: Message | None = field(default=None, repr=False)
    #: the clicked component as the user saw it then (its label: the message may change later)
    component: dict[str, Any] | None = field(default=None, repr=False)
    modal_source: "Interaction | None" = field(default=None, repr=False)
    callbacks: list[Callback] = field(default_factory=list, repr=False)
    response_type: int | None = None
    original: Message | None = field(default=None, repr=False)
    followups: list[Message] = field(default_factory=list, repr=False)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    expired: bool = False  # a callback arrived after the deadline: Discord has discarded it
    violations: list[Violation] = field(default_factory=list, repr=False)
    original_edits: int = 0  # PATCH @original (and type 7 updates) accepted

    @property
    def guild(self) -> Guild | None:
        return self.channel.guild

    @property
    def data(self) -> dict[str, Any]:
        return self.payload.get("data", {})

    @property
    def acked(self) -> bool:
        return self.response_type is not None

    @property
    def rejected_callbacks(self) -> list[Callback]:
        return [c for c in self.callbacks if c.status >= 300]

    def answered(self, mode: str) -> bool:
        """Whether the interaction reached the point `wait=mode` waits for (see Reply)."""
        t = self.response_type
        if t is None:
            return False
        if mode == "ack" or t in (1, 4, 7, 8, 9):
            return True
        if t == 5:
            return self.original is not None and (not self.original.loading or bool(self.followups))
        if t == 6:
            return self.original_edits > 0 or bool(self.followups)
        return True

    def describe(self) -> str:
        what = self.command_name or self.data.get("custom_id") or ""
        cbs = ", ".join(f"type {c.type} -> {c.status}" for c in self.callbacks) or "no callback"
        return (f"interaction {self.id} (type {self.type} {what!r} by {self.user.username} in #{self.channel.name or self.channel.id}): "
                f"{cbs}; response_type={self.response_type}; followups={len(self.followups)}; "
                f"violations={[str(v) for v in self.violations]}")
