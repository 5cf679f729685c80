"""Where a tile may go (rules §5 and the river rules of §10.2) and the tiles of a game (§1, §10.2).

Land tiles go on any frontier square whose neighbours' edges they match. A river tile goes only
on the square at the river's open end, with a river edge touching it, and a curve may not turn
the same way as the curve it attaches to (no U-turn).
"""
from __future__ import annotations

from typing import Iterable

from games.carcassonne.components import tile, tiles_of_set
from games.carcassonne.rules.board import Board, river_turn, rotations_for
from games.carcassonne.rules.geometry import OFFSETS, OPPOSITE, OrientedTile, oriented
from games.carcassonne.state import CarcassonneState
from games.carcassonne.words import edge_word, placements_summary, terrain_word, turn_word
from games.core import IllegalAction, Msg, SeededRng

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
           "legal_placements", "fits_somewhere", "check_placement", "no_fit", "example_placement", "placement_hint"]


# -- checks and hints, with what would fit instead ----------------------------------------------
def check_placement(state: CarcassonneState, ot: OrientedTile, x: int, y: int) -> None:
    """Raise IllegalAction, saying what would fit instead, unless ``ot`` may go at x,y."""
    board = state.board
    if ot.tile.river:
        square = river_square(board)
        if (x, y) != square and (x, y) not in board.grid:
            raise IllegalAction("A river tile must continue the river at its open end; {tile} fits at {places}.",
                                tile=ot.id, places=placement_hint(state))
    if (x, y) not in board.frontier:
        raise no_fit(state, x, y)
    clash = board.mismatch(ot, x, y)
    if clash is None:
        if ot.tile.river and u_turn(board, ot.id, ot.rotation):
            turn = u_turn(board, ot.id, ot.rotation)
            raise IllegalAction("{x},{y} r{rotation}: the river may not turn {side} twice in a row (no U-turn). "
                                "{tile} fits at {places}.", x=x, y=y, rotation=ot.rotation, side=turn_word(turn),
                                tile=ot.id, places=placement_hint(state))
        return
    d, mine, theirs = clash
    rotations = legal_rotations(board, ot.id, x, y)
    if rotations:
        hint = Msg("At {x},{y} it fits with {rotations}.", {"x": x, "y": y,
                                                            "rotations": ", ".join(f"r{r}" for r in rotations)})
    else:
        hint = Msg("It fits for example at {places}.", {"places": placement_hint(state)})
    raise IllegalAction("{x},{y} r{rotation}: the {edge} edge of {tile} is a {mine} but the neighbour's edge is "
                        "a {theirs}. {hint}", x=x, y=y, rotation=ot.rotation, edge=edge_word(d), tile=ot.id,
                        mine=terrain_word(mine), theirs=terrain_word(theirs), hint=hint)

def no_fit(state: CarcassonneState, x: int, y: int) -> IllegalAction:
    """Why the drawn tile cannot go at x,y in any rotation, with where it does fit."""
    board = state.board
    there = board.tile_at(x, y)
    if there is not None:
        return IllegalAction("{x},{y} already holds tile {other}; {tile} fits for example at {places}.",
                             x=x, y=y, other=there.id, tile=state.drawn, places=placement_hint(state))
    if (x, y) not in board.frontier:
        return IllegalAction("{x},{y} has no neighbour; place next to an existing tile, for example {example}.",
                             x=x, y=y, example=example_placement(state))
    return IllegalAction("{tile} does not fit at {x},{y} in any rotation; it fits for example at {places}.",
                         tile=state.drawn, x=x, y=y, places=placement_hint(state))


def example_placement(state: CarcassonneState) -> str:
    """One legal placement of the drawn tile, as notation, for messages."""
    if state.drawn is None:
        return "0,1 r0"
    placements = legal_placements(state.board, state.drawn)
    if not placements:
        return "0,1 r0"
    x, y, r = placements[0]
    return f"{x},{y} r{r}"

def placement_hint(state: CarcassonneState) -> str:
    """A few legal placements of the drawn tile, for messages."""
    return placements_summary(legal_placements(state.board, state.drawn), limit=6) if state.drawn else "-"
