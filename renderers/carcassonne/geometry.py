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
from dataclasses import dataclass

from games.carcassonne.components import DIRS, TileType, tile as tile_type
from renderers.carcassonne.raster import (
    Grid, components, deepest_point, dilate, disc_grid, line_grid, polygon_grid,
)
from renderers.carcassonne.shapes import (
    ANCHOR_CLEAR, EDGE_MID, GRID, HALF_POINT, ICON_SIZE, JUNCTION_R, MONASTERY_R, RIVER_WIDTH, ROAD_WIDTH,
    CityShape, Icon, Point, RoadShape, TileGeometry, bezier, city_shapes, lerp, point_along, polyline_length,
)


# ---------------------------------------------------------------------------------------------
# roads, rivers, buildings


def _river_paths(t: TileType) -> tuple[list[tuple[Point, ...]], list[Icon]]:
    if not t.river:
        return [], []
    if len(t.river) == 1:                              # spring (R01) or lake (R10)
        end = EDGE_MID[t.river]
        lake = t.id == "R10" or "lake" in t.raw
        pond = lerp(end, (0.5, 0.5), 0.95)
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
    line = [lerp(start, (0.5, 0.5), i / 40) for i in range(41)]
    hit = _first_hit(line, city)
    if hit is not None:
        return tuple(line[: hit + 2])
    if converge:
        gate = _nearest_cell(city, (0.5, 0.5))
        return tuple(bezier(start, (0.5, 0.5), lerp(gate, (0.5, 0.5), -0.04), 16))
    gate = _nearest_cell(city, start)
    return (start, lerp(start, gate, 1.04))


def _building_spot(t: TileType, blocked: Grid, fields: Grid, in_city: Grid) -> Point:
    """Centre of the tile when it is free, else the deepest free point (K01, R04, D10)."""
    centre = disc_grid((0.5, 0.5), MONASTERY_R * 1.25)
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
    city = [polygon_grid(c.polygon) for c in cities]
    road_grids = [line_grid(r.path, ROAD_WIDTH) for r in roads]
    block = Grid()
    for r, g in zip(roads, road_grids):
        if not r.tunnel:
            block = block | g
    river = Grid()
    for p in rivers:
        river = river | line_grid(p, RIVER_WIDTH)
    ponds = Grid()
    for icon in river_icons:
        ponds = ponds | disc_grid(icon.at, icon.size / 2)
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
        grown = dilate(cells[i], 2)
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
            gate = _nearest_cell(polygon_grid(c.polygon), (0.5, 0.5))
            roads.append(RoadShape(-1, ((0.5, 0.5), lerp((0.5, 0.5), gate, 1.08)), "stub"))
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
        city_all = city_all | polygon_grid(c.polygon)
    river_grid = Grid()
    for p in rivers:
        river_grid = river_grid | line_grid(p, RIVER_WIDTH + 0.04)
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
            out = out.minus(disc_grid(at, r + extra))
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
            room = (disc_grid(c, 0.09) & free).count() / max(1, disc_grid(c, 0.09).count())
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
