"""Pairings: who sits together in a round. Pure functions of the standings and the history.

* Table sizes: as even as possible (a 10-player round at tables of 4 is 4+3+3) when the game
  allows the smaller tables, otherwise full tables and byes for the rest.
* Swiss: byes go to the lowest-placed players who have not had one. With two-player tables, a
  depth-first search pairs top-down by standings and finds a round without a repeat meeting
  whenever one exists; with larger tables, players are grouped by standings and a local search
  swaps players between tables to remove repeat meetings, keeping groups close in the standings.
* Round robin (two-player tables): the circle method; with an odd count one player sits out
  (a bye) each round.
* Single elimination: re-seeded each round; the top seeds get the byes, and the rest are dealt
  to tables in a snake so the strongest seeds meet last.

No library is used here: the well-kept matching libraries (networkx' maximum-weight matching)
solve only the two-player case, the project may add one dependency (it is OpenSkill), and the
grouping problem for larger tables needs its own search anyway.
"""
from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Hashable, Iterable, Sequence, TypeVar

P = TypeVar("P", bound=Hashable)

NODE_BUDGET = 200_000
SWAP_PASSES = 50
REPEAT_COST = 1000


def table_sizes(players: int, size: int, smallest: int) -> tuple[list[int], int]:
    """Table sizes for a round (largest first) and how many players get a bye."""
    smallest = max(2, smallest)
    if players < smallest:
        return [], players
    tables = math.ceil(players / size)
    base, extra = divmod(players, tables)
    if base >= smallest:
        return [base + 1] * extra + [base] * (tables - extra), 0
    tables = players // size
    return [size] * tables, players - tables * size


def meetings(groups: Iterable[Sequence[P]]) -> Counter:
    """How often each pair of players has sat at one table."""
    met: Counter = Counter()
    for group in groups:
        for a, b in itertools.combinations(group, 2):
            met[frozenset((a, b))] += 1
    return met


def pick_byes(order: Sequence[P], count: int, had_bye: set[P]) -> list[P]:
    """The ``count`` lowest-placed players, preferring those without a bye so far."""
    if count <= 0:
        return []
    fresh = [p for p in reversed(order) if p not in had_bye]
    again = [p for p in reversed(order) if p in had_bye]
    return (fresh + again)[:count]


def swiss(order: Sequence[P], sizes: list[int], byes: int, met: Counter, had_bye: set[P]) -> tuple[list[list[P]], list[P]]:
    """Tables for a Swiss round; ``order`` is the current standings, best first."""
    bye = pick_byes(order, byes, had_bye)
    rest = [p for p in order if p not in bye]
    if sizes and all(s == 2 for s in sizes):
        pairs = _pair_without_repeats(rest, met)
        if pairs is not None:
            return pairs, bye
    return _group(rest, sizes, met), bye


def _pair_without_repeats(order: list[P], met: Counter) -> list[list[P]] | None:
    """Top-down pairing by standings with backtracking; None if no repeat-free pairing was found
    within the search budget."""
    budget = [NODE_BUDGET]

    def search(left: list[P]) -> list[list[P]] | None:
        if not left:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        first, others = left[0], left[1:]
        for index, partner in enumerate(others):
            if met[frozenset((first, partner))]:
                continue
            rest = search(others[:index] + others[index + 1:])
            if rest is not None:
                return [[first, partner]] + rest
        return None

    return search(list(order))


def _group_cost(group: list[P], position: dict[P, int], met: Counter) -> int:
    if not group:
        return 0
    repeats = sum(met[frozenset(pair)] for pair in itertools.combinations(group, 2))
    return REPEAT_COST * repeats + max(position[p] for p in group) - min(position[p] for p in group)


def _group(order: list[P], sizes: list[int], met: Counter) -> list[list[P]]:
    """Consecutive groups by standings, then swaps between tables while they lower the cost
    (repeat meetings first, then how far apart in the standings a table's players are)."""
    groups: list[list[P]] = []
    start = 0
    for size in sizes:
        groups.append(list(order[start:start + size]))
        start += size
    position = {p: i for i, p in enumerate(order)}
    costs = [_group_cost(g, position, met) for g in groups]
    for _ in range(SWAP_PASSES):
        improved = False
        for gi, gj in itertools.combinations(range(len(groups)), 2):
            for a, b in itertools.product(range(len(groups[gi])), range(len(groups[gj]))):
                first, second = groups[gi], groups[gj]
                first[a], second[b] = second[b], first[a]
                new_i, new_j = _group_cost(first, position, met), _group_cost(second, position, met)
                if new_i + new_j < costs[gi] + costs[gj]:
                    costs[gi], costs[gj], improved = new_i, new_j, True
                else:
                    first[a], second[b] = second[b], first[a]
        if not improved:
            break
    for group in groups:
        group.sort(key=position.__getitem__)
    groups.sort(key=lambda g: position[g[0]])
    return groups


def round_robin_rounds(players: Sequence[P]) -> list[tuple[list[list[P]], list[P]]]:
    """Every round of a two-player round robin: (pairs, byes) per round."""
    circle: list[P | None] = list(players) + ([None] if len(players) % 2 else [])
    count = len(circle)
    rounds = []
    for _ in range(count - 1):
        pairs, byes = [], []
        for i in range(count // 2):
            a, b = circle[i], circle[count - 1 - i]
            if a is None or b is None:
                byes.append(b if a is None else a)
            else:
                pairs.append([a, b])
        rounds.append((pairs, [p for p in byes if p is not None]))
        circle = [circle[0], circle[-1]] + circle[1:-1]
    return rounds


def elimination(seeded: Sequence[P], sizes: list[int], byes: int) -> tuple[list[list[P]], list[P]]:
    """One knockout round: the top ``byes`` seeds advance without playing; the others are dealt
    to the tables in a snake (1..n, n..1, ...), so top seeds are spread out."""
    bye = list(seeded[:byes])
    players = iter(seeded[byes:])
    groups: list[list[P]] = [[] for _ in sizes]
    lap = 0
    while any(len(group) < size for group, size in zip(groups, sizes)):
        lanes = range(len(sizes)) if lap % 2 == 0 else range(len(sizes) - 1, -1, -1)
        for table in lanes:
            if len(groups[table]) < sizes[table]:
                groups[table].append(next(players))
        lap += 1
    return groups, bye
