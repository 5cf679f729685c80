"""The dragon's movement (rules §14.2) and its notation ``dragon <n|e|s|w>`` (§15.2).

After a dragon tile is placed (and the deploy is done) the dragon makes up to six single steps
onto tiles, the current player first and then the next players in seat order. It may not enter a
tile it has visited during this movement (its start counts) nor the fairy's tile; every figure on
a tile it enters goes home. When the player whose step it is has no legal step, it stops.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from games.carcassonne.rules.geometry import OFFSETS
from games.carcassonne.state import CarcassonneState

DRAGON_PHASE = "dragon"           # the phase in which the dragon moves, one step at a time

STEPS = 6
DIR_LETTERS = "nesw"
_WORDS = {"n": 0, "north": 0, "e": 1, "east": 1, "s": 2, "south": 2, "w": 3, "west": 3}
_TEXT = re.compile(r"(?:/?dragon\s*)?([a-z]+)")


@dataclass(frozen=True)
class DragonStep:
    """One step of the dragon: ``dragon n`` (also ``/dragon n``, ``dragon north`` or just ``n``)."""

    direction: int

    def __str__(self) -> str:
        return f"dragon {DIR_LETTERS[self.direction]}"


def read_step(text: str) -> int | None:
    """The direction a text names (0-3), or None if it names none."""
    match = _TEXT.fullmatch(text.strip().lower())
    return None if not match else _WORDS.get(match.group(1))


def mentions_dragon(text: str) -> bool:
    return text.strip().lower().lstrip("/").startswith("dragon")


def legal_steps(state: CarcassonneState) -> list[int]:
    """Directions the dragon may take now (empty once it has made its six steps)."""
    if state.phase != "dragon" or len(state.steps) >= STEPS or not state.path:
        return []
    x, y = state.path[-1]
    grid = state.board.grid
    out = []
    for d, (dx, dy) in enumerate(OFFSETS):
        target = (x + dx, y + dy)
        if target in grid and target not in state.path and target != state.fairy:
            out.append(d)
    return out


def target(state: CarcassonneState, direction: int) -> tuple[int, int]:
    x, y = state.path[-1]
    dx, dy = OFFSETS[direction]
    return x + dx, y + dy


__all__ = ["DragonStep", "STEPS", "DIR_LETTERS", "read_step", "mentions_dragon", "legal_steps", "target"]


def steps_text(state: CarcassonneState) -> str:
    """The legal steps as notation, for messages."""
    return " ".join(str(DragonStep(d)) for d in legal_steps(state)) or "-"
