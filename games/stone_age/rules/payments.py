"""Resource payments: a payment is a 4-tuple of counts (wood, brick, stone, gold).

Checks and enumerations for building tiles (fixed, "N of exactly K kinds", "1-7 of any"),
card costs (exactly k resources of any kinds) and feeding shortfalls.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterator, Sequence

from games.stone_age.components import LETTER, RESOURCES, VALUE, Building

Payment = tuple[int, int, int, int]
EMPTY: Payment = (0, 0, 0, 0)


def payment_str(pay: Sequence[int]) -> str:
    """Canonical notation: one letter per resource, cheapest first (``w w b``)."""
    return " ".join(LETTER[res] for res, n in zip(RESOURCES, pay) for _ in range(n))


def payment_points(pay: Sequence[int]) -> int:
    return sum(VALUE[res] * n for res, n in zip(RESOURCES, pay))


def from_list(goods: Sequence[str]) -> Payment:
    return tuple(sum(1 for g in goods if g == res) for res in RESOURCES)  # type: ignore[return-value]


def covers(have: Sequence[int], pay: Sequence[int]) -> bool:
    return all(h >= p for h, p in zip(have, pay))


def building_rule_error(tile: Building, pay: Payment) -> str | None:
    """``None`` when ``pay`` matches the tile's rule, else a short English reason key."""
    total = sum(pay)
    if tile.kind == "fixed":
        return None if pay == from_list(tile.cost) else "fixed"
    if tile.kind == "count_kinds":
        kinds = sum(1 for n in pay if n)
        return None if total == tile.count and kinds == tile.kinds else "count_kinds"
    return None if tile.min_count <= total <= tile.max_count else "any"


def multisets(size: int, have: Sequence[int]) -> Iterator[Payment]:
    """Every payment of exactly ``size`` resources that ``have`` covers."""
    w_max, b_max, s_max, g_max = have
    for w in range(min(size, w_max), -1, -1):
        for b in range(min(size - w, b_max), -1, -1):
            for s in range(min(size - w - b, s_max), -1, -1):
                g = size - w - b - s
                if g <= g_max:
                    yield (w, b, s, g)


def building_payments(tile: Building, have: Sequence[int]) -> list[Payment]:
    """Every legal payment for ``tile`` that ``have`` covers."""
    if tile.kind == "fixed":
        cost = from_list(tile.cost)
        return [cost] if covers(have, cost) else []
    if tile.kind == "count_kinds":
        result: list[Payment] = []
        for kinds in combinations(range(4), tile.kinds):
            if any(have[k] == 0 for k in kinds):
                continue
            limits = [have[k] if k in kinds else 0 for k in range(4)]
            for pay in multisets(tile.count, limits):
                if all(pay[k] >= 1 for k in kinds):
                    result.append(pay)
        return result
    result = []
    for size in range(tile.min_count, min(tile.max_count, sum(have)) + 1):
        result.extend(multisets(size, have))
    return result


def cheapest(size: int, have: Sequence[int]) -> Payment | None:
    """``size`` resources taken wood first, then brick, stone, gold (the bot's auto-payment)."""
    left = size
    pay = []
    for n in have:
        take = min(n, left)
        pay.append(take)
        left -= take
    return tuple(pay) if left == 0 else None  # type: ignore[return-value]
