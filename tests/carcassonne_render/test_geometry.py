"""The drawn tile geometry agrees with the tile data (rules §2, §4, §10-§14)."""
from __future__ import annotations

import pytest

from games.carcassonne.components import DIRS, all_tiles, rotate_dir
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.raster import components, polygon_grid
from renderers.carcassonne.shapes import (
    EDGE_MID, GRID, HINTS, ROAD_WIDTH, point_along, polyline_length, rotate_point, wall_corners,
)

TILE_IDS = sorted(all_tiles())


def test_all_109_tile_types_are_known():
    assert len(TILE_IDS) == 109


@pytest.mark.parametrize("tile_id", TILE_IDS)
def test_fields_follow_the_half_edge_data(tile_id):
    """Flood fill of the drawing: each field is one area touching exactly its half-edges and its
    bordering cities; enclosed fields are areas touching no edge."""
    g = geometry(tile_id)
    assert g.problems == (), f"{tile_id}: {g.problems}"


@pytest.mark.parametrize("tile_id", TILE_IDS)
def test_every_segment_has_an_anchor_on_its_feature(tile_id):
    t = all_tiles()[tile_id]
    g = geometry(tile_id)
    wanted = {("city", i) for i in range(len(t.cities))} | {("road", i) for i in range(len(t.roads))}
    wanted |= {("field", i) for i in range(len(t.fields))}
    if t.monastery:
        wanted.add(("monastery", 0))
    assert set(g.anchors) == wanted
    for (feature, index), (x, y) in g.anchors.items():
        assert 0.0 < x < 1.0 and 0.0 < y < 1.0
        if feature == "city":
            mask = polygon_grid(g.cities[index].polygon)
            assert mask.get(min(GRID - 1, int(x * GRID)), min(GRID - 1, int(y * GRID))), (tile_id, index)
        if feature == "road":
            road = next(r for r in g.roads if r.index == index)
            length = polyline_length(road.path)
            nearest = min(((x - p[0]) ** 2 + (y - p[1]) ** 2) ** 0.5
                          for p in (point_along(road.path, length * k / 50) for k in range(51)))
            assert nearest < ROAD_WIDTH, (tile_id, index)


def test_field_anchors_keep_away_from_roads_and_cities():
    # tile U: two fields either side of the road; farmers stand well inside them
    g = geometry("U")
    assert g.anchors[("field", 0)][1] < 0.4 and g.anchors[("field", 1)][1] > 0.6
    # tile D: f1 between city and road, f2 south of the road
    g = geometry("D")
    assert 0.3 < g.anchors[("field", 0)][1] < 0.5 and g.anchors[("field", 1)][1] > 0.6


def test_rotation_of_points_matches_rotation_of_edges():
    for d in DIRS:
        for r in range(4):
            x, y = rotate_point(EDGE_MID[d], r)
            assert (round(x, 6), round(y, 6)) == EDGE_MID[rotate_dir(d, r)]


def test_walls_reach_the_corner_where_two_fields_meet():
    for tile_id in ("I07", "T07", "T12", "T22", "D27", "K04"):
        assert wall_corners(all_tiles()[tile_id]) == {0: ("SE",)}, tile_id
    assert wall_corners(all_tiles()["T08"]) == {}
    assert set(HINTS) <= set(all_tiles())


def test_special_layouts():
    # I05: crossroads with two stubs into the cities that are not features
    g = geometry("I05")
    assert [r.end for r in g.roads if r.index < 0] == ["stub", "stub"]
    # roads ending at a monastery / volcano / junction
    assert {r.end for r in geometry("A").roads} == {"monastery"}
    assert {r.end for r in geometry("D02").roads} == {"volcano"}
    assert {r.end for r in geometry("X").roads} == {"junction"}
    assert {r.end for r in geometry("S").roads} == {"gate"}
    # D15: the road under the city is a tunnel and does not split the fields
    assert geometry("D15").roads[0].tunnel
    # D10: the monastery stands inside the city; K01: in the field below the city
    d10 = next(i for i in geometry("D10").icons if i.kind == "monastery")
    assert d10.at[1] < 0.5
    k01 = next(i for i in geometry("K01").icons if i.kind == "monastery")
    assert k01.at[1] > 0.5


def test_symbols_of_every_add_on_are_placed():
    kinds = {i.kind for tid in TILE_IDS for i in geometry(tid).icons}
    assert {"monastery", "pennant", "cathedral", "inn", "wine", "grain", "cloth", "volcano", "dragon", "portal",
            "princess", "junction", "spring", "lake"} <= kinds
    # every pennant / goods / princess / cathedral / inn of the data has its symbol
    for tid in TILE_IDS:
        t = all_tiles()[tid]
        icons = [i.kind for i in geometry(tid).icons]
        assert icons.count("pennant") == sum(1 for c in t.cities if c.pennant), tid
        assert icons.count("princess") == sum(1 for c in t.cities if c.princess), tid
        assert icons.count("cathedral") == sum(1 for c in t.cities if c.cathedral), tid
        assert icons.count("inn") == sum(1 for r in t.roads if r.inn), tid
        for good in ("wine", "grain", "cloth"):
            assert icons.count(good) == sum(1 for c in t.cities if c.goods == good), tid
        assert ("dragon" in icons) == t.dragon and ("portal" in icons) == t.portal, tid
        assert ("volcano" in icons) == t.volcano and ("monastery" in icons) == t.monastery, tid


def test_components_label_runs():
    mask = polygon_grid(((0.0, 0.0), (0.3, 0.0), (0.3, 1.0), (0.0, 1.0)))
    right = polygon_grid(((0.6, 0.0), (1.0, 0.0), (1.0, 1.0), (0.6, 1.0)))
    labels, comps = components(mask | right)
    assert len(comps) == 2
    assert labels[5] != labels[GRID - 3]
