"""The plugins of the table service, assembled: the scheduler, turn timers and vacations, /games, ratings,
tournaments, undo, replays and the full /log, plugged into a TableService through its hooks.

    plugins = Plugins(service, store, ports, clock)     # before service.restore()
    await service.restore()
    await plugins.start()                        # the scheduler loop
    ...
    await plugins.stop()

With several shard processes on one store (a shard range configured), the scheduler runs only in
the process that holds the scheduler lease (bot/scheduler/lease.py); the others take over when
its lease runs out.
"""
from __future__ import annotations

from typing import Awaitable, Callable

from bot.plugins.ports import Ports
from bot.ratings.service import Ratings
from bot.replay import Replays
from bot.scheduler import Clock, Scheduler, SystemClock
from bot.scheduler.lease import Lease, Leadership, process_name
from bot.table.context import Ctx
from bot.presenters.replies import Reply
from bot.service.tables import TableService
from bot.store import Store
from bot.store.ratings import Ratings as RatingStore
from bot.store.tournaments import Tournaments as TournamentStore
from bot.store.turn_timers import TurnTimers as TurnTimerStore
from bot.tournaments.manager import Tournaments
from bot.turns.commands import TurnCommands
from bot.turns.timers import TurnTimers
from bot.undo import Undo

Command = Callable[[Ctx, str], Awaitable[list[Reply]]]


class Plugins:
    def __init__(self, service: TableService, store: Store, ports: Ports | None = None, clock: Clock | None = None) -> None:
        """``store``: the service's store; each plugin is handed the repositories it keeps its
        records in, and the store itself where it reads tables' records or writes statements."""
        self.service = service
        self.ports = ports or Ports()
        service.computers.ports = self.ports     # a thought-out computer move is posted like a timer's
        self.clock: Clock = clock or SystemClock()
        self.scheduler = Scheduler(store, self.clock)
        self.leadership: Leadership | None = None
        if service.shared:
            lease = Lease(store, "scheduler", process_name(), service.settings.scheduler.lease_seconds, self.clock)
            self.scheduler.may_fire = lease.valid
            self.leadership = Leadership(lease, on_gain=self._lead, on_lose=self.scheduler.stop, on_renew=self._renewed)
        self.timers = TurnTimers(service, TurnTimerStore(store), store, self.scheduler, self.ports, self.clock)
        self.turns = TurnCommands(self.timers)
        self.ratings = Ratings(service, RatingStore(store), store)
        self.tournaments = Tournaments(service, TournamentStore(store), store, self.scheduler, self.ports, self.clock, self.timers)
        self.undo = Undo(service, store, self.clock)
        self.replays = Replays(service, store, self.clock)
        service.hooks += [self.timers, self.ratings, self.tournaments, self.undo, self.replays]

    async def start(self) -> None:
        """After ``service.restore()``: catch up on tournaments, then run the scheduler loop (with
        several shard processes: whenever this process holds the scheduler lease)."""
        if self.leadership is not None:
            self.leadership.start()
        else:
            await self._lead()

    async def _lead(self) -> None:
        await self.tournaments.recover()
        self.scheduler.start()

    async def _renewed(self) -> None:
        # Other processes add jobs without waking this one: look at the jobs table at every renewal.
        self.scheduler.wake()

    async def stop(self) -> None:
        if self.leadership is not None:
            await self.leadership.stop()
        await self.scheduler.stop()

    def commands(self) -> dict[str, Command]:
        """Text commands for the console adapter: verb -> handler(ctx, rest)."""
        return {
            "games": lambda ctx, rest: self.turns.my_games(ctx),
            "notify": lambda ctx, rest: self.turns.notify(ctx, rest or None),
            "vacation": lambda ctx, rest: self.turns.vacation(ctx, rest or None),
            "rating": lambda ctx, rest: self.ratings.rating(ctx, rest or None),
            "leaderboard": lambda ctx, rest: self.ratings.leaderboard(ctx, rest or None, self.service.settings.rendering.scale),
            "tournament": lambda ctx, rest: self.tournaments.command(ctx, rest),
            "undo": lambda ctx, rest: self.undo.request(ctx),
            "replay": lambda ctx, rest: self.replays.replay(ctx, rest or None),
        }

    async def dispatch(self, ctx: Ctx, verb: str, rest: str) -> list[Reply] | None:
        command = self.commands().get(verb)
        return await command(ctx, rest) if command else None
