"""The fake REST API (/api/v10/...): the routes discord.py calls for a slash-command bot.

Unknown routes are recorded in `fake.unknown_routes` and answered 404 like Discord. Requests
Discord would reject get Discord's status and JSON error body, and are recorded as violations.
Rate-limit headers are omitted (discord.py then never pre-emptively waits).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from aiohttp import web

from .model import DM, PRIVATE_THREAD, PUBLIC_THREAD, TEXT, NEWS, Channel, Interaction, Message
from .util import Problem, error_body, invalid_form_body
from .validation import (CHANNEL_MESSAGE_FLAGS, FLAG_EPHEMERAL, FLAG_LOADING, FLAG_SUPPRESS_EMBEDS,
                         FLAG_SUPPRESS_NOTIFICATIONS, INTERACTION_MESSAGE_FLAGS, allowed_mentions_problems,
                         autocomplete_problems, command_list_problems, command_problems, message_problems,
                         modal_problems)

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord

Files = dict[int, tuple[str, bytes, str | None]]
Handler = Callable[..., Awaitable[web.StreamResponse]]

# Which callback types each interaction type accepts (1 pong is for pings only)
CALLBACKS_FOR = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}
CALLBACK_NAMES = {1: "PONG", 4: "CHANNEL_MESSAGE_WITH_SOURCE", 5: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
                  6: "DEFERRED_UPDATE_MESSAGE", 7: "UPDATE_MESSAGE", 8: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
                  9: "MODAL", 10: "PREMIUM_REQUIRED", 12: "LAUNCH_ACTIVITY"}


def _json(data: Any, status: int = 200) -> web.Response:
    # exactly "application/json": discord.py only decodes JSON for that header value
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def _err(status: int, message: str, code: int, errors: dict[str, Any] | None = None) -> web.Response:
    return _json(error_body(message, code, errors), status)


def _prefixed(problems: list[Problem], prefix: tuple) -> list[Problem]:
    return [Problem(prefix + p.path, p.code, p.message, p.reject) for p in problems]


def _truthy(v: str | None) -> bool:
    return v is not None and v.lower() in ("1", "true")


class RestApi:
    def __init__(self, fake: "FakeDiscord") -> None:
        self.fake = fake
        self.routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        add = self._add
        snow = r"(\d+)"
        # users, application, gateway
        add("GET", r"/users/@me", self.get_me)
        add("PATCH", r"/users/@me", self.get_me)
        add("GET", rf"/users/{snow}", self.get_user)
        add("POST", r"/users/@me/channels", self.create_dm)
        add("GET", r"/applications/@me", self.get_app)
        add("PATCH", r"/applications/@me", self.get_app)
        add("GET", r"/oauth2/applications/@me", self.get_app)
        add("GET", r"/gateway", self.get_gateway, auth=False)
        add("GET", r"/gateway/bot", self.get_gateway_bot)
        # application commands
        for prefix, guild in ((rf"/applications/{snow}", False), (rf"/applications/{snow}/guilds/{snow}", True)):
            add("GET", prefix + r"/commands", self.list_commands)
            add("PUT", prefix + r"/commands", self.put_commands)
            add("POST", prefix + r"/commands", self.post_command)
            add("GET", prefix + rf"/commands/{snow}", self.get_command)
            add("PATCH", prefix + rf"/commands/{snow}", self.patch_command)
            add("DELETE", prefix + rf"/commands/{snow}", self.delete_command)
        add("GET", rf"/applications/{snow}/guilds/{snow}/commands/permissions", self.command_permissions)
        add("GET", rf"/applications/{snow}/guilds/{snow}/commands/{snow}/permissions", self.command_permissions)
        # interactions and their webhooks (no bot authorization, like Discord)
        add("POST", rf"/interactions/{snow}/([^/]+)/callback", self.interaction_callback, auth=False)
        add("POST", rf"/webhooks/{snow}/([^/]+)", self.webhook_execute, auth=False)
        add("GET", rf"/webhooks/{snow}/([^/]+)", self.webhook_get, auth=False)
        for method, handler in (("GET", self.webhook_message_get), ("PATCH", self.webhook_message_edit),
                                ("DELETE", self.webhook_message_delete)):
            add(method, rf"/webhooks/{snow}/([^/]+)/messages/(@original|\d+)", handler, auth=False)
        # channels and messages
        add("GET", rf"/channels/{snow}", self.get_channel)
        add("PATCH", rf"/channels/{snow}", self.patch_channel)
        add("DELETE", rf"/channels/{snow}", self.delete_channel)
        add("GET", rf"/channels/{snow}/messages", self.list_messages)
        add("POST", rf"/channels/{snow}/messages", self.create_message)
        add("POST", rf"/channels/{snow}/messages/bulk-delete", self.bulk_delete)
        add("GET", rf"/channels/{snow}/messages/pins", self.list_pins)
        add("GET", rf"/channels/{snow}/pins", self.list_pins)
        add("PUT", rf"/channels/{snow}/messages/pins/{snow}", self.pin)
        add("DELETE", rf"/channels/{snow}/messages/pins/{snow}", self.pin)
        add("PUT", rf"/channels/{snow}/pins/{snow}", self.pin)
        add("DELETE", rf"/channels/{snow}/pins/{snow}", self.pin)
        add("GET", rf"/channels/{snow}/messages/{snow}", self.get_message)
        add("PATCH", rf"/channels/{snow}/messages/{snow}", self.edit_message)
        add("DELETE", rf"/channels/{snow}/messages/{snow}", self.delete_message)
        add("PUT", rf"/channels/{snow}/messages/{snow}/reactions/([^/]+)/@me", self.reaction)
        add("DELETE", rf"/channels/{snow}/messages/{snow}/reactions/([^/]+)/@me", self.reaction)
        add("POST", rf"/channels/{snow}/typing", self.typing)
        add("POST", rf"/channels/{snow}/threads", self.create_thread)
        add("POST", rf"/channels/{snow}/messages/{snow}/threads", self.create_thread_from_message)
        add("PUT", rf"/channels/{snow}/thread-members/(@me|\d+)", self.thread_member)
        add("DELETE", rf"/channels/{snow}/thread-members/(@me|\d+)", self.thread_member)
        add("GET", rf"/channels/{snow}/thread-members", self.list_thread_members)
        add("GET", rf"/channels/{snow}/threads/archived/(public|private)", self.archived_threads)
        # guilds
        add("GET", rf"/guilds/{snow}", self.get_guild)
        add("GET", rf"/guilds/{snow}/channels", self.guild_channels)
        add("GET", rf"/guilds/{snow}/roles", self.guild_roles)
        add("GET", rf"/guilds/{snow}/members", self.guild_members)
        add("GET", rf"/guilds/{snow}/members/{snow}", self.guild_member)
        add("GET", rf"/guilds/{snow}/threads/active", self.active_threads)
        add("GET", r"/users/@me/guilds", self.my_guilds)

    def _add(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        self.routes.append((method, re.compile(pattern), handler, auth))

    # -- entry ----------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        entry: dict[str, Any] = {"method": request.method, "path": request.path, "query": dict(request.query), "status": None}
        fake.requests.append(entry)
        response = await self._route(request)
        entry["status"] = response.status
        return response

    async def _route(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        path = request.path
        if path.startswith("/attachments/"):
            return self.cdn(request)
        m = re.fullmatch(r"/api(?:/v(\d+))?(/.*)", path)
        if m is None:
            return self._unknown(request)
        if m.group(1) not in (None, "9", "10"):
            fake._violation("api_version", f"API version v{m.group(1)} requested; discord.py 2.x uses v10", request=request)
        sub = m.group(2).rstrip("/") or "/"
        method_mismatch = False
        for method, rx, handler, auth in self.routes:
            mm = rx.fullmatch(sub)
            if mm is None:
                continue
            if method != request.method:
                method_mismatch = True
                continue
            if auth and request.headers.get("Authorization") != f"Bot {fake.token}":
                return _err(401, "401: Unauthorized", 0)
            limited = self._take_rate_limit(request.method, sub)
            if limited is not None:
                return limited
            try:
                return await handler(request, *mm.groups())
            except _BadBody as exc:
                fake._violation("bad_body", str(exc), request=request)
                return _err(400, "400: Bad Request", 0)
            except _TooLarge as exc:
                fake._violation("file_too_large", str(exc), request=request)
                return _err(413, "Request entity too large", 40005)
        if method_mismatch:
            fake.unknown_routes.append((request.method, path))
            fake._notify()
            return _err(405, "405: Method Not Allowed", 0)
        return self._unknown(request)

    def _take_rate_limit(self, method: str, sub: str) -> web.Response | None:
        """Answer 429 if the test armed a rate limit for this route (FakeDiscord.rate_limit_next)."""
        for rule in self.fake._rate_limits:
            if rule["times"] > 0 and rule["method"] in (method, "*") and re.fullmatch(rule["path"], sub):
                rule["times"] -= 1
                self.fake.rate_limited.append((method, sub))
                after = rule["retry_after"]
                body = {"message": "You are being rate limited.", "retry_after": after, "global": rule["global"]}
                headers = {"Content-Type": "application/json", "Via": "1.1 google", "Retry-After": str(max(1, round(after))),
                           "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": str(after),
                           "X-RateLimit-Bucket": "fake-bucket", "X-RateLimit-Scope": "global" if rule["global"] else "user"}
                if rule["global"]:
                    headers["X-RateLimit-Global"] = "true"
                return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)
        return None

    def _unknown(self, request: web.Request) -> web.Response:
        self.fake.unknown_routes.append((request.method, request.path))
        self.fake._notify()
        return _err(404, "404: Not Found", 0)

    async def _body(self, request: web.Request) -> tuple[Any, Files]:
        """JSON body or multipart (payload_json + files[n]); returns (payload, files by index)."""
        files: Files = {}
        ctype = request.content_type
        if ctype.startswith("multipart/"):
            payload: Any = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = part.name or ""  # type: ignore[union-attr]
                if name == "payload_json":
                    try:
                        payload = json.loads(await part.text())  # type: ignore[union-attr]
                    except ValueError as exc:
                        raise _BadBody(f"payload_json is not JSON: {exc}") from None
                    continue
                fm = re.fullmatch(r"files\[(\d+)\]", name) or re.fullmatch(r"file(\d*)", name)
                if fm is None:
                    raise _BadBody(f"unexpected multipart field {name!r}")
                idx = int(fm.group(1) or 0)
                data = bytes(await part.read(decode=False))  # type: ignore[union-attr]
                if len(data) > self.fake.attachment_size_limit:
                    raise _TooLarge(f"{part.filename!r} is {len(data)} bytes; the upload limit is {self.fake.attachment_size_limit}")  # type: ignore[union-attr]
                files[idx] = (part.filename or f"file{idx}", data, part.headers.get("Content-Type"))  # type: ignore[union-attr]
            return payload, files
        raw = await request.read()
        if not raw:
            return {}, files
        try:
            return json.loads(raw), files
        except ValueError as exc:
            raise _BadBody(f"body is not JSON: {exc}") from None

    def _mentions(self, body: Any) -> list[Problem]:
        """allowed_mentions of a message the bot creates or edits (unless the fake was told not to look)."""
        if not self.fake.check_allowed_mentions or not isinstance(body, dict):
            return []
        return allowed_mentions_problems(body)

    def _reject(self, request: web.Request, problems: list[Problem], kind: str, interaction: Interaction | None = None) -> web.Response | None:
        """Record every problem; answer 400 Invalid Form Body when Discord would reject."""
        for p in problems:
            self.fake._violation(kind if p.reject else p.code.lower(), repr(p), interaction=interaction, request=request, detail=p)
        hard = [p for p in problems if p.reject]
        if hard:
            if any(p.code == "EMPTY_MESSAGE" for p in hard):
                return _err(400, "Cannot send an empty message", 50006)
            return _json(invalid_form_body(hard), 400)
        return None

    # -- users, application, gateway ----------------------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        return _json(self.fake.bot_user_payload())

    async def get_user(self, request: web.Request, uid: str) -> web.Response:
        u = self.fake.users.get(int(uid))
        return _json(u.to_payload()) if u else _err(404, "Unknown User", 10013)

    async def get_app(self, request: web.Request) -> web.Response:
        return _json(self.fake.application_payload())

    async def get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return _json({"url": self.fake.gateway_url, "shards": self.fake.recommended_shards,
                      "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}})

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await self._body(request)
        try:
            user = self.fake.users.get(int(body.get("recipient_id")))
        except (TypeError, ValueError):
            user = None
        if user is None or user.bot:
            self.fake._violation("unknown_user", f"create DM with unknown recipient {body.get('recipient_id')!r}", request=request)
            return _json(invalid_form_body([Problem(("recipient_id",), "USER_UNKNOWN", "Unknown user")]), 400)
        return _json(self.fake.dm_channel(user).to_payload())

    # -- commands -------------------------------------------------------------------------------

    def _command_scope(self, request: web.Request, app_id: str, guild_id: str | None) -> tuple[dict[int, dict[str, Any]] | None, web.Response | None]:
        fake = self.fake
        if int(app_id) != fake.application_id:
            fake._violation("unknown_application", f"application id {app_id} is not the bot's ({fake.application_id})", request=request)
            return None, _err(404, "Unknown Application", 10002)
        if guild_id is None:
            return fake._global_commands, None
        if fake._guild_by_id(int(guild_id)) is None:
            fake._violation("missing_access", f"command sync for guild {guild_id}, which the bot is not in", request=request)
            return None, _err(403, "Missing Access", 50001)
        return fake._guild_commands.setdefault(int(guild_id), {}), None

    def _stored(self, cmd: dict[str, Any], guild_id: str | None, existing: dict[int, dict[str, Any]]) -> dict[str, Any]:
        fake = self.fake
        t = cmd.get("type", 1)
        old = next((c for c in existing.values() if c["name"] == cmd.get("name") and c.get("type", 1) == t), None)
        perms = cmd.get("default_member_permissions")
        stored = {
            **cmd, "id": old["id"] if old else str(fake._id()), "application_id": str(fake.application_id),
            "version": str(fake._id()), "type": t, "description": cmd.get("description") or "",
            "default_member_permissions": None if perms is None else str(int(perms)), "nsfw": bool(cmd.get("nsfw")),
        }
        if guild_id is not None:
            stored["guild_id"] = guild_id
        return stored

    def _record_sync(self, request: web.Request, guild_id: str | None, payload: Any, status: int, problems: list[Problem]) -> None:
        self.fake.syncs.append({"guild_id": int(guild_id) if guild_id else None, "method": request.method, "path": request.path,
                                "payload": payload, "status": status, "problems": problems})
        self.fake._notify()

    async def list_commands(self, request: web.Request, app_id: str, guild_id: str | None = None) -> web.Response:
        scope, err = self._command_scope(request, app_id, guild_id)
        return err or _json(list(scope.values()))  # type: ignore[union-attr]

    async def put_commands(self, request: web.Request, app_id: str, guild_id: str | None = None) -> web.Response:
        scope, err = self._command_scope(request, app_id, guild_id)
        body, _ = await self._body(request)
        if err:
            self._record_sync(request, guild_id, body, err.status, [])
            return err
        assert scope is not None
        problems = command_list_problems(body)
        rejected = self._reject(request, problems, "invalid_command")
        if rejected:
            self._record_sync(request, guild_id, body, 400, problems)
            return rejected
        new = [self._stored(c, guild_id, scope) for c in body]
        scope.clear()
        scope.update({int(c["id"]): c for c in new})
        self._record_sync(request, guild_id, body, 200, [])
        return _json(new)

    async def post_command(self, request: web.Request, app_id: str, guild_id: str | None = None) -> web.Response:
        scope, err = self._command_scope(request, app_id, guild_id)
        body, _ = await self._body(request)
        if err:
            self._record_sync(request, guild_id, body, err.status, [])
            return err
        assert scope is not None
        problems = command_problems(body)
        rejected = self._reject(request, problems, "invalid_command")
        if rejected:
            self._record_sync(request, guild_id, body, 400, problems)
            return rejected
        stored = self._stored(body, guild_id, scope)
        created = int(stored["id"]) not in scope
        scope[int(stored["id"])] = stored
        self._record_sync(request, guild_id, body, 201 if created else 200, [])
        return _json(stored, 201 if created else 200)

    async def get_command(self, request: web.Request, app_id: str, *rest: str) -> web.Response:
        guild_id, cmd_id = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        scope, err = self._command_scope(request, app_id, guild_id)
        if err:
            return err
        cmd = scope.get(int(cmd_id))  # type: ignore[union-attr]
        return _json(cmd) if cmd else _err(404, "Unknown application command", 10063)

    async def patch_command(self, request: web.Request, app_id: str, *rest: str) -> web.Response:
        guild_id, cmd_id = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        scope, err = self._command_scope(request, app_id, guild_id)
        body, _ = await self._body(request)
        if err:
            return err
        assert scope is not None
        cmd = scope.get(int(cmd_id))
        if cmd is None:
            return _err(404, "Unknown application command", 10063)
        merged = {k: v for k, v in {**cmd, **body}.items() if k not in ("id", "application_id", "version", "guild_id")}
        problems = command_problems(merged)
        rejected = self._reject(request, problems, "invalid_command")
        if rejected:
            self._record_sync(request, guild_id, body, 400, problems)
            return rejected
        stored = {**self._stored(merged, guild_id, {}), "id": cmd["id"]}
        scope[int(cmd_id)] = stored
        self._record_sync(request, guild_id, body, 200, [])
        return _json(stored)

    async def delete_command(self, request: web.Request, app_id: str, *rest: str) -> web.Response:
        guild_id, cmd_id = (rest[0], rest[1]) if len(rest) == 2 else (None, rest[0])
        scope, err = self._command_scope(request, app_id, guild_id)
        if err:
            return err
        if scope.pop(int(cmd_id), None) is None:  # type: ignore[union-attr]
            return _err(404, "Unknown application command", 10063)
        self._record_sync(request, guild_id, None, 204, [])
        return web.Response(status=204)

    async def command_permissions(self, request: web.Request, *ids: str) -> web.Response:
        return _json([]) if len(ids) == 2 else _err(404, "Unknown application command permissions", 10066)

    # -- interactions ---------------------------------------------------------------------------

    async def interaction_callback(self, request: web.Request, iid: str, token: str) -> web.Response:
        fake = self.fake
        body, files = await self._body(request)
        inter = fake._interactions_by_id.get(int(iid))
        if inter is None or inter.token != token:
            fake._violation("unknown_interaction", f"callback for unknown interaction {iid} (or wrong token)", request=request)
            return _err(404, "Unknown interaction", 10062)
        cb_type = body.get("type") if isinstance(body, dict) else None
        data = body.get("data") if isinstance(body, dict) else None
        from .model import Callback

        cb = Callback(cb_type, data, 0, fake.clock())
        inter.callbacks.append(cb)

        def fail(resp: web.Response) -> web.Response:
            cb.status = resp.status
            try:
                cb.error = json.loads(resp.body)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                cb.error = None
            fake._notify()
            return resp

        elapsed = fake.clock() - inter.created_at
        if inter.expired or elapsed > fake.interaction_deadline:
            first = not inter.expired
            inter.expired = True
            if first:
                fake._violation("late_response", f"interaction answered {elapsed:.2f}s after it was created; Discord allows "
                                f"{fake.interaction_deadline:g}s (defer first when work may take longer)", interaction=inter, request=request)
            return fail(_err(404, "Unknown interaction", 10062))
        if inter.acked:
            fake._violation("already_acknowledged", f"second callback (type {cb_type}) for an interaction already answered with "
                            f"type {inter.response_type}", interaction=inter, request=request)
            return fail(_err(400, "Interaction has already been acknowledged.", 40060))
        allowed = set(CALLBACKS_FOR.get(inter.type, set()))
        if inter.type == 5 and (inter.modal_source is None or inter.modal_source.type != 3):
            allowed -= {6, 7}
        if cb_type not in allowed:
            fake._violation("invalid_callback_type", f"callback type {cb_type} ({CALLBACK_NAMES.get(cb_type, '?')}) is not valid for "
                            f"interaction type {inter.type}; allowed {sorted(allowed)}", interaction=inter, request=request)
            return fail(_json(invalid_form_body([Problem(("type",), "INTERACTION_RESPONSE_TYPE_INVALID",
                                                         "Interaction response type is invalid for this interaction")]), 400))
        data = data if isinstance(data, dict) else {}
        target = inter.target_message if inter.type == 3 else (inter.modal_source.target_message if inter.modal_source else None)

        if cb_type == 4:
            names = fake._attachment_names(data, files, None)
            rejected = self._reject(request, _prefixed(message_problems(data, names, allowed_flags=INTERACTION_MESSAGE_FLAGS, creating=True)
                                                       + self._mentions(data), ("data",)), "invalid_message", inter)
            if rejected:
                return fail(rejected)
            flags = (data.get("flags") or 0) & INTERACTION_MESSAGE_FLAGS
            inter.original = fake._new_message(inter.channel, fake.bot, "response", data, files, interaction=inter, flags=flags)
        elif cb_type == 5:
            flags = FLAG_LOADING | ((data.get("flags") or 0) & FLAG_EPHEMERAL)
            inter.original = fake._new_message(inter.channel, fake.bot, "response", {}, {}, interaction=inter, flags=flags)
        elif cb_type == 6:
            inter.original = target
        elif cb_type == 7:
            assert target is not None
            names = fake._attachment_names(data, files, target.attachments)
            rejected = self._reject(request, _prefixed(message_problems(data, names, allowed_flags=INTERACTION_MESSAGE_FLAGS, creating=False)
                                                       + self._mentions(data), ("data",)), "invalid_message", inter)
            if rejected:
                return fail(rejected)
            fake._apply_edit(target, data, files)
            inter.original = target
            inter.original_edits += 1
        elif cb_type == 8:
            rejected = self._reject(request, autocomplete_problems(data, inter.focused_option_type), "invalid_autocomplete", inter)
            if rejected:
                return fail(rejected)
            inter.choices = list(data.get("choices") or [])
        elif cb_type == 9:
            rejected = self._reject(request, _prefixed(modal_problems(data), ()), "invalid_modal", inter)
            if rejected:
                return fail(rejected)
            inter.modal = data
        cb.status = 200 if _truthy(request.query.get("with_response")) else 204
        inter.response_type = cb_type
        fake._notify()
        if cb.status == 204:
            return web.Response(status=204)
        result: dict[str, Any] = {"interaction": {"id": str(inter.id), "type": inter.type,
                                                  "response_message_loading": cb_type == 5,
                                                  "response_message_ephemeral": bool(inter.original and inter.original.ephemeral)},
                                  "resource": {"type": cb_type}}
        if inter.original is not None and cb_type in (4, 5, 7):
            result["interaction"]["response_message_id"] = str(inter.original.id)
            result["resource"]["message"] = inter.original.to_payload()
        return _json(result)

    def _webhook_interaction(self, request: web.Request, app_id: str, token: str) -> tuple[Interaction | None, web.Response | None]:
        fake = self.fake
        inter = fake._interactions_by_token.get(token)
        if int(app_id) != fake.application_id or inter is None:
            fake._violation("unknown_webhook", f"webhook {app_id}/{token[:12]}... is not an interaction webhook of this application",
                            request=request)
            return None, _err(404, "Unknown Webhook", 10015)
        age = fake.clock() - inter.created_at
        if age > fake.token_lifetime:
            fake._violation("token_expired", f"interaction token used {age:.0f}s after the interaction; tokens are valid for "
                            f"{fake.token_lifetime:g}s", interaction=inter, request=request)
            return None, _err(401, "Invalid Webhook Token", 50027)
        if not inter.acked or inter.type == 4:
            fake._violation("webhook_before_ack", "followup/original-response request before the interaction was acknowledged "
                            "(respond or defer first)", interaction=inter, request=request)
            return None, _err(404, "Unknown Webhook", 10015)
        return inter, None

    async def webhook_get(self, request: web.Request, app_id: str, token: str) -> web.Response:
        inter, err = self._webhook_interaction(request, app_id, token)
        if err:
            return err
        return _json({"id": str(self.fake.application_id), "type": 3, "name": self.fake.bot.global_name, "avatar": None,
                      "channel_id": None, "guild_id": None, "application_id": str(self.fake.application_id), "token": token})

    async def webhook_execute(self, request: web.Request, app_id: str, token: str) -> web.Response:
        fake = self.fake
        body, files = await self._body(request)
        inter, err = self._webhook_interaction(request, app_id, token)
        if err:
            return err
        assert inter is not None
        original = inter.original
        filling = inter.response_type == 5 and original is not None and original.loading
        names = fake._attachment_names(body, files, None)
        rejected = self._reject(request, message_problems(body, names, allowed_flags=INTERACTION_MESSAGE_FLAGS, creating=True)
                                + self._mentions(body), "invalid_message", inter)
        if rejected:
            return rejected
        wanted = (body.get("flags") or 0) & FLAG_EPHEMERAL
        if filling:
            assert original is not None
            if bool(wanted) != original.ephemeral:
                fake._violation("ephemeral_mismatch", f"the first followup after a defer replaces the 'thinking' message and keeps the "
                                f"defer's visibility: asked ephemeral={bool(wanted)} but it is shown ephemeral={original.ephemeral} "
                                "(pass ephemeral to defer())", interaction=inter, request=request)
            fake._apply_edit(original, body, files, fill=True)
            msg = original
        else:
            flags = (body.get("flags") or 0) & (FLAG_EPHEMERAL | FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS)
            msg = fake._new_message(inter.channel, fake.bot, "followup", body, files, interaction=inter, flags=flags)
            inter.followups.append(msg)
            fake._notify()
        if _truthy(request.query.get("wait")):
            return _json(msg.to_payload())
        return web.Response(status=204)

    def _webhook_target(self, request: web.Request, inter: Interaction, mid: str) -> tuple[Message | None, web.Response | None]:
        if mid == "@original":
            msg = inter.original if inter.response_type in (4, 5, 6, 7) else None
        else:
            msg = next((m for m in [inter.original, *inter.followups] if m is not None and m.id == int(mid)), None)
        if msg is None or msg.deleted:
            self.fake._violation("unknown_message", f"webhook message {mid} does not exist for this interaction", interaction=inter, request=request)
            return None, _err(404, "Unknown Message", 10008)
        return msg, None

    async def webhook_message_get(self, request: web.Request, app_id: str, token: str, mid: str) -> web.Response:
        inter, err = self._webhook_interaction(request, app_id, token)
        if err:
            return err
        msg, err = self._webhook_target(request, inter, mid)  # type: ignore[arg-type]
        return err or _json(msg.to_payload())  # type: ignore[union-attr]

    async def webhook_message_edit(self, request: web.Request, app_id: str, token: str, mid: str) -> web.Response:
        fake = self.fake
        body, files = await self._body(request)
        inter, err = self._webhook_interaction(request, app_id, token)
        if err:
            return err
        assert inter is not None
        msg, err = self._webhook_target(request, inter, mid)
        if err:
            return err
        assert msg is not None
        names = fake._attachment_names(body, files, msg.attachments)
        rejected = self._reject(request, message_problems(body, names, allowed_flags=INTERACTION_MESSAGE_FLAGS, creating=False)
                                + self._mentions(body), "invalid_message", inter)
        if rejected:
            return rejected
        fake._apply_edit(msg, body, files, fill=msg.loading)
        if msg is inter.original:
            inter.original_edits += 1
            fake._notify()
        return _json(msg.to_payload())

    async def webhook_message_delete(self, request: web.Request, app_id: str, token: str, mid: str) -> web.Response:
        inter, err = self._webhook_interaction(request, app_id, token)
        if err:
            return err
        msg, err = self._webhook_target(request, inter, mid)  # type: ignore[arg-type]
        if err:
            return err
        self.fake._delete_message(msg)  # type: ignore[arg-type]
        return web.Response(status=204)

    # -- channels and messages ------------------------------------------------------------------

    def _channel(self, request: web.Request, cid: str) -> tuple[Channel | None, web.Response | None]:
        c = self.fake.channels.get(int(cid))
        if c is None:
            self.fake._violation("unknown_channel", f"channel {cid} does not exist", request=request)
            return None, _err(404, "Unknown Channel", 10003)
        return c, None

    def _message(self, request: web.Request, channel: Channel, mid: str) -> tuple[Message | None, web.Response | None]:
        msg = self.fake.message(int(mid))
        if msg is None or msg.channel is not channel or msg.deleted or msg.ephemeral:
            self.fake._violation("unknown_message", f"message {mid} not found in channel {channel.id}"
                                 + (" (ephemeral messages are only reachable through the interaction webhook)" if msg is not None and msg.ephemeral else ""),
                                 request=request)
            return None, _err(404, "Unknown Message", 10008)
        return msg, None

    async def get_channel(self, request: web.Request, cid: str) -> web.Response:
        c, err = self._channel(request, cid)
        return err or _json(c.to_payload())  # type: ignore[union-attr]

    async def patch_channel(self, request: web.Request, cid: str) -> web.Response:
        c, err = self._channel(request, cid)
        body, _ = await self._body(request)
        if err:
            return err
        assert c is not None
        if "name" in body:
            if not isinstance(body["name"], str) or not 1 <= len(body["name"]) <= 100:
                return self._reject(request, [Problem(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")], "invalid_channel")  # type: ignore[return-value]
            c.name = body["name"]
        for key in ("archived", "locked"):
            if key in body:
                setattr(c, key, bool(body[key]))
        if "auto_archive_duration" in body:
            c.auto_archive_duration = int(body["auto_archive_duration"])
        if "topic" in body:
            c.topic = body["topic"]
        event = "THREAD_UPDATE" if c.is_thread else "CHANNEL_UPDATE"
        self.fake._dispatch_nowait(c.guild.id if c.guild else None, event, c.to_payload())
        self.fake._notify()
        return _json(c.to_payload())

    async def delete_channel(self, request: web.Request, cid: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        assert c is not None
        if c.guild is not None:
            c.guild.channels.remove(c)
            event = "THREAD_DELETE" if c.is_thread else "CHANNEL_DELETE"
            self.fake._dispatch_nowait(c.guild.id, event, c.to_payload())
        self.fake.channels.pop(c.id, None)
        self.fake._notify()
        return _json(c.to_payload())

    async def list_messages(self, request: web.Request, cid: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        q = request.query
        limit = max(1, min(100, int(q.get("limit", 50))))
        msgs = [m for m in self.fake.messages(c) if not m.loading]
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])][:limit]
        if "around" in q:
            around = int(q["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1):]
            newer = [m for m in msgs if m.id > around][: limit - len(older)]
            msgs = older + newer
        msgs = sorted(msgs, key=lambda m: m.id, reverse=True)[:limit]
        return _json([m.to_payload() for m in msgs])

    async def create_message(self, request: web.Request, cid: str) -> web.Response:
        fake = self.fake
        c, err = self._channel(request, cid)
        body, files = await self._body(request)
        if err:
            return err
        assert c is not None
        if c.type == DM and c.recipient is not None and not c.recipient.dms_open:
            # a user setting, not a bot mistake: answered like Discord, not recorded as a violation
            return _err(403, "Cannot send messages to this user", 50007)
        if c.is_thread and c.locked:
            fake._violation("thread_locked", f"message sent to locked thread {c.name!r}", request=request)
            return _err(400, "Thread is locked", 50083)
        if c.is_thread and c.archived:  # Discord unarchives an unlocked thread when a message is sent
            c.archived = False
            fake._dispatch_nowait(c.guild.id if c.guild else None, "THREAD_UPDATE", c.to_payload())
        names = fake._attachment_names(body, files, None)
        problems = message_problems(body, names, allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=True) + self._mentions(body)
        ref = body.get("message_reference")
        if isinstance(ref, dict) and ref.get("message_id"):
            target = fake.message(int(ref["message_id"]))
            if target is None or target.deleted or target.ephemeral:
                problems.append(Problem(("message_reference",), "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"))
        rejected = self._reject(request, problems, "invalid_message")
        if rejected:
            return rejected
        flags = (body.get("flags") or 0) & CHANNEL_MESSAGE_FLAGS
        msg = fake._new_message(c, fake.bot, "channel", body, files, flags=flags)
        return _json(msg.to_payload())

    async def get_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        msg, err = self._message(request, c, mid)  # type: ignore[arg-type]
        return err or _json(msg.to_payload())  # type: ignore[union-attr]

    async def edit_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        fake = self.fake
        c, err = self._channel(request, cid)
        body, files = await self._body(request)
        if err:
            return err
        msg, err = self._message(request, c, mid)  # type: ignore[arg-type]
        if err:
            return err
        assert msg is not None
        if msg.author is not fake.bot:
            fake._violation("edit_foreign_message", f"the bot tried to edit message {mid} by {msg.author.username}", request=request)
            return _err(403, "Cannot edit a message authored by another user", 50005)
        names = fake._attachment_names(body, files, msg.attachments)
        rejected = self._reject(request, message_problems(body, names, allowed_flags=CHANNEL_MESSAGE_FLAGS, creating=False)
                                + self._mentions(body), "invalid_message")
        if rejected:
            return rejected
        fake._apply_edit(msg, body, files)
        return _json(msg.to_payload())

    async def delete_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        msg, err = self._message(request, c, mid)  # type: ignore[arg-type]
        if err:
            return err
        self.fake._delete_message(msg)  # type: ignore[arg-type]
        return web.Response(status=204)

    async def bulk_delete(self, request: web.Request, cid: str) -> web.Response:
        c, err = self._channel(request, cid)
        body, _ = await self._body(request)
        if err:
            return err
        ids = body.get("messages") or []
        if not 2 <= len(ids) <= 100:
            return self._reject(request, [Problem(("messages",), "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 100 in length.")], "invalid_bulk_delete")  # type: ignore[return-value]
        for mid in ids:
            msg = self.fake.message(int(mid))
            if msg is not None and msg.channel is c:
                self.fake._delete_message(msg)
        return web.Response(status=204)

    async def list_pins(self, request: web.Request, cid: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        return _json({"items": [], "has_more": False} if "messages/pins" in request.path else [])

    async def pin(self, request: web.Request, cid: str, mid: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        _, err = self._message(request, c, mid)  # type: ignore[arg-type]
        return err or web.Response(status=204)

    async def reaction(self, request: web.Request, cid: str, mid: str, emoji: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        _, err = self._message(request, c, mid)  # type: ignore[arg-type]
        return err or web.Response(status=204)

    async def typing(self, request: web.Request, cid: str) -> web.Response:
        _, err = self._channel(request, cid)
        return err or web.Response(status=204)

    def _thread_problems(self, parent: Channel, body: dict[str, Any]) -> list[Problem]:
        problems: list[Problem] = []
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            problems.append(Problem(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."))
        if body.get("auto_archive_duration") not in (None, 60, 1440, 4320, 10080):
            problems.append(Problem(("auto_archive_duration",), "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}."))
        if parent.type not in (TEXT, NEWS):
            problems.append(Problem(("type",), "THREAD_PARENT_INVALID", f"Threads cannot be created in channel type {parent.type}"))
        return problems

    async def create_thread(self, request: web.Request, cid: str) -> web.Response:
        fake = self.fake
        parent, err = self._channel(request, cid)
        body, _ = await self._body(request)
        if err:
            return err
        assert parent is not None and parent.guild is not None
        rejected = self._reject(request, self._thread_problems(parent, body), "invalid_thread")
        if rejected:
            return rejected
        kind = body.get("type") or PRIVATE_THREAD
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            return self._reject(request, [Problem(("type",), "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")], "invalid_thread")  # type: ignore[return-value]
        t = fake._create_channel(parent.guild, body["name"], kind=kind, parent=parent, owner_id=fake.bot.id)
        t.auto_archive_duration = body.get("auto_archive_duration") or 1440
        fake._dispatch_nowait(parent.guild.id, "THREAD_CREATE", {**t.to_payload(), "newly_created": True})
        fake._notify()
        return _json(t.to_payload(), 201)

    async def create_thread_from_message(self, request: web.Request, cid: str, mid: str) -> web.Response:
        fake = self.fake
        parent, err = self._channel(request, cid)
        body, _ = await self._body(request)
        if err:
            return err
        assert parent is not None and parent.guild is not None
        msg, err = self._message(request, parent, mid)
        if err:
            return err
        if int(mid) in fake.channels:
            fake._violation("thread_exists", f"message {mid} already has a thread", request=request)
            return _err(400, "A thread has already been created for this message", 160004)
        rejected = self._reject(request, self._thread_problems(parent, body), "invalid_thread")
        if rejected:
            return rejected
        t = fake._create_channel(parent.guild, body["name"], kind=PUBLIC_THREAD, parent=parent, owner_id=fake.bot.id, cid=int(mid))
        t.auto_archive_duration = body.get("auto_archive_duration") or 1440
        fake._dispatch_nowait(parent.guild.id, "THREAD_CREATE", {**t.to_payload(), "newly_created": True})
        fake._notify()
        return _json(t.to_payload(), 201)

    async def thread_member(self, request: web.Request, cid: str, who: str) -> web.Response:
        c, err = self._channel(request, cid)
        if err:
            return err
        if not c.is_thread:  # type: ignore[union-attr]
            return _err(400, "Invalid thread", 50024)
        return web.Response(status=204)

    async def list_thread_members(self, request: web.Request, cid: str) -> web.Response:
        _, err = self._channel(request, cid)
        return err or _json([])

    async def archived_threads(self, request: web.Request, cid: str, kind: str) -> web.Response:
        parent, err = self._channel(request, cid)
        if err:
            return err
        want = PUBLIC_THREAD if kind == "public" else PRIVATE_THREAD
        threads = [t.to_payload() for t in self.fake.threads(parent) if t.archived and t.type == want]
        return _json({"threads": threads, "members": [], "has_more": False})

    # -- guilds ---------------------------------------------------------------------------------

    def _guild(self, request: web.Request, gid: str):
        g = self.fake._guild_by_id(int(gid))
        if g is None:
            self.fake._violation("unknown_guild", f"guild {gid} does not exist", request=request)
        return g

    async def get_guild(self, request: web.Request, gid: str) -> web.Response:
        g = self._guild(request, gid)
        if g is None:
            return _err(404, "Unknown Guild", 10004)
        data = self.fake.guild_create_payload(g)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large", "member_count"):
            data.pop(key, None)
        data["approximate_member_count"] = len(g.members)
        return _json(data)

    async def guild_channels(self, request: web.Request, gid: str) -> web.Response:
        g = self._guild(request, gid)
        return _json([c.to_payload() for c in g.channels if not c.is_thread]) if g else _err(404, "Unknown Guild", 10004)

    async def guild_roles(self, request: web.Request, gid: str) -> web.Response:
        g = self._guild(request, gid)
        return _json([r.to_payload() for r in g.roles]) if g else _err(404, "Unknown Guild", 10004)

    async def guild_members(self, request: web.Request, gid: str) -> web.Response:
        g = self._guild(request, gid)
        if g is None:
            return _err(404, "Unknown Guild", 10004)
        after = int(request.query.get("after", 0))
        limit = max(1, min(1000, int(request.query.get("limit", 1))))
        members = sorted((m for m in g.members.values() if m.user.id > after), key=lambda m: m.user.id)[:limit]
        return _json([m.to_payload() for m in members])

    async def guild_member(self, request: web.Request, gid: str, uid: str) -> web.Response:
        g = self._guild(request, gid)
        if g is None:
            return _err(404, "Unknown Guild", 10004)
        m = g.members.get(int(uid))
        return _json(m.to_payload()) if m else _err(404, "Unknown Member", 10007)

    async def active_threads(self, request: web.Request, gid: str) -> web.Response:
        g = self._guild(request, gid)
        if g is None:
            return _err(404, "Unknown Guild", 10004)
        return _json({"threads": [t.to_payload() for t in g.threads if not t.archived], "members": []})

    async def my_guilds(self, request: web.Request) -> web.Response:
        return _json([{"id": str(g.id), "name": g.name, "icon": None, "owner": False, "permissions": "0", "features": []}
                      for g in self.fake.guild_list])

    # -- CDN ------------------------------------------------------------------------------------

    def cdn(self, request: web.Request) -> web.Response:
        m = re.fullmatch(r"/attachments/(\d+)/(\d+)/(.+)", request.path)
        att = self.fake._attachments.get(int(m.group(2))) if m else None
        if att is None:
            return self._unknown(request)
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")


class _BadBody(Exception):
    pass


class _TooLarge(Exception):
    pass
