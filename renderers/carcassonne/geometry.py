"""Canonical (r0) drawing geometry of every tile type, derived from the tile data.

Coordinates are in the unit square, x east, y south (rules §2). Cities are polygons bounded by the
tile edges they own and by *walls*: curves between tile corners. Roads and rivers are polylines.
Every segment gets an anchor point where a figure stands, and the tile symbols (pennants, goods,
monastery, ...) get positions that keep clear of those anchors.

The pictures in the rules tables are described in words only, so the geometry is built by a few
rules and then *checked against the data*: the fields are flood-filled on a small raster and every
field segment must be exactly one connected area that touches exactly its half-edges and exactly its
bordering cities (``analyse``). Where a tile allows several road layouts, the first layout that
passes the check is used; tests assert that every tile passes.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from games.carcassonne.components import DIRS, TileType, tile as tile_type

Point = tuple[float, float]

GRID = 96                      # raster size of the analysis (pixels per tile side)
ROAD_WIDTH = 0.11
RIVER_WIDTH = 0.16
MONASTERY_R = 0.17             # half size of the monastery / volcano building
JUNCTION_R = 0.07
ANCHOR_CLEAR = 0.17            # how far symbols keep from a figure anchor
ICON_SIZE = {"pennant": 0.2, "princess": 0.24, "wine": 0.24, "grain": 0.24, "cloth": 0.24, "inn": 0.27,
             "dragon": 0.27, "portal": 0.25}

EDGE_MID: dict[str, Point] = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
CORNERS: dict[str, Point] = {"NW": (0.0, 0.0), "NE": (1.0, 0.0), "SE": (1.0, 1.0), "SW": (0.0, 1.0)}
CORNER_ORDER = ("NW", "NE", "SE", "SW")           # clockwise; edge i runs CORNER_ORDER[i] -> [i+1]
EDGE_INWARD: dict[str, Point] = {"N": (0, 1), "E": (-1, 0), "S": (0, -1), "W": (1, 0)}
HALF_POINT: dict[str, Point] = {
    "Nw": (0.25, 0.0), "Ne": (0.75, 0.0), "En": (1.0, 0.25), "Es": (1.0, 0.75),
    "Se": (0.75, 1.0), "Sw": (0.25, 1.0), "Ws": (0.0, 0.75), "Wn": (0.0, 0.25),
}
# the two half-edges that meet at each corner
CORNER_HALVES = {"NW": ("Wn", "Nw"), "NE": ("Ne", "En"), "SE": ("Es", "Se"), "SW": ("Sw", "Ws")}

# Shapes the words of the tables need and the generic rules do not produce (see module doc).
# extra_corners: a city wall that reaches these tile corners (D25: "field on W touches only the N
#   city" needs the N city to come down to the SW corner, enclosing the field between the cities).
# bridge: the city passes over the other one (K05); for fields it is no barrier (the two pockets
#   on each side of it form one enclosed field).  fat_lens: fuller wall curves (K05's crossing).
HINTS: dict[str, dict] = {
    "D25": {"extra_corners": {0: ("SW",)}},
    "K05": {"bridge": (1,), "fat_lens": True},
}


@dataclass(frozen=True)
class CityShape:
    index: int
    polygon: tuple[Point, ...]
    walls: tuple[tuple[Point, ...], ...]   # curves to stroke (the tile-edge parts are not walls)
    bridge: bool = False


@dataclass(frozen=True)
class RoadShape:
    index: int                  # road segment index, -1 for a stub that is no feature (I05)
    path: tuple[Point, ...]
    end: str                    # "edge", "junction", "monastery", "volcano", "gate", "stub"
    tunnel: bool = False


@dataclass(frozen=True)
class Icon:
    kind: str                   # monastery, volcano, cathedral, pennant, wine, grain, cloth, princess,
    at: Point                   # inn, dragon, portal, junction, spring, lake
    size: float                 # diameter in tile units


@dataclass(frozen=True)
class TileGeometry:
    id: str
    cities: tuple[CityShape, ...]
    roads: tuple[RoadShape, ...]
    rivers: tuple[tuple[Point, ...], ...]
    icons: tuple[Icon, ...]
    anchors: dict[tuple[str, int], Point] = field(default_factory=dict)   # (feature, index) -> point
    problems: tuple[str, ...] = ()        # mismatches against the tile data (empty when it all fits)
    layout: str = ""                      # which road layout was chosen


# ---------------------------------------------------------------------------------------------
# curves


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def bezier(p0: Point, c: Point, p1: Point, n: int = 16) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b = _lerp(p0, c, t), _lerp(c, p1, t)
        out.append(_lerp(a, b, t))
    return out


def _edge_curve(edge: str, depth: float, reverse: bool, fat: bool, n: int = 20) -> list[Point]:
    """Curve from one corner of ``edge`` to the other, ``depth`` inside the tile at the middle."""
    i = DIRS.index(edge)
    a, b = CORNERS[CORNER_ORDER[i]], CORNERS[CORNER_ORDER[(i + 1) % 4]]
    nx, ny = EDGE_INWARD[edge]
    pts = []
    for k in range(n + 1):
        s = k / n
        bulge = math.sin(math.pi * s)
        d = depth * (math.sqrt(bulge) if fat else bulge)
        px, py = _lerp(a, b, s)
        pts.append((px + nx * d, py + ny * d))
    return pts[::-1] if reverse else pts


def _diagonal_curve(p: str, q: str, middle: str, bow: float, n: int = 20) -> list[Point]:
    """Curve from corner ``p`` to the opposite corner ``q`` bowing away from corner ``middle``."""
    a, b, m = CORNERS[p], CORNERS[q], CORNERS[middle]
    dx, dy = 0.5 - m[0], 0.5 - m[1]
    norm = math.hypot(dx, dy)
    dx, dy = dx / norm, dy / norm
    pts = []
    for k in range(n + 1):
        s = k / n
        px, py = _lerp(a, b, s)
        d = bow * math.sin(math.pi * s)
        pts.append((px + dx * d, py + dy * d))
    return pts


def polyline_length(path: tuple[Point, ...] | list[Point]) -> float:
    return sum(math.dist(path[i], path[i + 1]) for i in range(len(path) - 1))


def point_along(path: tuple[Point, ...] | list[Point], distance: float) -> Point:
    for i in range(len(path) - 1):
        seg = math.dist(path[i], path[i + 1])
        if distance <= seg or i == len(path) - 2:
            return _lerp(path[i], path[i + 1], min(1.0, distance / seg) if seg else 0.0)
        distance -= seg
    return path[-1]


def rotate_point(p: Point, rotation: int) -> Point:
    """Where canonical point ``p`` lies after ``rotation`` quarter turns clockwise."""
    x, y = p
    for _ in range(rotation % 4):
        x, y = 1.0 - y, x
    return (x, y)


# ---------------------------------------------------------------------------------------------
# cities


def _corner_fields(t: TileType) -> dict[str, int]:
    """Field index per half-edge."""
    return {h: i for i, f in enumerate(t.fields) for h in f.halves}


def wall_corners(t: TileType) -> dict[int, tuple[str, ...]]:
    """Extra corners a city wall must reach so that fields meeting at that corner stay apart.

    Two half-edges that meet at a corner can only belong to different fields when something
    reaches into that corner; no road or river does, so it is a city wall (I07, T07, T12, ...).
    """
    fields = _corner_fields(t)
    extra: dict[int, list[str]] = {}
    for corner, (h1, h2) in CORNER_HALVES.items():
        if h1 in fields and h2 in fields and fields[h1] != fields[h2] and t.cities:
            owner = max(range(len(t.cities)), key=lambda i: len(t.cities[i].edges))
            extra.setdefault(owner, []).append(corner)
    for index, corners in HINTS.get(t.id, {}).get("extra_corners", {}).items():
        extra.setdefault(index, []).extend(corners)
    return {i: tuple(c) for i, c in extra.items()}


def _city_shape(t: TileType, index: int, extra: tuple[str, ...], fat: bool, bridge: bool) -> CityShape:
    edges = t.cities[index].edges
    if len(edges) == 4:
        return CityShape(index, ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)), (), bridge)
    other_edges = {e for j, c in enumerate(t.cities) if j != index for e in c.edges}
    owned_corners = set(extra)
    for e in edges:
        i = DIRS.index(e)
        owned_corners |= {CORNER_ORDER[i], CORNER_ORDER[(i + 1) % 4]}
    ring = [c for c in CORNER_ORDER if c in owned_corners]
    # start the walk right after a wall so the polygon starts on the tile border
    polygon: list[Point] = []
    walls: list[tuple[Point, ...]] = []
    for pos, p in enumerate(ring):
        q = ring[(pos + 1) % len(ring)]
        i, j = CORNER_ORDER.index(p), CORNER_ORDER.index(q)
        k = (j - i) % 4 or 4
        if k == 1 and DIRS[i] in edges:
            polygon += [CORNERS[p], CORNERS[q]]
            continue
        if k == 1:                                   # a field lens along the edge between p and q
            depth = 0.42 if DIRS[i] in other_edges else (0.22 if extra else 0.33)
            curve = _edge_curve(DIRS[i], 0.35 if fat else depth, False, fat)
        elif k == 3:                                 # a cap on the edge from q round to p
            e = DIRS[j]
            lens_round = any(len(c.edges) > 1 and e not in c.edges for jj, c in enumerate(t.cities) if jj != index)
            depth = 0.2 if lens_round and _wrapped(t, index) else 0.3
            curve = _edge_curve(e, depth, True, fat)
        elif k == 2:
            middle = CORNER_ORDER[(i + 1) % 4]
            curve = _diagonal_curve(p, q, middle, 0.1)
        else:                                        # one corner only (does not occur in the data)
            curve = [CORNERS[p], (0.5, 0.5), CORNERS[q]]
        polygon += curve
        walls.append(tuple(curve))
    return CityShape(index, tuple(polygon), tuple(walls), bridge)


def _wrapped(t: TileType, index: int) -> bool:
    """A cap whose edge another city's band wraps round (T03/T04: band W-E over a cap S)."""
    edge = t.cities[index].edges
    if len(edge) != 1:
        return False
    opposite = DIRS[(DIRS.index(edge) + 2) % 4]
    return any(len(c.edges) == 2 and edge not in c.edges and opposite not in c.edges
               for c in t.cities)


def city_shapes(t: TileType) -> tuple[CityShape, ...]:
    hints = HINTS.get(t.id, {})
    extra = wall_corners(t)
    return tuple(_city_shape(t, i, extra.get(i, ()), bool(hints.get("fat_lens")), i in hints.get("bridge", ()))
                 for i in range(len(t.cities)))


# ---------------------------------------------------------------------------------------------
# raster helpers (analysis grid)


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


def _polygon_grid(poly: tuple[Point, ...]) -> Grid:
    return _draw(lambda d: d.polygon([_px(p) for p in poly], fill=255, outline=255))


def _line_grid(path: tuple[Point, ...], width: float) -> Grid:
    def draw(d: ImageDraw.ImageDraw) -> None:
        w = max(1, round(width * GRID))
        d.line([_px(p) for p in path], fill=255, width=w, joint="curve")
        r = w / 2
        for p in (path[0], path[-1]):
            x, y = _px(p)
            d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    return _draw(draw)


def _disc_grid(centre: Point, radius: float) -> Grid:
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


def _dilate(g: Grid, steps: int) -> Grid:
    image = g.image()
    for _ in range(steps):
        image = image.filter(ImageFilter.MaxFilter(3))
    return Grid(image)


# ---------------------------------------------------------------------------------------------
# roads, rivers, buildings


def _river_paths(t: TileType) -> tuple[list[tuple[Point, ...]], list[Icon]]:
    if not t.river:
        return [], []
    if len(t.river) == 1:                              # spring (R01) or lake (R10)
        end = EDGE_MID[t.river]
        lake = t.id == "R10" or "lake" in t.raw
        pond = _lerp(end, (0.5, 0.5), 0.95)
        icon = Icon("lake" if lake else "spring", pond, 0.42 if lake else 0.24)
        return [(end, pond)], [icon]
    a, b = t.river[0], t.river[1]
    return [_through_path(a, b)], []


def _through_path(a: str, b: str) -> tuple[Point, ...]:
    pa, pb = EDGE_MID[a], EDGE_MID[b]
    if (DIRS.index(a) - DIRS.index(b)) % 2 == 0:
        return (pa, (0.5, 0.5), pb)
    corner = (pa[0] if pa[0] in (0.0, 1.0) else pb[0], pa[1] if pa[1] in (0.0, 1.0) else pb[1])
    return tuple(_arc(corner, pa, pb))


def _arc(centre: Point, a: Point, b: Point, n: int = 16) -> list[Point]:
    """Quarter circle round ``centre`` from ``a`` to ``b`` (both at the same distance)."""
    r = math.dist(centre, a)
    t0 = math.atan2(a[1] - centre[1], a[0] - centre[0])
    t1 = math.atan2(b[1] - centre[1], b[0] - centre[0])
    if t1 - t0 > math.pi:
        t1 -= 2 * math.pi
    elif t0 - t1 > math.pi:
        t1 += 2 * math.pi
    return [(centre[0] + r * math.cos(t0 + (t1 - t0) * i / n), centre[1] + r * math.sin(t0 + (t1 - t0) * i / n))
            for i in range(n + 1)]


def _first_hit(path: list[Point], mask: Grid) -> int | None:
    for i, p in enumerate(path):
        x, y = min(GRID - 1, int(p[0] * GRID)), min(GRID - 1, int(p[1] * GRID))
        if mask.get(x, y):
            return i
    return None


def _nearest_cell(mask: Grid, origin: Point) -> Point:
    ox, oy = origin[0] * GRID, origin[1] * GRID
    best = min((i for i, v in enumerate(mask.data) if v),
               key=lambda i: (i % GRID + 0.5 - ox) ** 2 + (i // GRID + 0.5 - oy) ** 2)
    return ((best % GRID + 0.5) / GRID, (best // GRID + 0.5) / GRID)


def _gate_path(start: Point, city: Grid, converge: bool) -> tuple[Point, ...]:
    """A road from ``start`` to a city wall: straight towards the centre until it meets a city;
    otherwise to the wall point nearest to the centre (``converge``: all such roads meet at one
    gate) or nearest to ``start`` (each road has its own gate)."""
    line = [_lerp(start, (0.5, 0.5), i / 40) for i in range(41)]
    hit = _first_hit(line, city)
    if hit is not None:
        return tuple(line[: hit + 2])
    if converge:
        gate = _nearest_cell(city, (0.5, 0.5))
        return tuple(bezier(start, (0.5, 0.5), _lerp(gate, (0.5, 0.5), -0.04), 16))
    gate = _nearest_cell(city, start)
    return (start, _lerp(start, gate, 1.04))


def _building_spot(t: TileType, blocked: Grid, fields: Grid, in_city: Grid) -> Point:
    """Centre of the tile when it is free, else the deepest free point (K01, R04, D10)."""
    centre = _disc_grid((0.5, 0.5), MONASTERY_R * 1.25)
    if not (centre & blocked).count():
        return (0.5, 0.5)
    spot = deepest_point(fields.minus(blocked), (0.5, 0.5))
    if spot is None or spot[1] < 0.18:
        # D10: the monastery stands inside the city
        spot = deepest_point(in_city, (0.5, 0.5)) or ((0.5, 0.5), 0.0)
    return spot[0]


# ---------------------------------------------------------------------------------------------
# the whole tile


@dataclass
class _Layers:
    city: list[Grid]
    roads: list[Grid]
    roads_block: Grid
    rivers: Grid
    ponds: Grid


def _layers(cities: tuple[CityShape, ...], roads: list[RoadShape], rivers: list[tuple[Point, ...]],
             river_icons: list[Icon]) -> _Layers:
    city = [_polygon_grid(c.polygon) for c in cities]
    road_grids = [_line_grid(r.path, ROAD_WIDTH) for r in roads]
    block = Grid()
    for r, g in zip(roads, road_grids):
        if not r.tunnel:
            block = block | g
    river = Grid()
    for p in rivers:
        river = river | _line_grid(p, RIVER_WIDTH)
    ponds = Grid()
    for icon in river_icons:
        ponds = ponds | _disc_grid(icon.at, icon.size / 2)
    return _Layers(city, road_grids, block, river, ponds)


def analyse(t: TileType, cities: tuple[CityShape, ...], layers: _Layers) -> tuple[list[str], dict[int, Grid]]:
    """Compare the drawn fields with the tile data; return the problems and each field's area."""
    blocked = layers.roads_block | layers.rivers | layers.ponds
    for c, g in zip(cities, layers.city):
        if not c.bridge:
            blocked = blocked | g
    passable = blocked.invert()
    labels, comps = components(passable)

    def comp_at(half: str) -> int | None:
        u, v = HALF_POINT[half]
        cx, cy = min(GRID - 1, int(u * GRID)), min(GRID - 1, int(v * GRID))
        for r in range(0, 4):
            for dx in range(-r, r + 1):
                for dy in range(-r, r + 1):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < GRID and 0 <= y < GRID and labels[y * GRID + x] != -1:
                        return labels[y * GRID + x]
        return None

    problems: list[str] = []
    owner: dict[int, int] = {}                 # component -> field index
    enclosed_fields = [i for i, f in enumerate(t.fields) if f.halves[0] in ("i1", "i2")]
    for i, f in enumerate(t.fields):
        if i in enclosed_fields:
            continue
        found = {comp_at(h) for h in f.halves}
        if None in found or len(found) != 1:
            problems.append(f"field {i + 1} {' '.join(f.halves)} is split into {len(found)} areas")
            continue
        comp = found.pop()
        assert comp is not None                 # ruled out just above
        if comp in owner:
            problems.append(f"fields {owner[comp] + 1} and {i + 1} are drawn as one area")
        owner[comp] = i
    min_area = GRID * GRID // 400
    loose = sorted((c for c in range(len(comps)) if c not in owner and comps[c].area >= min_area),
                   key=lambda c: comps[c].first)
    if len(loose) != len(enclosed_fields):
        problems.append(f"{len(loose)} enclosed areas drawn, {len(enclosed_fields)} in the data")
    for comp, i in zip(loose, enclosed_fields):
        owner[comp] = i
    cells = {i: comps[c].mask() for c, i in owner.items()}
    for c, i in owner.items():
        grown = _dilate(cells[i], 2)
        # a lens that only meets a city at a tile corner does not border it
        touching = {j for j, g in enumerate(layers.city) if (grown & g).count() > 6}
        wanted = set(t.fields[i].cities)
        if touching != wanted:
            problems.append(f"field {i + 1} touches cities {sorted(x + 1 for x in touching)}, "
                            f"data says {sorted(x + 1 for x in wanted)}")
    return problems, cells


def _roads(t: TileType, layout: str, cities: tuple[CityShape, ...], city_all: Grid,
           buildings: dict[str, Point]) -> list[RoadShape]:
    single = [i for i, r in enumerate(t.roads) if len(r.edges) == 1]
    roads: list[RoadShape] = []
    for i, r in enumerate(t.roads):
        if len(r.edges) == 2:
            roads.append(RoadShape(i, _through_path(r.edges[0], r.edges[1]), "edge", r.tunnel))
            continue
        start = EDGE_MID[r.edges]
        if "monastery" in buildings:
            roads.append(RoadShape(i, (start, buildings["monastery"]), "monastery"))
        elif "volcano" in buildings:
            roads.append(RoadShape(i, (start, buildings["volcano"]), "volcano"))
        elif len(single) >= 3 or layout == "junction" or not t.cities:
            roads.append(RoadShape(i, (start, (0.5, 0.5)), "junction"))
        else:
            roads.append(RoadShape(i, _gate_path(start, city_all, layout == "converge"), "gate"))
    if layout == "junction":
        # I05: the short stubs from the crossroads into the cities are no features
        for c in cities:
            gate = _nearest_cell(_polygon_grid(c.polygon), (0.5, 0.5))
            roads.append(RoadShape(-1, ((0.5, 0.5), _lerp((0.5, 0.5), gate, 1.08)), "stub"))
    return roads


def _layouts(t: TileType) -> list[str]:
    single = sum(1 for r in t.roads if len(r.edges) == 1)
    if not single or not t.cities or single >= 3:
        return ["plain"]
    return ["separate", "converge", "junction"]


def _build(t: TileType, layout: str) -> tuple[TileGeometry, _Layers]:
    cities = city_shapes(t)
    rivers, river_icons = _river_paths(t)
    city_all = Grid()
    for c in cities:
        city_all = city_all | _polygon_grid(c.polygon)
    river_grid = Grid()
    for p in rivers:
        river_grid = river_grid | _line_grid(p, RIVER_WIDTH + 0.04)
    field_grid = (city_all | river_grid).invert()
    buildings: dict[str, Point] = {}
    if t.monastery:
        buildings["monastery"] = _building_spot(t, city_all | river_grid, field_grid, city_all)
    if t.volcano:
        buildings["volcano"] = _building_spot(t, city_all | river_grid, field_grid, city_all)
    roads = _roads(t, layout, cities, city_all, buildings)
    layers = _layers(cities, roads, rivers, river_icons)
    problems, field_masks = analyse(t, cities, layers)
    icons = list(river_icons)
    for kind, at in buildings.items():
        icons.append(Icon(kind, at, MONASTERY_R * 2))
    if sum(1 for r in roads if r.end == "junction") >= 3 or layout == "junction":
        icons.append(Icon("junction", (0.5, 0.5), JUNCTION_R * 2))
    geometry = TileGeometry(t.id, cities, tuple(roads), tuple(rivers), tuple(icons), {}, tuple(problems), layout)
    return _place(t, geometry, layers, field_masks), layers


# ---------------------------------------------------------------------------------------------
# anchors and symbols


def _place(t: TileType, g: TileGeometry, layers: _Layers, field_masks: dict[int, Grid]) -> TileGeometry:
    icons = list(g.icons)
    anchors: dict[tuple[str, int], Point] = {}
    taken: list[tuple[Point, float]] = [(i.at, i.size / 2) for i in icons if i.kind not in ("junction",)]

    def clear_of(mask: Grid, extra: float = 0.0) -> Grid:
        out = mask
        for at, r in taken:
            out = out.minus(_disc_grid(at, r + extra))
        return out

    roads_any = layers.rivers
    for road in layers.roads:
        roads_any = roads_any | road
    over = Grid()                       # a bridge city (K05) hides what lies under it
    for c, m in zip(g.cities, layers.city):
        if c.bridge:
            over = over | m
    city_masks = [m.minus(roads_any) if c.bridge else m.minus(roads_any).minus(over)
                  for c, m in zip(g.cities, layers.city)]
    # the cathedral stands in the middle of its city, before anyone's knight
    for i, c in enumerate(t.cities):
        if c.cathedral:
            spot = deepest_point(city_masks[i], (0.5, 0.5))
            if spot:
                icons.append(Icon("cathedral", spot[0], 0.34))
                taken.append((spot[0], 0.17))
    if t.monastery and "monastery" in [i.kind for i in icons]:
        anchors[("monastery", 0)] = next(i.at for i in icons if i.kind == "monastery")
    # followers: cities, roads, fields
    for i, c in enumerate(t.cities):
        spot = deepest_point(clear_of(city_masks[i], 0.06)) or deepest_point(city_masks[i])
        if spot:
            anchors[("city", i)] = spot[0]
            taken.append((spot[0], ANCHOR_CLEAR - 0.04))
    for r in g.roads:
        if r.index < 0:
            continue
        anchors[("road", r.index)] = _road_anchor(r, taken)
        taken.append((anchors[("road", r.index)], ANCHOR_CLEAR - 0.05))
    for i in range(len(t.fields)):
        if i not in field_masks:
            continue
        visible = field_masks[i].minus(over)
        spot = deepest_point(clear_of(visible, 0.05)) or deepest_point(visible)
        if spot:
            anchors[("field", i)] = spot[0]
            taken.append((spot[0], ANCHOR_CLEAR - 0.04))
    # small symbols, in the room that is left
    def put(kind: str, mask: Grid, size: float) -> None:
        spot = deepest_point(clear_of(mask, size / 2)) or deepest_point(clear_of(mask, 0.0)) or deepest_point(mask)
        if spot is None:
            return
        size = min(size, max(0.14, 2 * spot[1] + 0.03))
        half = size / 2 + 0.01
        at = (min(1 - half, max(half, spot[0][0])), min(1 - half, max(half, spot[0][1])))
        icons.append(Icon(kind, at, size))
        taken.append((at, size / 2))

    for i, c in enumerate(t.cities):
        for kind, on in (("pennant", c.pennant), ("princess", c.princess), (c.goods or "", c.goods)):
            if on:
                put(kind, city_masks[i], ICON_SIZE[kind])
    for r in g.roads:
        if r.index >= 0 and t.roads[r.index].inn:
            spot = _inn_spot(r, layers, clear_of)
            icons.append(Icon("inn", spot, ICON_SIZE["inn"]))
            taken.append((spot, ICON_SIZE["inn"] / 2))
    # the dragon and portal symbols go wherever there is most room, field or city
    open_ground = (roads_any | layers.ponds).invert()
    for kind, on in (("dragon", t.dragon), ("portal", t.portal)):
        if on:
            put(kind, open_ground, ICON_SIZE[kind])
    return TileGeometry(g.id, g.cities, g.roads, g.rivers, tuple(icons), anchors, g.problems, g.layout)


def _road_anchor(r: RoadShape, taken: list[tuple[Point, float]]) -> Point:
    length = polyline_length(r.path)
    end_room = {"monastery": MONASTERY_R, "volcano": MONASTERY_R, "junction": JUNCTION_R}.get(r.end, 0.0)
    usable = length - end_room
    for frac in (0.5, 0.35, 0.65, 0.25, 0.75):
        p = point_along(r.path, usable * frac)
        if all(math.dist(p, at) >= rad + 0.08 for at, rad in taken):
            return p
    return point_along(r.path, usable * 0.5)


def _inn_spot(r: RoadShape, layers: _Layers, clear_of) -> Point:
    """The inn (house by a lake) sits in the field beside its road."""
    length = polyline_length(r.path)
    free = (layers.roads_block | layers.rivers).invert()
    for m in layers.city:
        free = free.minus(m)
    free = clear_of(free, 0.0)
    best: tuple[float, Point] | None = None
    for frac in (0.7, 0.3, 0.8, 0.5, 0.2):
        p = point_along(r.path, length * frac)
        q = point_along(r.path, min(length, length * frac + 0.02))
        dx, dy = q[0] - p[0], q[1] - p[1]
        norm = math.hypot(dx, dy) or 1.0
        for side in (1, -1):
            c = (p[0] - dy / norm * 0.16 * side, p[1] + dx / norm * 0.16 * side)
            half = ICON_SIZE["inn"] / 2 + 0.01
            if not (half <= c[0] <= 1 - half and half <= c[1] <= 1 - half):
                continue
            room = (_disc_grid(c, 0.09) & free).count() / max(1, _disc_grid(c, 0.09).count())
            if best is None or room > best[0] + 1e-9:
                best = (room, c)
    return best[1] if best else point_along(r.path, length * 0.5)


@functools.lru_cache(maxsize=None)
def geometry(tile_id: str) -> TileGeometry:
    """The drawing geometry of a tile type (canonical orientation), checked against its data."""
    t = tile_type(tile_id)
    first: TileGeometry | None = None
    for layout in _layouts(t):
        g, _ = _build(t, layout)
        if not g.problems:
            return g
        first = first or g
    assert first is not None
    return first
