"""Tiles as they lie on the board: a tile type at a rotation, with its segments in board terms.

Every placed tile is an :class:`OrientedTile` (cached per type and rotation). Its segments are
numbered locally: cities first, then roads, then fields, each in the order of the tile data, so a
segment's ``index`` is its 0-based position in the tile data's list for that kind (the renderer's
``FigureView.segment``).

Board directions are indexes 0-3 = N E S W; half-edges are indexes 0-7 =
``Nw Ne En Es Se Sw Ws Wn`` (half ``h`` lies on edge ``h // 2``), 8 and 9 are the enclosed fields
``i1`` and ``i2`` (they do not rotate).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from games.carcassonne.components import DIRS, HALVES, TileType, tile

OFFSETS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
OPPOSITE = (2, 3, 0, 1)
#: the half on the neighbour's facing edge that touches half ``h`` (Nw-Sw, Ne-Se, En-Wn, Es-Ws).
TOUCHING = (5, 4, 7, 6, 1, 0, 3, 2)
ENCLOSED = ("i1", "i2")
ALL_HALVES = HALVES + ENCLOSED
#: the eight squares around a square (for monasteries).
AROUND: tuple[tuple[int, int], ...] = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)

CITY, ROAD, FIELD, MONASTERY = "city", "road", "field", "monastery"
KIND_LETTER = {CITY: "c", ROAD: "r", FIELD: "f"}


@dataclass(frozen=True)
class Segment:
    """One feature piece printed on a placed tile, in board orientation."""

    kind: str                      # city / road / field
    index: int                     # position in the tile data's list for this kind
    dirs: tuple[int, ...] = ()     # board edges touched (city, road)
    halves: tuple[int, ...] = ()   # board half-edges (field), 8/9 for enclosed
    pennants: int = 0
    cathedral: bool = False
    goods: str | None = None
    princess: bool = False
    inn: bool = False
    tunnel: bool = False
    cities: tuple[int, ...] = ()   # local indexes of the city segments a field borders
    code: str = ""                 # canonical deploy code (first edge / half in board order)


@dataclass(frozen=True)
class OrientedTile:
    tile: TileType
    rotation: int
    edges: str                           # board N E S W
    segments: tuple[Segment, ...]
    edge_seg: tuple[int, ...]            # board dir -> local city/road segment, -1 for field/river
    half_seg: tuple[int, ...]            # board half (0-9) -> local field segment, -1 for none
    codes: dict                          # every deploy code naming a segment -> local index (-1: monastery)
    locals_by_kind: dict                 # (kind, index) -> local segment number

    @property
    def id(self) -> str:
        return self.tile.id

    @property
    def monastery(self) -> bool:
        return self.tile.monastery

    def local(self, kind: str, index: int) -> int:
        """Local segment number of the ``index``-th segment of ``kind`` (-1 for the monastery)."""
        if kind == MONASTERY:
            return -1
        return self.locals_by_kind[(kind, index)]

    def of_kind(self, kind: str) -> list[int]:
        return [n for n, s in enumerate(self.segments) if s.kind == kind]


def _half_code(half: int) -> str:
    return "f" + ALL_HALVES[half].lower() if half < 8 else ("fi" if half == 8 else "fi2")


@functools.lru_cache(maxsize=None)
def oriented(tile_id: str, rotation: int) -> OrientedTile:
    """Tile ``tile_id`` turned ``rotation`` quarter turns clockwise."""
    t = tile(tile_id)
    r = rotation % 4
    edges = "".join(t.edges[(d - r) % 4] for d in range(4))
    segs: list[Segment] = []
    for i, c in enumerate(t.cities):
        dirs = tuple(sorted((DIRS.index(e) + r) % 4 for e in c.edges))
        segs.append(Segment("city", i, dirs=dirs, pennants=c.pennant, cathedral=c.cathedral, goods=c.goods,
                            princess=c.princess, code="c" + DIRS[dirs[0]].lower()))
    for i, rd in enumerate(t.roads):
        dirs = tuple(sorted((DIRS.index(e) + r) % 4 for e in rd.edges))
        segs.append(Segment("road", i, dirs=dirs, inn=rd.inn, tunnel=rd.tunnel, code="r" + DIRS[dirs[0]].lower()))
    for i, f in enumerate(t.fields):
        halves = tuple(sorted(ALL_HALVES.index(h) if h in ENCLOSED else (HALVES.index(h) + 2 * r) % 8
                              for h in f.halves))
        segs.append(Segment("field", i, halves=halves, cities=tuple(f.cities), code=_half_code(halves[0])))
    edge_seg = [-1] * 4
    half_seg = [-1] * 10
    codes: dict[str, int] = {}
    for n, s in enumerate(segs):
        for d in s.dirs:
            edge_seg[d] = n
            codes[KIND_LETTER[s.kind] + DIRS[d].lower()] = n
        for h in s.halves:
            half_seg[h] = n
            codes[_half_code(h)] = n
    if t.monastery:
        codes["m"] = -1
    by_kind = {(seg.kind, seg.index): n for n, seg in enumerate(segs)}
    return OrientedTile(t, r, edges, tuple(segs), tuple(edge_seg), tuple(half_seg), codes, by_kind)


def deploy_code(ot: OrientedTile, local: int) -> str:
    """Canonical deploy code of a local segment (``m`` for the monastery)."""
    return "m" if local == -1 else ot.segments[local].code
