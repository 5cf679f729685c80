"""The sample-board helper lays boards whose touching edges match (so samples look plausible)."""
from __future__ import annotations

from games.carcassonne.components import all_tiles
from renderers.carcassonne.samples import OFFSET, OPPOSITE, addon_board, edge_at, early_board, fits, full_base_board


def _check_edges(view):
    board = {(t.x, t.y): (t.tile, t.rotation) for t in view.tiles}
    assert len(board) == len(view.tiles)
    for (x, y), (tid, r) in board.items():
        for d, (dx, dy) in OFFSET.items():
            other = board.get((x + dx, y + dy))
            if other:
                assert edge_at(all_tiles()[tid], r, d) == edge_at(all_tiles()[other[0]], other[1], OPPOSITE[d])
    return board


def test_full_base_board_uses_all_72_tiles_and_matches():
    view = full_base_board()
    assert len(view.tiles) == 72 and view.drawn is None
    _check_edges(view)


def test_drawn_tile_legal_squares_fit():
    view = early_board()
    board = _check_edges(view)
    assert view.drawn and view.legal_placements
    for x, y, r in view.legal_placements:
        assert fits(board, all_tiles()[view.drawn], x, y, r)


def test_addon_board_has_every_kind_of_piece():
    view = addon_board()
    _check_edges(view)
    kinds = {f.kind for f in view.figures}
    assert {"follower", "dragon", "fairy"} <= kinds
    assert any(all_tiles()[t.tile].river for t in view.tiles)
