"""What a seat (or the public) sees of a Carcassonne game: the contract between engine,
renderer and messages. The draw pile's order is never part of a view."""
from __future__ import annotations

from dataclasses import dataclass, field

COLOURS = ("red", "yellow", "green", "blue", "black")
LETTERS = ("R", "Y", "G", "B", "K")


@dataclass(frozen=True)
class PlacedTileView:
    x: int
    y: int
    tile: str          # tile type id, e.g. "D", "R03", "I12"
    rotation: int      # quarter turns clockwise, 0-3


@dataclass(frozen=True)
class FigureView:
    x: int
    y: int
    seat: int | None   # None for neutral pieces (dragon, fairy)
    kind: str          # "follower", "large", "builder", "pig", "dragon", "fairy"
    feature: str       # "city", "road", "field", "monastery", or "" for tile-level pieces
    segment: int       # 0-based index into the tile data's list for that feature kind (-1: none)


@dataclass(frozen=True)
class PlayerView:
    seat: int
    colour: str
    letter: str
    score: int
    followers: int     # in supply
    large: int = 0
    builder: int = 0
    pig: int = 0
    goods: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class CarcassonneView:
    seat: int | None
    options: tuple[str, ...]
    turn: int                                   # turn number shown in the log
    current: int | None                         # seat to act, None when over
    phase: str                                  # "place", "deploy", "dragon", "over"
    tiles: tuple[PlacedTileView, ...]
    figures: tuple[FigureView, ...]
    players: tuple[PlayerView, ...]
    drawn: str | None                           # tile id drawn for the current player
    tiles_left: int                             # including the drawn tile
    legal_placements: tuple[tuple[int, int, int], ...] = ()   # (x, y, rotation) for the drawn tile
    deploy_options: tuple[str, ...] = ()        # deploy codes after placement, "-" included
    last_placed: tuple[int, int] | None = None
    discarded: tuple[str, ...] = ()
    extras: dict = field(default_factory=dict)  # add-on state (king/robber holders, ...)
