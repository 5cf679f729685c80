"""The fake gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME with replay,
RECONNECT / INVALID_SESSION / forced disconnects, zlib-stream transport compression, sharding.

Every dispatch gets the session's next sequence number and is kept in the session's buffer, so
a RESUME replays exactly the events after the client's last sequence, including interactions
injected while the client was disconnected.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11)

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15


class ZstdRawStream:
    """A zstd stream made of raw (stored) blocks: one frame per connection that never ends, each
    gateway message appended as complete blocks, so a streaming decompressor (what discord.py uses
    for compress=zstd-stream) yields every message whole. No zstd library is needed to write it."""

    FRAME_HEADER = b"\x28\xb5\x2f\xfd" + bytes([0x00, 0x38])  # magic; no content size; window 2**17
    MAX_BLOCK = 128 * 1024

    def __init__(self) -> None:
        self.started = False

    def encode(self, data: bytes) -> bytes:
        out = bytearray()
        if not self.started:
            out += self.FRAME_HEADER
            self.started = True
        for i in range(0, len(data), self.MAX_BLOCK):
            chunk = data[i:i + self.MAX_BLOCK]
            out += (len(chunk) << 3).to_bytes(3, "little") + chunk  # Last_Block=0, Block_Type=raw
        return bytes(out)


class Connection:
    """One websocket connection; owns the compression stream when compression was requested."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None, path: str, query: dict[str, str]) -> None:
        self.ws = ws
        self.compress = compress
        self.path = path
        self.query = query
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._zstd = ZstdRawStream() if compress == "zstd-stream" else None
        self.lock = asyncio.Lock()
        self.sent_seq = 0  # highest dispatch seq written to this connection
        self.session: Session | None = None
        self.closed = False
        self.received: list[dict[str, Any]] = []

    async def send(self, payload: dict[str, Any]) -> None:
        """Encode and write one gateway payload (caller holds self.lock)."""
        if self.closed or self.ws.closed:
            return
        text = json.dumps(payload, separators=(",", ":"))
        try:
            if self._zlib is not None:
                await self.ws.send_bytes(self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH))
            elif self._zstd is not None:
                await self.ws.send_bytes(self._zstd.encode(text.encode()))
            else:
                await self.ws.send_str(text)
        except (ConnectionResetError, RuntimeError):
            self.closed = True


@dataclass(eq=False)
class Session:
    id: str
    shard_id: int
    shard_count: int
    intents: int
    identify: dict[str, Any]
    seq: int = 0
    buffer: list[dict[str, Any]] = field(default_factory=list)
    conn: Connection | None = None
    ready: bool = False  # READY and every GUILD_CREATE were written
    resumable: bool = True
    guild_ids: set[int] = field(default_factory=set)
    number: int = 0  # the gateway's identify_count when this session was identified

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closed


class Gateway:
    def __init__(self, fake: "FakeDiscord") -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.latest: dict[int, Session] = {}  # shard id -> newest identified session
        self.shard_count: int = 1
        self.connections: list[Connection] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.identify_count = 0
        self.resume_count = 0
        self.heartbeat_count = 0
        self.connect_log: list[dict[str, Any]] = []  # path + query of every connection attempt
        self.presence_updates: list[dict[str, Any]] = []

    # -- routing ------------------------------------------------------------------------------

    def shard_for(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

    def session_for(self, guild_id: int | None) -> Session | None:
        return self.latest.get(self.shard_for(guild_id))

    def all_ready(self) -> bool:
        if not self.latest:
            return False
        return all((s := self.latest.get(i)) is not None and s.ready and s.connected for i in range(self.shard_count))

    def shards_ready(self, shard_ids: list[int], after_identify: int = -1) -> bool:
        """Whether each of `shard_ids` has a live, READY session identified after `after_identify`
        (several bot processes, each running some of the shards)."""
        return all((s := self.latest.get(i)) is not None and s.number > after_identify and s.ready and s.connected
                   for i in shard_ids)

    async def dispatch(self, guild_id: int | None, event: str, data: dict[str, Any], *, intent: int = 0) -> Session | None:
        """Send an event to the session that owns `guild_id` (DMs: shard 0). Returns that session."""
        session = self.session_for(guild_id)
        if session is None:
            return None
        if intent and not session.intents & intent:
            return session
        await self.dispatch_to(session, event, data)
        return session

    async def dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        session.buffer.append({"op": DISPATCH, "t": event, "s": session.seq, "d": data})
        await self._flush(session)

    async def _flush(self, session: Session) -> None:
        conn = session.conn
        if conn is None or conn.closed:
            return
        async with conn.lock:
            for payload in session.buffer:
                if payload["s"] > conn.sent_seq:
                    await conn.send(payload)
                    conn.sent_seq = payload["s"]

    # -- control from tests -----------------------------------------------------------------------

    def live_connections(self) -> list[Connection]:
        return [c for c in self.connections if not c.closed and not c.ws.closed]

    async def disconnect(self, code: int = 4000) -> int:
        """Close every live connection from the server side; sessions stay resumable."""
        conns = self.live_connections()
        for c in conns:
            c.closed = True
            if c.session is not None and c.session.conn is c:
                c.session.conn = None
        for c in conns:
            try:
                await c.ws.close(code=code, message=b"fake: forced disconnect")
            except Exception:
                pass
        self.fake._notify()
        return len(conns)

    async def send_op(self, op: int, d: Any) -> int:
        conns = self.live_connections()
        for c in conns:
            async with c.lock:
                await c.send({"op": op, "d": d, "s": None, "t": None})
        return len(conns)

    async def invalidate(self, resumable: bool) -> int:
        for c in self.live_connections():
            if c.session is not None and not resumable:
                c.session.resumable = False
        return await self.send_op(INVALID_SESSION, resumable)

    # -- websocket handler ----------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        query = dict(request.query)
        self.connect_log.append({"path": request.path, "query": query})
        await self.gate.wait()
        compress = query.get("compress")
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, compress, request.path, query)
        self.connections.append(conn)
        if query.get("encoding", "json") != "json":
            fake._violation("gateway", f"unsupported gateway encoding {query.get('encoding')!r}; Discord bots use json here")
            await ws.close(code=4002, message=b"unsupported encoding")
            return ws
        if compress not in (None, "zlib-stream", "zstd-stream"):
            fake._violation("gateway", f"unknown transport compression {compress!r} (Discord offers zlib-stream and zstd-stream)")
            await ws.close(code=4000, message=b"unsupported compression")
            return ws
        if query.get("v") not in (None, "10", "9"):
            fake._violation("gateway", f"gateway version {query.get('v')!r}; expected 10")
        async with conn.lock:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": int(fake.heartbeat_interval * 1000)}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    raw = msg.data
                elif msg.type == WSMsgType.BINARY:
                    raw = msg.data.decode()
                else:
                    break
                try:
                    payload = json.loads(raw)
                except ValueError:
                    fake._violation("gateway", "client sent a frame that is not JSON")
                    await ws.close(code=4002, message=b"decode error")
                    break
                conn.received.append(payload)
                if not await self._on_client_payload(conn, payload):
                    break
        finally:
            conn.closed = True
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            fake._notify()
        return ws

    async def _on_client_payload(self, conn: Connection, payload: dict[str, Any]) -> bool:
        op, d = payload.get("op"), payload.get("d")
        fake = self.fake
        if op == HEARTBEAT:
            self.heartbeat_count += 1
            async with conn.lock:
                await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            fake._notify()
        elif op == IDENTIFY:
            return await self._identify(conn, d or {})
        elif op == RESUME:
            return await self._resume(conn, d or {})
        elif op == PRESENCE:
            self.presence_updates.append(d)
        elif op == REQUEST_MEMBERS:
            await self._request_members(conn, d or {})
        elif op == VOICE:
            pass
        else:
            fake._violation("gateway", f"unknown gateway opcode {op!r} from the client")
            await conn.ws.close(code=4001, message=b"unknown opcode")
            return False
        return True

    async def _identify(self, conn: Connection, d: dict[str, Any]) -> bool:
        fake = self.fake
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"already authenticated")
            return False
        if d.get("token") != fake.token:
            fake._violation("gateway", "IDENTIFY with a wrong token")
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return False
        intents = d.get("intents")
        if intents is None:
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return False
        if intents & ~fake.allowed_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return False
        shard_id, shard_count = (d.get("shard") or [0, 1])[:2]
        if not 0 <= shard_id < shard_count:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return False
        self.identify_count += 1
        session = Session(id=secrets.token_hex(16), shard_id=shard_id, shard_count=shard_count, intents=intents, identify=d,
                          number=self.identify_count)
        self.sessions[session.id] = session
        old = self.latest.get(shard_id)
        if old is not None:
            old.resumable = old.resumable and old.connected
        self.latest[shard_id] = session
        self.shard_count = shard_count
        for stale in [k for k in self.latest if k >= shard_count]:
            del self.latest[stale]
        session.conn = conn
        conn.session = session
        guilds = [g for g in fake.guild_list if self.shard_for(g.id) == shard_id]
        session.guild_ids = {g.id for g in guilds}
        ready = {
            "v": 10, "user": fake.bot_user_payload(), "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id, "session_type": "normal", "resume_gateway_url": fake.resume_gateway_url,
            "application": {"id": str(fake.application_id), "flags": 0}, "private_channels": [], "relationships": [],
            "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": [], "user_settings": {},
            "auth_session_id_hash": "", "_trace": ["fake-discord"],
        }
        if "shard" in d:
            ready["shard"] = [shard_id, shard_count]
        await self.dispatch_to(session, "READY", ready)
        if intents & INTENT_GUILDS:
            for g in guilds:
                await self.dispatch_to(session, "GUILD_CREATE", fake.guild_create_payload(g))
            # guilds created by the test while READY was being written
            for g in fake.guild_list:
                if self.shard_for(g.id) == shard_id and g.id not in session.guild_ids:
                    session.guild_ids.add(g.id)
                    await self.dispatch_to(session, "GUILD_CREATE", fake.guild_create_payload(g))
        session.ready = True
        fake._notify()
        return True

    async def _resume(self, conn: Connection, d: dict[str, Any]) -> bool:
        fake = self.fake
        session = self.sessions.get(d.get("session_id") or "")
        seq = d.get("seq") or 0
        ok = (session is not None and session.resumable and d.get("token") == fake.token
              and self.latest.get(session.shard_id) is session and seq <= session.seq)
        if not ok:
            async with conn.lock:
                await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return True
        assert session is not None
        if session.conn is not None and session.conn is not conn:
            old = session.conn
            old.closed = True
            await old.ws.close(code=4000)
        session.conn = conn
        conn.session = session
        conn.sent_seq = seq
        await self._flush(session)  # replay everything after the client's sequence
        async with conn.lock:
            await conn.send({"op": DISPATCH, "t": "RESUMED", "s": None, "d": {"_trace": ["fake-discord"]}})
        self.resume_count += 1
        fake._notify()
        return True

    async def _request_members(self, conn: Connection, d: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            return
        guild = self.fake._guild_by_id(int(d.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        query = d.get("query")
        if query:
            members = [m for m in members if m.user.username.lower().startswith(str(query).lower())]
        if d.get("user_ids"):
            wanted = {int(x) for x in (d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]])}
            members = [m for m in members if m.user.id in wanted]
        limit = d.get("limit") or 0
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {"guild_id": str(guild.id), "members": [m.to_payload() for m in members],
                                 "chunk_index": 0, "chunk_count": 1, "not_found": []}
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        await self.dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)
