"""The fake's REST and gateway protocol, driven by a raw aiohttp client (no bot process)."""

from __future__ import annotations

import json
import zlib

import aiohttp
import pytest
import pytest_asyncio

from tests.fakediscord import FakeDiscord, HarnessError


@pytest_asyncio.fixture
async def fake():
    # the raw requests here leave allowed_mentions out; test_allowed_mentions_are_checked looks at that
    f = await FakeDiscord.start(token="tok", check_allowed_mentions=False)
    try:
        yield f
    finally:
        await f.close()


@pytest_asyncio.fixture
async def http(fake):
    async with aiohttp.ClientSession(headers={"Authorization": "Bot tok"}) as s:
        yield s


class RawGateway:
    """A minimal gateway client speaking zlib-stream, like discord.py does."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.inflate = zlib.decompressobj()
        self.seq = None

    @classmethod
    async def connect(cls, session: aiohttp.ClientSession, url: str, compress: bool = True) -> "RawGateway":
        q = "?v=10&encoding=json" + ("&compress=zlib-stream" if compress else "")
        return cls(await session.ws_connect(url + q))

    async def recv(self, timeout: float = 5.0) -> dict:
        msg = await self.ws.receive(timeout=timeout)
        if msg.type == aiohttp.WSMsgType.BINARY:
            assert msg.data.endswith(b"\x00\x00\xff\xff")
            data = json.loads(self.inflate.decompress(msg.data))
        elif msg.type == aiohttp.WSMsgType.TEXT:
            data = json.loads(msg.data)
        else:
            return {"closed": self.ws.close_code, "type": msg.type}
        if data.get("s") is not None:
            self.seq = data["s"]
        return data

    async def until(self, event: str) -> dict:
        while True:
            data = await self.recv()
            if data.get("t") == event or "closed" in data:
                return data

    async def send(self, op: int, d) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": d}))

    async def identify(self, token: str = "tok", intents: int = 513) -> dict:
        hello = await self.recv()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await self.send(2, {"token": token, "intents": intents, "properties": {}})
        return await self.recv()


async def test_rest_requires_the_configured_token(fake, http):
    async with aiohttp.ClientSession() as anon:
        async with anon.get(fake.api_base + "/users/@me", headers={"Authorization": "Bot wrong"}) as r:
            assert r.status == 401
            assert r.headers["Content-Type"] == "application/json"
            assert await r.json() == {"message": "401: Unauthorized", "code": 0}
    async with http.get(fake.api_base + "/users/@me") as r:
        me = await r.json()
    assert r.headers["Content-Type"] == "application/json"  # exactly: discord.py only decodes this value
    assert me["id"] == str(fake.application_id) and me["bot"] is True


async def test_unknown_routes_are_recorded_and_answered_like_discord(fake, http):
    async with http.get(fake.api_base + "/guilds/1/audit-logs") as r:
        assert r.status == 404
        assert await r.json() == {"message": "404: Not Found", "code": 0}
    assert fake.unknown_routes == [("GET", "/api/v10/guilds/1/audit-logs")]
    with pytest.raises(AssertionError, match="unknown route"):
        fake.assert_clean()


async def test_gateway_bot_points_back_at_the_fake(fake, http):
    async with http.get(fake.api_base + "/gateway/bot") as r:
        data = await r.json()
    assert data["url"] == fake.gateway_url and data["shards"] == 1
    assert data["session_start_limit"]["max_concurrency"] == 1


async def test_command_sync_validates_and_keeps_ids(fake, http):
    url = f"{fake.api_base}/applications/{fake.application_id}/commands"
    good = [{"name": "place", "description": "Place a tile", "type": 1,
             "options": [{"name": "action", "description": "what", "type": 3, "required": True, "autocomplete": True}]}]
    async with http.put(url, json=good) as r:
        first = await r.json()
    assert r.status == 200 and first[0]["name"] == "place" and first[0]["application_id"] == str(fake.application_id)
    async with http.put(url, json=good) as r:
        second = await r.json()
    assert second[0]["id"] == first[0]["id"]
    bad = [{"name": "Place Tile", "description": "", "type": 1}]
    async with http.put(url, json=bad) as r:
        err = await r.json()
    assert r.status == 400 and err["code"] == 50035
    assert err["errors"]["0"]["name"]["_errors"][0]["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    assert err["errors"]["0"]["description"]["_errors"][0]["code"] == "BASE_TYPE_BAD_LENGTH"
    assert [s["status"] for s in fake.syncs] == [200, 200, 400]
    assert list(fake.commands) == ["place"]  # the rejected sync changed nothing
    assert {v.kind for v in fake.violations} == {"invalid_command"}
    guild = fake.guild("Tavern")
    async with http.put(f"{fake.api_base}/applications/{fake.application_id}/guilds/{guild.id}/commands", json=good) as r:
        assert r.status == 200
    assert list(fake.guild_commands(guild)) == ["place"]
    async with http.put(f"{fake.api_base}/applications/{fake.application_id}/guilds/123/commands", json=good) as r:
        assert r.status == 403 and (await r.json())["code"] == 50001


async def test_multipart_messages_attachments_and_edits(fake, http):
    chan = fake.guild("Tavern").channel("game-1")
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (3).to_bytes(4, "big") + (2).to_bytes(4, "big") + b"\x08\x02\x00\x00\x00"
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "board", "attachments": [{"id": 0, "filename": "board.png"}],
                                               "embeds": [{"title": "B", "image": {"url": "attachment://board.png"}}]}))
    form.add_field("files[0]", png, filename="board.png", content_type="application/octet-stream")
    async with http.post(f"{fake.api_base}/channels/{chan.id}/messages", data=form) as r:
        sent = await r.json()
    assert r.status == 200
    msg = fake.messages(chan)[0]
    assert msg.kind == "channel" and msg.content == "board"
    assert msg.attachments[0].data == png and msg.attachments[0].is_png and msg.attachments[0].image_size == (3, 2)
    assert msg.embed_images == [msg.attachments[0]]
    assert sent["embeds"][0]["image"]["url"] == sent["attachments"][0]["url"]
    async with http.get(sent["attachments"][0]["url"]) as r:
        assert await r.read() == png
    async with http.patch(f"{fake.api_base}/channels/{chan.id}/messages/{sent['id']}", json={"content": "edited"}) as r:
        edited = await r.json()
    assert edited["content"] == "edited" and edited["edited_timestamp"] and len(edited["attachments"]) == 1
    assert msg.edited and msg.versions[0]["content"] == "board"
    async with http.patch(f"{fake.api_base}/channels/{chan.id}/messages/{sent['id']}", json={"attachments": []}) as r:
        assert (await r.json())["attachments"] == []
    async with http.post(f"{fake.api_base}/channels/{chan.id}/messages", json={"content": "x" * 2001}) as r:
        err = await r.json()
    assert r.status == 400 and err["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    async with http.post(f"{fake.api_base}/channels/{chan.id}/messages", json={}) as r:
        assert r.status == 400 and (await r.json())["code"] == 50006
    assert len(fake.messages(chan)) == 1


async def test_allowed_mentions_are_checked(http):
    """Every message the bot creates or edits says who may be pinged, users at most; what a
    message pings follows Discord's rules."""
    async with FakeDiscord(token="tok") as strict:
        guild = strict.guild("Tavern")
        chan, role, alice = guild.channel("game-1"), guild.role("Players"), strict.user("alice")
        text = f"@everyone @here {role.mention} {alice.mention} <@{alice.id + 1}>"
        url = f"{strict.api_base}/channels/{chan.id}/messages"
        cases = [({}, ["allowed_mentions_missing"], (True, [role.id], [alice.id, alice.id + 1])),
                 ({"parse": ["everyone", "users"]}, ["allowed_mentions_too_wide"], (True, [], [alice.id, alice.id + 1])),
                 ({"parse": [], "roles": [str(role.id)]}, ["allowed_mentions_too_wide"], (False, [role.id], [])),
                 ({"parse": ["users"]}, [], (False, [], [alice.id, alice.id + 1])),
                 ({"parse": [], "users": [str(alice.id)]}, [], (False, [], [alice.id]))]
        for mentions, kinds, pinged in cases:
            before = len(strict.violations)
            body = {"content": text} | ({"allowed_mentions": mentions} if mentions else {})
            async with http.post(url, json=body) as r:
                assert r.status == 200, await r.text()
                sent = await r.json()
            assert [v.kind for v in strict.violations[before:]] == kinds, mentions
            message = strict.messages(chan)[-1]
            assert (message.mention_everyone, message.mention_roles, message.mention_users) == pinged, mentions
            assert sent["mention_everyone"] is pinged[0] and sent["mention_roles"] == [str(r) for r in pinged[1]]
        async with http.patch(f"{url}/{sent['id']}", json={"content": "edited"}) as r:
            assert r.status == 200
        assert strict.violations[-1].kind == "allowed_mentions_missing"
        async with http.post(url, json={"content": "x", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}) as r:
            assert r.status == 400


async def test_files_over_the_upload_limit_are_rejected(http):
    async with FakeDiscord(token="tok", attachment_size_limit=1000) as small:
        chan = small.guild("Tavern").channel("game-1")
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", json.dumps({"attachments": [{"id": 0, "filename": "big.png"}]}))
        form.add_field("files[0]", b"x" * 1001, filename="big.png", content_type="application/octet-stream")
        async with http.post(f"{small.api_base}/channels/{chan.id}/messages", data=form) as r:
            assert r.status == 413 and (await r.json())["code"] == 40005
        assert [v.kind for v in small.violations] == ["file_too_large"] and small.messages() == []


async def test_dm_channels_and_closed_dms(fake, http):
    alice = fake.user("alice")
    bob = fake.user("bob", dms_open=False)
    for user, status in ((alice, 200), (bob, 403)):
        async with http.post(fake.api_base + "/users/@me/channels", json={"recipient_id": str(user.id)}) as r:
            dm = await r.json()
        assert dm["type"] == 1 and dm["recipients"][0]["id"] == str(user.id)
        async with http.post(f"{fake.api_base}/channels/{dm['id']}/messages", json={"content": "hi"}) as r:
            assert r.status == status
    assert [m.content for m in fake.dms(alice)] == ["hi"] and fake.dms(bob) == []


async def test_gateway_zlib_identify_ready_and_guilds(fake):
    guild = fake.guild("Tavern")
    guild.channel("game-1")
    async with aiohttp.ClientSession() as s:
        gw = await RawGateway.connect(s, fake.gateway_url)
        ready = await gw.identify()
        assert ready["t"] == "READY" and ready["s"] == 1
        assert ready["d"]["resume_gateway_url"] == fake.resume_gateway_url
        assert ready["d"]["guilds"] == [{"id": str(guild.id), "unavailable": True}]
        assert ready["d"]["application"]["id"] == str(fake.application_id)
        gc = await gw.recv()
        assert gc["t"] == "GUILD_CREATE" and [c["name"] for c in gc["d"]["channels"]] == ["game-1"]
        assert str(fake.application_id) in [m["user"]["id"] for m in gc["d"]["members"]]
        await gw.send(1, gw.seq)
        assert (await gw.recv())["op"] == 11
        assert fake.heartbeat_count == 1
        await fake.wait_ready()
        late = fake.guild("Late Guild")  # joins while connected: live GUILD_CREATE
        assert (await gw.until("GUILD_CREATE"))["d"]["id"] == str(late.id)
        await gw.ws.close()


async def test_gateway_rejects_a_wrong_token(fake):
    async with aiohttp.ClientSession() as s:
        gw = await RawGateway.connect(s, fake.gateway_url, compress=False)
        closed = await gw.identify(token="nope")
        assert closed["closed"] == 4004


async def register(fake, http, name="ping"):
    cmd = [{"name": name, "description": "d", "type": 1, "options": []}]
    async with http.put(f"{fake.api_base}/applications/{fake.application_id}/commands", json=cmd) as r:
        assert r.status == 200


async def test_resume_replays_events_missed_while_disconnected(fake, http):
    await register(fake, http)
    chan = fake.guild("Tavern").channel("game-1")
    alice = fake.user("alice")
    async with aiohttp.ClientSession() as s:
        gw = await RawGateway.connect(s, fake.gateway_url)
        ready = await gw.identify()
        await gw.until("GUILD_CREATE")
        await fake.disconnect_gateway()
        assert "closed" in await gw.recv()
        reply = await alice.slash(chan, "ping", wait=False)  # delivered into the session buffer only
        gw2 = await RawGateway.connect(s, fake.resume_gateway_url)
        assert (await gw2.recv())["op"] == 10
        await gw2.send(6, {"token": "tok", "session_id": ready["d"]["session_id"], "seq": gw.seq})
        replayed = await gw2.recv()
        assert replayed["t"] == "INTERACTION_CREATE" and replayed["d"]["id"] == str(reply.interaction.id)
        assert replayed["s"] == gw.seq + 1
        assert (await gw2.recv())["t"] == "RESUMED"
        assert fake.resume_count == 1
        gw3 = await RawGateway.connect(s, fake.resume_gateway_url)
        await gw3.recv()
        await gw3.send(6, {"token": "tok", "session_id": "nope", "seq": 1})
        assert await gw3.recv() == {"op": 9, "d": False, "s": None, "t": None}
        await gw2.ws.close()
        await gw3.ws.close()


async def callback(http, fake, reply, body):
    inter = reply.interaction
    async with http.post(f"{fake.api_base}/interactions/{inter.id}/{inter.token}/callback?with_response=1", json=body) as r:
        return r.status, (await r.json() if r.content_length != 0 else None)


async def test_interaction_lifecycle_rules(fake, http):
    await register(fake, http)
    chan = fake.guild("Tavern").channel("game-1")
    alice = fake.user("alice", locale="ja")
    async with aiohttp.ClientSession() as s:
        gw = await RawGateway.connect(s, fake.gateway_url)
        await gw.identify()
        await fake.wait_ready()
        r1 = await alice.slash(chan, "ping", wait=False)
        event = await gw.until("INTERACTION_CREATE")
        assert event["d"]["locale"] == "ja" and event["d"]["member"]["user"]["id"] == str(alice.id)
        assert event["d"]["data"]["name"] == "ping" and event["d"]["data"]["id"] == fake.commands["ping"]["id"]
        wh = f"{fake.api_base}/webhooks/{fake.application_id}/{r1.interaction.token}"
        async with http.post(wh + "?wait=true", json={"content": "too early"}) as r:
            assert r.status == 404 and (await r.json())["code"] == 10015
        status, body = await callback(http, fake, r1, {"type": 4, "data": {"content": "pong", "flags": 64}})
        assert status == 200 and body["resource"]["message"]["content"] == "pong"
        assert body["interaction"]["response_message_ephemeral"] is True
        await r1.wait()
        assert r1.content == "pong" and r1.ephemeral
        status, body = await callback(http, fake, r1, {"type": 4, "data": {"content": "again"}})
        assert status == 400 and body == {"message": "Interaction has already been acknowledged.", "code": 40060}
        async with http.post(wh + "?wait=true", json={"content": "more"}) as r:
            assert r.status == 200 and (await r.json())["content"] == "more"
        assert [m.content for m in r1.followups] == ["more"]

        r2 = await alice.slash(chan, "ping", wait=False)
        fake.advance_clock(3.5)
        status, body = await callback(http, fake, r2, {"type": 5})
        assert status == 404 and body["code"] == 10062 and r2.late

        r3 = await alice.slash(chan, "ping", wait=False)
        status, _ = await callback(http, fake, r3, {"type": 5})
        assert status == 200
        fake.advance_clock(15 * 60 + 1)
        async with http.post(f"{fake.api_base}/webhooks/{fake.application_id}/{r3.interaction.token}", json={"content": "x"}) as r:
            assert r.status == 401 and (await r.json())["code"] == 50027
        await gw.ws.close()
    kinds = [v.kind for v in fake.violations]
    assert kinds == ["webhook_before_ack", "already_acknowledged", "late_response", "token_expired"]


async def test_driver_refuses_what_the_discord_client_would_not_send(fake, http):
    cmd = [{"name": "game", "description": "d", "type": 1, "options": [
        {"name": "new", "description": "d", "type": 1, "options": [
            {"name": "players", "description": "d", "type": 4, "required": True, "min_value": 2, "max_value": 6}]}]},
        {"name": "abort", "description": "d", "type": 1, "default_member_permissions": "32", "contexts": [0]}]
    async with http.put(f"{fake.api_base}/applications/{fake.application_id}/commands", json=cmd) as r:
        assert r.status == 200
    guild = fake.guild("Tavern")
    chan = guild.channel("game-1")
    alice, mod = fake.user("alice"), fake.user("mod")
    guild.add_moderator(mod)
    async with aiohttp.ClientSession() as s:
        gw = await RawGateway.connect(s, fake.gateway_url)
        await gw.identify()
        await fake.wait_ready()
        with pytest.raises(HarnessError, match="not a registered command"):
            await alice.slash(chan, "nope", wait=False)
        with pytest.raises(HarnessError, match="needs a subcommand"):
            await alice.slash(chan, "game", wait=False)
        with pytest.raises(HarnessError, match="required option 'players'"):
            await alice.slash(chan, "game new", wait=False)
        with pytest.raises(HarnessError, match="between 2 and 6"):
            await alice.slash(chan, "game new", players=7, wait=False)
        with pytest.raises(HarnessError, match="hides /abort"):
            await alice.slash(chan, "abort", wait=False)
        with pytest.raises(HarnessError, match="not available in DMs"):
            await mod.slash(mod.dm_channel, "abort", wait=False)
        ok = await mod.slash(chan, "abort", wait=False)
        forced = await alice.slash(chan, "abort", wait=False, check_available=False)
        sub = await alice.slash(chan, "game new", players=3, wait=False)
        assert sub.interaction.data["options"] == [{"name": "new", "type": 1, "options": [{"name": "players", "type": 4, "value": 3}]}]
        assert int(ok.interaction.payload["member"]["permissions"]) & 32
        assert not int(forced.interaction.payload["member"]["permissions"]) & 32
        await gw.ws.close()


class _ZstdStreamReader:
    """Streaming zstd decompression through libzstd (ctypes), the way a zstd-stream client reads."""

    def __init__(self) -> None:
        import ctypes
        import ctypes.util

        name = ctypes.util.find_library("zstd")
        if name is None:
            pytest.skip("libzstd not available")
        self.ct = ctypes
        self.lib = lib = ctypes.CDLL(name)

        class Buf(ctypes.Structure):
            _fields_ = [("ptr", ctypes.c_void_p), ("size", ctypes.c_size_t), ("pos", ctypes.c_size_t)]

        self.Buf = Buf
        lib.ZSTD_createDStream.restype = ctypes.c_void_p
        lib.ZSTD_initDStream.argtypes = [ctypes.c_void_p]
        lib.ZSTD_decompressStream.argtypes = [ctypes.c_void_p, ctypes.POINTER(Buf), ctypes.POINTER(Buf)]
        lib.ZSTD_decompressStream.restype = ctypes.c_size_t
        lib.ZSTD_isError.argtypes = [ctypes.c_size_t]
        lib.ZSTD_freeDStream.argtypes = [ctypes.c_void_p]
        self.stream = lib.ZSTD_createDStream()
        lib.ZSTD_initDStream(self.stream)

    def decompress(self, data: bytes) -> bytes:
        ct = self.ct
        src = ct.create_string_buffer(data, len(data))
        inb = self.Buf(ct.cast(src, ct.c_void_p), len(data), 0)
        out = bytearray()
        while True:
            dst = ct.create_string_buffer(1 << 18)
            outb = self.Buf(ct.cast(dst, ct.c_void_p), 1 << 18, 0)
            rc = self.lib.ZSTD_decompressStream(self.stream, ct.byref(outb), ct.byref(inb))
            assert not self.lib.ZSTD_isError(rc)
            out += dst.raw[:outb.pos]
            if inb.pos == inb.size and outb.pos < outb.size:
                return bytes(out)

    def close(self) -> None:
        self.lib.ZSTD_freeDStream(self.stream)


async def test_gateway_zstd_stream_yields_whole_messages(fake):
    reader = _ZstdStreamReader()
    guild = fake.guild("Tavern")
    for i in range(300):  # a GUILD_CREATE larger than one 128 KiB zstd block
        guild.channel(f"channel-{i:03d}-" + "x" * 400)
    try:
        async with aiohttp.ClientSession() as s:
            ws = await s.ws_connect(fake.gateway_url + "?v=10&encoding=json&compress=zstd-stream")

            async def recv() -> dict:
                msg = await ws.receive(timeout=5)
                assert msg.type == aiohttp.WSMsgType.BINARY
                return json.loads(reader.decompress(msg.data))

            assert (await recv())["op"] == 10
            await ws.send_str(json.dumps({"op": 2, "d": {"token": "tok", "intents": 1, "properties": {}}}))
            assert (await recv())["t"] == "READY"
            created = await recv()
            assert created["t"] == "GUILD_CREATE" and len(created["d"]["channels"]) == 300
            await ws.send_str(json.dumps({"op": 1, "d": 2}))
            assert (await recv())["op"] == 11
            await ws.close()
    finally:
        reader.close()
