"""Opening one table of a tournament round: its thread, the players seated in the pairing's order,
the options and turn timer, the start. Resumable: the thread and the table id are written down as
soon as they exist."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.i18n import UserRef, t
from bot.plugins.ports import Ports
from bot.presenters.replies import Reply
from bot.store.tournaments import Player, Slot, Tournament, Tournaments as TournamentStore
from bot.store.turn_timers import TimerSetting
from bot.table.outcomes import Refused
from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.service.tables import TableService
    from bot.turns.timers import TurnTimers

log = logging.getLogger(__name__)


class TableLaunch:
    def __init__(self, service: "TableService", store: TournamentStore, ports: Ports, timers: "TurnTimers") -> None:
        self.service = service
        self.store = store
        self.ports = ports
        self.timers = timers            # a table's turn timer is the tournament's

    async def launch(self, tournament: Tournament, slot: Slot, players: dict[int, Player]) -> None:
        """Open one table: its thread, the players seated in order, options and timer, the start.
        Safe to run again after an interruption."""
        service = self.service
        if slot.channel_id is None:
            name = f"{tournament.name} R{slot.round} T{slot.number}"
            channel = await self.ports.open_thread(tournament.channel_id, name)    # type: ignore[misc]
            await self.store.update_slot(slot, channel_id=channel)
        else:
            channel = slot.channel_id
        names = [players[p].name if p in players else str(p) for p in slot.players]
        try:
            table = await service.live_tables.fresh(channel)       # may be stored by another process already
            replies: list[Reply] = []
            problem: Msg | None = None
            if table is not None and table.status == "lobby" and [s.user_id for s in table.seats] != list(slot.players):
                async with service.live_tables.lock(channel):       # a launch interrupted while it opened the table
                    await service.close_table(table)
                table = None
            if table is None:
                game = service.game(tournament.game)
                language = await service.server_language(tournament.guild_id) if tournament.guild_id else None
                opened = await service.open(channel, tournament.guild_id, game, list(zip(slot.players, names)),
                                            tournament.options, language) if game is not None \
                    else service.offered.unknown(tournament.game)
                table, problem = (None, opened.reason) if isinstance(opened, Refused) else (opened, None)
            if table is not None and table.status == "lobby":
                await self.timers.set_timer(table, TimerSetting(tournament.timer_seconds or None,
                                                                self.timers.setting(table.id).on_timeout))
                replies = await service.start_table(table)
                problem = replies[0].lines[0] if replies and replies[0].error else problem
            table = service.live_tables.in_channel(channel)
            seated = [s.user_id for s in table.seats] if table is not None else []
            if table is None or table.status != "playing" or seated != list(slot.players):
                log.error("tournament %s: table %s of round %s did not start: %s", tournament.id, slot.number, slot.round,
                          problem.english() if problem is not None else "its seats are not the pairing's")
                await self.store.update_slot(slot, status="stalled", table_id=table.id if table else None)
                await self.ports.deliver(tournament.channel_id, [Reply([t(
                    "Table {number} of round {round} could not be started; the organiser can settle it with "
                    "/tournament report.", number=slot.number, round=slot.round)])])
                return
            await self.store.update_slot(slot, table_id=table.id, status="playing")
            header = Reply([t("{tournament}, round {round}, table {number}: {players}. Play here; the result counts as soon "
                              "as the game ends.", tournament=tournament.name, round=slot.round, number=slot.number,
                              players=tuple(UserRef(p, n) for p, n in zip(slot.players, names)))],
                           mentions=list(slot.players))
            await self.ports.deliver(channel, [header] + [r for r in replies if not r.private])
        finally:
            service.live_tables.release_foreign(channel)     # another shard process serves that guild
