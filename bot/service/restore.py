"""A restart: every open table loaded again, and what was stored but never announced announced.

The process may stop between a commit and its answer; the store keeps which table version each
table's last message announced (bot/service/announcements.py), so a restart posts only what the
players have not seen: a turn, the computer's moves still to make, a game's end.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.presenters.replies import Reply
from bot.store import StaleTableError, TableRecord
from bot.table.live import LiveTable
from bot.table.outcomes import Ended, Moved
from bot.table.play import resigned_outcome
from games.core import Event, Outcome

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)


def restart_note() -> Event:
    """The headline of a turn or an end announced only after a restart."""
    return Event(t("The bot restarted after saving the last move and before announcing it; here is where the game stands."))


async def restore(service: "TableService") -> list[tuple[int, list[Reply]]]:
    """Load every open table (of the guilds on this process's shards). Returns the replies to
    post: where a computer had to move, and wherever a turn or a game's end was stored but
    never announced (the process stopped between a commit and its answer). A game found ended
    but still open (stored so by versions whose end was not one transaction) is closed now,
    once: the close is guarded by the table's version and status."""
    store, tables = service.store, service.live_tables
    pending: list[tuple[int, list[Reply]]] = []
    settled: set[tuple[int, int]] = set()
    tails = await store.pending_actions()
    for record in await store.open_tables(service.shards):
        table = tables.live_table(record, tails.get(record.id, []))
        if table is None:
            continue
        if record.id in tails:          # log rows past the snapshot: store the snapshot they lead to
            await store.catch_up_snapshot(table.id, table.snapshot, table.version, record.version)
        tables.keep(table)
        async with tables.lock(table.channel_id):
            for hook in service.hooks:
                await hook.restored(table)
            try:
                replies = await _resume(service, table, record.announced_version)
            except StaleTableError:         # another process moved it meanwhile: take its state
                await tables.current(table.channel_id)
                continue
            except Exception as error:      # one damaged table must not keep the bot from starting
                log.error("table %s (channel %s): its stored game cannot be read, so it was not resumed "
                          "(%s: %s); its players are told something went wrong until it is repaired or aborted",
                          table.id, table.channel_id, type(error).__name__, error)
                continue
        if replies is None:
            settled.add((table.id, table.version))
        elif replies:
            pending.append((table.channel_id, replies))
    await service.announcements.record(settled)
    closed_now = {reply.table_id for _, replies in pending for reply in replies}
    for record in await store.unannounced_endings(service.shards):
        try:
            replies = await _announce_end(service, record) if record.id not in closed_now else []
        except Exception as error:          # as above: a damaged record is logged, the rest go on
            log.error("table %s (channel %s): its stored end cannot be read, so it was not announced (%s: %s)",
                      record.id, record.channel_id, type(error).__name__, error)
            continue
        if replies:
            pending.append((record.channel_id, replies))
    return pending


async def _resume(service: "TableService", table: LiveTable, announced: int | None) -> list[Reply] | None:
    """What a restored table needs (under its lock): the replies to post, or None for a table
    of an earlier version whose last announcement is not known (nothing is posted then)."""
    if table.status != "playing":
        return []
    unannounced = announced is None or announced < table.version
    restarted = [restart_note()] if announced is not None and unannounced else []
    if unannounced and (outcome := table.game.outcome(table.state)) is not None:
        return await service.answer(await service.play.finish(table, restarted, outcome))
    if any(s.is_bot or s.resigned for s in table.seats) and service.play.computers_to_act(table):   # quiet tables stay unloaded
        if service.play.thinking_seat(table) is None:
            return await service.answer(await service.play.commit(table, restarted, []))
        service.computers.ask(table)        # its thought was lost with the process: it thinks again
    if announced is None:
        return None
    if not unannounced:
        return []
    return await service.presenter.replies(Moved(table, restarted))      # the extensions heard of it before


async def _announce_end(service: "TableService", record: TableRecord) -> list[Reply]:
    """The end message of a finished table whose end was stored but never announced."""
    table = service.live_tables.live_table(record)
    results = await service.store.results(record.id)
    if table is None or not record.snapshot_text or len(results) != len(record.seats):
        return []
    table.load(record.version, record.snapshot_text)
    ended = table.game.outcome(table.state)
    details = ended.details if ended is not None else resigned_outcome(table).details
    outcome = Outcome(tuple(score for _, _, _, score in results), tuple(rank for _, _, rank, _ in results), details)
    replies = await service.presenter.ended(Ended(table, [restart_note()], outcome, record.status))
    async with service.live_tables.lock(table.channel_id):
        for hook in service.hooks:
            await hook.finished(table, outcome, record.status, replies)
    return replies

