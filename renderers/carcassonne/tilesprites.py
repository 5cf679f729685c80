"""Tile sprites: a tile type drawn at a rotation and pixel size, once, then reused.

The landscape (fields, river, cities, roads, walls) is drawn in canonical orientation and turned
with a lossless transpose; the symbols are pasted afterwards so they stay upright.
"""
from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw

from games.carcassonne.components import all_tiles
from renderers.carcassonne import palette as P
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.shapes import (
    RIVER_WIDTH, ROAD_WIDTH, Point, RoadShape, TileGeometry, point_along, polyline_length, rotate_point,
)
from renderers.carcassonne.icons import icon, paste_centred
from renderers.common import font

WALL_WIDTH = 0.045
ROAD_EDGE = 0.018
# Pillow's transpose turns counter-clockwise; a rotation r is r quarter turns clockwise.
_TRANSPOSE = {1: Image.Transpose.ROTATE_270, 2: Image.Transpose.ROTATE_180, 3: Image.Transpose.ROTATE_90}


def _scaled(path, s: float) -> list[tuple[float, float]]:
    return [(x * s, y * s) for x, y in path]


def _stroke(d: ImageDraw.ImageDraw, path, s: float, width: float, colour) -> None:
    pts = _scaled(path, s)
    w = max(1, round(width * s))
    d.line(pts, fill=colour, width=w, joint="curve")
    r = w / 2 - 0.5
    for x, y in (pts[0], pts[-1]):
        if 0 < x < s and 0 < y < s:          # round ends inside the tile only
            d.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _crossings(path: tuple[Point, ...], others: list[tuple[Point, ...]], reach: float) -> list[tuple[Point, Point]]:
    """Stretches of ``path`` that pass within ``reach`` of one of ``others`` (bridges)."""
    out = []
    length = polyline_length(path)
    steps = 60
    inside_from: Point | None = None
    prev: Point | None = None
    for i in range(steps + 1):
        p = point_along(path, length * i / steps)
        near = any(min(math.dist(p, q) for q in _dense(o)) < reach for o in others)
        if near and inside_from is None:
            inside_from = p
        if not near and inside_from is not None:
            out.append((inside_from, prev or p))
            inside_from = None
        prev = p
    if inside_from is not None and prev is not None:
        out.append((inside_from, prev))
    return out


@functools.lru_cache(maxsize=256)
def _dense(path: tuple[Point, ...]) -> tuple[Point, ...]:
    """Points every 1/40 of the way along ``path``."""
    length = polyline_length(path)
    return tuple(point_along(path, length * i / 40) for i in range(41))


def _draw_road(d: ImageDraw.ImageDraw, road: RoadShape, s: float, under: list[tuple[Point, ...]]) -> None:
    if road.tunnel:
        # the road runs under the city: dashes, so the fields on top read as unbroken
        length = polyline_length(road.path)
        n = 9
        for k in range(n):
            if k % 2 == 0:
                a, b = point_along(road.path, length * k / n), point_along(road.path, length * (k + 1) / n)
                _stroke(d, (a, b), s, ROAD_WIDTH * 0.7 + 2 * ROAD_EDGE, P.ROAD_EDGE)
                _stroke(d, (a, b), s, ROAD_WIDTH * 0.7, P.ROAD)
        return
    _stroke(d, road.path, s, ROAD_WIDTH + 2 * ROAD_EDGE, P.ROAD_EDGE)
    _stroke(d, road.path, s, ROAD_WIDTH, P.ROAD)
    # a bridge where the road crosses the river or another road
    for a, b in _crossings(road.path, under, RIVER_WIDTH / 2 + 0.03):
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / norm * (ROAD_WIDTH / 2 + ROAD_EDGE), dx / norm * (ROAD_WIDTH / 2 + ROAD_EDGE)
        for side in (1, -1):
            rail = ((a[0] + ox * side, a[1] + oy * side), (b[0] + ox * side, b[1] + oy * side))
            _stroke(d, rail, s, ROAD_EDGE * 2.2, (60, 50, 40))


def _draw_city(d: ImageDraw.ImageDraw, polygon, walls, s: float) -> None:
    d.polygon(_scaled(polygon, s), fill=P.CITY)
    for wall in walls:
        _stroke(d, wall, s, WALL_WIDTH, P.WALL)


def draw_landscape(g: TileGeometry, size: int) -> Image.Image:
    """The tile without symbols, canonical orientation, ``size`` pixels square."""
    ss = 3 if size < 80 else 2
    s = size * ss
    image = Image.new("RGB", (s, s), P.FIELD)
    d = ImageDraw.Draw(image)
    for river in g.rivers:
        _stroke(d, river, s, RIVER_WIDTH + 0.03, P.RIVER_EDGE)
        _stroke(d, river, s, RIVER_WIDTH, P.RIVER)
    plain = [c for c in g.cities if not c.bridge]
    for c in plain:
        d.polygon(_scaled(c.polygon, s), fill=P.CITY)
    under: list[tuple[Point, ...]] = list(g.rivers)
    for road in g.roads:
        _draw_road(d, road, s, under)
        if road.end == "edge" and not road.tunnel:
            under.append(road.path)
    for c in plain:
        for wall in c.walls:
            _stroke(d, wall, s, WALL_WIDTH, P.WALL)
    for c in g.cities:
        if c.bridge:                          # K05: this city passes over the other one
            _draw_city(d, c.polygon, c.walls, s)
    return image.resize((size, size), Image.Resampling.LANCZOS)


# every tile type at every size of the ladder and the deploy focus (109 x 12 landscapes, ~25 MB):
# a smaller bound let the warm-up evict its own first tiles, drawn again during the game
@functools.lru_cache(maxsize=2048)
def _canonical(tile_id: str, size: int) -> Image.Image:
    return draw_landscape(geometry(tile_id), size)


def _unknown(tile_id: str, size: int) -> Image.Image:
    image = Image.new("RGB", (size, size), (200, 200, 200))
    d = ImageDraw.Draw(image)
    d.text((size / 2, size / 2), f"?{tile_id}", fill=(0, 0, 0), font=font(max(8, size // 5), bold=True), anchor="mm")
    return image


# every tile type at every size of the ladder, and in every rotation at the two sizes of a focused
# turn image (109 x 12 + 109 x 3 x 2 sprites, about 40 MB)
@functools.lru_cache(maxsize=2048)
def tile_sprite(tile_id: str, rotation: int, size: int) -> Image.Image:
    """Tile ``tile_id`` turned ``rotation`` quarter turns clockwise, ``size`` pixels, symbols upright."""
    if tile_id not in all_tiles():
        return _unknown(tile_id, size)
    rotation %= 4
    image = _canonical(tile_id, size)
    image = image.transpose(_TRANSPOSE[rotation]) if rotation else image.copy()
    for ic in geometry(tile_id).icons:
        x, y = rotate_point(ic.at, rotation)
        paste_centred(image, icon(ic.kind, max(5, round(ic.size * size))), (x * size, y * size))
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, size - 1, size - 1), outline=P.TILE_LINE)
    return image


def anchor(tile_id: str, rotation: int, feature: str, segment: int) -> Point | None:
    """Where a figure on ``feature``/``segment`` of this tile stands, in rotated unit coordinates."""
    if tile_id not in all_tiles():
        return None
    point = geometry(tile_id).anchors.get((feature, segment))
    return rotate_point(point, rotation) if point else None
