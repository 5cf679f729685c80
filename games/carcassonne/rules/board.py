"""The landscape: placed tiles, the feature graph and the frontier.

Features are kept incrementally in a union-find over segments: placing a tile adds its segments
and joins them to the neighbours' segments across the shared edges (cities and roads on C/R
edges, fields half by half). Each root carries its feature's aggregate (tiles, pennants, open
edges, ...), so completion and scoring never walk the board. The frontier (empty squares next to
the board, with the edge types their neighbours demand) makes placement generation look only at
squares where a tile can go.

The board also follows the river (option ``fluss``, rules §10.2): its open end and the turn of the
last river tile, which decide where the next river tile may go.

The board is derived data: the game state stores the placements and rebuilds the board from them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.carcassonne.rules.geometry import (AROUND, CITY, FIELD, OFFSETS, OPPOSITE, ROAD, TOUCHING,
                                        OrientedTile, oriented)

#: segment ids are ``tile_number * STRIDE + local``; no tile has more than 10 segments.
STRIDE = 16
EMPTY_PATTERN = "...."


@dataclass(slots=True)
class Feature:
    """Aggregate of one connected feature, stored at its union-find root."""

    kind: str
    tiles: set[int]
    pennants: int = 0
    open: int = 0                              # city/road edges not yet facing a neighbour
    cathedral: bool = False
    inn: bool = False
    goods: dict[str, int] = field(default_factory=dict)
    cities: set[int] = field(default_factory=set)   # field: segment ids of bordering city segments

    @property
    def complete(self) -> bool:
        return self.kind in (CITY, ROAD) and self.open == 0

    def absorb(self, other: "Feature") -> None:
        self.tiles |= other.tiles
        self.pennants += other.pennants
        self.open += other.open
        self.cathedral = self.cathedral or other.cathedral
        self.inn = self.inn or other.inn
        for good, n in other.goods.items():
            self.goods[good] = self.goods.get(good, 0) + n
        self.cities |= other.cities


@dataclass(slots=True)
class Group:
    """What one feature of a tile would look like if the tile were placed (see ``Board.preview``)."""

    kind: str
    locals: tuple[int, ...]      # segments of the new tile in this feature
    roots: tuple[int, ...]       # existing features it joins
    tiles: int = 0               # distinct tiles after placement (city/road)
    pennants: int = 0
    open: int = 0
    cathedral: bool = False
    inn: bool = False
    goods: int = 0               # goods symbols in the city

    @property
    def complete(self) -> bool:
        return self.kind in (CITY, ROAD) and self.open == 0


_fit_memo: dict[tuple[str, str], tuple[int, ...]] = {}


def rotations_for(tile_id: str, pattern: str) -> tuple[int, ...]:
    """Rotations of ``tile_id`` whose edges match ``pattern`` (N E S W, '.' = no neighbour)."""
    key = (tile_id, pattern)
    hit = _fit_memo.get(key)
    if hit is None:
        hit = tuple(r for r in range(4)
                    if all(p == "." or p == e for p, e in zip(pattern, oriented(tile_id, r).edges)))
        _fit_memo[key] = hit
    return hit


def river_turn(heading: int, exit_: int) -> int:
    """0 if a river tile entered going ``heading`` leaves straight on, 1 for a right turn, -1 left."""
    return {0: 0, 1: 1, 3: -1}.get((exit_ - heading) % 4, 0)


class Board:
    def __init__(self) -> None:
        self.grid: dict[tuple[int, int], int] = {}
        self.tiles: list[OrientedTile] = []
        self.positions: list[tuple[int, int]] = []
        self.parent: list[int] = []
        self.features: list[Feature | None] = []
        self.frontier: dict[tuple[int, int], str] = {}
        self.monasteries: dict[tuple[int, int], int] = {}
        self.river_end: tuple[int, int, int] | None = None   # (x, y, dir): the river edge with no neighbour
        self.river_turn = 0                                  # last river tile: 0 straight, 1 right, -1 left

    # -- union-find -------------------------------------------------------------------------
    def find(self, seg: int) -> int:
        parent = self.parent
        root = seg
        while parent[root] != root:
            root = parent[root]
        while parent[seg] != root:
            parent[seg], seg = root, parent[seg]
        return root

    def _join(self, a: int, b: int, closes: bool) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            fa, fb = self.features[ra], self.features[rb]
            assert fa is not None and fb is not None
            if len(fa.tiles) < len(fb.tiles):
                ra, rb, fa, fb = rb, ra, fb, fa
            fa.absorb(fb)
            self.parent[rb] = ra
            self.features[rb] = None
        if closes:
            feature = self.features[ra]
            assert feature is not None
            feature.open -= 2

    # -- lookups ----------------------------------------------------------------------------
    def seg_id(self, number: int, local: int) -> int:
        return number * STRIDE + local

    def tile_at(self, x: int, y: int) -> OrientedTile | None:
        number = self.grid.get((x, y))
        return None if number is None else self.tiles[number]

    def root_of(self, x: int, y: int, kind: str, index: int) -> int:
        number = self.grid[(x, y)]
        return self.find(number * STRIDE + self.tiles[number].local(kind, index))

    def feature(self, root: int) -> Feature:
        feature = self.features[self.find(root)]
        assert feature is not None
        return feature

    def roots_of_tile(self, number: int) -> list[tuple[int, int]]:
        """(local, root) for every segment of placed tile ``number``."""
        base = number * STRIDE
        return [(local, self.find(base + local)) for local in range(len(self.tiles[number].segments))]

    def neighbours_around(self, x: int, y: int) -> int:
        """How many of the eight squares around (x, y) hold tiles."""
        grid = self.grid
        return sum(1 for dx, dy in AROUND if (x + dx, y + dy) in grid)

    # -- placement --------------------------------------------------------------------------
    def legal_rotations(self, tile_id: str, x: int, y: int) -> tuple[int, ...]:
        pattern = self.frontier.get((x, y))
        if pattern is None:
            return ()
        return rotations_for(tile_id, pattern)

    def legal_placements(self, tile_id: str) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) where ``tile_id`` fits; only frontier squares are examined."""
        out = []
        for (x, y), pattern in self.frontier.items():
            for r in rotations_for(tile_id, pattern):
                out.append((x, y, r))
        out.sort(key=lambda p: (p[1], p[0], p[2]))
        return out

    def fits_somewhere(self, tile_id: str) -> bool:
        return any(rotations_for(tile_id, pattern) for pattern in self.frontier.values())

    def place(self, ot: OrientedTile, x: int, y: int) -> int:
        """Put a tile down (legality is the caller's business) and join its features."""
        number = len(self.tiles)
        base = number * STRIDE
        self.tiles.append(ot)
        self.positions.append((x, y))
        self.grid[(x, y)] = number
        self.parent.extend(range(base, base + STRIDE))
        new: list[Feature | None] = [None] * STRIDE
        for local, seg in enumerate(ot.segments):
            if seg.kind == FIELD:
                new[local] = Feature(FIELD, {number}, cities={base + c for c in seg.cities})
            else:
                new[local] = Feature(seg.kind, {number}, pennants=seg.pennants, open=len(seg.dirs),
                                     cathedral=seg.cathedral, inn=seg.inn,
                                     goods={seg.goods: 1} if seg.goods else {})
        self.features.extend(new)
        if ot.monastery:
            self.monasteries[(x, y)] = number
        if "~" in ot.edges:
            self._follow_river(ot, x, y)
        frontier = self.frontier
        frontier.pop((x, y), None)
        for d, (dx, dy) in enumerate(OFFSETS):
            npos = (x + dx, y + dy)
            other = self.grid.get(npos)
            if other is None:
                pattern = frontier.get(npos, EMPTY_PATTERN)
                o = OPPOSITE[d]
                frontier[npos] = pattern[:o] + ot.edges[d] + pattern[o + 1:]
                continue
            nt = self.tiles[other]
            nbase = other * STRIDE
            edge = ot.edges[d]
            if edge in "CR":
                self._join(base + ot.edge_seg[d], nbase + nt.edge_seg[OPPOSITE[d]], True)
            if edge != "C":
                for h in (2 * d, 2 * d + 1):
                    mine, theirs = ot.half_seg[h], nt.half_seg[TOUCHING[h]]
                    if mine >= 0 and theirs >= 0:
                        self._join(base + mine, nbase + theirs, False)
        return number

    def _follow_river(self, ot: OrientedTile, x: int, y: int) -> None:
        """Move the river's open end past a new river tile (§10.2). The heading is the direction
        from the tile it attaches to; its exit is straight on, right (clockwise) or left."""
        rivers = [d for d in range(4) if ot.edges[d] == "~"]
        entry = next((d for d in rivers if self.grid.get((x + OFFSETS[d][0], y + OFFSETS[d][1])) is not None
                      and self.tiles[self.grid[(x + OFFSETS[d][0], y + OFFSETS[d][1])]].edges[OPPOSITE[d]] == "~"),
                     None)
        exits = [d for d in rivers if d != entry]
        if entry is None:                      # the spring: straight on
            self.river_end = (x, y, exits[0]) if len(exits) == 1 else None
            self.river_turn = 0
            return
        heading = OPPOSITE[entry]
        if not exits:                          # the lake
            self.river_end, self.river_turn = None, 0
            return
        self.river_end = (x, y, exits[0])
        self.river_turn = river_turn(heading, exits[0])

    def preview(self, ot: OrientedTile, x: int, y: int) -> list[Group]:
        """The features the tile's segments would belong to at (x, y), without placing it."""
        n = len(ot.segments)
        links: list[list[int]] = [[] for _ in range(n)]
        closes = [0] * n
        for d, (dx, dy) in enumerate(OFFSETS):
            other = self.grid.get((x + dx, y + dy))
            if other is None:
                continue
            nt = self.tiles[other]
            nbase = other * STRIDE
            edge = ot.edges[d]
            if edge in "CR":
                local = ot.edge_seg[d]
                links[local].append(self.find(nbase + nt.edge_seg[OPPOSITE[d]]))
                closes[local] += 1
            if edge != "C":
                for h in (2 * d, 2 * d + 1):
                    mine, theirs = ot.half_seg[h], nt.half_seg[TOUCHING[h]]
                    if mine >= 0 and theirs >= 0:
                        links[mine].append(self.find(nbase + theirs))
        # segments of the new tile that meet the same existing feature end up in one feature
        owner: dict[int, int] = {}
        group_of = list(range(n))

        def top(i: int) -> int:
            while group_of[i] != i:
                i = group_of[i]
            return i

        for local in range(n):
            for root in links[local]:
                if root in owner:
                    a, b = top(owner[root]), top(local)
                    if a != b:
                        group_of[b] = a
                else:
                    owner[root] = local
        members: dict[int, list[int]] = {}
        for local in range(n):
            members.setdefault(top(local), []).append(local)
        groups = []
        for locals_ in members.values():
            kind = ot.segments[locals_[0]].kind
            roots = tuple(dict.fromkeys(r for local in locals_ for r in links[local]))
            group = Group(kind, tuple(locals_), roots)
            if kind != FIELD:
                tiles: set[int] = set()
                pennants = open_ = goods = 0
                cathedral = inn = False
                for root in roots:
                    f = self.features[root]
                    assert f is not None
                    tiles |= f.tiles
                    pennants += f.pennants
                    open_ += f.open
                    cathedral, inn = cathedral or f.cathedral, inn or f.inn
                    goods += sum(f.goods.values())
                for local in locals_:
                    seg = ot.segments[local]
                    pennants += seg.pennants
                    open_ += len(seg.dirs) - 2 * closes[local]
                    cathedral, inn = cathedral or seg.cathedral, inn or seg.inn
                    goods += 1 if seg.goods else 0
                group.tiles, group.pennants, group.open = len(tiles) + 1, pennants, open_
                group.cathedral, group.inn, group.goods = cathedral, inn, goods
            groups.append(group)
        return groups

    def mismatch(self, ot: OrientedTile, x: int, y: int) -> tuple[int, str, str] | None:
        """The first edge (dir, mine, theirs) that clashes with a neighbour, or None."""
        for d, (dx, dy) in enumerate(OFFSETS):
            other = self.tile_at(x + dx, y + dy)
            if other is not None and other.edges[OPPOSITE[d]] != ot.edges[d]:
                return d, ot.edges[d], other.edges[OPPOSITE[d]]
        return None

    def completed_counts(self) -> tuple[int, int]:
        """Completed cities and roads on the board (a full pass: for loading old files)."""
        cities = roads = 0
        for feature in self.features:
            if feature is not None and feature.complete:
                cities += feature.kind == CITY
                roads += feature.kind == ROAD
        return cities, roads

    def copy(self) -> "Board":
        """An independent copy (the search's states), much faster than placing every tile again."""
        board = Board.__new__(Board)
        board.grid = dict(self.grid)
        board.tiles = list(self.tiles)
        board.positions = list(self.positions)
        board.parent = list(self.parent)
        board.features = [None if f is None else
                          Feature(f.kind, set(f.tiles), f.pennants, f.open, f.cathedral, f.inn, dict(f.goods),
                                  set(f.cities)) for f in self.features]
        board.frontier = dict(self.frontier)
        board.monasteries = dict(self.monasteries)
        board.river_end = self.river_end
        board.river_turn = self.river_turn
        return board

    @classmethod
    def from_placements(cls, placements: list[tuple[str, int, int, int]]) -> "Board":
        board = cls()
        for tile_id, x, y, r in placements:
            board.place(oriented(tile_id, r), x, y)
        return board


__all__ = ["Board", "Feature", "Group", "STRIDE", "rotations_for", "river_turn", "CITY", "ROAD", "FIELD"]
