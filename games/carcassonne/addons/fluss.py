"""The River (rules §10.2): the spring starts the game, the river course is drawn first (shuffled),
then the lake, then the land tiles with the base start tile among them (§18, D-4). A river tile
goes only on the square at the river's open end, with a river edge touching it, and a curve may
not turn the same way as the curve it attaches to (no U-turn)."""
from __future__ import annotations

from games.carcassonne.addons.base import Capability
from games.carcassonne.components import tile, tiles_of_set
from games.carcassonne.rules.board import Board, river_turn
from games.carcassonne.rules.geometry import OFFSETS, OPPOSITE, OrientedTile, oriented
from games.carcassonne.state import CarcassonneState
from games.carcassonne.rules.placement import placement_hint
from games.carcassonne.words import turn_word
from games.core import IllegalAction, OptionSpec, SeededRng

SPRING, LAKE = "R01", "R10"


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


def _rotations(board: Board, tile_id: str, x: int, y: int) -> tuple[int, ...]:
    if (x, y) != river_square(board):
        return ()
    return tuple(r for r in board.legal_rotations(tile_id, x, y) if not u_turn(board, tile_id, r))


class Fluss(Capability):
    option = OptionSpec("fluss", "The River: 12 river tiles are played first, starting from the spring.")
    tile_set = "fluss"

    # -- set-up ------------------------------------------------------------------------------------
    def start_tile(self) -> str | None:
        return SPRING

    def land_tiles(self) -> list[str]:
        return []

    def pile_head(self, rng: SeededRng) -> list[str]:
        course = [t.id for t in tiles_of_set("fluss") if t.id not in (SPRING, LAKE) for _ in range(t.count)]
        rng.shuffle(course)
        return course + [LAKE]

    # -- where a river tile may go -----------------------------------------------------------------
    def legal_placements(self, board: Board, tile_id: str) -> list[tuple[int, int, int]] | None:
        if not tile(tile_id).river:
            return None
        square = river_square(board)
        return [] if square is None else [(square[0], square[1], r) for r in _rotations(board, tile_id, *square)]

    def legal_rotations(self, board: Board, tile_id: str, x: int, y: int) -> tuple[int, ...] | None:
        return _rotations(board, tile_id, x, y) if tile(tile_id).river else None

    def fits_somewhere(self, board: Board, tile_id: str) -> bool | None:
        if not tile(tile_id).river:
            return None
        square = river_square(board)
        return square is not None and bool(_rotations(board, tile_id, *square))

    def refuse_square(self, state: CarcassonneState, ot: OrientedTile, x: int, y: int) -> IllegalAction | None:
        board = state.board
        if ot.tile.river and (x, y) != river_square(board) and (x, y) not in board.grid:
            return IllegalAction("A river tile must continue the river at its open end; {tile} fits at {places}.",
                                 tile=ot.id, places=placement_hint(state))
        return None

    def refuse_fit(self, state: CarcassonneState, ot: OrientedTile, x: int, y: int) -> IllegalAction | None:
        turn = u_turn(state.board, ot.id, ot.rotation) if ot.tile.river else 0
        if turn:
            return IllegalAction("{x},{y} r{rotation}: the river may not turn {side} twice in a row (no U-turn). "
                                 "{tile} fits at {places}.", x=x, y=y, rotation=ot.rotation, side=turn_word(turn),
                                 tile=ot.id, places=placement_hint(state))
        return None


__all__ = ["Fluss", "SPRING", "LAKE", "river_square", "u_turn"]
