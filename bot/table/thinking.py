"""Computer decisions that take long — the ``strong`` level's search, most of a second each — are
thought in worker processes, off the event loop, so no other table waits for them.

A question carries what the seat's decision is computed from today: the game's name, the
stored state of the table's version (the search itself reads it only through the game's
``determinize``, from the seat's side), the seat, the level, the rng's seed and the budget in
CPU seconds. The answer is the move's text, which the table applies through its one commit path
after checking that it is still at that turn (bot/service/computers.py).

The cheap levels (``random``, ``greedy``: a few milliseconds a move, docs/performance.md) keep
running inline, in the commit that leads to their turn.
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Sequence

from bot.workerprocess import end_with_the_bot
from games import registry
from games.core.search import StrongPlayer

#: the levels that decide fast enough to run in the commit, on the event loop
INLINE_LEVELS = frozenset({"random", "greedy"})


def thinks_long(level: str) -> bool:
    """Whether ``level`` decides in the worker processes rather than inline."""
    return level not in INLINE_LEVELS


@dataclass(frozen=True)
class Question:
    """What one decision is computed from (picklable: it crosses to a worker process)."""

    game: str
    snapshot: str            # the stored JSON of the state the seat decides in
    seat: int
    level: str
    seed: str                # the rng's seed, as the inline levels' (table seed, version)
    seconds: float           # the search's CPU budget (bot/table/budget.py)


@dataclass(frozen=True)
class Decision:
    text: str                # the move, as the game's notation writes it
    cpu_seconds: float       # CPU time the decision took


#: how much lower the worker processes' scheduling priority is than the bot's (``os.nice``): on a
#: busy machine the event loop, which answers the players, gets the cores first. The budget is
#: CPU time, so a computer thinks as well either way, only later.
NICENESS = 10


def prepare(extra_games: Sequence[str]) -> None:
    """Set a worker process up: its output let go of, a lower priority, the operator's plugin
    games registered, every game loaded (its data tables read here rather than in the first
    decision). A worker says nothing itself (a failure reaches the bot with its answer); letting
    go of the bot's stdout and stderr means that whatever reads them sees them end with the bot,
    not with its last worker."""
    end_with_the_bot()
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    os.close(quiet)
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    for spec in extra_games:
        registry.load(spec)
    for name in registry.names():
        registry.get(name)


def decide(question: Question) -> Decision:
    """The decision of ``question.seat`` (in a worker process; plain Python, no I/O)."""
    game = registry.get(question.game)
    if game is None:
        raise LookupError(f"no game named {question.game!r} in this worker")
    state = game.from_json(json.loads(question.snapshot))
    player = game.computer_player(question.level)
    if question.level == "strong" and not isinstance(player, StrongPlayer):
        player = StrongPlayer()         # a game that searches but keeps no settings of its own
    if isinstance(player, StrongPlayer):
        player = StrongPlayer(replace(player.settings, seconds=question.seconds))
    start = time.process_time()
    action = player.choose(game, state, question.seat, random.Random(question.seed))
    return Decision(str(action), time.process_time() - start)


class Thinker:
    """The worker processes (started on the first question). At most ``processes`` questions are
    handed to them at once (the caller keeps one asking task per process), so what waits, waits
    on the caller's side, as table ids."""

    def __init__(self, processes: int, extra_games: Sequence[str] = ()) -> None:
        self.processes = processes
        self.pool = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=prepare, initargs=(tuple(extra_games),))

    async def decide(self, question: Question) -> Decision:
        return await asyncio.get_running_loop().run_in_executor(self.pool, decide, question)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
