"""Carcassonne board renderer: ``render(view, names, scale, region) -> PNG bytes``.

The whole board ("A" view) is auto-scaled so it fits: tiles shrink as the board grows, down to a
minimum size, after which the image grows instead. ``region="x,y"`` shows a 7 x 7 window around
(x, y) at full tile size (BSW's zoom). A side or bottom panel shows the players, the drawn tile
in its four rotations and a legend of the symbols in play.
"""
from __future__ import annotations

import re

from PIL import Image

from games.carcassonne.view import CarcassonneView
from renderers.carcassonne import palette as P
from renderers.carcassonne.board import Window, draw_board, margins
from renderers.carcassonne.panel import Fonts, drawn_section, legend_section, players_section
from renderers.carcassonne.quantize import to_palette
from renderers.common import encode_png

__all__ = ["render", "render_image", "whole_window", "region_window", "square_box"]

BOARD_MAX = 1000        # pixels (at scale 1) the whole board may take before tiles stop shrinking
TILE_MAX = 100
TILE_MIN = 40
TILE_REGION = 112
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
    """Every placed tile plus one ring of squares round them (where the legal squares are)."""
    xs = [t.x for t in view.tiles] or [0]
    ys = [t.y for t in view.tiles] or [0]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
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


def _stack(parts: list[Image.Image], width: int, gap: int) -> Image.Image:
    height = sum(p.height for p in parts) + gap * (len(parts) - 1)
    out = Image.new("RGB", (width, height), P.PANEL_BG)
    y = 0
    for p in parts:
        out.paste(p, (0, y))
        y += p.height + gap
    return out


def _flow(parts: list[Image.Image], width: int, gap: int) -> Image.Image:
    """Sections side by side, wrapping into rows ``width`` wide."""
    rows: list[list[Image.Image]] = [[]]
    used = 0
    for p in parts:
        if rows[-1] and used + gap + p.width > width:
            rows.append([])
            used = 0
        used += p.width + (gap if rows[-1] else 0)
        rows[-1].append(p)
    height = sum(max(p.height for p in row) for row in rows) + gap * (len(rows) - 1)
    out = Image.new("RGB", (width, height), P.PANEL_BG)
    y = 0
    for row in rows:
        x = 0
        for p in row:
            out.paste(p, (x, y))
            x += p.width + gap
        y += max(p.height for p in row) + gap
    return out


def render_image(view: CarcassonneView, names: list[str], scale: float = 1.0, region: str | None = None) -> Image.Image:
    window = region_window(region, scale) if region else whole_window(view, scale)
    board = draw_board(view, window, scale)
    fonts = Fonts(scale)
    pw = round(PANEL_WIDTH * scale)
    gap = round(GAP * scale)
    top = [players_section(view, names, pw, fonts)]
    drawn = drawn_section(view, pw, fonts)
    if drawn is not None:
        top.append(drawn)

    # panel to the right or below: whichever a phone shows larger (Discord fits the picture
    # into roughly 400 x 640 points; a wide picture is shrunk the most)
    column = _stack(top + [legend_section(view, pw, fonts)], pw, gap)
    below_width = max(board.width, pw)
    below = _stack([_flow(top, below_width, gap), legend_section(view, below_width, fonts)], below_width, gap)
    right_size = (board.width + gap + column.width, max(board.height, column.height))
    below_size = (max(board.width, below.width), board.height + gap + below.height)

    def phone_scale(size: tuple[int, int]) -> float:
        return min(PHONE[0] / size[0], PHONE[1] / size[1])

    if phone_scale(right_size) > phone_scale(below_size):
        image = Image.new("RGB", right_size, P.PANEL_BG)
        image.paste(board, (0, 0))
        image.paste(column, (board.width + gap, 0))
    else:
        image = Image.new("RGB", below_size, P.PANEL_BG)
        image.paste(board, (0, 0))
        image.paste(below, (0, board.height + gap))
    return image


def render(view: CarcassonneView, names: list[str], scale: float = 1.0, region: str | None = None) -> bytes:
    """PNG of the board of ``view`` (whole board, or the 7 x 7 window ``region="x,y"``)."""
    return encode_png(to_palette(render_image(view, names, scale, region)), compress_level=COMPRESS_LEVEL)
