"""Hex village geometry (section 8): flat-topped hexes in axial coordinates.

Edge/direction d: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Edge d of a tile touches edge (d+3)%6 of
its neighbour in direction d. A tile placed with rotation k (60 degree clockwise turns) shows
``printed[(d - k) % 6]`` in direction d.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable, Mapping, Protocol

DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
Cell = tuple[int, int]


class Placed(Protocol):
    q: int
    r: int
    k: int


def neighbour(cell: Cell, d: int) -> Cell:
    dq, dr = DIRS[d]
    return (cell[0] + dq, cell[1] + dr)


def rotated(printed: str, k: int) -> str:
    """The six edges N..NW of a tile printed ``printed`` turned k steps clockwise."""
    return "".join(printed[(d - k) % 6] for d in range(6))


def frontier(cells: Iterable[Cell]) -> list[Cell]:
    """Empty cells next to the village, ordered by r then q (the label order of section 8.5)."""
    occupied = set(cells)
    out = {neighbour(c, d) for c in occupied for d in range(6)} - occupied
    return sorted(out, key=lambda c: (c[1], c[0]))


def fits(edges_at: Mapping[Cell, str], cell: Cell, edges: str, match: bool = True) -> bool:
    """Placement rule of section 8.3 for a tile showing ``edges`` at ``cell``.

    ``edges_at`` maps occupied cells to their placed edges. ``match=False`` is summer boat 2a:
    touching is still required, matching is not.
    """
    if cell in edges_at:
        return False
    touching = False
    for d in range(6):
        other = edges_at.get(neighbour(cell, d))
        if other is None:
            continue
        touching = True
        if match and other[(d + 3) % 6] != edges[d]:
            return False
    return touching


def road_links(edges_at: Mapping[Cell, str], any_edge: bool = False) -> dict[Cell, list[Cell]]:
    """Adjacency of road connections (both touching edges R); ``any_edge`` for 2a transport."""
    links: dict[Cell, list[Cell]] = {c: [] for c in edges_at}
    for cell, edges in edges_at.items():
        for d in range(6):
            other = neighbour(cell, d)
            if other not in edges_at:
                continue
            if any_edge or (edges[d] == "R" and edges_at[other][(d + 3) % 6] == "R"):
                links[cell].append(other)
    return links


def distances(links: Mapping[Cell, list[Cell]], start: Cell) -> dict[Cell, int]:
    """BFS steps from ``start`` along ``links``."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in links.get(cell, ()):
            if other not in seen:
                seen[other] = seen[cell] + 1
                queue.append(other)
    return seen


def river_chain(edges_at: Mapping[Cell, str], home: Cell = (0, 0), d: int = 0) -> list[Cell]:
    """Cells of the unbroken boat chain from the home's water edge (Sea Breese, section 11.2)."""
    chain: list[Cell] = []
    cell = home
    while True:
        cell = neighbour(cell, d)
        edges = edges_at.get(cell)
        if edges is None or edges[(d + 3) % 6] != "W":
            return chain
        chain.append(cell)
        if edges[d] != "W":
            return chain


def river_next(edges_at: Mapping[Cell, str], home: Cell = (0, 0), d: int = 0) -> Cell:
    """The river cell just past the current end of the chain."""
    chain = river_chain(edges_at, home, d)
    last = chain[-1] if chain else home
    return neighbour(last, d)


def best_loop(edges_at: Mapping[Cell, str]) -> int:
    """Sea Bastion: most distinct tiles on one closed road trail (0 if there is none).

    A closed trail is a connected edge set with all degrees even, so we search the cycle space
    (XOR combinations of the fundamental cycles of a spanning forest) and score the largest
    component of each even subgraph.
    """
    links = road_links(edges_at)
    cells = sorted(links)
    index = {c: i for i, c in enumerate(cells)}
    edges: list[tuple[int, int]] = []
    for c in cells:
        for o in links[c]:
            if index[c] < index[o]:
                edges.append((index[c], index[o]))
    if not edges:
        return 0
    parent: dict[int, tuple[int, int] | None] = {}
    depth: dict[int, int] = {}
    adjacency: dict[int, list[tuple[int, int]]] = {i: [] for i in range(len(cells))}
    for ei, (a, b) in enumerate(edges):
        adjacency[a].append((b, ei))
        adjacency[b].append((a, ei))
    tree_edges: set[int] = set()
    for root in range(len(cells)):
        if root in parent:
            continue
        parent[root] = None
        depth[root] = 0
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for w, ei in adjacency[v]:
                if w not in parent:
                    parent[w] = (v, ei)
                    depth[w] = depth[v] + 1
                    tree_edges.add(ei)
                    queue.append(w)

    def path_mask(a: int, b: int) -> int:
        mask = 0
        while a != b:
            if depth[a] < depth[b]:
                a, b = b, a
            up = parent[a]
            assert up is not None
            mask ^= 1 << up[1]
            a = up[0]
        return mask

    basis = [path_mask(a, b) ^ (1 << ei) for ei, (a, b) in enumerate(edges) if ei not in tree_edges]
    if not basis:
        return 0
    best = 0
    current = 0
    # Gray-code walk over all 2^len(basis) combinations (len is small for real villages).
    for step in range(1, 1 << len(basis)):
        bit = (step & -step).bit_length() - 1
        current ^= basis[bit]
        best = max(best, _largest_component(current, edges))
    return best


def _largest_component(mask: int, edges: list[tuple[int, int]]) -> int:
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    ei = 0
    while mask:
        if mask & 1:
            a, b = edges[ei]
            parent[find(a)] = find(b)
        mask >>= 1
        ei += 1
    sizes: dict[int, int] = {}
    for v in list(parent):
        root = find(v)
        sizes[root] = sizes.get(root, 0) + 1
    return max(sizes.values(), default=0)
