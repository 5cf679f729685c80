"""Carcassonne board renderer: ``render(view, names, scale, region) -> PNG bytes``.

The whole board ("A" view) is auto-scaled so it fits: tiles shrink as the board grows, down to a
minimum size, after which the image grows instead. ``region="x,y"`` shows a 7 x 7 window around
(x, y) at full tile size (BSW's zoom). A side or bottom panel shows the players, the drawn tile
in its four rotations and a legend of the symbols in play.
"""
from __future__ import annotations

import re

from PIL import Image

from games.carcassonne.tiles import all_tiles
from games.carcassonne.view import CarcassonneView
from renderers.carcassonne import palette as P
from renderers.carcassonne.board import Window, draw_board, margins
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.panel import (
    Fonts, drawn_section, legend_height, legend_items, legend_section, players_section,
)
from renderers.carcassonne.quantize import to_palette
from renderers.common import encode_png

__all__ = ["render", "render_image", "whole_window", "region_window", "square_box", "warm_up"]

BOARD_MAX = 1000        # pixels (at scale 1) the whole board may take before tiles stop shrinking
TILE_MAX = 120
TILE_MIN = 40
TILE_REGION = 120
REGION_RADIUS = 3
PANEL_WIDTH = 440
GAP = 12
COMPRESS_LEVEL = 1
PHONE = (400, 640)      # points a phone gives an image in a Discord channel (portrait)

_REGION = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def _even(n: float) -> int:
    n = int(n)
    return n - n % 4 if n >= 8 else max(4, n)


def whole_window(view: CarcassonneView, scale: float = 1.0) -> Window:
    """Every placed tile plus one ring of squares round them (where the legal squares are); no
    ring once the game is over."""
    xs = [t.x for t in view.tiles] or [0]
    ys = [t.y for t in view.tiles] or [0]
    ring = 0 if view.phase == "over" and view.tiles else 1
    x0, x1, y0, y1 = min(xs) - ring, max(xs) + ring, min(ys) - ring, max(ys) + ring
    for x, y, _ in view.legal_placements:
        x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
    span = max(x1 - x0 + 1, y1 - y0 + 1)
    tile = max(TILE_MIN * scale, min(TILE_MAX * scale, BOARD_MAX * scale / span))
    return Window(x0, y0, x1, y1, _even(tile))


def region_window(region: str, scale: float = 1.0) -> Window:
    m = _REGION.match(region)
    if not m:
        raise ValueError(f"region must be 'x,y' (for example '2,-1'), not {region!r}")
    x, y = int(m.group(1)), int(m.group(2))
    r = REGION_RADIUS
    return Window(x - r, y - r, x + r, y + r, _even(TILE_REGION * scale))


def square_box(view: CarcassonneView, x: int, y: int, scale: float = 1.0,
               region: str | None = None) -> tuple[int, int, int] | None:
    """Pixel box (left, top, size) of board square (x, y) in the rendered image; None if not shown.
    The board always sits at the top left of the image."""
    window = region_window(region, scale) if region else whole_window(view, scale)
    if not window.contains(x, y):
        return None
    mx, my = margins(window, scale)
    return mx + (x - window.x0) * window.tile, my + (y - window.y0) * window.tile, window.tile


def _arrange(board: Image.Image, view: CarcassonneView, names: list[str], scale: float) -> Image.Image:
    """Board and panel in one picture, with the panel to the right or below: whichever a phone
    shows larger (Discord fits a picture into roughly 400 x 640 points; wide ones shrink most)."""
    fonts = Fonts(scale)
    pw = round(PANEL_WIDTH * scale)
    gap = round(GAP * scale)
    top = [players_section(view, names, pw, fonts)]
    drawn = drawn_section(view, pw, fonts)
    if drawn is not None:
        top.append(drawn)
    items = legend_items(view, fonts)

    column_h = sum(p.height for p in top) + gap * len(top) + legend_height(items, pw, fonts)
    right_size = (board.width + gap + pw, max(board.height, column_h))
    below_w = max(board.width, pw)
    side_by_side = sum(p.width for p in top) + gap * (len(top) - 1) <= below_w
    top_h = max(p.height for p in top) if side_by_side else sum(p.height for p in top) + gap * (len(top) - 1)
    below_size = (below_w, board.height + gap + top_h + gap + legend_height(items, below_w, fonts))

    def phone_scale(size: tuple[int, int]) -> float:
        return min(PHONE[0] / size[0], PHONE[1] / size[1])

    right = phone_scale(right_size) > phone_scale(below_size)
    image = Image.new("RGB", right_size if right else below_size, P.PANEL_BG)
    image.paste(board, (0, 0))
    if right:
        x, y = board.width + gap, 0
        for part in top + [legend_section(items, pw, fonts)]:
            image.paste(part, (x, y))
            y += part.height + gap
        return image
    x, y = 0, board.height + gap
    for part in top:
        image.paste(part, (x, y))
        if side_by_side:
            x += part.width + gap
        else:
            y += part.height + gap
    y = board.height + gap + top_h + gap
    image.paste(legend_section(items, below_w, fonts), (0, y))
    return image


def render_image(view: CarcassonneView, names: list[str], scale: float = 1.0, region: str | None = None) -> Image.Image:
    """The picture as a Pillow image (RGB)."""
    window = region_window(region, scale) if region else whole_window(view, scale)
    return _arrange(draw_board(view, window, scale), view, names, scale)


def render(view: CarcassonneView, names: list[str], scale: float = 1.0, region: str | None = None) -> bytes:
    """PNG of the board of ``view`` (whole board, or the 7 x 7 window ``region="x,y"``)."""
    return encode_png(to_palette(render_image(view, names, scale, region)), compress_level=COMPRESS_LEVEL)


def warm_up() -> None:
    """Work out the geometry of every tile type now (about a second), so that the first board a
    freshly started bot renders is not slow; call it off the event loop at start-up if wanted."""
    for tile_id in all_tiles():
        geometry(tile_id)
