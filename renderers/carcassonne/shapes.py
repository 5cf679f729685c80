"""The tile geometry's vocabulary in the unit square (x east, y south): sizes, edge and corner
points, the shapes a tile is drawn from (cities, roads, symbols), curves and points along paths, and
the city outlines bounded by the tile edges and their walls."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from games.carcassonne.components import DIRS, TileType

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

# Shapes the words of the tables need and the generic rules do not produce (see the doc of
# renderers.carcassonne.geometry).
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


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def bezier(p0: Point, c: Point, p1: Point, n: int = 16) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b = lerp(p0, c, t), lerp(c, p1, t)
        out.append(lerp(a, b, t))
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
        px, py = lerp(a, b, s)
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
        px, py = lerp(a, b, s)
        d = bow * math.sin(math.pi * s)
        pts.append((px + dx * d, py + dy * d))
    return pts


def polyline_length(path: tuple[Point, ...] | list[Point]) -> float:
    return sum(math.dist(path[i], path[i + 1]) for i in range(len(path) - 1))


def point_along(path: tuple[Point, ...] | list[Point], distance: float) -> Point:
    for i in range(len(path) - 1):
        seg = math.dist(path[i], path[i + 1])
        if distance <= seg or i == len(path) - 2:
            return lerp(path[i], path[i + 1], min(1.0, distance / seg) if seg else 0.0)
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
