"""The raster a tile's geometry is checked on: GRID x GRID masks, shapes drawn into them, their
connected areas and deepest points."""
from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.carcassonne.shapes import GRID, Point

def _px(p: Point) -> tuple[float, float]:
    return (p[0] * GRID, p[1] * GRID)


class Grid:
    """A GRID x GRID mask (an "L" image holding 0 or 255), with set operations in C."""

    def __init__(self, image: Image.Image | None = None):
        self.im = image if image is not None else Image.new("L", (GRID, GRID), 0)

    @property
    def data(self) -> bytes:
        return self.im.tobytes()

    def image(self) -> Image.Image:
        return self.im

    def get(self, x: int, y: int) -> int:
        return 1 if self.im.getpixel((x, y)) else 0

    def __and__(self, other: "Grid") -> "Grid":
        return Grid(ImageChops.darker(self.im, other.im))

    def __or__(self, other: "Grid") -> "Grid":
        return Grid(ImageChops.lighter(self.im, other.im))

    def minus(self, other: "Grid") -> "Grid":
        return Grid(ImageChops.subtract(self.im, other.im))

    def invert(self) -> "Grid":
        return Grid(ImageChops.invert(self.im))

    def count(self) -> int:
        return self.im.histogram()[255]


def _draw(shape_fn) -> Grid:
    image = Image.new("L", (GRID, GRID), 0)
    shape_fn(ImageDraw.Draw(image))
    return Grid(image)


def polygon_grid(poly: tuple[Point, ...]) -> Grid:
    return _draw(lambda d: d.polygon([_px(p) for p in poly], fill=255, outline=255))


def line_grid(path: tuple[Point, ...], width: float) -> Grid:
    def draw(d: ImageDraw.ImageDraw) -> None:
        w = max(1, round(width * GRID))
        d.line([_px(p) for p in path], fill=255, width=w, joint="curve")
        r = w / 2
        for p in (path[0], path[-1]):
            x, y = _px(p)
            d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    return _draw(draw)


def disc_grid(centre: Point, radius: float) -> Grid:
    x, y = _px(centre)
    r = radius * GRID
    return _draw(lambda d: d.ellipse((x - r, y - r, x + r, y + r), fill=255))


def _erode(image: Image.Image, diagonal: bool) -> Image.Image:
    """One step of erosion: 4-neighbour, or 8-neighbour when ``diagonal`` (alternating the two
    approximates round distances). The image has a blank frame, so wrapping round is harmless."""
    out = image
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1)) + (((1, 1), (-1, -1), (1, -1), (-1, 1)) if diagonal else ())
    for dx, dy in steps:
        out = ImageChops.darker(out, ImageChops.offset(image, dx, dy))
    return out


def centroid(mask: Grid) -> Point:
    image = mask.image()
    cols = image.resize((GRID, 1), Image.Resampling.BOX).tobytes()
    rows = image.resize((1, GRID), Image.Resampling.BOX).tobytes()
    total = sum(cols) or 1
    return (sum((i + 0.5) * v for i, v in enumerate(cols)) / total / GRID,
            sum((i + 0.5) * v for i, v in enumerate(rows)) / (sum(rows) or 1) / GRID)


def deepest_point(mask: Grid, near: Point | None = None, slack: float = 0.75) -> tuple[Point, float] | None:
    """A point well inside ``mask``, away from its outside and from the tile border.

    Among the points at least ``slack`` times as deep as the deepest one, the one nearest to
    ``near`` (default: the mask's centroid) wins, so anchors sit in the middle of an area rather
    than in whichever corner happens to be a pixel deeper. Returns the point and its depth in tile
    units, or None for an empty mask."""
    if not mask.count():
        return None
    framed = Image.new("L", (GRID + 2, GRID + 2), 0)
    framed.paste(mask.image(), (1, 1))
    levels = [framed]
    while True:
        eroded = _erode(levels[-1], len(levels) % 2 == 0)
        if eroded.getbbox() is None:
            break
        levels.append(eroded)
    depth = len(levels) - 1
    level = levels[max(0, min(depth, math.ceil(depth * slack)))]
    box = level.getbbox()
    assert box is not None
    crop = level.crop(box)
    w = box[2] - box[0]
    best = [(box[0] + i % w - 1, box[1] + i // w - 1) for i, v in enumerate(crop.tobytes()) if v]
    if near is None:
        near = centroid(mask)
    tx, ty = near[0] * GRID, near[1] * GRID
    x, y = min(best, key=lambda c: (c[0] + 0.5 - tx) ** 2 + (c[1] + 0.5 - ty) ** 2)
    return ((x + 0.5) / GRID, (y + 0.5) / GRID), (depth + 0.5) / GRID


@dataclass
class Component:
    runs: list[tuple[int, int, int]]          # (row, first column, last column + 1)

    @property
    def area(self) -> int:
        return sum(x1 - x0 for _, x0, x1 in self.runs)

    @property
    def first(self) -> tuple[int, int]:
        return min((y, x0) for y, x0, _ in self.runs)

    def mask(self) -> Grid:
        image = Image.new("L", (GRID, GRID), 0)
        draw = ImageDraw.Draw(image)
        for y, x0, x1 in self.runs:
            draw.line((x0, y, x1 - 1, y), fill=255)
        return Grid(image)


def components(passable: Grid) -> tuple[list[int], list[Component]]:
    """4-connected components of a mask, by runs per row and union-find: a label per cell
    (-1 outside) and the runs of each component."""
    data = passable.data
    parent: list[int] = []

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    previous: list[tuple[int, int, int]] = []          # (x0, x1, run id) of the row above
    run_pos: list[tuple[int, int, int]] = []
    for y in range(GRID):
        row = data[y * GRID:(y + 1) * GRID]
        runs, x = [], 0
        while x < GRID:
            if row[x]:
                x0 = x
                while x < GRID and row[x]:
                    x += 1
                rid = len(parent)
                parent.append(rid)
                run_pos.append((y, x0, x))
                runs.append((x0, x, rid))
                for p0, p1, pid in previous:
                    if p0 < x and x0 < p1:
                        a, b = find(rid), find(pid)
                        if a != b:
                            parent[max(a, b)] = min(a, b)
            else:
                x += 1
        previous = runs
    labels = [-1] * (GRID * GRID)
    index: dict[int, int] = {}
    comps: list[Component] = []
    for rid, (y, x0, x1) in enumerate(run_pos):
        root = find(rid)
        if root not in index:
            index[root] = len(comps)
            comps.append(Component([]))
        c = index[root]
        comps[c].runs.append((y, x0, x1))
        labels[y * GRID + x0:y * GRID + x1] = [c] * (x1 - x0)
    return labels, comps


def dilate(g: Grid, steps: int) -> Grid:
    image = g.image()
    for _ in range(steps):
        image = image.filter(ImageFilter.MaxFilter(3))
    return Grid(image)
