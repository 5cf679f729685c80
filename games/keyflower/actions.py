"""Actions and their canonical notation (rules reference section 13).

``str(action)`` is the canonical long form the log records; ``parse`` (notation.py) reads it
back, plus the abbreviations the reference allows.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.keyflower.components import COLOURS, tile as tile_def


def tile_name(tid: str) -> str:
    """Notation id of an internal tile id: summer boats are written without their side."""
    if tile_def(tid).kind == "summer_boat":
        return tid[:-1]
    return tid


def colour_spec(colours: tuple[tuple[str, int], ...]) -> str:
    """``yellow`` for one colour, ``1r+2y`` for a mixed (summer boat 4b) group."""
    if len(colours) == 1:
        return colours[0][0]
    return "+".join(f"{n}{c[0]}" for c, n in colours)


def norm_colours(keeples: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((c, keeples[c]) for c in COLOURS if keeples.get(c, 0) > 0)


@dataclass(frozen=True)
class Move:
    """Transport ``k`` resources of one type from tile ``a`` to tile ``b`` (a step of a use)."""

    k: int
    res: str
    a: str
    b: str

    def __str__(self) -> str:
        count = f"{self.k} " if self.k != 1 else ""
        return f"move {count}{self.res} {tile_name(self.a)} {tile_name(self.b)}"


@dataclass(frozen=True)
class Up:
    """Upgrade one tile of your village; ``pay`` names the items (empty: the automatic choice)."""

    tile: str
    pay: tuple[str, ...] = ()

    def __str__(self) -> str:
        pay = f" pay {','.join(self.pay)}" if self.pay else ""
        return f"up {tile_name(self.tile)}{pay}"


Step = Move | Up


@dataclass(frozen=True)
class BidAction:
    tile: str
    n: int
    colour: str
    sources: tuple[str, ...] = ()

    def __str__(self) -> str:
        src = f" from {','.join(tile_name(t) for t in self.sources)}" if self.sources else ""
        return f"bid {tile_name(self.tile)} {self.n} {self.colour}{src}"


@dataclass(frozen=True)
class UseAction:
    tile: str
    n: int
    colours: tuple[tuple[str, int], ...]
    sources: tuple[str, ...] = ()
    choice: str = ""              # Workshop resource, "pay COLOUR" or "pay SKILL"
    steps: tuple[Step, ...] = ()

    @property
    def keeples(self) -> dict[str, int]:
        return dict(self.colours)

    def head(self, hide_choice: bool = False) -> str:
        src = f" from {','.join(tile_name(t) for t in self.sources)}" if self.sources else ""
        choice = ""
        if self.choice:
            choice = " pay (hidden)" if hide_choice else f" {self.choice}"
        return f"use {tile_name(self.tile)} {self.n} {colour_spec(self.colours)}{src}{choice}"

    def __str__(self) -> str:
        return "; ".join([self.head()] + [str(s) for s in self.steps])


@dataclass(frozen=True)
class DoneAction:
    """Finish a transport action early (staged transport)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class PassAction:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class BoatAction:
    boat: str

    def __str__(self) -> str:
        return f"boat {self.boat}"


@dataclass(frozen=True)
class PlaceAction:
    tile: str
    q: int
    r: int
    k: int

    def __str__(self) -> str:
        return f"place {tile_name(self.tile)} {self.q},{self.r} r{self.k}"


@dataclass(frozen=True)
class WinterAction:
    tiles: tuple[str, ...]

    def __str__(self) -> str:
        return "winter " + " ".join(self.tiles)


@dataclass(frozen=True)
class FlipAction:
    tile: str

    def __str__(self) -> str:
        return f"flip {tile_name(self.tile)}"


Action = (BidAction | UseAction | Move | Up | DoneAction | PassAction | BoatAction | PlaceAction
          | WinterAction | FlipAction)
