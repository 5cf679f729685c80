"""The moves of computers that think long (the ``strong`` level): asked for whenever a turn
leaves one to move, thought in the worker processes (bot/table/thinking.py) without the
table's lock, and played through the table's one commit path under it, then posted in the
table's channel like a timer's move.

A human's move never waits for a computer's thinking: the event loop is free while it thinks,
and so is the table's lock. The move is played only if the table is still at the turn it was
thought for (an /abort, an /undo or a move stored by another process meanwhile drops it, and
the computer thinks again if it is still to move). The turn is the table's turn serial, not its
version: an /undo takes the version back, so a new move after it brings the same version back
in another position. Nothing about a thought is stored: after a restart in the middle of one,
the restored table asks again, and the version check of the commit makes the move land once.

Tables wait in a bounded queue, one entry per table; one asking task per worker process takes
them in turn, so at most ``computer.think_processes`` questions are in the processes at once.
The longer the queue, the less CPU time each decision gets, down to a floor, so that a move
still comes soon after it was asked for (bot/table/budget.py).

A timed-out seat's move is thought here too, for bot/turns/timers.py, which asks without
holding the table's lock and plays the answer only where it was thought for.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import TYPE_CHECKING

from bot.presenters.replies import Reply
from bot.store import StaleTableError
from bot.table.budget import ThinkingBudget
from bot.table.live import LiveTable
from bot.table.outcomes import Refused
from bot.table.thinking import Decision, Question, Thinker

if TYPE_CHECKING:
    from bot.plugins.ports import Ports
    from bot.service.tables import TableService

log = logging.getLogger(__name__)
RETRY_FULL = 1.0           # seconds after which a table the full queue turned away asks again
FIGURES_KEPT = 1000        # decisions whose waiting and thinking times are kept


class ComputerTurns:
    def __init__(self, service: "TableService", thinker: Thinker, queue_size: int, budget: ThinkingBudget) -> None:
        self.service = service
        self.thinker = thinker
        self.queue_size = queue_size
        self.budget = budget
        #: how the replies of a thought-out move reach the channel: the adapter's ports, shared with
        #: the plugins (bot/plugins/__init__.py); None: they go nowhere (the move is stored all the same)
        self.ports: Ports | None = None
        self.queue: asyncio.Queue[tuple[int, float]] | None = None    # (table id, asked at), made in the loop
        self.waiting: set[int] = set()          # tables queued or thinking
        self.busy = 0                            # asking tasks at work on a table
        self.workers: list[asyncio.Task[None]] = []
        #: seconds the latest decisions waited for a worker, their CPU budgets and the CPU time
        #: they took (tests, benchmarks)
        self.waits: deque[float] = deque(maxlen=FIGURES_KEPT)
        self.budgets: deque[float] = deque(maxlen=FIGURES_KEPT)
        self.thinks: deque[float] = deque(maxlen=FIGURES_KEPT)
        self.dropped = 0                         # answers for a table that had moved on

    # -- asking -------------------------------------------------------------------------------------
    def ask(self, table: LiveTable) -> None:
        """If a thinking computer is to move at ``table``, queue it (once)."""
        if table.id in self.waiting or self.service.play.thinking_seat(table) is None:
            return
        self.waiting.add(table.id)
        self._enqueue(table.id, time.monotonic())

    def _enqueue(self, table_id: int, asked: float) -> None:
        if self.queue is None:
            self.queue = asyncio.Queue(self.queue_size)
            self.workers = [asyncio.create_task(self._work(), name=f"computer-thinking-{n}")
                            for n in range(self.thinker.processes)]
        try:
            self.queue.put_nowait((table_id, asked))
        except asyncio.QueueFull:
            log.warning("table %s: %s tables already wait for the computers' thinking; asking again in %ss",
                        table_id, self.queue_size, RETRY_FULL)
            asyncio.get_running_loop().call_later(RETRY_FULL, self._enqueue, table_id, asked)

    async def settled(self) -> None:
        """Wait until no computer is thinking or waiting to (tests, benchmarks)."""
        while self.waiting or self.busy:
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        for worker in self.workers:
            worker.cancel()
        await asyncio.gather(*self.workers, return_exceptions=True)
        self.workers = []
        self.thinker.close()

    # -- thinking and moving --------------------------------------------------------------------
    async def _work(self) -> None:
        assert self.queue is not None
        while True:
            table_id, asked = await self.queue.get()
            self.busy += 1
            try:
                await self._move(table_id, asked)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: the computer's move failed", table_id)
                self.waiting.discard(table_id)
            finally:
                self.busy -= 1
                self.queue.task_done()

    async def _move(self, table_id: int, asked: float) -> None:
        tables = self.service.live_tables
        known = tables.by_id(table_id)
        channel_id = known.channel_id if known is not None else await self.service.store.channel_of(table_id)
        if channel_id is None:
            self.waiting.discard(table_id)
            return
        async with tables.lock(channel_id):
            question = await self._question(table_id, asked)
        if question is None:
            self.waiting.discard(table_id)
            return
        turn, question = question
        self.waits.append(time.monotonic() - asked)
        self.budgets.append(question.seconds)
        started = time.monotonic()
        try:
            decision: Decision | None = await self.thinker.decide(question)
        except Exception:
            log.exception("table %s: the computer's thinking failed (seat %s)", table_id, question.seat)
            decision = None
        if decision is not None:
            self.thinks.append(decision.cpu_seconds)
            log.info("table %s: the computer at seat %s waited %.0f ms for a worker, then thought %.0f ms (CPU) "
                     "of a %.0f ms budget in %.0f ms", table_id, question.seat, self.waits[-1] * 1000,
                     decision.cpu_seconds * 1000, question.seconds * 1000, (time.monotonic() - started) * 1000)
        async with tables.lock(channel_id):
            self.waiting.discard(table_id)
            replies = await self._play(table_id, turn, question.seat, decision)
        if replies:
            await self._deliver(channel_id, replies)

    def queued(self) -> int:
        """Tables waiting for a worker, not yet taken."""
        return self.queue.qsize() if self.queue is not None else 0

    async def _question(self, table_id: int, asked: float) -> tuple[int, Question] | None:
        """The table's turn serial and what the computer to move thinks about there, with the
        budget the tables waiting behind it leave (under its lock)."""
        table = await self.service.live_tables.load(table_id)
        if table is None:
            return None
        seat = self.service.play.thinking_seat(table)
        if seat is None:
            return None
        level = self.service.play.level_of(table, seat)
        seconds = self.budget.share(time.monotonic() - asked, self.queued() + 1)
        return table.turn_serial, Question(table.game.name, table.snapshot, seat, level,
                                           f"{table.seed}:{table.version}:computer", seconds)

    async def _play(self, table_id: int, turn: int, seat: int, decision: Decision | None) -> list[Reply]:
        """Play the decision if the table is still at the turn (serial) it was thought for (under its lock)."""
        table = await self.service.live_tables.load(table_id)
        if table is None:
            log.info("table %s: closed while its computer thought; the move is dropped", table_id)
            self.dropped += 1
            return []
        if table.turn_serial != turn or self.service.play.thinking_seat(table) != seat:
            log.info("table %s: moved on (turn %s, thought at %s) while its computer thought; the move is dropped",
                     table_id, table.turn_serial, turn)
            self.dropped += 1
            self.ask(table)
            return []
        try:
            done = await self.service.play.computer_move(table, seat, decision.text if decision else None)
        except StaleTableError:         # another process stored a move first: take its state, think again
            reloaded = await self.service.live_tables.load(table_id)
            if reloaded is not None:
                self.ask(reloaded)
            self.dropped += 1
            return []
        if isinstance(done, Refused):   # not saved (the table is as it was): try again a little later
            log.warning("table %s: the computer's move was not saved; it moves again in %ss", table_id, RETRY_FULL)
            self.waiting.add(table_id)
            asyncio.get_running_loop().call_later(RETRY_FULL, self._enqueue, table_id, time.monotonic())
            return []
        return await self.service.answer(done)

    def question_now(self, table: LiveTable, seat: int, level: str, seed: str) -> Question:
        """What ``seat`` thinks about in the table's state in memory (a timeout's move, under
        the table's lock), with the budget the tables waiting now leave it."""
        seconds = self.budget.share(0.0, self.queued() + 1)
        return Question(table.game.name, table.snapshot_of(table.state), seat, level, seed, seconds)

    async def think_now(self, question: Question) -> str:
        """The move ``question`` asks for, thought in a worker process while the caller waits
        (a timeout's move; the caller does not hold the table's lock meanwhile)."""
        self.budgets.append(question.seconds)
        decision = await self.thinker.decide(question)
        self.thinks.append(decision.cpu_seconds)
        return decision.text

    async def _deliver(self, channel_id: int, replies: list[Reply]) -> None:
        if self.ports is None:
            return
        try:
            await self.ports.deliver(channel_id, self.service.in_public_language(channel_id, replies))
        except Exception:       # the move is stored; a restart announces what was not
            log.warning("channel %s: the computer's move could not be posted", channel_id, exc_info=True)
