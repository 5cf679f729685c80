"""How much CPU time a thinking computer gets for one decision: its full budget
(``computer.think_seconds``) when nothing waits, less when tables queue for the worker
processes, so that a computer's move still comes within ``computer.think_target`` seconds of
being asked — but never less than ``computer.think_floor``, below which the search would no
longer be worth more than the inline levels.

When a worker takes the next table (the one that has waited longest: the queue is first in,
first out), what is left of that table's target is shared among the tables waiting, this one
included, per worker process:

    budget = clamp(left of the target / max(1, tables waiting / processes),
                   at least think_floor, at most think_seconds)

The tables behind it were asked later, so they have at least as much time left: if each takes
its share, the queue is through before the first table's target. A lone table gets the full
``think_seconds``; a long queue brings every decision down to the floor, and if even that is
too much the waits grow past the target (more ``think_processes`` shorten them).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ThinkingBudget:
    seconds: float          # computer.think_seconds: the budget when nothing waits
    floor: float            # computer.think_floor: the budget never goes below this (nor above ``seconds``)
    target: float           # computer.think_target: seconds from a move's being asked to its being thought
    processes: int          # computer.think_processes: the decisions thought at once

    def share(self, waited: float, waiting: int) -> float:
        """The CPU seconds of a decision that has waited ``waited`` seconds, taken while
        ``waiting`` tables (itself included) wait for the worker processes."""
        left = self.target - waited
        per_process = max(1.0, waiting / self.processes)
        return min(self.seconds, max(self.floor, left / per_process))
