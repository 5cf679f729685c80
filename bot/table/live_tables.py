"""Tables in memory as copies of the store, for a service that shares its store with other shard
processes.

A process keeps the tables of the guilds on its shards in memory (``TableService.restore`` loads
only those). Any other process may still write them: the scheduler leader fires timeouts on
tables of every shard, and opens tournament tables in threads of any guild. So a copy in memory
can be stale, and the service makes that safe:

* a write built on a stale copy fails (``StaleTableError``: the stored version moved on); the
  command then reloads the table and runs once more (``run_fresh``) — and so does a command
  that was refused, since the refusal ("not your turn") may come from the stale copy;
* commands that only read, and the rare ones that change a table outside the action log (lobby,
  abort, undo), first compare the stored (id, status, version, moves taken back) with the copy (``current``): one
  indexed query, made only when the store is shared;
* work that does not come from a table's channel (scheduler jobs) loads the table by id
  (``load``); a table of another process's guild is used for that job and not kept.

With one process (no shard range configured) none of this queries anything: memory is the truth.
"""
from __future__ import annotations

import logging
from typing import AsyncContextManager, Awaitable, Callable, Sequence, TypeVar

from bot.keyedlocks import KeyedLocks
from bot.table.hooks import TableHooks
from bot.table.live import LiveTable
from bot.table.outcomes import Refused, refused
from bot.table.tableoptions import split_options
from bot.store.shards import Shards
from bot.store import ActionRecord, StaleTableError, Store, TableRecord
from games import registry

log = logging.getLogger(__name__)
T = TypeVar("T")


class LiveTables:
    """The in-memory tables, their channel locks, and how they stay current. The table service
    holds one and answers through it; ``forgotten`` is told the id of every table dropped from
    memory (the service clears what it keeps per table)."""

    def __init__(self, store: Store, shards: Shards, hooks: list[TableHooks],
                 forgotten: Callable[[int], object] = lambda table_id: None, default_language: str = "en") -> None:
        self.store = store
        self.default_language = default_language    # of tables stored before tables had a language
        self.shards = shards                        # the guilds whose tables this process keeps
        self.shared = shards.multi_process          # other shard processes write the same store
        self.hooks = hooks                          # the service's extensions (told of adopted tables)
        self.forgotten = forgotten
        self._by_channel: dict[int, LiveTable] = {}
        self._by_id: dict[int, LiveTable] = {}
        self.locks: KeyedLocks[int] = KeyedLocks()        # a lock per channel while it is busy

    def lock(self, channel_id: int) -> AsyncContextManager[None]:
        """The channel's lock: every command at one table runs under it."""
        return self.locks(channel_id)

    def in_channel(self, channel_id: int) -> LiveTable | None:
        """The channel's open table in memory (not checked against the store)."""
        return self._by_channel.get(channel_id)

    def by_id(self, table_id: int) -> LiveTable | None:
        """An open table in memory by id (not checked against the store)."""
        return self._by_id.get(table_id)

    def all(self) -> list[LiveTable]:
        """Every open table in memory."""
        return list(self._by_id.values())

    def keep(self, table: LiveTable) -> None:
        """Hold ``table`` in memory as its channel's open table."""
        self._by_channel[table.channel_id] = table
        self._by_id[table.id] = table

    def forget(self, table: LiveTable) -> None:
        """Drop ``table`` from memory (it closed, or another process serves it)."""
        self.forgotten(table.id)
        if self._by_channel.get(table.channel_id) is table:
            del self._by_channel[table.channel_id]
        self._by_id.pop(table.id, None)

    def live_table(self, record: TableRecord, tail: Sequence[ActionRecord] = ()) -> LiveTable | None:
        """A LiveTable from a stored record (and the log rows after its snapshot, normally none)."""
        game = registry.get(record.game)
        if game is None:
            log.error("table %s: game %r is not installed; left untouched", record.id, record.game)
            return None
        options, table_options = split_options(game, record.options)
        table = LiveTable(record.id, record.channel_id, record.guild_id, game, record.host_id, record.status,
                          options, record.seed, record.seats, lobby_message_id=record.lobby_message_id,
                          table_options=table_options, default_language=self.default_language)
        if record.status == "playing":
            table.load(record.version, record.snapshot_text, takebacks=record.takebacks)
            for action in tail:
                table.replay(action)
            if tail:
                table.remember()
        return table

    def owns(self, table: LiveTable) -> bool:
        """Whether this process serves the table's guild (every table, with one process)."""
        return self.shards.owns(table.guild_id)

    async def _load_record(self, table_id: int) -> LiveTable | None:
        record = await self.store.table(table_id)
        if record is None or record.status not in ("lobby", "playing"):
            return None
        tail = await self.store.actions(table_id, after=record.version) if record.status == "playing" else []
        return self.live_table(record, tail)

    async def _replace(self, old: LiveTable | None, table_id: int | None, keep: bool) -> LiveTable | None:
        """Drop ``old`` and load ``table_id`` from the store (kept in memory when ``keep``)."""
        if old is not None:
            self.forget(old)
        table = await self._load_record(table_id) if table_id is not None else None
        if table is None:
            return None
        if keep:
            self.keep(table)
        if old is None or old.id != table.id:
            for hook in self.hooks:
                await hook.adopted(table)
        log.info("table %s: loaded from the store (version %s, %s)", table.id, table.version, table.status)
        return table

    async def current(self, channel_id: int) -> LiveTable | None:
        """The channel's open table, as stored (caller holds the channel's lock). With one
        process this is the copy in memory; with a shared store it is checked first."""
        table = self._by_channel.get(channel_id)
        if not self.shared:
            return table
        head = await self.store.open_table_head(channel_id)
        if table is not None and head == table.head:
            return table
        return await self._replace(table, head[0] if head else None, keep=True)

    async def fresh(self, channel_id: int) -> LiveTable | None:
        """``current`` for callers that do not hold the channel's lock."""
        if not self.shared:
            return self._by_channel.get(channel_id)
        async with self.lock(channel_id):
            return await self.current(channel_id)

    async def load(self, table_id: int) -> LiveTable | None:
        """An open table by id, for work that does not come from its channel (scheduler jobs):
        the copy in memory, checked against the store when it is shared; a table of a guild this
        process does not serve is loaded for the caller and not kept."""
        table = self._by_id.get(table_id)
        if not self.shared:
            return table
        if table is not None:
            if await self.store.open_table_head(table.channel_id) == table.head:
                return table
            return await self._replace(table, table_id, keep=True)
        loaded = await self._load_record(table_id)
        if loaded is None:
            return None
        if self.owns(loaded):
            self.keep(loaded)
        for hook in self.hooks:
            await hook.adopted(loaded)
        return loaded

    def release_foreign(self, channel_id: int) -> None:
        """Forget the channel's table if another process serves its guild (after this process
        opened it for a tournament: the other process picks it up from the store)."""
        table = self._by_channel.get(channel_id)
        if table is not None and self.shared and not self.owns(table):
            self.forget(table)

    async def run_fresh(self, channel_id: int, run: Callable[[], Awaitable[T]]) -> T | Refused:
        """Run a command (under the channel's lock) against a current copy of the table: when
        its write finds the table moved on in the store — or, with a shared store, when it was
        refused and the copy turns out stale — reload the table and run it once more."""
        try:
            done = await run()
            if not (self.shared and isinstance(done, Refused)):
                return done
            before = self._by_channel.get(channel_id)
            if await self.current(channel_id) is before:
                return done             # the copy was current: the refusal stands
        except StaleTableError as error:
            log.info("channel %s: %s; reloading the table and running the command again", channel_id, error)
            await self._replace(self._by_channel.get(channel_id), (await self._head_id(channel_id)), keep=True)
        try:
            return await run()
        except StaleTableError as error:
            log.warning("channel %s: %s, twice; the user is asked to try again", channel_id, error)
            await self._replace(self._by_channel.get(channel_id), (await self._head_id(channel_id)), keep=True)
            return refused("The game moved on while your command was being saved, so nothing changed. "
                           "Look at /board and try again.")

    async def _head_id(self, channel_id: int) -> int | None:
        head = await self.store.open_table_head(channel_id)
        return head[0] if head else None

    async def tables_of(self, user_id: int, guild_id: int | None) -> list[LiveTable]:
        """Open tables where ``user_id`` sits (in ``guild_id``; everywhere when None). With a
        shared store they come from the store, since other processes hold the other guilds."""
        if not self.shared:
            return [t for t in self._by_id.values()
                    if t.seat_of(user_id) is not None and (guild_id is None or t.guild_id == guild_id)]
        found = []
        for table_id in await self.store.open_tables_of(user_id, guild_id):
            table = await self._load_record(table_id)
            if table is not None and table.seat_of(user_id) is not None:
                found.append(table)
        return found

