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
  abort, undo), first compare the stored (id, status, version) with the copy (``current``): one
  indexed query, made only when the store is shared;
* work that does not come from a table's channel (scheduler jobs) loads the table by id
  (``load``); a table of another process's guild is used for that job and not kept.

With one process (no shard range configured) none of this queries anything: memory is the truth.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Awaitable, Callable

from bot.i18n import t
from bot.service.live import LiveTable
from bot.service.replies import Reply
from bot.service.tableoptions import split_options
from bot.store import ActionRecord, StaleTableError, TableRecord
from games import registry

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)


class TableCopies:
    """Mixed into TableService: the in-memory tables and how they stay current."""

    def live_table(self: "TableService", record: TableRecord, tail: list[ActionRecord] = ()) -> LiveTable | None:
        """A LiveTable from a stored record (and the log rows after its snapshot, normally none)."""
        game = registry.get(record.game)
        if game is None:
            log.error("table %s: game %r is not installed; left untouched", record.id, record.game)
            return None
        options, table_options = split_options(game, record.options)
        table = LiveTable(record.id, record.channel_id, record.guild_id, game, record.host_id, record.status,
                          options, record.seed, record.seats, lobby_message_id=record.lobby_message_id,
                          table_options=table_options, default_language=self.settings.default_locale)
        if record.status == "playing":
            table.version = record.version
            table.snapshot = record.snapshot_text
            for action in tail:
                self._replay_one(table, action)
            if tail:
                table.remember()
        return table

    def _keep(self: "TableService", table: LiveTable) -> None:
        self._by_channel[table.channel_id] = table
        self._by_id[table.id] = table

    def owns(self: "TableService", table: LiveTable) -> bool:
        """Whether this process serves the table's guild (every table, with one process)."""
        return self.shards.owns(table.guild_id)

    async def _load_record(self: "TableService", table_id: int) -> LiveTable | None:
        record = await self.store.table(table_id)
        if record is None or record.status not in ("lobby", "playing"):
            return None
        tail = await self.store.actions(table_id, after=record.version) if record.status == "playing" else []
        return self.live_table(record, tail)

    async def _replace(self: "TableService", old: LiveTable | None, table_id: int | None, keep: bool) -> LiveTable | None:
        """Drop ``old`` and load ``table_id`` from the store (kept in memory when ``keep``)."""
        if old is not None:
            self._forget(old)
            self._legal_cache.pop(old.id, None)
        table = await self._load_record(table_id) if table_id is not None else None
        if table is None:
            return None
        if keep:
            self._keep(table)
        if old is None or old.id != table.id:
            for hook in self.hooks:
                await hook.adopted(table)
        log.info("table %s: loaded from the store (version %s, %s)", table.id, table.version, table.status)
        return table

    async def current(self: "TableService", channel_id: int) -> LiveTable | None:
        """The channel's open table, as stored (caller holds the channel's lock). With one
        process this is the copy in memory; with a shared store it is checked first."""
        table = self._by_channel.get(channel_id)
        if not self.shared:
            return table
        head = await self.store.open_table_head(channel_id)
        if table is not None and head == (table.id, table.status, table.version):
            return table
        return await self._replace(table, head[0] if head else None, keep=True)

    async def fresh(self: "TableService", channel_id: int) -> LiveTable | None:
        """``current`` for callers that do not hold the channel's lock."""
        if not self.shared:
            return self._by_channel.get(channel_id)
        async with self.lock(channel_id):
            return await self.current(channel_id)

    async def load(self: "TableService", table_id: int) -> LiveTable | None:
        """An open table by id, for work that does not come from its channel (scheduler jobs):
        the copy in memory, checked against the store when it is shared; a table of a guild this
        process does not serve is loaded for the caller and not kept."""
        table = self._by_id.get(table_id)
        if not self.shared:
            return table
        if table is not None:
            if await self.store.open_table_head(table.channel_id) == (table.id, table.status, table.version):
                return table
            return await self._replace(table, table_id, keep=True)
        loaded = await self._load_record(table_id)
        if loaded is None:
            return None
        if self.owns(loaded):
            self._keep(loaded)
        for hook in self.hooks:
            await hook.adopted(loaded)
        return loaded

    def release_foreign(self: "TableService", channel_id: int) -> None:
        """Forget the channel's table if another process serves its guild (after this process
        opened it for a tournament: the other process picks it up from the store)."""
        table = self._by_channel.get(channel_id)
        if table is not None and self.shared and not self.owns(table):
            self._forget(table)

    async def run_fresh(self: "TableService", channel_id: int, run: Callable[[], Awaitable[list[Reply]]]) -> list[Reply]:
        """Run a command (under the channel's lock) against a current copy of the table: when
        its write finds the table moved on in the store — or, with a shared store, when it was
        refused and the copy turns out stale — reload the table and run it once more."""
        try:
            replies = await run()
            if not (self.shared and replies and replies[0].error):
                return replies
            before = self._by_channel.get(channel_id)
            if await self.current(channel_id) is before:
                return replies          # the copy was current: the refusal stands
        except StaleTableError as error:
            log.info("channel %s: %s; reloading the table and running the command again", channel_id, error)
            await self._replace(self._by_channel.get(channel_id), (await self._head_id(channel_id)), keep=True)
        try:
            return await run()
        except StaleTableError as error:
            log.warning("channel %s: %s, twice; the user is asked to try again", channel_id, error)
            await self._replace(self._by_channel.get(channel_id), (await self._head_id(channel_id)), keep=True)
            return [Reply([t("The game moved on while your command was being saved, so nothing changed. "
                              "Look at /board and try again.")], private=True, error=True)]

    async def _head_id(self: "TableService", channel_id: int) -> int | None:
        head = await self.store.open_table_head(channel_id)
        return head[0] if head else None

    async def tables_of(self: "TableService", user_id: int, guild_id: int | None) -> list[LiveTable]:
        """Open tables where ``user_id`` sits (in ``guild_id``; everywhere when None). With a
        shared store they come from the store, since other processes hold the other guilds."""
        if not self.shared:
            return [t for t in self._by_id.values()
                    if t.seat_of(user_id) is not None and (guild_id is None or t.guild_id == guild_id)]
        sql = ("SELECT DISTINCT t.id FROM game_tables t JOIN seats s ON s.table_id = t.id WHERE s.user_id = ?"
               " AND s.is_bot = 0 AND t.status IN ('lobby', 'playing')")
        params: tuple = (user_id,)
        if guild_id is not None:
            sql += " AND t.guild_id = ?"
            params += (guild_id,)
        found = []
        for row in await self.store.fetch(sql + " ORDER BY t.id", params):
            table = await self._load_record(row["id"])
            if table is not None and table.seat_of(user_id) is not None:
                found.append(table)
        return found
