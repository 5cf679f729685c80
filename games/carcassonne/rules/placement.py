"""Where a tile may go (rules §5 and the river rules of §10.2) and the tiles of a game (§1, §10.2).

Land tiles go on any frontier square whose neighbours' edges they match. A river tile goes only
on the square at the river's open end, with a river edge touching it, and a curve may not turn
the same way as the curve it attaches to (no U-turn).
"""
from __future__ import annotations

from typing import Iterable

from games.carcassonne.rules.board import Board, river_turn, rotations_for
from games.carcassonne.rules.geometry import OFFSETS, OPPOSITE, oriented
from games.carcassonne.components import tile, tiles_of_set
from games.core import SeededRng

START_TILE = "D"
SPRING, LAKE = "R01", "R10"
#: the add-on options that bring tiles, in the order of the rules (each option names its tile set)
TILE_SETS = ("erweiterung", "haendler", "koenig", "drache")


def build_pile(options: Iterable[str], rng: SeededRng) -> tuple[str, list[str]]:
    """The tile at (0,0) and the shuffled draw pile. Without the river the start tile is one of
    the four D tiles; with ``fluss`` the spring starts, the river course is drawn first (shuffled),
    then the lake, then the land tiles, the base start tile among them (§18, D-4)."""
    options = set(options)
    land = [t.id for t in tiles_of_set("base") for _ in range(t.count)]
    if "fluss" not in options:
        land.remove(START_TILE)
    land += [t.id for name in TILE_SETS if name in options for t in tiles_of_set(name) for _ in range(t.count)]
    rng.shuffle(land)
    if "fluss" not in options:
        return START_TILE, land
    course = [t.id for t in tiles_of_set("fluss") if t.id not in (SPRING, LAKE) for _ in range(t.count)]
    rng.shuffle(course)
    return SPRING, course + [LAKE] + land


def river_square(board: Board) -> tuple[int, int] | None:
    """The empty square at the river's open end, where the next river tile goes."""
    if board.river_end is None:
        return None
    x, y, d = board.river_end
    square = (x + OFFSETS[d][0], y + OFFSETS[d][1])
    return None if square in board.grid else square


def u_turn(board: Board, tile_id: str, rotation: int) -> int:
    """The turn (1 right, -1 left) a river tile at the open end would repeat, or 0 if it is fine."""
    assert board.river_end is not None
    heading = board.river_end[2]
    ot = oriented(tile_id, rotation)
    exits = [d for d in range(4) if ot.edges[d] == "~" and d != OPPOSITE[heading]]
    turn = river_turn(heading, exits[0]) if exits else 0
    return turn if turn and turn == board.river_turn else 0


def legal_rotations(board: Board, tile_id: str, x: int, y: int) -> tuple[int, ...]:
    if tile(tile_id).river:
        if (x, y) != river_square(board):
            return ()
        return tuple(r for r in board.legal_rotations(tile_id, x, y) if not u_turn(board, tile_id, r))
    return board.legal_rotations(tile_id, x, y)


def legal_placements(board: Board, tile_id: str) -> list[tuple[int, int, int]]:
    """Every (x, y, rotation) where ``tile_id`` may go, sorted by row, column, rotation."""
    if tile(tile_id).river:
        square = river_square(board)
        return [] if square is None else [(square[0], square[1], r) for r in legal_rotations(board, tile_id, *square)]
    return board.legal_placements(tile_id)


def fits_somewhere(board: Board, tile_id: str) -> bool:
    if tile(tile_id).river:
        square = river_square(board)
        return square is not None and bool(legal_rotations(board, tile_id, *square))
    return any(rotations_for(tile_id, pattern) for pattern in board.frontier.values())


__all__ = ["START_TILE", "SPRING", "LAKE", "build_pile", "river_square", "u_turn", "legal_rotations",
           "legal_placements", "fits_somewhere"]
