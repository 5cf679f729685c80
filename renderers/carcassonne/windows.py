"""Which part of the board a Carcassonne picture shows and at what tile size: the windows (the
whole board, a zoom round a square, the recent play), the tile sizes a board steps down through, and
the layout of the board and the panel on the picture."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from PIL import Image

from games.carcassonne.view import CarcassonneView
from renderers.carcassonne.board import Window, margins
from renderers.carcassonne.panel import Fonts
from renderers.carcassonne.parts import panel_image as whole_panel
from renderers.common.phone import MIN_WIDTH, Floors, floors, max_height
from renderers.common.picture_words import N_

WIDTH = 800             # the turn image and the zoom, at scale 1
TILE_MAX = 120
TILE_MIN = 40           # the whole board never draws tiles smaller than this (at scale 1)
FOCUS_TILE = 72         # the turn image of a large board: tiles round the recent play
FOCUS_DEPLOY = 96       # ... while the player chooses where the follower goes (codes to read)
FOCUS_BELOW = 60        # below this whole-board tile size the turn image shows the recent play
TILE_REGION = 120
REGION_RADIUS = 3
BOARD_WIDE = 1000       # the whole board's picture grows beyond WIDTH up to this before tiles shrink
GAP = 12
#: tile sizes a board is drawn at (a sprite is made once per size: a board that grows steps down
#: this ladder instead of making new sprites at every size)
LADDER = (120, 112, 104, 96, 88, 80, 72, 64, 56, 48, 40)
WHOLE = ("board", "all")

_REGION = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def even_size(n: float) -> int:
    n = int(n)
    return n - n % 4 if n >= 8 else max(4, n)


def _step(tile: float, scale: float) -> int:
    """The largest size of the ladder (at this scale) not above ``tile``."""
    for size in LADDER:
        if size * scale <= tile:
            return even_size(size * scale)
    return even_size(tile)


def _extent(view: CarcassonneView) -> tuple[int, int, int, int]:
    """Every placed tile plus one ring of squares round them (where the legal squares are); no
    ring once the game is over."""
    xs = [t.x for t in view.tiles] or [0]
    ys = [t.y for t in view.tiles] or [0]
    ring = 0 if view.phase == "over" and view.tiles else 1
    x0, x1, y0, y1 = min(xs) - ring, max(xs) + ring, min(ys) - ring, max(ys) + ring
    for x, y, _ in view.legal_placements:
        x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
    return x0, y0, x1, y1


def whole_window(view: CarcassonneView, scale: float = 1.0) -> Window:
    """The whole board at the tile size ``/board`` uses (never below TILE_MIN)."""
    x0, y0, x1, y1 = _extent(view)
    span = max(x1 - x0 + 1, (y1 - y0 + 1) / 2)
    tile = max(TILE_MIN * scale, min(TILE_MAX * scale, (BOARD_WIDE - 80) * scale / span))
    return Window(x0, y0, x1, y1, _step(tile, scale))


def region_window(region: str, scale: float = 1.0) -> Window:
    m = _REGION.match(region)
    if not m:
        raise ValueError(f"region must be 'x,y' (for example '2,-1') or 'board', not {region!r}")
    x, y = int(m.group(1)), int(m.group(2))
    r = REGION_RADIUS
    return Window(x - r, y - r, x + r, y + r, even_size(TILE_REGION * scale))


@dataclass(frozen=True)
class Layout:
    """Where everything goes: the picture's width, the board window, the board's top-left corner,
    whether the board is a part of a larger one and round what (focus: one of FOCUS_NOTES' keys,
    "" for the whole board), and the panel below it."""

    width: int
    window: Window
    board_at: tuple[int, int]
    focus: str
    panel: bool
    floors: Floors


#: the line under a focused board, by what the board is centred on
FOCUS_NOTES = {"last": N_("Part of the board, round the last tile · /board shows it all"),
               "dragon": N_("Part of the board, round the dragon · /board shows it all"),
               "fits": N_("Part of the board, where the drawn tile fits · /board shows it all")}


def panel_picture(view: CarcassonneView, names: list[str], width: int, fonts: Fonts, gap: int) -> Image.Image:
    """The panel: players and the drawn tile side by side, the legend below."""
    return whole_panel(view, names, width, fonts, gap)


def _fit_tile(cols: int, rows: int, width: int, height: int, scale: float, fl: Floors) -> int:
    """The largest tile size (at most TILE_MAX) at which ``cols`` x ``rows`` squares and their
    labels fit in ``width`` x ``height``."""
    tile = TILE_MAX * scale
    for _ in range(3):
        mx, my = margins(Window(0, 0, cols - 1, rows - 1, even_size(tile)), scale, fl)
        tile = min(TILE_MAX * scale, (width - 2 * mx) / cols, (height - 2 * my) / rows)
    return _step(tile, scale)


def layout(view: CarcassonneView, names: list[str], scale: float = 1.0, region: str | None = None,
           panel_height: int | None = None, height: int | None = None) -> Layout:
    """The arrangement of one picture (see the module's docstring); ``panel_height``: the panel's,
    when it is drawn already; ``height``: the tallest the turn image may be (default: a phone's
    limit for its width)."""
    gap = round(GAP * scale)
    if region is not None and region.strip().lower() in WHOLE:
        window = whole_window(view, scale)
        width = round(max(MIN_WIDTH, WIDTH) * scale)
        fl = floors(width)
        for _ in range(4):          # wider pictures need larger labels, larger labels wider margins
            mx, my = margins(window, scale, fl)
            board_w, board_h = window.cols * window.tile + 2 * mx, window.rows * window.tile + 2 * my
            width = max(width, board_w, math.ceil((board_h + round(60 * scale)) / 2))
            fl = floors(width)
        return Layout(width, window, ((width - board_w) // 2, round(60 * scale)), "", False, fl)
    width = round(WIDTH * scale)
    fl = floors(width)
    fonts = Fonts(scale, fl.text, fl.mark)
    if region is not None:
        window = region_window(region, scale)
        mx, _ = margins(window, scale, fl)
        width = max(width, window.cols * window.tile + 2 * mx)
        fl = floors(width)
        return Layout(width, window, (0, 0), "", True, fl)
    if panel_height is None:
        panel_height = panel_picture(view, names, width, fonts, gap).height
    room = min(height or max_height(width), max_height(width)) - panel_height - gap
    x0, y0, x1, y1 = _extent(view)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    tile = _fit_tile(cols, rows, width, room, scale, fl)
    if tile >= FOCUS_BELOW * scale:
        window = Window(x0, y0, x1, y1, tile)
        mx, _ = margins(window, scale, fl)
        return Layout(width, window, ((width - (cols * tile + 2 * mx)) // 2, 0), "", True, fl)
    # a large board: the squares round the last tile placed, as many as fit
    room -= round(40 * scale)                           # the line that says /board shows it all
    tile = even_size((FOCUS_DEPLOY if view.phase == "deploy" else FOCUS_TILE) * scale)
    mx, my = margins(Window(x0, y0, x1, y1, tile), scale, fl)
    show_cols = min(cols, max(3, (width - 2 * mx) // tile))
    show_rows = min(rows, max(3, (room - 2 * my) // tile))

    def round_square(cx: int, cy: int) -> Window:
        left = min(max(x0, cx - show_cols // 2), x1 - show_cols + 1)
        top = min(max(y0, cy - show_rows // 2), y1 - show_rows + 1)
        return Window(left, top, left + show_cols - 1, top + show_rows - 1, tile)
    cx, cy = focus_square(view)
    window = round_square(cx, cy)
    focus = "dragon" if view.phase == "dragon" and (cx, cy) != view.last_placed else "last"
    fits = {(x, y) for x, y, _ in view.legal_placements}
    if view.phase == "place" and fits and not any(window.contains(x, y) for x, y in fits):
        # the drawn tile fits nowhere near the last tile: the picture shows the nearest place it fits
        window = round_square(*min(fits, key=lambda at: (abs(at[0] - cx) + abs(at[1] - cy), at)))
        focus = "fits"
    mx, _ = margins(window, scale, fl)
    return Layout(width, window, ((width - (show_cols * tile + 2 * mx)) // 2, 0), focus, True, fl)


def focus_square(view: CarcassonneView) -> tuple[int, int]:
    """The square a large board's turn image is centred on: the dragon while it is moved (its
    next steps are what the player chooses from), else the last tile placed."""
    if view.phase == "dragon":
        for figure in view.figures:
            if figure.kind == "dragon":
                return figure.x, figure.y
    return view.last_placed or (0, 0)


def square_box(view: CarcassonneView, x: int, y: int, scale: float = 1.0,
               region: str | None = None, names: list[str] | None = None) -> tuple[int, int, int] | None:
    """Pixel box (left, top, size) of board square (x, y) in the rendered image; None if not shown."""
    plan = layout(view, names or [], scale, region)
    window = plan.window
    if not window.contains(x, y):
        return None
    mx, my = margins(window, scale, plan.floors)
    return (plan.board_at[0] + mx + (x - window.x0) * window.tile, plan.board_at[1] + my + (y - window.y0) * window.tile,
            window.tile)
