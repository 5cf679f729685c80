"""How much CPU time a thinking computer gets for one decision: its full budget
(``computer.think_seconds``) when nothing waits, less when tables queue for the worker
processes, so that a computer's move still comes within ``computer.think_target`` seconds of
being asked — but never less than ``computer.think_floor``, below which the search would no
longer be worth more than the inline levels.

When a worker takes the next table (the one that has waited longest: the queue is first in,
first out) and no other table waits behind it for a process, it gets the full
``think_seconds``. Otherwise what is left of that table's target is shared among the tables
waiting, this one included, per worker process:

    budget = clamp(left of the target / (tables waiting / processes),
                   at least think_floor, at most think_seconds)

The tables behind it were asked later, so they have at least as much time left: if each takes
its share, the queue is through by about the first table's target (the last one, with nobody
behind it, thinks its full budget). A long queue brings every decision down to the floor, and
if even that is too much the waits grow past the target (more ``think_processes`` shorten them).
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
        if waiting <= self.processes:           # nobody waits behind it: nothing to share
            return self.seconds
        left = self.target - waited
        return min(self.seconds, max(self.floor, left / (waiting / self.processes)))
