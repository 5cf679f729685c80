"""Building the interactions a Discord client would send, and the objects tests get back.

The builders refuse (HarnessError) what the Discord client itself would not let a user do:
unknown commands or options, missing required options, values outside the declared choices or
ranges, clicking a disabled button or someone else's ephemeral message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .model import Attachment, Channel, Interaction, Member, Message, Role, User, walk_components
from .validation import (ATTACHMENT, BOOLEAN, CHANNEL, INTEGER, MENTIONABLE, NUMBER, ROLE, STRING, SUB_COMMAND,
                         SUB_COMMAND_GROUP, USER)

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord


class HarnessError(Exception):
    """The test asked for something a real Discord client would not send."""


class FakeTimeout(AssertionError):
    """A wait on the fake did not complete in time (message includes diagnostics)."""


# ---------------------------------------------------------------------------------------------
# Results


class Reply:
    """What the bot answered to one injected interaction. Live: fields update as the bot acts.

    wait modes: "answer" (default) returns once the user can see an answer: a message (type 4),
    an updated message (7), autocomplete choices (8), a modal (9), a deferred response (5) once
    filled by edit_original_response or a followup, a deferred update (6) once the message was
    edited or a followup sent. "ack" returns at the first accepted callback of any type.
    """

    def __init__(self, interaction: Interaction) -> None:
        self.interaction = interaction

    def __repr__(self) -> str:
        return f"<Reply {self.interaction.describe()}>"

    async def wait(self, mode: str = "answer", timeout: float | None = None) -> "Reply":
        if mode not in ("answer", "ack"):
            raise HarnessError(f"wait mode must be 'answer' or 'ack', not {mode!r}")
        inter = self.interaction
        await inter.fake.wait_for(lambda: inter.answered(mode) or inter.expired, timeout,
                                  f"an answer ({mode}) to {inter.describe()}")
        return self

    # -- state --------------------------------------------------------------------------------

    @property
    def type(self) -> int | None:
        """Accepted callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8 choices, 9 modal."""
        return self.interaction.response_type

    @property
    def ok(self) -> bool:
        return self.interaction.acked and not self.interaction.expired

    @property
    def late(self) -> bool:
        """A callback arrived after the deadline (answered 404 Unknown interaction)."""
        return self.interaction.expired

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def violations(self) -> list:
        return self.interaction.violations

    @property
    def error(self) -> dict[str, Any] | None:
        """Body of the last rejected callback, if any."""
        bad = self.interaction.rejected_callbacks
        return bad[-1].error if bad else None

    @property
    def message(self) -> Message:
        """The message that carries the answer: the original response (4/5) or the updated
        component message (6/7). AssertionError when there is none (e.g. autocomplete)."""
        msg = self.interaction.original
        if msg is None:
            raise AssertionError(f"no response message: {self.interaction.describe()}")
        return msg

    @property
    def followups(self) -> list[Message]:
        return list(self.interaction.followups)

    @property
    def messages(self) -> list[Message]:
        """Every message this interaction produced: the original (if any) then the followups."""
        first = [self.interaction.original] if self.interaction.original is not None and self.type in (4, 5) else []
        return first + self.followups

    @property
    def choices(self) -> list[dict[str, Any]]:
        if self.interaction.choices is None:
            raise AssertionError(f"no autocomplete result: {self.interaction.describe()}")
        return self.interaction.choices

    @property
    def modal(self) -> dict[str, Any]:
        if self.interaction.modal is None:
            raise AssertionError(f"no modal: {self.interaction.describe()}")
        return self.interaction.modal

    # shortcuts onto .message
    content = property(lambda self: self.message.content)
    embeds = property(lambda self: self.message.embeds)
    components = property(lambda self: self.message.components)
    attachments = property(lambda self: self.message.attachments)
    buttons = property(lambda self: self.message.buttons)
    ephemeral = property(lambda self: self.message.ephemeral)
    text = property(lambda self: self.message.text)

    def button(self, label: str | None = None, **kw: Any):
        return self.message.button(label, **kw)

    # -- waiting for more -------------------------------------------------------------------------

    async def wait_followups(self, n: int = 1, timeout: float | None = None) -> list[Message]:
        inter = self.interaction
        await inter.fake.wait_for(lambda: len(inter.followups) >= n, timeout, f"{n} followup(s) to {inter.describe()}")
        return self.followups

    async def answer_message(self, timeout: float | None = None) -> Message:
        """The message that answers, as the user finally sees it. An answer that took longer than
        the bot waits before deferring, to a command whose "thinking..." everyone sees, but which
        only its user may read, comes as a followup after the public placeholder "\u2026" (the
        bot then deletes the placeholder); otherwise it is the response itself."""
        if self.type == 5 and self.message.content == "\u2026":
            return (await self.wait_followups(1, timeout))[-1]
        return self.message

    async def wait_edits(self, n: int = 1, timeout: float | None = None) -> Message:
        """Wait until the answer message was edited (edit_original_response / type 7) `n` times."""
        inter = self.interaction
        await inter.fake.wait_for(lambda: inter.original_edits >= n, timeout, f"{n} edit(s) of the answer to {inter.describe()}")
        return self.message

    async def next_channel_message(self, check: Callable[[Message], bool] | None = None, timeout: float | None = None,
                                   channel: Channel | None = None) -> Message:
        """The first plain channel message (not an interaction response) in this interaction's
        channel created after the interaction was injected."""
        inter = self.interaction
        return await inter.fake.wait_message(channel or inter.channel, since=inter.seq, timeout=timeout,
                                             check=lambda m: m.interaction is None and (check is None or check(m)))


class Choices(list):
    """Autocomplete choices (list of {"name", "value"} dicts) plus `.names`, `.values`, `.reply`."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply.choices if reply.interaction.choices is not None else [])
        self.reply = reply

    def __repr__(self) -> str:
        return f"Choices({list.__repr__(self)}, ok={self.ok}, error={self.error})"

    @property
    def ok(self) -> bool:
        """The bot's autocomplete result was accepted (False: rejected, e.g. 26 choices, or late)."""
        return self.reply.interaction.choices is not None and not self.reply.late

    @property
    def error(self) -> dict[str, Any] | None:
        return self.reply.error

    @property
    def violations(self) -> list:
        return self.reply.violations

    @property
    def names(self) -> list[str]:
        return [c.get("name") for c in self]

    @property
    def values(self) -> list[Any]:
        return [c.get("value") for c in self]


# ---------------------------------------------------------------------------------------------
# Slash commands and autocomplete


def _find_command(fake: "FakeDiscord", user: User, channel: Channel, name: str, check_available: bool) -> tuple[dict[str, Any], bool]:
    guild = channel.guild
    cmd = None
    is_guild_cmd = False
    if guild is not None:
        cmd = next((c for c in fake._guild_commands.get(guild.id, {}).values() if c["name"] == name and c.get("type", 1) == 1), None)
        is_guild_cmd = cmd is not None
    if cmd is None:
        cmd = next((c for c in fake._global_commands.values() if c["name"] == name and c.get("type", 1) == 1), None)
    if cmd is None:
        known = sorted(fake.commands) + (sorted(fake.guild_commands(guild)) if guild else [])
        raise HarnessError(f"/{name} is not a registered command here (registered: {known})")
    if check_available:
        if guild is None:
            contexts = cmd.get("contexts")
            allowed = (1 in contexts) if contexts is not None else cmd.get("dm_permission", True) is not False
            if not allowed or is_guild_cmd:
                raise HarnessError(f"/{name} is not available in DMs (contexts={contexts}, dm_permission={cmd.get('dm_permission')})")
        else:
            contexts = cmd.get("contexts")
            if contexts is not None and 0 not in contexts and not is_guild_cmd:
                raise HarnessError(f"/{name} is not available in guilds (contexts={contexts})")
            needed = cmd.get("default_member_permissions")
            if needed is not None:
                member = guild.members.get(user.id) or guild.add_member(user)
                if int(needed) & ~member.permissions:
                    raise HarnessError(f"Discord hides /{name} from {user.username}: it needs permissions {needed} "
                                       f"(default_member_permissions) and they have {member.permissions}; "
                                       "pass check_available=False to send it anyway")
    return cmd, is_guild_cmd


def _descend(cmd: dict[str, Any], path: list[str]) -> tuple[list[dict[str, Any]], list[tuple[str, int]]]:
    """Walk subcommand groups/subcommands; returns the leaf option definitions and the path."""
    defs = cmd.get("options") or []
    chain: list[tuple[str, int]] = []
    for part in path:
        sub = next((o for o in defs if o.get("name") == part and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            raise HarnessError(f"/{cmd['name']} has no subcommand {part!r} (has {[o['name'] for o in defs if o.get('type') in (1, 2)]})")
        chain.append((part, sub["type"]))
        defs = sub.get("options") or []
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in defs):
        raise HarnessError(f"/{' '.join([cmd['name'], *path])} needs a subcommand: {[o['name'] for o in defs]}")
    return defs, chain


def _wrap(chain: list[tuple[str, int]], leaf: list[dict[str, Any]]) -> list[dict[str, Any]]:
    opts = leaf
    for name, t in reversed(chain):
        opts = [{"name": name, "type": t, "options": opts}]
    return opts


class _Resolved:
    def __init__(self, fake: "FakeDiscord", channel: Channel) -> None:
        self.fake = fake
        self.channel = channel
        self.data: dict[str, dict[str, Any]] = {}

    def add(self, kind: str, key: int, payload: dict[str, Any]) -> None:
        self.data.setdefault(kind, {})[str(key)] = payload

    def user(self, u: User | Member) -> str:
        user = u.user if isinstance(u, Member) else u
        self.add("users", user.id, user.to_payload())
        guild = self.channel.guild
        if guild is not None and user.id in guild.members:
            self.add("members", user.id, guild.members[user.id].to_payload(with_user=False, with_permissions=True))
        return str(user.id)


def _convert(fake: "FakeDiscord", od: dict[str, Any], value: Any, resolved: _Resolved, where: str) -> Any:
    t = od.get("type")
    name = od.get("name")
    if t == STRING:
        if not isinstance(value, str):
            raise HarnessError(f"{where}: option {name!r} takes text, got {value!r}")
        lo, hi = od.get("min_length"), od.get("max_length")
        if (lo is not None and len(value) < lo) or (hi is not None and len(value) > hi) or len(value) > 6000:
            raise HarnessError(f"{where}: {name!r} must be {lo}..{hi} characters long")
    elif t == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise HarnessError(f"{where}: option {name!r} takes an integer, got {value!r}")
    elif t == NUMBER:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise HarnessError(f"{where}: option {name!r} takes a number, got {value!r}")
    elif t == BOOLEAN:
        if not isinstance(value, bool):
            raise HarnessError(f"{where}: option {name!r} takes True/False, got {value!r}")
    elif t == USER:
        if not isinstance(value, (User, Member)):
            raise HarnessError(f"{where}: option {name!r} takes a fake User, got {value!r}")
        return resolved.user(value)
    elif t == CHANNEL:
        if not isinstance(value, Channel):
            raise HarnessError(f"{where}: option {name!r} takes a fake Channel, got {value!r}")
        types = od.get("channel_types")
        if types and value.type not in types:
            raise HarnessError(f"{where}: option {name!r} accepts channel types {types}, not {value.type}")
        p = value.to_payload()
        p["permissions"] = str((1 << 51) - 1)
        resolved.add("channels", value.id, p)
        return str(value.id)
    elif t == ROLE:
        if not isinstance(value, Role):
            raise HarnessError(f"{where}: option {name!r} takes a fake Role, got {value!r}")
        resolved.add("roles", value.id, value.to_payload())
        return str(value.id)
    elif t == MENTIONABLE:
        if isinstance(value, Role):
            resolved.add("roles", value.id, value.to_payload())
            return str(value.id)
        if isinstance(value, (User, Member)):
            return resolved.user(value)
        raise HarnessError(f"{where}: option {name!r} takes a fake User or Role, got {value!r}")
    elif t == ATTACHMENT:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], (bytes, bytearray))):
            raise HarnessError(f"{where}: option {name!r} takes (filename, bytes)")
        att: Attachment = fake._make_attachment(resolved.channel, value[0], bytes(value[1]), None, None)
        resolved.add("attachments", att.id, att.to_payload(ephemeral=True))
        return str(att.id)
    choices = od.get("choices")
    if choices and value not in [c.get("value") for c in choices]:
        raise HarnessError(f"{where}: {value!r} is not one of the choices of {name!r}: {[c.get('value') for c in choices]}")
    lo, hi = od.get("min_value"), od.get("max_value")
    if t in (INTEGER, NUMBER) and ((lo is not None and value < lo) or (hi is not None and value > hi)):
        raise HarnessError(f"{where}: {name!r} must be between {lo} and {hi}")
    return value


def _build_options(fake: "FakeDiscord", channel: Channel, defs: list[dict[str, Any]], given: dict[str, Any],
                   where: str, *, focused: tuple[str, str] | None = None) -> tuple[list[dict[str, Any]], _Resolved]:
    resolved = _Resolved(fake, channel)
    by_name = {o["name"]: o for o in defs}
    for key in given:
        if key not in by_name and (focused is None or key != focused[0]):
            raise HarnessError(f"{where} has no option {key!r} (options: {list(by_name)})")
    out = []
    for od in defs:  # Discord sends options in the order the user filled them; declaration order is fine
        name = od["name"]
        if focused is not None and name == focused[0]:
            if not od.get("autocomplete"):
                raise HarnessError(f"{where}: option {name!r} does not have autocomplete enabled")
            out.append({"name": name, "type": od["type"], "value": focused[1], "focused": True})
            continue
        if name not in given:
            if od.get("required") and focused is None:
                raise HarnessError(f"{where}: required option {name!r} is missing")
            continue
        value = given[name]
        out.append({"name": name, "type": od["type"], "value": _convert(fake, od, value, resolved, where)})
    if focused is not None and focused[0] not in by_name:
        raise HarnessError(f"{where} has no option {focused[0]!r} (options: {list(by_name)})")
    return out, resolved


def _command_data(fake: "FakeDiscord", user: User, channel: Channel, command: str, given: dict[str, Any],
                  check_available: bool, focused: tuple[str, str] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    parts = command.lstrip("/").split()
    if not parts:
        raise HarnessError("empty command name")
    cmd, is_guild_cmd = _find_command(fake, user, channel, parts[0], check_available)
    defs, chain = _descend(cmd, parts[1:])
    leaf, resolved = _build_options(fake, channel, defs, given, "/" + " ".join(parts), focused=focused)
    data: dict[str, Any] = {"id": str(cmd["id"]), "name": cmd["name"], "type": 1, "options": _wrap(chain, leaf)}
    if is_guild_cmd:
        data["guild_id"] = str(channel.guild.id)  # type: ignore[union-attr]
    if resolved.data:
        data["resolved"] = resolved.data
    leaf_def = next((o for o in defs if focused and o["name"] == focused[0]), None)
    return data, leaf_def or {}


def build_command(fake: "FakeDiscord", user: User, channel: Channel, command: str, options: dict[str, Any], *,
                  locale: str | None, check_available: bool) -> Interaction:
    data, _ = _command_data(fake, user, channel, command, options, check_available, None)
    inter = fake._new_interaction(user, channel, 2, data, locale=locale)
    inter.command_name = data["name"]
    return inter


def build_autocomplete(fake: "FakeDiscord", user: User, channel: Channel, command: str, option: str, typed: str,
                       options: dict[str, Any], *, locale: str | None) -> Interaction:
    data, od = _command_data(fake, user, channel, command, options, True, (option, typed))
    inter = fake._new_interaction(user, channel, 4, data, locale=locale)
    inter.command_name = data["name"]
    inter.focused_option_type = od.get("type")
    return inter


# ---------------------------------------------------------------------------------------------
# Components and modals


def _target(fake: "FakeDiscord", user: User, message: "Message | Reply") -> Message:
    msg = message.message if isinstance(message, Reply) else message
    if msg.deleted:
        raise HarnessError(f"message {msg.id} was deleted")
    if msg.ephemeral and msg.interaction is not None and msg.interaction.user is not user:
        raise HarnessError(f"{user.username} cannot see the ephemeral message {msg.id} (it was shown to {msg.interaction.user.username})")
    if msg.loading:
        raise HarnessError(f"message {msg.id} is still a deferred 'thinking' response")
    return msg


def build_click(fake: "FakeDiscord", user: User, message: "Message | Reply", *, label: str | None, custom_id: str | None,
                emoji: str | None, index: int | None, locale: str | None) -> Interaction:
    msg = _target(fake, user, message)
    buttons = [c for _, c in walk_components(msg.components) if c.get("type") == 2]
    if index is not None:
        if not 0 <= index < len(buttons):
            raise HarnessError(f"message {msg.id} has {len(buttons)} buttons; no index {index}")
        matches = [buttons[index]]
    else:
        def emoji_name(c: dict[str, Any]) -> Any:
            e = c.get("emoji")
            return e.get("name") if isinstance(e, dict) else e
        matches = [c for c in buttons
                   if (label is None or c.get("label") == label) and (custom_id is None or c.get("custom_id") == custom_id)
                   and (emoji is None or emoji_name(c) == emoji)]
    if len(matches) != 1:
        desc = [(c.get("label"), c.get("custom_id")) for c in buttons]
        raise HarnessError(f"{'no' if not matches else 'several'} buttons match label={label!r} custom_id={custom_id!r} "
                           f"emoji={emoji!r} on message {msg.id}; buttons: {desc}")
    b = matches[0]
    if b.get("disabled"):
        raise HarnessError(f"button {b.get('label') or b.get('custom_id')!r} is disabled")
    if b.get("style") in (5, 6) or not b.get("custom_id"):
        raise HarnessError(f"button {b.get('label')!r} is a link/premium button; clicking it sends no interaction")
    data: dict[str, Any] = {"custom_id": b["custom_id"], "component_type": 2}
    if b.get("id") is not None:
        data["id"] = b["id"]
    interaction = fake._new_interaction(user, msg.channel, 3, data, locale=locale, message=msg)
    interaction.component = dict(b)
    return interaction


def build_select(fake: "FakeDiscord", user: User, message: "Message | Reply", values: list[Any], *, custom_id: str | None,
                 locale: str | None) -> Interaction:
    msg = _target(fake, user, message)
    selects = [c for _, c in walk_components(msg.components) if c.get("type") in (3, 5, 6, 7, 8)
               and (custom_id is None or c.get("custom_id") == custom_id)]
    if len(selects) != 1:
        raise HarnessError(f"expected one select menu (custom_id={custom_id!r}) on message {msg.id}, found {len(selects)}")
    s = selects[0]
    if s.get("disabled"):
        raise HarnessError(f"select {s.get('custom_id')!r} is disabled")
    lo, hi = s.get("min_values", 1), s.get("max_values", 1)
    if not lo <= len(values) <= hi:
        raise HarnessError(f"select {s.get('custom_id')!r} takes {lo}..{hi} values, got {len(values)}")
    data: dict[str, Any] = {"custom_id": s["custom_id"], "component_type": s["type"]}
    if s["type"] == 3:
        allowed = [o.get("value") for o in s.get("options") or []]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise HarnessError(f"select {s.get('custom_id')!r} has no options {bad} (options: {allowed})")
        data["values"] = list(values)
    else:  # user (5), role (6), mentionable (7), channel (8) selects: fake objects, sent with resolved data
        kind = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}[s["type"]]
        resolved = _Resolved(fake, msg.channel)
        od = {"name": s["custom_id"], "type": kind, "channel_types": s.get("channel_types")}
        data["values"] = [_convert(fake, od, v, resolved, f"select {s['custom_id']!r}") for v in values]
        data["resolved"] = resolved.data
    return fake._new_interaction(user, msg.channel, 3, data, locale=locale, message=msg)


def build_modal_submit(fake: "FakeDiscord", user: User, modal_reply: Reply, values: dict[str, str], *,
                       locale: str | None) -> Interaction:
    source = modal_reply.interaction
    modal = modal_reply.modal
    if source.user is not user:
        raise HarnessError(f"the modal was shown to {source.user.username}, not {user.username}")
    seen: set[str] = set()

    def answer(c: dict[str, Any]) -> dict[str, Any]:
        t = c.get("type")
        if t == 1:
            return {"type": 1, "components": [answer(x) for x in c.get("components") or []]}
        if t == 18:
            return {"type": 18, "id": c.get("id"), "component": answer(c.get("component") or {})}
        cid = c.get("custom_id")
        if t == 4:
            seen.add(cid)
            value = values.get(cid, c.get("value") or "")
            if c.get("required", True) and not value:
                raise HarnessError(f"modal text input {cid!r} is required")
            hi = c.get("max_length")
            if hi is not None and len(value) > hi:
                raise HarnessError(f"modal text input {cid!r} takes at most {hi} characters")
            return {"type": 4, "custom_id": cid, "value": value}
        if t in (3, 5, 6, 7, 8):
            seen.add(cid)
            v = values.get(cid, [])
            return {"type": t, "custom_id": cid, "values": v if isinstance(v, list) else [v]}
        return {"type": t, "id": c.get("id")}

    components = [answer(c) for c in modal.get("components") or []]
    unknown = set(values) - seen
    if unknown:
        raise HarnessError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")
    data = {"custom_id": modal.get("custom_id"), "components": components}
    target = source.target_message if source.type == 3 else None
    inter = fake._new_interaction(user, source.channel, 5, data, locale=locale, message=target)
    inter.modal_source = source
    return inter
